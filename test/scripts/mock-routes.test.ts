/**
 * The mock's router (scripts/lib/mock/routes.ts) places requests as the plain search over every
 * template does (findRoute), on every path of every release's description and a few variants
 * of each, with 405 where only another method has the path. Also: a parameter marked
 * `x-multi-segment` spans segments.
 */
import { describe, expect, it } from 'vitest';
import { findRoute, pathValues, routesOf, Router } from '../../scripts/lib/mock/routes.js';
import { committedDocument, SUPPORTED_RELEASES } from '../helpers.js';
import { validCalls } from './mock-fixtures.js';

const METHODS = ['GET', 'POST', 'DELETE', 'PUT'];

describe.each(SUPPORTED_RELEASES)('routing on the %s description', (release) => {
  const doc = committedDocument(release);
  const routes = routesOf(doc);
  const router = new Router(routes);

  it('agrees with the search over every template, 404 and 405 included', () => {
    const paths = validCalls(doc).flatMap((c) => [c.path, `${c.path}/`, `${c.path}/extra`, c.path.replace(/\/[^/]*$/, ''), c.path.toUpperCase()]);
    const mismatches: string[] = [];
    for (const method of METHODS) {
      for (const path of paths) {
        const found = findRoute(routes, method, path);
        const elsewhere = METHODS.some((m) => findRoute(routes, m, path));
        const expected = found ? found.path : elsewhere ? 405 : 404;
        const placed = router.place(method, path);
        const got = 'route' in placed ? placed.route.path : placed.status;
        if (got !== expected) mismatches.push(`${method} ${path}: ${got}, expected ${expected}`);
      }
    }
    expect(mismatches).toEqual([]);
    expect(paths.length).toBeGreaterThan(400);
  });
});

describe('parameters that span segments', () => {
  const doc = committedDocument();
  const routes = routesOf(doc);
  const multi = routes.filter((r) => r.pattern.source.includes('(.*)'));

  it('match a path with its slashes, and an empty one where the template allows', () => {
    expect(multi.length).toBeGreaterThan(0);
    const router = new Router(routes);
    for (const route of multi) {
      const path = route.path.replace(/\{([^}]+)\}/g, (_, name: string) => (route.pattern.source.includes(`(.*)`) && name === route.pathNames.at(-1) ? '/dir/file name.txt'.replace(' ', '%20') : '7'));
      const placed = router.place(route.method, path);
      expect('route' in placed && placed.route.path, `${route.method} ${path}`).toBe(route.path);
      expect(pathValues(route, path)[route.pathNames.at(-1)!]).toMatch(/dir\/file name\.txt$/);
    }
  });
});
