/** What the mock sends back, and the plain-text refusals it sends for bad requests. */
import type { Refusal } from './refusal.js';
import type { Violation } from './violation.js';

export interface Answer {
  status: number;
  headers: Record<string, string>;
  /** Bytes where they were encoded once ahead (records, examples); text otherwise. */
  body?: string | Buffer;
  /** Generated (`Prefer: dynamic=true`): differs each time, so never memoized. */
  dynamic?: boolean;
}

const MAX_VIOLATIONS_HEADER = 8 * 1024 - 100;
/** Refusal texts are cut here: a reason, not a dump of the request. */
export const MAX_REFUSAL_TEXT = 8 * 1024;

export function text(status: number, message: string, extra: Record<string, string> = {}): Answer {
  const body = message.length > MAX_REFUSAL_TEXT ? `${message.slice(0, MAX_REFUSAL_TEXT)}\n... (cut)` : message;
  return { status, headers: { 'content-type': 'text/plain; charset=utf-8', ...extra }, body };
}

export function refused(refusal: Refusal, violations: readonly Violation[]): Answer {
  return violations.length > 0
    ? text(refusal.status, refusal.text, { 'sl-violations': violationsHeader(violations) })
    : text(refusal.status, refusal.text);
}

/** The header Prism's CLI sets, so tools that read it keep working. */
export function violationsHeader(violations: readonly Violation[]): string {
  const value = JSON.stringify(
    violations.map((v) => ({ location: v.path ?? [], severity: v.severity === 0 ? 'Error' : 'Warning', code: v.code, message: v.message })),
  );
  // Header values must be printable ASCII; \u escapes keep the JSON valid.
  const ascii = value.replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return ascii.length > MAX_VIOLATIONS_HEADER ? `${ascii.slice(0, MAX_VIOLATIONS_HEADER)}...` : ascii;
}
