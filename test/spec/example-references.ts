/**
 * The examples of one release as a world: the records they show, by kind, and every reference one
 * of them makes to another (`projectId`, `targetProjectId`, `submitterId`, `reviewerIds`, ...).
 * Kinds and reference fields are read from the document alone:
 * - a kind is what the read of `<collection>/{<x>Id}` and the listing at `<collection>` answer
 *   (Get Issue's IssueWithBranch and Query Issues' Issue are one kind), or else any schema with an
 *   integer `id` that some answer holds;
 * - a property `<x>Id` or `<x>Ids` holding integers is a reference; its kind is the one its
 *   description names ("Id of the user who opened the issue", "Ids of users to assign"), else the
 *   one its name or its name's tail goes by (`targetProjectId` -> `{projectId}`).
 * Examples are walked along the schemas they illustrate: media-type examples, schema `examples`,
 * web-hook payloads, and path and query id parameters.
 */
import type { OpenAPIObject, SchemaObject } from 'openapi3-ts/oas31';
import { operationsOf, resolveRef } from '../helpers.js';

type Json = Record<string, unknown>;

/** A kind: the schemas that show its records. */
export interface Kind {
  /** The read of one record (`/pulls/{requestId}`), or the schema's name when no path reads it. */
  key: string;
  /** The path parameter naming a record (`requestId`). */
  param?: string;
  /** Whether its records carry ids in this release (users have none before v14.1.0). */
  identified: boolean;
  schemas: Set<string>;
}

/** One reference an example makes. */
export interface Reference {
  /** Where: the example and the property, e.g. `PullRequestList[1].sourceProjectId`. */
  where: string;
  field: string;
  /** The kind's key, or undefined when neither the name nor the description names one. */
  kind: string | undefined;
  id: number;
}

export interface ExampleWorld {
  kinds: Map<string, Kind>;
  /** Record ids the examples show, by kind key. */
  records: Map<string, Set<number>>;
  references: Reference[];
}

const SCHEMA_REF = /^#\/components\/schemas\/([^/]+)$/;
const REFERENCE_FIELD = /^(?!id$)[a-z][A-Za-z]*Ids?$/;

const refName = (schema: unknown): string | undefined => {
  const ref = (schema as { $ref?: unknown } | undefined)?.$ref;
  return typeof ref === 'string' ? SCHEMA_REF.exec(ref)?.[1] : undefined;
};

function typesOf(schema: Json | undefined): string[] {
  return ([schema?.type].flat() as unknown[]).filter((t): t is string => typeof t === 'string');
}

/** `PullRequest` -> `pull request`. */
const words = (name: string): string => name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();

/** What a GET answers with JSON: a schema's name, and whether it is a list of it. */
function answered(doc: OpenAPIObject, response: unknown): { name: string; list: boolean } | undefined {
  const content = (resolveRef<Json>(doc, response)?.content ?? {}) as Record<string, Json>;
  const schema = content['application/json']?.schema as Json | undefined;
  const name = refName(schema);
  if (name) return { name, list: false };
  const item = schema?.type === 'array' ? refName(schema.items) : undefined;
  return item ? { name: item, list: true } : undefined;
}

/** The component schemas `roots` reach through their `$ref`s. */
function reachable(doc: OpenAPIObject, roots: unknown[]): Set<string> {
  const names = new Set<string>();
  const visit = (node: unknown): void => {
    if (!node || typeof node !== 'object') return;
    const name = refName(node);
    if (name && !names.has(name)) {
      names.add(name);
      visit(doc.components?.schemas?.[name]);
    }
    const ref = (node as { $ref?: unknown }).$ref;
    if (typeof ref === 'string' && !name) visit(resolveRef(doc, node));
    for (const child of Object.values(node)) visit(child);
  };
  roots.forEach(visit);
  return names;
}

/**
 * The kinds of a document: what the reads of `<collection>/{<x>Id}` and of `<collection>` answer,
 * keyed by that item path; then each other schema with an integer id, keyed by its name.
 */
