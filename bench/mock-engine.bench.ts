/**
 * The mock's engine on its own (MockEngine.handle, no HTTP, in this process), on the mock
 * benchmark's realistic mix, three ways: requests back to back; each after a pause in which this
 * thread spins on a loop that touches no memory; each after the thread sleeps as long. What a
 * call costs after a pause is what a server pays at 1 in flight, where every request comes after
 * one: on a shared machine other work runs meanwhile and evicts what the caches held, and a call
 * that touches more code and data pays more to fetch it again. The spin keeps the processor
 * awake and leaves the memory alone; the sleep lets the processor idle as a waiting server's does.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { OpenAPIObject } from 'openapi3-ts/oas31';
import { ROOT } from '../scripts/lib/artifacts.js';
import { MockEngine, type MockRequest } from '../scripts/lib/mock/engine.js';
import { median, nthRequest, requestPlans } from './mock.bench.js';

/** Requests before measuring: every validator compiled, the code optimized. */
const WARM_UP = 20_000;
const PER_ROUND = 3_000;
const ROUNDS = 5;
/** The pause before each request of the paused conditions: a few times a request's own cost. */
const PAUSE_MS = 0.2;

type Condition = 'back to back' | 'after a 0.2 ms spin' | 'after a 0.2 ms sleep';
const CONDITIONS: readonly Condition[] = ['back to back', 'after a 0.2 ms spin', 'after a 0.2 ms sleep'];

const sleeper = new Int32Array(new SharedArrayBuffer(4));
let sink = 0;

function pause(condition: Condition): void {
  if (condition === 'after a 0.2 ms sleep') Atomics.wait(sleeper, 0, 0, PAUSE_MS);
  if (condition !== 'after a 0.2 ms spin') return;
  const end = performance.now() + PAUSE_MS;
  let x = sink;
  while (performance.now() < end) for (let i = 0; i < 256; i += 1) x = (x * 31 + i) | 0;
  sink = x;
}

/** The engine's CPU time per request, in µs, over `requests` (the pauses not counted). */
async function measure(engine: MockEngine, requests: MockRequest[], condition: Condition): Promise<number> {
  let micros = 0;
  for (const request of requests) {
    pause(condition);
    const before = process.cpuUsage();
    const answer = engine.handle(request);
    if (answer instanceof Promise) await answer;
    const spent = process.cpuUsage(before);
    micros += spent.user + spent.system;
  }
  return micros / requests.length;
}

export default async function bench(): Promise<string> {
  const doc = JSON.parse(readFileSync(join(ROOT, 'generated/openapi.json'), 'utf8')) as OpenAPIObject;
  const plans = requestPlans(doc);
  const engine = new MockEngine(doc, {});
  let k = 1;
  const next = (): MockRequest => {
    const r = nthRequest(plans[k % plans.length]!, k);
    k += 1;
    const headers: Record<string, string> = { ...r.headers };
    const body = r.body === undefined ? Buffer.alloc(0) : Buffer.from(r.body);
    if (r.body !== undefined) headers['content-length'] = String(body.length);
    return { method: r.method, url: r.path, headers, body };
  };
  for (let i = 0; i < WARM_UP; i += 1) {
    const answer = engine.handle(next());
    if (answer instanceof Promise) await answer;
  }
  const results = new Map<Condition, number[]>(CONDITIONS.map((c) => [c, []]));
  for (let round = 0; round < ROUNDS; round += 1) {
    // Each condition gets its own distinct requests, built before the clock starts; the order turns.
    for (let i = 0; i < CONDITIONS.length; i += 1) {
      const condition = CONDITIONS[(round + i) % CONDITIONS.length]!;
      const requests = Array.from({ length: PER_ROUND }, next);
      results.get(condition)!.push(await measure(engine, requests, condition));
    }
  }
  const base = median(results.get('back to back')!);
  const ratio = (condition: Condition): number => median(results.get(condition)!) / base;
  const rows = CONDITIONS.map((condition) => {
    const values = results.get(condition)!;
    const range = `${Math.min(...values).toFixed(1)}–${Math.max(...values).toFixed(1)}`;
    return `| ${condition} | ${median(values).toFixed(1)} (${range}) | ${ratio(condition).toFixed(2)}x |`;
  });
  return [
    '## Contract mock engine: cost after a pause',
    '',
    `\`MockEngine.handle\` alone (no HTTP) on the same mix as above, in the benchmark's own process after ${WARM_UP.toLocaleString('en-US')} ` +
      `warm-up requests: ${PER_ROUND.toLocaleString('en-US')} distinct requests per condition and round, median of ${ROUNDS} rounds ` +
      '(range in brackets), CPU time of the calls only (process.cpuUsage around each), the pauses not counted. ' +
      'The spin keeps the processor busy on a loop that touches no memory; the sleep leaves it idle.',
    '',
    '| condition | engine CPU per request (µs) | ÷ back to back |',
    '| --- | ---: | ---: |',
    ...rows,
    '',
    `After a spin a call costs **${ratio('after a 0.2 ms spin').toFixed(2)}x** what it costs back to back, after a sleep ` +
      `**${ratio('after a 0.2 ms sleep').toFixed(2)}x**. ` +
      (ratio('after a 0.2 ms spin') > 1.1
        ? 'The spin touches no memory, so what it adds is not the benchmark evicting its own data: time passing on the ' +
          'shared machine does it. '
        : 'Here the spin added little: the machine was quiet. ') +
      'At 1 in flight a server waits for every next request, so each request comes after such a pause, and one that ' +
      'touches more code and data pays more after it than one that touches less.',
  ].join('\n');
}
