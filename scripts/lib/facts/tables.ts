/**
 * The fact tables the build writes into README.md and docs/ (between `<!-- facts:<name> -->`
 * markers): from the built descriptions, one column per published release; and, from
 * spec/releases.ts, the tags the catalogue knows and the releases the package publishes.
 */
import type { OpenAPIObject } from 'openapi3-ts/oas31';
import { DEFAULT_RELEASE, ONEDEV_TAGS, SEED_RELEASE, SUPPORTED_RELEASES, type SupportedRelease } from '../../../spec/releases.js';
import { plannedCalls } from '../mock/verify-plan.js';
import { PACKAGE_NAME, releaseDir } from '../steps/types.js';
import { EXCEPTIONS_FILE, parseExceptionTable } from '../transcript/replay-exceptions.js';
import { counts, errorStatuses, pageLimits, rawTextOperations, refusals, type OperationFact, type PageLimitFact } from './extract.js';

export type Docs = ReadonlyMap<SupportedRelease, OpenAPIObject>;

const row = (cells: readonly (string | number)[]): string => `| ${cells.join(' | ')} |`;
const header = (cells: readonly string[]): string[] => [row(cells), row(cells.map(() => '---'))];
const code = (text: string): string => `\`${text}\``;
const releaseHeading = (tag: SupportedRelease): string => (tag === DEFAULT_RELEASE ? `${tag} (default)` : tag);

/**
 * Rows keyed by route (and a qualifier), newest release's order first, with the operationIds the
 * releases give it (a renamed operation lists each name once, oldest first).
 */
function byRoute<T extends OperationFact>(docs: Docs, facts: (doc: OpenAPIObject) => T[], key: (fact: T) => string) {
  const tags = [...docs.keys()];
  const rows = new Map<string, { route: string; ids: string[]; at: Map<SupportedRelease, T> }>();
  for (const tag of [...tags].reverse()) {
    for (const fact of facts(docs.get(tag)!)) {
      const k = key(fact);
      const entry = rows.get(k) ?? rows.set(k, { route: `${fact.method} ${fact.path}`, ids: [], at: new Map() }).get(k)!;
      entry.at.set(tag, fact);
    }
  }
  for (const entry of rows.values()) {
    entry.ids = [...new Set(tags.flatMap((tag) => (entry.at.has(tag) ? [entry.at.get(tag)!.operationId] : [])))];
  }
  return { tags, rows: [...rows.values()] };
}

const ids = (list: readonly string[]): string => list.map(code).join(' / ');

/** Groups, operations and schemas of each release. */
export function countsTable(docs: Docs): string {
  return [
    ...header(['OneDev release', 'groups', 'operations', 'schemas']),
    ...[...docs].map(([tag, doc]) => {
      const c = counts(doc);
      return row([releaseHeading(tag), c.groups, c.operations, c.schemas]);
    }),
  ].join('\n');
}

/** Every operation whose body or answer is raw text, and the releases that have it. */
export function rawTextTable(docs: Docs): string {
  const { tags, rows } = byRoute(docs, rawTextOperations, (f) => `${f.method} ${f.path}`);
  const kind = (f: { body: boolean; answer: boolean }) => [f.body && 'body', f.answer && 'answer'].filter(Boolean).join(', ');
  return [
    ...header(['operationId', 'route', 'raw text', ...tags.map(releaseHeading)]),
    ...rows.map((r) => row([ids(r.ids), code(r.route), kind([...r.at.values()].at(-1)!), ...tags.map((t) => (r.at.has(t) ? '✓' : ''))])),
    row(['**bodies**', '', '', ...tags.map((t) => rawTextOperations(docs.get(t)!).filter((f) => f.body).length)]),
    row(['**answers**', '', '', ...tags.map((t) => rawTextOperations(docs.get(t)!).filter((f) => f.answer).length)]),
  ].join('\n');
}

/** Every read that takes `count`, with its limit at each release (blank: the release lacks the read). */
export function pageLimitsTable(docs: Docs): string {
  const { tags, rows } = byRoute(docs, pageLimits, (f) => `${f.method} ${f.path}`);
  const cell = (f: PageLimitFact) => (f.limit ? `${f.limit.maximum}${f.limit.appliesTo === 'everyone' ? '' : ' (non-admins)'}` : 'none');
  return [
    ...header(['operationId', 'route', ...tags.map(releaseHeading)]),
    ...rows.map((r) => row([ids(r.ids), code(r.route), ...tags.map((t) => (r.at.has(t) ? cell(r.at.get(t)!) : ''))])),
  ].join('\n');
}

/** The status each kind of refusal gets, per release. */
export function refusalsTable(docs: Docs): string {
  const tags = [...docs.keys()];
  const kinds = [...new Set(tags.flatMap((t) => refusals(docs.get(t)!).map((r) => r.what)))];
  return [
    ...header(['refused', ...tags.map(releaseHeading)]),
    ...kinds.map((what) => row([what, ...tags.map((t) => refusals(docs.get(t)!).find((r) => r.what === what)?.status ?? '')])),
  ].join('\n');
}

