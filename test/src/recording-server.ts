/**
 * A loopback HTTP server for wire tests: binds 127.0.0.1 on a free port, records every request
 * and answers with whatever the test's handler says. It refuses requests past `maxRequests`
 * and closes itself after `lifetimeMs`, so a test that forgets it cannot leave it running.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  /** Path and query as sent (still percent-encoded). */
  rawUrl: string;
  url: URL;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface Reply {
  status?: number;
  headers?: Record<string, string>;
  /** A string body, bytes (a Buffer, sent as they are), or a value to send as JSON. */
  body?: unknown;
  /** Send without Content-Length (Transfer-Encoding: chunked). */
  chunked?: boolean;
  /** Wait this long before answering (for cancellation and timeout tests). */
  delayMs?: number;
  /** Send the status line, headers and half the body, then wait this long before the rest (a stalled body). */
  stallBodyMs?: number;
  /** Close the connection without answering (a reset: fetch's "fetch failed" / "other side closed"). */
  destroy?: boolean;
  /** Send the headers and half the body, then close the connection (an answer that breaks off). */
  breakBody?: boolean;
}

export type Handler = (request: RecordedRequest) => Reply | Promise<Reply>;

export interface RecordingServer {
  origin: string;
  requests: RecordedRequest[];
  /** Replaces the handler for the next requests. */
  handle(handler: Handler): void;
  close(): Promise<void>;
}

export async function startRecordingServer(
  options: { maxRequests?: number; lifetimeMs?: number; handler?: Handler } = {},
): Promise<RecordingServer> {
  const maxRequests = options.maxRequests ?? 200;
  const requests: RecordedRequest[] = [];
  let handler: Handler = options.handler ?? (() => ({ status: 200 }));
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      void (async () => {
        if (requests.length >= maxRequests) {
          res.writeHead(503, { 'Content-Type': 'text/plain' }).end('test server: request limit reached');
          return;
        }
        const recorded: RecordedRequest = {
          method: req.method ?? '',
          rawUrl: req.url ?? '',
          url: new URL(req.url ?? '/', 'http://127.0.0.1'),
          headers: req.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        };
        requests.push(recorded);
        const reply = await handler(recorded);
        if (reply.delayMs) await new Promise((resolve) => setTimeout(resolve, reply.delayMs));
        if (res.destroyed) return;
        if (reply.destroy) {
          req.socket.destroy();
          return;
        }
        const status = reply.status ?? 200;
        const headers: Record<string, string> = { ...reply.headers };
        let payload: string | undefined;
        if (Buffer.isBuffer(reply.body)) {
          res.writeHead(status, { ...headers, 'Content-Length': String(reply.body.length) }).end(reply.body);
          return;
        }
        if (typeof reply.body === 'string') payload = reply.body;
        else if (reply.body !== undefined) {
          payload = JSON.stringify(reply.body, null, 2);
          headers['Content-Type'] ??= 'application/json';
        }
        if (reply.stallBodyMs !== undefined || reply.breakBody) {
          const text = payload ?? '';
          headers['Content-Length'] = String(Buffer.byteLength(text));
          res.writeHead(status, headers);
          res.write(text.slice(0, text.length >> 1));
          if (reply.breakBody) {
            setTimeout(() => req.socket.destroy(), 20);
            return;
          }
          await new Promise((resolve) => setTimeout(resolve, reply.stallBodyMs));
          if (!res.destroyed) res.end(text.slice(text.length >> 1));
        } else if (reply.chunked) {
          res.writeHead(status, headers);
          if (payload) res.write(payload);
          res.end();
        } else {
          headers['Content-Length'] = String(Buffer.byteLength(payload ?? ''));
          res.writeHead(status, headers).end(payload);
        }
      })().catch((error: unknown) => {
        res.writeHead(500, { 'Content-Type': 'text/plain' }).end(`test server: ${String(error)}`);
      });
    });
  });
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  const lifetime = setTimeout(() => void close(), options.lifetimeMs ?? 60_000);
  lifetime.unref();
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    handle(next) {
      handler = next;
    },
    async close() {
      clearTimeout(lifetime);
      if (server.listening) await close();
    },
  };
}
