/**
 * `npm run bench` (scripts/bench.ts) checks what every chosen benchmark needs before running any:
 * without Chromium it stops at once with the reason, instead of failing with a stack trace in the
 * docs benchmark after the build and client benchmarks' minutes, and leaves docs/benchmarks.md
 * alone.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers.js';

const NO_CHROMIUM = join(ROOT, 'test-output', 'no-such-chromium');

function bench(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/bench.ts', ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    // Nothing may run: the build benchmark alone would take minutes.
    timeout: 60_000,
    env: { ...process.env, ONEDEV_OPENAPI_CHROMIUM: NO_CHROMIUM },
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('npm run bench without Chromium', () => {
  it('--write: stops before the first benchmark, names the missing browser and how to get it, and keeps docs/benchmarks.md', () => {
    const committed = readFileSync(join(ROOT, 'docs/benchmarks.md'), 'utf8');
    const result = bench('--write');
    expect(result.status).toBe(1);
    expect(result.stdout).not.toMatch(/^# /m);
    expect(result.stderr).toContain(`the docs benchmark cannot run: ${NO_CHROMIUM} is missing`);
    expect(result.stderr).toContain('apt-get install chromium');
    expect(result.stderr).toContain('ONEDEV_OPENAPI_CHROMIUM');
    expect(result.stderr).toContain('Nothing was run and docs/benchmarks.md is unchanged.');
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(readFileSync(join(ROOT, 'docs/benchmarks.md'), 'utf8')).toBe(committed);
  });

  it('one benchmark named: the same stop, without a word on the committed file; an unknown name is a usage error', () => {
    const result = bench('docs', 'nonexistent');
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('No benchmark named nonexistent');
    const docsOnly = bench('docs');
    expect(docsOnly.status).toBe(1);
    expect(docsOnly.stderr).toContain('the docs benchmark cannot run');
    expect(docsOnly.stderr).toMatch(/^Nothing was run\.$/m);
  });
});
