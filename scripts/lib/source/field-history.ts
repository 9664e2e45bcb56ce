/**
 * The wire fields at every tag, kept small: the full table at the first tag
 * (test/fixtures/fields/<first>.tsv) and, in test/fixtures/fields/changes.tsv, the properties
 * that appear (+) or disappear (-) at each later tag compared with the tag before it.
 */
import { fieldKey, type FieldRow } from './tables.js';
import type { JsonType } from './wire.js';

export interface FieldChange extends FieldRow {
  tag: string;
  change: '+' | '-';
}

/** The rows of `next` not in `previous` (+) and of `previous` not in `next` (-), at `tag`. */
export function fieldDelta(previous: readonly FieldRow[], next: readonly FieldRow[], tag: string): FieldChange[] {
  const before = new Set(previous.map(fieldKey));
  const after = new Set(next.map(fieldKey));
  return [
    ...previous.filter((r) => !after.has(fieldKey(r))).map((r) => ({ tag, change: '-' as const, ...r })),
    ...next.filter((r) => !before.has(fieldKey(r))).map((r) => ({ tag, change: '+' as const, ...r })),
  ].sort((a, b) => (fieldKey(a) < fieldKey(b) ? -1 : fieldKey(a) > fieldKey(b) ? 1 : a.change === '-' ? -1 : 1));
}

export function formatFieldChanges(changes: readonly FieldChange[], first: string, last: string): string {
  return (
    `# How the wire fields of the REST classes change from tag to tag, ${first}..${last}: each row a property that\n` +
    `# appears (+) or disappears (-) at that tag, compared with the tag before it (a retyped property is both).\n` +
    `# The full table at ${first} is fields/${first}.tsv. Written by scripts/onedev-source.ts (write); do not edit.\n` +
    `# tag\tchange\tclass\tproperty\ttype\n` +
    changes.map((c) => `${c.tag}\t${c.change}\t${c.javaClass}\t${c.property}\t${c.type}\n`).join('')
  );
}

export function parseFieldChanges(text: string): FieldChange[] {
  return text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const [tag, change, javaClass, property, type] = line.split('\t') as [string, '+' | '-', string, string, JsonType];
      return { tag, change, javaClass, property, type };
    });
}

/** The full table at `tag`: the first tag's, with every change up to and including `tag` applied. */
export function fieldsAt(base: readonly FieldRow[], changes: readonly FieldChange[], tags: readonly string[], tag: string): FieldRow[] {
  const upTo = tags.indexOf(tag);
  if (upTo < 0) throw new Error(`fields: unknown tag ${tag}`);
  const rows = new Map(base.map((r) => [fieldKey(r), r]));
  const inOrder = [...changes].sort((a, b) => tags.indexOf(a.tag) - tags.indexOf(b.tag));
  for (const change of inOrder) {
    if (tags.indexOf(change.tag) > upTo) continue;
    const row: FieldRow = { javaClass: change.javaClass, property: change.property, type: change.type };
    if (change.change === '+') rows.set(fieldKey(row), row);
    else rows.delete(fieldKey(row));
  }
  return [...rows.values()];
}

/** The tags whose table differs from the tag before, in tag order. */
export function changedTags(changes: readonly FieldChange[], tags: readonly string[]): string[] {
  const changed = new Set(changes.map((c) => c.tag));
  return tags.filter((t) => changed.has(t));
}
