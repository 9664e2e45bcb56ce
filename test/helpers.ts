/** Shared test helpers: the seed fixture, the committed document, the in-memory build. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { OpenAPIObject } from 'openapi3-ts/oas31';
import { ROOT } from '../scripts/lib/artifacts.js';
import { DEFAULT_RELEASE, SEED_RELEASE, SUPPORTED_RELEASES, type SupportedRelease } from '../spec/releases.js';

export { ROOT, DEFAULT_RELEASE, SEED_RELEASE, SUPPORTED_RELEASES, type SupportedRelease };

export interface SeedRow {
  group: string;
  name: string;
  method: string;
  path: string;
}

function readTsv(file: string): string[][] {
  return readFileSync(join(ROOT, 'test/fixtures', file), 'utf8')
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => line.split('\t'));
}

export const seedRows: SeedRow[] = readTsv('seed-operations.tsv').map(([group, name, method, path]) => ({
  group: group!,
  name: name!,
  method: method!,
  path: path!,
}));

export const pinnedOperationIds = readTsv('operation-ids.tsv').map(([id, method, path]) => ({
  id: id!,
  method: method!,
  path: path!,
}));

/** The seed release's (v11.11.4) operations whose body is raw text (a bare Java String), written from its source. */
export const RAW_TEXT_OPERATIONS: readonly string[] = [
  'pullRequestSetTitle',
  'pullRequestSetDescription',
  'pullRequestReopen',
  'pullRequestDiscard',
  'pullRequestMerge',
  'pullRequestDeleteSourceBranch',
  'pullRequestRestoreSourceBranch',
  'pullRequestCommentUpdate',
];

export function readGenerated(file: string): string {
  return readFileSync(join(ROOT, 'generated', file), 'utf8');
}

/** The committed description of a release (default: the newest, which is also generated/openapi.json). */
export function committedDocument(release: SupportedRelease = DEFAULT_RELEASE): OpenAPIObject {
  return JSON.parse(readGenerated(`releases/${release}/openapi.json`)) as OpenAPIObject;
}

/** The description the seed fixes: v11.11.4. */
export function seedDocument(): OpenAPIObject {
  return committedDocument(SEED_RELEASE);
}

export { operationsOf, resolveRef, type DocOperation } from '../scripts/lib/openapi.js';
