/**
 * The contract of the `x-onedev-*` extensions: every one the builder writes into a description,
 * with where it is written, what it means, the type of its value and a reader that checks the
 * shape. The builder, the mock, the fact tables, the tools and the client name an extension only
 * through `EXT` (a lint test holds every other source file to that), and docs/extensions.md is
 * written from it.
 *
 * It lives in src/ because the client reads two of these (raw text, web-hook event types) and the
 * client compiles without scripts/ (tsconfig.build.json), while scripts/ and spec/ may import src/.
 * It loads nothing at run time: the packaged mock and the client load it, and neither must bring
 * the catalogue with it (the one import is a type, erased when compiled).
 */
import type { EffectSpec, ListsSpec, QueryLanguageSpec, RefsRead, TermMatch } from '../spec/model.js';

/** The kinds of object of a description that carry extensions. */
export type ExtensionPlace =
  | 'document root'
  | 'info'
  | 'operation'
  | 'parameter'
  | 'request body'
  | 'response'
  | 'schema'
  | 'web hook operation'
  | 'web hook header';

/** What every extension's entry says of it. */
export interface Extension<T> {
  /** The key written in the description. */
  readonly name: `x-onedev-${string}`;
  /** The objects that carry it (a test checks every use in the built descriptions against this). */
  readonly where: readonly ExtensionPlace[];
  /** `T` as TypeScript text, for docs/extensions.md (a test checks the two are the same type). */
  readonly type: string;
  /** What it means, in a paragraph. */
  readonly description: string;
  /** Whether a value has the shape `T`. */
  readonly accepts: (value: unknown) => value is T;
  /** Set, saying why, for an extension no supported release writes. */
  readonly unwritten?: string;
}

/** The value type of an entry of `EXT`. */
export type ExtensionValue<E> = E extends Extension<infer T> ? T : never;

// ---------------------------------------------------------------------------------------------
// The value types.
// ---------------------------------------------------------------------------------------------

/** What a refusal any operation can meet is, as a machine reads it (the `kind` of an `x-onedev-refusals` entry). */
export type RefusalKind = 'query-parameter' | 'unreadable-body' | 'validation' | 'validation-check' | 'not-a-number' | 'credentials';
export const REFUSAL_KINDS: readonly RefusalKind[] = ['query-parameter', 'unreadable-body', 'validation', 'validation-check', 'not-a-number', 'credentials'];

/** One entry of the document's refusals. */
export interface Refusal {
  kind: RefusalKind;
  /** The refusal in words, for people (the docs' table shows it); code reads `kind`. */
  what: string;
  status: number;
}

/** Who gets the operation's own status for a missing path id (the others get 404). */
export type MissingIdCallers = 'everyone' | 'administrators';
export interface MissingId {
  status: number;
  callers: MissingIdCallers;
}

export type UpdateMode = 'merge' | 'replace';

export interface UntaggedRoot {
  /** The discriminator property the answer's root lacks. */
  property: '@type' | '@class';
  /** The component of the family (or member) as a request takes it, with the property. */
  tagged: string;
}

export interface RequiredWhenRule {
  /** The sibling property whose value decides. */
  property: string;
  /** Its values that make `required` required. */
  values: string[];
  required: string[];
}

export interface SentAfter {
  operationId: string;
  /** `METHOD /path`, as the catalogue names the operation. */
  route: string;
  /** Payload property -> where its value comes from (spec/model.ts, PayloadSource). */
  values: Record<string, string>;
}

// ---------------------------------------------------------------------------------------------
// Shape checks, kept small: each says whether a value is of one type.
// ---------------------------------------------------------------------------------------------

type Check<T> = (value: unknown) => value is T;

