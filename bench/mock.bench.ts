/**
 * The contract mock against a plain node:http server, on a realistic mix: every operation of the
 * document, round robin, each request distinct (ids, offsets, bodies, users), so no memo or cache
 * can answer it. The plain server answers each operation with the very bytes the mock gave for it,
 * with no routing or checking: the floor for an HTTP answer in Node. Each server runs in its own
 * process and the load comes from this one; the two are measured in turns, round after round.
 * Also: start-up to the first answer, through each way users start the mock.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { OpenAPIObject, ParameterObject, RequestBodyObject, SchemaObject } from 'openapi3-ts/oas31';
import { ROOT } from '../scripts/lib/artifacts.js';
import { operationsOf, resolveRef } from '../scripts/lib/openapi.js';

const LEVELS = [1, 16, 32] as const;
/** Requests per subject, level and round. */
const REQUESTS: Record<(typeof LEVELS)[number], number> = { 1: 1_500, 16: 4_000, 32: 4_000 };
const ROUNDS = 3;
const WARM_UP = 600;
const START_RUNS = 5;

/** One operation's request, with what varies from one request to the next left open. */
export interface RequestPlan {
  operationId: string;
  method: string;
  template: string;
  /** Path parameter -> example value; integers get a new id per request, strings a suffix. */
  pathParams: Record<string, string | number>;
  /** Path parameters spanning segments (`x-multi-segment`): their `/` is sent as it is. */
  multiSegment: string[];
  query: Record<string, unknown>;
  /** The body example; raw-text and other non-JSON bodies are the text. */
  body?: unknown;
  /** The body's media type: `application/json`, or what the operation takes instead. */
  mediaType?: string;
  rawText: boolean;
  /** A top-level string property of the body whose value can change without breaking the schema. */
  variableField?: string;
}

export interface BenchRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

function exampleValue(doc: OpenAPIObject, content: { example?: unknown; examples?: Record<string, unknown> } | undefined): unknown {
  if (!content) return undefined;
  if (content.example !== undefined) return content.example;
  const first = Object.values(content.examples ?? {})[0];
  return first === undefined ? undefined : resolveRef<{ value: unknown }>(doc, first).value;
}

/** A string property of the body's schema with no enum, format, pattern or length rule. */
function freeTextField(doc: OpenAPIObject, schema: unknown, body: unknown): string | undefined {
  const resolved = resolveRef<SchemaObject>(doc, schema);
  if (!body || typeof body !== 'object' || Array.isArray(body) || !resolved?.properties) return undefined;
  for (const [name, property] of Object.entries(resolved.properties)) {
    const p = resolveRef<SchemaObject>(doc, property);
    const types = Array.isArray(p.type) ? p.type : [p.type];
    if (!types.includes('string') || p.enum || p.const !== undefined || p.format || p.pattern || p.maxLength !== undefined) continue;
    if (typeof (body as Record<string, unknown>)[name] === 'string') return name;
  }
  return undefined;
}

export function requestPlans(doc: OpenAPIObject): RequestPlan[] {
  return operationsOf(doc).map(({ method, path, item, operation }) => {
    const plan: RequestPlan = { operationId: operation.operationId!, method, template: path, pathParams: {}, multiSegment: [], query: {}, rawText: false };
    for (const ref of [...(item.parameters ?? []), ...(operation.parameters ?? [])]) {
      const param = resolveRef<ParameterObject>(doc, ref);
      if (param.in === 'path') plan.pathParams[param.name] = param.example as string | number;
      if (param.in === 'path' && param['x-multi-segment'] === true) plan.multiSegment.push(param.name);
      else if (param.in === 'query' && param.required) plan.query[param.name] = param.example;
    }
    const body = operation.requestBody ? resolveRef<RequestBodyObject>(doc, operation.requestBody) : undefined;
    const [mediaType, content] = Object.entries(body?.content ?? {})[0] ?? [];
    if (mediaType && content) {
      plan.mediaType = mediaType;
      plan.body = exampleValue(doc, content) ?? (mediaType === 'application/json' ? undefined : 'file content');
      plan.rawText = body?.['x-onedev-raw-text'] === true || !/json/.test(mediaType);
      if (!plan.rawText) plan.variableField = freeTextField(doc, content.schema, plan.body);
    }
    return plan;
  });
}

