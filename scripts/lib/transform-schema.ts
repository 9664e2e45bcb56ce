/** Turns the catalogue's schema vocabulary (spec/model.ts) into JSON Schema 2020-12 objects. */
import type { SchemaObject } from 'openapi3-ts/oas31';
import type { Field, RequiredWhen, TypeExpr } from '../../spec/model.js';
import { EXT, writeExtension } from '../../src/extensions.js';
import type { Problems } from './problems.js';
import type { SelectedObject, SelectedSchema } from './select-release.js';

export const schemaRef = (name: string) => `#/components/schemas/${name}`;

/** Where a type expression sits, for error messages: "schema PullRequest, field targetBranch". */
export interface Context {
  where: string;
  known: ReadonlySet<string>;
  problems: Problems;
}

const SCALARS: Record<string, SchemaObject> = {
  string: { type: 'string' },
  int32: { type: 'integer', format: 'int32' },
  int64: { type: 'integer', format: 'int64' },
  number: { type: 'number' },
  boolean: { type: 'boolean' },
  'date-time': { type: 'string', format: 'date-time' },
  'epoch-day': { type: 'integer', format: 'int64' },
  any: {},
};

export function transformType(type: TypeExpr, ctx: Context): SchemaObject {
  if (typeof type === 'string') {
    const scalar = SCALARS[type];
    if (!scalar) {
      ctx.problems.add(`${ctx.where}: unknown type "${type}"`);
      return {};
    }
    return { ...scalar };
  }
  if ('enum' in type) {
    if (type.enum.length === 0) ctx.problems.add(`${ctx.where}: enum has no values`);
    // The selection pass has turned annotated values into their names.
    return { type: 'string', enum: type.enum.map((v) => (typeof v === 'string' ? v : v.value)) };
  }
  if ('ref' in type) {
    if (!ctx.known.has(type.ref)) {
      ctx.problems.add(`${ctx.where}: reference to unknown component schema "${type.ref}"`);
    }
    return { $ref: schemaRef(type.ref) };
  }
  if ('array' in type) {
    const schema: SchemaObject = { type: 'array', items: transformType(type.array, ctx) };
    if (type.uniqueItems) schema.uniqueItems = true;
    return schema;
  }
  if ('map' in type) {
    return { type: 'object', additionalProperties: transformType(type.map, ctx) };
  }
  if ('oneOf' in type) {
    if (type.oneOf.length < 2) ctx.problems.add(`${ctx.where}: oneOf needs at least two shapes`);
    return { oneOf: type.oneOf.map((shape) => transformType(shape, ctx)) };
  }
  ctx.problems.add(`${ctx.where}: unrecognised type expression ${JSON.stringify(type)}`);
  return {};
}

/** OpenAPI 3.1 nullability: a type array with "null", null among enum values, or oneOf with null. */
export function makeNullable(schema: SchemaObject): SchemaObject {
  if (schema.$ref !== undefined) {
    const { description, ...ref } = schema;
    return { ...(description ? { description } : {}), oneOf: [ref, { type: 'null' }] };
  }
  if (typeof schema.type === 'string') {
    const nullable: SchemaObject = { ...schema, type: [schema.type, 'null'] };
    if (schema.enum) nullable.enum = [...schema.enum, null];
    return nullable;
  }
  if (schema.oneOf) return { ...schema, oneOf: [...schema.oneOf, { type: 'null' }] };
  return schema; // `any` already admits null
}

function transformField(field: Field, ctx: Context): SchemaObject {
  let schema: SchemaObject = { ...transformType(field.type, ctx), ...(field.constraints ?? {}) };
  schema.description = field.description;
  if (field.nullable) schema = makeNullable(schema);
  if (field.readOnly) schema.readOnly = true;
  if (field.default !== undefined) {
    if (!field.optional) ctx.problems.add(`${ctx.where}: a default is the value of a property a request leaves out; mark the field \`optional\``);
    schema.default = field.default;
  }
  return schema;
}

export type Direction = 'response' | 'create' | 'update' | 'both';

/** How an update body is applied (`update` on a JSON body, spec/model.ts). */
export type UpdateMode = 'merge' | 'replace';

const READ_ONLY_NOTE = ' Accepted in a request body and ignored: the server sets it.';
const IMMUTABLE_NOTE = ' Ignored on update: the server keeps the stored value.';
const presentNote = (when: string) => ` Present only when ${when.trim().replace(/\.$/, '')}; left out otherwise.`;
const quoted = (values: readonly string[]) => values.map((v) => `\`${v}\``).join(' or ');
const requiredWhenNote = (rule: RequiredWhen) =>
  ` Required when \`${rule.property}\` is ${quoted(rule.values)}: left out, null or empty, it is refused (a validation ` +
  'failure); otherwise it may be left out.';

