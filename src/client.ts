/**
 * A thin typed client for OneDev. Types and URL serialization are openapi-fetch's (its option
 * types, `createFinalURL`, query and path serializers), so calls are checked and encoded exactly
 * as with openapi-fetch. The request itself is a plain `fetch(url, init)`: openapi-fetch's own
 * pipeline builds a `Request` object and a middleware context per call, which measured about 1.3x
 * raw fetch over loopback (see docs/benchmarks.md); this stays close to raw fetch.
 *
 * On top it adds what OneDev needs: the `/~api` root, credentials, raw-text bodies, thrown errors
 * with the server's text, empty answers as `undefined`, reference resolution and paging; and what
 * a program needs to fail safely: a deadline on every call, no redirects for writes, wrapped
 * network errors, bounded paging and opt-in retries of reads (send.ts, retry.ts).
 */
import { createFinalURL, createQuerySerializer, defaultPathSerializer, mergeHeaders } from 'openapi-fetch';
import { prepareAuth, redact, type OneDevAuth } from './auth.js';
import { apiRoot } from './base-url.js';
import { OneDevError, OneDevNetworkError, OneDevPagingError } from './errors.js';
import { checkOperationTable, type OperationTable } from './operation-table.js';
import { DEFAULT_RELEASE, OperationIndex, releaseIndex, type DefaultRelease, type PublishedRelease, type ReleasePaths } from './operations.js';
import { numberQuery, singleId, type ReferenceKind } from './references.js';
import { NO_RETRY, pause, RETRY_STATUSES, retryDelay, retryPolicy, type RetryOption, type RetryPolicy } from './retry.js';
import { capMessage, exchange, retryAfterOf, type Exchange, type FetchLike } from './send.js';
import { releaseOfVersion, type ServerRelease } from './server-release.js';
import type { CollectionPath, ItemOf, OneDevMethod, PageOptions, paths } from './types.js';

export type { FetchLike };

export interface OneDevClientOptions {
  /** The server's origin, e.g. `https://onedev.example.com` (a trailing `/~api` is accepted too). */
  baseUrl: string;
  /** Credentials; leave out for anonymous access (if the server allows it). */
  auth?: OneDevAuth;
  /** A fetch to use instead of the global one (custom agents, proxies, tests). */
  fetch?: FetchLike;
  /**
   * Milliseconds each request may take, answer and body together, before it is aborted with a
   * OneDevTimeoutError (default DEFAULT_TIMEOUT_MS, 30 s); 0 for no limit. A call can set its own.
   */
  timeoutMs?: number;
  /**
   * Retries of reads (GET, paging and resolving included) after a network error, a timeout, or a
   * 502, 503 or 504, with exponential backoff and jitter. Off by default; a call can set its own.
   */
  retry?: RetryOption;
  /**
   * The published OneDev release the server runs (default: DEFAULT_RELEASE, the newest). It types
   * the client with that release's `paths` and sends each call by that release's operation facts
   * (raw-text bodies, downloads, ...). Not together with `operations`.
   */
  release?: PublishedRelease;
  /**
   * For a server whose tag is not a published release: the operation facts of that tag's
   * description, `operationTableOf(description)`; type the client with the `paths` of the
   * matching d.ts: `createOneDevClient<paths>({ ..., operations })`. Not together with `release`.
   */
  operations?: OperationTable;
}

export interface ResolveOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
  retry?: RetryOption;
}

