/**
 * The fixtures the project commits from OneDev's source, each with the path it lives at and how
 * the tool renders it: `check` compares them, `write` rewrites them.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fieldDelta, formatFieldChanges, type FieldChange } from './field-history.js';
import type { OneDevSource } from './onedev.js';

export interface Fixture {
  /** Path under the project root. */
  path: string;
  render(): string;
}

export const FIELD_CHANGES = 'test/fixtures/fields/changes.tsv';
export const fieldBasePath = (tag: string) => `test/fixtures/fields/${tag}.tsv`;

/** The field changes at every tag after the first, in tag order. */
export function fieldChanges(source: OneDevSource, tags: readonly string[]): FieldChange[] {
  return tags.slice(1).flatMap((tag, i) => fieldDelta(source.fields(tags[i]!), source.fields(tag), tag));
}

/**
 * Route tables and web-hook tables of the published tags, the route lifespans and the field
 * history over every tag.
 */
export function fixtureFiles(source: OneDevSource, tags: readonly string[], published: readonly string[]): Fixture[] {
  const first = tags[0]!;
  return [
    ...published.map((tag) => ({ path: `test/fixtures/routes/${tag}.tsv`, render: () => source.routeTable(tag) })),
    { path: 'test/fixtures/routes/lifespans.tsv', render: () => source.lifespanTable(tags) },
    ...published.map((tag) => ({ path: `test/fixtures/webhooks/${tag}.tsv`, render: () => source.webHookTable(tag) })),
    { path: fieldBasePath(first), render: () => source.fieldTable(first) },
    { path: FIELD_CHANGES, render: () => formatFieldChanges(fieldChanges(source, tags), first, tags.at(-1)!) },
  ];
}

export interface FixtureStatus {
  path: string;
  /** `same`, `written` (write), or the first difference (check). */
  status: 'same' | 'written' | 'differs';
  difference?: string;
}

function readOrEmpty(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

/** Where two texts first differ, worded for a maintainer. */
export function firstDifference(actual: string, committed: string): string {
  const a = actual.split('\n');
  const c = committed.split('\n');
  for (let i = 0; i < Math.max(a.length, c.length); i++) {
    if (a[i] !== c[i]) return `line ${i + 1}: committed ${JSON.stringify(c[i] ?? '(end)')}, source says ${JSON.stringify(a[i] ?? '(end)')}`;
  }
  return 'same';
}

/**
 * Renders each fixture and compares it with the file under `root` (`check`), or rewrites the
 * files that differ (`write`). `onEach` hears about each fixture as it is done.
 */
export function syncFixtures(
  fixtures: readonly Fixture[],
  root: string,
  mode: 'check' | 'write',
  onEach: (status: FixtureStatus) => void = () => {},
): FixtureStatus[] {
  return fixtures.map((fixture) => {
    const file = join(root, fixture.path);
    const committed = readOrEmpty(file);
    const actual = fixture.render();
    let status: FixtureStatus;
    if (actual === committed) status = { path: fixture.path, status: 'same' };
    else if (mode === 'write') {
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, actual);
      status = { path: fixture.path, status: 'written' };
    } else status = { path: fixture.path, status: 'differs', difference: firstDifference(actual, committed) };
    onEach(status);
    return status;
  });
}
