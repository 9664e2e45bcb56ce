/**
 * The worker threads a mock server hands its heavy work to (offload-worker.ts), so that no request
 * waits on another's: compiling validators and generating query parsers (all of them, ahead, right
 * after listening), reading
 * very large bodies, and Prism's generated answers (Prism loaded ahead, shortly after listening).
 * A worker that fails or stops is started again on the next call; the caller falls back to doing
 * the work itself when a call fails. The body reader stops when idle, which gives its memory back.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Answer } from './answer.js';
import type { DocumentSource, LargeBodyRead, PrismRequest, WorkerAsk, WorkerCall, WorkerReply, WorkerRole, WorkerSetup } from './offload-worker.js';
import type { ParserCode } from './query/grammar.js';
import type { CompileJob, RemoteCompiler } from './schemas.js';

export type { DocumentSource, LargeBodyRead, PrismRequest };

/** What the engine hands to workers (see MockEngine.useWorkers). */
export interface EngineOffload {
  compiler: RemoteCompiler;
  /** A query language's parser, generated and compiled by the compile worker (grammar.ts parserCode). */
  parsers: { code(grammar: string, urgent: boolean): Promise<ParserCode> };
  bodies: { read(body: Buffer, schema: unknown, keep: boolean): Promise<LargeBodyRead> };
  prism: { answer(operation: string, request: PrismRequest): Promise<Answer> };
}

// The sources run under tsx (a .ts module); the package runs compiled JavaScript.
const SELF = import.meta.url;
const WORKER_MODULE = new URL(`./offload-worker${SELF.endsWith('.ts') ? '.ts' : '.js'}`, SELF);

/**
 * A worker thread running offload-worker.ts in `role`. Under tsx the module is TypeScript, which a
 * worker cannot load by itself: a two-line bootstrap registers tsx's loader in the worker first.
 */
function startWorker(setup: WorkerSetup): Worker {
  if (!WORKER_MODULE.pathname.endsWith('.ts')) return new Worker(WORKER_MODULE, { workerData: setup });
  const api = createRequire(SELF).resolve('tsx/esm/api');
  const esmApi = pathToFileURL(join(dirname(api), 'index.mjs')).href;
  const bootstrap =
    `import(${JSON.stringify(esmApi)}).then((tsx) => tsx.register())` +
    `.then(() => import(${JSON.stringify(WORKER_MODULE.href)}))` +
    `.catch((error) => { require('node:worker_threads').parentPort.postMessage({ failed: String(error) }); process.exit(1); });`;
  return new Worker(bootstrap, { eval: true, workerData: setup });
}

/** One worker in one role: calls with ids, answers matched to them. */
class Channel {
  private worker?: Worker;
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  private idleTimer?: NodeJS.Timeout;
  private closed = false;

  constructor(
    private readonly setup: WorkerSetup,
    /** Stop the worker once it has had nothing to do this long (undefined: keep it). */
    private readonly idleMs?: number,
  ) {}

  /** Starts the worker ahead of its first call (Prism takes a while to load). */
  warm(): void {
    if (!this.closed) this.ensure();
  }

  call<T>(call: WorkerCall, transfer: ArrayBuffer[] = []): Promise<T> {
    if (this.closed) return Promise.reject(new Error('the mock is closing'));
    const worker = this.ensure();
    clearTimeout(this.idleTimer);
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.postMessage({ ...call, id } satisfies WorkerAsk, transfer);
    });
  }

  private ensure(): Worker {
    if (this.worker) return this.worker;
    const worker = startWorker(this.setup);
    // The server keeps the process alive, never a worker.
    worker.unref();
    worker.on('message', (message: WorkerReply | { ready: true } | { failed: string }) => {
      if ('failed' in message) return this.lost(worker, new Error(`the ${this.setup.role} worker failed: ${message.failed}`));
      if (!('id' in message)) return;
      const waiting = this.pending.get(message.id);
      if (!waiting) return;
      this.pending.delete(message.id);
      if (message.ok) waiting.resolve(message.value);
      else waiting.reject(new Error(message.error));
      this.idle();
    });
    worker.on('error', (error) => this.lost(worker, error));
    worker.on('exit', () => this.lost(worker, new Error(`the ${this.setup.role} worker stopped`)));
    this.worker = worker;
    return worker;
  }

  private idle(): void {
    if (this.idleMs === undefined || this.pending.size > 0) return;
    clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => {
      const worker = this.worker;
      if (worker && this.pending.size === 0) {
        this.worker = undefined;
        void worker.terminate();
      }
    }, this.idleMs);
    this.idleTimer.unref();
  }

  private lost(worker: Worker, error: Error): void {
    if (this.worker === worker) this.worker = undefined;
    for (const { reject } of this.pending.values()) reject(error);
    this.pending.clear();
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.idleTimer);
    const worker = this.worker;
    this.worker = undefined;
    for (const { reject } of this.pending.values()) reject(new Error('the mock is closing'));
    this.pending.clear();
    if (worker) await worker.terminate();
  }
}

export interface OffloadOptions {
  /** Start loading Prism this long after `start` (ms). */
  prismAfterMs?: number;
  /** Stop the compile worker after it has had nothing to do this long (its memory goes back). */
  compileIdleMs?: number;
  /** Stop the body reader after it has had nothing to do this long. */
  bodiesIdleMs?: number;
}

export class Offload implements EngineOffload {
  private readonly compile: Channel;
  private readonly reader: Channel;
  private readonly generator: Channel;
  private prismTimer?: NodeJS.Timeout;

  constructor(
    source: DocumentSource,
    private readonly options: OffloadOptions = {},
  ) {
    const channel = (role: WorkerRole, idleMs?: number): Channel => new Channel({ role, source }, idleMs);
    this.compile = channel('compile', options.compileIdleMs ?? 1_000);
    this.reader = channel('bodies', options.bodiesIdleMs ?? 1_000);
    this.generator = channel('prism');
  }

  /** Starts the workers that work ahead: the compiler now, Prism a moment later. */
  start(): void {
    this.compile.warm();
    this.prismTimer = setTimeout(() => this.generator.warm(), this.options.prismAfterMs ?? 1_000);
    this.prismTimer.unref();
  }

  readonly compiler: RemoteCompiler = {
    compile: (job: CompileJob, urgent: boolean) => this.compile.call<string>({ type: 'compile', job, urgent }),
  };

  readonly parsers = {
    code: (grammar: string, urgent: boolean) => this.compile.call<ParserCode>({ type: 'parser', grammar, urgent }),
  };

  readonly bodies = {
    read: (body: Buffer, schema: unknown, keep: boolean): Promise<LargeBodyRead> => {
      // A copy the worker owns: the request keeps its own bytes (a web-hook observer reads them later).
      const bytes = body.buffer.slice(body.byteOffset, body.byteOffset + body.length) as ArrayBuffer;
      return this.reader.call<LargeBodyRead>({ type: 'body', bytes, schema, keep }, [bytes]);
    },
  };

  readonly prism = {
    answer: (operation: string, request: PrismRequest): Promise<Answer> => this.generator.call<Answer>({ type: 'prism', operation, request }),
  };

  async close(): Promise<void> {
    clearTimeout(this.prismTimer);
    await Promise.all([this.compile.close(), this.reader.close(), this.generator.close()]);
  }
}
