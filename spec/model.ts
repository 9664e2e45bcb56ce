/**
 * Types of the catalogue. The catalogue is data: every module under spec/ exports values of
 * these types, and scripts/lib/build-document.ts is the one place that turns them into OpenAPI.
 */

import type { Lifespan, OneDevTag } from './releases.js';

export type { Lifespan } from './releases.js';

/**
 * A resource group's name: the help page's resource name, which is also the OpenAPI tag. The
 * groups, and their order, are those of spec/groups/index.ts.
 */
export type GroupName = string;

/**
 * Release annotations: every entry below may carry `since`/`until` (a Lifespan). Where one thing
 * changes shape between releases, the catalogue lists the shapes side by side, each with its
 * lifespan (`Versioned<T>`), and exactly one may be alive at any tag.
 */
export type Versioned<T> = T | readonly T[];

// ---------------------------------------------------------------------------------------------
// Type expressions: the small vocabulary fields, bodies and responses are written in.
// ---------------------------------------------------------------------------------------------

/** Scalar wire types. `epoch-day` is an int64 count of days since 1970-01-01 (Iteration days). */
export type ScalarType =
  | 'string'
  | 'int32'
  | 'int64'
  | 'number'
  | 'boolean'
  | 'date-time'
  | 'epoch-day'
  /** Any JSON value: only for beans nested deeper than three levels, or truly free-form data. */
  | 'any';

export type TypeExpr =
  | ScalarType
  /** Java enum: the constant names, in declaration order (a value may carry its lifespan). */
  | { enum: readonly EnumValue[] }
  /** A named component schema (an entity, a bean, a family, an enum). */
  | { ref: string }
  /** A JSON array (Java List/Collection/Set). */
  | { array: TypeExpr; uniqueItems?: boolean }
  /** A JSON object with free keys (Java Map<String, X>). */
  | { map: TypeExpr }
  /**
   * One of several shapes (a Java Object or Serializable the server fills with different types,
   * e.g. an issue field's value: a string or a list of strings).
   */
  | { oneOf: readonly TypeExpr[] };

/** An enum constant, bare or with the releases that have it. */
export type EnumValue = string | ({ value: string } & Lifespan);

/** One property of an object schema. */
export interface Field extends Lifespan {
  type: TypeExpr;
  /** Our own words: what the property means on the wire. */
  description: string;
  /** The server may write null here (and accepts null). */
  nullable?: boolean;
  /** Written by the server, ignored when sent (`id`): request variants accept it and say it is ignored. */
  readOnly?: boolean;
  /** OneDev's @Immutable: accepted on create, ignored on update. */
  immutable?: boolean;
  /** The create body must carry it (the server fails or stores garbage without it). */
  requiredOnCreate?: boolean;
  /** Extra JSON Schema keywords for scalars, e.g. { minimum: 1 } or { maxLength: 255 }. */
  constraints?: Record<string, unknown>;
  /**
   * The server sends the property only sometimes (it removes the key for some callers, or adds it
   * on request): our words for when it is there, e.g. 'the caller may see time tracking in the
   * issue\'s project'. Response shapes do not require it and say when it is present (generated
   * types mark it optional); request shapes treat it like any other field.
   */
  presentWhen?: string;
  /**
   * A request may leave it out: the server then keeps the field's initial value (null for most
   * "leave empty for default" settings). Shapes used in both directions otherwise require every
   * field; this one is required in none (responses still carry it).
   */
  optional?: boolean;
  /**
   * A request must carry it (not null, and for a text or a list not empty) when a sibling property
   * holds one of `values`; otherwise it may be left out (OneDev's `@DependsOn` beside `@NotEmpty`
   * or `@NotNull`). Breaking it is refused as a validation failure. The builder says so in the
   * property's description and lists the rule as EXT.requiredWhen on request shapes.
   */
  requiredWhen?: RequiredWhen;
  /**
   * The value the property takes when a request leaves it out (the server builds the whole bean,
   * so its field initialiser applies): written as the schema's `default`, and a stateful mock
   * fills a stored setting's missing properties with it. Only on `optional` fields.
   */
  default?: unknown;
}

/** The sibling property and the values of it that make a property required (Field.requiredWhen). */
export interface RequiredWhen {
  property: string;
  values: readonly string[];
}

/**
 * An object on the wire. Responses list every field as present (OneDev writes nulls) but those with
 * `presentWhen`.
 * `requests` asks the builder for request variants of an entity:
 *   'create' -> `<Name>Create` (no read-only fields; required = requiredOnCreate),
 *   'update' -> `<Name>Update` (no read-only fields; what is required follows the `update` mode
 *   of the operation whose body it is: nothing for 'merge', as 'create' for 'replace').
 * Objects without `requests` are used as they are in both directions (settings beans: a Set
 * operation replaces the whole area, so every field is sent).
 */
export interface ObjectSchema extends Lifespan {
  kind: 'object';
  description: string;
  /**
   * Member of a polymorphic family: pins `@type` (simple name) or `@class` (qualified name). Without
   * `value`, the property is required but takes any class name (an extension point whose classes
   * come from plugins).
   */
  discriminator?: { property: '@type' | '@class'; value?: string };
  fields: Record<string, Versioned<Field>>;
  requests?: readonly ('create' | 'update')[];
  /**
   * 'request': a bean only ever sent (a resource's own data class, e.g. PullRequestOpenData):
   * emitted once, required = `requiredOnCreate`, unknown properties refused.
   * 'response': a shape only ever returned (a map the server builds): every field required, and
   * other properties not refused (a reader must tolerate what it does not know).
   */
  usage?: 'request' | 'response';
  /**
   * Properties beyond `fields` are allowed in both directions: their names and types are not known
   * here (a plugin's own setting class). Without it, request shapes refuse unknown properties.
   */
  open?: boolean;
}

