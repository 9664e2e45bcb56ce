/** The errors the client throws. None of them carries request headers, so no credentials. */

/** Longest `serverMessage` kept; an HTML error page of megabytes would otherwise become the message. */
export const MAX_MESSAGE_LENGTH = 2_000;

export interface OneDevErrorDetails {
  /** HTTP status of OneDev's answer. */
  status: number;
  /**
   * The server's plain-text message (trimmed; empty when the body was empty), cut at
   * MAX_MESSAGE_LENGTH characters with a note saying so.
   */
  serverMessage: string;
  /** The operation that failed, e.g. `pullRequestMerge`. */
  operationId: string;
  method: string;
  /** The path template, e.g. `/pulls/{requestId}/merge` (ids are left out on purpose). */
  path: string;
  /** What went wrong, when it is not simply a failing status (e.g. a 200 whose body is not JSON). */
  summary?: string;
  /** The Location of a redirect the client did not follow. */
  location?: string;
}

/** Where a failure happened: the operation, its method and its path template. */
export interface OperationRef {
  operationId: string;
  method: string;
  path: string;
}

const at = (op: OperationRef) => `${op.operationId} (${op.method} ${op.path})`;

/** OneDev answered with a status outside 2xx (or a 2xx the client cannot read, or a redirect it did not follow). */
export class OneDevError extends Error implements OneDevErrorDetails {
  readonly status: number;
  readonly serverMessage: string;
  readonly operationId: string;
  readonly method: string;
  readonly path: string;
  readonly location?: string;

  constructor(details: OneDevErrorDetails) {
    const said = details.serverMessage === '' ? '(empty body)' : details.serverMessage;
    const what = details.summary ?? `failed with ${details.status}`;
    // A summary says it all when there is no text to add (a redirect has no useful body).
    super(details.summary !== undefined && details.serverMessage === '' ? `${at(details)} ${what}` : `${at(details)} ${what}: ${said}`);
    this.name = 'OneDevError';
    this.status = details.status;
    this.serverMessage = details.serverMessage;
    this.operationId = details.operationId;
    this.method = details.method;
    this.path = details.path;
    if (details.location !== undefined) this.location = details.location;
  }
}

/**
 * The request got no answer: the connection was refused or reset, the name did not resolve, the
 * TLS handshake failed, or the answer broke off. `code` is the system's or undici's code
 * (`ECONNREFUSED`, `UND_ERR_SOCKET`, ...) when there is one. `cause` repeats the underlying
 * error's message and code only, with credentials removed.
 */
export class OneDevNetworkError extends Error implements OperationRef {
  readonly operationId: string;
  readonly method: string;
  readonly path: string;
  readonly code: string | undefined;

  constructor(operation: OperationRef, detail: string, code: string | undefined, options?: { cause?: unknown }) {
    super(`${at(operation)} got no answer: ${detail}`, options);
    this.name = 'OneDevNetworkError';
    this.operationId = operation.operationId;
    this.method = operation.method;
    this.path = operation.path;
    this.code = code;
  }
}

/** No complete answer (status and body) within the call's `timeoutMs`; the request was aborted. */
export class OneDevTimeoutError extends OneDevNetworkError {
  readonly timeoutMs: number;

  constructor(operation: OperationRef, timeoutMs: number) {
    super(operation, `no complete answer within ${timeoutMs} ms (timeoutMs), so the request was aborted`, 'ETIMEDOUT');
    this.name = 'OneDevTimeoutError';
    this.timeoutMs = timeoutMs;
  }
}

/**
 * A collection read answered more records than `count` asked for. Such a server ignores paging,
 * so walking on would never end; `paginate` stops with this error instead.
 */
export class OneDevPagingError extends Error implements OperationRef {
  readonly operationId: string;
  readonly method: string;
  readonly path: string;

  constructor(
    operation: OperationRef,
    readonly offset: number,
    readonly count: number,
    readonly received: number,
  ) {
    super(
      `${at(operation)} answered ${received} records when asked for at most ${count} (offset ${offset}); ` +
        'the server does not honour count, so paging stopped',
    );
    this.name = 'OneDevPagingError';
    this.operationId = operation.operationId;
    this.method = operation.method;
    this.path = operation.path;
  }
}

export type ReferenceProblem = 'malformed' | 'not-found' | 'ambiguous';

/** A pull request or build reference could not be turned into exactly one id. */
export class OneDevReferenceError extends Error {
  constructor(
    readonly reference: string,
    readonly problem: ReferenceProblem,
    message: string,
  ) {
    super(message);
    this.name = 'OneDevReferenceError';
  }
}
