/**
 * The built reference (generated/docs/) in a real browser: Debian's Chromium driven by
 * playwright-core. Every supported release's page is opened from a local static host (under a
 * sub-path, as a host would serve the folder) and from file://; every request that leaves the
 * docs folder is blocked and counted. What each page must show is read from that release's
 * committed description, never written down here.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ExampleObject, OpenAPIObject, OperationObject, RequestBodyObject, ResponseObject } from 'openapi3-ts/oas31';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationIdLine } from '../../scripts/lib/docs/page.js';
import { DOCS_DIR, docsPage } from '../../scripts/lib/steps/docs.js';
import { DEFAULT_RELEASE, ROOT, SUPPORTED_RELEASES, committedDocument, operationsOf, resolveRef, type SupportedRelease } from '../helpers.js';
import { close, launch, startStaticHost, waitUntilReady, type Session, type StaticHost } from './browser.js';

const SCREENSHOTS = join(ROOT, 'test-output');
const PREFIX = '/onedev/api/';
const DOCS = join(ROOT, DOCS_DIR);
const FILE_BASE = `${pathToFileURL(DOCS).href}/`;
/** Page loads in the whole file, with the renderer and styles each time, and some slack. */
// Each release's page loads its HTML, renderer and styles about eight times (first visit, one fresh
// load per operationId search, copied links); the rest are the entry page and the in-depth checks.
const MAX_SERVER_REQUESTS = SUPPORTED_RELEASES.length * 4 * 8 + 40;

interface Expected {
  doc: OpenAPIObject;
  /** Groups that have operations, in the description's tag order, then the web hooks' groups. */
  groups: string[];
  /** The groups of the description's tags (the web hooks' groups are the tags of their events). */
  tagGroups: string[];
  /** Per group: its operations as "Summary METHOD". */
  operations: Map<string, string[]>;
  total: number;
  /** A few operations whose operationId the search must find: first, middle, last. */
  searched: OperationObject[];
}

function expected(tag: SupportedRelease): Expected {
  const doc = committedDocument(tag);
  const operations = new Map<string, string[]>();
  const all = operationsOf(doc);
  // Web hooks are listed like operations, in groups named by their tags, after the resource groups.
  const webhooks = Object.values((doc.webhooks ?? {}) as Record<string, { post: OperationObject }>).map(({ post }) => ({ method: 'POST', operation: post }));
  for (const { method, operation } of [...all, ...webhooks]) {
    const group = operation.tags![0]!;
    operations.set(group, [...(operations.get(group) ?? []), `${operation.summary} ${method}`]);
  }
  const tagGroups = (doc.tags ?? []).map((t) => t.name).filter((name) => operations.has(name));
  const groups = [...tagGroups, ...new Set(webhooks.map(({ operation }) => operation.tags![0]!).filter((g) => !tagGroups.includes(g)))];
  const searched = [0, all.length >> 1, all.length - 1].map((i) => all[i]!.operation);
  return { doc, groups, tagGroups, operations, total: all.length + webhooks.length, searched };
}

