/**
 * Type helpers that turn a release's generated `paths` into the client's call signatures. They
 * lean on openapi-fetch's own option types, so parameters and bodies are checked exactly as
 * openapi-fetch checks them; only the result differs (errors are thrown, so `data` is never the
 * error branch). Every helper takes the `paths` type last, defaulting to the default release's.
 */
import type { FetchOptions, FetchResponse } from 'openapi-fetch';
import type { paths } from '../generated/openapi.js';
import type { RetryOption } from './retry.js';

export type { paths };

export type HttpMethod = 'get' | 'put' | 'post' | 'delete' | 'patch' | 'head' | 'options' | 'trace';

/** The path templates of `Paths` that have an operation for `M`. */
export type PathsWith<M extends HttpMethod, Paths = paths> = {
  [P in keyof Paths]: Paths[P] extends { [K in M]: object } ? P : never;
}[keyof Paths] &
  string;

/** The operation object (from a release's openapi.d.ts) at a method and path. */
export type OperationAt<M extends HttpMethod, P extends PathsWith<M, Paths>, Paths = paths> = Paths[P][M & keyof Paths[P]];

type RequiredKeys<T> = { [K in keyof T]-?: {} extends Pick<T, K> ? never : K }[keyof T];

/** Limits of one call, overriding the client's. */
export interface CallPolicy {
  /** Milliseconds for the request, answer and body together; 0 for no limit (default: the client's `timeoutMs`). */
  timeoutMs?: number;
}

/** Reads may also be retried; writes never are (a lost answer does not mean nothing happened). */
export interface ReadPolicy extends CallPolicy {
  /** Retries of this read after a network error, a timeout, or a 502/503/504 (default: the client's `retry`). */
  retry?: RetryOption;
}

/**
 * What a call accepts besides the path: openapi-fetch's `params`, `body` and `headers`, typed from
 * the operation, the usual fetch options (`signal`, ...) and the call's limits. The client decides the rest.
 */
export type CallOptions<Op, M extends HttpMethod = 'get'> = Omit<
  FetchOptions<Op>,
  'parseAs' | 'bodySerializer' | 'querySerializer' | 'pathSerializer' | 'baseUrl' | 'middleware' | 'fetch' | 'method'
> &
  (M extends 'get' ? ReadPolicy : CallPolicy);

/** The options argument is optional only when nothing in it is required (no path ids, no body, no paging). */
export type CallArgs<Op, M extends HttpMethod = 'get'> =
  RequiredKeys<CallOptions<Op, M>> extends never ? [options?: CallOptions<Op, M>] : [options: CallOptions<Op, M>];

// openapi-fetch answers a union of a success branch (`error?: never`) and an error branch (`error` required).
type SuccessBranch<R> = R extends unknown ? ({} extends Pick<R, 'error' & keyof R> ? R : never) : never;

/** The body of the operation's 2xx answers, as parsed JSON; `undefined` for an empty 200 or a 204. */
export type SuccessData<Op> = SuccessBranch<FetchResponse<Op & Record<string | number, any>, {}, `${string}/${string}`>> extends {
  data: infer D;
}
  ? D
  : never;

/** A successful call: the parsed body and the raw Response (headers, status). */
export interface OneDevResult<Op> {
  data: SuccessData<Op>;
  response: Response;
}

export type OneDevMethod<M extends HttpMethod, Paths = paths> = <P extends PathsWith<M, Paths>>(
  path: P,
  ...args: CallArgs<OperationAt<M, P, Paths>, M>
) => Promise<OneDevResult<OperationAt<M, P, Paths>>>;

type QueryOf<Op> = Op extends { parameters: { query?: infer Q } } ? NonNullable<Q> : never;

/** Collection reads: GET operations that take `offset` and `count`. */
export type CollectionPath<Paths = paths> = {
  // `never` (no query at all) would pass the test below, so it is ruled out first.
  [P in PathsWith<'get', Paths>]: [QueryOf<OperationAt<'get', P, Paths>>] extends [never]
    ? never
    : QueryOf<OperationAt<'get', P, Paths>> extends { offset: number; count: number }
      ? P
      : never;
}[PathsWith<'get', Paths>];

/** One element of a collection read's answer. */
export type ItemOf<P extends CollectionPath<Paths>, Paths = paths> =
  SuccessData<OperationAt<'get', P, Paths>> extends ReadonlyArray<infer T> ? T : never;

/**
 * Options of `paginate`: the collection's own filters (not `offset`/`count`), a page size, a limit,
 * and what any read takes (signal, headers, timeoutMs and retry, which apply to each page).
 */
export type PageOptions<P extends CollectionPath<Paths>, Paths = paths> = Omit<CallOptions<OperationAt<'get', P, Paths>>, 'params' | 'body'> & {
  params?: { query?: Omit<QueryOf<OperationAt<'get', P, Paths>>, 'offset' | 'count'> & { offset?: never; count?: never } };
  /** Records asked for per request, 1 to 100 (default 100, the server's limit for most callers). */
  pageSize?: number;
  /** Stop after this many records (the last request asks only for what is left); default: all of them. */
  limit?: number;
};
