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
import { availableReleases, documentPath, loadDocument, ReleaseNotFoundError } from '../../scripts/lib/mock/document.js';
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

/** Whether the mock printed a line containing `text` (request lines follow the answer at once). */
function logged(child: ChildProcess, text: string): Promise<boolean> {
  return new Promise((resolve) => {
    let out = '';
    const timer = setTimeout(() => {
      child.stdout!.off('data', seen);
      resolve(false);
    }, 500);
    function seen(chunk: Buffer): void {
      out += chunk.toString();
      if (out.split('\n').some((line) => line.includes(text))) {
        clearTimeout(timer);
        child.stdout!.off('data', seen);
        resolve(true);
      }
    }
    child.stdout!.on('data', seen);
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
    // Without --quiet, each answered request is logged: status, method, path.
    expect(await logged(child, '200 GET /~api/pulls?offset=0&count=1')).toBe(true);
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGINT');
    expect(await exited).toBe(0);
  });

  it.each(['eighty', '65536', '-1'])('refuses --port %s with the range that works, the usage, no stack trace', (port) => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/mock.ts', `--port=${port}`], { cwd: ROOT, encoding: 'utf8', timeout: 30_000 });
    expect(result.status).toBe(2);
    expect(result.stderr).toContain(`--port must be a port number from 0 to 65535 (0 picks a free port), got "${port}"`);
    expect(result.stderr).toMatch(/Usage: npm run mock -- /);
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
    // --quiet: the three answers above left no line.
    expect(await logged(child, ' /~api/')).toBe(false);
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });

  it('refuses an unknown --release, listing the tags the catalogue knows', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/mock.ts', '--release', 'v9.9.9'], { cwd: ROOT, encoding: 'utf8', timeout: 30_000 });
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/^Unknown OneDev release "v9\.9\.9": it is older than every tag the catalogue knows \(the oldest is v11\.11\.0\)\.\nThe catalogue describes these 101 tags/);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it('serves a tag the package has no file for (--release v13.0.7), built from the catalogue when it starts', async () => {
    const { child, banner } = await startCli(['--port', '0', '--quiet', '--release', 'v13.0.7']);
    const base = /listening on (http:\/\/127\.0\.0\.1:\d+\/~api)/.exec(banner)![1]!;
    expect(banner).toContain('Release v13.0.7.');
    const version = await fetch(`${base}/version/server`, { headers: { authorization: `Basic ${Buffer.from('ci:any-token').toString('base64')}` } });
    expect(await version.text()).toBe('13.0.7');
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
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

  it('names what is missing: an unknown tag, a name that would climb out of releases/, a tag without a file', () => {
    expect(() => documentPath('v1.0.0')).toThrow(ReleaseNotFoundError);
    expect(() => documentPath('../openapi')).toThrow(/^Unknown OneDev release "\.\.\/openapi": it is not a version/);
    const empty = mkdtempSync(join(tmpdir(), 'mock-releases-'));
    try {
      expect(() => documentPath('v16.5.6', empty)).toThrow(/No description file for v16\.5\.6 under .*; it is built from the catalogue on demand/);
      mkdirSync(join(empty, 'releases', 'v12.0.3'), { recursive: true });
      writeFileSync(join(empty, 'releases', 'v12.0.3', 'openapi.json'), '{}');
      mkdirSync(join(empty, 'releases', 'not-built'), { recursive: true });
      expect(availableReleases(empty)).toEqual(['v12.0.3']);
      expect(documentPath('v12.0.3', empty)).toBe(join(empty, 'releases', 'v12.0.3', 'openapi.json'));
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });

  it('loadDocument reads a release that has a file, and builds any other known tag in memory', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'mock-releases-'));
    try {
      mkdirSync(join(empty, 'releases', 'v12.0.3'), { recursive: true });
      writeFileSync(join(empty, 'releases', 'v12.0.3', 'openapi.json'), '{"openapi":"3.1.0","info":{"title":"from the file"}}');
      expect(await loadDocument('v12.0.3', empty)).toEqual({ doc: { openapi: '3.1.0', info: { title: 'from the file' } }, path: join(empty, 'releases', 'v12.0.3', 'openapi.json') });
      const built = await loadDocument('v12.0.4', empty);
      expect(built.path).toBeUndefined();
      expect(built.doc.info['x-onedev-version']).toBe('v12.0.4');
      await expect(loadDocument('v12.0.11', empty)).rejects.toThrow(/^Unknown OneDev release "v12\.0\.11": the nearest older tag it knows is v12\.0\.10\./);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
