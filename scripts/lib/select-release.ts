/**
 * The one pass that knows about releases: it takes the whole catalogue and one OneDev tag, and
 * returns that tag's catalogue with every annotation resolved. The builder and the transforms
 * only ever see a selected catalogue, so no transform special-cases a release.
 */
import type {
  AliasSchema,
  ErrorStatus,
  ExampleSpec,
  FamilySchema,
  Field,
  GroupSpec,
  ObjectSchema,
  OperationSpec,
  ParameterSpec,
  TypeExpr,
  Versioned,
} from '../../spec/model.js';
import type { ErrorResponseSpec } from '../../spec/responses.js';
import { compareTags, isOneDevTag, livesAt, ONEDEV_TAGS, type Lifespan, type OneDevTag } from '../../spec/releases.js';
import type { Catalogue } from './catalogue.js';
import { CatalogueError, Problems } from './problems.js';

/** Shapes as the builder sees them: one alternative each, annotations resolved away. */
export interface SelectedOperation extends Omit<OperationSpec, 'name' | 'parameters' | 'errors' | 'since' | 'until'> {
  name: string;
  parameters?: readonly string[];
  errors: readonly ErrorStatus[];
}
export interface SelectedGroup extends Omit<GroupSpec, 'operations' | 'since' | 'until'> {
  operations: readonly SelectedOperation[];
}
export interface SelectedObject extends Omit<ObjectSchema, 'fields' | 'since' | 'until'> {
  fields: Record<string, Field>;
}
export interface SelectedFamily extends Omit<FamilySchema, 'members' | 'since' | 'until'> {
  members: readonly string[];
}
export type SelectedSchema = SelectedObject | SelectedFamily | Omit<AliasSchema, 'since' | 'until'>;
export interface SelectedExample {
  summary: string;
  value: unknown;
}

/** One release's catalogue: what the builder reads. */
export interface ReleaseCatalogue {
  release: OneDevTag;
  groups: readonly SelectedGroup[];
  /** Module name -> its schema table (module names appear in error messages). */
  schemas: Record<string, Record<string, SelectedSchema>>;
  examples: Record<string, Record<string, SelectedExample>>;
  parameters: Record<string, ParameterSpec>;
  responses: Partial<Record<ErrorStatus, Omit<ErrorResponseSpec, 'since' | 'until'>>>;
  alwaysPossible: readonly ErrorStatus[];
  /** The status bad query parameters are refused with. */
  queryRefusalStatus: ErrorStatus;
  /** The top-level description, `{release}` filled in. */
  description: string;
}

/** A lifespan that is empty or names something that is not a tag is a catalogue mistake. */
function checkSpan(span: Lifespan, where: string, problems: Problems): void {
  for (const end of ['since', 'until'] as const) {
    const tag = span[end];
    if (tag !== undefined && !isOneDevTag(tag)) problems.add(`${where}: ${end} "${tag}" is not a OneDev tag the catalogue knows`);
  }
  if (span.since && span.until && isOneDevTag(span.since) && isOneDevTag(span.until) && compareTags(span.since, span.until) >= 0) {
    problems.add(`${where}: since ${span.since} is not older than until ${span.until}`);
  }
}

function overlaps(a: Lifespan, b: Lifespan): boolean {
  const first = ONEDEV_TAGS[0];
  const aStart = a.since ?? first;
  const bStart = b.since ?? first;
  const aEndsAfterBStarts = !a.until || compareTags(a.until, bStart) > 0;
  const bEndsAfterAStarts = !b.until || compareTags(b.until, aStart) > 0;
  return aEndsAfterBStarts && bEndsAfterAStarts;
}

/** The one alternative alive at `tag`, or undefined; overlapping alternatives are a mistake at every tag. */
function pick<T extends Lifespan>(value: Versioned<T>, tag: OneDevTag, where: string, problems: Problems): T | undefined {
  const alternatives: readonly T[] = Array.isArray(value) ? value : [value as T];
  alternatives.forEach((alt, i) => checkSpan(alt, alternatives.length > 1 ? `${where} (shape ${i + 1})` : where, problems));
  for (let i = 0; i < alternatives.length; i++) {
    for (let j = i + 1; j < alternatives.length; j++) {
      if (overlaps(alternatives[i]!, alternatives[j]!)) problems.add(`${where}: shapes ${i + 1} and ${j + 1} have overlapping releases`);
    }
  }
  return alternatives.find((alt) => livesAt(alt, tag));
}