/** A value whose Java type is abstract or an interface: oneOf its concrete members. */
/** A family member, bare or with the releases that have it in this family. */
export type FamilyMember = string | ({ name: string } & Lifespan);

export interface FamilySchema extends Lifespan {
  kind: 'family';
  description: string;
  discriminator: '@type' | '@class';
  /**
   * Component names of the members; each must be an ObjectSchema with a matching discriminator.
   * A member whose schema does not exist in a release is left out of that release's family.
   */
  members: readonly FamilyMember[];
}

/** A named non-object type: an enum, an id, a list. */
export interface AliasSchema extends Lifespan {
  kind: 'alias';
  description: string;
  type: TypeExpr;
  nullable?: boolean;
}

export type SchemaSpec = ObjectSchema | FamilySchema | AliasSchema;

/** Named schemas of one module (component name -> definition). */
export type SchemaTable = Record<string, Versioned<SchemaSpec>>;

/**
 * How an example reads from a release on: `set` adds or replaces properties, `drop` removes them.
 * Applied to the value itself, or to each element when the value is a list.
 */
export interface ExampleChange {
  since: OneDevTag;
  set?: Record<string, unknown>;
  /**
   * For a list: what each element gains, in the list's order (for properties whose values differ
   * from one element to the next). Applied after `set`.
   */
  setEach?: ReadonlyArray<Record<string, unknown>>;
  drop?: readonly string[];
}

/**
 * A record OneDev's setup makes on a fresh server (a default role, an account), from the release
 * that first makes it (`since`; no release has stopped making one): the values setup gives it over
 * its kind's field defaults.
 */
export interface FreshRecordSpec {
  since?: OneDevTag;
  values: Readonly<Record<string, unknown>>;
}

/** A named example (component name -> example). */
export interface ExampleSpec extends Lifespan {
  summary: string;
  value: unknown;
  /** Changes from later releases, oldest first (a renamed field, a new one). */
  changes?: readonly ExampleChange[];
}
export type ExampleTable = Record<string, Versioned<ExampleSpec>>;

// ---------------------------------------------------------------------------------------------
// Parameters and operations
// ---------------------------------------------------------------------------------------------

export interface ParameterSpec extends Lifespan {
  /** Wire name, e.g. `requestId`, `offset`. */
  name: string;
  in: 'path' | 'query';
  description: string;
  type: TypeExpr;
  required: boolean;
  example: unknown;
  /** Extra JSON Schema keywords, e.g. { minimum: 0 } or { maximum: 100 }. */
  constraints?: Record<string, unknown>;
  /**
   * A path parameter the server matches with `(.*)` (e.g. `{artifactPath:(.*)}`): its value may
   * hold `/`. Emitted as `x-multi-segment: true`; the description must say how to encode it.
   */
  multiSegment?: boolean;
  /**
   * For a `query` parameter: the query language it takes (spec/queries/). The builder writes the
   * language into the description and emits it as EXT.queryLanguage for tools (the mock).
   */
  queryLanguage?: QueryLanguageSpec;
  /**
   * The largest `count` the server serves (only on a `count` query parameter). The builder writes
   * it as `maximum` (everyone) or EXT.nonAdminMaximum (non-administrators), and appends
   * the sentence saying so, with the status the release refuses a larger one with; the
   * description must not state the limit itself.
   */
  pageLimit?: PageLimit;
  /** For a free-text filter (`term`): what it matches (TermMatch). The builder writes it as EXT.matches. */
  matches?: TermMatch;
}

/**
 * What a free-text filter parameter matches: a record is listed when the text, compared without
 * regard to case, is contained in one of its `properties`, or in `property` of a record of kind
 * `record` whose `link` holds the listed record's id (a user's email addresses).
 */
export interface TermMatch {
  properties: readonly string[];
  related?: ReadonlyArray<{ record: string; link: string; property: string }>;
}
export type ParameterTable = Record<string, Versioned<ParameterSpec>>;

/** A page-size cap: at most `maximum` records, for every caller or only for non-administrators. */
export interface PageLimit {
  maximum: number;
  appliesTo: 'everyone' | 'non-administrators';
}

/** A use of a shared parameter: its key, bare or with the releases in which the operation takes it. */
export type ParameterUse = string | ({ key: string } & Lifespan);

/**
 * A refusal by validation, named by what validates rather than by its status, which changed
 * between releases (spec/responses.ts, VALIDATION_FAILURES, holds each release's status and body):
 * - 'validation': bean validation of the Java method's parameters: a `@NotNull` body sent as null, a
 *   `@NotEmpty` text or query parameter left empty, a rule of a `@Valid` body broken;
 * - 'validation-check': a check the resource or a service makes itself that throws a validation
 *   exception (a ref that does not fit, a job parameter the job does not declare).
 */
export type ValidationKind = 'validation' | 'validation-check';

/**
 * An error status, bare or with the releases that answer it. `message`: what the server says at
 * that status for this operation, when it says something of its own rather than what the shared
 * response's example shows (a lookup by name answers `HTTP 404 Not Found`, not a missing row);
 * `meaning`: when the status, for this operation, means other than the shared response says.
 */
export type StatusUse = ErrorStatus | ({ status: ErrorStatus; message?: string; meaning?: string; missingId?: MissingIdCallers } & Lifespan);

/**
 * On a StatusUse: the status is how the operation answers a path id no record has, instead of 404,
 * for these callers (others get 404). OneDev answers 400 when the resource returns the record it
 * loaded by id without touching it: the lazy row is first read while Jackson writes the answer,
 * and Jackson's mapper turns the missing row into 400 with Hibernate's message. `administrators`:
 * only a site administrator's call leaves the record untouched (the owner check is skipped for
 * them). The builder emits it as EXT.missingId on the operation; the stateful mock answers
 * a missing record so.
 */
export type MissingIdCallers = 'everyone' | 'administrators';

