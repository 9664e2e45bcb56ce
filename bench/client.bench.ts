/**
 * Per-call cost of the typed client, measured side by side in one run:
 * 1. over loopback HTTP (node:http on 127.0.0.1): raw `fetch` + `res.json()` against the client,
 *    same request, same answer, interleaved call by call so drift hits both equally. The client
 *    runs as users get it, with its default deadline (a timer and an abort signal per call); a
 *    second client without a deadline shows what that costs;
 * 2. with a stubbed fetch (no network): bare openapi-fetch against the client, to compare with
 *    openapi-fetch's published figure (~300k ops/s) and isolate what our layer adds.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import createClient from 'openapi-fetch';
import { ROOT } from '../scripts/lib/artifacts.js';
import type { paths } from '../generated/openapi.js';
import { createOneDevClient } from '../src/index.js';

const AUTH = { user: 'robin', accessToken: 'tok_0123456789abcdef' } as const;
const AUTH_HEADER = `Basic ${Buffer.from(`${AUTH.user}:${AUTH.accessToken}`).toString('base64')}`;

// The document's own Get Basic Info example, pretty-printed as OneDev answers.
const doc = JSON.parse(readFileSync(join(ROOT, 'generated/openapi.json'), 'utf8')) as {
  components: { examples: Record<string, { value: unknown }> };
};
const BODY = JSON.stringify(doc.components.examples.PullRequest!.value, null, 2);

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/**
 * Interleaves the subjects call by call, in a freshly shuffled order each iteration (a fixed order
 * would always give each subject the same predecessor, whose garbage or socket state it inherits),
 * and times every call on its own, so load from other processes lands on all of them alike and
 * medians shrug it off. The shuffle is seeded, so runs are comparable.
 */
async function sideBySide(subjects: Record<string, () => Promise<unknown>>, iterations: number): Promise<Record<string, number[]>> {
  const names = Object.keys(subjects);
  const out: Record<string, number[]> = Object.fromEntries(names.map((n) => [n, []]));
  let seed = 0x2545f491;
  const random = () => {
    // xorshift32: small, deterministic, good enough to shuffle three names.
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    return (seed >>> 0) / 2 ** 32;
  };
  for (let i = 0; i < Math.min(500, iterations); i++) for (const name of names) await subjects[name]!(); // warm-up
  for (let i = 0; i < iterations; i++) {
    const order = [...names];
    for (let k = order.length - 1; k > 0; k--) {
      const j = Math.floor(random() * (k + 1));
      [order[k], order[j]] = [order[j]!, order[k]!];
    }
    for (const name of order) {
      const started = performance.now();
      await subjects[name]!();
      out[name]!.push((performance.now() - started) * 1000); // microseconds
    }
  }
  return out;
}

/** Median of the per-iteration ratios a/b (calls made next to each other), with the interquartile range. */
function pairedRatio(a: number[], b: number[]): { median: number; q1: number; q3: number } {
  const ratios = a.map((x, i) => x / b[i]!).sort((x, y) => x - y);
  const at = (q: number) => ratios[Math.min(ratios.length - 1, Math.floor(q * ratios.length))]!;
  return { median: median(ratios), q1: at(0.25), q3: at(0.75) };
}

async function loopback(iterations: number) {
  let served = 0;
  const limit = (iterations + 500) * 5; // every call of the run, warm-up included; anything more is refused
  const server = createServer((req, res) => {
    served += 1;
    req.resume();
    if (served > limit) return void res.writeHead(503).end();
    res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(BODY) }).end(BODY);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const client = createOneDevClient({ baseUrl: origin, auth: AUTH });
    const noDeadline = createOneDevClient({ baseUrl: origin, auth: AUTH, timeoutMs: 0 });
    const bare = createClient<paths>({ baseUrl: `${origin}/~api`, headers: { Authorization: AUTH_HEADER } });
    const results = await sideBySide(
      {
        'raw fetch': async () => {
          const res = await fetch(`${origin}/~api/pulls/42`, { headers: { Authorization: AUTH_HEADER } });
          if (!res.ok) throw new Error(`status ${res.status}`);
          return res.json();
        },
        'raw fetch + AbortSignal.timeout(30 s)': async () => {
          const res = await fetch(`${origin}/~api/pulls/42`, { headers: { Authorization: AUTH_HEADER }, signal: AbortSignal.timeout(30_000) });
          if (!res.ok) throw new Error(`status ${res.status}`);
          return res.json();
        },
        'openapi-fetch (bare)': async () => (await bare.GET('/pulls/{requestId}', { params: { path: { requestId: 42 } } })).data,
        client: async () => (await client.GET('/pulls/{requestId}', { params: { path: { requestId: 42 } } })).data,
        'client, timeoutMs: 0': async () => (await noDeadline.GET('/pulls/{requestId}', { params: { path: { requestId: 42 } } })).data,
      },
      iterations,
    );
    return { results, served };
  } finally {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

async function stubbed(iterations: number) {
  const headers = { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(BODY)) };
  // Ignores its arguments, so it fits both openapi-fetch's fetch(Request) and the client's fetch(url, init).
  const stub = async () => new Response(BODY, { status: 200, headers });
  const bare = createClient<paths>({ baseUrl: 'http://onedev.test/~api', fetch: stub, headers: { Authorization: AUTH_HEADER } });
  const client = createOneDevClient({ baseUrl: 'http://onedev.test', auth: AUTH, fetch: stub });
  return sideBySide(
    {
      'stub only (Response + json)': async () => (await stub()).json(),
      'openapi-fetch (bare)': async () => (await bare.GET('/pulls/{requestId}', { params: { path: { requestId: 42 } } })).data,
      client: async () => (await client.GET('/pulls/{requestId}', { params: { path: { requestId: 42 } } })).data,
    },
    iterations,
  );
}

