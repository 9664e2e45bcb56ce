/**
 * The HTML reference (generated/docs/): what it weighs, per file and in all, with a projection for
 * descriptions twice as long; how long the docs step takes for every release; and how fast
 * Chromium shows each release's operation list, opened from a static host (127.0.0.1, nothing
 * cached) and, for the newest release, from file://, the two loads interleaved in one browser so
 * machine noise hits both alike.
 * Targets: all docs under 10 MB, each page (with what it loads) under 5 MB, the operation list
 * in under 2 s.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { availableParallelism, loadavg } from 'node:os';
import { extname, join, relative, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { OpenAPIObject } from 'openapi3-ts/oas31';
import type { BrowserContext } from 'playwright-core';
import { ROOT } from '../scripts/lib/artifacts.js';
import { operationsOf } from '../scripts/lib/openapi.js';
import { DOCS_DIR, RENDERER_FILE, STYLES_FILE, docsPage, renderDocs } from '../scripts/lib/steps/docs.js';
import { DEFAULT_RELEASE, SUPPORTED_RELEASES, type SupportedRelease } from '../spec/releases.js';
import { chromiumMissing, close, launch, type Session } from '../test/docs/browser.js';

/** Loads of the newest release per subject (static host, file://), and of every other release from the host. */
const LOADS = 5;
const OTHER_LOADS = 2;
const BUILDS = 2;
const MB = 1_000_000;

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const range = (values: number[]): string => `${Math.round(Math.min(...values))}–${Math.round(Math.max(...values))}`;
const bytes = (n: number): string => n.toLocaleString('en-US');
const mb = (n: number): string => `${(n / MB).toFixed(2)} MB`;

const TYPES: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css' };

/** Every file under generated/docs/, relative to the repository root, with its size. */
function docsFiles(dir = join(ROOT, DOCS_DIR)): Array<[string, number]> {
  return readdirSync(dir).flatMap((name): Array<[string, number]> => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? docsFiles(path) : [[relative(ROOT, path), statSync(path).size]];
  });
}

/** A page's parts: the embedded description, the prerendered markup, the rest (bar, start-up, head). */
function pageParts(html: string): { description: number; markup: number; rest: number } {
  const size = (s: string) => Buffer.byteLength(s);
  const island = /<script type="application\/octet-stream" id="api-description"[^>]*>.*?<\/script>/s.exec(html)?.[0] ?? '';
  const start = html.indexOf('<div id="redoc">');
  const markup = start >= 0 ? html.slice(start, html.indexOf('<script type="application/octet-stream"', start)) : '';
  return { description: size(island), markup: size(markup), rest: size(html) - size(island) - size(markup) };
}

interface LoadTimes {
  firstPaint: number;
  operationList: number;
  interactive: number;
  groupOpens: number;
}

/**
 * One fresh page: times from navigation start to the first paint, to the first frame in which the
 * navigation lists all groups (an init script checks before every frame), and to the search box
 * being ready (the renderer has hydrated); then how long opening the first group takes to list
 * its operations.
 */
