/**
 * A thin typed client for OneDev. Types and URL serialization are openapi-fetch's (its option
 * types, `createFinalURL`, query and path serializers), so calls are checked and encoded exactly
 * as with openapi-fetch. The request itself is a plain `fetch(url, init)`: openapi-fetch's own
 * pipeline builds a `Request` object and a middleware context per call, which measured about 1.3x
 * raw fetch over loopback (see docs/benchmarks.md); this stays close to raw fetch.
 *
 * On top it adds what OneDev needs: the `/~api` root, credentials, raw-text bodies, thrown errors
 * with the server's text, empty answers as `undefined`, reference resolution and paging.
 */
import { createFinalURL, createQuerySerializer, defaultPathSerializer, mergeHeaders } from 'openapi-fetch';
import { prepareAuth, redact, type OneDevAuth } from './auth.js';
import { apiRoot } from './base-url.js';
import { OneDevError } from './errors.js';
import { operationAt, type OperationEntry } from './operations.js';
import { numberQuery, singleId, type ReferenceKind } from './references.js';
import type { CollectionPath, ItemOf, OneDevMethod, PageOptions } from './types.js';

/** The fetch the client calls; any standard `fetch` (global, undici's, a test double) fits. */
export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

export interface OneDevClientOptions {
  /** The server's origin, e.g. `https://onedev.example.com` (a trailing `/~api` is accepted too). */
  baseUrl: string;
  /** Credentials; leave out for anonymous access (if the server allows it). */
  auth?: OneDevAuth;
  /** A fetch to use instead of the global one (custom agents, proxies, tests). */
  fetch?: FetchLike;
}

export interface ResolveOptions {
  signal?: AbortSignal;
}

export interface OneDevClient {
  GET: OneDevMethod<'get'>;
  POST: OneDevMethod<'post'>;
  DELETE: OneDevMethod<'delete'>;
  /** Every record of a collection read, fetched page by page (`offset`/`count`) as you iterate. */
  paginate<P extends CollectionPath>(path: P, options?: PageOptions<P>): AsyncGenerator<ItemOf<P>, void, undefined>;
  /** The id of a pull request given as `path/to/project#123` or `KEY-123`. */
  resolvePullRequestId(reference: string, options?: ResolveOptions): Promise<number>;
  /** The id of a build given as `path/to/project#123` or `KEY-123`. */
  resolveBuildId(reference: string, options?: ResolveOptions): Promise<number>;
}

export const MAX_PAGE_SIZE = 100;

type AnyInit = Record<string, any> & { params?: Record<string, any>; body?: unknown; headers?: any };
type AnyResult = { data: any; response: Response };

const querySerializer = createQuerySerializer();

export function createOneDevClient(options: OneDevClientOptions): OneDevClient {
  if (options === null || typeof options !== 'object') {
    throw new TypeError('createOneDevClient needs { baseUrl, auth?, fetch? }');
  }
  const root = apiRoot(options.baseUrl);
  const auth = prepareAuth(options.auth);
  if (options.fetch !== undefined && typeof options.fetch !== 'function') {
    throw new TypeError('fetch must be a function taking (url, init)');
  }
  const customFetch = options.fetch;

  // Built once: most calls add no headers of their own, so these objects are reused as they are.
  const plainHeaders: Record<string, string> = auth.header === undefined ? {} : { Authorization: auth.header };
  // Raw-text bodies too: OneDev reads them as a bare String under application/json.
  const jsonHeaders: Record<string, string> = { ...plainHeaders, 'Content-Type': 'application/json' };

  async function fail(response: Response, operation: OperationEntry): Promise<never> {
    const text = redact(await response.text(), auth.secrets).trim();
    throw new OneDevError({
      status: response.status,
      serverMessage: text,
      operationId: operation.operationId,
      method: operation.method,
      path: operation.path,
    });
  }

  async function call(method: string, path: string, init: AnyInit = {}): Promise<AnyResult> {
    const operation = operationAt(method, path);
    const { params, body, headers, ...rest } = init;
    const url = createFinalURL(path, { baseUrl: root, params: params ?? {}, querySerializer, pathSerializer: defaultPathSerializer });
    if (url.includes('{')) {
      // Values are percent-encoded, so a brace left in the URL is an unfilled template.
      throw new TypeError(`${operation.operationId} needs params.path.${/\{(\w+)\}/.exec(url)?.[1] ?? '?'}`);
    }
    let payload: string | undefined;
    if (body !== undefined) {
      if (!operation.rawText) payload = JSON.stringify(body);
      else if (typeof body === 'string') payload = body;
      else throw new TypeError(`${operation.operationId} takes its body as a string (the raw text to store)`);
    }
    const base = payload === undefined ? plainHeaders : jsonHeaders;
    const response = await (customFetch ?? globalThis.fetch)(url, {
      ...rest,
      method,
      headers: headers === undefined ? base : mergeHeaders(base, headers),
      body: payload,
    });
    if (!response.ok) return fail(response, operation);
    if (response.status === 204 || method === 'HEAD') return { data: undefined, response };
    // OneDev's `Response.ok()` is a 200 with no body, with or without Content-Length.
    const text = await response.text();
    if (text.trim() === '') return { data: undefined, response };
    try {
      return { data: JSON.parse(text), response };
    } catch {
      throw new OneDevError({
        status: response.status,
        serverMessage: redact(text.slice(0, 200), auth.secrets),
        operationId: operation.operationId,
        method: operation.method,
        path: operation.path,
        summary: `answered ${response.status} with a body that is not JSON`,
      });
    }
  }

  async function* paginate(path: string, pageOptions: AnyInit = {}): AsyncGenerator<unknown, void, undefined> {
    const { pageSize = MAX_PAGE_SIZE, params, ...rest } = pageOptions;
    if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > MAX_PAGE_SIZE) {
      throw new RangeError(`pageSize must be an integer from 1 to ${MAX_PAGE_SIZE}`);
    }
    const operation = operationAt('GET', path);
    if (!operation.paged) throw new TypeError(`${operation.operationId} (GET ${path}) is not a paged collection read`);
    for (let offset = 0; ; offset += pageSize) {
      const query = { ...params?.query, offset, count: pageSize };
      const { data } = await call('GET', path, { ...rest, params: { ...params, query } });
      if (!Array.isArray(data)) throw new TypeError(`${operation.operationId} answered something other than a list`);
      yield* data;
      if (data.length < pageSize) return;
    }
  }

  async function resolve(path: '/pulls' | '/builds', kind: ReferenceKind, reference: string, resolveOptions?: ResolveOptions): Promise<number> {
    const query = numberQuery(reference, kind);
    // count 2: one record is the answer, two mean the reference is ambiguous.
    const { data } = await call('GET', path, { params: { query: { query, offset: 0, count: 2 } }, signal: resolveOptions?.signal });
    return singleId(reference, kind, Array.isArray(data) ? data : []);
  }

  return {
    GET: ((path: string, init?: AnyInit) => call('GET', path, init)) as OneDevMethod<'get'>,
    POST: ((path: string, init?: AnyInit) => call('POST', path, init)) as OneDevMethod<'post'>,
    DELETE: ((path: string, init?: AnyInit) => call('DELETE', path, init)) as OneDevMethod<'delete'>,
    paginate: paginate as OneDevClient['paginate'],
    resolvePullRequestId: (reference, resolveOptions) => resolve('/pulls', 'pull request', reference, resolveOptions),
    resolveBuildId: (reference, resolveOptions) => resolve('/builds', 'build', reference, resolveOptions),
  };
}
