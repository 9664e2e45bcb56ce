/**
 * Turns the problems found with a request into the answer OneDev would give: a status and a
 * plain-text body (OneDev's errors are text/plain, never a JSON envelope).
 */
import type { PrismFailure } from './prism.js';
import type { Violation } from './violation.js';

export interface Refusal {
  status: number;
  /** One reason per line. */
  text: string;
}

const ERROR = 0;

export const UNAUTHORIZED_TEXT =
  'Unauthorized access: send credentials, e.g. HTTP Basic with `-u <user>:<access token>` ' +
  'or `Authorization: Bearer <access token>`';

/**
 * The status follows OneDev's order of checks: authentication first, then the body's media
 * type, then JAX-RS conversions (a non-numeric path id or a non-integer offset/count is a 404
 * there), then everything the resource method itself refuses with 400.
 */
export function refusalFor(violations: readonly Violation[]): Refusal | undefined {
  const errors = violations.filter((v) => v.severity === ERROR);
  if (errors.length === 0) return undefined;
  if (errors.some((v) => v.code === 401)) return { status: 401, text: UNAUTHORIZED_TEXT };
  const mediaType = errors.filter((v) => v.code === 415);
  if (mediaType.length > 0) {
    return { status: 415, text: mediaType.map((v) => `Unsupported content type. ${v.message}`).join('\n') };
  }
  const conversions = errors.filter(
    (v) => v.path?.[0] === 'path' || (v.path?.[0] === 'query' && v.path.length > 1 && v.code === 'type'),
  );
  if (conversions.length > 0) return { status: 404, text: lines(conversions) };
  return { status: 400, text: lines(errors) };
}

function lines(violations: readonly Violation[]): string {
  return [...new Set(violations.map((v) => v.message))].join('\n');
}

const PRISM_ERRORS = 'https://stoplight.io/prism/errors#';

/**
 * Prism's own failures. A missing route keeps its 404/405; a `Prefer` asking for a status or
 * example the operation does not have is the caller's mistake about the mock, so 400 (Prism
 * would say 404, which a client would take for "no such record").
 */
export function refusalForFailure(failure: PrismFailure): Refusal {
  const detail = failure.detail ? `${failure.title}: ${failure.detail}` : failure.title;
  if (failure.type === `${PRISM_ERRORS}NOT_FOUND` || failure.type === `${PRISM_ERRORS}UNPROCESSABLE_ENTITY`) {
    return { status: 400, text: `Prefer header not usable here. ${detail}` };
  }
  if (failure.status >= 400 && failure.status < 500) return { status: failure.status, text: detail };
  return { status: 500, text: `The mock failed: ${detail}` };
}