/** An error an operation may answer with (a status, or a validation kind), bare or with the releases that answer it. */
export type ErrorUse = StatusUse | ValidationKind | ({ status: ValidationKind } & Lifespan);

export type HttpMethod = 'GET' | 'POST' | 'DELETE';

/** Error statuses an operation can answer with; each maps to a shared text/plain response. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 406 | 413 | 415 | 500 | 503;

export type RequestBodySpec =
  /** JSON body read by Jackson: `schema` names its type, `example` names an example component. */
  | {
      kind: 'json';
      type: TypeExpr;
      description: string;
      example: string;
      /** The server also takes the JSON literal `null` or no body at all (e.g. to clear a setting). */
      nullable?: boolean;
      /**
       * For a body that changes a stored record: 'merge' when the server applies only the
       * properties present (a property left out keeps its stored value: OneDev loads the entity by
       * the path id and reads the body into it), 'replace' when the body replaces the stored
       * values (a property left out takes its default). The builder says so in the body's
       * description and in the note of an `<Entity>Update` schema the body names.
       */
      update?: 'merge' | 'replace';
    }
  /**
   * A bare Java String parameter: the body is the text itself, never JSON-quoted.
   * `example` is the literal text (not an example component name).
   */
  | { kind: 'raw-text'; description: string; required: boolean; example: string }
  /** Bytes read from the request stream (an upload), sent as `application/octet-stream`. */
  | { kind: 'binary'; description: string }
  /**
   * The Java method takes no body, yet its resource consumes JSON, so the request must be labelled
   * `application/json` (spec/responses.ts, JSON_CONSUMED): an optional JSON object the server never
   * reads. The release selection gives it to every such POST that lists no body.
   */
  | { kind: 'ignored'; description: string };

/**
 * Whether a JSON answer whose type is a polymorphic family (or one member of one) carries the
 * family's discriminator at its root. OneDev's Jersey hands Jackson the declared type only when it
 * is generic (a `List<...>`), so a bare value is written as its concrete class; OneDev's default
 * typing writes a type id only for abstract declared types, so the root comes without one
 * (`'omitted'`), while values inside lists and properties keep theirs. A family whose abstract
 * class names its type info itself (`@JsonTypeInfo`, the Authenticator's `@class`) has it written
 * for its concrete classes too (`'written'`). A request body is read as its declared type, so it
 * needs the discriminator either way.
 */
export type RootDiscriminator = 'written' | 'omitted';

export type SuccessSpec =
  /**
   * 200 with a JSON body. `rootDiscriminator` is required when `type` names a family or a family
   * member, and only then: with `'omitted'` the builder describes the root without the
   * discriminator (`<Name>Untagged`, members told apart by their properties) and the example must
   * not carry it.
   */
  | { kind: 'json'; type: TypeExpr; description: string; example: string; nullable?: boolean; rootDiscriminator?: RootDiscriminator }
  /** 200 whose body is a bare JSON number: the id of the created or updated record. */
  | { kind: 'id'; description: string }
  /** 200 with an empty body (`Response.ok()`). */
  | { kind: 'empty'; description: string }
  /**
   * 200 whose body is text written as it is (a Java String return: Jersey writes it without JSON
   * quotes, still labelled `application/json`), e.g. where a stored upload can be downloaded.
   * `example` is the literal text; `{version}` in it (as in an operation's description) stands for
   * the release's version number (`16.3.2` at v16.3.2), `{release}` for its tag.
   */
  | { kind: 'raw-text'; description: string; example: string }
  /** 200 with bytes (a download or a stream): `mediaType` is what the server declares, e.g. `application/octet-stream`. */
  | { kind: 'binary'; description: string; mediaType: string };

/** A name a release's help page gives an operation, with the releases that use it. */
export type ReleaseName = { value: string } & Lifespan;

/** A text that differs between releases, each wording with the releases it holds for. */
export type ReleaseText = { value: string } & Lifespan;

export interface OperationSpec extends Lifespan {
  /**
   * The help page's operation name, exactly (becomes `summary` and, with the group, the operationId):
   * one string, or the names in release order when OneDev renamed the Java method.
   */
  name: string | readonly ReleaseName[];
  method: HttpMethod;
  /** The seed's path, byte for byte, relative to the `/~api` base. */
  path: string;
  /**
   * What it does, in our words: one text, or its wordings in release order where a fact of the
   * prose changed (never a sentence listing tags).
   */
  description: string | readonly ReleaseText[];
  /** Who may call it, in our words (one text, or its wordings in release order). */
  permission: string | readonly ReleaseText[];
  /** Keys into the shared parameter table (spec/parameters.ts), in order. */
  parameters?: readonly ParameterUse[];
  body?: RequestBodySpec;
  success: SuccessSpec;
  /** When the server answers 204 with no body instead (a Java null return): why. */
  noContent?: string;
  errors: readonly ErrorUse[];
  /** Set for operations that servers of the described release no longer have: why. */
  deprecated?: string;
  /**
   * 'any': the resource consumes any media type (`@Consumes(MediaType.WILDCARD)`, as the job trigger does), so no
   * Content-Type is refused (JSON_CONSUMED in spec/responses.ts does not apply). By default a
   * resource consumes JSON, and an upload (a `binary` body) `application/octet-stream`.
   */
  consumes?: 'any';
  /**
   * 'none': the operation takes no HTTP credentials (it authenticates by a parameter, as job
   * triggers do with their `access-token`), so the document-wide Basic/Bearer requirement is lifted.
   */
  credentials?: 'none';
  /**
   * Set on the two operations that describe one OneDev route whose template glues an optional
   * path to the segment before it (`/artifacts/{buildId}{artifactPath:(/.*)?}`): many tools cannot
   * route two parameters, or a word and a parameter, in one segment. `route` is OneDev's template
   * (relative to `/~api`, as the resource class writes it); `part` says which URLs this operation
   * takes: 'root' the URL without the path (`/artifacts/{buildId}`), 'nested' the URL with the path
   * as segments of their own (`/artifacts/{buildId}/{artifactPath}`). Both keep the help page's
   * `name`; the root part's summary adds "(root)" (and its operationId "Root"). The builder checks
   * `path` against `route` and writes the route as EXT.route.
   */
  splitRoute?: { route: string; part: 'root' | 'nested' };
  /**
   * What a POST or DELETE changes (spec/model.ts, EffectSpec), one entry per span of releases
   * where it differs; required for every POST and DELETE (test/spec/effects.test.ts). The builder
   * writes the release's entry as `x-onedev-effect`.
   */
  effect?: Versioned<EffectSpec>;
  /**
   * On a GET under a record's path that answers a list of records linked to it by a property not
   * named like the path's id (`/users/{userId}/ssh-keys` lists the keys whose `ownerId` is the
   * user): those properties of the listed schema; a record is listed when any of them holds the
   * path's id (an issue's links: `sourceId` or `targetId`). The builder writes it as
   * `x-onedev-lists`; the stateful mock answers the records it has that match. With
   * `referencing` instead: the records whose text refers to the path's record as a step's
   * `referencedIn` does (an issue's pull requests: those whose description fixes it).
   */
  lists?: ListsSpec;
  /**
   * What a GET answers that its path does not name: 'caller', the record of the user the request
   * is authenticated as (Get Me); 'stored', the records whose ids the write at the same path
   * stored (its `setting` step: an issue's iterations). The builder writes it as
   * `x-onedev-answers`; the stateful mock answers those records.
   */
  answers?: 'caller' | 'stored' | RefsRead;
}

