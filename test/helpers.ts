/** Shared test helpers: the seed fixture, the committed document, the in-memory build. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { OpenAPIObject } from 'openapi3-ts/oas31';
import { ROOT } from '../scripts/lib/artifacts.js';

export { ROOT };

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

/** The list of operations whose body is raw text (a bare Java String). */
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

export function committedDocument(): OpenAPIObject {
  return JSON.parse(readGenerated('openapi.json')) as OpenAPIObject;
}

export { operationsOf, resolveRef, type DocOperation } from '../scripts/lib/openapi.js';
