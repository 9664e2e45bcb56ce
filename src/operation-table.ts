/**
 * The facts the client needs about each operation, read from an OpenAPI description: its method
 * and path template, tag, and how its body and answer travel (raw text, bytes, JSON), which path
 * values keep their slashes and whether it is paged. The build reads every published release's
 * description with it (generated/operations.ts); a program reads the description of any other
 * tag with `operationTableOf` and gives the result to `createOneDevClient({ operations })`.
 */
import { EXT, readExtension } from './extensions.js';
import { isObject, resolveLocal, type Json } from './json-ref.js';

export type OperationMethod = 'GET' | 'PUT' | 'POST' | 'DELETE' | 'PATCH' | 'HEAD' | 'OPTIONS' | 'TRACE';

export interface OperationInfo {
  readonly method: OperationMethod;
  /** The path template, e.g. `/pulls/{requestId}`. */
  readonly path: string;
  /** The operation's group, e.g. `Pull Request`. */
  readonly tag: string;
  /** The body is raw text (EXT.rawText): the characters themselves, labelled application/json. */
  readonly rawText: boolean;
  /** The 200 answer is bare text labelled application/json (EXT.rawText on the response). */
  readonly rawTextResponse: boolean;
  /** The body is bytes (an upload, `application/octet-stream`). */
  readonly binaryBody: boolean;
  /** The 200 answer is bytes or a stream in some other media type than JSON (a download, a log). */
  readonly binaryResponse: boolean;
  /** Path parameters whose value may hold `/` (`x-multi-segment`): sent with their slashes. */
  readonly multiSegment: readonly string[];
  /** A collection read: a GET taking `offset` and `count`. */
  readonly paged: boolean;
}

/** Operation facts by operationId. */
export type OperationTable = Readonly<Record<string, OperationInfo>>;

/** A release's table as a difference from the default release's (generated/operations.ts). */
export interface ReleaseTableChange {
  /** operationIds of the default table this release lacks, or has with other facts. */
  readonly without: readonly string[];
  /** This release's operations that the default table lacks or has with other facts. */
  readonly with: OperationTable;
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
const METHOD_NAMES: ReadonlySet<string> = new Set(METHODS.map((m) => m.toUpperCase()));
const FLAGS = ['rawText', 'rawTextResponse', 'binaryBody', 'binaryResponse', 'paged'] as const;


export interface OperationReading {
  /** By operationId, in document order. */
  table: Record<string, OperationInfo>;
  /** What keeps an operation from being called through the client, one line each, naming it. */
  problems: string[];
}

/**
 * Every operation of an OpenAPI 3.0 or 3.1 description, with what kept any of them from being
 * usable. The build turns problems into a catalogue error; `operationTableOf` into a TypeError.
 */
export function readOperations(description: unknown): OperationReading {
  if (!isObject(description) || typeof description.openapi !== 'string' || !isObject(description.paths)) {
    throw new TypeError('operationTableOf needs an OpenAPI description (parsed JSON with `openapi` and `paths`), such as a release\'s openapi.json');
  }
  const doc = description;
  const table: Record<string, OperationInfo> = {};
  const problems: string[] = [];
  for (const [path, item] of Object.entries(description.paths as Json)) {
    if (!isObject(item)) continue;
    const shared = Array.isArray(item.parameters) ? item.parameters : [];
    for (const key of METHODS) {
      const operation = item[key];
      if (!isObject(operation)) continue;
      const method = key.toUpperCase() as OperationMethod;
      const where = `${method} ${path}`;
      const operationId = typeof operation.operationId === 'string' && operation.operationId !== '' ? operation.operationId : undefined;
      if (!operationId) problems.push(`${where}: no operationId, the client cannot name it`);
      else if (Object.hasOwn(table, operationId)) problems.push(`${where}: operationId ${operationId} is also ${table[operationId]!.method} ${table[operationId]!.path}`);
      const tag = Array.isArray(operation.tags) && typeof operation.tags[0] === 'string' ? operation.tags[0] : undefined;
      if (!tag) problems.push(`${where}: no tag`);

      const body = resolveLocal(doc, operation.requestBody);
      const bodyContent = isObject(body) && isObject(body.content) ? body.content : {};
      const rawText = readExtension(body, EXT.rawText) === true;
      if (rawText && bodyContent['application/json'] === undefined) {
        problems.push(`${where}: a raw-text body must be declared as application/json, as OneDev reads it`);
      }
      const ok = resolveLocal(doc, isObject(operation.responses) ? operation.responses['200'] : undefined);
      const answerTypes = Object.keys(isObject(ok) && isObject(ok.content) ? ok.content : {});
      // Path-level parameters count too, unless the operation overrides them.
      const own = (Array.isArray(operation.parameters) ? operation.parameters : []).map((p) => resolveLocal(doc, p)).filter(isObject);
      const parameters = [...own, ...shared.map((p) => resolveLocal(doc, p)).filter(isObject).filter((p) => !own.some((o) => o.name === p.name && o.in === p.in))];
      const query = new Set(parameters.filter((p) => p.in === 'query').map((p) => p.name));
      const row: OperationInfo = {
        method,
        path,
        tag: tag ?? '',
        rawText,
        rawTextResponse: readExtension(ok, EXT.rawText) === true,
        binaryBody: bodyContent['application/octet-stream'] !== undefined,
        binaryResponse: answerTypes.length > 0 && !answerTypes.includes('application/json'),
        multiSegment: parameters.filter((p) => p.in === 'path' && p['x-multi-segment'] === true).map((p) => String(p.name)),
        paged: method === 'GET' && query.has('offset') && query.has('count'),
      };
      if (operationId && !Object.hasOwn(table, operationId)) table[operationId] = row;
    }
  }
  return { table, problems };
}

/**
 * The client's operation facts for any OneDev description, e.g. the `openapi.json` written for a
 * tag that is not a published release. Give the result to `createOneDevClient({ operations })`.
 * Throws a TypeError naming each operation the client could not call.
 */
export function operationTableOf(description: unknown): OperationTable {
  const { table, problems } = readOperations(description);
  if (problems.length > 0) throw new TypeError(`This description has operations the client cannot call:\n  ${problems.join('\n  ')}`);
  return table;
}

/** Checks a table given to the client (from `operationTableOf`, or stored as JSON) and names the first fault. */
export function checkOperationTable(value: unknown): OperationTable {
  if (!isObject(value) || Object.keys(value).length === 0) {
    throw new TypeError('operations must be an operation table by operationId, as operationTableOf(description) returns');
  }
  for (const [operationId, info] of Object.entries(value)) {
    const fault = !isObject(info)
      ? 'is not an object'
      : typeof info.method !== 'string' || !METHOD_NAMES.has(info.method)
        ? 'has no HTTP method (GET, POST, ...)'
        : typeof info.path !== 'string' || !info.path.startsWith('/')
          ? 'has no path template starting with /'
          : !Array.isArray(info.multiSegment) || !info.multiSegment.every((name) => typeof name === 'string')
            ? 'has no multiSegment list of parameter names'
            : FLAGS.filter((flag) => typeof info[flag] !== 'boolean').map((flag) => `has no boolean ${flag}`)[0];
    if (fault) throw new TypeError(`operations.${operationId} ${fault}`);
  }
  return value as unknown as OperationTable;
}