function strip<T extends Lifespan>(value: T): Omit<T, 'since' | 'until'> {
  const { since: _since, until: _until, ...rest } = value;
  return rest;
}

/** Applies a lifespan-bearing list: keeps what lives at `tag`, checks each span. */
function alive<T>(items: readonly T[], spanOf: (item: T) => Lifespan | undefined, tag: OneDevTag, where: (item: T) => string, problems: Problems): T[] {
  return items.filter((item) => {
    const span = spanOf(item);
    if (!span) return true;
    checkSpan(span, where(item), problems);
    return livesAt(span, tag);
  });
}

/**
 * A list whose entries are bare values or `{ [key]: value, since?, until? }` (enum values, parameter
 * uses, error statuses, family members): the values alive at `tag`, each span checked.
 */
function aliveValues<V extends string | number, K extends string>(
  items: readonly (V | (Record<K, V> & Lifespan))[],
  key: K,
  tag: OneDevTag,
  where: (value: V) => string,
  problems: Problems,
): V[] {
  const valueOf = (item: V | (Record<K, V> & Lifespan)): V => (typeof item === 'object' ? item[key] : item);
  return alive(items, (item) => (typeof item === 'object' ? item : undefined), tag, (item) => where(valueOf(item)), problems).map(valueOf);
}

function selectType(type: TypeExpr, tag: OneDevTag, where: string, problems: Problems): TypeExpr {
  if (typeof type === 'string') return type;
  if ('enum' in type) {
    return { enum: aliveValues<string, 'value'>(type.enum, 'value', tag, (v) => `${where}, enum value ${v}`, problems) };
  }
  if ('array' in type) return { ...type, array: selectType(type.array, tag, where, problems) };
  if ('map' in type) return { map: selectType(type.map, tag, where, problems) };
  return type;
}

function selectField(field: Field, tag: OneDevTag, where: string, problems: Problems): Field {
  return { ...strip(field), type: selectType(field.type, tag, where, problems) };
}

function applyChanges(example: ExampleSpec, tag: OneDevTag, where: string, problems: Problems): unknown {
  let previous: OneDevTag | undefined;
  let value = example.value;
  for (const change of example.changes ?? []) {
    checkSpan({ since: change.since }, `${where}, change`, problems);
    if (previous && isOneDevTag(change.since) && compareTags(previous, change.since) >= 0) {
      problems.add(`${where}: changes must be listed oldest first (${change.since} after ${previous})`);
    }
    previous = change.since;
    if (!isOneDevTag(change.since) || compareTags(tag, change.since) < 0) continue;
    const apply = (record: unknown): unknown => {
      if (record === null || typeof record !== 'object' || Array.isArray(record)) {
        problems.add(`${where}: a change applies to an object or a list of objects`);
        return record;
      }
      const next: Record<string, unknown> = { ...(record as Record<string, unknown>), ...(change.set ?? {}) };
      for (const key of change.drop ?? []) {
        if (!(key in next)) problems.add(`${where}: change since ${change.since} drops "${key}", which the example does not have`);
        delete next[key];
      }
      return next;
    };
    value = Array.isArray(value) ? value.map(apply) : apply(value);
  }
  return value;
}

