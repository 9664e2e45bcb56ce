/**
 * Replays a recorded transcript against the mock, in order, in process: each request sent as the
 * recording sent it (credentials and Accept from a table, since the transcript keeps neither),
 * with the server's ids rewritten into the mock's, and each answer held against the recorded one:
 * the status always; for JSON reads, what the writes so far changed (replay-compare.ts).
 */
import type { OpenAPIObject } from 'openapi3-ts/oas31';
import type { EffectSpec } from '../../../spec/model.js';
import type { Answer } from '../mock/answer.js';
import type { MockRequest } from '../mock/engine.js';
import type { TranscriptEntry } from './format.js';
import { ChangeLog, compareList, compareRecord, valueText, type CompareContext, type Mismatch } from './replay-compare.js';
import { EXT, readExtension } from '../../../src/extensions.js';
import {
  answeredSchema,
  createdCollection,
  IdMap,
  idRoutesOf,
  mapIdValue,
  mapJsonIds,
  mapPath,
  mapQuery,
  WHOLE_BODY_IDS,
  type Collection,
  type IdRoutes,
  type RouteOperation,
} from './replay-ids.js';

/** How one recorded request was sent, where not as the default caller (Basic, `admin`). */
export interface SentAs {
  /** The Basic user name (default `admin`). */
  user?: string;
  /** The Basic password (default: any; the mock checks the header's form only). */
  password?: string;
  /** A Bearer token instead of Basic. */
  bearer?: string;
  /** No Authorization header at all. */
  none?: true;
  /** The Accept header (none by default). */
  accept?: string;
  reason: string;
}

/** The fixture `sent-as.json`: entry line → how it was sent. */
export interface SentAsTable {
  about?: string;
  entries: Readonly<Record<string, SentAs>>;
}

export const DEFAULT_USER = 'admin';
export const DEFAULT_PASSWORD = 'any-password';

/** What the mock is asked: the engine, or anything that answers as it does. */
export interface MockHandler {
  handle(request: MockRequest): Answer | Promise<Answer>;
}

/** What a replay reads of the description, and how each entry was sent. */
export interface ReplayPlan {
  routes: IdRoutes;
  sentAs: SentAsTable;
}

export function replayPlan(document: OpenAPIObject, sentAs: SentAsTable): ReplayPlan {
  return { routes: idRoutesOf(document), sentAs };
}

/** One thing the mock answered otherwise than the recorded server. */
export interface Difference {
  /** The entry's line in the transcript (its 1-based position). */
  line: number;
  method: string;
  /** As recorded. */
  path: string;
  /** As sent to the mock, where ids were rewritten. */
  sent?: string;
  /** What differs, in words that do not change from run to run. */
  what: string;
  /** More for a reader: the start of the mock's answer to a request answered with another status. */
  detail?: string;
}

/** The request headers of an entry: its recorded Content-Type, the caller's Authorization, and Accept. */
export function headersOf(entry: TranscriptEntry, sentAs: SentAs | undefined): Record<string, string> {
  const headers: Record<string, string> = { ...entry.requestHeaders };
  if (sentAs?.bearer !== undefined) headers.authorization = `Bearer ${sentAs.bearer}`;
  else if (sentAs?.none !== true) {
    const pair = `${sentAs?.user ?? DEFAULT_USER}:${sentAs?.password ?? DEFAULT_PASSWORD}`;
    headers.authorization = `Basic ${Buffer.from(pair, 'utf8').toString('base64')}`;
  }
  if (sentAs?.accept !== undefined) headers.accept = sentAs.accept;
  return headers;
}

export function effectOf(route: RouteOperation | undefined): EffectSpec | undefined {
  return readExtension(route?.operation, EXT.effect);
}

function parsedJson(text: string | null | undefined): { value: unknown } | undefined {
  if (text === null || text === undefined || text === '') return undefined;
  try {
    return { value: JSON.parse(text) as unknown };
  } catch {
    return undefined;
  }
}

function isJsonType(type: string | undefined): boolean {
  return type !== undefined && /^application\/(.+\+)?json\b/i.test(type);
}

/** The component schema a request body has (`$ref`), for names whose collection depends on it. */
function bodySchema(route: RouteOperation): string | undefined {
  const body = route.operation.requestBody as { content?: Record<string, { schema?: { $ref?: string } }> } | undefined;
  return body?.content?.['application/json']?.schema?.$ref?.split('/').pop();
}

