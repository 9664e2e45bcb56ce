/**
 * Ids in a replay: which record collection an id belongs to (from the description's routes and a
 * short table of aliases), the map from the recorded server's ids to the mock's, and the rewriting
 * of a recorded request's path, query and JSON body into the mock's ids.
 *
 * Both number records in order of creation, but not alike: the server burns an id on a create
 * that fails late (a 500 still took one), and makes records of its own along the way (a user's
 * email address), so the n-th record created through the API need not have the same id on both.
 */
import type { OpenAPIObject, OperationObject } from 'openapi3-ts/oas31';
import { operationsOf } from '../openapi.js';
import { EXT, readExtension } from '../../../src/extensions.js';

/** A collection is the path its records are read under, e.g. `/users` (`/users/{userId}`). */
export type Collection = string;

export interface IdAlias {
  /** Property names (in bodies and answers) that hold an id of `collection`. */
  names: readonly string[];
  collection: Collection;
  /** Only in bodies and records of these component schemas (elsewhere the name means another thing). */
  only?: readonly string[];
  why: string;
}

/**
 * Names the routes do not give (no `/<collection>/{name}` route), or give another collection for.
 * `packId` needs none: `/packages/{packId}` gives it.
 */
export const ID_ALIASES: readonly IdAlias[] = [
  { names: ['ownerId', 'submitterId', 'cancellerId'], collection: '/users', why: 'the owner of an email address, SSH key or access token, and who submitted or cancelled something, is a user' },
  { names: ['parentId', 'forkedFromId', 'targetProjectId', 'sourceProjectId'], collection: '/projects', why: "a project's parent and origin, and a pull request's two ends, are projects" },
  {
    names: ['tokenId'],
    collection: '/access-tokens',
    only: ['AccessTokenAuthorization', 'AccessTokenAuthorizationCreate', 'AccessTokenAuthorizationUpdate'],
    why: "an access-token authorization names an access token (the route /agent-tokens/{tokenId}, and an agent's tokenId, mean an agent token)",
  },
  {
    names: ['specId'],
    collection: '/label-specs',
    only: ['ProjectLabel', 'ProjectLabelCreate', 'BuildLabel', 'BuildLabelCreate', 'PullRequestLabel', 'PullRequestLabelCreate', 'PackLabel', 'PackLabelCreate'],
    why: "a label put on a project, build, pull request or package names its label spec (an issue link's specId is a link spec, which the API does not create)",
  },
  { names: ['sourceId', 'targetId'], collection: '/issues', only: ['IssueLink', 'IssueLinkCreate'], why: 'an issue link joins two issues' },
  { names: ['defaultGroupId'], collection: '/groups', why: "an SSO provider's default group is a group" },
];

/**
 * Requests whose whole JSON body is an id, or an array of ids (a bare Java long or list the
 * resource takes), and the collection of those ids.
 */
export const WHOLE_BODY_IDS: Readonly<Record<string, Collection>> = {
  emailAddressSetAsPrimary: '/email-addresses',
  emailAddressResendVerificationEmail: '/email-addresses',
  issueSetIterations: '/iterations',
};

/**
 * Creates whose records are read under another collection than the create's path (`METHOD path`
 * of the operation → collection), each with why.
 */
export const CREATED_IN: Readonly<Record<string, { collection: Collection; why: string }>> = {
  'POST /job-runs': { collection: '/builds', why: 'running a job makes a build, and answers its id' },
  'GET /trigger-job': { collection: '/builds', why: 'triggering a job makes a build, and answers its id' },
  'POST /trigger-job': { collection: '/builds', why: 'triggering a job makes a build, and answers its id' },
  'POST /users/{userId}/ssh-keys': { collection: '/ssh-keys', why: 'a key added to a user is read at /ssh-keys/{sshKeyId}' },
};

export interface RouteOperation {
  method: string;
  path: string;
  operation: OperationObject;
}

/** What the description's routes say about ids. */
export interface IdRoutes {
  /** Operations by operationId. */
  operations: ReadonlyMap<string, RouteOperation>;
  /** Path parameter name → the one collection whose record it names (`issueId` → `/issues`). */
  params: ReadonlyMap<string, Collection>;
  /** Component schema → the collection whose record read or list answers it (`Issue` → `/issues`). */
  schemas: ReadonlyMap<string, Collection>;
  /** Every collection: a path `/<c>` with routes `/<c>/{p}` (a read, an update, a removal). */
  collections: ReadonlySet<Collection>;
}

const REF = '#/components/schemas/';

/** The component schema a success answers (`$ref`), or its array's items, with which it is. */
export function answeredSchema(operation: OperationObject): { name: string; list: boolean } | undefined {
  const success = Object.entries(operation.responses ?? {}).find(([code]) => /^2\d\d$/.test(code))?.[1] as
    | { content?: Record<string, { schema?: { $ref?: string; type?: string; items?: { $ref?: string } } }> }
    | undefined;
  const schema = success?.content?.['application/json']?.schema;
  const own = schema?.$ref;
  if (own?.startsWith(REF)) return { name: own.slice(REF.length), list: false };
  const items = schema?.type === 'array' ? schema.items?.$ref : undefined;
  if (items?.startsWith(REF)) return { name: items.slice(REF.length), list: true };
  return undefined;
}

