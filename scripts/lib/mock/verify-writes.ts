/**
 * `verify --writes`: makes the writes verify-writes-plan.ts plans, inside a scratch project of the
 * run's own (`onedev-openapi-verify-<random>`), holds each request and answer against the
 * description as a recorded one is held (scripts/lib/transcript/check.ts), and removes
 * every record it made, deepest first and the project last. What it made, what it removed and what
 * it could not remove are in the result; nothing outside the scratch records is written.
 */
import { randomBytes } from 'node:crypto';
import type { OpenAPIObject } from 'openapi3-ts/oas31';
import { checkTranscript } from '../transcript/check.js';
import { planWrites, SCRATCH_ROOT, type PlannedWrite, type Source } from './verify-writes-plan.js';

/** One request verify sends itself (relative to `/~api`). */
export interface Exchange {
  method: string;
  path: string;
  contentType?: string;
  body?: string;
}

/** What the server answered. */
export interface Answer {
  status: number;
  /** The Content-Type header, or null when the answer had none. */
  contentType: string | null;
  body: string;
}

/** Sends a request (and records it); a request without an answer gives why. */
export type Send = (request: Exchange, note: string) => Promise<Answer | { failed: string }>;

/** A record a create made. */
export interface Made {
  collection: string;
  id: number;
  /** The create that made it. */
  operationId: string;
  /** 'removed': its removal answered 2xx; 'with-project': its own removal failed or was not planned, the project's succeeded. */
  removal?: 'removed' | 'with-project';
  /** Why it could not be removed, when it was not. */
  problem?: string;
}

export interface WriteCheck {
  operationId: string;
  method: string;
  path: string;
  outcome: 'matched' | 'differs' | 'error-answer' | 'failed' | 'not-called';
  status?: number;
  notes: string[];
}

export interface WriteRun {
  /** The scratch project's name. */
  scratch: string;
  checks: WriteCheck[];
  made: Made[];
}

export interface WriteContext {
  doc: OpenAPIObject;
  send: Send;
  /** A field of the first record a read-only listing answered in this run (the reads ran first). */
  fromListing(route: string, field: string): string | undefined;
}

/** A name no one else's project has: `onedev-openapi-verify-<8 hex>`, and a project key from the same bytes. */
export function scratchNames(): { name: string; key: string } {
  const bytes = randomBytes(6);
  const key = `OOV${[...bytes].map((b) => String.fromCharCode(65 + (b % 26))).join('')}`;
  return { name: `onedev-openapi-verify-${bytes.toString('hex').slice(0, 8)}`, key };
}

interface State {
  ctx: WriteContext;
  names: { name: string; key: string };
  caller?: number;
  made: Made[];
}

function valueOf(state: State, source: Source | { from: 'name'; value: string }): { value: unknown } | { missing: string } {
  switch (source.from) {
    case 'scratch':
    case 'scratch-list': {
      const record = [...state.made].reverse().find((m) => m.collection === source.collection && m.removal === undefined);
      if (!record) return { missing: `its record of ${source.collection} was not made (its create did not succeed)` };
      return { value: source.from === 'scratch' ? record.id : [record.id] };
    }
    case 'caller':
      return state.caller === undefined ? { missing: "the caller's user id could not be read (GET /users/me)" } : { value: state.caller };
    case 'listing': {
      const found = state.ctx.fromListing(source.route, source.field);
      return found === undefined ? { missing: `GET ${source.route} gave no record to take ${source.field} from` } : { value: Number(found) };
    }
    case 'scratch-name':
      return { value: state.names.name };
    case 'scratch-key':
      return { value: state.names.key };
    case 'value':
    case 'name':
      return { value: source.value };
  }
}

/** The request a planned write sends, or why it cannot be sent now. */
function requestOf(state: State, write: PlannedWrite): Exchange | { missing: string } {
  let path = write.template;
  for (const [name, source] of Object.entries(write.pathParams)) {
    const got = valueOf(state, source);
    if ('missing' in got) return got;
    path = path.replace(`{${name}}`, encodeURIComponent(String(got.value)));
  }
  if (!write.body) return { method: write.method, path };
  let value = structuredClone(write.body.example);
  for (const [field, source] of Object.entries(write.body.fills)) {
    const got = valueOf(state, source);
    if ('missing' in got) return got;
    if (field === '') value = got.value;
    else (value as Record<string, unknown>)[field] = got.value;
  }
  const body = write.body.raw ? String(value) : JSON.stringify(value);
  return { method: write.method, path, contentType: write.body.mediaType, body };
}