const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);
const isString: Check<string> = (value): value is string => typeof value === 'string';
const isStatus: Check<number> = (value): value is number => Number.isInteger(value) && (value as number) >= 100 && (value as number) <= 599;
const isPositiveInteger: Check<number> = (value): value is number => Number.isInteger(value) && (value as number) > 0;
const isTrue: Check<true> = (value): value is true => value === true;
const isBoolean: Check<boolean> = (value): value is boolean => typeof value === 'boolean';
const oneOf =
  <T extends string>(values: readonly T[]): Check<T> =>
  (value): value is T =>
    typeof value === 'string' && (values as readonly string[]).includes(value);
const listOf =
  <T>(item: Check<T>): Check<T[]> =>
  (value): value is T[] =>
    Array.isArray(value) && value.every(item);
/** An object with at least these properties, each of its type. */
const objectOf =
  <T extends object>(fields: { [K in keyof T]-?: Check<T[K]> }): Check<T> =>
  (value): value is T =>
    isRecord(value) && Object.entries(fields).every(([key, check]) => (check as Check<unknown>)(value[key]));
const recordOf =
  <T>(item: Check<T>): Check<Record<string, T>> =>
  (value): value is Record<string, T> =>
    isRecord(value) && Object.values(value).every(item);

/** What `x-onedev-answers` holds. */
type Answers = 'caller' | 'stored' | RefsRead;
const isRefsRead: Check<RefsRead> = (value): value is RefsRead =>
  isRecord(value) &&
  (value.refs === 'branch' || value.refs === 'tag') &&
  (value.name === undefined || isString(value.name)) &&
  (value.missing === undefined || isString(value.missing));

/** A query language is the catalogue's own structure: its lists are checked to be there, the mock's parser checks the rest. */
const STEP_KINDS = ['create', 'update', 'set', 'remove', 'count', 'setting', 'ref'];
const isEffect: Check<EffectSpec> = (value): value is EffectSpec =>
  isRecord(value) &&
  Array.isArray(value.changes) &&
  value.changes.every((step) => isRecord(step) && STEP_KINDS.filter((kind) => kind in step).length === 1) &&
  (value.none === undefined || typeof value.none === 'string') &&
  (value.refuses === undefined || (Array.isArray(value.refuses) && value.refuses.every((r) => isRecord(r) && isRecord(r.when) && isStatus(r.status) && isString(r.message))));
const isQueryLanguage: Check<QueryLanguageSpec> = (value): value is QueryLanguageSpec =>
  isRecord(value) &&
  typeof value.list === 'string' &&
  typeof value.records === 'string' &&
  ['fields', 'criteria', 'tokens', 'orderBy', 'refusals', 'examples'].every((key) => Array.isArray(value[key]));

const isTermMatch: Check<TermMatch> = (value): value is TermMatch =>
  isRecord(value) &&
  listOf(isString)(value.properties) &&
  (value.related === undefined || (Array.isArray(value.related) && value.related.every((r) => isRecord(r) && isString(r.record) && isString(r.link) && isString(r.property))));

// ---------------------------------------------------------------------------------------------
// The extensions, by the name code uses.
// ---------------------------------------------------------------------------------------------

