/**
 * Local `$ref` resolution and a normal form for schemas, so the comparison sees what a schema
 * means rather than how it is spelled (3.1 `type: [X, "null"]`, `oneOf [.., null]`, 3.0 `nullable`).
 */
type Json = Record<string, unknown>;

export class DiffInputError extends Error {
  override name = 'DiffInputError';
}

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Follows local references (`#/...`) in one document. */
export class Resolver {
  constructor(
    private readonly doc: Json,
    private readonly label: string,
  ) {}

  /** The object at a local reference; a chain of references is followed to its end. */
  deref(value: unknown): { node: Json; ref?: string } {
    let node = value;
    let first: string | undefined;
    const seen = new Set<string>();
    while (isObject(node) && typeof node.$ref === 'string') {
      const ref = node.$ref;
      first ??= ref;
      if (seen.has(ref)) throw new DiffInputError(`${this.label}: reference ${ref} points to itself`);
      seen.add(ref);
      if (!ref.startsWith('#/')) throw new DiffInputError(`${this.label}: only local references are supported, got ${ref}`);
      node = ref
        .slice(2)
        .split('/')
        .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
        .reduce<unknown>((at, key) => (isObject(at) || Array.isArray(at) ? (at as Json)[key] : undefined), this.doc);
      if (node === undefined) throw new DiffInputError(`${this.label}: reference ${ref} points to nothing`);
    }
    if (!isObject(node)) return { node: {} };
    return first === undefined ? { node } : { node, ref: first };
  }
}

/** A schema reduced to what the comparison looks at. */
export interface NormalSchema {
  /** The component reference it came from (first of a chain), for cycle detection and variant matching. */
  ref?: string;
  nullable: boolean;
  /** Non-null JSON types; undefined = any type. */
  types?: string[];
  format?: string;
  /** Allowed values other than null, as JSON text; undefined = no enum. */
  enum?: string[];
  properties?: Record<string, unknown>;
  required: string[];
  /** `additionalProperties: false`: unknown properties are refused. */
  closed: boolean;
  additionalProperties?: unknown;
  items?: unknown;
  /** oneOf/anyOf branches other than the null branch, when there are several. */
  variants?: unknown[];
}

/** A branch that admits only null: 3.1 `{type: "null"}`, or 3.0's `{nullable: true, enum: [null]}`. */
const isNullBranch = (s: unknown) =>
  isObject(s) && (s.type === 'null' || (Array.isArray(s.enum) && s.enum.length === 1 && s.enum[0] === null));

export function normalise(input: unknown, resolver: Resolver): NormalSchema {
  const { node, ref } = resolver.deref(input);
  let schema: Json = node;
  let nullable = schema.nullable === true;
  // Single-branch wrappers (3.0 `allOf: [$ref]`, 3.1 `oneOf: [$ref, null]`) stand for their branch.
  const list = [schema.oneOf, schema.anyOf, schema.allOf].find(Array.isArray) as unknown[] | undefined;
  if (list) {
    const rest = list.filter((b) => !isNullBranch(b));
    if (rest.length < list.length) nullable = true;
    if (rest.length === 1 && schema.properties === undefined) {
      const inner = normalise(rest[0], resolver);
      // A 3.0 nullable reference repeats its target's `type` beside `allOf: [$ref]`.
      const own = schema.type === undefined ? undefined : [schema.type].flat().filter((t) => t !== 'null').sort().join();
      if (own === undefined || own === inner.types?.join()) return { ...inner, nullable: nullable || inner.nullable, ref: ref ?? inner.ref };
    }
  }
  const out: NormalSchema = { nullable, required: [], closed: schema.additionalProperties === false };
  if (ref) out.ref = ref;
  if (schema.type !== undefined) {
    const types = (Array.isArray(schema.type) ? schema.type : [schema.type]) as string[];
    if (types.includes('null')) out.nullable = true;
    out.types = types.filter((t) => t !== 'null').sort();
  } else if (!['const', 'enum', 'properties', 'items', 'oneOf', 'anyOf', 'allOf'].some((k) => k in schema)) {
    out.nullable = true; // `{}`: any value, null included
  }
  if (typeof schema.format === 'string') out.format = schema.format;
  const values = schema.const !== undefined ? [schema.const] : (schema.enum as unknown[] | undefined);
  if (values) {
    if (values.includes(null)) out.nullable = true;
    out.enum = values.filter((v) => v !== null).map((v) => JSON.stringify(v));
  }
  if (isObject(schema.properties)) out.properties = schema.properties;
  if (Array.isArray(schema.required)) out.required = schema.required as string[];
  if (isObject(schema.additionalProperties)) out.additionalProperties = schema.additionalProperties;
  if (schema.items !== undefined) out.items = schema.items;
  const branches = [schema.oneOf, schema.anyOf].find(Array.isArray) as unknown[] | undefined;
  if (branches) {
    const rest: unknown[] = [];
    for (const branch of branches) {
      if (isNullBranch(branch)) out.nullable = true;
      else if (isObject(branch) && branch.nullable === true && branch.$ref === undefined) {
        // 3.0 puts the null of a union on one inline branch (`{type: string, nullable: true}`).
        out.nullable = true;
        const { nullable: _null, ...plain } = branch;
        rest.push(plain);
      } else rest.push(branch);
    }
    if (rest.length > 0) out.variants = rest;
  }
  return out;
}