/** The EXT.requiredWhen rules of an object's fields, one per sibling property and values. */
function requiredWhenRules(name: string, spec: SelectedObject, ctx: Context): Array<RequiredWhen & { required: string[] }> {
  const rules = new Map<string, RequiredWhen & { required: string[] }>();
  for (const [fieldName, field] of Object.entries(spec.fields)) {
    const rule = field.requiredWhen;
    if (!rule) continue;
    const where = `schema ${name}, field ${fieldName}`;
    const sibling = spec.fields[rule.property];
    if (!sibling) ctx.problems.add(`${where}: requiredWhen names "${rule.property}", which is not a field of the schema`);
    const choices = sibling && typeof sibling.type === 'object' && 'enum' in sibling.type ? sibling.type.enum.map((v) => (typeof v === 'string' ? v : v.value)) : undefined;
    if (rule.values.length === 0) ctx.problems.add(`${where}: requiredWhen lists no values`);
    for (const value of rule.values) {
      if (choices && !choices.includes(value)) ctx.problems.add(`${where}: requiredWhen value "${value}" is not a value of ${rule.property}`);
    }
    if (field.requiredOnCreate || field.optional) ctx.problems.add(`${where}: requiredWhen contradicts requiredOnCreate and optional`);
    const key = `${rule.property}=${rule.values.join(',')}`;
    const known = rules.get(key) ?? { property: rule.property, values: [...rule.values], required: [] };
    known.required.push(fieldName);
    rules.set(key, known);
  }
  return [...rules.values()];
}

/**
 * An object schema in one direction. Responses require every field (OneDev writes nulls) but those
 * the server sends only sometimes (`presentWhen`). Create requires `requiredOnCreate`; an update
 * merged into the stored record requires nothing, one that replaces it what a create requires;
 * beans used in both directions require every field but the sometimes-present and `optional`
 * ones. Request shapes refuse unknown properties, as the server does, unless the object is `open`.
 */
export function transformObject(name: string, spec: SelectedObject, direction: Direction, ctx: Context, update: UpdateMode = 'merge'): SchemaObject {
  const properties: Record<string, SchemaObject> = {};
  const required: string[] = [];
  if (spec.discriminator) {
    const { property, value } = spec.discriminator;
    // No description: the const says it all, and 100+ copies of a sentence weigh on the docs page.
    // `enum` repeats the value for generators that ignore `const` (openapi-zod-client, typed-openapi).
    properties[property] = value === undefined
      ? { type: 'string', minLength: 1, description: 'Name of the concrete class.' }
      : { type: 'string', const: value, enum: [value] };
    required.push(property);
  }
  for (const [fieldName, field] of Object.entries(spec.fields)) {
    const where = { ...ctx, where: `schema ${name}, field ${fieldName}` };
    if (fieldName === '@type' || fieldName === '@class') {
      ctx.problems.add(`${where.where}: the discriminator is added by the builder; declare it with \`discriminator\``);
      continue;
    }
    // Clients post back what they read: the server accepts read-only properties in a request
    // body and ignores them, so request shapes list them (never required) instead of refusing them.
    const ignored = (direction === 'create' || direction === 'update') && field.readOnly;
    if (field.optional && field.requiredOnCreate) ctx.problems.add(`${where.where}: \`optional\` and \`requiredOnCreate\` contradict each other`);
    if (field.presentWhen !== undefined && !field.presentWhen.trim()) ctx.problems.add(`${where.where}: presentWhen is empty`);
    const schema = transformField(ignored ? { ...field, readOnly: false } : field, where);
    if (ignored) schema.description += READ_ONLY_NOTE;
    if (direction === 'update' && field.immutable) schema.description += IMMUTABLE_NOTE;
    const sometimes = field.presentWhen !== undefined;
    if (sometimes && (direction === 'response' || direction === 'both')) schema.description += presentNote(field.presentWhen!);
    if (field.requiredWhen && direction !== 'response') schema.description += requiredWhenNote(field.requiredWhen);
    properties[fieldName] = schema;
    if (direction === 'response' && !sometimes) required.push(fieldName);
    else if (direction === 'both' && !sometimes && !field.optional) required.push(fieldName);
    else if (direction === 'create' && field.requiredOnCreate && !ignored) required.push(fieldName);
    else if (direction === 'update' && update === 'replace' && field.requiredOnCreate && !field.readOnly && !field.immutable) required.push(fieldName);
  }
  const schema: SchemaObject = { type: 'object', description: spec.description, properties };
  if (required.length > 0) schema.required = required;
  if (direction !== 'response' && !spec.open) schema.additionalProperties = false;
  const conditional = requiredWhenRules(name, spec, ctx);
  if (conditional.length > 0 && direction !== 'response') writeExtension(schema, EXT.requiredWhen, conditional);
  return schema;
}

