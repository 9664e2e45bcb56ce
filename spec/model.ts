/**
 * Types of the catalogue. The catalogue is data: every module under spec/ exports values of
 * these types, and scripts/lib/build-document.ts is the one place that turns them into OpenAPI.
 */

/** The 20 resource groups, spelled exactly as the seed spells them, in the seed's order. */
export const GROUP_NAMES = [
  'Setting',
  'Pull Request',
  'Build',
  'Group',
  'Label Spec',
  'Role',
  'Package',
  'Pull Request Comment',
  'Pull Request Watch',
  'Issue Watch',
  'Iteration',
  'Issue Work',
  'Milestone',
  'Base Authorization',
  'Pull Request Assignment',
  'Pull Request Review',
  'Membership',
  'Issue Link',
  'Issue Vote',
  'Ssh Key',
] as const;
export type GroupName = (typeof GROUP_NAMES)[number];

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
  /** Java enum: the constant names, in declaration order. */
  | { enum: readonly string[] }
  /** A named component schema (an entity, a bean, a family, an enum). */
  | { ref: string }
  /** A JSON array (Java List/Collection/Set). */
  | { array: TypeExpr; uniqueItems?: boolean }
  /** A JSON object with free keys (Java Map<String, X>). */
  | { map: TypeExpr };

/** One property of an object schema. */
export interface Field {
  type: TypeExpr;
  /** Our own words: what the property means on the wire. */
  description: string;
  /** The server may write null here (and accepts null). */
  nullable?: boolean;
  /** Written by the server, ignored when sent (`id`). Left out of request variants. */
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
export interface ObjectSchema {
  kind: 'object';
  description: string;
  /** Member of a polymorphic family: pins `@type` (simple name) or `@class` (qualified name). */
  discriminator?: { property: '@type' | '@class'; value: string };
  fields: Record<string, Field>;
  requests?: readonly ('create' | 'update')[];
  /**
   * 'request': a bean only ever sent (a resource's own data class, e.g. PullRequestOpenData):
   * emitted once, required = `requiredOnCreate`, unknown properties refused.
   */
  usage?: 'request';
}

/** A value whose Java type is abstract or an interface: oneOf its concrete members. */
export interface FamilySchema {
  kind: 'family';
  description: string;
  discriminator: '@type' | '@class';
  /** Component names of the members; each must be an ObjectSchema with a matching discriminator. */
  members: readonly string[];
}

/** A named non-object type: an enum, an id, a list. */
export interface AliasSchema {
  kind: 'alias';
  description: string;
  type: TypeExpr;
  nullable?: boolean;
}

export type SchemaSpec = ObjectSchema | FamilySchema | AliasSchema;

/** Named schemas of one module (component name -> definition). */
export type SchemaTable = Record<string, SchemaSpec>;

/** A named example (component name -> example). */
export interface ExampleSpec {
  summary: string;
  value: unknown;
}
export type ExampleTable = Record<string, ExampleSpec>;

// ---------------------------------------------------------------------------------------------
// Parameters and operations
// ---------------------------------------------------------------------------------------------

export interface ParameterSpec {
  /** Wire name, e.g. `requestId`, `offset`. */
  name: string;
  in: 'path' | 'query';
  description: string;
  type: TypeExpr;
  required: boolean;
  example: unknown;
  /** Extra JSON Schema keywords, e.g. { minimum: 0 } or { maximum: 100 }. */
  constraints?: Record<string, unknown>;
}
export type ParameterTable = Record<string, ParameterSpec>;

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
  | { kind: 'raw-text'; description: string; required: boolean; example: string };

export type SuccessSpec =
  /** 200 with a JSON body. */
  | { kind: 'json'; type: TypeExpr; description: string; example: string; nullable?: boolean }
  /** 200 whose body is a bare JSON number: the id of the created or updated record. */
  | { kind: 'id'; description: string }
  /** 200 with an empty body (`Response.ok()`). */
  | { kind: 'empty'; description: string };

export interface OperationSpec {
  /** The seed's operation name, exactly (becomes `summary`). */
  name: string;
  method: HttpMethod;
  /** The seed's path, byte for byte, relative to the `/~api` base. */
  path: string;
  /** What it does, in our words. */
  description: string;
  /** Who may call it, in our words. */
  permission: string;
  /** Keys into the shared parameter table (spec/parameters.ts), in order. */
  parameters?: readonly string[];
  body?: RequestBodySpec;
  success: SuccessSpec;
  /** When the server answers 204 with no body instead (a Java null return): why. */
  noContent?: string;
  errors: readonly ErrorStatus[];
  /** Set for operations that servers of the described release no longer have: why. */
  deprecated?: string;
}

export interface GroupSpec {
  name: GroupName;
  /** Tag description, in our words. */
  description: string;
  operations: readonly OperationSpec[];
}