/** `tag`'s catalogue. Throws a CatalogueError naming every annotation mistake it meets. */
export function selectRelease(catalogue: Catalogue, tag: string): ReleaseCatalogue {
  const problems = new Problems();
  if (!isOneDevTag(tag)) {
    throw new CatalogueError([`release "${tag}": not a OneDev tag the catalogue knows (${ONEDEV_TAGS[0]} .. ${ONEDEV_TAGS.at(-1)})`]);
  }

  const groups: SelectedGroup[] = [];
  for (const group of catalogue.groups) {
    checkSpan(group, `group "${group.name}"`, problems);
    const operations: SelectedOperation[] = [];
    for (const op of group.operations) {
      const names = typeof op.name === 'string' ? [{ value: op.name }] : op.name;
      const where = `group "${group.name}", operation "${names.map((n) => n.value).join('" / "')}" (${op.method} ${op.path})`;
      checkSpan(op, where, problems);
      if (!livesAt(op, tag)) continue;
      const name = pick(names, tag, `${where}, name`, problems);
      if (!name) {
        problems.add(`${where}: no name for ${tag}`);
        continue;
      }
      const selected: SelectedOperation = {
        ...strip(op),
        name: name.value,
        parameters: op.parameters ? aliveValues<string, 'key'>(op.parameters, 'key', tag, (key) => `${where}, parameter ${key}`, problems) : undefined,
        errors: aliveValues<ErrorStatus, 'status'>(op.errors, 'status', tag, (status) => `${where}, error ${status}`, problems),
      };
      if (!selected.parameters) delete selected.parameters;
      operations.push(selected);
    }
    if (livesAt(group, tag)) groups.push({ ...strip(group), operations });
  }

  const schemas: Record<string, Record<string, SelectedSchema>> = {};
  const allSchemaNames = new Set(Object.values(catalogue.schemas).flatMap((table) => Object.keys(table)));
  const aliveSchemas = new Set<string>();
  const families: Array<{ module: string; name: string; spec: FamilySchema }> = [];
  for (const [module, table] of Object.entries(catalogue.schemas)) {
    const out: Record<string, SelectedSchema> = {};
    for (const [name, versioned] of Object.entries(table)) {
      const spec = pick(versioned, tag, `schema ${name}`, problems);
      if (!spec) continue;
      aliveSchemas.add(name);
      if (spec.kind === 'object') {
        const fields: Record<string, Field> = {};
        for (const [fieldName, field] of Object.entries(spec.fields)) {
          const where = `schema ${name}, field ${fieldName}`;
          const chosen = pick(field, tag, where, problems);
          if (chosen) fields[fieldName] = selectField(chosen, tag, where, problems);
        }
        out[name] = { ...strip(spec), fields };
      } else if (spec.kind === 'alias') {
        out[name] = { ...strip(spec), type: selectType(spec.type, tag, `schema ${name}`, problems) };
      } else {
        families.push({ module, name, spec });
      }
    }
    schemas[module] = out;
  }
  // Members whose schema a release lacks leave that release's family; unknown names stay for the builder to report.
  for (const { module, name, spec } of families) {
    const members = aliveValues<string, 'name'>(spec.members, 'name', tag, (member) => `schema ${name}, member ${member}`, problems).filter((m) => aliveSchemas.has(m) || !allSchemaNames.has(m));
    schemas[module]![name] = { ...strip(spec), members } satisfies SelectedFamily;
  }

  const examples: Record<string, Record<string, SelectedExample>> = {};
  for (const [module, table] of Object.entries(catalogue.examples)) {
    const out: Record<string, SelectedExample> = {};
    for (const [name, versioned] of Object.entries(table)) {
      const where = `example ${name}`;
      const example = pick(versioned, tag, where, problems);
      if (example) out[name] = { summary: example.summary, value: applyChanges(example, tag, where, problems) };
    }
    examples[module] = out;
  }

  const parameters: Record<string, ParameterSpec> = {};
  for (const [key, versioned] of Object.entries(catalogue.parameters)) {
    const param = pick(versioned, tag, `parameter ${key}`, problems);
    if (param) parameters[key] = { ...strip(param), type: selectType(param.type, tag, `parameter ${key}`, problems) };
  }

  const responses: ReleaseCatalogue['responses'] = {};
  for (const [status, versioned] of Object.entries(catalogue.responses)) {
    const response = pick(versioned, tag, `error response ${status}`, problems);
    if (response) responses[Number(status) as ErrorStatus] = strip(response);
  }
  const alwaysPossible = aliveValues<ErrorStatus, 'status'>(catalogue.alwaysPossible, 'status', tag, (status) => `always-possible error ${status}`, problems);
  const description = alive(catalogue.description, (section) => section, tag, () => 'description section', problems)
    .map((section) => section.text.trim().replaceAll('{release}', tag))
    .join('\n\n');

  const refusal = pick(catalogue.queryRefusalStatus, tag, 'query refusal status', problems);
  if (!refusal) problems.add(`query refusal status: none for ${tag}`);

  problems.throwIfAny();
  return { release: tag, groups, schemas, examples, parameters, responses, alwaysPossible, queryRefusalStatus: refusal!.status, description };
}
