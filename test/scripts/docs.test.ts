/** `npm run docs`: the local static server for generated/docs/. */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PORT, DocsUsageError, parsePort, resolveInside, startDocsServer, type DocsServer } from '../../scripts/docs.js';
import { docsDocument, unpackDescription } from '../../scripts/lib/docs/page.js';
import { buildRelease } from '../../scripts/lib/releases.js';
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

/** Runs `tsx scripts/docs.ts` with arguments; resolves when it exits (or is stopped after `limitMs`). */
function runCli(
  args: string[],
  onUrl?: (url: string, stop: () => void) => Promise<void>,
  limitMs = 20_000,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(join(ROOT, 'node_modules/.bin/tsx'), ['scripts/docs.ts', ...args], {
      cwd: ROOT,
      env: { ...process.env, DOCS_PORT: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), limitMs);
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

  it('refuses a bad port with the reason and the usage, exit code 2, no stack trace', async () => {
    const result = await runCli(['--port', 'eighty']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^--port must be a whole number from 0 to 65535, got "eighty"\nUsage: npm run docs -- /);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it('refuses an unknown tag (exit 2, the nearest older known tag), and --out without --release', async () => {
    const unknown = await runCli(['--release', 'v13.2.0'], undefined, 60_000);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/^Unknown OneDev release "v13\.2\.0": the nearest older tag it knows is v13\.1\.7\./);
    expect(unknown.stderr).toMatch(/^ {2}v13\.1: +v13\.1\.0 /m);
    const lonely = await runCli(['--out', 'somewhere']);
    expect(lonely.code).toBe(2);
    expect(lonely.stderr).toMatch(/^--out goes with --release <tag>/);
  });
});

describe('npm run docs -- --release <tag> (any tag, written to a folder)', () => {
  const out = mkdtempSync(join(tmpdir(), 'docs-release-'));
  afterAll(() => rmSync(out, { recursive: true, force: true }));

  it('writes the tag pages, the shared renderer and an entry page, then serves them with --serve', async () => {
    const tags = ['v12.0.3', 'v16.3.2'] as const;
    const served: Record<string, { status: number; body: string }> = {};
    const result = await runCli(['--release', tags[1], '--release', tags[0], '--out', out, '--serve', '--port', '0'], async (url, stop) => {
      try {
        for (const path of ['', `${tags[1]}/index.html`]) {
          const res = await fetch(url + path, { signal: AbortSignal.timeout(10_000) });
          served[path] = { status: res.status, body: await res.text() };
        }
      } finally {
        stop();
      }
    }, 180_000);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(new RegExp(`^OneDev API reference for v16\\.3\\.2, v12\\.0\\.3: wrote 5 files in [\\d.]+ s; open ${out.replaceAll('.', '\\.')}/index\\.html\\n`));
    expect(readdirSync(out).sort()).toEqual(['index.html', 'redoc.css', 'redoc.standalone.js', ...tags].sort());

    // The entry forwards to the newest tag written; the renderer is the build's.
    const entry = readFileSync(join(out, 'index.html'), 'utf8');
    expect(entry).toContain(`location.replace("${tags[1]}/index.html" + location.hash)`);
    expect(served['']!.body).toBe(entry);
    expect(readFileSync(join(out, 'redoc.standalone.js'), 'utf8') === readFileSync(join(ROOT, 'generated/docs/redoc.standalone.js'), 'utf8')).toBe(true);

    for (const tag of tags) {
      const page = readFileSync(join(out, tag, 'index.html'), 'utf8');
      // The page carries that tag's description, as the published pages carry theirs.
      const packed = /<script type="application\/octet-stream" id="api-description"[^>]*>([^<]+)<\/script>/.exec(page)![1]!;
      expect(unpackDescription(packed)).toEqual(JSON.parse(JSON.stringify(docsDocument(buildRelease(tag)))));
      expect(page).toContain(`<title>OneDev REST API: OneDev ${tag}</title>`);
      // Prerendered: the operation list is in the markup before the renderer runs.
      expect(page).toMatch(/Get Server Version/);
      // The release bar links exactly the pages written together, newest first.
      const bar = /<nav class="onedev-releases"[^>]*>([\s\S]*?)<\/nav>/.exec(page)![1]!;
      expect([...bar.matchAll(/href="\.\.\/(v[\d.]+)\/index\.html"/g)].map((m) => m[1])).toEqual([tags[1], tags[0]]);
      expect(bar).toContain(`aria-current="page" href="../${tag}/index.html"`);
    }
    expect(served[`${tags[1]}/index.html`]!.body).toBe(readFileSync(join(out, tags[1], 'index.html'), 'utf8'));
  }, 240_000);
});
