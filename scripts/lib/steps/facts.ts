/**
 * The fact tables of README.md and docs/: every region between `<!-- facts:<name> -->` and
 * `<!-- /facts:<name> -->` is rewritten from the built descriptions (scripts/lib/facts/tables.ts),
 * the rest of each file is kept as it is. A file that must carry a table and lacks it, a marker
 * without its pair, a doubled one, or an unknown name stops the build, naming the file and marker.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Artifact, SetStep } from './types.js';
import { CatalogueError } from '../problems.js';
import { rewriteRegions, openMarker } from '../facts/regions.js';
import { FACT_TABLES, type Docs } from '../facts/tables.js';
import { CHANGELOG_FILE } from './changelog.js';
import { EXTENSIONS_FILE } from './extensions.js';

/** Marker problems, reported like catalogue mistakes (a message per problem, exit code 1), not as a stack trace. */
export class FactRegionError extends CatalogueError {
  constructor(problems: readonly string[]) {
    super(problems);
    this.name = 'FactRegionError';
    this.message = `The generated regions of README.md and docs/ have ${problems.length} problem(s):\n${problems.map((p) => `  - ${p}`).join('\n')}`;
  }
}

/** The tables each file must carry (hand-written prose points to them instead of restating). */
export const REQUIRED_FACTS: Record<string, readonly string[]> = {
  'README.md': ['counts'],
  'docs/codegen.md': ['raw-text'],
  'docs/paging.md': ['page-limits'],
  'docs/errors.md': ['refusals', 'error-statuses'],
  'docs/validating-a-live-server.md': ['verify-calls'],
  'docs/releases.md': ['published', 'tags'],
  'docs/mock-internals.md': ['replay-exceptions'],
};

/** README.md and every Markdown file under docs/ that the build does not write whole. */
export function factFiles(root: string): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) return walk(path);
      return entry.name.endsWith('.md') ? [path] : [];
    });
  return ['README.md', ...walk('docs').filter((file) => file !== CHANGELOG_FILE && file !== EXTENSIONS_FILE).sort()];
}

/** Each file with regions, rewritten; `read` gives a file's current text. */
export function renderFacts(docs: Docs, files: readonly string[], read: (file: string) => string): Artifact[] {
  const problems: string[] = [];
  const artifacts: Artifact[] = [];
  const tables = new Map<string, string>();
  const render = (name: string): string | undefined => {
    const table = FACT_TABLES[name];
    if (!table) return undefined;
    if (!tables.has(name)) tables.set(name, table(docs, read));
    return tables.get(name);
  };
  for (const file of files) {
    const before = read(file);
    const { text, regions } = rewriteRegions(file, before, render, problems);
    for (const name of REQUIRED_FACTS[file] ?? []) {
      if (!regions.includes(name) && !problems.some((p) => p.startsWith(`${file}:`))) {
        problems.push(`${file}: has no ${openMarker(name)} region; the ${name} table belongs there`);
      }
    }
    if (regions.length > 0) artifacts.push({ path: file, content: text });
  }
  for (const file of Object.keys(REQUIRED_FACTS)) {
    if (!files.includes(file)) problems.push(`${file}: missing; it must carry ${REQUIRED_FACTS[file]!.map(openMarker).join(', ')}`);
  }
  if (problems.length > 0) throw new FactRegionError(problems);
  return artifacts;
}

export const factsStep = (root: string): SetStep => (docs) => {
  const files = factFiles(root);
  return renderFacts(docs, files, (file) => readFileSync(join(root, file), 'utf8'));
};
