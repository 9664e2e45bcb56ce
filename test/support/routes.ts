/**
 * How the route-table tests (test/generated/releases.test.ts, test/spec/every-tag.test.ts) put a
 * described operation beside OneDev's routes. One mapping, written out here so both use it:
 * - a route is compared by method and path with the parameters blanked (`{artifactPath:(.*)}` and
 *   `{artifactPath}` are both `{}`): the description names a parameter without the server's
 *   regular expression, and OpenAPI cannot hold two templates that differ only in a name;
 * - an operation that carries `x-onedev-route` describes one part of that OneDev route (the URL
 *   without the route's optional glued path, or with it as segments of their own): it stands for
 *   the route, and `splitParts` says which two paths the route must be described by.
 */
import type { DocOperation } from '../helpers.js';

export const SPLIT_ROUTE = 'x-onedev-route';

/** `GET /artifacts/{}/contents/{}`: method and path, parameters blanked. */
export const routeKey = (r: { method: string; path: string }): string => `${r.method} ${r.path.replace(/\{[^}]*\}/g, '{}')}`;

/** The OneDev route an operation describes: its own path, or the route it is a part of. */
export function describedRoute(op: Pick<DocOperation, 'method' | 'path' | 'operation'>): { method: string; path: string } {
  const route = (op.operation as Record<string, unknown>)[SPLIT_ROUTE];
  return { method: op.method, path: typeof route === 'string' ? route : op.path };
}

/**
 * The two paths OneDev's route `/prefix{name:(/.*)?}` is described by, written independently of
 * the builder's own rule: the prefix alone, and the prefix with `/{name}`.
 */
export function splitParts(route: string): [root: string, nested: string] {
  const match = /^(\/.*[^/])\{(\w+):\(\/\.\*\)\?\}$/.exec(route);
  if (!match) throw new Error(`${route} has no optional path glued to its end`);
  const prefix = match[1]!.replace(/\{(\w+):[^}]*\}/g, '{$1}');
  return [prefix, `${prefix}/{${match[2]}}`];
}

/** Path templates with two parameters, or a word and a parameter, in one segment. */
export const sharedSegments = (paths: readonly string[]): string[] => paths.filter((path) => path.split('/').some((s) => s.includes('{') && !/^\{[^}]+\}$/.test(s)));