function kindsOf(doc: OpenAPIObject): { kinds: Map<string, Kind>; bySchema: Map<string, Kind> } {
  const schemas = (doc.components?.schemas ?? {}) as Record<string, Json>;
  const hasId = (name: string): boolean => {
    const id = (schemas[name]?.properties as Record<string, Json> | undefined)?.id;
    return id !== undefined && typesOf(resolveRef<Json>(doc, id)).includes('integer');
  };
  const answeredSchemas = reachable(doc, operationsOf(doc).flatMap((o) => Object.values(o.operation.responses ?? {})));
  const kinds = new Map<string, Kind>();
  const bySchema = new Map<string, Kind>();
  const add = (key: string, param: string | undefined, schema: string): void => {
    if (bySchema.has(schema)) return;
    const kind = kinds.get(key) ?? { key, ...(param ? { param } : {}), schemas: new Set<string>(), identified: false };
    kind.schemas.add(schema);
    kind.identified ||= hasId(schema);
    kinds.set(key, kind);
    bySchema.set(schema, kind);
  };
  const gets = operationsOf(doc).filter((o) => o.method === 'GET');
  for (const { path, operation } of gets) {
    const [, collection, param] = /^(.*)\/\{([A-Za-z]+Id)\}$/.exec(path) ?? [];
    const item = answered(doc, operation.responses?.['200']);
    if (!collection || !param || !item || item.list) continue;
    // The collection's listing shows the same records (Query Issues lists what Get Issue reads).
    const listing = gets.find((o) => o.path === collection);
    const listed = listing && answered(doc, listing.operation.responses?.['200']);
    // Records without ids (users before v14.1.0) are a kind only where they are listed too.
    if (!hasId(item.name) && listed?.name !== item.name) continue;
    add(path, param, item.name);
    if (listed?.list) add(path, param, listed.name);
  }
  for (const name of Object.keys(schemas)) {
    // Request variants (`<Name>Create`) only ever carry records to the server.
    if (!hasId(name) || !answeredSchemas.has(name)) continue;
    add(name, undefined, name);
  }
  return { kinds, bySchema };
}

/** The words a kind goes by in descriptions: its schemas' names, a REST data class's without `Data`. */
function phrasesOf(kinds: Map<string, Kind>): Array<{ words: string[]; key: string; schema: string }> {
  return [...kinds.values()].flatMap((kind) => [...kind.schemas].map((schema) => ({ words: words(schema.replace(/(.)Data$/, '$1')).split(' '), key: kind.key, schema })));
}

