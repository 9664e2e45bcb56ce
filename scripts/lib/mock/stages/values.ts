/** Values every stage reads of a request the same way, and the shared empty list of problems. */
import type { Violation } from '../violation.js';

/** A header as one text (Node gives a repeated one as an array). */
export function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(', ') : value;
}

/** A query parameter's first value (a repeated name has several). */
export function firstValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** No problems (read only): most requests have none, and need no list made for them. */
export const NO_VIOLATIONS = Object.freeze([]) as unknown as Violation[];

export function concatenated(a: Violation[], b: Violation[]): Violation[] {
  return a.length === 0 ? (b.length === 0 ? NO_VIOLATIONS : b) : b.length === 0 ? a : [...a, ...b];
}