/** A Git ref of a project's repository. */
export type RefKind = 'branch' | 'tag';

/**
 * A read a project's repository answers (`answers`, object form), the project being the path's
 * `projectId`: the names of its branches or tags (the default branch first, then newest first, as
 * OneDev sorts refs), or with `name`, the ref that path parameter names as `{ refName, commitHash }`,
 * and for one it lacks a 404 in the words of `missing` (`<name>`: the name asked).
 */
export interface RefsRead {
  refs: RefKind;
  name?: string;
  missing?: string;
}

// ---------------------------------------------------------------------------------------------
// Effects: what a state-changing operation changes, as a table the builder writes into the
// description (`x-onedev-effect`) and the stateful mock applies step by step.
// ---------------------------------------------------------------------------------------------

/**
 * Where a step finds the id of the record it changes:
 * - `param`: a path parameter (`requestId`);
 * - `field`: a property of the operation's subject, the record its first step creates, changes or
 *   removes (`issueId` of a vote: the voted issue);
 * - `body: 'whole'`: the body itself is the id (a JSON number, as Set Primary Email Address takes);
 * - `where`: the first record whose properties have these values (the review of a request by a
 *   user); a `set` step whose record is not there creates it from those values;
 * - `others`: every record with these values but the subject (the owner's other email addresses,
 *   which lose the primary mark when one gets it).
 */
export type RecordAt =
  | { param: string }
  | { field: string }
  | { body: 'whole' }
  | { where: Readonly<Record<string, EffectValue>> }
  | { others: Readonly<Record<string, EffectValue>> }
  | ReferencedIn;

// --- Effects that reach other records (the issues a pull request fixes) ---------------------

/**
 * How a GET lists records linked to the path's record: by properties holding its id (`except`:
 * leaving out those with these values, as Get Reviews leaves out the excluded reviewers), or
 * (`referencing`) by a text of theirs that refers to its `number` within their `project`.
 */
export type ListsSpec = { fields: readonly string[]; except?: Readonly<Record<string, string | number | boolean | null>> } | { referencing: ReferencedIn };

/** The words before an issue's `#number` that mark it fixed by a text (OneDev's fix keywords). */
export type ReferencePattern = 'fixes';

/**
 * Every record (none, one or several) that a text property of the subject refers to: for
 * `pattern: 'fixes'`, each `#number` that follows one of the fix words (`fix`, `fixes`, `fixed`,
 * `resolve`, `resolves`, `resolved`, `close`, `closes`, `closed`, any case) names the record of the
 * step's kind with that `number` whose `projectId` is the subject's `project` property (a pull
 * request's `targetProjectId`). A step at it is applied to each such record; a number naming no
 * record is passed over, as the server does.
 */
export interface ReferencedIn {
  referencedIn: string;
  pattern: ReferencePattern;
  project: string;
}

/**
 * A value a step writes: a constant; the calling user's id; now (a date, or epoch milliseconds for
 * an integer property); the body as sent (a raw-text title, a JSON enum); one property of the body;
 * a path parameter; the milliseconds since a date property of the record (`duration`, from
 * `submitDate`); or nothing (the property becomes null, or is left out where the schema has
 * no null).
 */
export type EffectValue =
  | { const: string | number | boolean | null }
  | { param: string }
  | { caller: 'id' }
  | { now: true }
  | { body: true }
  | { bodyField: string }
  | { elapsedSince: string }
  /** A property of the operation's subject, the record its first step made (the new user's `id`). */
  | { subject: string }
  /**
   * The position of the issue state that the record's property of this name holds (after the
   * step's other values) among the issue setting's states, from 0 (an issue's `stateOrdinal`).
   */
  | { stateOrdinal: string }
  /** A tree's path (TreePath): the parent's path, `/` and the name, or the name alone at the root. */
  | { path: TreePath }
  /** In a create step with `each`: the element of the body's list the record is made for. */
  | { element: true }
  /** A query parameter as sent (none: absent), after `prefix` (`refs/heads/` before a branch name). */
  | { query: string; prefix?: string }
  /** The first of these values the request gives (a branch, else a tag). */
  | { firstOf: readonly EffectValue[] }
  /** The id of the record of kind `idOf` whose property `by` holds the value (a project found by its path). */
  | { idOf: string; by: string; value: EffectValue }
  | { unset: true };