/** `Ids of the users whose ...` -> `users whose ...`, cut at the first punctuation. */
function lead(description: string): string[] {
  const rest = /^Ids?(?: \([^)]*\))? of (?:the |a |an )?([^.,;:()`'"]*)/i.exec(description)?.[1] ?? '';
  return rest.toLowerCase().split(/\s+/).filter(Boolean).slice(0, 4);
}

/**
 * Resolves a reference field of a schema to a kind, or undefined when the document names none:
 * 1. the description: "Id of the <phrase>", a kind's phrase starting earliest (longest first),
 *    with modifiers before it ("the parent project", "the labelled build");
 * 2. the name, or its tail (`targetProjectId` -> `{projectId}`), when one kind goes by it;
 * 3. for a name several kinds go by (`commentId`), or none: the kind whose schema the holder's
 *    name begins with and whose last word the name is (IssueCommentEditedPayload.commentId ->
 *    IssueComment, PullRequestUpdatedPayload.updateId -> PullRequestUpdate).
 */
function fieldResolver(kinds: Map<string, Kind>): (field: string, description: string, holder: string | undefined) => string | undefined {
  const byName = new Map<string, Set<string>>();
  const name = (id: string, key: string): void => {
    byName.set(id, (byName.get(id) ?? new Set()).add(key));
  };
  for (const kind of kinds.values()) {
    if (kind.param) name(kind.param, kind.key);
    for (const schema of kind.schemas) name(`${schema[0]!.toLowerCase()}${schema.slice(1)}Id`, kind.key);
  }
  const phrases = phrasesOf(kinds).sort((a, b) => b.words.length - a.words.length);
  return (field, description, holder) => {
    const text = lead(description);
    for (let start = 0; start < text.length; start += 1) {
      const match = phrases.find(({ words: w }) => w.every((word, k) => text[start + k] === word || (k === w.length - 1 && text[start + k] === `${word}s`)));
      if (match) return match.key;
    }
    const single = field.replace(/Ids$/, 'Id');
    let named: Set<string> | undefined;
    for (let rest = single; rest && !named; ) {
      named = byName.get(rest);
      const next = /^[a-z]+([A-Z].*)$/.exec(rest)?.[1];
      rest = next ? `${next[0]!.toLowerCase()}${next.slice(1)}` : '';
    }
    if (named?.size === 1) return [...named][0];
    const last = `${single[0]!.toUpperCase()}${single.slice(1, -2)}`;
    const held = phrases.filter(({ key, schema }) => (!named || named.has(key)) && schema.endsWith(last) && holder?.startsWith(schema));
    return new Set(held.map((h) => h.key)).size === 1 ? held[0]!.key : undefined;
  };
}

/**
 * Walks `value` along `schema`: records of kinds and the references they make. A `oneOf` is
 * walked along every branch the value can be (a family member by its discriminator).
 */
function walker(doc: OpenAPIObject, world: ExampleWorld, bySchema: Map<string, Kind>, resolve: (field: string, description: string, holder: string | undefined) => string | undefined) {
  const seen = new Set<string>();
  // `holder`: the named schema the value is walked along (through the branches of its oneOf).
  const walk = (value: unknown, schema: unknown, where: string, depth = 0, holder?: string): void => {
    if (value === null || value === undefined || schema === undefined || depth > 40) return;
    const own = refName(schema);
    const name = own ?? holder;
    const s = resolveRef<Json>(doc, schema);
    if (!s || typeof s !== 'object') return;
    for (const branch of [...((s.oneOf ?? []) as unknown[]), ...((s.anyOf ?? []) as unknown[]), ...((s.allOf ?? []) as unknown[])]) {
      const b = resolveRef<Json>(doc, branch);
      const properties = (b.properties ?? {}) as Record<string, Json>;
      const tag = value && typeof value === 'object' && !Array.isArray(value) ? (['@type', '@class'] as const).find((p) => p in (value as Json)) : undefined;
      if (tag && properties[tag]?.const !== undefined && properties[tag]!.const !== (value as Json)[tag]) continue;
      walk(value, branch, where, depth + 1, name);
    }
    if (Array.isArray(value)) {
      value.forEach((item, i) => walk(item, s.items, `${where}[${i}]`, depth + 1));
      return;
    }
    if (typeof value !== 'object') return;
    const record = value as Json;
    const kind = own ? bySchema.get(own) : undefined;
    if (kind && typeof record.id === 'number') {
      const ids = world.records.get(kind.key) ?? new Set<number>();
      ids.add(record.id);
      world.records.set(kind.key, ids);
    }
    const properties = (s.properties ?? {}) as Record<string, unknown>;
    for (const [property, inner] of Object.entries(record)) {
      const propertySchema = properties[property] ?? (typeof s.additionalProperties === 'object' ? s.additionalProperties : undefined);
      if (propertySchema === undefined) continue;
      const at = `${where}.${property}`;
      if (REFERENCE_FIELD.test(property)) {
        const ps = resolveRef<Json>(doc, propertySchema);
        const integers = typesOf(ps).includes('integer') || typesOf(resolveRef<Json>(doc, ps.items)).includes('integer');
        const ids = [inner].flat().filter((v): v is number => typeof v === 'number');
        if (integers && ids.length > 0 && !seen.has(at)) {
          seen.add(at);
          const kindKey = resolve(property, String(ps.description ?? ''), name);
          for (const id of ids) world.references.push({ where: at, field: property, kind: kindKey, id });
        }
      }
      walk(inner, propertySchema, at, depth + 1);
    }
  };
  return walk;
}

/** The world the examples of one release's document make. */
export function exampleWorld(doc: OpenAPIObject): ExampleWorld {
  const { kinds, bySchema } = kindsOf(doc);
  const world: ExampleWorld = { kinds, records: new Map(), references: [] };
  const resolve = fieldResolver(kinds);
  const walk = walker(doc, world, bySchema, resolve);
  const components = doc.components ?? {};
  const examples = (components.examples ?? {}) as Record<string, { value?: unknown }>;
  const schemaOfExample = new Map<string, unknown>();
  // Media types name their examples: each example is walked along the schema it illustrates.
  const media = (content: unknown): void => {
    for (const m of Object.values((content ?? {}) as Record<string, Json>)) {
      for (const example of Object.values((m.examples ?? {}) as Record<string, unknown>)) {
        const name = /^#\/components\/examples\/(.+)$/.exec(String((example as { $ref?: unknown }).$ref ?? ''))?.[1];
        if (name && !schemaOfExample.has(name)) schemaOfExample.set(name, m.schema);
      }
    }
  };
  const operations = [...operationsOf(doc).map((o) => o.operation), ...Object.values(doc.webhooks ?? {}).flatMap((item) => Object.values(item as Record<string, Json>))];
  for (const operation of operations as Json[]) {
    media(resolveRef<Json>(doc, operation.requestBody)?.content);
    for (const response of Object.values((operation.responses ?? {}) as Record<string, unknown>)) media(resolveRef<Json>(doc, response)?.content);
  }
  for (const [name, example] of Object.entries(examples)) walk(example.value, schemaOfExample.get(name), name);
  for (const [name, schema] of Object.entries((components.schemas ?? {}) as Record<string, SchemaObject>)) {
    (schema.examples ?? []).forEach((value, i) => walk(value, { $ref: `#/components/schemas/${name}` }, `${name} (schema example ${i})`));
  }
  // A path id's example names a record too.
  for (const [name, parameter] of Object.entries((components.parameters ?? {}) as unknown as Record<string, Json>)) {
    const param = String(parameter.name ?? '');
    if (!REFERENCE_FIELD.test(param) || typeof parameter.example !== 'number') continue;
    world.references.push({ where: `parameter ${name}`, field: param, kind: resolve(param, String(parameter.description ?? ''), undefined), id: parameter.example });
  }
  return world;
}