/** A client typed by a release's `paths` (by default the default release's). */
export interface OneDevClient<Paths = paths> {
  GET: OneDevMethod<'get', Paths>;
  POST: OneDevMethod<'post', Paths>;
  DELETE: OneDevMethod<'delete', Paths>;
  /** Every record of a collection read (or the first `limit`), fetched page by page (`offset`/`count`) as you iterate. */
  paginate<P extends CollectionPath<Paths>>(path: P, options?: PageOptions<P, Paths>): AsyncGenerator<ItemOf<P, Paths>, void, undefined>;
  /** The id of a pull request given as `path/to/project#123` or `KEY-123`. */
  resolvePullRequestId(reference: string, options?: ResolveOptions): Promise<number>;
  /** The id of a build given as `path/to/project#123` or `KEY-123`. */
  resolveBuildId(reference: string, options?: ResolveOptions): Promise<number>;
  /**
   * The server's version (Get Server Version) as a OneDev tag, whether the catalogue knows that
   * tag, and the nearest known tag at or before it. Throws a OneDevError when the answer is not a
   * version.
   */
  serverRelease(options?: ResolveOptions): Promise<ServerRelease>;
}

export const MAX_PAGE_SIZE = 100;
export const DEFAULT_TIMEOUT_MS = 30_000;
/** Longest timeout accepted (setTimeout's own limit is about 24.8 days). */
const MAX_TIMEOUT_MS = 2 ** 31 - 1;

type AnyInit = Record<string, any> & { params?: Record<string, any>; body?: unknown; headers?: any };
type AnyResult = { data: any; response: Response };

// An object-valued query parameter (a job trigger's free-form job parameters) is sent exploded in
// form style, `name=value` pairs, as the description declares; openapi-fetch's default is deepObject.
const querySerializer = createQuerySerializer({ object: { style: 'form', explode: true } });

/** A multi-segment path value (`x-multi-segment`): each segment percent-encoded, the slashes kept. */
function encodeSegments(value: unknown): string {
  return String(value).split('/').map(encodeURIComponent).join('/');
}

function checkTimeout(value: unknown, name: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > MAX_TIMEOUT_MS) {
    throw new RangeError(`${name} must be a whole number of milliseconds (0 for no limit)`);
  }
  return value;
}

/** Worth another try for a read: no answer, or a gateway or server saying "not now". */
function retryable(error: unknown): boolean {
  return error instanceof OneDevNetworkError || (error instanceof OneDevError && RETRY_STATUSES.has(error.status));
}

/**
 * A client for a OneDev server. Typed and sent for the default release unless `release` names
 * another published one; for any other tag, give that tag's `operations` and `paths` type.
 */