/**
 * Where a record of a tree (a project) finds the parts of its path: `name` its own name, `parent`
 * the property holding its parent's id, a record of the same kind whose `path` goes first. Both are
 * read from the body, else from the record as it was (a move changes only the parent).
 */
export interface TreePath {
  parent: string;
  name: string;
}

/**
 * A create step's default for one property, the value the server's new record starts from: the
 * body's value goes over it. An object default is filled in member by member, so a body's `{}`
 * gets the default's members (the server writes every field of a nested object, null or not).
 */
export type CreateDefault = string | number | boolean | null | { readonly [member: string]: string | number | boolean | null };

/** A record of another kind that goes with the one removed: those whose `field` holds its id. */
export interface Cascade {
  record: string;
  field: string;
}

/**
 * One change. `create`, `update`, `set` and `remove` name the component schema of the records they
 * touch; the first step's record is the operation's subject.
 * - create: a new record from the body's properties the schema has, then `values`; the operation
 *   answers its id (the first create's); `ifBodyField`: only when the body gives that property a
 *   value (a user created with an email address gets it as its primary one);
 *   `defaults`: what the server gives a property the body leaves out (CreateDefault);
 *   `each`: one record per element of the body's list property of that name (none for an empty or
 *   absent list), from `values` alone (`{ element: true }` the element), not from the body: the
 *   reviews and assignments a new pull request's `reviewerIds` and `assigneeIds` make;
 * - update: the body's properties the schema has, over the record's (a property left out keeps its
 *   value);
 * - set: `values` written into the record;
 * - remove: the record is gone (later reads answer 404), and with it the records `cascade` names;
 * - count: an integer property of the record moved by one, up or down (a vote moves `voteCount`);
 *   `onlyWithBody`: only when the request has a body (a note the server adds as a comment);
 *   `ifBodyField`: only when the body gives that property a value (a transition's `comment`);
 * - setting: the setting read at the operation's path is the body from now on;
 * - ref: a branch or tag is made or deleted (RefStep).
 */
export type EffectStep =
  | { create: string; values?: Readonly<Record<string, EffectValue>>; ifBodyField?: string; defaults?: Readonly<Record<string, CreateDefault>>; each?: string }
  | { update: string; at: RecordAt; values?: Readonly<Record<string, EffectValue>> }
  | { set: string; at: RecordAt; values: Readonly<Record<string, EffectValue>> }
  | { remove: string; at: RecordAt; cascade?: readonly Cascade[] }
  | { count: string; at: RecordAt; property: string; by: 1 | -1; onlyWithBody?: true; ifBodyField?: string }
  | { setting: 'replace' }
  | RefStep;

/**
 * ref: a branch or tag of a project's repository is made or deleted (the repository holds no
 * records: reads of it answer as `RefsRead` says). `project` and `name` are a constant, a path
 * parameter, the body or one of its properties, or a property of the subject (a pull request's
 * `sourceProjectId` and `sourceBranch`). A new ref points at `revision` (a branch, a tag or a
 * commit), else at the commit the ref pointed at when it was deleted (a restored branch), else at
 * the head of the default branch.
 */
/** The value forms a `ref` step and a `refExists` condition take: those that name no record's property. */
export const REF_VALUE_FORMS = ['const', 'param', 'body', 'bodyField', 'subject'] as const;

export interface RefStep {
  ref: RefKind;
  action: 'create' | 'delete';
  project: EffectValue;
  name: EffectValue | IssueBranchName;
  revision?: EffectValue;
  /** The record the ref is made for, the operation's subject (`subject` values read it): the issue of Create Issue Branch. */
  of?: { record: string; at: RecordAt };
  /** The operation answers the ref's name, as plain text. */
  answersName?: true;
}

/**
 * The name OneDev gives an issue's branch: a branch of the repository that already carries the
 * issue's number (`issue-<number>` after its last `/`, any case, not followed by a digit), else
 * `issue-<number>-<slug>`, the slug being the title with each run of characters other than ASCII
 * letters and digits made one `-`, lower case, cut to 30 characters, no `-` at either end (no
 * slug: `issue-<number>`). `number` and `title` are properties of the subject. A making of a ref
 * that exists leaves it where it is.
 */
export interface IssueBranchName {
  issueBranch: { number: string; title: string };
}

/** The names of the step kinds (each has its module in the mock, scripts/lib/mock/effects/). */
export type EffectStepKind = 'create' | 'update' | 'set' | 'remove' | 'count' | 'setting' | 'ref';

/** The component schema a step changes (a `setting` step changes the setting at its path). */
export function stepRecord(step: EffectStep): string | undefined {
  if ('create' in step) return step.create;
  if ('update' in step) return step.update;
  if ('set' in step) return step.set;
  if ('remove' in step) return step.remove;
  if ('count' in step) return step.count;
  if ('ref' in step) return step.of?.record;
  return undefined;
}

/**
 * When the server refuses a request because of the state it finds (checked before any step):
 * - `property`/`in`: the subject (the record at the first step's `at`) has one of these values;
 * - `duplicate`: another record of the created kind has the same values of these properties as the
 *   body (DuplicateCondition: of another kind, or only among some);
 * - `same`: two properties of the body hold the same value (a link from an issue to itself); with
 *   `and`, so do each of these pairs too (a pull request whose source project and branch are its
 *   target's);
 * - `missing`: the record of kind `record` that the body's `field` names does not exist;
 * - `subscription`: the server has no active subscription (the recorded community build has none),
 *   for every call, or, with `field`, only when the body sets that property;
 * - `refExists`: the repository already has the branch or tag (RefCondition).
 */
