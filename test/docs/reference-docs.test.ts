/**
 * The built reference (generated/docs/index.html) in a real browser: Debian's Chromium driven by
 * playwright-core. Every request that leaves the page is blocked and counted; the page is opened
 * from a local static server (as a host would serve it) and from file://.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ExampleObject, OpenAPIObject, OperationObject, RequestBodyObject, ResponseObject } from 'openapi3-ts/oas31';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCS_FILE } from '../../scripts/lib/steps/docs.js';
import { ROOT, committedDocument, resolveRef, seedRows } from '../helpers.js';

const CHROMIUM = '/usr/bin/chromium';
const SCREENSHOTS = join(ROOT, 'test-output');
const PAGE_PATH = '/onedev/api/index.html';
const MAX_SERVER_REQUESTS = 20;

const doc: OpenAPIObject = committedDocument();
const html = readFileSync(join(ROOT, DOCS_FILE));

/** Groups in the seed's order, with their operations as "Name METHOD". */
const seedGroups = new Map<string, string[]>();
for (const row of seedRows) seedGroups.set(row.group, [...(seedGroups.get(row.group) ?? []), `${row.name} ${row.method}`]);

interface Session {
  context: BrowserContext;
  userDataDir: string;
  /** Every request the browser tried to send anywhere but the page itself. */
  outside: string[];
  /** Console errors and uncaught page errors. */
  errors: string[];
}

let server: Server;
let serverPaths: string[] = [];
let pageUrl = '';
let session: Session;
let page: Page;

async function launch(allowed: (url: string) => boolean): Promise<Session> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`${CHROMIUM} is missing: install Debian's Chromium (apt-get install chromium); .ci/run does this`);
  }
  const userDataDir = mkdtempSync(join(tmpdir(), 'docs-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-background-networking',
      '--disable-gpu',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
    viewport: { width: 1280, height: 800 },
    timeout: 30_000,
  });
  const result: Session = { context, userDataDir, outside: [], errors: [] };
  await context.route('**/*', (route) => {
    const url = route.request().url();
    if (allowed(url)) return route.continue();
    result.outside.push(url);
    return route.abort('blockedbyclient');
  });
  context.on('page', (p) => watch(p, result));
  for (const p of context.pages()) watch(p, result);
  return result;
}

function watch(p: Page, into: Session): void {
  p.on('console', (message) => {
    if (message.type() === 'error') into.errors.push(`console: ${message.text()}`);
  });
  p.on('pageerror', (error) => into.errors.push(`page error: ${error.message}`));
}

async function close(s: Session | undefined): Promise<void> {
  if (!s) return;
  await s.context.close().catch(() => undefined);
  rmSync(s.userDataDir, { recursive: true, force: true });
}

/** The renderer has hydrated once its search index is ready (the box stops saying Loading). */
async function waitUntilReady(p: Page): Promise<void> {
  await p.waitForFunction(() => /Search/.test(document.querySelector('[data-testid="search-trigger"]')?.textContent ?? ''), null, {
    timeout: 20_000,
  });
}

/** First sentence of a Markdown description, as the page shows it (no code backticks). */
function firstSentence(markdown: string): string {
  const plain = markdown.replace(/`/g, '').replace(/\s+/g, ' ').trim();
  return plain.slice(0, plain.indexOf('. ') > 0 ? plain.indexOf('. ') + 1 : plain.length);
}

beforeAll(async () => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  // A static host with one file; anything else is a 404 and shows up in serverPaths.
  server = createServer((req, res) => {
    serverPaths.push(req.url ?? '');
    if (serverPaths.length > MAX_SERVER_REQUESTS) return void res.writeHead(503).end();
    if (req.url !== PAGE_PATH) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': html.length }).end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  pageUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}${PAGE_PATH}`;
  session = await launch((url) => url === pageUrl);
  page = await session.context.newPage();
  await page.goto(pageUrl, { waitUntil: 'load', timeout: 30_000 });
  await waitUntilReady(page);
});

afterAll(async () => {
  await close(session);
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
});

