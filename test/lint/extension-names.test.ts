/**
 * One contract for the `x-onedev-*` extensions: outside src/extensions.ts no source file (scripts/,
 * src/, spec/, bench/, bin/) writes an extension's name in a string, so every writer and reader
 * goes through `EXT` and its typed readers. Tests may spell names when they assert written output.
 * Strings are found with TypeScript's parser, so a name in a comment is not taken.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers.js';

const CONTRACT = 'src/extensions.ts';

/** The string and template texts of a module that hold an extension name, with their lines. */
function namesInStrings(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteralLike(node) || ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) {
      // The header X-OneDev-Signature is no extension (names are lower case), nor the prefix alone.
      const name = /x-onedev-[a-z]+(-[a-z]+)*/.exec(node.text)?.[0];
      if (name) found.push(`${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}: ${name}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const sources = (): string[] =>
  execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', 'scripts', 'src', 'spec', 'bench', 'bin'], { cwd: ROOT, encoding: 'utf8' })
    .split('\n')
    .filter((file) => /\.(ts|js|mjs)$/.test(file) && !file.endsWith('.d.ts'));

describe('extension names', () => {
  it('the scan finds a name in a string or a template, not in a comment, a header name or the bare prefix', () => {
    const text = [
      "// x-onedev-comment",
      "const a = 'x-onedev-raw-text';",
      'const b = `${a} x-onedev-route ${a} x-onedev-update`;',
      "const c = 'X-OneDev-Signature';",
      'const d = { "x-onedev-secret": true };',
      "const e = key.startsWith('x-onedev-') ? 'the `x-onedev-*` page' : '';",
    ].join('\n');
    expect(namesInStrings('a.ts', text)).toEqual(['a.ts:2: x-onedev-raw-text', 'a.ts:3: x-onedev-route', 'a.ts:3: x-onedev-update', 'a.ts:5: x-onedev-secret']);
  });

  it(`are written only in ${CONTRACT}`, () => {
    const files = sources();
    expect(files).toContain(CONTRACT);
    expect(files.length).toBeGreaterThan(100);
    const outside = files.filter((file) => file !== CONTRACT).flatMap((file) => namesInStrings(file, readFileSync(join(ROOT, file), 'utf8')));
    expect(outside, 'name the extension through EXT (src/extensions.ts)').toEqual([]);
    expect(namesInStrings(CONTRACT, readFileSync(join(ROOT, CONTRACT), 'utf8')).length).toBeGreaterThan(10);
  });
});
