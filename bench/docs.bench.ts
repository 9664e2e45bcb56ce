/**
 * The HTML reference: its size (and what makes it up), how long the build step takes, and how fast
 * Chromium shows the operation list, opened from a static host (127.0.0.1) and from file://, the
 * two loads interleaved in one browser so machine noise hits both alike.
 * Targets (issue 5): under 3 MB and under 2 s.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { OpenAPIObject } from 'openapi3-ts/oas31';
import { chromium, type BrowserContext } from 'playwright-core';
import { ROOT } from '../scripts/lib/artifacts.js';
import { DOCS_FILE, renderDocsHtml } from '../scripts/lib/steps/docs.js';

const LOADS = 7;
const BUILDS = 3;
const MB = 1_000_000;
const MIB = 1024 * 1024;

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const range = (values: number[]): string => `${Math.round(Math.min(...values))}–${Math.round(Math.max(...values))}`;
const bytes = (n: number): string => n.toLocaleString('en-US');

/** Splits the page into the parts build-docs assembles. */
function breakdown(html: string): Array<[string, number]> {
  const size = (s: string) => Buffer.byteLength(s);
  const cut = (start: string, end: string): string => {
    const i = html.indexOf(start);
    const j = html.indexOf(end, i);
    return i >= 0 && j > i ? html.slice(i, j) : '';
  };
  const css = cut('<style data-styled', '</style>');
  const prerendered = cut('<div id="redoc">', '<script type="module">');
  const renderer = cut('<script type="module">', 'const __redoc_definition');
  const definition = cut('const __redoc_definition', 'const __redoc_options');
  const rest = size(html) - size(css) - size(prerendered) - size(renderer) - size(definition);
  return [
    ['Renderer (Redoc, inlined)', size(renderer)],
    ['API description (embedded JSON)', size(definition)],
    ['Prerendered styles', size(css)],
    ['Prerendered HTML', size(prerendered)],
    ['Template and options', rest],
  ];
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
 * being ready (the renderer has hydrated); then how long opening the Pull Request group takes to
 * list its operations.
 */
async function load(context: BrowserContext, url: string, groups: number, pullRequestOperations: number): Promise<LoadTimes> {
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
      const item = document.querySelectorAll('.menu-item-type-group')[1]!;
      const link = item.querySelector(':scope > a') as HTMLAnchorElement;
      const started = performance.now();
      link.click();
      while (item.querySelectorAll('a[href^="#/pull-request/"]').length < expected) {
        if (performance.now() - started > 30_000) throw new Error('the Pull Request group did not open');
        await new Promise((r) => requestAnimationFrame(r));
      }
      return performance.now() - started;
    }, pullRequestOperations);
    return { firstPaint, operationList, interactive, groupOpens };
  } finally {
    await page.close();
  }
}