/** Reads the id routes of a description. */
export function idRoutesOf(doc: OpenAPIObject): IdRoutes {
  const operations = new Map<string, RouteOperation>();
  const candidates = new Map<string, Set<Collection>>();
  const schemas = new Map<string, Collection>();
  const collections = new Set<Collection>();
  const all = operationsOf(doc);
  for (const { method, path, operation } of all) {
    if (operation.operationId) operations.set(operation.operationId, { method, path, operation });
    const match = /^(\/[^/{]+)(?:\/\{([^}]+)\})?$/.exec(path);
    if (!match) continue;
    const [, collection, param] = match as unknown as [string, string, string | undefined];
    if (param !== undefined) collections.add(collection);
    const answered = method === 'GET' ? answeredSchema(operation) : undefined;
    if (!answered) continue;
    // A record read (`/c/{p}` answering one record) or a list (`/c` answering an array of them).
    if (answered.list === (param === undefined) && !schemas.has(answered.name)) schemas.set(answered.name, collection);
    if (param !== undefined && !answered.list) candidates.set(param, (candidates.get(param) ?? new Set()).add(collection));
  }
  // A create's effect names the schema of what it makes (`POST /project-labels` makes a ProjectLabel).
  for (const { method, path, operation } of all) {
    const first = readExtension(operation, EXT.effect)?.changes[0];
    const made = first && 'create' in first ? first.create : undefined;
    if (method === 'POST' && made !== undefined && collections.has(path) && !schemas.has(made)) schemas.set(made, path);
  }
  // A name that reads records of several collections (`commentId`) names none of them alone.
  const params = new Map([...candidates].filter(([, set]) => set.size === 1).map(([name, set]) => [name, [...set][0]!] as const));
  return { operations, params, schemas, collections };
}

/** The collection a property or parameter name holds ids of, in a body or record of `schema`. */
export function collectionOfName(routes: IdRoutes, name: string, schema?: string): Collection | undefined {
  const alias = ID_ALIASES.find((a) => a.names.includes(name) && (a.only === undefined || (schema !== undefined && a.only.includes(schema))));
  if (alias) return alias.collection;
  return routes.params.get(name);
}

/** Server id → mock id, per collection, as the creates of a replay answered them. */
export class IdMap {
  private readonly maps = new Map<Collection, Map<number, number>>();

  record(collection: Collection, server: number, mock: number): void {
    let map = this.maps.get(collection);
    if (!map) this.maps.set(collection, (map = new Map()));
    map.set(server, mock);
  }

  has(collection: Collection): boolean {
    return this.maps.has(collection);
  }

  /** The mock's id of a server id; the server's own where no create answered it. */
  toMock(collection: Collection | undefined, server: number): number {
    return (collection === undefined ? undefined : this.maps.get(collection)?.get(server)) ?? server;
  }
}

/** The collection the record a create makes is read under, or undefined when it is no create. */
export function createdCollection(routes: IdRoutes, method: string, template: string, createStep?: string): Collection | undefined {
  const listed = CREATED_IN[`${method} ${template}`];
  if (listed) return listed.collection;
  if (createStep !== undefined && routes.schemas.has(createStep)) return routes.schemas.get(createStep);
  // `POST /c` where `/c/{p}` reads, updates or removes a record.
  if (method !== 'POST' || !/^\/[^/{]+$/.test(template)) return undefined;
  return routes.collections.has(template) ? template : undefined;
}

const INTEGER = /^\d+$/;

/**
 * The path with ids rewritten: each integer segment at a `{name}` of the template, in the
 * collection its name names, or else in the collection of the literal segment before it (when
 * that collection has ids mapped).
 */
export function mapPath(path: string, template: string, routes: IdRoutes, ids: IdMap): string {
  const wanted = template.split('/');
  const segments = path.split('/');
  return segments
    .map((segment, i) => {
      const param = /^\{(.+)\}$/.exec(wanted[i] ?? '')?.[1];
      if (param === undefined || !INTEGER.test(segment)) return segment;
      // Only where the template still lines up with the path (no greedy parameter before it).
      if (wanted.slice(0, i).some((w, j) => !w.startsWith('{') && w !== segments[j])) return segment;
      const before = i > 0 && !wanted[i - 1]!.startsWith('{') ? `/${wanted[i - 1]}` : undefined;
      const collection = collectionOfName(routes, param) ?? (before !== undefined && ids.has(before) ? before : undefined);
      return String(ids.toMock(collection, Number(segment)));
    })
    .join('/');
}

/** The query with ids rewritten: each integer value of a parameter whose name names a collection. */
export function mapQuery(query: string, routes: IdRoutes, ids: IdMap): string {
  if (query === '') return query;
  return query
    .split('&')
    .map((pair) => {
      const [name, value] = pair.split('=') as [string, string | undefined];
      const collection = collectionOfName(routes, decodeURIComponent(name));
      if (value === undefined || collection === undefined || !INTEGER.test(value)) return pair;
      return `${name}=${ids.toMock(collection, Number(value))}`;
    })
    .join('&');
}

/** A JSON value with the ids it holds rewritten: properties naming a collection, at any depth. */
export function mapJsonIds(value: unknown, routes: IdRoutes, ids: IdMap, schema?: string): unknown {
  if (Array.isArray(value)) return value.map((v) => mapJsonIds(v, routes, ids, schema));
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    const collection = typeof v === 'number' || Array.isArray(v) ? collectionOfName(routes, key, schema) : undefined;
    out[key] = collection === undefined ? mapJsonIds(v, routes, ids, schema) : mapIdValue(v, collection, ids);
  }
  return out;
}

/** An id, or an array of ids, of one collection, rewritten (anything else as it is). */
export function mapIdValue(value: unknown, collection: Collection, ids: IdMap): unknown {
  if (Array.isArray(value)) return value.map((v) => mapIdValue(v, collection, ids));
  return typeof value === 'number' && Number.isInteger(value) ? ids.toMock(collection, value) : value;
}
