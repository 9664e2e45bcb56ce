/**
 * The project's own TypeScript type-checks under its strict settings (tsconfig.json): tsx runs
 * the scripts, tests and benchmarks without checking types, so a benchmark or script that no
 * longer fits the code it calls would otherwise go unnoticed until it runs. Every tracked
 * TypeScript file is in the check, except generated/ (its declarations have tests of their own,
 * test/types) and what tsconfig.json leaves out on purpose.
 */
import { execFile, execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers.js';

const run = promisify(execFile);
const CONFIG = join(ROOT, 'tsconfig.json');

function checkedFiles(): { files: Set<string>; exclude: string[] } {
  const read = ts.readConfigFile(CONFIG, ts.sys.readFile);
  if (read.error) throw new Error(ts.flattenDiagnosticMessageText(read.error.messageText, '\n'));
  const parsed = ts.parseJsonConfigFileContent(read.config, ts.sys, ROOT);
  const exclude = ((read.config as { exclude?: string[] }).exclude ?? []).map((e) => `${e.replace(/\/$/, '')}/`);
  return { files: new Set(parsed.fileNames.map((f) => f.slice(ROOT.length + 1))), exclude };
}

describe('TypeScript of the project itself', () => {
  it('covers every tracked .ts file outside generated/ and the folders tsconfig.json excludes', () => {
    const { files, exclude } = checkedFiles();
    const tracked = execFileSync('git', ['ls-files', '*.ts'], { cwd: ROOT, encoding: 'utf8' }).split('\n').filter(Boolean);
    expect(tracked.length).toBeGreaterThan(300);
    const left = tracked.filter((f) => !f.startsWith('generated/') && !exclude.some((e) => f.startsWith(e)) && !files.has(f));
    expect(left, 'tracked TypeScript that tsc --noEmit -p tsconfig.json never reads: add its folder to "include"').toEqual([]);
    for (const folder of ['bench/', 'scripts/', 'spec/', 'src/', 'test/']) expect([...files].some((f) => f.startsWith(folder)), folder).toBe(true);
  });

  it('tsc --noEmit -p tsconfig.json reports no error', async () => {
    const tsc = join(ROOT, 'node_modules/typescript/bin/tsc');
    const result = await run(process.execPath, [tsc, '--noEmit', '-p', CONFIG], { cwd: ROOT, maxBuffer: 16 * 1024 * 1024, timeout: 240_000 }).catch(
      (error: { stdout?: string; stderr?: string; code?: number }) => ({ stdout: error.stdout ?? '', stderr: `${error.stderr ?? ''} (exit ${error.code})` }),
    );
    expect(`${result.stdout}${result.stderr}`.trim()).toBe('');
  }, 300_000);
});
