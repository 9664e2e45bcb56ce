/**
 * A request target split into its path and query, as a URL parser would give them. Most targets
 * are plain (`/~api/pulls/42?offset=0&count=10`): cut at `?`, they are what the parser would give,
 * without building a URL object per request. Anything it would change (dot segments, encoded dots,
 * backslashes, characters it escapes, a fragment) goes through the WHATWG parser itself.
 */

/** Characters a path keeps as they are in a URL (`%` too: the escapes are checked later), by code. */
const PLAIN = new Uint8Array(128);
for (const c of "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$&'()*+,;=:@%/") PLAIN[c.charCodeAt(0)] = 1;

/**
 * Whether a URL parser would give `path` back as it is: a `/`, then plain characters only, and no
 * dot segment (`/.`, or a dot encoded as `%2e`). One pass over the characters.
 */
export function plainPath(path: string): boolean {
  if (path.charCodeAt(0) !== 47) return false;
  for (let i = 1; i < path.length; i += 1) {
    const c = path.charCodeAt(i);
    if (c >= 128 || PLAIN[c] === 0) return false;
    // 46 is `.`, 47 `/`, 37 `%`, 50 `2`; `| 32` lowers `E`.
    if (c === 46 && path.charCodeAt(i - 1) === 47) return false;
    if (c === 37 && path.charCodeAt(i + 1) === 50 && (path.charCodeAt(i + 2) | 32) === 101) return false;
  }
  return true;
}

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
  if (plainPath(path) && !search.includes('#')) return { path, search };
  try {
    const url = new URL(target, 'http://mock');
    return { path: url.pathname, search: url.search.slice(1) };
  } catch {
    return undefined;
  }
}