export const EXT = {
  version: {
    name: 'x-onedev-version',
    where: ['info'],
    type: 'string',
    description:
      'The OneDev tag the description is of, such as `v16.5.6`. `info.version` is the version of this ' +
      'project\'s description; this says which server release it describes, so a tool handed a ' +
      'description (the mock, the live-server check) knows the release without being told.',
    accepts: isString,
  } satisfies Extension<string>,

  queryRefusalStatus: {
    name: 'x-onedev-query-refusal-status',
    where: ['document root'],
    type: 'number',
    description:
      'The status this release answers a bad query parameter with: one that is unknown or missing, a ' +
      '`count` over the page limit, a query text that does not parse. It changed between releases ' +
      '(400, later 406), and a schema cannot say it, so the mock reads it here.',
    accepts: isStatus,
  } satisfies Extension<number>,

  refusals: {
    name: 'x-onedev-refusals',
    where: ['document root'],
    type: "Array<{ kind: 'query-parameter' | 'unreadable-body' | 'validation' | 'validation-check' | 'not-a-number' | 'credentials'; what: string; status: number }>",
    description:
      'The refusals any operation can meet, each with the status this release answers it with. `kind` ' +
      'names the refusal for programs: `query-parameter` (a query parameter unknown, missing or over ' +
      'its limit, or a query that does not parse), `unreadable-body`, `validation` (a rule the ' +
      'operation declares is broken), `validation-check` (a check the operation makes itself), ' +
      '`not-a-number` (a path or query integer that is not one) and `credentials`. The mock finds the ' +
      'status of a broken rule by its kind; `what` says the refusal in words for people and may be ' +
      'reworded at any time. The refusal table of docs/errors.md is written from it.',
    accepts: listOf(objectOf<Refusal>({ kind: oneOf(REFUSAL_KINDS), what: isString, status: isStatus })),
  } satisfies Extension<Refusal[]>,

  route: {
    name: 'x-onedev-route',
    where: ['operation'],
    type: 'string',
    description:
      'OneDev\'s own template of a route whose optional trailing path is glued to the segment before ' +
      'it (`{name:(/.*)?}`), which an OpenAPI path template cannot say. Such a route is described as ' +
      'two operations, with and without the trailing path, and each carries the route it is part of.',
    accepts: isString,
  } satisfies Extension<string>,

  missingId: {
    name: 'x-onedev-missing-id',
    where: ['operation'],
    type: "{ status: number; callers: 'everyone' | 'administrators' }",
    description:
      'The operation answers a path id that no record has with `status` instead of 404, because the ' +
      'server only finds the record missing while it writes the answer. `callers` says for whom: ' +
      '`everyone`, or only `administrators` (other callers get 404). The ' +
      'response at that status has the server\'s message as its example.',
    accepts: objectOf<MissingId>({ status: isStatus, callers: oneOf<MissingIdCallers>(['everyone', 'administrators']) }),
  } satisfies Extension<MissingId>,

  update: {
    name: 'x-onedev-update',
    where: ['request body'],
    type: "'merge' | 'replace'",
    description:
      'How a body that changes a stored record is applied: `merge`, a property left out keeps its ' +
      'stored value; `replace`, a property left out takes its default. The body\'s description says ' +
      'the same in words.',
    accepts: oneOf<UpdateMode>(['merge', 'replace']),
  } satisfies Extension<UpdateMode>,

  ignoredBody: {
    name: 'x-onedev-ignored-body',
    where: ['request body'],
    type: 'true',
    description:
      'The operation reads no body, but its resource takes JSON, so a request must still be labelled ' +
      '`application/json`; whatever is sent is ignored. A checker should not hold the body to its ' +
      'schema.',
    accepts: isTrue,
  } satisfies Extension<true>,

  rawText: {
    name: 'x-onedev-raw-text',
    where: ['request body', 'response'],
    type: 'true',
    description:
      'The body is text itself although it is labelled `application/json`: a request sends the ' +
      'characters with no JSON quotes or escapes, and an answer is read as text, not parsed as JSON. ' +
      'The client and the mock send and read such bodies this way.',
    accepts: isTrue,
  } satisfies Extension<true>,

  untaggedRoot: {
    name: 'x-onedev-untagged-root',
    where: ['response'],
    type: "{ property: '@type' | '@class'; tagged: string }",
    description:
      'The answer is a value of a family whose root comes without the family\'s discriminator ' +
      '`property`. `tagged` is the component of the family as a request takes it, with the property, ' +
      'so a value read here needs the property added before it is posted back.',
    accepts: objectOf<UntaggedRoot>({ property: oneOf<UntaggedRoot['property']>(['@type', '@class']), tagged: isString }),
  } satisfies Extension<UntaggedRoot>,

  nonAdminMaximum: {
    name: 'x-onedev-non-admin-maximum',
    where: ['parameter'],
    type: 'number',
    description:
      'On a `count` query parameter: the largest page a caller who is not an administrator may ask ' +
      'for; administrators may ask for more. A schema `maximum` cannot depend on the caller, so a ' +
      'limit that holds for everyone is written as `maximum` instead.',
    accepts: isPositiveInteger,
  } satisfies Extension<number>,

  effect: {
    name: 'x-onedev-effect',
    where: ['operation'],
    type: 'EffectSpec',
    description:
      'On a POST or DELETE: what it changes at this release, as the catalogue holds it (`EffectSpec`, ' +
      'spec/model.ts). `changes` are steps in order: `create`, `update`, `set`, `remove` and `count` ' +
      'name the component schema of the records they touch (the first one is the subject), `setting` ' +
      'replaces the setting read at the same path; a `create` may carry `defaults`, what the new record holds where the body is silent, ' +
      'and with `each` makes one record per element of a body list; values are constants, the caller, now, the body ' +
      'or one of its properties, a path parameter, a query parameter, the id of a record found by a property, the first of ' +
      'several a request gives, a tree record\'s path (its parent\'s and its name), an issue state\'s ordinal. A `ref` step makes ' +
      'or deletes a branch or tag of a project\'s repository (an issue\'s branch named as OneDev names it). ' +
      'A step\'s record may be every record a text of the subject refers to (`referencedIn`: the issues a pull request\'s ' +
      'description fixes). No changes: `none` says why nothing readable ' +
      'changes. `refuses` lists, in order, the refusals that depend on the state found (a closed ' +
      'request, a duplicate, a missing record, no subscription), each with the server\'s status and ' +
      'message. The stateful mock applies it.',
    accepts: isEffect,
  } satisfies Extension<EffectSpec>,

  lists: {
    name: 'x-onedev-lists',
    where: ['operation'],
    type: "{ fields: readonly string[]; except?: Readonly<Record<string, string | number | boolean | null>> } | { referencing: { referencedIn: string; pattern: 'fixes'; project: string } }",
    description:
      'On a GET under a record\'s path that answers a list: the listed records are those whose ' +
      'property named in `fields` (any of them) holds the id the path names, where that property is ' +
      'not named like the path parameter (a user\'s SSH keys are those whose `ownerId` is the user), ' +
      'less those whose properties hold the values `except` gives (the reviews of excluded reviewers). ' +
      'With `referencing` instead: those whose text property `referencedIn` refers to the path\'s ' +
      'record by its `number` (for `fixes`, after a fix word: `Fixes #1`) and whose `project` ' +
      'property is that record\'s `projectId` (an issue\'s pull requests). The stateful mock lists them so.',
    accepts: (value): value is ListsSpec =>
      isRecord(value) &&
      ((Array.isArray(value.fields) && value.fields.length > 0 && value.fields.every(isString) && (value.except === undefined || isRecord(value.except))) ||
        (isRecord(value.referencing) && isString(value.referencing.referencedIn) && value.referencing.pattern === 'fixes' && isString(value.referencing.project))),
  } satisfies Extension<ListsSpec>,

  answers: {
    name: 'x-onedev-answers',
    where: ['operation'],
    type: "'caller' | 'stored' | { refs: 'branch' | 'tag'; name?: string; missing?: string }",
    description:
      'On a GET: what it answers that its path does not name. `caller`: the account of ' +
      'the user the request is authenticated as (for a token, its owner). `stored`: the records ' +
      'whose ids the POST at the same path was last sent (the iterations an issue is scheduled ' +
      'into). `refs`: the branches or tags of the repository of the path\'s project, by name (the ' +
      'default branch first, then newest first), or with `name` the one ref that path parameter names, ' +
      'and for one the repository lacks a 404 worded as `missing` (`<name>` the name asked). The ' +
      'stateful mock answers those records, and the refs as the `ref` steps of `x-onedev-effect` left them.',
    accepts: (value): value is Answers => value === 'caller' || value === 'stored' || isRefsRead(value),
  } satisfies Extension<Answers>,

  matches: {
    name: 'x-onedev-matches',
    where: ['parameter'],
    type: 'TermMatch',
    description:
      'On a free-text filter parameter (`term`): a record is listed when the text, compared without ' +
      'regard to case, is contained in one of its `properties`, or in `property` of a record of ' +
      'the component `record` whose `link` holds the listed record\'s id (`TermMatch`, ' +
      'spec/model.ts). The stateful mock filters pages so.',
    accepts: isTermMatch,
  } satisfies Extension<TermMatch>,

  queryLanguage: {
    name: 'x-onedev-query-language',
    where: ['parameter'],
    type: 'QueryLanguageSpec',
    description:
      'On a `query` parameter: the query language the server parses, as the catalogue holds it ' +
      '(`QueryLanguageSpec`, spec/model.ts): its fields with their operators, criteria, tokens, ' +
      'orders, refusals and examples, alive at this release. The parameter\'s description is written ' +
      'from the same value; the mock parses and runs queries with it.',
    accepts: isQueryLanguage,
  } satisfies Extension<QueryLanguageSpec>,

  requiredWhen: {
    name: 'x-onedev-required-when',
    where: ['schema'],
    type: 'Array<{ property: string; values: string[]; required: string[] }>',
    description:
      'On a request shape: properties the server requires only while another property holds one of ' +
      'some values (the kind of account, for instance). A required property counts as missing when ' +
      'left out, null, or an empty text or list, and is refused as a validation failure.',
    accepts: listOf(objectOf<RequiredWhenRule>({ property: isString, values: listOf(isString), required: listOf(isString) })),
  } satisfies Extension<RequiredWhenRule[]>,

  eventType: {
    name: 'x-onedev-event-type',
    where: ['web hook operation'],
    type: 'string',
    description:
      'The `WebHook.EventType` constant a hook selects to receive the event, such as `PULL_REQUEST`; ' +
      'several events share one. The client\'s web-hook receiver and the mock read it.',
    accepts: isString,
  } satisfies Extension<string>,

  sentAfter: {
    name: 'x-onedev-sent-after',
    where: ['web hook operation'],
    type: 'Array<{ operationId: string; route: string; values: Record<string, string> }>',
    description:
      'The REST operations after which OneDev posts the event, each with where the payload\'s values ' +
      'come from (the request\'s path or body, the answer, the time, another read, a constant). The mock delivers ' +
      'hooks from it.',
    accepts: listOf(objectOf<SentAfter>({ operationId: isString, route: isString, values: recordOf(isString) })),
  } satisfies Extension<SentAfter[]>,

  customHeaders: {
    name: 'x-onedev-custom-headers',
    where: ['web hook operation'],
    type: 'boolean',
    description:
      'Whether a hook of this release can be given headers of its own, which OneDev then sends with ' +
      'every delivery besides the documented ones.',
    accepts: isBoolean,
  } satisfies Extension<boolean>,

  secret: {
    name: 'x-onedev-secret',
    where: ['web hook header'],
    type: 'true',
    description:
      'The header carries the hook\'s secret as it is (not a signature of the body). A sender fills in ' +
      'its own secret there; a receiver compares it with its copy.',
    accepts: isTrue,
  } satisfies Extension<true>,
} as const;

export type ExtensionKey = keyof typeof EXT;

/** The extension's value on `owner`, if it has one of the right shape. */
export function readExtension<T>(owner: unknown, extension: Extension<T>): T | undefined {
  if (!isRecord(owner)) return undefined;
  const value = owner[extension.name];
  return extension.accepts(value) ? value : undefined;
}

/** `{ [name]: value }`, to spread into an object literal where the extension belongs in the key order. */
export function extensionEntry<T>(extension: Extension<T>, value: T): Record<Extension<T>['name'], T> {
  return { [extension.name]: value };
}

/** Writes the extension onto `owner`. */
export function writeExtension<T>(owner: object, extension: Extension<T>, value: T): void {
  (owner as Record<string, unknown>)[extension.name] = value;
}
