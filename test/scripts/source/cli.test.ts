/**
 * `npm run onedev-source`: tables on stdout or in a file, and clear errors (exit 1) for a missing
 * repository, an unknown tag and a Java file the parser cannot read; usage errors exit 2.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../helpers.js';
import { javaRepo } from './java-repo.js';

const run = promisify(execFile);
const resource = (body: string) => `package io.onedev.server.rest.resource;
@Path("/versions")
public class VersionResource {
  ${body}
}`;
const repo = javaRepo({
  v1: { 'io/onedev/server/rest/resource/VersionResource.java': resource('@Api(order=100) @GET @Path("/server") public String getServerVersion() { return null; }') },
  v2: { 'io/onedev/server/rest/resource/VersionResource.java': resource('@GET public String broken( { return null; }') },
});
const out = mkdtempSync(join(tmpdir(), 'onedev-source-out-'));
afterAll(() => {
  repo.remove();
  rmSync(out, { recursive: true, force: true });
});

async function tool(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(join(ROOT, 'node_modules/.bin/tsx'), ['scripts/onedev-source.ts', ...args, '--no-cache'], { cwd: ROOT, timeout: 110_000 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

// Each case starts the tool in a fresh process (tsx compiles it, the parser warms up): allow for a busy machine.
describe('onedev-source', { timeout: 120_000 }, () => {
  it('prints a tag’s route table', async () => {
    const { code, stdout } = await tool('routes', '--repo', repo.gitDir, '--tag', 'v1');
    expect(code).toBe(0);
    expect(stdout).toBe('group\toperation\tmethod\tpath\tjavaClass\tjavaMethod\nVersion\tGet Server Version\tGET\t/versions/server\tVersionResource\tgetServerVersion\n');
  });

  it('writes a table to --out', async () => {
    const file = join(out, 'nested/v1.tsv');
    const { code, stderr } = await tool('routes', '--repo', repo.gitDir, '--tag', 'v1', '--out', file);
    expect(code).toBe(0);
    expect(stderr).toContain(`wrote ${file}`);
    expect(readFileSync(file, 'utf8')).toContain('VersionResource\tgetServerVersion');
  });

  it('names the file, tag and position of Java it cannot parse', async () => {
    const { code, stderr } = await tool('routes', '--repo', repo.gitDir, '--tag', 'v2');
    expect(code).toBe(1);
    expect(stderr).toMatch(/^onedev-source: v2:server-core\/src\/main\/java\/io\/onedev\/server\/rest\/resource\/VersionResource\.java:4:\d+: Java syntax error: /);
    expect(stderr).not.toMatch(/\n\s+at /);
  });

  it('refuses a tag the repository lacks, and a folder that is no repository', async () => {
    const tag = await tool('webhooks', '--repo', repo.gitDir, '--tag', 'v9.9.9');
    expect(tag.code).toBe(1);
    expect(tag.stderr).toBe(`onedev-source: ${repo.gitDir}: no tag v9.9.9 (fetch it into the repository first)\n`);
    const notRepo = await tool('routes', '--repo', out, '--tag', 'v1');
    expect(notRepo.code).toBe(1);
    expect(notRepo.stderr).toBe(`onedev-source: ${out}: not a git repository (give the OneDev clone or bare mirror with --repo)\n`);
  });

  it('answers a wrong command line with the usage and exit code 2', async () => {
    const lines = [[], ['routes'], ['nonsense', '--repo', repo.gitDir], ['routes', '--repo', repo.gitDir, '--tag', 'v1', '--bogus']];
    const results = await Promise.all(lines.map((args) => tool(...args)));
    results.forEach(({ code, stderr }, i) => {
      expect(code, lines[i]!.join(' ')).toBe(2);
      expect(stderr, lines[i]!.join(' ')).toContain('usage: npm run onedev-source -- <command> --repo <path>');
    });
  });
});
