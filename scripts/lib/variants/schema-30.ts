/**
 * JSON Schema 2020-12 (OpenAPI 3.1) -> OpenAPI 3.0.3 Schema Object, one small transform per
 * construct. Each transform takes a schema whose subschemas are already converted and returns
 * a new object; `convertSchema` applies them bottom-up.
 */

/** A schema as plain JSON: we only read and rebuild it, so a loose record type is enough. */
export type Schema = Record<string, unknown>;

/** Raised for a 3.1 construct that has no 3.0 form; `where` is a JSON pointer into the document. */
export class ConversionError extends Error {
  constructor(
    readonly where: string,
    problem: string,
  ) {
    super(`Cannot convert to OpenAPI 3.0 at ${where}: ${problem}`);
    this.name = 'ConversionError';
  }
}

const isNullSchema = (s: unknown): boolean =>
  typeof s === 'object' && s !== null && (s as Schema).type === 'null' && Object.keys(s).length === 1;

/** `type: [X, "null"]` -> `type: X, nullable: true` (null stays in `enum`: 3.0.3 needs it listed). */
export function typeArrayToNullable(schema: Schema, where: string): Schema {
  if (!Array.isArray(schema.type)) return schema;
  const types = schema.type.filter((t) => t !== 'null');
  const nullable = types.length < schema.type.length;
  if (types.length !== 1) {
    throw new ConversionError(where, `type ${JSON.stringify(schema.type)} names more than one non-null type`);
  }
  const out: Schema = { ...schema, type: types[0] };
  if (nullable) out.nullable = true;
  return out;
}

/**
 * The 3.0 spelling of "null, and nothing else", for a null branch beside several references. 3.0.3 lets
 * `nullable` add null only to the `type` beside it, so the branch names a type (any would do:
 * `enum` leaves null as the one value). Validators built on ajv need that `type` too.
 */
export const NULL_BRANCH_30: Schema = Object.freeze({ type: 'object', nullable: true, enum: [null] });

/** The JSON type (`object`, `string`, ...) of the component a `$ref` points at, if it has one. */
export type RefTypes = (ref: string) => string | undefined;

const NO_REF_TYPES: RefTypes = () => undefined;

/**
 * `oneOf`/`anyOf` with a `{type: "null"}` branch, in a form 3.0 gives the same meaning.
 * - A single inline branch is merged in with `nullable: true` (it has a `type` for it to act on).
 * - A lone `$ref` becomes `allOf: [$ref]` with `nullable: true` and the referenced schema's `type`
 *   (3.0 has no siblings beside a `$ref`; ajv-based validators refuse `nullable` without `type`).
 *   This is the form generators read as "this type or null": the older
 *   `anyOf: [$ref, null branch]` made ogen skip every operation that used one. Read to the letter,
 *   3.0.3 still lets `allOf` refuse null; validators that do so should be given the 3.1 file.
 * - Several branches keep their keyword; the first inline branch with a `type` becomes nullable,
 *   or, when every branch is a `$ref`, NULL_BRANCH_30 comes last.
 */
export function nullBranchToNullable(schema: Schema, where: string, refTypes: RefTypes = NO_REF_TYPES): Schema {
  for (const key of ['oneOf', 'anyOf'] as const) {
    const branches = schema[key];
    if (!Array.isArray(branches) || !branches.some(isNullSchema)) continue;
    const rest = branches.filter((b) => !isNullSchema(b));
    const { [key]: _dropped, ...siblings } = schema;
    if (rest.length === 0) throw new ConversionError(where, `${key} admits only null`);
    const only = rest[0] as Schema;
    if (rest.length === 1 && typeof only.$ref !== 'string' && only.type !== undefined) {
      // Keys of the branch win only where the outer schema has none.
      return { ...only, ...siblings, nullable: true };
    }
    if (rest.length === 1 && typeof only.$ref === 'string' && Object.keys(only).length === 1) {
      const type = refTypes(only.$ref);
      if (type === undefined) throw new ConversionError(where, `a nullable reference needs the type of ${only.$ref}, which has none`);
      // A default here is an object's (null or not): ogen refuses object defaults, and 3.0 keeps none beside a `$ref` either.
      const { default: _default, ...kept } = siblings;
      return { ...kept, type, nullable: true, allOf: [{ $ref: only.$ref }] };
    }
    // Several branches: one inline branch with a `type` takes the null (`nullable` on it). No other
    // branch admits null, so under oneOf exactly one still matches. A null-only branch is the last
    // resort: openapi-generator's Java and typescript-fetch clients write it as an enum of no values.
    const typed = rest.findIndex((b) => typeof (b as Schema).$ref !== 'string' && (b as Schema).type !== undefined);
    if (rest.length > 1 && typed >= 0) {
      return { ...siblings, [key]: rest.map((b, i) => (i === typed ? { ...(b as Schema), nullable: true } : b)) };
    }
    return { ...siblings, [rest.length === 1 ? 'anyOf' : key]: [...rest, { ...NULL_BRANCH_30, enum: [null] }] };
  }
  return schema;
}

/** A standalone `{type: "null"}` (outside oneOf/anyOf) has no 3.0 form. */
export function rejectNullType(schema: Schema, where: string): Schema {
  if (schema.type === 'null') throw new ConversionError(where, 'type "null" outside oneOf/anyOf has no 3.0 form');
  return schema;
}

/** Siblings that only annotate: 3.0 has nowhere to put them beside a `$ref`, and they change no meaning (`default` neither: it validates nothing). */
const ANNOTATIONS = new Set(['description', 'title', 'example', 'examples', 'default']);

