/**
 * A JSON request body read as OneDev's Jackson reads it: nested at most 1000 levels deep, and no
 * integer past the 64-bit range (Jackson refuses such a number for a `long`; once parsed here it
 * would be a rounded double, indistinguishable from the largest long). Shared by the engine and
 * the worker thread that reads very large bodies off the event loop.
 */
import type { Refusal } from './refusal.js';

/** Jackson's default limit; deeper JSON would also overflow the stack of checks and answers. */
export const MAX_NESTING = 1000;

export type DecodedJson = { value: unknown } | { refusal: Refusal };

export function parseJsonBody(text: string): DecodedJson {
  if (nestsDeeperThan(text, MAX_NESTING)) {
    return { refusal: { status: 400, text: `Malformed JSON in the request body: it nests deeper than ${MAX_NESTING} levels` } };
  }
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch (error) {
    return { refusal: { status: 400, text: `Malformed JSON in the request body: ${(error as Error).message.slice(0, 300)}` } };
  }
  const huge = integerPastInt64(text);
  if (huge !== undefined) {
    return { refusal: { status: 400, text: `Malformed JSON in the request body: the number ${huge.slice(0, 100)} is out of range for a 64-bit integer` } };
  }
  return { value };
}

/**
 * Whether JSON text opens more than `limit` arrays or objects inside one another (strings
 * skipped). Text under 4 KiB cannot nest deep enough to matter, and is not scanned; nor is text
 * with no more than `limit` brackets that open (counted with indexOf, far cheaper than the scan).
 */
export function nestsDeeperThan(text: string, limit: number): boolean {
  if (text.length <= Math.max(2 * limit, 4096)) return false;
  if (countUpTo(text, '{', limit + 1) + countUpTo(text, '[', limit + 1) <= limit) return false;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) i += 1; // backslash: skip the escaped character
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 || c === 123) {
      if (++depth > limit) return true;
    } else if (c === 93 || c === 125) depth -= 1;
  }
  return false;
}

/** How often `char` occurs in `text`, counted up to `most`. */
function countUpTo(text: string, char: string, most: number): number {
  let count = 0;
  for (let at = text.indexOf(char); at >= 0 && count < most; at = text.indexOf(char, at + 1)) count += 1;
  return count;
}

const INT64_MAX = 2n ** 63n - 1n;
const INT64_MIN = -(2n ** 63n);

/**
 * The first integer literal of (valid) JSON text outside the 64-bit range, if any. Only text with a
 * run of 19 digits can have one, so other text costs one regular-expression scan.
 */
export function integerPastInt64(text: string): string | undefined {
  if (!/\d{19}/.test(text)) return undefined;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) i += 1;
      else if (c === 34) inString = false;
      continue;
    }
    if (c === 34) {
      inString = true;
      continue;
    }
    if (c !== 45 && (c < 48 || c > 57)) continue;
    // A number token: sign, digits, then perhaps a fraction or exponent (then it is no integer).
    let end = i + 1;
    while (end < text.length && /[0-9.eE+-]/.test(text[end]!)) end += 1;
    const token = text.slice(i, end);
    i = end - 1;
    if (!/^-?\d{19,}$/.test(token)) continue;
    const n = BigInt(token);
    if (n > INT64_MAX || n < INT64_MIN) return token;
  }
  return undefined;
}
