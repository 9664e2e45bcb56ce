/**
 * The mock's router (scripts/lib/mock/routes.ts) places requests as the plain search over every
 * template does (findRoute), the JAX-RS way: the path's template first (the most words, whatever
 * the method), then the method among that template's operations, 405 when it has none of them;
 * on every path of every release's description and a few variants of each. Also: a parameter
 * marked `x-multi-segment` spans segments.
 */
import { describe, expect, it } from 'vitest';
import { findRoute, pathValues, routesOf, Router } from '../../scripts/lib/mock/routes.js';
import { plainPath, splitTarget } from '../../scripts/lib/mock/target.js';
import { committedDocument, SUPPORTED_RELEASES } from '../helpers.js';
import { validCalls } from './mock-fixtures.js';

const METHODS = ['GET', 'POST', 'DELETE', 'PUT'];

describe.each(SUPPORTED_RELEASES)('routing on the %s description', (release) => {
  const doc = committedDocument(release);
  const routes = routesOf(doc);
  const router = new Router(routes);

  it('agrees with the search over every template, 404 and 405 included', () => {
    const paths = validCalls(doc).flatMap((c) => [c.path, `${c.path}/`, `${c.path}//`, `${c.path}/extra`, c.path.replace(/\/[^/]*$/, ''), c.path.replace(/\/([^/]*)$/, '//$1'), c.path.toUpperCase()]);
    const mismatches: string[] = [];
    for (const method of METHODS) {
      for (const path of paths) {
        const found = findRoute(routes, method, path);
        let template = found;
        for (const other of METHODS.filter((m) => m !== method)) {
          const match = findRoute(routes, other, path);
          if (match && (!template || match.literals > template.literals)) template = match;
        }
        const expected = !template ? 404 : found && found.path === template.path ? found.path : 405;
        const placed = router.place(method, path);
        const got = 'route' in placed ? placed.route.path : placed.status;
        if (got !== expected) mismatches.push(`${method} ${path}: ${got}, expected ${expected}`);
        // The parameter values, still encoded, as the template's pattern captures them.
        const values = 'route' in placed ? JSON.stringify(placed.values.slice(1)) : undefined;
        const captured = 'route' in placed ? JSON.stringify(placed.route.pattern.exec(path)?.slice(1)) : undefined;
        if (values !== captured) mismatches.push(`${method} ${path}: values ${values}, expected ${captured}`);
      }
    }
    expect(mismatches).toEqual([]);
    expect(paths.length).toBeGreaterThan(400);
  });

  it('answers a method another template of the path would take with 405 when the path\'s own template lacks it', () => {
    const me = routes.find((r) => r.method === 'GET' && r.path === '/users/me');
    if (!me) return; // a release without Get My Info
    const placed = router.place('POST', '/users/me');
    expect(placed).toEqual({ status: 405, allowed: ['GET', 'HEAD'] });
    expect('route' in router.place('POST', '/users/7') && router.place('POST', '/users/7')).toBeTruthy();
  });
});

describe('parameters that span segments', () => {
  const doc = committedDocument();
  const routes = routesOf(doc);
  const router = new Router(routes);
  const multi = routes.filter((r) => r.pattern.source.includes('(.+)'));

  it('match a path with its slashes', () => {
    expect(multi.length).toBeGreaterThan(0);
    for (const route of multi) {
      const path = route.path.replace(/\{([^}]+)\}/g, (_, name: string) => (name === route.pathNames.at(-1) ? 'dir/file%20name.txt' : '7'));
      const placed = router.place(route.method, path);
      expect('route' in placed && placed.route.path, `${route.method} ${path}`).toBe(route.path);
      expect(pathValues(route, path)[route.pathNames.at(-1)!]).toBe('dir/file name.txt');
    }
  });

  it('are never empty: without a path, a split route is placed on its root form', () => {
    const placed = (method: string, path: string) => {
      const found = router.place(method, path);
      return 'route' in found ? found.route.operationId : found.status;
    };
    expect(placed('GET', '/artifacts/7/infos')).toBe('artifactGetArtifactInfoRoot');
    expect(placed('GET', '/artifacts/7/infos/')).toBe('artifactGetArtifactInfoRoot');
    expect(placed('GET', '/artifacts/7/infos/dist/a.txt')).toBe('artifactGetArtifactInfo');
    expect(placed('DELETE', '/artifacts/7')).toBe('artifactDeleteArtifactRoot');
    expect(placed('DELETE', '/artifacts/7/dist')).toBe('artifactDeleteArtifact');
    // No file named: not a download (the path names the artifact `contents`, which only DELETE takes).
    expect(placed('GET', '/artifacts/7/contents/')).toBe(405);
  });
});

describe('a request target split without a URL object', () => {
  // The rule written as patterns: plain characters after a `/`, and no `/.` or `%2e` anywhere.
  const plainByPatterns = (path: string): boolean => /^\/[A-Za-z0-9\-._~!$&'()*+,;=:@%/]*$/.test(path) && !/\/\.|%2e/i.test(path);

  it('takes the short way exactly where the patterns say a URL parser changes nothing', () => {
    const pieces = ['/', 'a', 'Z', '9', '.', '..', '%', '%2e', '%2E', '%2f', '2e', '~', ' ', '"', '\\', 'é', '中', '#', '|', '{', '^', '@', ':'];
    let seed = 20261129;
    const random = (n: number): number => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed % n;
    };
    let plain = 0;
    for (let i = 0; i < 20_000; i += 1) {
      const path = (random(8) === 0 ? '' : '/') + Array.from({ length: 1 + random(6) }, () => pieces[random(pieces.length)]).join('');
      expect([path, plainPath(path)]).toEqual([path, plainByPatterns(path)]);
      if (plainPath(path)) {
        plain += 1;
        // The short way gives what the WHATWG parser gives.
        expect(splitTarget(`${path}?a=1`)).toEqual({ path: new URL(path, 'http://mock').pathname, search: 'a=1' });
      }
    }
    // Both ways are taken.
    expect(plain).toBeGreaterThan(200);
    expect(plain).toBeLessThan(19_000);
  });
});
