/**
 * A request target split into its path and query, as a URL parser would give them. Most targets
 * are plain (`/~api/pulls/42?offset=0&count=10`): cut at `?`, they are what the parser would give,
 * without building a URL object per request. Anything it would change (dot segments, encoded dots,
 * backslashes, characters it escapes, a fragment) goes through the WHATWG parser itself.
 */

/** Characters a path keeps as they are in a URL; `%` stays (the escapes are checked later). */
const PLAIN_PATH = /^\/[A-Za-z0-9\-._~!$&'()*+,;=:@%/]*$/;
const DOTS = /\/\.|%2e/i;

export interface Target {
  /** The path, still percent-encoded. */
  path: string;
  /** The query without its `?`, still encoded ('' when there is none). */
  search: string;
}

/** The path and query of a request target; undefined when it is no URL at all. */
export function splitTarget(target: string): Target | undefined {
  const q = target.indexOf('?');
  const path = q < 0 ? target : target.slice(0, q);
  const search = q < 0 ? '' : target.slice(q + 1);
  if (PLAIN_PATH.test(path) && !DOTS.test(path) && !search.includes('#')) return { path, search };
  try {
    const url = new URL(target, 'http://mock');
    return { path: url.pathname, search: url.search.slice(1) };
  } catch {
    return undefined;
  }
}
