/**
 * The annotations hold at every OneDev tag, not only the published ones: each tag from v11.11.0 to
 * v16.5.6 builds without a catalogue problem, and serves exactly the routes its resource classes
 * serve (test/fixtures/routes/lifespans.tsv, written from each tag's source).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { livesAt, ONEDEV_TAGS, type OneDevTag } from '../../spec/releases.js';
import { ROOT, operationsOf } from '../helpers.js';
import { describedRoute, routeKey } from '../support/routes.js';
import { tagDocument } from '../support/tag-documents.js';

interface RouteSpan {
  route: string;
  since?: OneDevTag;
  until?: OneDevTag;
}

const spans: RouteSpan[] = readFileSync(join(ROOT, 'test/fixtures/routes/lifespans.tsv'), 'utf8')
  .split('\n')
  .filter((line) => line && !line.startsWith('#') && !line.startsWith('method\t'))
  .map((line) => {
    const [method, path, since, until] = line.split('\t');
    return { route: `${method} ${path}`, ...(since ? { since: since as OneDevTag } : {}), ...(until ? { until: until as OneDevTag } : {}) };
  });

/** The seed's Milestone group (OneDev v10.8.0) stays in the 11.x descriptions, though no 11.x source has it. */
const SEED_ONLY = /^[A-Z]+ \/milestones/;

describe('every OneDev tag', () => {
  it('the route fixture covers every tag’s routes', () => {
    expect(spans.length).toBeGreaterThan(280);
    for (const { since, until } of spans) {
      if (since) expect(ONEDEV_TAGS).toContain(since);
      if (until) expect(ONEDEV_TAGS).toContain(until);
    }
  });

  it.each(ONEDEV_TAGS)('%s builds and serves exactly its routes', (tag) => {
    // Built from the catalogue once per run (test/support/tag-documents.ts).
    const doc = tagDocument(tag);
    // test/support/routes.ts: parameters blanked; a part of a split route stands for the route.
    const actual = operationsOf(doc)
      .map((op) => routeKey(describedRoute(op)))
      .filter((route) => !SEED_ONLY.test(route))
      .sort();
    const expected = spans.filter((span) => livesAt(span, tag)).map((span) => span.route).sort();
    expect(actual.filter((r) => !expected.includes(r)), 'described but not served').toEqual([]);
    expect(expected.filter((r) => !actual.includes(r)), 'served but not described').toEqual([]);
    expect(doc.info['x-onedev-version']).toBe(tag);
  });
});
