/**
 * Java classes (as the field tables name them) matched with a description's component schemas,
 * and the differences between their properties. The catalogue's naming conventions, in the order
 * they are tried (a table name is `[package names.]Class[.Member]`):
 *   1. an entity that some resource lists as a reduced map is `<Name>Record` where the catalogue
 *      has one (`PullRequestAssignmentRecord`; `PullRequestAssignment` is then the reduced map);
 *   2. the schema of the class's own name (a member class: its own name, `UserResource.UserData` ->
 *      `UserData`), unless package names had to tell the class apart from another, or a resource's
 *      member class has that name (a resource's own data class keeps it);
 *   3. a member of a polymorphic family: the object schema whose discriminator (`@type`, or
 *      `@class` for authenticators) names the class, told apart from others of that name as in 5;
 *   4. request-only entities: the union of `<Name>Create` and `<Name>Update`;
 *   5. a prefixed schema `<Prefix><Name>`, the prefix being one of the package names
 *      (`choicefield.defaultvalueprovider.SpecifiedDefaultValue` -> `ChoiceFieldSpecifiedDefaultValue`;
 *      `booleaninput` names `BooleanField...`), the start of the outer class's name
 *      (`CommitMessageFixSetting.FixPattern` -> `CommitMessageFixPattern`), or any when only one fits;
 *   6. the `Entry` of a plural holder is its singular (`ExternalIssueTransformers.Entry` -> `ExternalIssueTransformer`);
 *   0. before all these, RENAMED: classes OneDev renamed, which the catalogue names as they are called later.
 */
import type { OpenAPIObject, SchemaObject } from 'openapi3-ts/oas31';
import type { FieldRow } from '../../scripts/lib/source/tables.js';

/**
 * Table names the conventions below cannot derive -> the schema the catalogue keeps for every
 * release: classes OneDev renamed, and classes the table tells apart by a package name the
 * catalogue does not use as a prefix.
 */
export const RENAMED: Record<string, string> = {
  // v12.0.0 renamed the User resource's data classes; the wire properties stayed.
  'UserResource.BasicSetting': 'UserData',
  'UserResource.BasicSettingUpdateData': 'UserUpdateData',
  // v15.0.0..v16.0.0 reach two classes named RegistryLogin: the job executors' and the workspace specs'.
  'jobexecutor.RegistryLogin': 'RegistryLogin',
  'spec.RegistryLogin': 'WorkspaceRegistryLogin',
};

type Schemas = Record<string, SchemaObject>;
export type WireType = FieldRow['type'] | 'any';

const DISCRIMINATORS = ['@type', '@class'];

function discriminatorValue(schema: SchemaObject): string | undefined {
  for (const name of DISCRIMINATORS) {
    const value = (schema.properties?.[name] as SchemaObject | undefined)?.const;
    if (typeof value === 'string') return value;
  }
  return undefined;
}

const isObject = (s: SchemaObject | undefined): s is SchemaObject => !!s && !s.oneOf && (s.type === 'object' || !!s.properties);

/** The JSON type a property schema allows, `null` aside; `any` when it does not say. */
export function wireType(schema: SchemaObject | undefined, schemas: Schemas): WireType {
  if (!schema) return 'any';
  if ('$ref' in schema && typeof schema.$ref === 'string') {
    const target = schemas[schema.$ref.split('/').pop()!];
    return target?.oneOf && !target.type ? 'object' : wireType(target, schemas);
  }
  const alternatives = (schema.oneOf ?? schema.anyOf) as SchemaObject[] | undefined;
  if (alternatives) {
    const types = [...new Set(alternatives.filter((a) => a.type !== 'null').map((a) => wireType(a, schemas)))];
    return types.length === 1 ? types[0]! : 'object';
  }
  const types = (Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : []).filter((t) => t !== 'null');
  if (types.length === 1) return types[0] as WireType;
  if (schema.enum || schema.const !== undefined) return 'string';
  return 'any';
}

/** The table's classes with their properties (a class listed without properties has none). */
export function classesOf(rows: readonly FieldRow[]): Map<string, Map<string, FieldRow['type']>> {
  const out = new Map<string, Map<string, FieldRow['type']>>();
  for (const row of rows) {
    if (!out.has(row.javaClass)) out.set(row.javaClass, new Map());
    if (row.property) out.get(row.javaClass)!.set(row.property, row.type);
  }
  return out;
}

/** `booleaninput` and `BooleanField` both name the boolean field kind. */
const kind = (name: string) => name.toLowerCase().replace(/(input|field)$/, '');

export interface Match {
  javaClass: string;
  /** Schema names whose properties together are the class's (one, or a Create/Update pair). */
  schemas: string[];
}

