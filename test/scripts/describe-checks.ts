/**
 * What the describe tests check of one tag's files (scripts/lib/describe.ts): each file there and
 * named as the build names it, both descriptions valid (OpenAPI 3.1 and 3.0 schemas), the YAML
 * holding the JSON, no reference left in the dereferenced file, the release named where it should
 * be, and types that parse. Linting and type-checking run over several tags at once (one process
 * each), since starting redocly or tsc costs more than checking one more file.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Validator } from '@seriousme/openapi-schema-validator';
import ts from 'typescript';
import { expect } from 'vitest';
import { parse } from 'yaml';
import type { DescribedFile } from '../../scripts/lib/describe.js';
import { ROOT } from '../helpers.js';

const run = promisify(execFile);

/** The files of a release folder, in the order the build's steps write them. */
export const RELEASE_FILE_NAMES = ['openapi.json', 'openapi.yaml', 'openapi.d.ts', 'openapi.deref.json', 'openapi-3.0.json', 'openapi-3.0.yaml'];

const validator31 = new Validator();
const validator30 = new Validator();

/**
 * The checks one tag's files must pass on their own; returns its 3.1 description. `parse: false`
 * leaves out reading the YAML and the types back (seconds per tag; the every-tag files type-check
 * the types with tsc instead, and the YAML is written by the same call for every tag).
 */
export async function checkReleaseFiles(tag: string, files: readonly DescribedFile[], { parse: parseBack = true }: { parse?: boolean } = {}): Promise<Record<string, any>> {
  expect(files.map((f) => f.name)).toEqual(RELEASE_FILE_NAMES);
  const text = Object.fromEntries(files.map((f) => [f.name, f.content]));
  const doc = JSON.parse(text['openapi.json']!) as Record<string, any>;
  const v30 = JSON.parse(text['openapi-3.0.json']!) as Record<string, any>;
  const deref = JSON.parse(text['openapi.deref.json']!) as Record<string, any>;

  // The release is named, and the mock's Get Server Version answer is that release's version.
  expect(doc.info['x-onedev-version']).toBe(tag);
  expect(doc.info.description).toContain(`**${tag}**`);
  const version = doc.paths['/version/server'].get.responses['200'].content['application/json'];
  expect(version.example).toBe(tag.slice(1));

  expect([doc.openapi, v30.openapi, deref.openapi]).toEqual(['3.1.0', '3.0.3', '3.1.0']);
  const valid31 = await validator31.validate(structuredClone(doc));
  expect(valid31.errors ?? [], `${tag} openapi.json`).toEqual([]);
  const valid30 = await validator30.validate(structuredClone(v30));
  expect(valid30.errors ?? [], `${tag} openapi-3.0.json`).toEqual([]);
  expect(text['openapi.yaml']).toMatch(/^openapi: 3\.1\.0\n/);
  expect(text['openapi-3.0.yaml']).toMatch(/^openapi: 3\.0\.3\n/);
  if (parseBack) {
    expect(parse(text['openapi.yaml']!), `${tag} openapi.yaml`).toEqual(doc);
    expect(parse(text['openapi-3.0.yaml']!), `${tag} openapi-3.0.yaml`).toEqual(v30);
  }
  expect(text['openapi.deref.json']).not.toContain('"$ref"');
  expect(Object.keys(deref.paths)).toEqual(Object.keys(doc.paths));

  // openapi-typescript's output: one `paths` entry per path of the description, and no syntax error.
  if (parseBack) {
    const types = ts.createSourceFile('openapi.d.ts', text['openapi.d.ts']!, ts.ScriptTarget.ES2022, false, ts.ScriptKind.TS);
    expect((types as unknown as { parseDiagnostics: ts.Diagnostic[] }).parseDiagnostics.map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'))).toEqual([]);
  }
  for (const path of Object.keys(doc.paths)) expect(text['openapi.d.ts']).toContain(`    "${path}": {`);
  return doc;
}

/** Writes each tag's files into `dir/<tag>/`; returns the folders. */
export function writeReleaseFolders(dir: string, byTag: ReadonlyMap<string, readonly DescribedFile[]>): Map<string, string> {
  const folders = new Map<string, string>();
  for (const [tag, files] of byTag) {
    const folder = join(dir, tag);
    mkdirSync(folder, { recursive: true });
    for (const file of files) writeFileSync(join(folder, file.name), file.content);
    folders.set(tag, folder);
  }
  return folders;
}

/**
 * `redocly lint` (the repository's redocly.yaml: recommended-strict) over every file at once; the
 * problems it finds, `file: rule: message at pointer`, and how many files it reported on.
 */
export async function lintFiles(files: readonly string[]): Promise<{ problems: string[]; reported: number }> {
  const bin = join(ROOT, 'node_modules/.bin/redocly');
  const { stdout } = await run(bin, ['lint', ...files, '--format=json', '--max-problems=1000'], {
    cwd: ROOT,
    maxBuffer: 256 * 1024 * 1024,
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
  }).catch((error: { stdout: string }) => ({ stdout: error.stdout }));
  // One JSON report per file, one after the other.
  const reports: Array<{ totals: { errors: number; warnings: number }; problems: Array<{ ruleId: string; message: string; location: Array<{ source?: { ref?: string }; pointer: string }> }> }> = [];
  let depth = 0;
  let start = -1;
  let inString = false;
  for (let i = 0; i < stdout.length; i++) {
    const c = stdout[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{' && depth++ === 0) start = i;
    else if (c === '}' && --depth === 0) reports.push(JSON.parse(stdout.slice(start, i + 1)));
  }
  const problems = reports.flatMap((r) =>
    [
      ...r.problems.map((p) => `${p.location[0]?.source?.ref ?? '?'}: ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`),
      ...(r.problems.length === 0 && r.totals.errors + r.totals.warnings > 0 ? [`${r.totals.errors} errors, ${r.totals.warnings} warnings`] : []),
    ],
  );
  return { problems, reported: reports.length };
}

/**
 * tsc, strict and without skipLibCheck, over a program that imports `paths` and `components` from
 * each folder's openapi.d.ts; its output (empty when every file type-checks).
 */
export async function typecheckTypes(dir: string, folders: readonly string[]): Promise<string> {
  const entry = join(dir, 'use-types.ts');
  writeFileSync(
    entry,
    folders
      .map((folder, i) => `import type { paths as P${i}, components as C${i} } from ${JSON.stringify(`${folder}/openapi.js`)};\nexport type T${i} = keyof P${i} | keyof C${i}['schemas'];`)
      .join('\n') + '\n',
  );
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: { module: 'NodeNext', moduleResolution: 'NodeNext', target: 'ES2022', strict: true, noEmit: true, skipLibCheck: false, types: [] },
      files: ['use-types.ts'],
    }),
  );
  const result = await run(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', join(dir, 'tsconfig.json')], {
    cwd: dir,
    maxBuffer: 64 * 1024 * 1024,
  }).catch((error: { stdout: string; code?: number }) => ({ stdout: error.stdout || `tsc failed (exit ${error.code})` }));
  return result.stdout;
}
