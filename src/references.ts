/**
 * Pull request, build and issue references as people write them: `path/to/project#123` or `KEY-123`.
 * The query languages take such a reference on its own, unquoted, as a criterion: the one form every
 * release from v11.11.0 on understands (from v16.0.0 the quoted `"Number" is "..."` criterion only
 * takes a bare number).
 */
import { OneDevReferenceError } from './errors.js';

// Shapes follow OneDev's validators: project paths are word characters with `-`, `.` and `/`
// inside; project keys are two or more capital letters.
const PATH_FORM = /^\w(?:[\w\-/.]*\w)?#\d{1,18}$/;
const KEY_FORM = /^[A-Z]{2,}-\d{1,18}$/;

export type ReferenceKind = 'pull request' | 'build';

/** The query that finds `reference` (the reference itself); throws when the reference is malformed. */
export function numberQuery(reference: unknown, kind: ReferenceKind): string {
  if (typeof reference !== 'string' || !(PATH_FORM.test(reference) || KEY_FORM.test(reference))) {
    const shown = typeof reference === 'string' ? JSON.stringify(reference) : typeof reference;
    throw new OneDevReferenceError(
      String(reference),
      'malformed',
      `${shown} is not a ${kind} reference: write path/to/project#123 or KEY-123`,
    );
  }
  return reference;
}

/** Picks the one id out of a Query Basic Info answer asked with count 2. */
export function singleId(reference: string, kind: ReferenceKind, records: ReadonlyArray<{ id?: number | null }>): number {
  if (records.length === 0) {
    throw new OneDevReferenceError(reference, 'not-found', `No ${kind} ${reference} is visible to this account`);
  }
  if (records.length > 1) {
    throw new OneDevReferenceError(reference, 'ambiguous', `More than one ${kind} matches ${reference}`);
  }
  const id = records[0]?.id;
  if (typeof id !== 'number') {
    throw new OneDevReferenceError(reference, 'not-found', `The server's answer for ${kind} ${reference} has no id`);
  }
  return id;
}