/** The collection of a body that is one id (or a list of them): the explicit list, or the effect's `at: { body: 'whole' }`. */
export function wholeBodyCollection(route: RouteOperation, routes: IdRoutes): Collection | undefined {
  const listed = route.operation.operationId === undefined ? undefined : WHOLE_BODY_IDS[route.operation.operationId];
  if (listed !== undefined) return listed;
  for (const step of effectOf(route)?.changes ?? []) {
    const at = 'at' in step ? step.at : undefined;
    const schema = 'set' in step ? step.set : 'update' in step ? step.update : 'remove' in step ? step.remove : 'count' in step ? step.count : undefined;
    if (at && 'body' in at && schema !== undefined) return routes.schemas.get(schema);
  }
  return undefined;
}

/** The recorded body with the server's ids rewritten (as recorded, byte for byte, where none was). */
export function mappedBody(entry: TranscriptEntry, route: RouteOperation | undefined, routes: IdRoutes, ids: IdMap): string {
  const text = entry.requestBody ?? '';
  const parsed = route && isJsonType(entry.requestHeaders['content-type']) ? parsedJson(text) : undefined;
  if (!route || !parsed) return text;
  const whole = wholeBodyCollection(route, routes);
  const mapped = whole !== undefined ? mapIdValue(parsed.value, whole, ids) : mapJsonIds(parsed.value, routes, ids, bodySchema(route));
  return JSON.stringify(mapped) === JSON.stringify(parsed.value) ? text : JSON.stringify(mapped);
}

/** The path (query included) with the server's ids rewritten. */
export function mappedPath(entry: TranscriptEntry, route: RouteOperation | undefined, routes: IdRoutes, ids: IdMap): string {
  const at = entry.path.indexOf('?');
  const path = at < 0 ? entry.path : entry.path.slice(0, at);
  const query = at < 0 ? '' : entry.path.slice(at + 1);
  const mappedPath = route ? mapPath(path, route.path, routes, ids) : path;
  return at < 0 ? mappedPath : `${mappedPath}?${mapQuery(query, routes, ids)}`;
}

interface Run {
  plan: ReplayPlan;
  engine: MockHandler;
  ids: IdMap;
  changes: ChangeLog;
}

/** The subject a schema's changes are kept under: its collection where it has one. */
function subjectOf(routes: IdRoutes, schema: string): string {
  return routes.schemas.get(schema) ?? schema;
}

/** Records the ids a create answered on both sides. */
function noteCreate(entry: TranscriptEntry, answer: Answer, route: RouteOperation, run: Run): void {
  if (!ok(entry.status) || !ok(answer.status)) return;
  const first = effectOf(route)?.changes[0];
  const collection = createdCollection(run.plan.routes, route.method, route.path, first && 'create' in first ? first.create : undefined);
  const server = parsedJson(entry.responseBody)?.value;
  const mock = parsedJson(answer.body)?.value;
  if (collection !== undefined && Number.isInteger(server) && Number.isInteger(mock)) run.ids.record(collection, server as number, mock as number);
}

function ok(status: number): boolean {
  return status >= 200 && status < 300;
}

/** The mismatches of a JSON read in what the writes so far changed; none for other entries. */
export function readMismatches(entry: TranscriptEntry, answer: Answer, route: RouteOperation, run: Run): Mismatch[] {
  if (entry.method !== 'GET' || !ok(entry.status) || entry.status !== answer.status || entry.responseContentType !== 'application/json') return [];
  const answered = answeredSchema(route.operation);
  const { routes } = run.plan;
  const change = run.changes.of([...(answered ? [subjectOf(routes, answered.name)] : []), route.path]);
  // A recorded body cut at the transcript's limit is no JSON: nothing to compare it with.
  const recorded = parsedJson(entry.responseBody);
  if (!change || !recorded) return [];
  const mock = parsedJson(answer.body);
  if (!mock) return [{ at: '(body)', recorded: undefined, mock: undefined, text: 'recorded JSON, mock answered no JSON' }];
  const context: CompareContext = { routes, ids: run.ids, ...(answered ? { schema: answered.name, own: routes.schemas.get(answered.name) } : {}) };
  if (!Array.isArray(recorded.value)) return compareRecord(recorded.value, mock.value, change, context, '');
  if (!Array.isArray(mock.value)) return [{ at: '(body)', recorded: undefined, mock: undefined, text: 'recorded a list, mock answered none' }];
  return compareList(recorded.value, mock.value, change, context);
}

