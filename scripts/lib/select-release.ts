/**
 * The one pass that knows about releases: it takes the whole catalogue and one OneDev tag, and
 * returns that tag's catalogue with every annotation resolved. The builder and the transforms
 * only ever see a selected catalogue, so no transform special-cases a release.
 */
import type {
  AliasSchema,
  EffectRefusal,
  EffectSpec,
  ErrorStatus,
  MissingIdCallers,
  ExampleSpec,
  FamilySchema,
  Field,
  GroupSpec,
  ObjectSchema,
  OperationSpec,
  ParameterSpec,
  QueryLanguageSpec,
  QueryOperator,
  ReleaseText,
  TypeExpr,
  ValidationKind,
  Versioned,
} from '../../spec/model.js';
import type { ErrorResponseSpec, JsonConsumedSpec, ValidationFailureSpec } from '../../spec/responses.js';
import { compareTags, isOneDevTag, livesAt, ONEDEV_TAGS, variantsOf, type Lifespan, type OneDevTag } from '../../spec/releases.js';
import type { RefusalKind } from '../../src/extensions.js';
import type { Catalogue } from './catalogue.js';
import { CatalogueError, Problems } from './problems.js';
import { selectWebhooks, type SelectedWebhooks } from './select-webhooks.js';

/** Shapes as the builder sees them: one alternative each, annotations resolved away. */
export interface SelectedOperation extends Omit<OperationSpec, 'name' | 'description' | 'permission' | 'parameters' | 'errors' | 'effect' | 'since' | 'until'> {
  name: string;
  description: string;
  permission: string;
  parameters?: readonly string[];
  /** Every status it answers with, those of its validation failures included. */
  errors: readonly ErrorStatus[];
  /** The kinds of validation failure it can meet (their statuses are in `errors`). */
  validation?: readonly ValidationKind[];
  /** What the server says at a status for this operation (and what the status means), where it has its own. */
  errorMessages?: Partial<Record<ErrorStatus, SelectedMessage>>;
  /** The status it answers a path id no record has with, instead of 404, and for which callers. */
  missingId?: { status: ErrorStatus; callers: MissingIdCallers };
  /** What it changes at this release (its refusals those of the release). */
  effect?: SelectedEffect;
}
export interface SelectedEffect extends Omit<EffectSpec, 'refuses' | 'since' | 'until'> {
  refuses?: ReadonlyArray<Omit<EffectRefusal, 'since' | 'until'>>;
}
export interface SelectedMessage {
  message: string;
  meaning?: string;
}
export type SelectedValidationFailure = Omit<ValidationFailureSpec, 'since' | 'until'>;
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
  /** How this release answers each kind of validation failure. */
  validationFailures: Partial<Record<ValidationKind, SelectedValidationFailure>>;
  /** The status bad query parameters are refused with. */
  queryRefusalStatus: ErrorStatus;
  /** Kinds of refusal any operation can meet, each with this release's status. */
  refusals: ReadonlyArray<{ kind: RefusalKind; what: string; status: ErrorStatus }>;
  /** The top-level description, `{release}` filled in. */
  description: string;
  /** The events this release posts to web hooks. */
  webhooks: SelectedWebhooks;
}

/**
 * Fills the placeholders a text of the catalogue may hold: `{release}` becomes the tag (`v16.3.2`)
 * and `{version}` the version number the server reports at that tag (`16.3.2`).
 */
function fillPlaceholders(text: string, tag: OneDevTag): string {
  return text.replaceAll('{release}', tag).replaceAll('{version}', tag.replace(/^v/, ''));
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
  const alternatives = variantsOf(value);
  alternatives.forEach((alt, i) => checkSpan(alt, alternatives.length > 1 ? `${where} (shape ${i + 1})` : where, problems));
  for (let i = 0; i < alternatives.length; i++) {
    for (let j = i + 1; j < alternatives.length; j++) {
      if (overlaps(alternatives[i]!, alternatives[j]!)) problems.add(`${where}: shapes ${i + 1} and ${j + 1} have overlapping releases`);
    }
  }
  return alternatives.find((alt) => livesAt(alt, tag));
}

