/**
 * The contract mock: a node:http server on 127.0.0.1 that reads each request and lets the engine
 * (engine.ts) answer it. This file only deals with HTTP: the body and its size limit, the memo,
 * writing the answer, and never letting one request take the server down.
 */
import { createServer, STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { OpenAPIObject } from 'openapi3-ts/oas31';
import { AnswerCache, cachingIsSafe, requestKey, type MemoKey } from './answer-cache.js';
import { text, type Answer } from './answer.js';
import { loadDocument } from './document.js';
import { MockEngine, type EngineOptions } from './engine.js';
import { Offload, type DocumentSource } from './offload.js';
import type { MockServer, MockServerOptions } from './public.js';
import { WebhookDispatcher, WebhookTargetError, type DeliveryEntry, type WebhookTarget } from './webhooks.js';

export { WebhookTargetError, type DeliveryEntry, type WebhookTarget };

// The public types live in public.ts, whose declarations never lead to Prism's (see entry.ts).
export type { MockDocument, MockServer, MockServerOptions } from './public.js';

// Fails to compile when the engine gains an option that the public options (public.ts) do not pass on.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const engineOptionsArePublic: Same<Required<Pick<MockServerOptions, keyof EngineOptions>>, Required<EngineOptions>> = true;
void engineOptionsArePublic;

/** Bodies above this are refused with 413 rather than buffered. */
export const BODY_LIMIT = 10 * 1024 * 1024;
/**
 * The memo holds at most this many bytes of keys and answers: room for a test suite's repeated
 * reads, small enough that replacing entries on distinct traffic costs the collector little.
 */
export const MEMO_BYTES = 4 * 1024 * 1024;
const API_PREFIX = '/~api';

export async function startMockServer(options: MockServerOptions = {}): Promise<MockServer> {
  // Where the worker threads read the description: its file, or text prepared now (serializing a
  // description takes tens of milliseconds, which the event loop must not pay once listening).
  // A release without a file of its own (any tag the catalogue knows) is built in memory.
  const { doc, path } = options.document ? { doc: options.document as OpenAPIObject, path: undefined } : await loadDocument(options.release);
  const source: DocumentSource = path ? { path } : { text: JSON.stringify(doc) };
  const engine = new MockEngine(doc, options);
  if (options.webhooks && !options.stateful) {
    throw new WebhookTargetError('web hooks: the mock delivers them after the writes of a stateful run; set `stateful` too');
  }
  const webhooks = options.webhooks ? new WebhookDispatcher(doc, options.webhooks, (r) => engine.handle(r)) : undefined;
  // A stateful mock's answers depend on what came before: nothing can be replayed.
  const memo = !options.stateful && cachingIsSafe(doc)
    ? new AnswerCache<Answer>(MEMO_BYTES, (a) => (a.body?.length ?? 0) * 2 + 200, { secondSight: true })
    : undefined;
  const server = httpServer(new Responder(engine, memo, webhooks, options), engine);
  await listen(server, options.port ?? 0, options.host ?? '127.0.0.1');
  // Validators are compiled ahead by a worker thread from now on, Prism loaded a moment later.
  const offload = new Offload(source);
  offload.start();
  engine.useWorkers(offload).catch(() => {
    // Validators the worker could not compile are compiled here when first needed.
  });
  return mockServerOf(server, engine, offload, webhooks);
}

/**
 * What answers the server's requests, made once per server: the request path calls its methods,
 * not closures made per request (under tsx each closure also gets its name set, which costs more
 * than the closure).
 */
class Responder {
  constructor(
    private readonly engine: MockEngine,
    private readonly memo: AnswerCache<Answer> | undefined,
    private readonly webhooks: WebhookDispatcher | undefined,
    private readonly options: MockServerOptions,
  ) {}

  /** Answers a request whose body is read (or refuses it: too large), then delivers the answer. */
  respond(request: IncomingMessage, response: ServerResponse, body: Buffer | 'too large'): void {
    let reply: Answer | Promise<Answer>;
    try {
      reply = body === 'too large' ? text(413, `The body is larger than ${BODY_LIMIT} bytes`) : this.answer(request, body);
    } catch (error) {
      reply = failed(error);
    }
    const read = body === 'too large' ? undefined : body;
    if (reply instanceof Promise) reply.catch(failed).then((r) => this.deliver(request, response, r, read));
    else this.deliver(request, response, reply, read);
  }

  deliver(request: IncomingMessage, response: ServerResponse, reply: Answer, body: Buffer | undefined): void {
    write(response, reply);
    this.options.onAnswer?.({ method: request.method ?? 'GET', path: request.url ?? '/', status: response.statusCode });
    // OneDev posts an event's web hooks once the write is done: after the answer.
    if (this.webhooks && body) this.webhooks.observe(request, body, reply);
  }

  /** The answer to a request whose body has been read: from the memo, or from the engine. */
  private answer(request: IncomingMessage, body: Buffer): Answer | Promise<Answer> {
    const memo = this.memo;
    const key = memo?.consult() ? requestKey(request, body) : undefined;
    if (key !== undefined) {
      const known = memo!.get(key);
      if (known) return known;
    }
    const reply = this.engine.handle({ method: request.method ?? 'GET', url: request.url ?? '/', headers: request.headers, body });
    if (key === undefined) return reply;
    return reply instanceof Promise ? reply.then((a) => this.remember(key, a)) : this.remember(key, reply);
  }

  private remember(key: MemoKey, reply: Answer): Answer {
    if (reply.status < 500 && !reply.dynamic) this.memo!.set(key, reply);
    return reply;
  }
}

function failed(error: unknown): Answer {
  return text(500, `The mock failed: ${error instanceof Error ? error.message : String(error)}`);
}

/**
 * The HTTP server. An HTTP/0.9 request line (`GET /path`, no version) leaves Node's parser waiting
 * for headers that never come: such a request head, like any that stops half way, is answered
 * (408) and the connection closed once it has taken HEAD_TIMEOUT_MS (Node's own default is a
 * minute). (A 0.9 line followed by a blank line is answered 400 below.) Looking at each
 * connection's first bytes instead would take the socket off Node's native parsing path, which
 * costs every request.
 */
function httpServer(responder: Responder, engine: MockEngine): Server {
  const server = createServer({ headersTimeout: HEAD_TIMEOUT_MS, connectionsCheckingInterval: HEAD_TIMEOUT_MS / 4 }, (request, response) => {
    if (request.httpVersionMajor === 0) {
      request.resume();
      response.shouldKeepAlive = false;
      responder.deliver(request, response, text(400, HTTP_09_REFUSAL), undefined);
      return;
    }
    // Most requests have no body: answer at once instead of waiting for the stream's end.
    if (request.headers['content-length'] === undefined && request.headers['transfer-encoding'] === undefined) {
      request.resume();
      responder.respond(request, response, EMPTY);
      return;
    }
    readBody(request, (body) => (body === undefined ? response.destroy() : responder.respond(request, response, body)));
  });
  server.on('clientError', refuseMalformed);
  server.on('connect', (request: IncomingMessage, socket: Socket) => answerConnect(engine, request, socket));
  return server;
}

/** A request Node's parser could not read, answered as Node itself would (with a reason). */
function refuseMalformed(error: NodeJS.ErrnoException, socket: Socket): void {
  const [status, reason] = CLIENT_ERRORS[error.code ?? ''] ?? [400, 'Malformed HTTP request'];
  if (socket.writable) socket.end(rawAnswer(text(status, reason)));
  else socket.destroy();
}

/**
 * CONNECT asks for a tunnel, which an API server never opens: it is answered like any other
 * method the path lacks (405 with Allow, or 404), and the connection closes, as it must after CONNECT.
 */
function answerConnect(engine: MockEngine, request: IncomingMessage, socket: Socket): void {
  socket.on('error', () => socket.destroy());
  const reply = (a: Answer): void => {
    if (socket.writable) socket.end(rawAnswer(a));
  };
  let answered: Answer | Promise<Answer>;
  try {
    answered = engine.handle({ method: 'CONNECT', url: request.url ?? '/', headers: request.headers, body: EMPTY });
  } catch (error) {
    answered = failed(error);
  }
  if (answered instanceof Promise) answered.catch(failed).then(reply);
  else reply(answered);
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

/** The running mock as its users see it: where it listens, its web hooks, and how to close it. */
function mockServerOf(server: Server, engine: MockEngine, offload: Offload, webhooks: WebhookDispatcher | undefined): MockServer {
  const { address, port } = server.address() as AddressInfo;
  const origin = `http://${address.includes(':') ? `[${address}]` : address}:${port}`;
  return {
    origin,
    baseUrl: `${origin}${API_PREFIX}`,
    port,
    ...(webhooks ? { webhooks: { deliver: (event, values) => webhooks.deliver(event, values), settled: () => webhooks.settled() } } : {}),
    close: () =>
      new Promise<void>((resolve, reject) => {
        engine.dropWorkers();
        const stopped = offload.close();
        server.close((error) => (error ? reject(error) : stopped.then(() => resolve(), reject)));
        server.closeAllConnections();
      }),
  };
}

const EMPTY = Buffer.alloc(0);

/** Writes an answer; a header Node refuses to write must not take the mock down. */
function write(response: ServerResponse, reply: Answer): void {
  try {
    // A known length spares chunked encoding; HEAD answers carry the GET body's length already, and
    // answers rendered ahead carry theirs (measuring a body joined from pieces would copy it).
    const { headers, body } = reply;
    if (body !== undefined && headers['content-length'] === undefined) headers['content-length'] = String(Buffer.byteLength(body));
    response.writeHead(reply.status, headers);
    // Node joins the head and a text body into one socket write.
    response.end(body, reply.ascii ? 'latin1' : 'utf8');
  } catch (error) {
    if (!response.headersSent) response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
    response.end(`The mock failed: ${(error as Error).message}`);
  }
}

/** How long a request head may take to arrive. */
const HEAD_TIMEOUT_MS = 2_000;

/** Node's parser failures by code, answered as Node itself would answer them (with a reason). */
const CLIENT_ERRORS: Record<string, [number, string]> = {
  HPE_HEADER_OVERFLOW: [431, 'The request line and headers are larger than the server reads (16 KiB)'],
  HPE_CHUNK_EXTENSIONS_OVERFLOW: [413, 'The chunk extensions are larger than the server reads'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, `The request head did not arrive within ${HEAD_TIMEOUT_MS / 1000} s (an HTTP/0.9 request line, without a version, never completes one)`],
};

const HTTP_09_REFUSAL = 'HTTP/0.9 requests are not supported: send HTTP/1.0 or HTTP/1.1';

/** An answer as raw HTTP/1.1 for a socket that is closed after it (no keep-alive). */
function rawAnswer(answer: Answer): string {
  const body = answer.body === undefined ? '' : answer.body.toString();
  const head = [`HTTP/1.1 ${answer.status} ${STATUS_CODES[answer.status] ?? ''}`];
  for (const [name, value] of Object.entries(answer.headers)) if (name !== 'content-length') head.push(`${name}: ${value}`);
  head.push(`content-length: ${Buffer.byteLength(body)}`, 'connection: close');
  return `${head.join('\r\n')}\r\n\r\n${body}`;
}

/**
 * Reads the body and hands it on: its bytes, 'too large' past BODY_LIMIT (the rest is read and
 * dropped, never kept), or undefined when the stream fails. Plain callbacks: a promise per request
 * would cost a turn of the microtask queue.
 */
function readBody(request: IncomingMessage, done: (body: Buffer | 'too large' | undefined) => void): void {
  const chunks: Buffer[] = [];
  let size = 0;
  let over = Number(request.headers['content-length']) > BODY_LIMIT;
  request.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (size > BODY_LIMIT) over = true;
    if (!over) chunks.push(chunk);
    else chunks.length = 0;
  });
  request.on('end', () => done(over ? 'too large' : chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size)));
  request.on('error', () => done(undefined));
}