function noteOf(write: PlannedWrite, names: { name: string }): string {
  if (write.creates === SCRATCH_ROOT) return `verify --writes: creates its scratch project ${names.name}`;
  if (write.creates) return `verify --writes: creates a record of ${write.creates} in its scratch project`;
  if (write.removes) return `verify --writes: removes its record of ${write.removes}`;
  return 'verify --writes: changes a record of its scratch project';
}

/**
 * The answer held against the description: matched (2xx, nothing disagrees), error-answer (a
 * documented error status), or differs (an undocumented status, a media type or body the status
 * does not document, or a body of ours the server took that the description refuses).
 */
function held(doc: OpenAPIObject, write: PlannedWrite, request: Exchange, answer: Answer): Pick<WriteCheck, 'outcome' | 'notes'> {
  const problems = checkTranscript(
    [{
      operationId: write.operationId,
      method: request.method,
      path: request.path,
      requestHeaders: request.contentType ? { 'content-type': request.contentType } : {},
      requestBody: request.body ?? null,
      status: answer.status,
      responseContentType: answer.contentType?.split(';')[0]!.trim().toLowerCase() || null,
      responseBody: answer.body === '' ? null : answer.body,
      note: '',
    }],
    doc,
  ).map((p) => p.problem);
  if (problems.length > 0) return { outcome: 'differs', notes: problems };
  if (answer.status >= 200 && answer.status < 300) return { outcome: 'matched', notes: [] };
  const said = answer.body.trim().split('\n')[0] ?? '';
  return { outcome: 'error-answer', notes: said ? [said.length > 160 ? `${said.slice(0, 157)}...` : said] : [] };
}

async function call(state: State, write: PlannedWrite, request: Exchange): Promise<WriteCheck> {
  const check: WriteCheck = { operationId: write.operationId, method: write.method, path: request.path, outcome: 'failed', notes: [] };
  const answer = await state.ctx.send(request, noteOf(write, state.names));
  if ('failed' in answer) return { ...check, notes: [answer.failed] };
  Object.assign(check, { status: answer.status, ...held(state.ctx.doc, write, request, answer) });
  const ok = answer.status >= 200 && answer.status < 300;
  const id = Number(answer.body.trim());
  if (write.creates && ok && Number.isSafeInteger(id)) state.made.push({ collection: write.creates, id, operationId: write.operationId });
  return check;
}

/** The removals of one collection: every record of it the run made and has not removed, newest first. */
async function remove(state: State, write: PlannedWrite): Promise<WriteCheck[]> {
  const records = state.made.filter((m) => m.collection === write.removes && m.removal === undefined).reverse();
  const checks: WriteCheck[] = [];
  for (const record of records) {
    const path = write.template.replace(/\{[^}]+\}/, encodeURIComponent(String(record.id)));
    const check = await call(state, write, { method: 'DELETE', path });
    if (check.status !== undefined && check.status >= 200 && check.status < 300) record.removal = 'removed';
    else record.problem = `DELETE ${path} ${check.status !== undefined ? `answered ${check.status}` : 'got no answer'}${check.notes[0] ? `: ${check.notes[0]}` : ''}`;
    checks.push(check);
  }
  return checks;
}

async function readCaller(ctx: WriteContext): Promise<number | undefined> {
  const answer = await ctx.send({ method: 'GET', path: '/users/me' }, "verify --writes: reads the caller's user id");
  if ('failed' in answer || answer.status !== 200) return undefined;
  try {
    const id = (JSON.parse(answer.body) as { id?: unknown }).id;
    return typeof id === 'number' ? id : undefined;
  } catch {
    return undefined;
  }
}

export async function runWrites(ctx: WriteContext): Promise<WriteRun> {
  const names = scratchNames();
  const state: State = { ctx, names, made: [], caller: await readCaller(ctx) };
  const checks: WriteCheck[] = [];
  for (const write of planWrites(ctx.doc)) {
    const notCalled = (why: string): number => checks.push({ operationId: write.operationId, method: write.method, path: write.template, outcome: 'not-called', notes: [why] });
    if (write.notCalled) {
      notCalled(write.notCalled);
      continue;
    }
    if (write.removes) {
      const done = await remove(state, write);
      if (done.length === 0) notCalled(`no record of ${write.removes} was made to remove`);
      checks.push(...done);
      continue;
    }
    const request = requestOf(state, write);
    if ('missing' in request) notCalled(request.missing);
    else checks.push(await call(state, write, request));
  }
  const project = state.made.find((m) => m.collection === SCRATCH_ROOT);
  if (project?.removal === 'removed') {
    for (const m of state.made) if (m.removal === undefined) Object.assign(m, { removal: 'with-project' });
  }
  return { scratch: names.name, checks, made: state.made };
}