/** Each class's schemas, or why none was found. */
export function matchClasses(classes: Iterable<string>, doc: OpenAPIObject): { matches: Match[]; unmatched: string[] } {
  const schemas = (doc.components?.schemas ?? {}) as Schemas;
  const objects = Object.keys(schemas).filter((n) => isObject(schemas[n]));
  const all = [...classes];
  const parse = (table: string) => {
    const parts = table.split('.');
    const first = parts.findIndex((p) => /^[A-Z]/.test(p));
    return { packages: parts.slice(0, first), outers: parts.slice(first, -1), name: parts.at(-1)! };
  };
  // Schemas some class has by its own name are not prefixed names of other classes.
  const own = new Set(all.map(parse).filter((c) => c.packages.length === 0 && isObject(schemas[c.name])).map((c) => c.name));
  const resourceOwned = new Set(all.map(parse).filter((c) => c.outers.at(-1)?.endsWith('Resource')).map((c) => c.name));
  const matches: Match[] = [];
  const unmatched: string[] = [];
  for (const javaClass of all) {
    const { packages, outers, name } = parse(javaClass);
    const qualifiers = packages.map(kind);
    const outer = outers.at(-1);
    const prefixFits = (schema: string) => {
      const prefix = schema.slice(0, -name.length);
      return qualifiers.includes(kind(prefix)) || (outer !== undefined && outer !== prefix && outer.startsWith(prefix));
    };
    const narrow = (candidates: string[]) => (candidates.length <= 1 && qualifiers.length === 0 ? candidates : candidates.filter(prefixFits));
    let found: string[] = [];
    if (RENAMED[javaClass] && isObject(schemas[RENAMED[javaClass]!])) found = [RENAMED[javaClass]!];
    else if (packages.length === 0 && isObject(schemas[`${name}Record`])) found = [`${name}Record`];
    else if (packages.length === 0 && isObject(schemas[name]) && (outers.length > 0 || !resourceOwned.has(name))) found = [name];
    if (found.length === 0) {
      found = narrow(objects.filter((n) => {
        const value = discriminatorValue(schemas[n]!);
        return n.endsWith(name) && (value === name || value?.endsWith(`.${name}`));
      }));
    }
    if (found.length === 0 && packages.length === 0) found = [`${name}Create`, `${name}Update`].filter((n) => isObject(schemas[n]));
    if (found.length === 0) found = narrow(objects.filter((n) => n !== name && n.endsWith(name) && !own.has(n)));
    if (found.length === 0 && name === 'Entry' && outer?.endsWith('s') && isObject(schemas[outer.slice(0, -1)])) found = [outer.slice(0, -1)];
    const variants = found.length === 2 && found.every((n) => /(Create|Update)$/.test(n));
    if (found.length === 1 || variants) matches.push({ javaClass, schemas: found });
    else unmatched.push(found.length === 0 ? `${javaClass}: no schema` : `${javaClass}: several schemas (${found.join(', ')})`);
  }
  return { matches, unmatched };
}

/** The properties of the matched schemas (discriminators aside) with their JSON types. */
export function schemaProperties(match: Match, doc: OpenAPIObject): Map<string, WireType> {
  const schemas = (doc.components?.schemas ?? {}) as Schemas;
  const props = new Map<string, WireType>();
  for (const name of match.schemas) {
    for (const [prop, schema] of Object.entries(schemas[name]!.properties ?? {})) {
      if (!DISCRIMINATORS.includes(prop)) props.set(prop, wireType(schema as SchemaObject, schemas));
    }
  }
  return props;
}

/**
 * The differences between a class's properties and its schemas', both ways. A schema property
 * typed `any` (the catalogue's word for deeply nested beans) stands for any object or array; one
 * the catalogue says the server sends only sometimes (`conditional`: the resource adds it to the
 * entity's own) is not looked for among the fields.
 */
export function propertyDifferences(
  javaClass: string,
  java: Map<string, FieldRow['type']>,
  match: Match,
  doc: OpenAPIObject,
  conditional: ReadonlySet<string> = new Set(),
): string[] {
  const described = schemaProperties(match, doc);
  const where = `${javaClass} (${match.schemas.join(' + ')})`;
  const out: string[] = [];
  for (const [prop, type] of java) {
    const schemaType = described.get(prop);
    if (schemaType === undefined) out.push(`${where}: ${prop} (${type}) is on the wire but not described`);
    else if (schemaType !== type && !(schemaType === 'any' && (type === 'object' || type === 'array'))) {
      out.push(`${where}: ${prop} is ${type} on the wire, described as ${schemaType}`);
    }
  }
  for (const [prop, type] of described) {
    if (!java.has(prop) && !conditional.has(prop)) out.push(`${where}: ${prop} (${type}) is described but not on the wire`);
  }
  return out;
}

/** Family members of the description (object schemas pinning a discriminator) that no class of the table is. */
export function membersWithoutClass(matches: readonly Match[], doc: OpenAPIObject): string[] {
  const schemas = (doc.components?.schemas ?? {}) as Schemas;
  const matched = new Set(matches.flatMap((m) => m.schemas));
  return Object.keys(schemas)
    .filter((n) => isObject(schemas[n]) && discriminatorValue(schemas[n]!) !== undefined && !matched.has(n))
    .map((n) => `${n}: a family member (${discriminatorValue(schemas[n]!)}) that no REST class is at this tag`);
}
