/** What the mock sends back, and the plain-text refusals it sends for bad requests. */
import type { SizedText } from './json-text.js';
import type { Refusal } from './refusal.js';
import type { Violation } from './violation.js';

export interface Answer {
  status: number;
  headers: Record<string, string>;
  /** Text: what the socket is given (Node encodes it as UTF-8 while copying it into its buffer). */
  body?: string;
  /**
   * The body is ASCII only: its UTF-8 bytes are its characters, so it is written one byte a
   * character, a plain copy (encoding a large text as UTF-8 took two to four times as long).
   */
  ascii?: true;
  /** Generated (`Prefer: dynamic=true`): differs each time, so never memoized. */
  dynamic?: boolean;
}

const MAX_VIOLATIONS_HEADER = 8 * 1024 - 100;
/** Refusal texts are cut here: a reason, not a dump of the request. */
export const MAX_REFUSAL_TEXT = 8 * 1024;

/** An answer of this media type, with its Content-Length when the text's UTF-8 length is known. */
export function textAnswer(status: number, mediaType: string, body: string | SizedText): Answer {
  if (typeof body === 'string') return { status, headers: { 'content-type': mediaType }, body };
  const answer: Answer = { status, headers: { 'content-type': mediaType, 'content-length': String(body.bytes) }, body: body.text };
  // As many bytes as characters: none took two or more.
  if (body.bytes === body.text.length) answer.ascii = true;
  return answer;
}

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
