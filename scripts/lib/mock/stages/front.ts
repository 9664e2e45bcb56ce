/**
 * The engine's first stage: what a server reads of a request before it looks at the body. The
 * request target (a path it cannot decode is refused before anything else), `Prefer` (the
 * header, or `__` query parameters), the route (404, or 405 with Allow), the path values decoded,
 * and the query values as the resource method receives them (conversions.ts `serverQuery`). OneDev's
 * own parameter checks and the credentials are judged here too; the checks stage reports them in
 * the server's order.
 */
import { text, type Answer } from '../answer.js';
import { badIntegers, serverQuery, unknownQuery, type QueryValues } from '../conversions.js';
import { callerOf, securityViolations } from '../credentials.js';
import { preferencesOf, type Preferences } from '../prefer.js';
import type { Placement, Router } from '../routes.js';
import { splitTarget } from '../target.js';
import type { Violation } from '../violation.js';
import type { Front, MockRequest, Operation } from '../request-types.js';
import { concatenated, header } from './values.js';

const API_PREFIX = '/~api';

/** A request's preferences when it states none (read only). */
const NO_PREFERENCES: Preferences = Object.freeze({});

/** Methods as Node's parser gives them, upper case already. */
const UPPER_CASE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'TRACE', 'CONNECT']);

const NO_QUERY: QueryValues = Object.freeze({}) as QueryValues;
const NO_EMPTY: { query: QueryValues; empty: Violation[] } = Object.freeze({ query: NO_QUERY, empty: Object.freeze([]) as unknown as Violation[] });

/**
 * The front of a request, or the answer that refuses it before its body is read. `trimsQueryText`:
 * whether the release trims text query values (and reads blank ones as absent).
 */
export function readFront(request: MockRequest, router: Router<Operation>, trimsQueryText: boolean): Front | Answer {
  const target = splitTarget(request.url);
  if (!target) return text(400, `Malformed request target: ${JSON.stringify(request.url.slice(0, 200))}`);
  const full = target.path;
  const path = full === API_PREFIX || full.startsWith(`${API_PREFIX}/`) ? full.slice(API_PREFIX.length) || '/' : full;
  // A server refuses a path it cannot decode before anything else looks at it.
  const escaped = path.includes('%');
  if (escaped && !decodable(path)) return malformedPath(path);
  const allQuery = target.search === '' ? NO_QUERY : queryValues(new URLSearchParams(target.search));
  const prefer = header(request.headers.prefer);
  // Most requests state no preference: no Prefer header, and no `__` parameter (the query has no
  // `__` anywhere, nor a `%5` that might encode an underscore).
  const stated = prefer !== undefined || target.search.includes('__') || target.search.includes('%5');
  const preferences = stated ? preferencesOf(prefer, allQuery) : NO_PREFERENCES;
  if ('error' in preferences) return text(400, `Prefer header not usable: ${preferences.error}`);

  const method = UPPER_CASE_METHODS.has(request.method) ? request.method : request.method.toUpperCase();
  const placed = router.place(method === 'HEAD' ? 'GET' : method, path);
  if ('status' in placed) return unplaced(placed, path, method);
  const operation = placed.route;
  // Preferences given as `__` parameters are no query parameters of the operation; without a
  // stated preference there are none to leave out, and the values are used as they are.
  const query = stated && allQuery !== NO_QUERY ? withoutPreferences(allQuery) : allQuery;
  const pathValues = pathValuesOf(operation, placed.values, escaped);
  if (!pathValues) return malformedPath(path);
  // What the resource method receives for empty values (Jersey's conversions, the release's trimming).
  const received = query === NO_QUERY ? NO_EMPTY : serverQuery(operation.queryParams, query, trimsQueryText);
  const extra = concatenated(unknownQuery(operation, received.query), badIntegers(operation, pathValues, received.query));
  const authorization = header(request.headers.authorization);
  const security = securityViolations(operation.securityPlan, callerOf(authorization), authorization);
  return { request, method, path, query: received.query, operation, pathValues, preferences, extra, security, empty: received.empty };
}

function malformedPath(path: string): Answer {
  return text(400, `Malformed percent-encoding in the request path: ${path.slice(0, 200)}`);
}

/** 404 for a path no route has, 405 (with Allow) for a method the path's route lacks, in Prism's words. */
function unplaced(placed: Exclude<Placement<Operation>, { route: Operation }>, path: string, method: string): Answer {
  return placed.status === 404
    ? text(404, `Route not resolved, no path matched: The route ${path} hasn't been found in the specification file`)
    : text(405, `Route resolved, but no method matched: The route ${path} has been matched, but it does not have "${method.toLowerCase()}" method defined`, {
        allow: placed.allowed.join(', '),
      });
}

function withoutPreferences(allQuery: QueryValues): QueryValues {
  const query: QueryValues = {};
  for (const name of Object.keys(allQuery)) if (!name.startsWith('__')) query[name] = allQuery[name]!;
  return query;
}

/** The path values by name, decoded; undefined when one cannot be decoded. */
function pathValuesOf(operation: Operation, values: readonly string[], escaped: boolean): Record<string, string> | undefined {
  const pathValues: Record<string, string> = {};
  const names = operation.pathNames;
  for (let i = 0; i < names.length; i += 1) pathValues[names[i]!] = values[i + 1] ?? '';
  // Only a path with an escape has values to decode.
  if (escaped) {
    try {
      for (const name of names) if (pathValues[name]!.includes('%')) pathValues[name] = decodeURIComponent(pathValues[name]!);
    } catch {
      return undefined;
    }
  }
  return pathValues;
}

function queryValues(params: URLSearchParams): QueryValues {
  const out: QueryValues = {};
  for (const [name, value] of params) {
    const known = out[name];
    out[name] = known === undefined ? value : Array.isArray(known) ? [...known, value] : [known, value];
  }
  return out;
}

function decodable(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}