export type EffectCondition =
  | { property: string; in: readonly (string | number | boolean | null)[] }
  | DuplicateCondition
  | { same: readonly [string, string]; and?: readonly (readonly [string, string])[] }
  | { missing: string; field: string }
  | { subscription: true; field?: string }
  | SettingCondition
  | RefCondition;

/**
 * `refExists`: the project's repository already has a branch or tag of that name (values as a
 * `ref` step reads them): creating it again is refused.
 */
export interface RefCondition {
  refExists: RefKind;
  project: EffectValue;
  name: EffectValue;
}

/**
 * `duplicate`, in full: another record has the same values of these properties as the body (or,
 * for a create, as the record it would make). `of`: the records looked at are of that kind, not
 * the subject's (an email address another user has, for a new user), their properties `as` (in
 * the order of `duplicate`; default the same names), and a body without a value for them is no
 * duplicate. `only`: just the records with these values count (the open pull requests).
 */
export interface DuplicateCondition {
  duplicate: readonly string[];
  of?: string;
  as?: readonly string[];
  only?: Readonly<Record<string, string | number | boolean | null>>;
}

/**
 * Refusals by a setting the server holds, or by a list it keeps (each read as the mock holds it):
 * - `unset`: the setting read at this path (`/settings/mail-service`) is cleared;
 * - `unlisted`: a value the body gives is none of the names a list holds: the body's property
 *   `unlisted` (with `keys`, each key of that object property), the names being the property `name`
 *   of the entries of the list `list` (a dotted property path) of the setting read at `setting`, or
 *   of the record of kind `record` that the body's `field` names;
 * - `unchosen`: the body maps names of such a list's entries to values (an issue's fields); an
 *   entry that has a list at `choices` (a dotted path) takes only values among its entries'
 *   property `choice` (a single value; a list of values passes); other entries and unknown names pass;
 * - `filled`: the body's property is a list with at least one entry (a rule no entry can meet).
 * In a message `<unlisted>` stands for the value that is not listed.
 */
export type SettingCondition =
  | { unset: string }
  | { unlisted: string; keys?: true; in: ListedNames }
  | { unchosen: ListedNames; choices: string; choice: string }
  | { filled: string };

/** Where a list of names is kept: in a setting (by its read's path) or in a record the body names. */
export type ListedNames =
  | { setting: string; list: string; name: string }
  | { record: string; field: string; list: string; name: string };

/** A refusal that depends on state: the status and the server's message (what its answer says). */
export interface EffectRefusal extends Lifespan {
  when: EffectCondition;
  status: ErrorStatus;
  message: string;
}

/**
 * What an operation that changes state changes, at the releases of its lifespan. `changes` in
 * order; none at all only with `none`, which says why (the change is not one the API reads back:
 * a mail sent, a password hash, an agent's next job). `refuses` is checked first, in order.
 */
export interface EffectSpec extends Lifespan {
  changes: readonly EffectStep[];
  none?: string;
  refuses?: readonly EffectRefusal[];
}

export interface GroupSpec extends Lifespan {
  name: GroupName;
  /** Tag description, in our words. */
  description: string;
  operations: readonly OperationSpec[];
}

// ---------------------------------------------------------------------------------------------
// Query languages: the filters the `query` parameters take (spec/queries/). Entries carry their
// releases like everything else; the builder describes one release's language and emits it as
// EXT.queryLanguage on the parameter, so the mock parses and evaluates what it describes.
// ---------------------------------------------------------------------------------------------

/** An operator between a quoted field and its values (or alone, for the ones that take none). */
export type QueryOperator =
  | 'is' | 'is not' | 'contains' | 'is greater than' | 'is less than' | 'is since' | 'is until'
  | 'is before' | 'is after' | 'is empty' | 'is not empty' | 'is me' | 'is not me';

/** Operators that take no value after them. */
export const VALUELESS_QUERY_OPERATORS: readonly QueryOperator[] = ['is empty', 'is not empty', 'is me', 'is not me'];

/**
 * How a value is read and compared with a record:
 * `wildcard` text, case-insensitive, `*` any run of characters; `path` a project path, `*` within
 * one level and `**` across levels; `contains` text found anywhere, case-insensitive; `exact` the
 * same text; `number` an integer; `date` a date such as `2025-06-01` (or `2025-06-01 14:30`) or a
 * relative one such as `3 days ago`, `is since` meaning after it and `is until` before it; `user` the
 * login name of an existing user; `label` the name of a defined label; `state` an issue state, in
 * workflow order; `reference` a record's number with its project, `acme/webapp#100` or `WEB-100`;
 * `choice` one of `choices`; `name` a record named so (an agent, a job, a link);
 * `person` a Git identity written `Name <email>`: the text found anywhere in it, case-insensitive,
 * `*` any run of characters, `@<login>` the user's email addresses (git log's `--author`);
 * `pathspec` a Git pathspec: a path without wildcards selects itself and what lies under it, `*`
 * matches any run of characters, `/` included (git log's `-- <path>`); `link` the name of a link
 * spec, as either end shows it (QueryLanguageSpec.links); `working-period` a working period such as
 * `1w 2d 4h 30m` (weeks, days, hours, minutes, each optional but in that order; spaces ignored; `0`),
 * counted in minutes with a fresh server's time tracking (8 hours a day, 5 days a week), anything
 * else refused (`working-period`); `fraction` a decimal fraction (`0.5` is half), the record holding
 * a whole percentage that is compared with the value times 100, cut to a whole number (a decimal the
 * server cannot read is refused as `decimal`); `ordered-choice` a custom choice field's value, compared
 * exactly by `is`/`is not` (a value outside `choices` selects nothing, and is not refused), while `is
 * greater than`/`is less than` compare positions in the order of `choices` (a value outside them
 * counts as before the first).
 */
export type QueryMatch =
  | 'wildcard' | 'path' | 'contains' | 'exact' | 'number' | 'date' | 'user' | 'label' | 'state' | 'reference' | 'choice' | 'name'
  | 'person' | 'pathspec' | 'link' | 'working-period' | 'fraction' | 'ordered-choice';