/** The effect alive at `tag`, with the refusals of that release. */
function selectEffect(value: Versioned<EffectSpec>, tag: OneDevTag, where: string, problems: Problems): SelectedEffect | undefined {
  const chosen = pick(value, tag, where, problems);
  if (!chosen) {
    problems.add(`${where}: no effect for ${tag}`);
    return undefined;
  }
  const { refuses, ...rest } = strip(chosen);
  const alive = (refuses ?? []).filter((r, i) => {
    checkSpan(r, `${where}, refusal ${i + 1}`, problems);
    return livesAt(r, tag);
  });
  return alive.length > 0 ? { ...rest, refuses: alive.map(strip) } : rest;
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
  if ('oneOf' in type) return { oneOf: type.oneOf.map((shape) => selectType(shape, tag, where, problems)) };
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
    if (change.setEach) {
      if (!Array.isArray(value) || value.length !== change.setEach.length) {
        problems.add(`${where}: change since ${change.since} sets each of ${change.setEach.length} elements, but the example is ${Array.isArray(value) ? `a list of ${value.length}` : 'no list'}`);
        continue;
      }
      const each = change.setEach;
      value = value.map((record, i) => ({ ...(record as Record<string, unknown>), ...each[i] }));
    }
  }
  return value;
}

/** A query language as `tag` reads it: its fields, operators, criteria, tokens, orders and refusals alive then. */
function selectQueryLanguage(language: QueryLanguageSpec, tag: OneDevTag, where: string, problems: Problems): QueryLanguageSpec {
  const live = <T extends Lifespan>(items: readonly T[], name: (item: T) => string): T[] =>
    alive(items, (item) => item, tag, (item) => `${where}, query language: ${name(item)}`, problems).map((item) => strip(item) as T);
  const fields = live(language.fields, (f) => `field ${f.name}`).map((field) => ({
    ...field,
    operators: aliveValues<QueryOperator, 'operator'>(field.operators, 'operator', tag, (op) => `${where}, field ${field.name}, operator ${op}`, problems),
  }));
  return {
    ...language,
    fields,
    criteria: live(language.criteria, (c) => `criterion ${c.keyword}`),
    tokens: live(language.tokens, (t) => `token ${t.token}`),
    orderBy: live(language.orderBy, (o) => `order field ${o.field}`),
    refusals: live(language.refusals, (r) => `refusal ${r.kind}`),
    ...(language.links ? { links: live(language.links, (l) => `link ${l.name}`) } : {}),
    ...(language.customFields
      ? {
          customFields: live(language.customFields, (c) => `custom field type ${c.type}`).map((type) => ({
            ...type,
            operators: aliveValues<QueryOperator, 'operator'>(type.operators, 'operator', tag, (op) => `${where}, custom field type ${type.type}, operator ${op}`, problems),
          })),
        }
      : {}),
  };
}

/** The messages (and meanings) an operation's statuses have of their own at `tag`, and its missing-id status. */
function statusMessages(uses: OperationSpec['errors'], tag: OneDevTag, where: string, problems: Problems) {
  const errorMessages: Partial<Record<ErrorStatus, SelectedMessage>> = {};
  let missingId: SelectedOperation['missingId'];
  for (const use of uses) {
    if (typeof use !== 'object' || typeof use.status !== 'number' || !livesAt(use, tag)) continue;
    if ('missingId' in use && use.missingId !== undefined) {
      if (missingId) problems.add(`${where}: two statuses answer a missing id (${missingId.status}, ${use.status})`);
      if (use.message === undefined) problems.add(`${where}, error ${use.status}: a missing-id status needs the server's message`);
      missingId = { status: use.status, callers: use.missingId };
    }
    if (!('message' in use) || use.message === undefined) continue;
    errorMessages[use.status] = { message: use.message, ...(use.meaning !== undefined ? { meaning: use.meaning } : {}) };
  }
  return { errorMessages, missingId };
}

/**
 * A POST of a resource that consumes JSON (not `consumes: 'any'`, not an upload) answers the rule's
 * status to a request not labelled JSON; one that lists no body gets the optional body never read.
 */
function consumeJson(op: SelectedOperation, rule: JsonConsumedSpec): void {
  if (op.method !== 'POST' || op.consumes === 'any' || op.body?.kind === 'binary') return;
  if (!op.errors.includes(rule.status)) op.errors = [...op.errors, rule.status];
  if (!op.body) op.body = { kind: 'ignored', description: rule.ignoredBody };
}

