import type { ErrorStatus, ErrorUse, Versioned } from './model.js';
import type { Lifespan } from './releases.js';

export interface ErrorResponseSpec extends Lifespan {
  /** Component name under #/components/responses. */
  name: string;
  description: string;
  example: string;
}

/**
 * The shared text/plain error responses, by status. OneDev never wraps errors in JSON.
 * From v12.0.9 the server refuses bad query parameters (unknown or missing ones, a `count` over
 * the limit, a query that does not parse) with 406 instead of 400.
 */
export const errorResponses: Record<ErrorStatus, Versioned<ErrorResponseSpec>> = {
  400: [
    {
      until: 'v12.0.9',
      name: 'BadRequest',
      description:
        'The request is malformed: a missing or unknown query parameter, a `count` over the limit, a query that does not parse, malformed JSON, an unknown JSON property or `@type`, or a value the server refuses.',
      example: 'Count should not be greater than 100',
    },
    {
      since: 'v12.0.9',
      until: 'v15.1.0',
      name: 'BadRequest',
      description:
        'The body cannot be read: malformed JSON, an unknown JSON property or `@type`, or a value of the wrong type.',
      example: 'Unrecognized field "titel"',
    },
    {
      since: 'v15.1.0',
      name: 'BadRequest',
      description:
        'The body cannot be read (malformed JSON, an unknown JSON property or `@type`, a value of the wrong type), or it breaks a validation rule of the record (a required value missing, a value out of range); the body says which.',
      example: 'Unrecognized field "titel"',
    },
  ],
  401: {
    name: 'Unauthorized',
    description:
      'No credentials, wrong credentials, or an anonymous caller that lacks the permission.',
    example: 'Unauthorized access',
  },
  403: {
    name: 'Forbidden',
    description: 'The signed-in caller lacks the permission this operation needs.',
    example: 'Permission denied',
  },
  404: {
    name: 'NotFound',
    description:
      'No record has the id in the path (a non-numeric id is answered the same way).',
    example: 'No row with the given identifier exists: [io.onedev.server.model.PullRequest#42]',
  },
  406: [
    {
      until: 'v12.0.9',
      name: 'NotAcceptable',
      description: 'The pull request is not in a state that allows this operation; the body says why.',
      example: 'Pull request is closed',
    },
    {
      since: 'v12.0.9',
      until: 'v13.0.7',
      name: 'NotAcceptable',
      description:
        'The server refuses the request as asked: an unknown or missing query parameter, a `count` over the limit, a query that does not parse, or (pull requests) a state that does not allow the operation. The body says why.',
      example: 'Count should not be greater than 100',
    },
    {
      since: 'v13.0.7',
      until: 'v15.1.0',
      name: 'NotAcceptable',
      description:
        'The server refuses the request as asked: an unknown or missing query parameter, a `count` over the limit, a query that does not parse, a body that breaks a validation rule of the record, or (pull requests) a state that does not allow the operation. The body says why.',
      example: 'Count should not be greater than 100',
    },
    {
      since: 'v15.1.0',
      name: 'NotAcceptable',
      description:
        'The server refuses the request as asked: an unknown or missing query parameter, a `count` over the limit, a query that does not parse, or (pull requests) a state that does not allow the operation. The body says why.',
      example: 'Count should not be greater than 100',
    },
  ],
  413: {
    name: 'PayloadTooLarge',
    description: 'The request body is larger than the server accepts.',
    example: 'Data too large',
  },
  500: {
    name: 'InternalServerError',
    description:
      'The change breaks a business rule or a database constraint (for example a duplicate name), or the server failed.',
    example: 'Internal server error',
  },
  503: {
    name: 'ServiceUnavailable',
    description: 'The server is starting up or shutting down.',
    example: 'Server is not ready',
  },
};

/**
 * Statuses every operation can answer, whatever it does: OneDev refuses unknown query parameters
 * (and malformed ones) with 400, from v12.0.9 with 406; unauthenticated callers with 401; and maps
 * unexpected failures (database errors, broken invariants) to 500. The builder adds them to every operation.
 */
export const ALWAYS_POSSIBLE: readonly ErrorUse[] = [400, 401, { status: 406, since: 'v12.0.9' }, 500];

/**
 * The status OneDev refuses bad query parameters with (unknown or missing ones, a `count` over the
 * limit, a query that does not parse): 400 until v12.0.9, then 406 (NotAcceptableException).
 * Emitted as `x-onedev-query-refusal-status` at the document's root, for tools such as the mock.
 */
export const QUERY_REFUSAL_STATUS: Versioned<{ status: ErrorStatus } & Lifespan> = [
  { status: 400, until: 'v12.0.9' },
  { status: 406, since: 'v12.0.9' },
];
