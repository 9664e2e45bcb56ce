/**
 * No import circle in scripts/ or src/: a module and what it imports, followed through every
 * relative `import`, `export ... from` and dynamic `import()` (type-only ones too, since a circle of
 * types still ties the modules' designs together), never lead back to it. The walk reads the files
 * with TypeScript's own pre-processor, so comments and strings that look like imports are not taken.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers.js';

type Graph = ReadonlyMap<string, readonly string[]>;

/** The repository-relative .ts files a module imports (relative specifiers only). */
function importsOf(file: string, known: ReadonlySet<string>): string[] {
  const info = ts.preProcessFile(readFileSync(join(ROOT, file), 'utf8'), true, true);
  return info.importedFiles
    .map((ref) => ref.fileName)
    .filter((spec) => spec.startsWith('.'))
    .map((spec) => normalize(join(dirname(file), spec)).replace(/\.js$/, '.ts'))
    .filter((target) => known.has(target));
}

function importGraph(files: readonly string[]): Graph {
  const known = new Set(files);
  return new Map(files.map((file) => [file, importsOf(file, known)]));
}

/** Every circle, each once, as the modules along it (first repeated last); depth-first with colours. */
function circlesOf(graph: Graph): string[][] {
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const found: string[][] = [];
  const visit = (node: string): void => {
    state.set(node, 'open');
    path.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'open') found.push([...path.slice(path.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    path.pop();
    state.set(node, 'done');
  };
  for (const node of [...graph.keys()].sort()) if (!state.has(node)) visit(node);
  return found;
}

const tracked = (): string[] =>
  execFileSync('git', ['ls-files', 'scripts/*.ts', 'src/*.ts'], { cwd: ROOT, encoding: 'utf8' }).split('\n').filter(Boolean);

describe('imports of scripts/ and src/', () => {
  it('the walk finds a circle where there is one, through types and re-exports too', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts', 'd.ts']],
      ['d.ts', []],
    ]);
    expect(circlesOf(graph)).toEqual([['a.ts', 'b.ts', 'c.ts', 'a.ts']]);
    expect(circlesOf(new Map([['a.ts', ['b.ts']], ['b.ts', []]]))).toEqual([]);
    const file = 'scripts/lib/steps/types.ts';
    const edges = importGraph(tracked()).get('scripts/lib/artifacts.ts') ?? [];
    expect(edges, 'a type-only re-export is an edge').toContain(file);
  });

  it('has no circle', () => {
    const files = tracked();
    expect(files.length).toBeGreaterThan(100);
    const circles = circlesOf(importGraph(files)).map((circle) => circle.join(' -> '));
    expect(circles, 'modules that import each other, directly or around a circle').toEqual([]);
  });
});
