/** The breaking-change check: compare two descriptions, render the changes. */
export { diffDocuments, assertOpenApi } from './documents.js';
export { DiffInputError } from './resolve.js';
export type { Change, ChangeKind, Direction } from './types.js';
import type { Change } from './types.js';

/** One line per change, breaking ones first, then a count. */
export function formatChanges(changes: readonly Change[]): string {
  const sorted = [...changes].sort((x, y) => Number(y.breaking) - Number(x.breaking));
  const lines = sorted.map((c) => `${c.breaking ? 'BREAKING' : 'change  '}  ${c.where}: ${c.message} [${c.kind}]`);
  const breaking = changes.filter((c) => c.breaking).length;
  lines.push(
    changes.length === 0
      ? 'No changes.'
      : `${changes.length} change(s), ${breaking} breaking.`,
  );
  return lines.join('\n');
}
