/**
 * Browser helpers for the reference-docs tests: Debian's Chromium driven by playwright-core, with
 * every request that leaves the docs blocked and counted, and a static host for generated/docs/.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, resolve, sep } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

/** Debian's Chromium, unless ONEDEV_OPENAPI_CHROMIUM names another (another distribution's, say). */
export const CHROMIUM = process.env.ONEDEV_OPENAPI_CHROMIUM || '/usr/bin/chromium';

/** What keeps Chromium from starting here (it is not installed), or undefined. */
export function chromiumMissing(): string | undefined {
  if (existsSync(CHROMIUM)) return undefined;
  return `${CHROMIUM} is missing: install Debian's Chromium (apt-get install chromium fonts-liberation; .ci/run does this), or name another in ONEDEV_OPENAPI_CHROMIUM`;
}

export interface Session {
  context: BrowserContext;
  userDataDir: string;
  /** Every request the browser tried to send anywhere the session does not allow. */
  outside: string[];
  /** Console errors and uncaught page errors. */
  errors: string[];
}

/** A persistent Chromium context in which only URLs `allowed` accepts may load. */
export async function launch(allowed: (url: string) => boolean): Promise<Session> {
  const missing = chromiumMissing();
  if (missing) throw new Error(missing);
  const userDataDir = mkdtempSync(join(tmpdir(), 'docs-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-background-networking', '--disable-gpu', '--disable-component-update', '--disable-sync', '--no-first-run'],
    viewport: { width: 1280, height: 800 },
    timeout: 30_000,
  });
  const session: Session = { context, userDataDir, outside: [], errors: [] };
  await context.route('**/*', (route) => {
    const url = route.request().url();
    if (allowed(url)) return route.continue();
    session.outside.push(url);
    return route.abort('blockedbyclient');
  });
  const watch = (p: Page): void => {
    p.on('console', (message) => {
      if (message.type() === 'error') session.errors.push(`console: ${message.text()}`);
    });
    p.on('pageerror', (error) => session.errors.push(`page error: ${error.message}`));
  };
  context.on('page', watch);
  for (const p of context.pages()) watch(p);
  return session;
}

export async function close(session: Session | undefined): Promise<void> {
  if (!session) return;
  await session.context.close().catch(() => undefined);
  rmSync(session.userDataDir, { recursive: true, force: true });
}

/** The renderer has hydrated once its search box is ready (it says "Search", not "Loading"). */
export async function waitUntilReady(p: Page): Promise<void> {
  await p.waitForFunction(() => /Search/.test(document.querySelector('[data-testid="search-trigger"]')?.textContent ?? ''), null, {
    timeout: 30_000,
  });
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};

export interface StaticHost {
  /** The folder's URL, ending in `/`. */
  base: string;
  /** Every path asked for, in order. */
  requests: string[];
  /** Paths answered 404. */
  missing: string[];
  close(): Promise<void>;
}

/**
 * Serves `root` under `prefix` on 127.0.0.1 as a plain static host would: files only, a folder's
 * index.html for a path ending in `/`, 404 for anything else; at most `maxRequests` answers.
 */
export async function startStaticHost(root: string, prefix: string, maxRequests: number): Promise<StaticHost> {
  const top = resolve(root);
  const requests: string[] = [];
  const missing: string[] = [];
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0]!;
    requests.push(path);
    if (requests.length > maxRequests) return void res.writeHead(503).end();
    const inside = path.startsWith(prefix) ? path.slice(prefix.length) : undefined;
    const file = inside === undefined ? undefined : resolve(top, `./${inside.endsWith('/') || inside === '' ? `${inside}index.html` : inside}`);
    if (!file || !file.startsWith(top + sep) || !existsSync(file)) {
      missing.push(path);
      return void res.writeHead(404).end();
    }
    const body = readFileSync(file);
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'content-length': body.length }).end(body);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}${prefix}`,
    requests,
    missing,
    close: () =>
      new Promise<void>((done) => {
        server.close(() => done());
        server.closeAllConnections();
      }),
  };
}