/**
 * What each error status means, with the releases each wording holds for (consecutive ones
 * joined). A status answered through more than one shared response has a row per response.
 */
export function errorStatusesTable(docs: Docs): string {
  const tags = [...docs.keys()];
  const byTag = new Map(tags.map((t) => [t, errorStatuses(docs.get(t)!)]));
  const keys = [...new Map([...byTag.values()].flat().map((s) => [`${s.status} ${s.name}`, s])).values()].sort(
    (a, b) => a.status - b.status || a.name.localeCompare(b.name),
  );
  const lines = header(['status', 'response', 'releases', 'meaning']);
  for (const { status, name } of keys) {
    let run: { from: SupportedRelease; to: SupportedRelease; text: string } | undefined;
    const flush = () => {
      if (run) lines.push(row([status, code(name), run.from === run.to ? run.from : `${run.from} – ${run.to}`, run.text]));
    };
    for (const tag of tags) {
      const text = byTag.get(tag)!.find((s) => s.status === status && s.name === name)?.description;
      if (run && text === run.text) run.to = tag;
      else {
        flush();
        run = text === undefined ? undefined : { from: tag, to: tag, text };
      }
    }
    flush();
  }
  return lines.join('\n');
}

/** How many GET operations `npm run verify` calls at most, per release, and how many it never can. */
export function verifyCallsTable(docs: Docs): string {
  return [
    ...header(['OneDev release', 'GET operations', 'called at most', 'never called']),
    ...[...docs].map(([tag, doc]) => {
      const calls = plannedCalls(doc);
      const called = calls.filter((c) => !c.neverCalled).length;
      return row([releaseHeading(tag), calls.length, called, calls.length - called]);
    }),
  ].join('\n');
}

/**
 * Every OneDev tag the catalogue describes, by major version (the first part of a tag's name),
 * with the release of each major that the package publishes.
 */
export function tagsTable(): string {
  const majors = new Map<string, string[]>();
  for (const tag of ONEDEV_TAGS) {
    const major = tag.split('.')[0]!;
    majors.set(major, [...(majors.get(major) ?? []), tag]);
  }
  const span = (tags: readonly string[]): string => (tags.length === 1 ? tags[0]! : `${tags[0]} – ${tags.at(-1)}`);
  return [
    ...header(['major', 'tags', 'how many', 'published']),
    ...[...majors].map(([major, tags]) => row([major, span(tags), tags.length, SUPPORTED_RELEASES.filter((t) => tags.includes(t)).map(releaseHeading).join(', ')])),
    row(['**all**', span(ONEDEV_TAGS), ONEDEV_TAGS.length, SUPPORTED_RELEASES.length]),
  ].join('\n');
}

/**
 * The releases the package publishes, newest first: where the build writes each one's files and
 * the package entry a user imports them by (the default's also at the package's top).
 */
export function publishedTable(): string {
  const name = (tag: SupportedRelease): string => (tag === SEED_RELEASE ? `${releaseHeading(tag)} (the seed's reference)` : releaseHeading(tag));
  const entry = (tag: SupportedRelease): string => code(`${PACKAGE_NAME}/releases/${tag}/openapi.json`);
  return [
    ...header(['OneDev', 'folder', 'package entry']),
    ...[...SUPPORTED_RELEASES].reverse().map((tag) =>
      tag === DEFAULT_RELEASE
        ? row([name(tag), `${code(`${releaseDir(tag)}/`)} and the top of ${code('generated/')}`, `${code(`${PACKAGE_NAME}/openapi.json`)} or ${entry(tag)}`])
        : row([name(tag), code(`${releaseDir(tag)}/`), entry(tag)]),
    ),
  ].join('\n');
}

/** Reads a file of the project by its path from the project's root. */
export type ReadFile = (file: string) => string;

/**
 * What the stateful mock still answers otherwise than the recorded OneDev 16.5.6, by cause: the
 * replay test's table of exceptions (which fails when that table goes stale), summed up.
 */
export function replayExceptionsTable(_docs: Docs, read: ReadFile): string {
  const { groups } = parseExceptionTable(read(EXCEPTIONS_FILE));
  const total = groups.reduce((sum, g) => sum + g.entries.length, 0);
  return [
    ...header(['cause', 'entries', 'lines', 'why']),
    ...groups.map((g) => row([g.cause, g.entries.length, g.entries.map((e) => e.line).join(', '), g.why.replace(/\|/g, '\\|')])),
    row(['**all**', total, '', `of the recording's ${'`'}transcript.jsonl${'`'} (see ${'`'}${EXCEPTIONS_FILE.split('/').pop()}${'`'} for what differs in each)`]),
  ].join('\n');
}

/** Every table, by the name its markers use. */
export const FACT_TABLES: Record<string, (docs: Docs, read: ReadFile) => string> = {
  counts: countsTable,
  'raw-text': rawTextTable,
  'page-limits': pageLimitsTable,
  refusals: refusalsTable,
  'error-statuses': errorStatusesTable,
  'verify-calls': verifyCallsTable,
  tags: tagsTable,
  published: publishedTable,
  'replay-exceptions': replayExceptionsTable,
};