const fmt = (n: number, digits = 1) => n.toFixed(digits);
const perSecond = (us: number) => Math.round(1e6 / us).toLocaleString('en-US');

function table(results: Record<string, number[]>, baseline: string, unit: string): string[] {
  const base = results[baseline]!;
  return [
    `| subject | median µs per call | ${unit} | vs ${baseline}: ratio of medians | paired ratio (median, IQR) |`,
    '| --- | ---: | ---: | ---: | --- |',
    ...Object.entries(results).map(([name, values]) => {
      const us = median(values);
      const r = pairedRatio(values, base);
      const paired = name === baseline ? '' : `${fmt(r.median, 3)}x (${fmt(r.q1, 2)}–${fmt(r.q3, 2)})`;
      return `| ${name} | ${fmt(us, 1)} | ${perSecond(us)} | ${fmt(us / median(base), 3)}x | ${paired} |`;
    }),
  ];
}

export default async function clientBench(): Promise<string> {
  const LOOP_ITERATIONS = 4000;
  const STUB_ITERATIONS = 20000;

  const loop = await loopback(LOOP_ITERATIONS);
  const ratio = median(loop.results.client!) / median(loop.results['raw fetch']!);
  const deadlineCost = median(loop.results.client!) - median(loop.results['client, timeoutMs: 0']!);
  const alike = median(loop.results.client!) / median(loop.results['raw fetch + AbortSignal.timeout(30 s)']!);
  const stub = await stubbed(STUB_ITERATIONS);
  const overBare = median(stub.client!) - median(stub['openapi-fetch (bare)']!);

  return [
    '## Client: per-call overhead',
    '',
    "`bench/client.bench.ts`. One `GET /pulls/{requestId}` answered with the document's pull request example " +
      `(${BODY.length} bytes of pretty-printed JSON), awaited one after another. The subjects take turns call by call ` +
      '(in a seeded random order each round) after a warm-up, and every call is timed on its own, so load from other processes ' +
      'hits them alike; the table gives median times and, as a check, the median of the ratios of calls made side by side.',
    '',
    `### Over loopback HTTP (node:http on 127.0.0.1, keep-alive; ${LOOP_ITERATIONS.toLocaleString('en-US')} calls per subject)`,
    '',
    ...table(loop.results, 'raw fetch', 'calls/s'),
    '',
    `**The client costs ${fmt(ratio, 3)}x raw \`fetch\` per call** (ratio of medians, with its default 30 s deadline; ` +
      `target: at most 1.10x; ${ratio <= 1.1 ? 'met' : 'not met'} in this run). The deadline (a timer and an abort signal per call) ` +
      `accounts for ${fmt(deadlineCost, 1)} µs of it (client minus \`timeoutMs: 0\`; noise can make this negative): ` +
      "fetch's bookkeeping for any abort signal, which raw fetch pays too once it is given a deadline. " +
      `Against raw fetch with the same 30 s deadline the client costs ${fmt(alike, 3)}x. ` +
      `Retries are off unless asked for, so they cost nothing here. The server answered ${loop.served.toLocaleString('en-US')} requests. ` +
      "Bare openapi-fetch is shown for comparison: its pipeline builds a `Request` object and a header set per call, " +
      'which is why the client keeps its types and URL serializers but calls `fetch(url, init)` itself.',
    '',
    '### With a stubbed fetch (no network)',
    '',
    `${STUB_ITERATIONS.toLocaleString('en-US')} calls per subject, interleaved; the stub returns a fresh \`Response\` each time.`,
    '',
    ...table(stub, 'stub only (Response + json)', 'ops/s'),
    '',
    `Over bare openapi-fetch the client costs ${fmt(overBare, 2)} µs per call (negative: it is cheaper). ` +
      'openapi-fetch publishes about 300k ops/s for its own stubbed benchmark on a fast desktop; here each call also ' +
      'pays for building and parsing a real `Response` on a small shared machine, so read the ratios.',
    '',
    'Reproduce: `npm ci && npm run build && npm run bench -- client` (prints this section and writes it to bench-output/).',
  ].join('\n');
}
