/**
 * The records a text refers to by number (spec/model.ts, ReferencedIn): for `fixes`, each
 * `#number` after one of OneDev's fix words. Shared by the effects that reach those records and
 * the lists that answer the records referring to one.
 */
import type { ReferencePattern } from '../../../spec/model.js';

const PATTERNS: Readonly<Record<ReferencePattern, RegExp>> = {
  fixes: /\b(?:fix(?:e[sd])?|resolve[sd]?|close[sd]?)\s*:?\s+#(\d+)\b/gi,
};

/** The patterns there are, for the build's check of the catalogue (check-effects.ts). */
export const REFERENCE_PATTERNS: readonly string[] = Object.keys(PATTERNS);

/** The numbers a text refers to by the pattern (none for a text that is not one). */
export function referencedNumbers(text: unknown, pattern: ReferencePattern): Set<number> {
  if (typeof text !== 'string') return new Set();
  return new Set([...text.matchAll(PATTERNS[pattern])].map((m) => Number(m[1])));
}