export const VARIANT_SUFFIX = { create: 'Create', update: 'Update' } as const;

const VARIANT_NOTE = {
  create: ' This is the shape of a create request: the server assigns `id` itself.',
  merge:
    ' This is the shape of an update request: the server applies only the properties present and keeps the others.',
  replace:
    ' This is the shape of an update request: the body replaces the stored values, so a property left out takes its default.',
} as const;

/**
 * All component schemas of the catalogue, request variants included, in name order. `updates`
 * says how each `<Name>Update` variant is applied, as the operations whose body it is declare; a
 * variant no operation declares is a catalogue mistake (its note would have to guess).
 */
export function transformSchemas(
  tables: Record<string, Record<string, SelectedSchema>>,
  problems: Problems,
  updates: ReadonlyMap<string, UpdateMode> = new Map(),
): Record<string, SchemaObject> {
  const specs = new Map<string, { spec: SelectedSchema; module: string }>();
  const define = (name: string, spec: SelectedSchema, module: string) => {
    const existing = specs.get(name);
    if (existing) {
      problems.add(`schema ${name}: defined twice (in spec/schemas/${existing.module}.ts and spec/schemas/${module}.ts)`);
      return;
    }
    if (!/^[A-Za-z0-9._-]+$/.test(name)) problems.add(`schema ${name}: component names may only use A-Z a-z 0-9 . _ -`);
    specs.set(name, { spec, module });
  };
  for (const [module, table] of Object.entries(tables)) {
    for (const [name, spec] of Object.entries(table)) define(name, spec, module);
  }
  const variants: Array<[string, string, SelectedObject, 'create' | 'update', string]> = [];
  for (const [name, { spec, module }] of [...specs]) {
    if (spec.kind !== 'object') continue;
    for (const request of spec.requests ?? []) {
      const variant = name + VARIANT_SUFFIX[request];
      variants.push([variant, name, spec, request, module]);
      define(variant, { ...spec, requests: undefined }, module);
    }
  }
  const known = new Set(specs.keys());
  const variantOf = new Map(variants.map(([variant, , , request]) => [variant, request]));
  const out: Record<string, SchemaObject> = {};
  for (const name of [...specs.keys()].sort()) {
    const { spec } = specs.get(name)!;
    const ctx: Context = { where: `schema ${name}`, known, problems };
    if (!spec.description) problems.add(`schema ${name}: description is empty`);
    const request = variantOf.get(name);
    if (spec.kind === 'object') {
      const direction: Direction = request ?? (spec.usage === 'request' ? 'create' : spec.usage === 'response' || spec.requests ? 'response' : 'both');
      const mode = updates.get(name);
      if (request === 'update' && !mode) {
        problems.add(`schema ${name}: no operation of the release takes it as a body with \`update\` ('merge' or 'replace')`);
      }
      const schema = transformObject(name, spec, direction, ctx, mode);
      if (request) schema.description += VARIANT_NOTE[request === 'create' ? 'create' : (mode ?? 'merge')];
      out[name] = schema;
    } else if (spec.kind === 'alias') {
      let schema: SchemaObject = { ...transformType(spec.type, ctx), description: spec.description };
      if (spec.nullable) schema = makeNullable(schema);
      out[name] = schema;
    } else {
      out[name] = transformFamily(name, spec.members, spec.discriminator, spec.description, specs, ctx);
    }
  }
  return out;
}

function transformFamily(
  name: string,
  members: readonly string[],
  property: '@type' | '@class',
  description: string,
  specs: Map<string, { spec: SelectedSchema }>,
  ctx: Context,
): SchemaObject {
  const mapping: Record<string, string> = {};
  if (members.length === 0) ctx.problems.add(`schema ${name}: family has no members`);
  for (const member of members) {
    const spec = specs.get(member)?.spec;
    if (!spec) {
      ctx.problems.add(`schema ${name}: member "${member}" is not a known component schema`);
      continue;
    }
    if (spec.kind !== 'object' || spec.discriminator?.property !== property || spec.discriminator.value === undefined) {
      ctx.problems.add(`schema ${name}: member ${member} must be an object whose discriminator property is ${property}, with its value`);
      continue;
    }
    if (mapping[spec.discriminator.value]) {
      ctx.problems.add(`schema ${name}: discriminator value ${spec.discriminator.value} is used by two members`);
    }
    mapping[spec.discriminator.value] = schemaRef(member);
  }
  return {
    // `type` keeps null out of the family: validators that let the discriminator stand in for
    // oneOf would otherwise accept null here, and `oneOf: [family, null]` would match twice.
    type: 'object',
    description,
    oneOf: members.map((m) => ({ $ref: schemaRef(m) })),
    discriminator: { propertyName: property, mapping },
  };
}
