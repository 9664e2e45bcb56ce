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
  | { map: TypeExpr };

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
}

/**
 * An object on the wire. Responses list every field as present (OneDev writes nulls).
 * `requests` asks the builder for request variants of an entity:
 *   'create' -> `<Name>Create` (no read-only fields; required = requiredOnCreate),
 *   'update' -> `<Name>Update` (no read-only fields; nothing required: a partial merge).
 * Objects without `requests` are used as they are in both directions (settings beans: a Set
 * operation replaces the whole area, so every field is sent).
 */
export interface ObjectSchema extends Lifespan {
  kind: 'object';
  description: string;
  /** Member of a polymorphic family: pins `@type` (simple name) or `@class` (qualified name). */
  discriminator?: { property: '@type' | '@class'; value: string };
  fields: Record<string, Versioned<Field>>;
  requests?: readonly ('create' | 'update')[];
  /**
   * 'request': a bean only ever sent (a resource's own data class, e.g. PullRequestOpenData):
   * emitted once, required = `requiredOnCreate`, unknown properties refused.
   * 'response': a shape only ever returned (a map the server builds): every field required, and
   * other properties not refused (a reader must tolerate what it does not know).
   */
  usage?: 'request' | 'response';
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
  drop?: readonly string[];
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
}
export type ParameterTable = Record<string, Versioned<ParameterSpec>>;

/** A use of a shared parameter: its key, bare or with the releases in which the operation takes it. */
export type ParameterUse = string | ({ key: string } & Lifespan);

/** An error status an operation may answer with, bare or with the releases that answer it. */
export type ErrorUse = ErrorStatus | ({ status: ErrorStatus } & Lifespan);

export type HttpMethod = 'GET' | 'POST' | 'DELETE';

/** Error statuses an operation can answer with; each maps to a shared text/plain response. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 406 | 413 | 500 | 503;

export type RequestBodySpec =
  /** JSON body read by Jackson: `schema` names its type, `example` names an example component. */
  | {
      kind: 'json';
      type: TypeExpr;
      description: string;
      example: string;
      /** The server also takes the JSON literal `null` or no body at all (e.g. to clear a setting). */
      nullable?: boolean;
    }
  /**
   * A bare Java String parameter: the body is the text itself, never JSON-quoted.
   * `example` is the literal text (not an example component name).
   */
  | { kind: 'raw-text'; description: string; required: boolean; example: string }
  /** Bytes read from the request stream (an upload), sent as `application/octet-stream`. */
  | { kind: 'binary'; description: string };

export type SuccessSpec =
  /** 200 with a JSON body. */
  | { kind: 'json'; type: TypeExpr; description: string; example: string; nullable?: boolean }
  /** 200 whose body is a bare JSON number: the id of the created or updated record. */
  | { kind: 'id'; description: string }
  /** 200 with an empty body (`Response.ok()`). */
  | { kind: 'empty'; description: string }
  /**
   * 200 whose body is text written as it is (a Java String return: Jersey writes it without JSON
   * quotes, still labelled `application/json`), e.g. where a stored upload can be downloaded.
   * `example` is the literal text.
   */
  | { kind: 'raw-text'; description: string; example: string }
  /** 200 with bytes (a download or a stream): `mediaType` is what the server declares, e.g. `application/octet-stream`. */
  | { kind: 'binary'; description: string; mediaType: string };

/** A name a release's help page gives an operation, with the releases that use it. */
export type ReleaseName = { value: string } & Lifespan;

export interface OperationSpec extends Lifespan {
  /**
   * The help page's operation name, exactly (becomes `summary` and, with the group, the operationId):
   * one string, or the names in release order when OneDev renamed the Java method.
   */
  name: string | readonly ReleaseName[];
  method: HttpMethod;
  /** The seed's path, byte for byte, relative to the `/~api` base. */
  path: string;
  /** What it does, in our words. */
  description: string;
  /** Who may call it, in our words. */
  permission: string;
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
   * 'none': the operation takes no HTTP credentials (it authenticates by a parameter, as job
   * triggers do with their `access-token`), so the document-wide Basic/Bearer requirement is lifted.
   */
  credentials?: 'none';
}

export interface GroupSpec extends Lifespan {
  name: GroupName;
  /** Tag description, in our words. */
  description: string;
  operations: readonly OperationSpec[];
}