/** A declared refusal's message as a pattern: its placeholders stand for any text. */
function messagePattern(message: string): RegExp {
  const parts = message.split(/<[A-Za-z][\w .]*>/).map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${parts.join('.*')}$`, 's');
}

/**
 * Where both refused with one status and either answer is in the words of a refusal the
 * operation's effect declares, the two must say the same (the placeholders filled alike).
 */
export function refusalWordsMismatch(entry: TranscriptEntry, answer: Answer, route: RouteOperation): string | undefined {
  if (ok(entry.status) || answer.status !== entry.status) return undefined;
  const declared = (effectOf(route)?.refuses ?? []).filter((r) => r.status === entry.status).map((r) => messagePattern(r.message));
  const recorded = (entry.responseBody ?? '').trim();
  const mock = (answer.body ?? '').toString().trim();
  if (recorded === mock || !declared.some((p) => p.test(recorded) || p.test(mock))) return undefined;
  return `words: recorded ${JSON.stringify(recorded.slice(0, 120))}, mock ${JSON.stringify(mock.slice(0, 120))}`;
}

function mismatchText(m: Mismatch): string {
  return `${m.at}: ${m.text ?? `recorded ${valueText(m.recorded)}, mock ${valueText(m.mock)}`}`;
}

/** Sends one entry to the mock and says what differs; keeps ids and changes for the entries after it. */
async function replayEntry(entry: TranscriptEntry, line: number, run: Run): Promise<Difference[]> {
  const { routes, sentAs } = run.plan;
  const route = entry.operationId === null ? undefined : routes.operations.get(entry.operationId);
  const sent = mappedPath(entry, route, routes, run.ids);
  const request: MockRequest = {
    method: entry.method,
    url: `/~api${sent}`,
    headers: headersOf(entry, sentAs.entries[String(line)]),
    body: Buffer.from(mappedBody(entry, route, routes, run.ids), 'utf8'),
  };
  const base = { line, method: entry.method, path: entry.path, ...(sent === entry.path ? {} : { sent }) };
  let answer: Answer;
  try {
    answer = await run.engine.handle(request);
  } catch (error) {
    // A mock that fails on one request still has the others replayed.
    return [{ ...base, what: `mock failed: ${String((error as Error).message ?? error).split('\n')[0]}` }];
  }
  const out: Difference[] = [];
  if (answer.status !== entry.status) {
    const detail = (answer.body ?? '').replace(/\s+/g, ' ').slice(0, 160);
    out.push({ ...base, what: `status: recorded ${entry.status}, mock ${answer.status}`, ...(detail ? { detail } : {}) });
  }
  if (!route) return out;
  const words = refusalWordsMismatch(entry, answer, route);
  if (words) out.push({ ...base, what: words });
  out.push(...readMismatches(entry, answer, route, run).map((m) => ({ ...base, what: mismatchText(m) })));
  noteCreate(entry, answer, route, run);
  if (ok(entry.status)) run.changes.noteWrite(effectOf(route), route.path, parsedJson(entry.requestBody)?.value, (s) => subjectOf(routes, s));
  return out;
}

/** Replays the entries in order against a mock (best a fresh, stateful one) and lists every difference. */
export async function replayReport(entries: readonly TranscriptEntry[], engine: MockHandler, plan: ReplayPlan): Promise<Difference[]> {
  const run: Run = { plan, engine, ids: new IdMap(), changes: new ChangeLog() };
  const out: Difference[] = [];
  for (const [index, entry] of entries.entries()) out.push(...(await replayEntry(entry, index + 1, run)));
  return out;
}

/** The differences as a reader wants them: entry by entry, what differs under each. */
export function formatDifferences(differences: readonly Difference[]): string {
  const lines: string[] = [];
  let last: number | undefined;
  for (const d of differences) {
    if (d.line !== last) lines.push(`line ${d.line}  ${d.method} ${d.path}${d.sent ? `  (sent ${d.sent})` : ''}`);
    lines.push(`    ${d.what}${d.detail ? `  [mock: ${d.detail}]` : ''}`);
    last = d.line;
  }
  return lines.join('\n');
}
