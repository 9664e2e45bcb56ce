/** `npm run docs`: the local static server for generated/docs/. */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PORT, DocsUsageError, parsePort, resolveInside, startDocsServer, type DocsServer } from '../../scripts/docs.js';
import { DEFAULT_RELEASE, ROOT } from '../helpers.js';

const PAGE = '<!DOCTYPE html><title>probe</title><p>reference</p>';

/** A raw GET (fetch would normalise `..` away before sending). */
function rawGet(url: string, path: string, method = 'GET'): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(new URL(url), { method, path, timeout: 5000 }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', reject);
    req.end();
  });
}

describe('parsePort', () => {
  it('defaults to 4000 and takes --port or DOCS_PORT (0 allowed)', () => {
    expect(parsePort([], {})).toBe(DEFAULT_PORT);
    expect(DEFAULT_PORT).toBe(4000);
    expect(parsePort(['--port', '0'], {})).toBe(0);
    expect(parsePort(['--port=8123'], {})).toBe(8123);
    expect(parsePort([], { DOCS_PORT: '5001' })).toBe(5001);
    expect(parsePort(['--port', '5002'], { DOCS_PORT: '5001' })).toBe(5002);
  });

  it('refuses bad values and unknown options with a message naming them', () => {
    expect(() => parsePort(['--port', 'abc'], {})).toThrow(new DocsUsageError('--port must be a whole number from 0 to 65535, got "abc"'));
    expect(() => parsePort([], { DOCS_PORT: '70000' })).toThrow(/DOCS_PORT must be a whole number from 0 to 65535, got "70000"/);
    expect(() => parsePort(['--port', '-1'], {})).toThrow(DocsUsageError);
    expect(() => parsePort(['--verbose'], {})).toThrow(/Unknown option '--verbose'[\s\S]*Usage: npm run docs/);
  });
});

describe('resolveInside', () => {
  it('maps request paths into the folder and refuses ones that leave it', () => {
    expect(resolveInside('/srv/docs', '/')).toBe('/srv/docs/index.html');
    expect(resolveInside('/srv/docs', '/index.html?x=1#top')).toBe('/srv/docs/index.html');
    expect(resolveInside('/srv/docs', '/../package.json')).toBeUndefined();
    expect(resolveInside('/srv/docs', '/%2e%2e/package.json')).toBeUndefined();
    expect(resolveInside('/srv/docs', '/..%2fpackage.json')).toBeUndefined();
    expect(resolveInside('/srv/docs', '/%E0%A4%A')).toBeUndefined();
  });
});