export default async function docsBench(): Promise<string> {
  const file = join(ROOT, DOCS_FILE);
  const html = readFileSync(file);
  const text = html.toString('utf8');
  const doc = JSON.parse(readFileSync(join(ROOT, 'generated/openapi.json'), 'utf8')) as OpenAPIObject;
  const groups = doc.tags?.length ?? 0;
  const pullRequestOperations = Object.values(doc.paths ?? {})
    .flatMap((item) => Object.values(item))
    .filter((op) => typeof op === 'object' && op && 'tags' in op && (op.tags as string[]).includes('Pull Request')).length;

  // Build step, on the committed document.
  const builds: number[] = [];
  for (let i = 0; i < BUILDS; i++) {
    const started = performance.now();
    const rendered = await renderDocsHtml(doc);
    builds.push(performance.now() - started);
    if (rendered !== text) throw new Error(`${DOCS_FILE} is stale: run npm run build before benchmarking`);
  }

  // Browser: the same bytes from a static host and from a file, loads interleaved.
  let served = 0;
  const server = createServer((req, res) => {
    served += 1;
    if (served > LOADS * 2 || req.url !== '/index.html') return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': html.length, 'cache-control': 'no-store' }).end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const subjects: Record<string, string> = {
    'static host (http://127.0.0.1)': `http://127.0.0.1:${(server.address() as AddressInfo).port}/index.html`,
    'file://': pathToFileURL(file).href,
  };
  const userDataDir = mkdtempSync(join(tmpdir(), 'docs-bench-'));
  const times: Record<string, LoadTimes[]> = Object.fromEntries(Object.keys(subjects).map((k) => [k, []]));
  let outside = 0;
  let context: BrowserContext | undefined;
  try {
    context = await chromium.launchPersistentContext(userDataDir, {
      executablePath: '/usr/bin/chromium',
      headless: true,
      args: ['--no-sandbox', '--disable-background-networking', '--disable-gpu', '--disable-component-update', '--disable-sync', '--no-first-run'],
      viewport: { width: 1280, height: 800 },
    });
    // Only one page at a time: a page behind another gets no animation frames.
    for (const p of context.pages()) await p.close();
    const allowed = new Set(Object.values(subjects));
    await context.route('**/*', (route) => {
      if (allowed.has(route.request().url())) return route.continue();
      outside += 1;
      return route.abort();
    });
    await load(context, subjects['file://']!, groups, pullRequestOperations); // warm-up: disk cache, JIT
    for (let i = 0; i < LOADS; i++) {
      const order = i % 2 === 0 ? Object.keys(subjects) : Object.keys(subjects).reverse();
      for (const name of order) times[name]!.push(await load(context, subjects[name]!, groups, pullRequestOperations));
    }
  } finally {
    await context?.close();
    rmSync(userDataDir, { recursive: true, force: true });
    server.close();
  }

  const size = html.length;
  const lines = [
    '## Reference docs (generated/docs/index.html)',
    '',
    `One file, ${bytes(size)} bytes (${(size / MB).toFixed(2)} MB, ${(size / MIB).toFixed(2)} MiB); target under 3 MB: ` +
      `${size < 3 * MB ? 'met' : size < 3 * MIB ? `met in MiB (the unit \`redocly build-docs\` reports), ${(((size - 3 * MB) / (3 * MB)) * 100).toFixed(1)} % over 3,000,000 bytes` : 'missed'}.`,
    '',
    '| part | bytes | share |',
    '| --- | ---: | ---: |',
    ...breakdown(text).map(([name, n]) => `| ${name} | ${bytes(n)} | ${((n / size) * 100).toFixed(1)} % |`),
    '',
    `Build step (\`renderDocsHtml\`, i.e. \`redocly build-docs --inlineBundle\` in a child process): median ${Math.round(median(builds))} ms over ${BUILDS} runs (range ${range(builds)} ms).`,
    '',
    `Chromium ${context?.browser()?.version() ?? ''} headless, ${LOADS} loads each, interleaved, fresh page per load, medians in ms from navigation start ` +
      `(range in brackets). "Operation list" is the first frame in which all ${groups} groups are in the navigation; ` +
      `"interactive" is when the renderer has hydrated and its search box is ready; "open a group" is clicking Pull Request until its ${pullRequestOperations} operations are listed.`,
    '',
    '| opened from | first paint | operation list | interactive | open a group |',
    '| --- | ---: | ---: | ---: | ---: |',
  ];
  for (const [name, runs] of Object.entries(times)) {
    const col = (key: keyof LoadTimes) => `${Math.round(median(runs.map((r) => r[key])))} (${range(runs.map((r) => r[key]))})`;
    lines.push(`| ${name} | ${col('firstPaint')} | ${col('operationList')} | ${col('interactive')} | ${col('groupOpens')} |`);
  }
  const [a, b] = Object.values(times) as [LoadTimes[], LoadTimes[]];
  const ratio = (key: keyof LoadTimes) => median(a.map((r, i) => r[key] / b[i]![key])).toFixed(2);
  const worstList = Math.max(...Object.values(times).flatMap((runs) => runs.map((r) => r.operationList)));
  lines.push(
    '',
    `Static host ÷ file (median of paired ratios): operation list ${ratio('operationList')}, interactive ${ratio('interactive')}. ` +
      `Target under 2 s for the operation list: ${worstList < 2000 ? 'met on every load' : `missed (slowest load ${Math.round(worstList)} ms)`}. ` +
      `Requests that left the page during all loads: ${outside}.`,
  );
  return lines.join('\n');
}