/**
 * Where a value is found. `property`: a property of the listed record (a dotted path into nested
 * objects, e.g. `lastActivity.date`); a property holding an id (`submitterId`, `targetProjectId`)
 * is compared by the name or path of what it refers to. `relation`: something the server keeps
 * apart from the record (its labels, reviews, watchers, comments), named in our words.
 */
export type QueryTarget = { property: string } | { relation: string };

/** A field of a query language: `"<name>" <operator> "<value>"`. */
export interface QueryFieldSpec extends Lifespan {
  /** As written between double quotes, e.g. `Target Branch`. */
  name: string;
  /** The operators it takes (an operator may carry its own releases). */
  operators: readonly (QueryOperator | ({ operator: QueryOperator } & Lifespan))[];
  target: QueryTarget;
  match: QueryMatch;
  /** The property holds a Git ref: only refs with this prefix count, compared without it (`refs/heads/`). */
  refPrefix?: string;
  /**
   * For `match: 'choice'` and `'ordered-choice'`: the values a query may give, as written, each
   * with the stored value, in the field's order.
   */
  choices?: Readonly<Record<string, string>>;
  /** What it means, in our words (one short phrase). */
  about: string;
}

/**
 * What a criterion without a field selects:
 * - `{ target, in }`: records whose property (or relation) holds one of these values;
 * - `{ target, user: true }`: records whose user property or relation holds the user named (the
 *   criterion's value, or the caller for its `... me` form);
 * - `{ target, match }`: records whose property or relation matches the criterion's value(s);
 * - `{ orders }`: an ordering keyword (the commit language's `order-by-date`);
 * - `{ refused }`: criteria about a page's context, which the REST API refuses with this message.
 */
export type QuerySelection =
  | { target: QueryTarget; in: readonly (string | number | boolean | null)[] }
  | { target: QueryTarget; user: true }
  /** `bound`, for a date: records dated before the value, or after it (the default). */
  | { target: QueryTarget; match: QueryMatch; bound?: 'before' | 'after' }
  /** Selects every record and orders them by the target, newest or latest first. */
  | { orders: QueryTarget }
  | { refused: string };

/** A criterion without a field: a keyword (`open`, `submitted by me`), or a keyword and values (`submitted by "robin"`). */
export interface QueryCriterionSpec extends Lifespan {
  /** Lower-case words, as written, e.g. `submitted by me`. */
  keyword: string;
  /**
   * It takes one or more quoted values after the keyword, separated by commas (in the commit
   * language, values in parentheses one after another); `'one'`: exactly one.
   */
  takesValues?: boolean | 'one';
  /**
   * A criterion with a shape of its own: `fixed between <revision> and <revision>` (a revision is
   * `build`, `branch`, `tag` or `commit` and a quoted value), or `any|all "<link>" matching (<criteria>)`.
   */
  form?: 'between-revisions' | 'link-match';
  /**
   * Commit language: the criterion names a revision, which may follow `since` or `until` to bound
   * a range: a branch, a tag, a commit (anything Git resolves: a hash, an abbreviated one, a ref
   * name), or a build (whose commit counts). Without values it names the default branch.
   */
  revision?: RevisionKind;
  selects: QuerySelection;
  about: string;
}

/** What a commit-language revision names (QueryCriterionSpec.revision). */
export type RevisionKind = 'branch' | 'tag' | 'commit' | 'build';

/** A field `order by` takes, and its direction when the query gives none. */
export interface QueryOrderSpec extends Lifespan {
  field: string;
  target: QueryTarget;
  /** Without `asc`/`desc`: descending (most recent or largest first) instead of ascending. */
  descendingByDefault?: boolean;
}

/** A bare token as a criterion: a reference `acme/webapp#100` or `WEB-100`, a number `#100`, or `~text~`. */
export interface QueryTokenSpec extends Lifespan {
  token: 'reference' | 'number' | 'fuzzy';
  /** What it selects, in our words. */
  about: string;
  /** For `fuzzy`: the properties the text is looked for in (case-insensitive). */
  searches?: readonly string[];
  /** For `fuzzy`: relations (QueryTarget) the text is looked for in too, e.g. the comments' texts. */
  searchesRelations?: readonly string[];
  /**
   * Commit language: text naming a branch, a tag or (six characters or more) a commit selects that
   * revision instead of being looked for; a tag or commit named alone lists that one commit.
   */
  revisions?: boolean;
}

/**
 * How a release answers a query it refuses, by what is wrong. `{field}`, `{operator}` and
 * `{value}` in a message stand for the query's own words.
 */
export type QueryRefusalKind =
  | 'syntax' | 'unknown-field' | 'operator' | 'order' | 'user' | 'label' | 'number' | 'date' | 'reference' | 'reference-form'
  | 'choice' | 'criterion'
  /** A reference naming no project: `#100` (and, where the language says so, a bare `100`). */
  | 'reference-project'
  /** A reference that is a bare number, `100`. */
  | 'reference-number'
  /** A value of a `working-period` field the server cannot read (`5`: no unit). */
  | 'working-period'
  /** A value of a `fraction` field that is no decimal. */
  | 'decimal'
  /** A revision the repository lacks (`{value}`: as resolved, e.g. `refs/heads/main`). */
  | 'revision'
  /** A full hash the repository has no commit for. */
  | 'commit'
  /** A project-scoped revision (`acme/webapp:main`) whose project does not exist or is not given. */
  | 'scoped-revision'
  /** Two revisions of `fixed between` in different projects. */
  | 'mixed-projects'
  /** A build that does not exist. */
  | 'build'
  /** A link name no link spec has. */
  | 'link'
  /** A criterion about the caller, asked without credentials. */
  | 'anonymous';