describe('startDocsServer', () => {
  const root = mkdtempSync(join(tmpdir(), 'docs-server-'));
  let docs: DocsServer;

  beforeAll(async () => {
    writeFileSync(join(root, 'index.html'), PAGE);
    writeFileSync(join(root, 'renderer.js'), 'var x = 1;');
    writeFileSync(join(root, 'styles.css'), 'body{margin:0}');
    mkdirSync(join(root, 'v1.0.0'));
    writeFileSync(join(root, 'v1.0.0', 'index.html'), PAGE);
    docs = await startDocsServer({ port: 0, root });
  });
  afterAll(async () => {
    await docs?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('listens on 127.0.0.1 and serves index.html at / and by name', async () => {
    expect(docs.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    for (const path of ['', 'index.html']) {
      const res = await fetch(docs.url + path, { signal: AbortSignal.timeout(5000) });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(await res.text()).toBe(PAGE);
    }
  });

  it('serves the shared script and stylesheet with types browsers accept', async () => {
    // A stylesheet served as application/octet-stream is ignored by the browser.
    for (const [path, type, body] of [
      ['renderer.js', 'text/javascript; charset=utf-8', 'var x = 1;'],
      ['styles.css', 'text/css; charset=utf-8', 'body{margin:0}'],
    ] as const) {
      const res = await fetch(docs.url + path, { signal: AbortSignal.timeout(5000) });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe(type);
      expect(await res.text()).toBe(body);
    }
  });

  it("serves a folder's index.html, and sends a folder asked for without its slash to the folder", async () => {
    const page = await fetch(`${docs.url}v1.0.0/`, { signal: AbortSignal.timeout(5000) });
    expect(page.status).toBe(200);
    expect(await page.text()).toBe(PAGE);
    const bare = await fetch(`${docs.url}v1.0.0`, { redirect: 'manual', signal: AbortSignal.timeout(5000) });
    expect(bare.status).toBe(301);
    expect(bare.headers.get('location')).toBe('/v1.0.0/');
  });

  it('answers 404 for missing files, 400 for paths outside the folder, 405 for writes', async () => {
    expect((await rawGet(docs.url, '/missing.html')).status).toBe(404);
    expect((await rawGet(docs.url, '/../package.json')).status).toBe(400);
    expect((await rawGet(docs.url, '/%2e%2e/package.json')).status).toBe(400);
    expect((await rawGet(docs.url, '/', 'POST')).status).toBe(405);
    const head = await rawGet(docs.url, '/', 'HEAD');
    expect(head).toEqual({ status: 200, body: '' });
  });

  it('says which port is taken when it is', async () => {
    const port = Number(new URL(docs.url).port);
    await expect(startDocsServer({ port, root })).rejects.toThrow(
      new DocsUsageError(`port ${port} on 127.0.0.1 is already in use; pick another with --port`),
    );
  });

  it('asks for a build when there is no page to serve', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'docs-empty-'));
    try {
      await expect(startDocsServer({ port: 0, root: empty })).rejects.toThrow(/index\.html does not exist; run `npm run build` first/);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});

/** Runs `tsx scripts/docs.ts` with arguments; resolves when it exits (or is stopped after 20 s). */
function runCli(
  args: string[],
  onUrl?: (url: string, stop: () => void) => Promise<void>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(join(ROOT, 'node_modules/.bin/tsx'), ['scripts/docs.ts', ...args], {
      cwd: ROOT,
      env: { ...process.env, DOCS_PORT: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    let stdout = '';
    let stderr = '';
    let seen = false;
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      const url = /http:\/\/127\.0\.0\.1:\d+\//.exec(stdout)?.[0];
      if (url && onUrl && !seen) {
        seen = true;
        onUrl(url, () => child.kill('SIGINT')).catch((error: unknown) => {
          child.kill('SIGKILL');
          reject(error);
        });
      }
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

describe('npm run docs (the command)', () => {
  it('prints the URL, serves the built reference and stops cleanly on Ctrl+C', async () => {
    const pages: Record<string, { status: number; body: string }> = {};
    const paths = ['', `${DEFAULT_RELEASE}/index.html`, 'redoc.standalone.js'];
    const result = await runCli(['--port', '0'], async (url, stop) => {
      try {
        for (const path of paths) {
          const res = await fetch(url + path, { signal: AbortSignal.timeout(10_000) });
          pages[path] = { status: res.status, body: await res.text() };
        }
      } finally {
        stop();
      }
    });
    expect(result.stdout).toMatch(/^OneDev API reference: http:\/\/127\.0\.0\.1:\d+\/ {2}\(Ctrl\+C to stop\)\n$/);
    for (const path of paths) expect(pages[path]?.status, path).toBe(200);
    // The entry forwards to the newest release, whose page embeds its description.
    expect(pages['']!.body).toContain(`location.replace("${DEFAULT_RELEASE}/index.html" + location.hash)`);
    expect(pages[`${DEFAULT_RELEASE}/index.html`]!.body).toContain('<script type="application/octet-stream" id="api-description"');
    expect(pages['redoc.standalone.js']!.body).toMatch(/^\/\* Redoc's standalone bundle/);
    expect(result.code).toBe(0);
  });

  it('refuses a bad port with a one-line reason and exit code 1, no stack trace', async () => {
    const result = await runCli(['--port', 'eighty']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('npm run docs: --port must be a whole number from 0 to 65535, got "eighty"');
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });
});