/** `tag`'s catalogue. Throws a CatalogueError naming every annotation mistake it meets. */
export function selectRelease(catalogue: Catalogue, tag: string): ReleaseCatalogue {
  const problems = new Problems();
  if (!isOneDevTag(tag)) {
    throw new CatalogueError([`release "${tag}": not a OneDev tag the catalogue knows (${ONEDEV_TAGS[0]} .. ${ONEDEV_TAGS.at(-1)})`]);
  }
  // In this order, so that problems are listed as the catalogue reads.
  const validationFailures = selectValidationFailures(catalogue, tag, problems);
  const jsonConsumed = pick(catalogue.jsonConsumed, tag, 'json-consumed rule', problems);
  const groups = selectGroups(catalogue.groups, tag, { validationFailures, jsonConsumed }, problems);
  const schemas = selectSchemas(catalogue.schemas, tag, problems);
  const examples = selectExamples(catalogue.examples, tag, problems);
  const parameters = selectParameters(catalogue.parameters, tag, problems);
  const responses: ReleaseCatalogue['responses'] = {};
  for (const [status, versioned] of Object.entries(catalogue.responses)) {
    const response = pick(versioned, tag, `error response ${status}`, problems);
    if (response) responses[Number(status) as ErrorStatus] = strip(response);
  }
  const alwaysPossible = aliveValues<ErrorStatus, 'status'>(catalogue.alwaysPossible, 'status', tag, (status) => `always-possible error ${status}`, problems);
  const description = alive(catalogue.description, (section) => section, tag, () => 'description section', problems)
    .map((section) => fillPlaceholders(section.text.trim(), tag))
    .join('\n\n');
  const { queryRefusalStatus, refusals } = selectRefusals(catalogue, tag, problems);
  const webhooks = selectWebhooks(catalogue.webhooks, tag, problems);

  problems.throwIfAny();
  return {
    release: tag,
    groups,
    schemas,
    examples,
    parameters,
    responses,
    alwaysPossible,
    validationFailures,
    queryRefusalStatus: queryRefusalStatus!,
    refusals,
    description,
    webhooks,
  };
}

function selectValidationFailures(catalogue: Catalogue, tag: OneDevTag, problems: Problems): ReleaseCatalogue['validationFailures'] {
  const validationFailures: ReleaseCatalogue['validationFailures'] = {};
  for (const [kind, versioned] of Object.entries(catalogue.validationFailures) as Array<[ValidationKind, Versioned<ValidationFailureSpec>]>) {
    const failure = pick(versioned, tag, `validation failure ${kind}`, problems);
    if (failure) validationFailures[kind] = strip(failure);
  }
  return validationFailures;
}

/** What selecting an operation needs of the release besides the operation. */
interface OperationRules {
  validationFailures: ReleaseCatalogue['validationFailures'];
  jsonConsumed: JsonConsumedSpec | undefined;
}

/** The groups alive at `tag`, each with its operations alive then; every span is checked, alive or not. */
function selectGroups(groups: readonly GroupSpec[], tag: OneDevTag, rules: OperationRules, problems: Problems): SelectedGroup[] {
  const selected: SelectedGroup[] = [];
  for (const group of groups) {
    checkSpan(group, `group "${group.name}"`, problems);
    const operations = group.operations.flatMap((op) => selectOperation(group, op, tag, rules, problems) ?? []);
    if (livesAt(group, tag)) selected.push({ ...strip(group), operations });
  }
  return selected;
}