/** The k-th request of a plan: its own ids, page offset, caller and (where possible) body. */
export function nthRequest(plan: RequestPlan, k: number): BenchRequest {
  const path = plan.template.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = plan.pathParams[name]!;
    const text = typeof value === 'number' ? String(value + k) : `${value}-${k}`;
    return plan.multiSegment.includes(name) ? text.split('/').map(encodeURIComponent).join('/') : encodeURIComponent(text);
  });
  // Form style, exploded, as the description says: arrays repeat their name, objects spread out.
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(plan.query)) {
    if (name === 'offset') query.set(name, String(k % 100));
    else if (Array.isArray(value)) for (const item of value) query.append(name, String(item));
    else if (value !== null && typeof value === 'object') for (const [key, item] of Object.entries(value)) query.append(key, String(item));
    else query.set(name, String(value));
  }
  const headers: Record<string, string> = { authorization: `Basic ${Buffer.from(`user-${k}:token-${k}`).toString('base64')}` };
  let body: string | undefined;
  if (plan.body !== undefined) {
    headers['content-type'] = plan.mediaType ?? 'application/json';
    if (plan.rawText) body = `${String(plan.body)} (${k})`;
    else if (plan.variableField) body = JSON.stringify({ ...(plan.body as object), [plan.variableField]: `${(plan.body as Record<string, string>)[plan.variableField]} ${k}` });
    else body = JSON.stringify(plan.body);
  }
  return { method: plan.method, path: `/~api${path}${query.size > 0 ? `?${query}` : ''}`, headers, ...(body !== undefined ? { body } : {}) };
}

interface Server {
  port: number;
  child: ChildProcess;
}

/** Spawns a server; resolves once it prints its port. */
function spawnServer(command: string, args: string[]): Promise<Server & { output: () => string }> {
  const child = spawn(command, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => {
      child.kill('SIGTERM');
      reject(new Error(`no "listening" within 60 s:\n${out}`));
    }, 60_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve({ port: Number(match[1]), child, output: () => out });
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`exited with ${code}:\n${out}`));
    });
  });
}

function stop(server: Server): Promise<void> {
  return new Promise((resolve) => {
    if (server.child.exitCode !== null) return resolve();
    server.child.once('exit', () => resolve());
    server.child.kill('SIGTERM');
  });
}

interface Sent {
  status: number;
  contentType: string;
  body: string;
}

function send(port: number, agent: Agent, req: BenchRequest, extraHeaders: Record<string, string> = {}): Promise<Sent> {
  return new Promise((resolve, reject) => {
    const r = request(
      { host: '127.0.0.1', port, method: req.method, path: req.path, agent, headers: { ...req.headers, ...extraHeaders } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, contentType: String(res.headers['content-type'] ?? ''), body: Buffer.concat(chunks).toString() }),
        );
        res.on('error', reject);
      },
    );
    r.on('error', reject);
    r.end(req.body);
  });
}

/** A bare node:http server answering operation i (header x-bench-op) with the i-th recorded answer. */
const PLAIN_SERVER = `
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';
const answers = JSON.parse(readFileSync(process.argv[1], 'utf8'));
const server = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    const a = answers[Number(req.headers['x-bench-op'])];
    res.writeHead(a.status, a.contentType ? { 'content-type': a.contentType } : {}).end(a.body);
  });
});
server.listen(0, '127.0.0.1', () => console.log('listening on http://127.0.0.1:' + server.address().port + '/'));
process.on('SIGTERM', () => { server.close(); server.closeAllConnections(); });
`;

interface Load {
  perSecond: number;
  p50: number;
  p99: number;
  errors: number;
  /** CPU time the server process spent per request, in µs (Linux /proc; NaN elsewhere). */
  cpuPerRequest: number;
}

/** User + system CPU time of a process so far, in ms, from /proc (clock ticks of 10 ms). */
function cpuMs(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
}

/** Requests are numbered across the whole run, so no request is ever sent twice. */
let sequence = 1;