export function createOneDevClient<Paths>(options: OneDevClientOptions & { operations: OperationTable; release?: undefined }): OneDevClient<Paths>;
// Last, so that `Parameters<typeof createOneDevClient>[0]` is the everyday form.
export function createOneDevClient<R extends PublishedRelease = DefaultRelease>(
  options: OneDevClientOptions & { release?: R; operations?: undefined },
): OneDevClient<ReleasePaths[R]>;
export function createOneDevClient(options: OneDevClientOptions): OneDevClient<unknown> {
  if (options === null || typeof options !== 'object') {
    throw new TypeError('createOneDevClient needs { baseUrl, auth?, fetch?, timeoutMs?, retry?, release? or operations? }');
  }
  if (options.release !== undefined && options.operations !== undefined) {
    throw new TypeError('give either release (a published release) or operations (another tag\'s), not both');
  }
  const operations =
    options.operations !== undefined
      ? new OperationIndex(checkOperationTable(options.operations), "The client's operation table")
      : releaseIndex(options.release ?? DEFAULT_RELEASE);
  const root = apiRoot(options.baseUrl);
  const auth = prepareAuth(options.auth);
  if (options.fetch !== undefined && typeof options.fetch !== 'function') {
    throw new TypeError('fetch must be a function taking (url, init)');
  }
  const customFetch = options.fetch;
  const defaultTimeout = options.timeoutMs === undefined ? DEFAULT_TIMEOUT_MS : checkTimeout(options.timeoutMs, 'timeoutMs');
  const readRetry = retryPolicy(options.retry);

  // Built once: most calls add no headers of their own, so these objects are reused as they are.
  const plainHeaders: Record<string, string> = auth.header === undefined ? {} : { Authorization: auth.header };
  // Raw-text bodies too: OneDev reads them as a bare String under application/json.
  const jsonHeaders: Record<string, string> = { ...plainHeaders, 'Content-Type': 'application/json' };
  const binaryHeaders: Record<string, string> = { ...plainHeaders, 'Content-Type': 'application/octet-stream' };

  async function call(method: string, path: string, init: AnyInit = {}): Promise<AnyResult> {
    const operation = operations.at(method, path);
    const { params, body, headers, signal, timeoutMs, retry, redirect, ...rest } = init;
    const timeout = timeoutMs === undefined ? defaultTimeout : checkTimeout(timeoutMs, 'timeoutMs');
    let policy: RetryPolicy = method === 'GET' ? readRetry : NO_RETRY;
    if (retry !== undefined) {
      if (method !== 'GET') {
        throw new TypeError(`${operation.operationId}: retry is for GET calls only; a ${method} whose answer was lost may already have taken effect`);
      }
      policy = retryPolicy(retry);
    }
    // Multi-segment values go in first, with their slashes; openapi-fetch would send `/` as `%2F`.
    let template = path;
    let pathParams = params?.path;
    if (operation.multiSegment.length > 0 && pathParams) {
      pathParams = { ...pathParams };
      for (const name of operation.multiSegment) {
        if (pathParams[name] === undefined) continue;
        template = template.replace(`{${name}}`, () => encodeSegments(pathParams[name]));
        delete pathParams[name];
      }
    }
    const url = createFinalURL(template, {
      baseUrl: root,
      params: { ...(params ?? {}), ...(pathParams ? { path: pathParams } : {}) },
      querySerializer,
      pathSerializer: defaultPathSerializer,
    });
    if (url.includes('{')) {
      // Values are percent-encoded, so a brace left in the URL is an unfilled template.
      throw new TypeError(`${operation.operationId} needs params.path.${/\{(\w+)\}/.exec(url)?.[1] ?? '?'}`);
    }
    let payload: string | Uint8Array | ArrayBuffer | Blob | undefined;
    if (body !== undefined) {
      if (operation.binaryBody) {
        if (typeof body === 'string' || body instanceof Uint8Array || body instanceof ArrayBuffer || body instanceof Blob) payload = body;
        else throw new TypeError(`${operation.operationId} takes its body as bytes (Uint8Array, ArrayBuffer, Blob or string)`);
      } else if (!operation.rawText) payload = JSON.stringify(body);
      else if (typeof body === 'string') payload = body;
      else throw new TypeError(`${operation.operationId} takes its body as a string (the raw text to store)`);
    }
    // A POST is labelled JSON even without a body: OneDev's resources consume JSON and refuse an
    // unlabelled POST with 415 (Disable User, Add Reviewer, Create Agent Token, ...).
    const base = operation.binaryBody ? (payload === undefined ? plainHeaders : binaryHeaders) : payload !== undefined || method === 'POST' ? jsonHeaders : plainHeaders;
    const request: Exchange = {
      url,
      init: {
        ...rest,
        method,
        headers: headers === undefined ? base : mergeHeaders(base, headers),
        body: payload as BodyInit | undefined,
        // fetch resends a redirected POST as a GET, which would pass a write off as a read.
        redirect: method === 'GET' ? (redirect ?? 'follow') : 'manual',
      },
      signal,
      timeoutMs: timeout,
      fetch: customFetch ?? globalThis.fetch,
      mayIgnoreSignal: customFetch !== undefined,
      binary: operation.binaryResponse,
    };

    for (let attempt = 0; ; attempt += 1) {
      let answer;
      try {
        answer = await exchange(operation, request, auth.secrets);
      } catch (error) {
        if (attempt >= policy.retries || !retryable(error)) throw error;
        await pause(retryDelay(attempt, policy, Math.random, retryAfterOf.get(error as object)), request.signal);
        continue;
      }
      const { response, text, bytes } = answer;
      if (response.status === 204 || method === 'HEAD') return { data: undefined, response };
      // Downloads and logs are bytes; a Java String answer is bare text, though labelled JSON.
      if (bytes) return { data: bytes, response };
      if (operation.rawTextResponse) return { data: text, response };
      // OneDev's `Response.ok()` is a 200 with no body, with or without Content-Length.
      if (text.trim() === '') return { data: undefined, response };
      try {
        return { data: JSON.parse(text), response };
      } catch {
        throw new OneDevError({
          ...operation,
          status: response.status,
          serverMessage: capMessage(redact(text, auth.secrets).trim()),
          summary: `answered ${response.status} with a body that is not JSON`,
        });
      }
    }
  }

  async function* paginate(path: string, pageOptions: AnyInit = {}): AsyncGenerator<unknown, void, undefined> {
    const { pageSize = MAX_PAGE_SIZE, limit, params, ...rest } = pageOptions;
    if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > MAX_PAGE_SIZE) {
      throw new RangeError(`pageSize must be an integer from 1 to ${MAX_PAGE_SIZE}`);
    }
    if (limit !== undefined && !(Number.isInteger(limit) && limit >= 0)) {
      throw new RangeError('limit must be a whole number of records (0 or more)');
    }
    const operation = operations.at('GET', path);
    if (!operation.paged) throw new TypeError(`${operation.operationId} (GET ${path}) is not a paged collection read`);
    let left: number = limit ?? Infinity;
    for (let offset = 0; left > 0; ) {
      // The last page asks only for what the limit still allows.
      const count = Math.min(pageSize, left);
      const query = { ...params?.query, offset, count };
      const { data } = await call('GET', path, { ...rest, params: { ...params, query } });
      if (!Array.isArray(data)) throw new TypeError(`${operation.operationId} answered something other than a list`);
      // A server that ignores count would otherwise be walked forever (every page "full").
      if (data.length > count) throw new OneDevPagingError(operation, offset, count, data.length);
      yield* data;
      if (data.length < count) return;
      left -= count;
      offset += count;
    }
  }

  async function resolve(path: '/pulls' | '/builds', kind: ReferenceKind, reference: string, resolveOptions: ResolveOptions = {}): Promise<number> {
    const query = numberQuery(reference, kind);
    // count 2: one record is the answer, two mean the reference is ambiguous.
    const { data } = await call('GET', path, { ...resolveOptions, params: { query: { query, offset: 0, count: 2 } } });
    return singleId(reference, kind, Array.isArray(data) ? data : []);
  }

  async function serverRelease(callOptions: ResolveOptions = {}): Promise<ServerRelease> {
    const path = '/version/server';
    const { data, response } = await call('GET', path, callOptions);
    const found = typeof data === 'string' ? releaseOfVersion(data) : undefined;
    if (found) return found;
    const text = typeof data === 'string' ? data.trim() : JSON.stringify(data) ?? '';
    throw new OneDevError({
      ...operations.at('GET', path),
      status: response.status,
      serverMessage: capMessage(redact(text, auth.secrets)),
      summary: `answered ${response.status} with something other than a version such as 16.5.6`,
    });
  }

  return {
    GET: ((path: string, init?: AnyInit) => call('GET', path, init)) as OneDevMethod<'get', unknown>,
    POST: ((path: string, init?: AnyInit) => call('POST', path, init)) as OneDevMethod<'post', unknown>,
    DELETE: ((path: string, init?: AnyInit) => call('DELETE', path, init)) as OneDevMethod<'delete', unknown>,
    paginate: paginate as OneDevClient<unknown>['paginate'],
    resolvePullRequestId: (reference, resolveOptions) => resolve('/pulls', 'pull request', reference, resolveOptions),
    resolveBuildId: (reference, resolveOptions) => resolve('/builds', 'build', reference, resolveOptions),
    serverRelease,
  };
}
