/**
 * No function over 80 lines in the mock (scripts/lib/mock/, every folder under it) or the build
 * pipeline (scripts/build.ts, scripts/lib/*.ts, scripts/lib/steps/, scripts/lib/variants/): a
 * function, method, constructor, accessor or arrow function, counted from the line it starts on
 * to the line of its last character, nested functions inside it included. The files are read
 * with TypeScript's own parser, so braces in strings, comments and templates do not count.
 *
 * LONG_FOR_NOW names the few functions still longer, which are being shortened: the test asserts
 * the list is exactly what it finds, so a function shortened must leave the list too.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers.js';

const MAX_LINES = 80;

/** `file: name`, for functions over MAX_LINES that others are shortening now. */
const LONG_FOR_NOW: readonly string[] = [];

interface LongFunction {
  name: string;
  lines: number;
}

/** The name a function is known by: its own, its class's and its own, or what it is assigned to. */
function nameOf(node: ts.FunctionLikeDeclaration, source: ts.SourceFile): string {
  const own = node.name && !ts.isComputedPropertyName(node.name) ? node.name.getText(source) : undefined;
  const owner = node.parent && ts.isClassLike(node.parent) ? (node.parent.name?.getText(source) ?? '<class>') : undefined;
  if (ts.isConstructorDeclaration(node)) return `${owner}.constructor`;
  if (own !== undefined) return owner ? `${owner}.${own}` : own;
  const parent = node.parent;
  if (parent && (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent)) && ts.isIdentifier(parent.name)) {
    return parent.name.text;
  }
  const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
  return `<function at line ${line + 1}>`;
}

/** Every function in a source text longer than MAX_LINES. */
function longFunctions(fileName: string, text: string): LongFunction[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found: LongFunction[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && (node as ts.FunctionLikeDeclaration).body !== undefined) {
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const lines = last - first + 1;
      if (lines > MAX_LINES) found.push({ name: nameOf(node as ts.FunctionLikeDeclaration, source), lines });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The TypeScript files of the mock and the build pipeline, repository-relative. */
function checkedFiles(): string[] {
  const under = (folder: string, deep: boolean): string[] =>
    (readdirSync(join(ROOT, folder), { recursive: deep }) as string[]).filter((f) => f.endsWith('.ts')).map((f) => `${folder}/${f}`);
  return [...under('scripts/lib/mock', true), ...under('scripts/lib', false), ...under('scripts/lib/steps', true), ...under('scripts/lib/variants', true), 'scripts/build.ts'].sort();
}

const lines = (count: number): string => Array.from({ length: count }, (_, i) => `  const v${i} = ${i};`).join('\n');

describe('function length in the mock and the build pipeline', () => {
  it('the count finds functions, methods and arrow functions over the limit, by name, and nothing at the limit', () => {
    // Each body below spans its own lines plus the two of its head and closing brace.
    const text = [
      `function atLimit() {\n${lines(MAX_LINES - 2)}\n}`,
      `function over() {\n${lines(MAX_LINES - 1)}\n}`,
      `class Engine {\n  handle(): void {\n${lines(MAX_LINES - 1)}\n  }\n}`,
      `const arrow = (): void => {\n${lines(MAX_LINES - 1)}\n};`,
      `const text = \`{{{\n${'}\n'.repeat(MAX_LINES)}\`;`,
    ].join('\n');
    expect(longFunctions('sample.ts', text)).toEqual([
      { name: 'over', lines: MAX_LINES + 1 },
      { name: 'Engine.handle', lines: MAX_LINES + 1 },
      { name: 'arrow', lines: MAX_LINES + 1 },
    ]);
  });

  it(`has no function over ${MAX_LINES} lines but those being shortened, and each of those is still long`, () => {
    const files = checkedFiles();
    expect(files).toContain('scripts/lib/mock/engine.ts');
    expect(files).toContain('scripts/lib/steps/release.ts');
    const found = files.flatMap((file) => longFunctions(file, readFileSync(join(ROOT, file), 'utf8')).map((f) => ({ key: `${file}: ${f.name}`, lines: f.lines })));
    const described = found.map((f) => `${f.key} (${f.lines} lines)`);
    expect(
      found.map((f) => f.key).sort(),
      `functions over ${MAX_LINES} lines (split them into named steps; a function shortened leaves LONG_FOR_NOW): ${described.join('; ')}`,
    ).toEqual([...LONG_FOR_NOW].sort());
  });
});