describe('reference docs served by a static host', () => {
  it('loads without a single outside request or console error', () => {
    expect(session.outside).toEqual([]);
    expect(session.errors).toEqual([]);
    expect(serverPaths).toEqual([PAGE_PATH]);
  });

  it('opens with base URL, authentication, ids vs numbers, paging, errors and raw-text bodies', async () => {
    const intro = await page.locator('#api-content').innerText();
    expect(intro).toContain(doc.servers![0]!.url);
    // Every `##` section of the top description is in the navigation, in order.
    const sections = [...(doc.info.description ?? '').matchAll(/^## (.+)$/gm)].map((m) => m[1]!.trim());
    const navSections = await page
      .locator('[data-component-name="Menu/Menu"] a[href^="/section/"], [data-component-name="Menu/Menu"] a[href^="#/section/"]')
      .allInnerTexts();
    expect(navSections.map((s) => s.trim())).toEqual(sections);
    for (const topic of [/authentication/i, /\bids?\b.*numbers?/i, /paging/i, /errors/i]) {
      expect(sections.some((s) => topic.test(s)), `a section about ${topic}`).toBe(true);
    }
    expect(intro).toMatch(/Raw-text bodies/i);
  });

  it('shows all 20 groups in the seed order, each with its description, and all 132 operations by name', async () => {
    const navGroups = (await page.locator('.menu-item-type-group > a').allInnerTexts()).map((t) => t.trim());
    expect(navGroups).toEqual([...seedGroups.keys()]);
    expect(navGroups).toHaveLength(20);

    const descriptions = new Map(doc.tags!.map((t) => [t.name, firstSentence(t.description ?? '')]));
    const shown = new Map<string, string[]>();
    for (const [index, group] of navGroups.entries()) {
      const expectedCount = seedGroups.get(group)!.length;
      // Opening a group lists its operations in the navigation and shows the group's page.
      const result = await page.evaluate(
        async ({ index, expectedCount, description }) => {
          const item = document.querySelectorAll('.menu-item-type-group')[index]!;
          const link = item.querySelector(':scope > a') as HTMLAnchorElement;
          const slug = link.getAttribute('href')!.replace(/^[#/]+/, '');
          link.click();
          const started = performance.now();
          const operations = (): HTMLAnchorElement[] => [...item.querySelectorAll<HTMLAnchorElement>(`a[href^="#/${slug}/"]`)];
          const section = (): string => (document.getElementById(slug) as HTMLElement | null)?.innerText.replace(/\s+/g, ' ') ?? '';
          while (performance.now() - started < 10_000) {
            if (operations().length >= expectedCount && section().includes(description)) break;
            await new Promise((r) => setTimeout(r, 25));
          }
          return {
            operations: operations().map((a) => {
              const name = a.querySelector('[data-text]')?.getAttribute('data-text') ?? '';
              const method = a.querySelector('[data-component-name="Tags/HttpTag"]')?.textContent ?? '';
              return `${name} ${method.trim().toUpperCase()}`;
            }),
            hasDescription: section().includes(description),
          };
        },
        { index, expectedCount, description: descriptions.get(group)! },
      );
      expect(result.hasDescription, `the ${group} page shows "${descriptions.get(group)}"`).toBe(true);
      shown.set(group, result.operations);
    }
    for (const [group, operations] of seedGroups) expect(shown.get(group)?.slice().sort(), group).toEqual(operations.slice().sort());
    expect([...shown.values()].flat()).toHaveLength(132);
    await page.screenshot({ path: join(SCREENSHOTS, 'reference-docs-navigation.png') });
  });

  it('finds "Merge Preview" with the search box and opens the operation', async () => {
    await page.getByTestId('search-trigger').click();
    const input = page.getByPlaceholder(/search/i);
    await input.fill('Merge Preview');
    const first = page.locator('[data-component-name="Search/SearchItem"]').first();
    await first.waitFor({ timeout: 10_000 });
    expect(await first.innerText()).toContain('Get Merge Preview');
    expect(await first.getAttribute('href')).toBe('#/pull-request/pullrequestgetmergepreview');
    await first.click();
    await page.waitForURL(/#\/pull-request\/pullrequestgetmergepreview$/);
    const heading = page.locator('[id="pull-request/pullrequestgetmergepreview"] h2').first();
    await heading.waitFor({ timeout: 10_000 });
    expect((await heading.innerText()).trim()).toBe('Get Merge Preview');
  });

  it('renders an example request and response for Create pull request', async () => {
    const operation = doc.paths!['/pulls']!.post as OperationObject;
    const body = resolveRef<RequestBodyObject>(doc, operation.requestBody);
    const requestExample = resolveRef<ExampleObject>(doc, body.content['application/json']!.examples!.default).value as Record<string, unknown>;
    const ok = resolveRef<ResponseObject>(doc, operation.responses?.['200']);
    const responseExample = resolveRef<ExampleObject>(doc, ok.content!['application/json']!.examples!.default).value;

    await page.locator('a[href="#/pull-request/pullrequestcreate"]').click();
    await page.waitForURL(/#\/pull-request\/pullrequestcreate$/);
    const section = page.locator('[id="pull-request/pullrequestcreate"]');
    const samples = section.locator('[data-component-name="JsonViewer/JsonViewer"]');
    await expect.poll(() => samples.count(), { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
    const texts = (await samples.allInnerTexts()).map((t) => t.replace(/\s+/g, ' '));

    const request = texts.find((t) => t.includes(`"sourceBranch"`));
    expect(request, 'a request sample').toBeDefined();
    for (const [key, value] of Object.entries(requestExample)) {
      expect(request).toContain(`"${key}":`);
      if (typeof value !== 'object') expect(request).toContain(JSON.stringify(value));
    }
    expect(texts.map((t) => t.trim()), 'a response sample').toContain(JSON.stringify(responseExample));
    await section.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SCREENSHOTS, 'reference-docs-create-pull-request.png') });
  });

  it('made no outside request and logged no console error during the whole session', () => {
    expect(session.outside).toEqual([]);
    expect(session.errors).toEqual([]);
    expect(serverPaths).toEqual([PAGE_PATH]);
  });
});

describe('reference docs opened from a file', () => {
  it('renders the navigation with no outside request and no console error', async () => {
    const fileUrl = pathToFileURL(join(ROOT, DOCS_FILE)).href;
    const fileSession = await launch((url) => url === fileUrl);
    try {
      const p = await fileSession.context.newPage();
      await p.goto(fileUrl, { waitUntil: 'load', timeout: 30_000 });
      await waitUntilReady(p);
      const groups = (await p.locator('.menu-item-type-group > a').allInnerTexts()).map((t) => t.trim());
      expect(groups).toEqual([...seedGroups.keys()]);
      // Navigation stays inside the file (hash routes), so it cannot ask for another file.
      await p.locator('.menu-item-type-group > a').nth(1).click();
      await p.waitForURL(/index\.html#\/pull-request$/);
      await p.locator('a[href="#/pull-request/pullrequestcreate"]').waitFor({ timeout: 10_000 });
      expect(fileSession.outside).toEqual([]);
      expect(fileSession.errors).toEqual([]);
    } finally {
      await close(fileSession);
    }
  });
});