/** One operation as `tag` has it, or undefined when it does not live then (or has no name then). */
function selectOperation(group: GroupSpec, op: OperationSpec, tag: OneDevTag, rules: OperationRules, problems: Problems): SelectedOperation | undefined {
  const names = typeof op.name === 'string' ? [{ value: op.name }] : op.name;
  const where = `group "${group.name}", operation "${names.map((n) => n.value).join('" / "')}" (${op.method} ${op.path})`;
  checkSpan(op, where, problems);
  if (!livesAt(op, tag)) return undefined;
  const name = pick(names, tag, `${where}, name`, problems);
  if (!name) {
    problems.add(`${where}: no name for ${tag}`);
    return undefined;
  }
  const text = (value: string | readonly ReleaseText[], field: string): string => {
    if (typeof value === 'string') return value;
    const chosen = pick(value, tag, `${where}, ${field}`, problems);
    if (!chosen) problems.add(`${where}: no ${field} for ${tag}`);
    return chosen?.value ?? '';
  };
  const uses = aliveValues<ErrorStatus | ValidationKind, 'status'>(op.errors, 'status', tag, (status) => `${where}, error ${status}`, problems);
  const { errorMessages, missingId } = statusMessages(op.errors, tag, where, problems);
  const errors = uses.filter((use): use is ErrorStatus => typeof use === 'number');
  const validation = uses.filter((use): use is ValidationKind => typeof use === 'string');
  for (const kind of validation) {
    const failure = rules.validationFailures[kind];
    if (!failure) problems.add(`${where}, error ${kind}: no validation failure of that kind for ${tag}`);
    else if (!errors.includes(failure.status)) errors.push(failure.status);
  }
  const { effect: versionedEffect, ...spec } = strip(op);
  const selected: SelectedOperation = {
    ...spec,
    name: name.value,
    description: fillPlaceholders(text(op.description, 'description'), tag),
    // A bare-text answer's example may name the release (Get Server Version answers its version).
    success: op.success.kind === 'raw-text' ? { ...op.success, example: fillPlaceholders(op.success.example, tag) } : op.success,
    permission: text(op.permission, 'permission'),
    parameters: op.parameters ? aliveValues<string, 'key'>(op.parameters, 'key', tag, (key) => `${where}, parameter ${key}`, problems) : undefined,
    errors,
    validation,
    errorMessages,
  };
  if (Object.keys(errorMessages).length === 0) delete selected.errorMessages;
  if (missingId) selected.missingId = missingId;
  const effect = versionedEffect === undefined ? undefined : selectEffect(versionedEffect, tag, `${where}, effect`, problems);
  if (effect) selected.effect = effect;
  if (!selected.parameters) delete selected.parameters;
  if (validation.length === 0) delete selected.validation;
  if (rules.jsonConsumed) consumeJson(selected, rules.jsonConsumed);
  return selected;
}

/** Each module's schemas alive at `tag`: objects with their fields then, families with the members whose schema lives then. */
function selectSchemas(tables: Catalogue['schemas'], tag: OneDevTag, problems: Problems): ReleaseCatalogue['schemas'] {
  const schemas: Record<string, Record<string, SelectedSchema>> = {};
  const allSchemaNames = new Set(Object.values(tables).flatMap((table) => Object.keys(table)));
  const aliveSchemas = new Set<string>();
  const families: Array<{ module: string; name: string; spec: FamilySchema }> = [];
  for (const [module, table] of Object.entries(tables)) {
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
  return schemas;
}

function selectExamples(tables: Catalogue['examples'], tag: OneDevTag, problems: Problems): ReleaseCatalogue['examples'] {
  const examples: Record<string, Record<string, SelectedExample>> = {};
  for (const [module, table] of Object.entries(tables)) {
    const out: Record<string, SelectedExample> = {};
    for (const [name, versioned] of Object.entries(table)) {
      const where = `example ${name}`;
      const example = pick(versioned, tag, where, problems);
      if (example) out[name] = { summary: example.summary, value: applyChanges(example, tag, where, problems) };
    }
    examples[module] = out;
  }
  return examples;
}

function selectParameters(table: Catalogue['parameters'], tag: OneDevTag, problems: Problems): Record<string, ParameterSpec> {
  const parameters: Record<string, ParameterSpec> = {};
  for (const [key, versioned] of Object.entries(table)) {
    const param = pick(versioned, tag, `parameter ${key}`, problems);
    if (param) {
      parameters[key] = { ...strip(param), type: selectType(param.type, tag, `parameter ${key}`, problems) };
      if (param.queryLanguage) parameters[key]!.queryLanguage = selectQueryLanguage(param.queryLanguage, tag, `parameter ${key}`, problems);
    }
  }
  return parameters;
}

/** The status bad query parameters get at `tag` (undefined, and a problem, when none) and each refusal's status then. */
function selectRefusals(catalogue: Catalogue, tag: OneDevTag, problems: Problems): { queryRefusalStatus: ErrorStatus | undefined; refusals: ReleaseCatalogue['refusals'] } {
  const refusal = pick(catalogue.queryRefusalStatus, tag, 'query refusal status', problems);
  if (!refusal) problems.add(`query refusal status: none for ${tag}`);
  const refusals = catalogue.refusals.flatMap(({ kind, what, status }) => {
    const chosen = pick(status, tag, `refusal "${what}"`, problems);
    if (!chosen) problems.add(`refusal "${what}": no status for ${tag}`);
    return chosen ? [{ kind, what, status: chosen.status }] : [];
  });
  return { queryRefusalStatus: refusal?.status, refusals };
}
