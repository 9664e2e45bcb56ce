/**
 * What the published declarations lead to, found quickly from the sources (the pack test then
 * compiles the real package strictly, without skipLibCheck). From each typed entry of the
 * package's exports, the declarations tsc would write (ts.transpileDeclaration: imports used only
 * in code are left out, as in the real output) are followed through their relative imports; the
 * packages they name must be ones whose declarations compile strictly: Node's, openapi-fetch and
 * the package itself. Prism's do not (they name the untyped `pino`), so the mock's entry must
 * never lead to the engine.
 */
import { existsSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ROOT, SUPPORTED_RELEASES } from '../helpers.js';

const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { name: string; exports: Record<string, string | Record<string, string>> };

/** Packages whose declarations a strict consumer without skipLibCheck compiles. */
const ALLOWED = new Set(['openapi-fetch']);

/** The source a published declaration file is compiled from (the layouts of tsconfig.build*.json). */
function sourceOf(published: string): string {
  const path = published.replace(/^\.\//, '');
  if (path.startsWith('generated/')) return path;
  const stem = path.replace(/\.d\.ts$/, '');
  for (const candidate of [`${stem.replace(/^dist\//, '')}.ts`, `${stem.replace(/^dist\//, 'scripts/')}.ts`, `${stem.replace(/^dist\//, '')}.d.ts`]) {
    if (existsSync(join(ROOT, candidate))) return candidate;
  }
  throw new Error(`no source for ${published}`);
}

/** The specifiers the declarations of one file import. */
function declarationImports(file: string): string[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  const declarations = file.endsWith('.d.ts')
    ? text
    : ts.transpileDeclaration(text, { fileName: file, compilerOptions: { module: ts.ModuleKind.NodeNext, target: ts.ScriptTarget.ES2022 } }).outputText;
  return ts.preProcessFile(declarations, true, true).importedFiles.map((f) => f.fileName);
}

/** A relative specifier (`./x.js`) as the file it names, .ts or .d.ts. */
function resolveRelative(from: string, specifier: string): string {
  const base = join(dirname(from), specifier).replace(/\.js$/, '');
  for (const candidate of [`${base}.ts`, `${base}.d.ts`]) if (existsSync(join(ROOT, candidate))) return candidate;
  throw new Error(`${from}: cannot find ${specifier}`);
}

/** A self-reference (`onedev-openapi/releases/<tag>/types`) through the exports, as tsc resolves it. */
function resolveSelf(specifier: string): string {
  const subpath = `.${specifier.slice(pkg.name.length)}`;
  for (const [key, target] of Object.entries(pkg.exports)) {
    const types = typeof target === 'string' ? target : target.types;
    if (!types) continue;
    const [head, tail = ''] = key.split('*');
    if (key === subpath) return sourceOf(types);
    if (key.includes('*') && subpath.startsWith(head!) && subpath.endsWith(tail)) {
      return sourceOf(types.replace('*', subpath.slice(head!.length, subpath.length - tail.length)));
    }
  }
  throw new Error(`the exports have no types for ${specifier}`);
}

/** Every file the entry's declarations reach, and the packages they name (with a file naming each). */
function walk(entry: string): { files: Set<string>; packages: Map<string, string> } {
  const files = new Set<string>();
  const packages = new Map<string, string>();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (files.has(file)) continue;
    files.add(file);
    for (const specifier of declarationImports(file)) {
      if (specifier.startsWith('.')) queue.push(resolveRelative(file, specifier));
      else if (specifier === pkg.name || specifier.startsWith(`${pkg.name}/`)) queue.push(resolveSelf(specifier));
      else if (!specifier.startsWith('node:') && !builtinModules.includes(specifier)) packages.set(specifier, packages.get(specifier) ?? file);
    }
  }
  return { files, packages };
}

const entries = Object.entries(pkg.exports)
  .filter((pair): pair is [string, Record<string, string>] => typeof pair[1] === 'object' && 'types' in pair[1])
  .flatMap(([key, target]) => (key.includes('*') ? SUPPORTED_RELEASES.map((tag) => [key.replace('*', tag), target.types!.replace('*', tag)]) : [[key, target.types!]]));

describe('the declarations of every typed entry', () => {
  it('covers the client, ./types, ./mock and each release types entry', () => {
    expect(entries.map(([key]) => key)).toEqual(expect.arrayContaining(['.', './types', './mock', ...SUPPORTED_RELEASES.map((tag) => `./releases/${tag}/types`)]));
  });

  it.each(entries)('%s (%s) leads only to our own types, Node and openapi-fetch', (_key, types) => {
    const { files, packages } = walk(sourceOf(types));
    const outside = [...packages].filter(([name]) => !ALLOWED.has(name.startsWith('@') ? name.split('/').slice(0, 2).join('/') : name.split('/')[0]!));
    expect(outside.map(([name, file]) => `${name} (from ${relative(ROOT, join(ROOT, file))})`)).toEqual([]);
    // The mock's engine (and with it Prism) is never reached from a declaration.
    expect([...files].filter((file) => /scripts\/lib\/mock\/(engine|server|prism)\.ts$/.test(file))).toEqual([]);
  });
});