/**
 * `$ref` with siblings (3.1 allows them; 3.0 ignores them, and openapi-backend refuses the file).
 * Annotations only: a bare `$ref`; the 3.1 file keeps the text. Wrapping it as `allOf: [$ref]`
 * instead would make openapi-typescript read a reference to a discriminated family as a subtype
 * (`Omit<Family, "@type">`, which accepts anything). Other siblings: `allOf: [{$ref}]` plus them.
 */
export function refSiblingsToAllOf(schema: Schema): Schema {
  if (typeof schema.$ref !== 'string' || Object.keys(schema).length === 1) return schema;
  const { $ref, ...siblings } = schema;
  if (Object.keys(siblings).every((key) => ANNOTATIONS.has(key))) return { $ref };
  return { allOf: [{ $ref }], ...siblings };
}

/** `const: v` -> `enum: [v]`. */
export function constToEnum(schema: Schema): Schema {
  if (!('const' in schema)) return schema;
  const { const: value, ...rest } = schema;
  return { ...rest, enum: [value] };
}

/** Schema `examples: [a, ...]` -> `example: a` (3.0 schemas hold one example). */
export function examplesToExample(schema: Schema, where: string): Schema {
  if (!('examples' in schema)) return schema;
  const { examples, ...rest } = schema;
  if (!Array.isArray(examples)) throw new ConversionError(where, 'schema `examples` is not an array');
  if (examples.length === 0 || 'example' in rest) return rest;
  return { ...rest, example: examples[0] };
}

/** Numeric `exclusiveMinimum`/`exclusiveMaximum` -> the bound plus the 3.0 boolean flag. */
export function exclusiveBoundsToBoolean(schema: Schema): Schema {
  let out = schema;
  for (const [exclusive, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (typeof out[exclusive] !== 'number') continue;
    out = { ...out, [bound]: out[exclusive], [exclusive]: true };
  }
  return out;
}

/**
 * `contentEncoding: base64` -> `format: byte`. `contentMediaType` has no 3.0 keyword: a string of
 * bytes (any media type but text and JSON) becomes 3.0's `format: binary`, other media types are dropped.
 */
export function contentKeywords(schema: Schema, where: string): Schema {
  if (!('contentMediaType' in schema) && !('contentEncoding' in schema)) return schema;
  const { contentMediaType: media, contentEncoding, ...rest } = schema;
  if (contentEncoding === undefined) {
    const bytes = typeof media === 'string' && !/^text\/|[/+]json$/i.test(media) && rest.format === undefined;
    return bytes ? { ...rest, format: 'binary' } : rest;
  }
  if (contentEncoding !== 'base64') {
    throw new ConversionError(where, `contentEncoding "${String(contentEncoding)}" has no 3.0 form`);
  }
  return { ...rest, format: 'byte' };
}

/** JSON Schema keywords 3.0 does not know and that we cannot rewrite faithfully. */
const UNSUPPORTED = [
  '$id',
  '$schema',
  '$anchor',
  '$dynamicRef',
  '$dynamicAnchor',
  '$defs',
  '$comment',
  'prefixItems',
  'contains',
  'minContains',
  'maxContains',
  'if',
  'then',
  'else',
  'dependentRequired',
  'dependentSchemas',
  'patternProperties',
  'propertyNames',
  'unevaluatedItems',
  'unevaluatedProperties',
] as const;

export function rejectUnsupported(schema: Schema, where: string): Schema {
  for (const keyword of UNSUPPORTED) {
    if (keyword in schema) throw new ConversionError(where, `keyword "${keyword}" has no OpenAPI 3.0 form`);
  }
  return schema;
}

/** Subschema positions: keyword -> how it holds schemas. */
const SINGLE = ['items', 'not'] as const;
const LISTS = ['allOf', 'anyOf', 'oneOf'] as const;

/** Converts one schema and everything under it. Never mutates its input. */
export function convertSchema(input: unknown, where: string, refTypes: RefTypes = NO_REF_TYPES): Schema {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw new ConversionError(where, 'a schema must be an object (3.0 has no boolean schemas)');
  }
  let schema: Schema = { ...(input as Schema) };
  rejectUnsupported(schema, where);
  if (schema.properties !== undefined) {
    const properties: Record<string, Schema> = {};
    for (const [name, sub] of Object.entries(schema.properties as Record<string, unknown>)) {
      properties[name] = convertSchema(sub, `${where}/properties/${escapePointer(name)}`, refTypes);
    }
    schema.properties = properties;
  }
  if (typeof schema.additionalProperties === 'object' && schema.additionalProperties !== null) {
    schema.additionalProperties = convertSchema(schema.additionalProperties, `${where}/additionalProperties`, refTypes);
  }
  for (const key of SINGLE) {
    if (schema[key] !== undefined) schema[key] = convertSchema(schema[key], `${where}/${key}`, refTypes);
  }
  for (const key of LISTS) {
    const list = schema[key];
    if (list === undefined) continue;
    if (!Array.isArray(list)) throw new ConversionError(`${where}/${key}`, `${key} is not an array`);
    schema[key] = list.map((sub, i) => (isNullSchema(sub) ? sub : convertSchema(sub, `${where}/${key}/${i}`, refTypes)));
  }
  schema = typeArrayToNullable(schema, where);
  schema = nullBranchToNullable(schema, where, refTypes);
  schema = rejectNullType(schema, where);
  schema = refSiblingsToAllOf(schema);
  schema = constToEnum(schema);
  schema = examplesToExample(schema, where);
  schema = exclusiveBoundsToBoolean(schema);
  schema = contentKeywords(schema, where);
  return schema;
}

export const escapePointer = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');
