/**
 * The mock's worker threads (started by offload.ts), one role each:
 * - `compile`: compiles request and record validators and sends them back as ajv standalone
 *   code, and generates the query languages' parsers as source, asked-for ones before those
 *   made ahead;
 * - `bodies`: reads a very large JSON body (parse, nesting and number limits) and checks it
 *   against its schema, so that the server's event loop never holds for it;
 * - `prism`: Prism, loaded ahead, for generated answers (`Prefer: dynamic=true`).
 * Each reads the description itself (from its file, or from text the server prepared).
 */
import { readFileSync, readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import type { OpenAPIObject } from 'openapi3-ts/oas31';
import type { Answer } from './answer.js';
import type { Preferences } from './prefer.js';
import { parseJsonBody } from './json-body.js';
import { operationPlans, type OperationPlan } from './operations.js';
import type { Refusal } from './refusal.js';
import { SchemaChecker, type CompileJob } from './schemas.js';
import { parserCode } from './query/grammar.js';
import type { Violation } from './violation.js';

export type WorkerRole = 'compile' | 'bodies' | 'prism';

/** Where a worker reads the description: its file, or its JSON text. */
export type DocumentSource = { path: string } | { text: string };

export interface WorkerSetup {
  role: WorkerRole;
  source: DocumentSource;
}

/** What Prism needs of a request that has passed the mock's own checks. */
export interface PrismRequest {
  method: string;
  path: string;
  query: Record<string, string | string[]>;
  preferences: Preferences;
  body: unknown;
  headers: Record<string, string | string[] | undefined>;
  bodyLength: number;
}

/** A large body read by the `bodies` worker: why it cannot be read, or its schema's verdict (and its value if asked). */
export type LargeBodyRead = { refusal: Refusal } | { value: unknown; violations: Violation[]; cut: boolean };

export type WorkerCall =
  | { type: 'compile'; job: CompileJob; urgent: boolean }
  /** A query language's parser, as source and code cache (grammar.ts parserCode). */
  | { type: 'parser'; grammar: string; urgent: boolean }
  | { type: 'body'; bytes: ArrayBuffer; schema: unknown; keep: boolean }
  | { type: 'prism'; operation: string; request: PrismRequest };

export type WorkerAsk = WorkerCall & { id: number };
export type WorkerReply = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: string };

function documentOf(source: DocumentSource): OpenAPIObject {
  return JSON.parse('path' in source ? readFileSync(source.path, 'utf8') : source.text) as OpenAPIObject;
}

/**
 * Runs this thread at the lowest priority, where the system allows it (Linux: a thread is
 * scheduled on its own, by its id): on a busy machine the server's event loop, which answers
 * requests, then gets the processor before the work done ahead here.
 */
function lowerPriority(): void {
  try {
    const thread = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(thread) && thread > 0) setPriority(thread, 19);
  } catch {
    // Elsewhere the worker runs at the server's priority.
  }
}

async function serve(setup: WorkerSetup): Promise<void> {
  lowerPriority();
  const port = parentPort!;
  const doc = documentOf(setup.source);
  const reply = (message: WorkerReply): void => port.postMessage(message);
  const fail = (id: number, error: unknown): void => reply({ id, ok: false, error: error instanceof Error ? error.message : String(error) });

  if (setup.role === 'compile') {
    const checker = new SchemaChecker(doc, true);
    // Asked-for validators go first; the ones compiled ahead one at a time, so that an ask
    // arriving meanwhile waits for one compile at most.
    const urgent: WorkerAsk[] = [];
    const ahead: WorkerAsk[] = [];
    let scheduled = false;
    const next = (): void => {
      scheduled = false;
      const ask = urgent.shift() ?? ahead.shift();
      if (!ask || (ask.type !== 'compile' && ask.type !== 'parser')) return;
      try {
        reply({ id: ask.id, ok: true, value: ask.type === 'parser' ? parserCode(ask.grammar) : checker.standaloneCode(ask.job) });
      } catch (error) {
        fail(ask.id, error);
      }
      schedule();
    };
    const schedule = (): void => {
      if (!scheduled && urgent.length + ahead.length > 0) {
        scheduled = true;
        setImmediate(next);
      }
    };
    port.on('message', (ask: WorkerAsk) => {
      if (ask.type !== 'compile' && ask.type !== 'parser') return fail(ask.id, `a compile worker got a ${ask.type} call`);
      (ask.urgent ? urgent : ahead).push(ask);
      schedule();
    });
    return;
  }

  if (setup.role === 'bodies') {
    const checker = new SchemaChecker(doc);
    port.on('message', (ask: WorkerAsk) => {
      if (ask.type !== 'body') return fail(ask.id, `a body worker got a ${ask.type} call`);
      try {
        const bytes = Buffer.from(ask.bytes);
        const decoded = parseJsonBody(bytes.toString('utf8'));
        if ('refusal' in decoded) return reply({ id: ask.id, ok: true, value: decoded satisfies LargeBodyRead });
        const checked = decoded.value === null ? { violations: [], cut: false } : checker.checkBody(decoded.value, ask.schema, bytes.length);
        const read: LargeBodyRead = { value: ask.keep && checked.violations.length === 0 ? decoded.value : undefined, ...checked };
        reply({ id: ask.id, ok: true, value: read });
      } catch (error) {
        fail(ask.id, error);
      }
    });
    return;
  }

  // prism: loaded before the first ask, so that the first generated answer does not wait for it.
  const { prismAnswerer } = await import('./dynamic.js');
  const answerWith = await prismAnswerer(doc);
  const plans = new Map<string, OperationPlan>(operationPlans(doc).map((plan) => [`${plan.method} ${plan.path}`, plan]));
  port.on('message', (ask: WorkerAsk) => {
    if (ask.type !== 'prism') return fail(ask.id, `a Prism worker got a ${ask.type} call`);
    const plan = plans.get(ask.operation);
    if (!plan) return fail(ask.id, `no operation ${ask.operation}`);
    const { request } = ask;
    const parsed = { ...request, request: { body: { length: request.bodyLength } } };
    answerWith(plan, parsed as unknown as Parameters<typeof answerWith>[1]).then(
      (answer: Answer) => reply({ id: ask.id, ok: true, value: answer }),
      (error: unknown) => fail(ask.id, error),
    );
  });
}

if (!isMainThread && (workerData as { role?: unknown } | undefined)?.role !== undefined) {
  void serve(workerData as WorkerSetup).then(
    () => parentPort!.postMessage({ ready: true }),
    (error: unknown) => {
      // Without its description or Prism the worker is of no use: say why, and stop.
      parentPort!.postMessage({ failed: error instanceof Error ? error.message : String(error) });
      process.exit(1);
    },
  );
}
