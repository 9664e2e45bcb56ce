/**
 * The replay's table of exceptions: the entries where the mock is known to answer otherwise than
 * the recorded server, grouped by why, each with what differs. A replay is held against it
 * (reconcile: differences it does not list, entries it lists that no longer differ or now differ
 * otherwise, reasons still to write), and it is rewritten from a replay (regenerate), keeping the
 * reason of every entry it already had.
 */
import type { Difference } from './replay.js';

/** Where the table of the one replayed recording lives (beside its transcript). */
export const EXCEPTIONS_FILE = 'test/fixtures/real-server/v16.5.6/replay-exceptions.json';

export interface ExceptionEntry {
  line: number;
  /** `METHOD path` as recorded, for a reader. */
  request: string;
  /** What differs, as the replay words it (Difference.what), in its order. */
  differs: string[];
  /**
   * What the group's reason leaves to say for this entry, above all that it follows from another
   * (`follows from line 89`: only differs because that request was refused or carried out otherwise).
   */
  reason?: string;
}

export interface ExceptionGroup {
  /** A short name of the cause (`permissions`). */
  cause: string;
  /** Why the mock cannot, or does not yet, answer as the server did. */
  why: string;
  entries: ExceptionEntry[];
}

export interface ExceptionTable {
  about?: string;
  groups: ExceptionGroup[];
}

/** A table from its file's text; a file that is not one names what is wrong with it. */
export function parseExceptionTable(text: string, file: string = EXCEPTIONS_FILE): ExceptionTable {
  const table = JSON.parse(text) as ExceptionTable;
  const bad = Array.isArray(table.groups) ? table.groups.find((g) => typeof g.cause !== 'string' || typeof g.why !== 'string' || !Array.isArray(g.entries)) : table;
  if (bad !== undefined) throw new Error(`${file}: each group needs a cause, a why and its entries (found ${JSON.stringify(bad).slice(0, 120)})`);
  return table;
}

/** The cause of an entry a regeneration found and no one has explained yet. */
export const TODO_REASON = 'TODO reason';

export interface Reconciled {
  /** Differences of entries the table does not list. */
  unexpected: Difference[];
  /** Entries listed that no longer differ. */
  stale: ExceptionEntry[];
  /** Entries listed whose differences are not the ones listed. */
  changed: Array<{ listed: ExceptionEntry; now: string[] }>;
  /** Entries whose reason is still to be written. */
  todo: ExceptionEntry[];
}

/** The differences of a replay by entry line, in order. */
export function differencesByLine(differences: readonly Difference[]): Map<number, Difference[]> {
  const out = new Map<number, Difference[]>();
  for (const d of differences) out.set(d.line, [...(out.get(d.line) ?? []), d]);
  return out;
}

/** Holds a replay's differences against the table. */
export function reconcile(table: ExceptionTable, differences: readonly Difference[]): Reconciled {
  const now = differencesByLine(differences);
  const listed = new Map(table.groups.flatMap((g) => g.entries.map((e) => [e.line, e] as const)));
  const out: Reconciled = { unexpected: [], stale: [], changed: [], todo: [] };
  for (const [line, found] of now) if (!listed.has(line)) out.unexpected.push(...found);
  for (const [line, entry] of listed) {
    const what = now.get(line)?.map((d) => d.what);
    if (what === undefined) out.stale.push(entry);
    else if (JSON.stringify(what) !== JSON.stringify(entry.differs)) out.changed.push({ listed: entry, now: what });
  }
  out.todo = table.groups.filter((g) => g.cause === TODO_REASON).flatMap((g) => g.entries);
  return out;
}

/** Whether the replay agrees with the table in every way. */
export function agrees(reconciled: Reconciled): boolean {
  const { unexpected, stale, changed, todo } = reconciled;
  return unexpected.length + stale.length + changed.length + todo.length === 0;
}

/**
 * The table a replay makes: every entry that differs, under the cause it had (its reason kept), or
 * under TODO_REASON when it is new (an entry's own reason kept too); entries that no longer differ are gone, and so are the groups
 * left empty. Groups keep their order, the new one last; entries are in line order.
 */
export function regenerate(table: ExceptionTable, differences: readonly Difference[]): ExceptionTable {
  const causeOf = new Map(table.groups.flatMap((g) => g.entries.map((e) => [e.line, g.cause] as const)));
  const reasonOf = new Map(table.groups.flatMap((g) => g.entries.flatMap((e) => (e.reason ? [[e.line, e.reason] as const] : []))));
  const groups: ExceptionGroup[] = table.groups.filter((g) => g.cause !== TODO_REASON).map((g) => ({ cause: g.cause, why: g.why, entries: [] }));
  const todo: ExceptionGroup = { cause: TODO_REASON, why: TODO_REASON, entries: [] };
  for (const [line, found] of [...differencesByLine(differences)].sort(([a], [b]) => a - b)) {
    const first = found[0]!;
    const entry: ExceptionEntry = { line, request: `${first.method} ${first.path}`, differs: found.map((d) => d.what) };
    const reason = reasonOf.get(line);
    if (reason) entry.reason = reason;
    (groups.find((g) => g.cause === causeOf.get(line)) ?? todo).entries.push(entry);
  }
  return { ...(table.about !== undefined ? { about: table.about } : {}), groups: [...groups, todo].filter((g) => g.entries.length > 0) };
}

/** What a reconciliation found, for a failing test to print. */
export function reconciledText(reconciled: Reconciled, formatted: (differences: readonly Difference[]) => string): string {
  const parts: string[] = [];
  if (reconciled.unexpected.length > 0) parts.push(`Differences the exceptions table does not list:\n${formatted(reconciled.unexpected)}`);
  if (reconciled.stale.length > 0) parts.push(`Listed, but no longer different (take them out):\n${reconciled.stale.map((e) => `line ${e.line}  ${e.request}`).join('\n')}`);
  if (reconciled.changed.length > 0) {
    const text = reconciled.changed.map(({ listed, now }) => `line ${listed.line}  ${listed.request}\n    listed: ${listed.differs.join('; ')}\n    now:    ${now.join('; ')}`);
    parts.push(`Listed, but differing otherwise now:\n${text.join('\n')}`);
  }
  if (reconciled.todo.length > 0) parts.push(`Reasons still to write (cause '${TODO_REASON}'):\n${reconciled.todo.map((e) => `line ${e.line}  ${e.request}`).join('\n')}`);
  return parts.join('\n\n');
}
