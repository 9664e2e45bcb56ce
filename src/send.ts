/**
 * One request and its answer, under the call's deadline: the timeout covers the status line and
 * the whole body, and is enforced even when a custom fetch ignores the abort signal. The deadline
 * is an abort signal because only aborting frees the connection: a call that merely stopped
 * waiting would leave the socket (and the process) busy until the server answered. Network
 * failures, failing statuses and unfollowed redirects come out as the client's errors, with
 * credentials removed and error bodies read only as far as a message needs.
 */
import { redact } from './auth.js';
import { MAX_MESSAGE_LENGTH, OneDevError, OneDevNetworkError, OneDevTimeoutError, type OperationRef } from './errors.js';
import { retryAfterMs } from './retry.js';

/** The fetch the client calls; any standard `fetch` (global, undici's, a test double) fits. */
export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

export interface Exchange {
  url: string;
  /** Everything but the signal, which is the exchange's own. */
  init: RequestInit;
  /** The caller's signal; aborting it rejects with its reason, as fetch does. */
  signal: AbortSignal | null | undefined;
  /** 0: no deadline. */
  timeoutMs: number;
  fetch: FetchLike;
  /**
   * Whether `fetch` may ignore its abort signal (a custom one): then the deadline also races the
   * answer. The global fetch honours the signal, for the body too, and the race would cost time.
   */
  mayIgnoreSignal: boolean;
  /** Read a successful answer as bytes (a download) instead of text. */
  binary?: boolean;
}

export interface Answer {
  response: Response;
  /** The body as text; empty when it was read as bytes. */
  text: string;
  /** The body's bytes, for an exchange that asked for them. */
  bytes?: Uint8Array;
}

/** Error bodies are read up to this many bytes, far more than the message keeps, then dropped. */
const ERROR_BODY_BYTES = 64 * 1024;
const MAX_DETAIL = 500;

/** The Retry-After of a failed answer, for the retry loop (not part of the error's public shape). */
export const retryAfterOf = new WeakMap<object, number>();

const ignore = () => {};

export async function exchange(operation: OperationRef, request: Exchange, secrets: readonly string[]): Promise<Answer> {
  const { signal: callerSignal, timeoutMs } = request;
  if (callerSignal?.aborted) throw callerSignal.reason;

  // Without a deadline or a signal, nothing is set up: the common case stays as cheap as bare fetch.
  let controller: AbortController | undefined;
  let expired: Promise<never> | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let timedOut = false;
  const onCallerAbort = () => controller!.abort(callerSignal!.reason);
  if (timeoutMs > 0 || callerSignal) {
    const own = new AbortController();
    controller = own;
    if (request.mayIgnoreSignal) {
      expired = new Promise<never>((_, reject) => own.signal.addEventListener('abort', () => reject(own.signal.reason), { once: true }));
      expired.catch(ignore);
    }
    if (timeoutMs > 0) {
      timer = setTimeout(() => {
        timedOut = true;
        own.abort(new DOMException(`no answer within ${timeoutMs} ms`, 'TimeoutError'));
      }, timeoutMs);
    }
    callerSignal?.addEventListener('abort', onCallerAbort, { once: true });
  }
  const guarded = <T>(work: Promise<T>): Promise<T> => (expired ? Promise.race([work, expired]) : work);
  const failure = (error: unknown): unknown => {
    if (timedOut) return new OneDevTimeoutError(operation, timeoutMs);
    if (callerSignal?.aborted) return callerSignal.reason;
    return networkError(operation, error, secrets);
  };

  try {
    let response: Response;
    try {
      response = await guarded(request.fetch(request.url, controller ? { ...request.init, signal: controller.signal } : request.init));
    } catch (error) {
      throw failure(error);
    }
    if (isRedirect(response)) {
      void response.body?.cancel().catch(ignore);
      throw redirectError(operation, response, secrets);
    }
    let text = '';
    let bytes: Uint8Array | undefined;
    try {
      if (response.ok && request.binary) bytes = new Uint8Array(await guarded(response.arrayBuffer()));
      else text = await guarded(response.ok ? response.text() : readStart(response));
    } catch (error) {
      throw failure(error);
    }
    if (!response.ok) {
      const error = new OneDevError({ ...operation, status: response.status, serverMessage: capMessage(redact(text, secrets).trim()) });
      const after = retryAfterMs(response.headers.get('retry-after'));
      if (after !== undefined) retryAfterOf.set(error, after);
      throw error;
    }
    return bytes ? { response, text, bytes } : { response, text };
  } finally {
    clearTimeout(timer);
    callerSignal?.removeEventListener('abort', onCallerAbort);
  }
}

/** Cuts a message at MAX_MESSAGE_LENGTH characters and says so. */
export function capMessage(text: string): string {
  if (text.length <= MAX_MESSAGE_LENGTH) return text;
  return `${text.slice(0, MAX_MESSAGE_LENGTH)}… [truncated: the answer is longer than ${MAX_MESSAGE_LENGTH.toLocaleString('en-US')} characters]`;
}

/** The first ERROR_BODY_BYTES of a body (more than any message keeps); the rest is not downloaded. */
async function readStart(response: Response): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.byteLength;
    if (size > ERROR_BODY_BYTES) {
      void reader.cancel().catch(ignore);
      break;
    }
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return new TextDecoder().decode(bytes);
}

function isRedirect(response: Response): boolean {
  // Browsers hide a manual redirect behind an opaque response with status 0.
  return response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400);
}

function redirectError(operation: OperationRef, response: Response, secrets: readonly string[]): OneDevError {
  const raw = response.headers.get('location');
  const location = raw === null ? undefined : redact(raw, secrets).slice(0, MAX_DETAIL);
  const only = operation.method === 'GET' ? 'this call asked not to follow redirects' : `redirects are followed for GET only, so this ${operation.method} was not sent on`;
  return new OneDevError({
    ...operation,
    status: response.status,
    serverMessage: '',
    ...(location === undefined ? {} : { location }),
    summary:
      `answered ${response.status || 'a redirect'}${location === undefined ? ' without a Location' : ` with a redirect to ${location}`}; ` +
      `${only} (check baseUrl: http or https, host, sub-path)`,
  });
}

/** fetch's `TypeError: fetch failed`, reduced to what happened (from its cause) and where. */
function networkError(operation: OperationRef, error: unknown, secrets: readonly string[]): OneDevNetworkError {
  const outer = error as { message?: unknown; code?: unknown; cause?: unknown; name?: unknown } | undefined;
  const inner = (outer?.cause && typeof outer.cause === 'object' ? outer.cause : outer) as { message?: unknown; code?: unknown; name?: unknown; errors?: unknown[] } | undefined;
  const code = [inner?.code, outer?.code].find((c): c is string => typeof c === 'string');
  // Connecting to a name with several addresses fails with an AggregateError whose message is empty.
  const message = [inner?.message, (inner?.errors?.[0] as { message?: unknown } | undefined)?.message, outer?.message, code]
    .find((m): m is string => typeof m === 'string' && m !== '') ?? String(error);
  const detail = redact(message, secrets).slice(0, MAX_DETAIL);
  // The cause is a fresh error with the cleaned text: the original may quote the request.
  const cause = Object.assign(new Error(detail), { name: typeof inner?.name === 'string' ? inner.name : 'Error', ...(code ? { code } : {}) });
  return new OneDevNetworkError(operation, code && !detail.includes(code) ? `${detail} (${code})` : detail, code, { cause });
}
