/// <reference types="node" />
/**
 * A request handler for node:http and Express-style servers: `createServer(webhookHandler(...))` or
 * `app.post('/onedev', webhookHandler(...))`. It reads the body (or takes what a body parser left
 * in `req.body`), runs receiveWebhook, and answers OneDev: 200 once `onEvent` is done, 401 or 400
 * with the reason for a refused delivery, 500 when `onEvent` fails. OneDev only logs what is not 200.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { receiveWebhook, WebhookError } from './receive.js';
import type { DefaultWebhookRelease, WebhookEvent, WebhookRelease } from './types.js';

/** Bodies larger than this are refused (413): OneDev's payloads are a few hundred bytes. */
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

export interface WebhookHandlerOptions<R extends WebhookRelease> {
  /** The hook's secret, as set on the hook in OneDev. */
  secret: string;
  /** The OneDev release sending (default: the newest the package describes). */
  release?: R;
  /** Called with each accepted event; the answer waits for it. */
  onEvent(event: WebhookEvent<R>, request: IncomingMessage): void | Promise<void>;
  /** Called with each refused delivery, before the answer. */
  onRefused?(error: WebhookError, request: IncomingMessage): void;
  maxBodyBytes?: number;
}

type Request = IncomingMessage & { body?: unknown };

function readBody(request: Request, limit: number): Promise<Buffer | 'too large'> {
  // A body parser (express.raw, express.text, express.json) may have read it already.
  const parsed = request.body;
  if (Buffer.isBuffer(parsed)) return Promise.resolve(parsed.length > limit ? 'too large' : parsed);
  if (typeof parsed === 'string') return Promise.resolve(Buffer.byteLength(parsed) > limit ? 'too large' : Buffer.from(parsed));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
    });
    request.on('end', () => resolve(size > limit ? 'too large' : Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

function answer(response: ServerResponse, status: number, text: string): void {
  if (response.headersSent) return;
  response.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' });
  response.end(text);
}

/** The handler; `next`, when a framework passes it, is never called: every request is answered here. */
export function webhookHandler<R extends WebhookRelease = DefaultWebhookRelease>(
  options: WebhookHandlerOptions<R>,
): (request: IncomingMessage, response: ServerResponse) => void {
  if (typeof options.secret !== 'string' || options.secret.length === 0) {
    throw new TypeError('webhookHandler needs the hook\'s secret (a non-empty string) to check deliveries against');
  }
  if (typeof options.onEvent !== 'function') throw new TypeError('webhookHandler needs an onEvent function');
  const limit = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  return (request: Request, response: ServerResponse): void => {
    if (request.method !== 'POST') {
      response.setHeader('allow', 'POST');
      answer(response, 405, 'OneDev delivers web hooks with POST');
      return;
    }
    const parsed = request.body;
    const body: Promise<Buffer | 'too large' | Record<string, unknown>> =
      parsed !== null && typeof parsed === 'object' && !Buffer.isBuffer(parsed) ? Promise.resolve(parsed as Record<string, unknown>) : readBody(request, limit);
    body
      .then(async (received) => {
        if (received === 'too large') {
          answer(response, 413, `The body is larger than ${limit} bytes`);
          return;
        }
        const result = receiveWebhook<R>({ headers: request.headers, body: received }, { secret: options.secret, ...(options.release ? { release: options.release } : {}) });
        if (!result.ok) {
          options.onRefused?.(result.error, request);
          answer(response, result.error.status, result.error.message);
          return;
        }
        await options.onEvent(result.event, request);
        answer(response, 200, 'ok');
      })
      .catch((error: unknown) => answer(response, 500, `The receiver failed: ${error instanceof Error ? error.message : String(error)}`));
  };
}

export { WebhookError };
