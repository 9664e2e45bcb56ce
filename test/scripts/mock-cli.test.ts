/**
 * `npm run mock` (scripts/mock.ts) as users start it: it listens on 127.0.0.1, prints how to
 * call it, serves (a release's description with --release, keeping changes with --stateful), and
 * refuses bad arguments with a usage line.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { availableReleases, documentPath, ReleaseNotFoundError } from '../../scripts/lib/mock/document.js';
import { committedDocument, ROOT, SUPPORTED_RELEASES } from '../helpers.js';

const started: ChildProcess[] = [];
afterAll(() => {
  for (const child of started) if (child.exitCode === null) child.kill('SIGTERM');
});

function startCli(args: string[]): Promise<{ child: ChildProcess; banner: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/mock.ts', ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  started.push(child);
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`no banner within 30 s:\n${out}`)), 30_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('Stop with Ctrl+C')) {
        clearTimeout(timer);
        resolve({ child, banner: out });
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`exited with ${code}:\n${out}`));
    });
  });
}

describe('npm run mock', () => {
  it('listens on 127.0.0.1, prints curl examples with -u, and serves the API under /~api', async () => {
    // --port 0: a free port, read back from the banner.
    const { child, banner } = await startCli(['--port', '0']);
    const match = /listening on (http:\/\/127\.0\.0\.1:(\d+)\/~api)/.exec(banner);
    expect(match).not.toBeNull();
    expect(banner).toMatch(/curl -u \S+ '?http:\/\/127\.0\.0\.1:\d+\/~api\/pulls/);
    expect(banner).toMatch(/Prefer: code=404/);
    const response = await fetch(`${match![1]}/pulls?offset=0&count=1`, { headers: { authorization: 'Bearer t' } });
    expect(response.status).toBe(200);
    expect(Array.isArray(await response.json())).toBe(true);
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGINT');
    expect(await exited).toBe(0);
  });

  it('refuses a bad --port with a message and the usage, no stack trace', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/mock.ts', '--port', 'eighty'], { cwd: ROOT, encoding: 'utf8', timeout: 30_000 });
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/--port must be a port number, got "eighty"/);
    expect(result.stderr).toMatch(/Usage: npm run mock/);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it('--release serves that release, --stateful keeps what requests change', async () => {
    // v11.11.4 still has the Milestone group, which later releases dropped.
    const { child, banner } = await startCli(['--port', '0', '--quiet', '--release', 'v11.11.4', '--stateful']);
    expect(banner).toMatch(/Release v11\.11\.4/);
    expect(banner).toMatch(/Stateful/);
    const base = /listening on (http:\/\/127\.0\.0\.1:\d+\/~api)/.exec(banner)![1]!;
    const headers = { authorization: 'Bearer t' };
    // The route exists (a stateful run knows no milestone 3, so: a record's 404, not a route's).
    const milestone = await fetch(`${base}/milestones/3`, { headers });
    expect(await milestone.text()).toMatch(/Milestone#3/);
    expect((await fetch(`${base}/pulls/42`, { method: 'DELETE', headers })).status).toBe(200);
    expect((await fetch(`${base}/pulls/42`, { headers })).status).toBe(404);
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });

  it('refuses an unknown --release, listing the releases there are', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/mock.ts', '--release', 'v9.9.9'], { cwd: ROOT, encoding: 'utf8', timeout: 30_000 });
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/No description for release "v9\.9\.9"; available: v11\.11\.4, /);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it('refuses a bad --records', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/mock.ts', '--records', 'lots'], { cwd: ROOT, encoding: 'utf8', timeout: 30_000 });
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/--records must be a whole number/);
  });
});

describe('release documents', () => {
  it('finds generated/releases/<tag>/openapi.json for each supported release, newest by default', () => {
    expect(availableReleases()).toEqual([...SUPPORTED_RELEASES]);
    expect(documentPath()).toBe(join(ROOT, 'generated', 'openapi.json'));
    expect(documentPath('v12.0.10')).toBe(join(ROOT, 'generated', 'releases', 'v12.0.10', 'openapi.json'));
    expect(committedDocument('v12.0.10').info).toBeDefined();
  });

  it('names what is missing: an unknown tag, a tag that climbs out of releases/, no releases at all', () => {
    expect(() => documentPath('v1.0.0')).toThrow(ReleaseNotFoundError);
    expect(() => documentPath('../openapi')).toThrow(/No description for release "\.\.\/openapi"/);
    const empty = mkdtempSync(join(tmpdir(), 'mock-releases-'));
    try {
      expect(() => documentPath('v16.5.6', empty)).toThrow(/no releases are built under/);
      mkdirSync(join(empty, 'releases', 'v1.2.3'), { recursive: true });
      writeFileSync(join(empty, 'releases', 'v1.2.3', 'openapi.json'), '{}');
      mkdirSync(join(empty, 'releases', 'not-built'), { recursive: true });
      expect(availableReleases(empty)).toEqual(['v1.2.3']);
      expect(documentPath('v1.2.3', empty)).toBe(join(empty, 'releases', 'v1.2.3', 'openapi.json'));
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