async function load(context: BrowserContext, url: string, groups: number, firstGroupOperations: number): Promise<LoadTimes> {
  const page = await context.newPage();
  try {
    // A string, not a function: tsx would wrap named inner functions in a helper the page lacks.
    await page.addInitScript({
      content: `(() => {
        const check = () => {
          if (document.querySelectorAll('.menu-item-type-group').length >= ${groups}) window.__listShown = performance.now();
          else requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      })();`,
    });
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    await page.waitForFunction(() => /Search/.test(document.querySelector('[data-testid="search-trigger"]')?.textContent ?? ''), null, {
      timeout: 60_000,
    });
    const interactive = await page.evaluate(() => performance.now());
    await page.waitForFunction(() => (window as unknown as { __listShown?: number }).__listShown !== undefined, null, { timeout: 60_000 });
    const { firstPaint, operationList } = await page.evaluate(() => ({
      firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
      operationList: (window as unknown as { __listShown: number }).__listShown,
    }));
    const groupOpens = await page.evaluate(async (expected: number) => {
      const item = document.querySelectorAll('.menu-item-type-group')[0]!;
      const link = item.querySelector(':scope > a') as HTMLAnchorElement;
      const slug = link.getAttribute('href')!.replace(/^#\//, '');
      const started = performance.now();
      link.click();
      while (item.querySelectorAll(`a[href^="#/${slug}/"]`).length < expected) {
        if (performance.now() - started > 30_000) throw new Error('the first group did not open');
        await new Promise((r) => requestAnimationFrame(r));
      }
      return performance.now() - started;
    }, firstGroupOperations);
    return { firstPaint, operationList, interactive, groupOpens };
  } finally {
    await page.close();
  }
}

/** Groups with operations, and how many operations the first one has. */
function navigationOf(doc: OpenAPIObject): { groups: number; firstGroupOperations: number } {
  const counts = new Map<string, number>();
  for (const { operation } of operationsOf(doc)) counts.set(operation.tags![0]!, (counts.get(operation.tags![0]!) ?? 0) + 1);
  const groups = (doc.tags ?? []).filter((t) => counts.has(t.name));
  return { groups: groups.length, firstGroupOperations: counts.get(groups[0]!.name)! };
}

/** Checked before any benchmark runs: the browser part needs Chromium. */
export const preflight = chromiumMissing;

export default async function docsBench(): Promise<string> {
  const load1 = loadavg()[0]!;
  const docs = new Map<SupportedRelease, OpenAPIObject>(
    SUPPORTED_RELEASES.map((tag) => [tag, JSON.parse(readFileSync(join(ROOT, `generated/releases/${tag}/openapi.json`), 'utf8')) as OpenAPIObject]),
  );

  // Build step, on the committed descriptions; its output must be what is committed.
  const builds: number[] = [];
  for (let i = 0; i < BUILDS; i++) {
    const started = performance.now();
    const artifacts = await renderDocs(docs);
    builds.push(performance.now() - started);
    for (const a of artifacts) {
      if (readFileSync(join(ROOT, a.path), 'utf8') !== a.content) throw new Error(`${a.path} is stale: run npm run build before benchmarking`);
    }
  }

  // Sizes.
  const files = docsFiles();
  const size = new Map(files);
  const total = files.reduce((n, [, s]) => n + s, 0);
  const shared = size.get(RENDERER_FILE)! + size.get(STYLES_FILE)!;
  const parts = new Map(SUPPORTED_RELEASES.map((tag) => [tag, pageParts(readFileSync(join(ROOT, docsPage(tag)), 'utf8'))]));
  const descriptions = [...parts.values()].reduce((n, p) => n + p.description, 0);
  const largestPage = Math.max(...SUPPORTED_RELEASES.map((tag) => size.get(docsPage(tag))!));
  const largestDescription = Math.max(...[...parts.values()].map((p) => p.description));

  // Browser: every release from a static host, the newest also from file://.
  const docsRoot = resolve(ROOT, DOCS_DIR);
  let served = 0;
  const server = createServer((req, res) => {
    served += 1;
    const file = resolve(docsRoot, `.${(req.url ?? '/').split('?')[0]}`);
    let body: Buffer;
    try {
      if (!file.startsWith(docsRoot + sep)) throw new Error('outside');
      body = readFileSync(file);
    } catch {
      return void res.writeHead(404).end();
    }
    // Nothing cached: every load fetches and compiles the renderer as a first visit does.
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'content-length': body.length, 'cache-control': 'no-store' }).end(body);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  const fileBase = `${pathToFileURL(docsRoot).href}/`;
  const newest: Record<string, LoadTimes[]> = { 'static host (http://127.0.0.1)': [], 'file://': [] };
  const others = new Map<SupportedRelease, LoadTimes[]>();
  let session: Session | undefined;
  try {
    // The docs tests' browser: every request that leaves the docs is blocked and counted.
    session = await launch((url) => url.startsWith(base) || url.startsWith(fileBase));
    const { context } = session;
    // Only one page at a time: a page behind another gets no animation frames.
    for (const p of context.pages()) await p.close();
    const nav = navigationOf(docs.get(DEFAULT_RELEASE)!);
    const subjects: Record<string, string> = {
      'static host (http://127.0.0.1)': `${base}${DEFAULT_RELEASE}/index.html`,
      'file://': `${fileBase}${DEFAULT_RELEASE}/index.html`,
    };
    await load(context, subjects['file://']!, nav.groups, nav.firstGroupOperations); // warm-up: disk cache, JIT
    for (let i = 0; i < LOADS; i++) {
      const order = i % 2 === 0 ? Object.keys(subjects) : Object.keys(subjects).reverse();
      for (const name of order) newest[name]!.push(await load(context, subjects[name]!, nav.groups, nav.firstGroupOperations));
    }
    for (const tag of SUPPORTED_RELEASES.filter((t) => t !== DEFAULT_RELEASE)) {
      const { groups, firstGroupOperations } = navigationOf(docs.get(tag)!);
      const runs: LoadTimes[] = [];
      for (let i = 0; i < OTHER_LOADS; i++) runs.push(await load(context, `${base}${tag}/index.html`, groups, firstGroupOperations));
      others.set(tag, runs);
    }
  } finally {
    await close(session);
    server.close();
  }

  const col = (runs: LoadTimes[], key: keyof LoadTimes) => `${Math.round(median(runs.map((r) => r[key])))} (${range(runs.map((r) => r[key]))})`;
  const allRuns = [...Object.values(newest).flat(), ...[...others.values()].flat()];
  const worstList = Math.max(...allRuns.map((r) => r.operationList));
  const [a, b] = Object.values(newest) as [LoadTimes[], LoadTimes[]];
  const ratio = (key: keyof LoadTimes) => median(a.map((r, i) => r[key] / b[i]![key])).toFixed(2);
  const lines = [
    '## Reference docs (generated/docs/)',
    '',
    `One page per release (${SUPPORTED_RELEASES.length}) that shares one renderer script and one stylesheet; \`index.html\` forwards to the newest. ` +
      `All together ${bytes(total)} bytes (${mb(total)}); target under 10 MB: ${total < 10 * MB ? 'met' : 'missed'}. ` +
      `Largest page with what it loads: ${mb(largestPage + shared)}; target under 5 MB: ${largestPage + shared < 5 * MB ? 'met' : 'missed'}.`,
    '',
    '| file | bytes | of which: description | prerendered HTML | bar, head, start-up |',
    '| --- | ---: | ---: | ---: | ---: |',
    `| \`${relative(DOCS_DIR, RENDERER_FILE)}\` (shared) | ${bytes(size.get(RENDERER_FILE)!)} | | | |`,
    `| \`${relative(DOCS_DIR, STYLES_FILE)}\` (shared) | ${bytes(size.get(STYLES_FILE)!)} | | | |`,
    ...SUPPORTED_RELEASES.map((tag) => {
      const p = parts.get(tag)!;
      return `| \`${tag}/index.html\` | ${bytes(size.get(docsPage(tag))!)} | ${bytes(p.description)} | ${bytes(p.markup)} | ${bytes(p.rest)} |`;
    }),
    `| \`index.html\` (entry) | ${bytes(size.get(`${DOCS_DIR}/index.html`)!)} | | | |`,
    '',
    `Headroom: with every description twice as long, the docs would weigh about ${mb(total + descriptions)} in all ` +
      `(largest page with what it loads ${mb(largestPage + largestDescription + shared)}); each further release adds about ${mb(largestPage)} (${mb(largestPage + largestDescription)} at double length).`,
    '',
    `Docs step (\`renderDocs\`: the renderer script, then \`redocly build-docs\` once per release in child processes, as many at once as there are cores): ` +
      `median ${Math.round(median(builds))} ms over ${BUILDS} runs (range ${range(builds)} ms) for ${SUPPORTED_RELEASES.length} releases ` +
      `(1-minute load average ${load1.toFixed(1)} on ${availableParallelism()} cores when the benchmark started).`,
    '',
    `Chromium ${session?.context.browser()?.version() ?? ''} headless, fresh page per load, nothing cached by the host (\`no-store\`), medians in ms from navigation start ` +
      `(range in brackets). "Operation list" is the first frame in which all groups are in the navigation; "interactive" is when the renderer has hydrated ` +
      `and its search box is ready; "open a group" is clicking the first group until its operations are listed.`,
    '',
    `Newest release (${DEFAULT_RELEASE}), ${LOADS} loads each, interleaved:`,
    '',
    '| opened from | first paint | operation list | interactive | open a group |',
    '| --- | ---: | ---: | ---: | ---: |',
    ...Object.entries(newest).map(
      ([name, runs]) => `| ${name} | ${col(runs, 'firstPaint')} | ${col(runs, 'operationList')} | ${col(runs, 'interactive')} | ${col(runs, 'groupOpens')} |`,
    ),
    '',
    `Static host ÷ file (median of paired ratios): operation list ${ratio('operationList')}, interactive ${ratio('interactive')}.`,
    '',
    `Other releases from the static host, ${OTHER_LOADS} loads each:`,
    '',
    '| release | first paint | operation list | interactive | open a group |',
    '| --- | ---: | ---: | ---: | ---: |',
    ...[...others].map(([tag, runs]) => `| ${tag} | ${col(runs, 'firstPaint')} | ${col(runs, 'operationList')} | ${col(runs, 'interactive')} | ${col(runs, 'groupOpens')} |`),
    '',
    `Target under 2 s for the operation list: ${worstList < 2000 ? 'met on every load' : `missed (slowest load ${Math.round(worstList)} ms)`}. ` +
      `Requests that left the docs during all loads: ${session?.outside.length ?? 0}; requests the host answered: ${served}.`,
  ];
  return lines.join('\n');
}