export interface QueryRefusalSpec extends Lifespan {
  kind: QueryRefusalKind;
  status: ErrorStatus;
  message: string;
}

/** A type of issue custom field, as a query language takes the fields of that type. */
export interface QueryCustomFieldSpec extends Lifespan {
  /** The type as the issue settings name it, e.g. `Choice` (a single choice; `Multiple Choice`). */
  type: string;
  operators: readonly (QueryOperator | ({ operator: QueryOperator } & Lifespan))[];
  /** `order by` takes fields of this type (ascending unless `desc`). */
  orderable?: boolean;
}

/** One language, as the `query` parameter of a list takes it. */
export interface QueryLanguageSpec {
  /** Whose list, e.g. `pull request` (the web UI's pull request list speaks the same language). */
  list: string;
  /**
   * `entity` (the default): criteria joined by `and`/`or`/`not(...)` and parentheses, then `order
   * by`. `commit`: criteria one after another, each value in parentheses (`branch(main)`).
   */
  syntax?: 'entity' | 'commit';
  /** Plural of the records it lists, e.g. `pull requests`. */
  records: string;
  fields: readonly QueryFieldSpec[];
  criteria: readonly QueryCriterionSpec[];
  tokens: readonly QueryTokenSpec[];
  orderBy: readonly QueryOrderSpec[];
  /** The order when the query gives none, in our words. */
  defaultOrder: string;
  /**
   * Fields the server adds from its own settings (issue custom fields, build parameters, agent
   * attributes), in our words; a mock knows only the defaults listed in `fields`.
   */
  settingsFields?: string;
  /**
   * Issue custom fields by type: the operators each type of field takes and whether `order by`
   * takes it (the fresh server's own custom fields are in `fields` and `orderBy` too).
   */
  customFields?: readonly QueryCustomFieldSpec[];
  refusals: readonly QueryRefusalSpec[];
  /** Example queries, valid at every release the language is used. */
  examples: readonly string[];
  /**
   * The issue link specs of a fresh server, by the name each end shows: `name` from the source
   * issue, `opposite` from the target (a spec without one shows `name` from both ends).
   */
  links?: ReadonlyArray<{ name: string; opposite?: string } & Lifespan>;
}

// ---------------------------------------------------------------------------------------------
// Web hooks: the events OneDev posts to a project's web hooks (spec/webhooks/). The builder emits
// one `webhooks` entry per event alive at a release; payloads are ordinary object schemas, so
// their fields and enum values carry releases like everything else.
// ---------------------------------------------------------------------------------------------

/**
 * Where a payload value comes from when an operation causes the event (read by the mock, shown
 * in the docs): `answer` (what the operation answered: a new record's id, a text), `path.<name>`
 * or `body.<name>` (the request's path parameter or top-level body property, as sent),
 * `now` (the time of the delivery), `none` (null: OneDev posts the event without it, e.g. a ref
 * update made through the REST API has no user), `GET <path> <property>` (a property of what that
 * read answers after the write, e.g. `GET /pulls/{path.requestId} targetProjectId`), or text with
 * `{answer}`, `{path.<name>}` and `{body.<name>}` placeholders (`refs/heads/{body.branchName}`; a
 * text of digits is a number where the property is one, e.g. `-1`, the system account).
 * `participatingUserIds`, where a release has it, follows `userId` unless a cause gives it.
 */
export type PayloadSource = string;

/** An operation whose success makes OneDev send the event, and where payload values come from. */
export interface WebhookCause extends Lifespan {
  /** The operation's route, `METHOD /path` as the catalogue writes it (stable across renames). */
  route: string;
  /** Payload property -> its source; properties left out take the example's value. */
  values?: Readonly<Record<string, PayloadSource>>;
}

/** One concrete event class that can reach a web hook: a `webhooks` entry, named after the class. */
export interface WebhookEventSpec extends Lifespan {
  /** The class's simple name, e.g. `PullRequestOpened` (also the `type` value where OneDev sends one). */
  name: string;
  /** When OneDev sends it, in our words. */
  description: string;
  /** Component name of the payload (an object schema). */
  payload: string;
  /** Example component name: a payload OneDev could send (validated against `payload`). */
  example: string;
  /** REST operations that make OneDev send it (many events also come from the web UI, Git or the server itself). */
  causes?: readonly WebhookCause[];
}

/** The events one `WebHook.EventType` constant selects (its `includes`): one module of spec/webhooks/. */
export interface WebhookEventTypeSpec extends Lifespan {
  /** The constant, as a hook's `eventTypes` lists it, e.g. `PULL_REQUEST`. */
  eventType: string;
  /** The tag its events are grouped under in the docs. */
  tag: string;
  /** What the family covers and how to read its payloads, in our words (each event's body description). */
  description: string;
  events: readonly WebhookEventSpec[];
}

/** A header OneDev sets on every delivery. */
export interface WebhookHeaderSpec extends Lifespan {
  name: string;
  description: string;
  type: TypeExpr;
  example: unknown;
  /** It carries the hook's secret (emitted as EXT.secret: true; a mock sends its own secret there). */
  secret?: boolean;
}

/** What every delivery shares, whatever the event. */
export interface WebhookDeliverySpec {
  /** Said under every event, after its own description: sections with the releases they hold for. */
  description: readonly ({ text: string } & Lifespan)[];
  /** Headers described as header parameters (Content-Type is the body's media type). */
  headers: readonly WebhookHeaderSpec[];
  /** The body's media type. */
  mediaType: string;
  /** The receiver's answers (`200`, `default`), each with what OneDev does about it. */
  responses: Readonly<Record<string, string>>;
  /** The releases whose hooks take headers of their own (`WebHookHeader`), emitted as EXT.customHeaders. */
  customHeaders: Lifespan;
  /** Sources of payload values every cause shares unless it gives its own (e.g. `date: 'now'`). */
  values: Readonly<Record<string, PayloadSource>>;
}
