import type { ErrorStatus } from './model.js';

/** The shared text/plain error responses, by status. OneDev never wraps errors in JSON. */
export const errorResponses: Record<ErrorStatus, { name: string; description: string; example: string }> = {
  400: {
    name: 'BadRequest',
    description:
      'The request is malformed: a missing or unknown query parameter, a `count` over the limit, a query that does not parse, malformed JSON, an unknown JSON property or `@type`, or a value the server refuses.',
    example: 'Count should not be greater than 100',
  },
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
  406: {
    name: 'NotAcceptable',
    description: 'The pull request is not in a state that allows this operation; the body says why.',
    example: 'Pull request is closed',
  },
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
 * (and malformed ones) with 400, unauthenticated callers with 401, and maps unexpected failures
 * (database errors, broken invariants) to 500. The builder adds them to every operation.
 */
export const ALWAYS_POSSIBLE: readonly ErrorStatus[] = [400, 401, 500];
