/** The errors the client throws. None of them carries request headers, so no credentials. */

export interface OneDevErrorDetails {
  /** HTTP status of OneDev's answer. */
  status: number;
  /** The server's plain-text message (trimmed; empty when the body was empty). */
  serverMessage: string;
  /** The operation that failed, e.g. `pullRequestMerge`. */
  operationId: string;
  method: string;
  /** The path template, e.g. `/pulls/{requestId}/merge` (ids are left out on purpose). */
  path: string;
  /** What went wrong, when it is not simply a failing status (e.g. a 200 whose body is not JSON). */
  summary?: string;
}

/** OneDev answered with a status outside 2xx (or a 2xx the client cannot read). */
export class OneDevError extends Error implements OneDevErrorDetails {
  readonly status: number;
  readonly serverMessage: string;
  readonly operationId: string;
  readonly method: string;
  readonly path: string;

  constructor(details: OneDevErrorDetails) {
    const said = details.serverMessage === '' ? '(empty body)' : details.serverMessage;
    const what = details.summary ?? `failed with ${details.status}`;
    super(`${details.operationId} (${details.method} ${details.path}) ${what}: ${said}`);
    this.name = 'OneDevError';
    this.status = details.status;
    this.serverMessage = details.serverMessage;
    this.operationId = details.operationId;
    this.method = details.method;
    this.path = details.path;
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