/** First sentence of a Markdown description, as the page shows it (no code backticks). */
function firstSentence(markdown: string): string {
  const plain = markdown.replace(/`/g, '').replace(/\s+/g, ' ').trim();
  return plain.slice(0, plain.indexOf('. ') > 0 ? plain.indexOf('. ') + 1 : plain.length);
}

interface ShownGroup {
  slug: string;
  /** "Summary METHOD" → the navigation link's href. */
  links: Map<string, string>;
}

/**
 * Expands every group of the navigation (its chevron opens it without leaving the page, so all
 * can be open at once) and reads the operations each lists.
 */
async function expandGroups(page: Page, want: Expected): Promise<Map<string, ShownGroup>> {
  const counts = Object.fromEntries(want.groups.map((g) => [g, want.operations.get(g)!.length]));
  const groups = await page.evaluate(async (counts: Record<string, number>) => {
    const items = [...document.querySelectorAll('.menu-item-type-group')].map((item) => {
      const link = item.querySelector(':scope > a') as HTMLAnchorElement;
      return { item, name: link.innerText.trim(), slug: link.getAttribute('href')!.replace(/^#\//, '') };
    });
    const listed = (g: (typeof items)[number]): HTMLAnchorElement[] => [...g.item.querySelectorAll<HTMLAnchorElement>(`a[href^="#/${g.slug}/"]`)];
    for (const g of items) {
      // A group already open (its chevron points down) would close again.
      if (listed(g).length > 0) continue;
      g.item.querySelector('[data-component-name^="icons/Chevron"]')!.parentElement!.click();
      await new Promise((r) => setTimeout(r, 0));
    }
    const started = performance.now();
    while (performance.now() - started < 20_000 && items.some((g) => listed(g).length < (counts[g.name] ?? 0))) {
      await new Promise((r) => setTimeout(r, 25));
    }
    return items.map((g) => ({
      name: g.name,
      slug: g.slug,
      links: listed(g).map((a) => {
        const name = a.querySelector('[data-text]')?.getAttribute('data-text') ?? '';
        const method = a.querySelector('[data-component-name="Tags/HttpTag"]')?.textContent ?? '';
        return [`${name} ${method.trim().toUpperCase()}`, a.getAttribute('href')!] as [string, string];
      }),
    }));
  }, counts);
  return new Map(groups.map((g) => [g.name, { slug: g.slug, links: new Map(g.links) }]));
}

/** Opens each group's page in turn; true for each group whose page shows its description's first sentence. */
async function groupPagesShowDescriptions(page: Page, want: Expected): Promise<Map<string, boolean>> {
  const shown = new Map<string, boolean>();
  for (const group of want.tagGroups) {
    const description = firstSentence(want.doc.tags!.find((t) => t.name === group)!.description ?? '');
    shown.set(
      group,
      await page.evaluate(
        async ({ group, description }) => {
          const link = [...document.querySelectorAll<HTMLAnchorElement>('.menu-item-type-group > a')].find((a) => a.innerText.trim() === group)!;
          const slug = link.getAttribute('href')!.replace(/^#\//, '');
          link.click();
          const started = performance.now();
          const text = (): string => (document.getElementById(slug) as HTMLElement | null)?.innerText.replace(/\s+/g, ' ') ?? '';
          while (performance.now() - started < 15_000 && !text().includes(description)) await new Promise((r) => setTimeout(r, 25));
          return text().includes(description);
        },
        { group, description },
      ),
    );
  }
  return shown;
}

/** The navigation link of an operation, found among the groups opened. */
function linkOf(shown: Map<string, ShownGroup>, operation: OperationObject, method: string): string {
  const href = shown.get(operation.tags![0]!)?.links.get(`${operation.summary} ${method}`);
  expect(href, `a navigation link for ${operation.operationId}`).toBeDefined();
  return href!;
}

function methodOf(doc: OpenAPIObject, operation: OperationObject): string {
  return operationsOf(doc).find((o) => o.operation.operationId === operation.operationId)!.method;
}

/** Opens `url` in a fresh page and reads the heading of the operation its fragment names. */
async function openDeepLink(session: Session, url: string): Promise<{ heading: string; text: string; notFound: boolean }> {
  const page = await session.context.newPage();
  try {
    await page.goto(url, { waitUntil: 'load', timeout: 30_000 });
    await waitUntilReady(page);
    const id = decodeURIComponent(new URL(url).hash.replace(/^#\//, ''));
    const section = page.locator(`[id="${id}"]`);
    const heading = section.locator('h2').first();
    await heading.waitFor({ timeout: 15_000 });
    return {
      heading: (await heading.innerText()).trim(),
      text: (await section.innerText()).replace(/\s+/g, ' '),
      notFound: (await page.locator('.not-found-page').count()) > 0,
    };
  } finally {
    await page.close();
  }
}

let host: StaticHost;
let session: Session;
let fileSession: Session;

beforeAll(async () => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  host = await startStaticHost(DOCS, PREFIX, MAX_SERVER_REQUESTS);
  session = await launch((url) => url.startsWith(host.base));
  fileSession = await launch((url) => url.startsWith(FILE_BASE));
});

afterAll(async () => {
  await close(session);
  await close(fileSession);
  await host?.close();
});

describe.each(SUPPORTED_RELEASES)('the %s reference from a static host', (tag) => {
  const want = expected(tag);
  const pageUrl = `${PREFIX}${tag}/index.html`;
  let page: Page;
  let shown: Map<string, ShownGroup>;

  beforeAll(async () => {
    page = await session.context.newPage();
    // Keep hold of a prerendered navigation entry before the renderer starts (see the test below).
    await page.addInitScript({
      content: `document.addEventListener('DOMContentLoaded', () => {
        window.__prerendered = document.querySelector('#redoc .menu-item-type-group');
      });`,
    });
    await page.goto(`${host.base}${tag}/index.html`, { waitUntil: 'load', timeout: 30_000 });
    await waitUntilReady(page);
  });
  afterAll(async () => {
    await page?.close();
  });

  it('loads its page, the shared styles and renderer, and nothing else: no favicon, no outside request, no console error', () => {
    const loaded = host.requests.filter((path) => path === pageUrl || !/\/v[\d.]+\/index\.html$/.test(path));
    expect(new Set(loaded)).toEqual(new Set([pageUrl, `${PREFIX}redoc.css`, `${PREFIX}redoc.standalone.js`]));
    expect(host.missing).toEqual([]);
    expect(session.outside).toEqual([]);
    expect(session.errors).toEqual([]);
  });

  it('is prerendered with its navigation, which the renderer takes over rather than replaces', async () => {
    // React replaces prerendered markup that differs from what it renders itself; then the entry
    // held since before it started would no longer be in the page.
    const held = await page.evaluate(() => {
      const node = (window as unknown as { __prerendered?: Element | null }).__prerendered;
      return { found: Boolean(node), live: Boolean(node && document.contains(node)) };
    });
    expect(held).toEqual({ found: true, live: true });
  });

  it('opens with the base URL and every section of the introduction in the navigation', async () => {
    const intro = await page.locator('#api-content').innerText();
    expect(intro).toContain(want.doc.servers![0]!.url);
    const sections = [...(want.doc.info.description ?? '').matchAll(/^## (.+)$/gm)].map((m) => m[1]!.trim());
    const navSections = await page.locator('[data-component-name="Menu/Menu"] a[href^="#/section/"]').allInnerTexts();
    expect(navSections.map((s) => s.trim())).toEqual(sections);
    expect(sections.length).toBeGreaterThan(0);
  });

  it('lists every group of the release in order, and every operation of each', async () => {
    const navGroups = (await page.locator('.menu-item-type-group > a').allInnerTexts()).map((t) => t.trim());
    expect(navGroups).toEqual(want.groups);
    shown = await expandGroups(page, want);
    for (const group of want.groups) {
      expect([...shown.get(group)!.links.keys()].sort(), group).toEqual(want.operations.get(group)!.slice().sort());
    }
    expect([...shown.values()].reduce((n, g) => n + g.links.size, 0)).toBe(want.total);
    if (tag === DEFAULT_RELEASE) await page.screenshot({ path: join(SCREENSHOTS, 'reference-docs-navigation.png') });
  });

  it('finds operations by operationId with the search box, and shows the operationId on the operation', async () => {
    for (const operation of want.searched) {
      const id = operation.operationId!;
      const href = linkOf(shown, operation, methodOf(want.doc, operation));
      // Start each search on a freshly loaded page, with no route change still pending from the
      // groups opened above (one closed the search dialog under load and kept it closed).
      await page.goto(page.url().split('#')[0]!);
      await page.getByTestId('search-trigger').waitFor({ state: 'visible', timeout: 15_000 });
      const input = page.getByPlaceholder(/search/i);
      const items = page.locator('[data-component-name="Search/SearchItem"]');
      const hrefs = (): Promise<Array<string | null>> => items.evaluateAll((as) => as.map((a) => a.getAttribute('href')));
      // The box opens a search dialog, which a late route change (the groups opened above) can
      // close again; Redoc also fills its index in workers after the page is interactive and does
      // not rerun a query typed before that. So, like a user: reopen, and type again after a while.
      let found: Array<string | null> = [];
      let typed = 0;
      for (const started = Date.now(); Date.now() - started < 40_000 && !found.includes(href); await page.waitForTimeout(250)) {
        if ((await input.count()) === 0) {
          await page.keyboard.press('Escape');
          await page.getByTestId('search-trigger').click({ timeout: 5000 }).catch(() => undefined);
          await input.waitFor({ state: 'visible', timeout: 5000 }).catch(() => undefined);
          continue;
        }
        if ((await input.inputValue().catch(() => '')) !== id || (Date.now() - started) / 5000 >= typed) {
          await input.fill(`${id} `, { timeout: 5000 }).catch(() => undefined);
          await input.fill(id, { timeout: 5000 }).catch(() => undefined);
          typed += 1;
        }
        found = await hrefs();
      }
      expect(found, `searching "${id}" (typed ${typed} times) lists ${href}`).toContain(href);
      expect(found.indexOf(href), `"${id}" is among the first results: ${found.join(', ')}`).toBeLessThan(3);
      await items.nth(found.indexOf(href)).click();
      await page.waitForURL((url) => url.hash === href);
      const section = page.locator(`[id="${href.slice(2)}"]`);
      await expect
        .poll(async () => (await section.innerText().catch(() => '')).replace(/\s+/g, ' '), { timeout: 15_000 })
        .toContain(operationIdLine(id).replace(/`/g, ''));
    }
  });

  it('gives navigation links as fragments that work when copied into a new tab', async () => {
    const operation = want.searched[1]!;
    const href = linkOf(shown, operation, methodOf(want.doc, operation));
    expect(href).toMatch(/^#\/[^/]+\/[^/]+$/);
    const copied = new URL(href, page.url()).href;
    expect(copied).toBe(`${host.base}${tag}/index.html${href}`);
    const opened = await openDeepLink(session, copied);
    expect(opened.notFound).toBe(false);
    expect(opened.heading).toBe(operation.summary);
    expect(opened.text).toContain(operationIdLine(operation.operationId!).replace(/`/g, ''));
  });

  it('links every supported release from its release bar, marking its own', async () => {
    const links = await page
      .locator('nav.onedev-releases a')
      .evaluateAll((as) => as.map((a) => ({ url: (a as HTMLAnchorElement).href, current: a.hasAttribute('aria-current') })));
    // Each of these URLs is the page another block of this file loads from the same host.
    expect(links.map((l) => l.url).sort()).toEqual(SUPPORTED_RELEASES.map((t) => `${host.base}${t}/index.html`).sort());
    expect(links.filter((l) => l.current).map((l) => l.url)).toEqual([`${host.base}${tag}/index.html`]);
  });

  it('made no outside request, asked the host for nothing missing and logged no console error', () => {
    expect(session.outside).toEqual([]);
    expect(host.missing).toEqual([]);
    expect(session.errors).toEqual([]);
  });
});

describe(`the ${DEFAULT_RELEASE} reference in depth`, () => {
  const want = expected(DEFAULT_RELEASE);
  let page: Page;

  beforeAll(async () => {
    page = await session.context.newPage();
    // The folder itself, as a host serves it: its index.html forwards to the newest release.
    await page.goto(host.base, { waitUntil: 'load', timeout: 30_000 });
    await page.waitForURL(`${host.base}${DEFAULT_RELEASE}/index.html`);
    await waitUntilReady(page);
  });
  afterAll(async () => {
    await page?.close();
  });

  it('opens each group on its own page with its description', async () => {
    const shown = await groupPagesShowDescriptions(page, want);
    for (const group of want.tagGroups) expect(shown.get(group), `the ${group} page shows its description`).toBe(true);
  });

  it('renders an example request and response for creating a pull request', async () => {
    const { doc } = want;
    const operation = doc.paths!['/pulls']!.post as OperationObject;
    const body = resolveRef<RequestBodyObject>(doc, operation.requestBody);
    const requestExample = resolveRef<ExampleObject>(doc, body.content['application/json']!.examples!.default).value as Record<string, unknown>;
    const ok = resolveRef<ResponseObject>(doc, operation.responses?.['200']);
    const responseExample = resolveRef<ExampleObject>(doc, ok.content!['application/json']!.examples!.default).value;

    const href = linkOf(await expandGroups(page, want), operation, 'POST');
    await page.locator(`a[href="${href}"]`).first().click();
    await page.waitForURL((url) => url.hash === href);
    const section = page.locator(`[id="${href.slice(2)}"]`);
    const samples = section.locator('[data-component-name="JsonViewer/JsonViewer"]');
    await expect.poll(() => samples.count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
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

  it('keeps a deep link through the entry page', async () => {
    const operation = want.searched[0]!;
    const href = linkOf(await expandGroups(page, want), operation, methodOf(want.doc, operation));
    const opened = await openDeepLink(session, `${host.base}index.html${href}`);
    expect(opened.heading).toBe(operation.summary);
    expect(session.outside).toEqual([]);
    expect(session.errors).toEqual([]);
  });
});

describe('the reference opened from files', () => {
  it('walks every release through the release bars, each page rendering its groups, with no outside request or console error', async () => {
    const page = await fileSession.context.newPage();
    try {
      // Start at the oldest and follow each bar to the next release, ending on the newest.
      await page.goto(pathToFileURL(join(ROOT, docsPage(SUPPORTED_RELEASES[0]))).href, { waitUntil: 'load', timeout: 30_000 });
      for (const [i, tag] of SUPPORTED_RELEASES.entries()) {
        if (i > 0) {
          await page.locator(`nav.onedev-releases a[href="../${tag}/index.html"]`).click();
          await page.waitForURL(pathToFileURL(join(ROOT, docsPage(tag))).href);
        }
        await waitUntilReady(page);
        expect(await page.title()).toContain(tag);
        const groups = (await page.locator('.menu-item-type-group > a').allInnerTexts()).map((t) => t.trim());
        expect(groups, tag).toEqual(expected(tag).groups);
      }
    } finally {
      await page.close();
    }
    expect(fileSession.outside).toEqual([]);
    expect(fileSession.errors).toEqual([]);
  });

  it('follows a copied fragment link from a file', async () => {
    const want = expected(DEFAULT_RELEASE);
    const fileUrl = pathToFileURL(join(ROOT, docsPage(DEFAULT_RELEASE))).href;
    const page = await fileSession.context.newPage();
    let href: string;
    try {
      await page.goto(fileUrl, { waitUntil: 'load', timeout: 30_000 });
      await waitUntilReady(page);
      href = linkOf(await expandGroups(page, want), want.searched[2]!, methodOf(want.doc, want.searched[2]!));
    } finally {
      await page.close();
    }
    const opened = await openDeepLink(fileSession, `${fileUrl}${href}`);
    expect(opened.notFound).toBe(false);
    expect(opened.heading).toBe(want.searched[2]!.summary);
    expect(fileSession.outside).toEqual([]);
    expect(fileSession.errors).toEqual([]);
  });
});
