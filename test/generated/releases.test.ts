/**
 * Every supported release's committed description: valid, lint-clean, labelled with its release,
 * and serving exactly the routes its tag's resource classes serve (test/fixtures/routes/<tag>.tsv).
 */
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Validator } from '@seriousme/openapi-schema-validator';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { catalogue } from '../../scripts/lib/catalogue.js';
import { ROOT, SEED_RELEASE, SUPPORTED_RELEASES, committedDocument, operationsOf, pinnedOperationIds, readGenerated } from '../helpers.js';
import { SPLIT_ROUTE, describedRoute, routeKey, sharedSegments, splitParts } from '../support/routes.js';

const run = promisify(execFile);

interface RouteRow {
  group: string;
  operation: string;
  method: string;
  path: string;
}

function routeTable(release: string): RouteRow[] {
  const [, ...lines] = readFileSync(join(ROOT, 'test/fixtures/routes', `${release}.tsv`), 'utf8').split('\n').filter(Boolean);
  return lines.map((line) => {
    const [group, operation, method, path] = line.split('\t');
    return { group: group!, operation: operation!, method: method!, path: path! };
  });
}


/** Groups the catalogue describes in some release; the route tables are compared over these. */
const describedGroups = new Set(catalogue.groups.map((g) => g.name));
/** The seed keeps the Milestone group (OneDev v10.8.0) in v11.11.4, whose source no longer has it. */
const SEED_ONLY_GROUPS = new Set(['Milestone']);

describe('the release folders', () => {
  it('hold exactly the supported releases', () => {
    expect(readdirSync(join(ROOT, 'generated/releases')).sort()).toEqual([...SUPPORTED_RELEASES].sort());
  });

  it('every pinned operationId is served by some release', () => {
    const served = new Set(
      SUPPORTED_RELEASES.flatMap((release) => operationsOf(committedDocument(release)).map(({ method, path, operation }) => `${operation.operationId} ${method} ${path}`)),
    );
    expect(pinnedOperationIds.map((p) => `${p.id} ${p.method} ${p.path}`).filter((row) => !served.has(row))).toEqual([]);
  });

  it('the top-level files are the newest release', () => {
    const newest = SUPPORTED_RELEASES.at(-1)!;
    for (const file of ['openapi.json', 'openapi.yaml', 'openapi-3.0.json', 'openapi-3.0.yaml', 'openapi.deref.json', 'openapi.d.ts']) {
      expect(readGenerated(file) === readGenerated(`releases/${newest}/${file}`), file).toBe(true);
    }
  });
});

describe.each(SUPPORTED_RELEASES)('release %s', (release) => {
  const doc = committedDocument(release);
  const ops = operationsOf(doc);

  it('states its OneDev release in info', () => {
    expect(doc.info['x-onedev-version']).toBe(release);
    expect(doc.info.description).toContain(`**${release}**`);
  });

  it('validates against the OpenAPI 3.1 schema', async () => {
    const validator = new Validator();
    const result = await validator.validate(doc as unknown as Record<string, unknown>);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('passes redocly lint (recommended-strict) with 0 errors and 0 warnings', async () => {
    const bin = join(ROOT, 'node_modules/.bin/redocly');
    const { stdout } = await run(bin, ['lint', `generated/releases/${release}/openapi.json`, '--format=json', '--max-problems=1000'], {
      cwd: ROOT,
      maxBuffer: 64 * 1024 * 1024,
    }).catch((error: { stdout: string }) => ({ stdout: error.stdout }));
    const report = JSON.parse(stdout.slice(stdout.indexOf('{'))) as {
      totals: { errors: number; warnings: number };
      problems: Array<{ ruleId: string; message: string; location: Array<{ pointer: string }> }>;
    };
    expect(report.problems.map((p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`)).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  });

  it('YAML and JSON hold the same document', () => {
    expect(parse(readGenerated(`releases/${release}/openapi.yaml`))).toEqual(doc);
  });

  it("serves exactly the tag's routes, over the groups the catalogue describes", () => {
    // test/support/routes.ts: parameters blanked; a part of a split route stands for the route.
    const expected = routeTable(release)
      .filter((r) => describedGroups.has(r.group))
      .map(routeKey)
      .sort();
    const actual = ops
      .filter((o) => !(release === SEED_RELEASE && SEED_ONLY_GROUPS.has(o.operation.tags?.[0] ?? '')))
      .map((o) => routeKey(describedRoute(o)))
      .sort();
    expect(actual.filter((k) => !expected.includes(k)), 'described but not served').toEqual([]);
    expect(expected.filter((k) => !actual.includes(k)), 'served but not described').toEqual([]);
  });

  it('keeps the pinned operationIds (a rename must be deliberate)', () => {
    const pinned = new Set(pinnedOperationIds.map((p) => `${p.id} ${p.method} ${p.path}`));
    const unpinned = ops.map(({ method, path, operation }) => `${operation.operationId} ${method} ${path}`).filter((row) => !pinned.has(row));
    expect(unpinned).toEqual([]);
  });

  it("names groups and operations as the tag's help page does", () => {
    const byRoute = new Map(routeTable(release).map((r) => [routeKey(r), r]));
    const mismatches = ops.flatMap((op) => {
      const { method, path, operation } = op;
      const row = byRoute.get(routeKey(describedRoute(op)));
      if (!row) return [];
      const actual = `${operation.tags?.[0]} / ${operation.summary}`;
      // The root part of a split route adds "(root)" to the help page's name (spec/model.ts).
      const isRoot = typeof operation[SPLIT_ROUTE] === 'string' && path === splitParts(operation[SPLIT_ROUTE])[0];
      const wanted = `${row.group} / ${row.operation}${isRoot ? ' (root)' : ''}`;
      return actual === wanted ? [] : [`${method} ${path}: ${actual}, the help page says ${wanted}`];
    });
    expect(mismatches).toEqual([]);
  });

  it('describes each route that glues an optional path to a segment by exactly its root and nested paths', () => {
    // The explicit mapping of test/support/routes.ts: OneDev's template -> the two described paths.
    const parts = new Map<string, string[]>();
    for (const { method, path, operation } of ops) {
      const route = operation[SPLIT_ROUTE];
      if (typeof route === 'string') parts.set(`${method} ${route}`, [...(parts.get(`${method} ${route}`) ?? []), path]);
    }
    const glued = routeTable(release).filter((r) => describedGroups.has(r.group) && /\(\/\.\*\)\?\}$/.test(r.path));
    expect(glued.length).toBeGreaterThan(0);
    expect([...parts.keys()].sort()).toEqual(glued.map((r) => `${r.method} ${r.path}`).sort());
    for (const [key, paths] of parts) expect(paths.sort(), key).toEqual([...splitParts(key.split(' ')[1]!)].sort());
  });

  it('has one parameter, and nothing else, in every templated path segment', () => {
    expect(sharedSegments(ops.map((o) => o.path))).toEqual([]);
  });
});