async function load(server: Server, plans: RequestPlan[], expected: number[], total: number, concurrency: number): Promise<Load> {
  const { port } = server;
  const cpuBefore = cpuMs(server.child.pid);
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  const latencies = new Float64Array(total);
  let next = 0;
  let errors = 0;
  const started = performance.now();
  const worker = async (): Promise<void> => {
    while (next < total) {
      const i = next++;
      const k = sequence++;
      const op = k % plans.length;
      const t = performance.now();
      try {
        const { status } = await send(port, agent, nthRequest(plans[op]!, k), { 'x-bench-op': String(op) });
        if (status !== expected[op]) errors += 1;
      } catch {
        errors += 1;
      }
      latencies[i] = performance.now() - t;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort();
  const at = (q: number): number => latencies[Math.min(total - 1, Math.floor(q * total))]!;
  const cpuPerRequest = ((cpuMs(server.child.pid) - cpuBefore) * 1000) / total;
  return { perSecond: total / seconds, p50: at(0.5), p99: at(0.99), errors, cpuPerRequest };
}

/** The newest modification time among files, 0 when one is missing. */
function newest(files: string[]): number {
  return Math.max(...files.map((f) => (existsSync(f) ? statSync(f).mtimeMs : 0)));
}

/**
 * How users start the mock, each as a command line: `npm run mock`'s, and the package's bin
 * once it exists, as long as its compiled code (dist/) is not older than the sources.
 */
function startCommands(): { commands: Array<{ name: string; command: string; args: string[] }>; notes: string[] } {
  const commands = [{ name: '`tsx scripts/mock.ts` (what `npm run mock` runs)', command: process.execPath, args: ['--import', 'tsx', 'scripts/mock.ts'] }];
  const notes: string[] = [];
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { bin?: string | Record<string, string> };
  const bin = typeof pkg.bin === 'string' ? pkg.bin : pkg.bin?.['onedev-openapi'];
  if (!bin || !existsSync(join(ROOT, bin))) {
    notes.push('The package has no `onedev-openapi` bin yet: not measured.');
    return { commands, notes };
  }
  const sources = ['scripts/mock.ts', ...readdirSync(join(ROOT, 'scripts/lib/mock')).map((f) => `scripts/lib/mock/${f}`)].map((f) => join(ROOT, f));
  const compiled = sources.map((f) => f.replace(`${join(ROOT, 'scripts')}`, join(ROOT, 'dist')).replace(/\.ts$/, '.js'));
  const oldestCompiled = Math.min(...compiled.map((f) => (existsSync(f) ? statSync(f).mtimeMs : 0)));
  if (oldestCompiled < newest(sources)) {
    notes.push('`onedev-openapi mock` not measured: dist/ is older than scripts/ (run `npm run build:package` first).');
  } else {
    commands.push({ name: '`onedev-openapi mock` (the package bin, compiled JavaScript)', command: process.execPath, args: [bin, 'mock'] });
  }
  return { commands, notes };
}

/** Spawn to the first 200 answer, in ms. */
async function startToFirstAnswer(command: string, args: string[]): Promise<number> {
  const started = performance.now();
  const server = await spawnServer(command, [...args, '--port', '0', '--quiet']);
  try {
    const agent = new Agent();
    const answer = await send(server.port, agent, { method: 'GET', path: '/~api/pulls/42', headers: { authorization: 'Bearer t' } });
    agent.destroy();
    if (answer.status !== 200) throw new Error(`first answer was ${answer.status}: ${answer.body.slice(0, 200)}`);
    return performance.now() - started;
  } finally {
    await stop(server);
  }
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export default async function bench(): Promise<string> {
  const doc = JSON.parse(readFileSync(join(ROOT, 'generated/openapi.json'), 'utf8')) as OpenAPIObject;
  const plans = requestPlans(doc);

  const startups: Array<{ name: string; ms: number[] }> = [];
  const { commands, notes } = startCommands();
  for (const { name, command, args } of commands) {
    const ms: number[] = [];
    for (let i = 0; i < START_RUNS; i += 1) ms.push(await startToFirstAnswer(command, args));
    startups.push({ name, ms });
  }

  const mock = await spawnServer(process.execPath, ['--import', 'tsx', 'scripts/mock.ts', '--port', '0', '--quiet']);
  let plain: Server | undefined;
  try {
    // Each operation's answer to its first distinct request: must be its documented success. A
    // body that cannot vary a field (the mock refuses the change) is sent unchanged.
    const agent = new Agent({ keepAlive: true });
    const answers: Sent[] = [];
    for (const plan of plans) {
      let answer = await send(mock.port, agent, nthRequest(plan, 0));
      if (answer.status >= 400 && plan.variableField) {
        plan.variableField = undefined;
        answer = await send(mock.port, agent, nthRequest(plan, 0));
      }
      if (answer.status >= 300) throw new Error(`${plan.operationId}: the mock answered ${answer.status}: ${answer.body.slice(0, 300)}`);
      answers.push(answer);
    }
    agent.destroy();
    const expected = answers.map((a) => a.status);
    const dir = join(tmpdir(), `onedev-mock-bench-${process.pid}`);
    mkdirSync(dir, { recursive: true });
    const answersFile = join(dir, 'answers.json');
    writeFileSync(answersFile, JSON.stringify(answers));
    plain = await spawnServer(process.execPath, ['--input-type=module', '-e', PLAIN_SERVER, answersFile]);

    await load(mock, plans, expected, WARM_UP, 32);
    await load(plain, plans, expected, WARM_UP, 32);
    const subjects = [
      ['plain node:http', plain],
      ['contract mock', mock],
    ] as const;
    const runs = new Map<string, Load[]>();
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const level of LEVELS) {
        // Alternate which subject goes first, so drift on the shared machine hits both alike.
        const order = (round + level) % 2 === 0 ? subjects : [...subjects].reverse();
        for (const [subject, server] of order) {
          const key = `${subject}|${level}`;
          runs.set(key, [...(runs.get(key) ?? []), await load(server, plans, expected, REQUESTS[level], level)]);
        }
      }
    }
    const figure = (subject: string, level: number): Load => {
      const results = runs.get(`${subject}|${level}`)!;
      return {
        perSecond: median(results.map((r) => r.perSecond)),
        p50: median(results.map((r) => r.p50)),
        p99: median(results.map((r) => r.p99)),
        errors: results.reduce((sum, r) => sum + r.errors, 0),
        cpuPerRequest: median(results.map((r) => r.cpuPerRequest)),
      };
    };
    const rows = LEVELS.flatMap((level) => subjects.map(([subject]) => ({ subject, level, result: figure(subject, level) })));
    const ratios = LEVELS.map((level) => figure('contract mock', level).perSecond / figure('plain node:http', level).perSecond);
    const p99At32 = figure('contract mock', 32).p99;
    const cpuRatio = figure('contract mock', 32).cpuPerRequest / figure('plain node:http', 32).cpuPerRequest;
    const errors = rows.reduce((sum, r) => sum + r.result.errors, 0);
    const varied = plans.filter((p) => p.rawText || p.variableField).length;
    const withBody = plans.filter((p) => p.body !== undefined).length;
    const startTarget = 1500;

    return [
      '## Contract mock',
      '',
      `All ${plans.length} operations round robin, each request distinct: numeric ids shifted and names suffixed per request, ` +
        `a new page offset, a new Basic user, and for ${varied} of the ${withBody} operations with a body, a changed text ` +
        `field or raw text. No request repeats, so the mock's memo never answers. The plain node:http server answers each ` +
        `operation with the bytes the mock gave for it, without routing or checks. Each server runs in its own process; the ` +
        `load comes from the benchmark process over keep-alive connections, after ${WARM_UP} warm-up requests each. ` +
        `The two are measured in turns; each figure is the median of ${ROUNDS} rounds (errors: the sum).`,
      '',
      '| server | in flight | requests | requests/s | p50 (ms) | p99 (ms) | server CPU per request (µs) | errors |',
      '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
      ...rows.map(
        (r) =>
          `| ${r.subject} | ${r.level} | ${REQUESTS[r.level]} | ${Math.round(r.result.perSecond)} | ${r.result.p50.toFixed(2)} | ${r.result.p99.toFixed(2)} | ${Number.isNaN(r.result.cpuPerRequest) ? 'n/a' : Math.round(r.result.cpuPerRequest)} | ${r.result.errors} |`,
      ),
      '',
      `Mock throughput relative to the plain server: ${LEVELS.map((level, i) => `**${ratios[i]!.toFixed(2)}x** at ${level} in flight`).join(', ')} ` +
        `(target: at least 0.5x; ${ratios.every((r) => r >= 0.5) ? 'met' : 'NOT met'}). ` +
        `p99 at 32 in flight: **${p99At32.toFixed(1)} ms** (target: under 50 ms; ${p99At32 < 50 ? 'met' : 'NOT met'}). ` +
        `Errors (answers other than the operation's documented success): ${errors} (must be 0). ` +
        `The server's own CPU time per request (from /proc, 10 ms ticks) is the steadier figure on a busy machine: ` +
        `${cpuRatio.toFixed(2)}x the plain server's at 32 in flight.`,
      '',
      `Start-up, spawn to the first answer of \`GET /~api/pulls/42\` (median of ${START_RUNS}; target: under ${startTarget / 1000} s):`,
      '',
      ...startups.map(({ name, ms }) => `- ${name}: **${(median(ms) / 1000).toFixed(2)} s** (${ms.map((m) => (m / 1000).toFixed(2)).join(', ')})`),
      ...notes.map((note) => `- ${note}`),
    ].join('\n');
  } finally {
    await Promise.all([stop(mock), ...(plain ? [stop(plain)] : [])]);
  }
}
