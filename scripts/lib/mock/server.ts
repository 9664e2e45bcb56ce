/**
 * The contract mock: a node:http server on 127.0.0.1 that reads each request and lets the engine
 * (engine.ts) answer it. This file only deals with HTTP: the body and its size limit, the memo,
 * writing the answer, and never letting one request take the server down.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { OpenAPIObject } from 'openapi3-ts/oas31';
import { AnswerCache, cachingIsSafe, requestKey } from './answer-cache.js';
import { text, type Answer } from './answer.js';
import { documentPath, readDocument } from './document.js';
import { MockEngine, type EngineOptions } from './engine.js';

export interface MockServerOptions extends EngineOptions {
  /** Defaults to 127.0.0.1; the mock is for local testing. */
  host?: string;
  /** 0 picks a free port. */
  port?: number;
  /** The description to serve; defaults to generated/openapi.json (or the release's). */
  document?: OpenAPIObject;
  /** A release tag: serve generated/releases/<release>/openapi.json. Ignored with `document`. */
  release?: string;
  /** Called after each answer (for a request log). */
  onAnswer?: (entry: { method: string; path: string; status: number }) => void;
}

export interface MockServer {
  /** `http://127.0.0.1:<port>`: the OneDev "origin". */
  origin: string;
  /** `<origin>/~api`, where the operations live, as on a real server. */
  baseUrl: string;
  port: number;
  close(): Promise<void>;
}

/** Bodies above this are refused with 413 rather than buffered. */
export const BODY_LIMIT = 10 * 1024 * 1024;
/**
 * The memo holds at most this many bytes of keys and answers: room for a test suite's repeated
 * reads, small enough that replacing entries on distinct traffic costs the collector little.
 */
export const MEMO_BYTES = 4 * 1024 * 1024;
const API_PREFIX = '/~api';

export async function startMockServer(options: MockServerOptions = {}): Promise<MockServer> {
  const doc = options.document ?? (await readDocument(documentPath(options.release)));
  const engine = new MockEngine(doc, options);
  // A stateful mock's answers depend on what came before: nothing can be replayed.
  const memo = !options.stateful && cachingIsSafe(doc)
    ? new AnswerCache<Answer>(MEMO_BYTES, (a) => (typeof a.body === 'string' ? a.body.length * 2 : (a.body?.length ?? 0)) + 200, { secondSight: true })
    : undefined;

  function answer(request: IncomingMessage, body: Buffer): Answer | Promise<Answer> {
    const key = memo ? requestKey(request, body) : undefined;
    const known = key === undefined ? undefined : memo!.get(key);
    if (known) return known;
    const reply = engine.handle({ method: request.method ?? 'GET', url: request.url ?? '/', headers: request.headers, body });
    const keep = (a: Answer): Answer => {
      if (key !== undefined && a.status < 500 && !a.dynamic) memo!.set(key, a);
      return a;
    };
    return reply instanceof Promise ? reply.then(keep) : keep(reply);
  }

  function failed(error: unknown): Answer {
    return text(500, `The mock failed: ${error instanceof Error ? error.message : String(error)}`);
  }

  const server = createServer((request, response) => {
    const send = (reply: Answer): void => {
      try {
        // A known length spares chunked encoding; HEAD answers carry the GET body's length already.
        const headers = reply.body === undefined || reply.headers['content-length'] !== undefined
          ? reply.headers
          : { ...reply.headers, 'content-length': String(typeof reply.body === 'string' ? Buffer.byteLength(reply.body) : reply.body.length) };
        // Node writes the head on its own before a Buffer body; corked, the two go out in one write.
        const socket = response.socket;
        socket?.cork();
        response.writeHead(reply.status, headers);
        response.end(reply.body);
        socket?.uncork();
      } catch (error) {
        // A header Node refuses to write must not take the mock down.
        if (!response.headersSent) response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
        response.end(`The mock failed: ${(error as Error).message}`);
      }
      options.onAnswer?.({ method: request.method ?? 'GET', path: request.url ?? '/', status: response.statusCode });
    };
    const respond = (body: Buffer | 'too large'): void => {
      let reply: Answer | Promise<Answer>;
      try {
        reply = body === 'too large' ? text(413, `The body is larger than ${BODY_LIMIT} bytes`) : answer(request, body);
      } catch (error) {
        reply = failed(error);
      }
      if (reply instanceof Promise) reply.catch(failed).then(send);
      else send(reply);
    };
    // Most requests have no body: answer at once instead of waiting for the stream's end.
    if (request.headers['content-length'] === undefined && request.headers['transfer-encoding'] === undefined) {
      request.resume();
      respond(EMPTY);
      return;
    }
    readBody(request).then(respond, () => response.destroy());
  });
  server.on('clientError', (_error, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\ncontent-type: text/plain\r\nconnection: close\r\n\r\nMalformed HTTP request');
    else socket.destroy();
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { address, port } = server.address() as AddressInfo;
  const origin = `http://${address.includes(':') ? `[${address}]` : address}:${port}`;
  return {
    origin,
    baseUrl: `${origin}${API_PREFIX}`,
    port,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

const EMPTY = Buffer.alloc(0);

/** The body, or 'too large' past BODY_LIMIT (the rest is read and dropped, never kept). */
function readBody(request: IncomingMessage): Promise<Buffer | 'too large'> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let over = Number(request.headers['content-length']) > BODY_LIMIT;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > BODY_LIMIT) over = true;
      if (!over) chunks.push(chunk);
      else chunks.length = 0;
    });
    request.on('end', () => resolve(over ? 'too large' : Buffer.concat(chunks, size)));
    request.on('error', reject);
  });
}