/** A record every OneDev server has from setup on; it counts only where the document says so. */
export interface BuiltIn {
  kind: string;
  id: number;
  /** What the release's document says about it. */
  documented: RegExp;
}

export interface ReferenceCheck {
  /** References to a record the examples of its kind do not hold, e.g. `Build.projectId = 12 (/projects/{projectId})`. */
  dangling: string[];
  /**
   * What could not be checked: each field whose kind the document does not name, and each kind
   * none of whose examples carries an id in this release (with the number of references to it).
   */
  skipped: string[];
}

/** Checks every reference of the world against its kind's example records and the built-ins. */
export function checkReferences(doc: OpenAPIObject, world: ExampleWorld, builtIns: readonly BuiltIn[]): ReferenceCheck {
  const text = JSON.stringify(doc);
  const known = (kind: string, id: number): boolean =>
    world.records.get(kind)?.has(id) === true || builtIns.some((b) => b.kind === kind && b.id === id && b.documented.test(text));
  const dangling: string[] = [];
  const unnamed = new Set<string>();
  const idless = new Map<string, number>();
  for (const { where, field, kind, id } of world.references) {
    if (kind === undefined) unnamed.add(`${where.replace(/ \(schema example \d+\)|\[\d+\]|\.[^.]+$/g, '')}.${field}`);
    else if (!world.kinds.get(kind)?.identified || !world.records.get(kind)?.size) idless.set(kind, (idless.get(kind) ?? 0) + 1);
    else if (!known(kind, id)) dangling.push(`${where} = ${id}: no example of ${kind} has that id`);
  }
  const skipped = [
    ...[...unnamed].sort().map((field) => `${field}: the document names no kind it refers to`),
    ...[...idless].map(([kind, count]) => `${count} references to ${kind}: no example of it carries an id in this release`),
  ];
  return { dangling, skipped };
}
