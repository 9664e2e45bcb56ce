/**
 * Live-server validation: Prism in proxy mode forwards read-only calls to a real OneDev and
 * checks every answer against the description; records found by the collection reads supply the
 * ids for the by-id reads. With `writes`, verify-writes.ts then makes the writes it can inside a
 * scratch project of its own and removes what it made; with `record`, every request and answer is
 * kept as a transcript (verify-record.ts).
 *
 * The description is that of the release the server runs: verify first asks it (Get Server
 * Version) and picks that tag among the catalogue's (built in memory when the package has no file
 * for it), unless told which release to use.
 */
import type { OpenAPIObject } from 'openapi3-ts/oas31';
import { ONEDEV_TAGS } from '../../../spec/releases.js';
import { releaseOfVersion } from '../../../src/server-release.js';
import { knownTag } from '../release-tag.js';
import { loadDocument } from './document.js';
import { askPrism, createProxyPrism, isFailure, prismOperations, type Violation } from './prism.js';
import { ID_SOURCES, plan, type PlannedCall } from './verify-plan.js';
import { bodyText, Recorder } from './verify-record.js';
import { runWrites, type Made, type Send, type WriteRun } from './verify-writes.js';
import type { TranscriptEntry } from '../transcript/format.js';
import { EXT, readExtension } from '../../../src/extensions.js';

export { plannedCalls } from './verify-plan.js';

export interface VerifyCredentials {
  user?: string;
  /** An access token or the account password. Without a user it is sent as a Bearer token. */
  secret?: string;
}

export interface VerifyOptions {
  /** The server's origin, e.g. `https://onedev.example.com` (a trailing `/~api` is accepted). */
  server: string;
  credentials?: VerifyCredentials;
  /** The description to check against; then the server is not asked its version. */
  document?: OpenAPIObject;
  /**
   * Check against this OneDev tag's description (any the catalogue knows) instead of the one of
   * the version the server reports.
   */
  release?: string;
  /** Per-call limit; a server that does not answer in time is reported, not waited for. */
  timeoutMs?: number;
  /**
   * Also make the writes it can inside a scratch project of its own, check their answers and
   * remove what it made (verify-writes.ts). Refused (WritesRefusedError, before any request that
   * writes) unless the server says its version and the catalogue knows that tag.
   */
  writes?: boolean;
  /** Keep every request and answer of the run as transcript entries (`report.transcript`). */
  record?: boolean;
}

export type Outcome =
  /** 2xx and the answer matches the description. */
  | 'matched'
  /** The answer differs from the description (status or body). */
  | 'differs'
  /** A documented error status (401/403/404...): the success shape could not be checked. */
  | 'error-answer'
  /** No answer (connection failure, timeout). */
  | 'failed'
  /** Not called: an id it needs could not be found read-only. */
  | 'not-called';

export interface Check {
  operationId: string;
  method: string;
  /** The path called (ids filled in) or, when not called, the template. */
  path: string;
  outcome: Outcome;
  status?: number;
  /** Differences (for `differs`), the server's message (`error-answer`), or why not called. */
  notes: string[];
}

/** Which release's description the answers were checked against, and why. */
export interface ReleaseChoice {
  /** The tag of the description used (its EXT.version on `info` for a given document). */
  tag: string;
  /** `server`: the version Get Server Version answered; `option`: --release; `document`: a given description. */
  source: 'server' | 'option' | 'document';
  /** Get Server Version's answer, when the server was asked and answered. */
  serverVersion?: string;
  /** Why the description may not fit the server exactly: a version the catalogue does not know, or none. */
  warning?: string;
}

export interface VerifyReport {
  /** `<origin>/~api`, without credentials. */
  apiRoot: string;
  release: ReleaseChoice;
  /** The reads, then (with `writes`) the writes. */
  checks: Check[];
  /** With `writes`: the scratch project and the records made, removed or left. */
  writes?: Omit<WriteRun, 'checks'>;
  /** With `record`: what was sent and got, in order. */
  transcript?: TranscriptEntry[];
}

export class VerifyUsageError extends Error {}

/** `writes` asked of a server whose version could not be read, or is no tag the catalogue knows. */
export class WritesRefusedError extends Error {}

/** `https://host`, `https://host/`, `https://host/~api` -> `https://host/~api`. */
export function apiRootOf(server: string): URL {
  let url: URL;
  try {
    url = new URL(server);
  } catch {
    throw new VerifyUsageError('--server must be an absolute URL, e.g. https://onedev.example.com');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new VerifyUsageError('--server must be an http or https URL');
  }
  if (url.username || url.password) {
    throw new VerifyUsageError('--server must not carry credentials; pass --user and --token');
  }
  if (url.search || url.hash) throw new VerifyUsageError('--server must not have a query string or a fragment');
  let path = url.pathname.replace(/\/+$/, '');
  if (!path.endsWith('/~api')) path += '/~api';
  return new URL(url.origin + path);
}

export function authorizationOf(credentials: VerifyCredentials = {}): string | undefined {
  const { user, secret } = credentials;
  if (user !== undefined && user.includes(':')) throw new VerifyUsageError('--user must not contain ":"');
  if (user !== undefined && !secret) throw new VerifyUsageError('--user needs --token (or --password)');
  if (!secret) return undefined;
  if (user === undefined) return `Bearer ${secret}`;
  return `Basic ${Buffer.from(`${user}:${secret}`, 'utf8').toString('base64')}`;
}

function firstField(body: unknown, field: string): string | undefined {
  const first = Array.isArray(body) ? body[0] : undefined;
  const value = first && typeof first === 'object' ? (first as Record<string, unknown>)[field] : undefined;
  return typeof value === 'number' || typeof value === 'string' ? String(value) : undefined;
}

const UNDOCUMENTED_STATUS = 'Unable to match the returned status code with those defined in the document: ';

function describe(violation: Violation, status: number): string {
  if (violation.message.startsWith(UNDOCUMENTED_STATUS)) {
    return `Status ${status} is not in the description (documented: ${violation.message.slice(UNDOCUMENTED_STATUS.length)})`;
  }
  return violation.message;
}

function firstLine(text: unknown): string {
  const line = typeof text === 'string' ? text.trim().split('\n')[0] ?? '' : '';
  return line.length > 160 ? `${line.slice(0, 157)}...` : line;
}

/** Get Server Version's answer is a few bytes; anything longer is not a version (a sign-in page, say). */
const VERSION_ANSWER_LIMIT = 200;

/**
 * Asks the server its version (GET /version/server, bare text) and picks the tag to check against:
 * that tag when the catalogue knows it; the newest known tag for a newer server and the oldest for
 * an older one, the nearest older one for a version between known tags, and the newest when the
 * server does not say, each with a warning. A server that cannot be reached at all throws.
 */
export async function chooseRelease(
  root: URL,
  headers: Record<string, string>,
  timeoutMs: number,
  redact: (text: string) => string,
  recorder?: Recorder,
): Promise<ReleaseChoice> {
  const oldest = ONEDEV_TAGS[0];
  const newest = ONEDEV_TAGS[ONEDEV_TAGS.length - 1]!;
  let status: number;
  let text: string;
  try {
    const response = await fetch(`${root.href}/version/server`, { headers, redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
    status = response.status;
    text = (await response.text()).slice(0, VERSION_ANSWER_LIMIT + 1);
    recorder?.add({ method: 'GET', path: '/version/server' }, { status, contentType: response.headers.get('content-type'), body: text });
  } catch (error) {
    const why = (error as Error).name === 'TimeoutError' ? `no answer within ${Math.round(timeoutMs / 1000)} s` : redact(String((error as Error).cause ?? (error as Error).message));
    throw new Error(`Could not reach ${root.href}: ${why}`);
  }
  const unsaid = (why: string): ReleaseChoice => ({
    tag: newest,
    source: 'server',
    warning: `the server did not say its version (GET /version/server: ${why}); checked against the newest tag the catalogue knows, ${newest}. Name the server's release with --release <tag> to check it exactly.`,
  });
  if (status < 200 || status >= 300) return unsaid(`status ${status}${text.trim() ? `, "${redact(firstLine(text))}"` : ''}`);
  const placed = text.length <= VERSION_ANSWER_LIMIT ? releaseOfVersion(text) : undefined;
  if (!placed) return unsaid(`answered "${redact(firstLine(text))}", which is not a version`);
  const { version } = placed;
  if (placed.known) return { tag: placed.tag, source: 'server', serverVersion: version };
  if (placed.outside === 'newer') {
    return {
      tag: newest,
      source: 'server',
      serverVersion: version,
      warning: `the server runs ${version}, newer than every tag the catalogue knows; checked against the newest, ${newest}. What OneDev changed after ${newest} shows as differences, and a newer onedev-openapi may describe it.`,
    };
  }
  if (placed.outside === 'older' || placed.nearestKnown === undefined) {
    return {
      tag: oldest,
      source: 'server',
      serverVersion: version,
      warning: `the server runs ${version}, older than every tag the catalogue knows (it starts at ${oldest}); checked against ${oldest}, so what OneDev changed since ${version} shows as differences.`,
    };
  }
  return {
    tag: placed.nearestKnown,
    source: 'server',
    serverVersion: version,
    warning: `the server runs ${version}, which is not a OneDev tag the catalogue knows; checked against the nearest older one, ${placed.nearestKnown}.`,
  };
}

/** What one run works with, once the release is chosen. */
interface Run {
  root: URL;
  doc: OpenAPIObject;
  headers: Record<string, string>;
  timeoutMs: number;
  redact: (text: string) => string;
  recorder?: Recorder;
}

/** The release to check against, and its description; with `writes`, refused unless the server says a known tag. */
async function choose(options: VerifyOptions, run: Omit<Run, 'doc'>): Promise<{ release: ReleaseChoice; doc: OpenAPIObject }> {
  const asked = options.writes || (!options.document && options.release === undefined)
    ? await chooseRelease(run.root, run.headers, run.timeoutMs, run.redact, run.recorder)
    : undefined;
  if (options.writes && (asked?.serverVersion === undefined || asked.warning !== undefined)) {
    throw new WritesRefusedError(
      `--writes refused: ${asked?.warning?.split('; checked against')[0] ?? 'the server did not say its version'}. ` +
        'Writes are made only on a server whose version is a OneDev tag the catalogue knows, so that the description they follow is its own. Nothing was written.',
    );
  }
  if (options.document) {
    const doc = options.document;
    return { doc, release: { tag: readExtension(doc.info, EXT.version) ?? doc.info.version, source: 'document' } };
  }
  const release: ReleaseChoice = options.release !== undefined ? { tag: knownTag(options.release), source: 'option' } : asked!;
  return { release, doc: (await loadDocument(release.tag)).doc };
}

export async function verifyServer(options: VerifyOptions): Promise<VerifyReport> {
  const root = apiRootOf(options.server);
  const authorization = authorizationOf(options.credentials);
  const secrets = [options.credentials?.secret, authorization?.replace(/^(Basic|Bearer) /, '')].filter(
    (s): s is string => typeof s === 'string' && s.length >= 4,
  );
  const redact = (text: string): string => secrets.reduce((out, s) => out.split(s).join('[redacted]'), text);
  const timeoutMs = options.timeoutMs ?? 30_000;
  const headers: Record<string, string> = { accept: 'application/json, text/plain' };
  if (authorization) headers.authorization = authorization;
  const recorder = options.record ? new Recorder(redact) : undefined;
  const partial = { root, headers, timeoutMs, redact, ...(recorder ? { recorder } : {}) };
  const { release, doc } = await choose(options, partial);
  const run: Run = { ...partial, doc };

  const { checks, bodies } = await readAll(run);
  const report: VerifyReport = { apiRoot: root.href, release, checks };
  if (options.writes) {
    const { checks: writes, ...made } = await runWrites({
      doc,
      send: sender(run),
      fromListing: (route, field) => firstField(bodies.get(route), field),
    });
    report.checks.push(...writes);
    report.writes = made;
  }
  if (recorder) report.transcript = recorder.named(doc);
  return report;
}

/** Sends one request of the writes (verify-writes.ts) with the run's credentials, and records it. */
function sender(run: Run): Send {
  return async (request, note) => {
    const headers: Record<string, string> = { ...run.headers };
    if (request.contentType) headers['content-type'] = request.contentType;
    try {
      const response = await fetch(`${run.root.href}${request.path}`, {
        method: request.method,
        headers,
        ...(request.body !== undefined ? { body: request.body } : {}),
        redirect: 'manual',
        signal: AbortSignal.timeout(run.timeoutMs),
      });
      const answer = { status: response.status, contentType: response.headers.get('content-type'), body: await response.text() };
      run.recorder?.add(request, answer, note);
      return answer;
    } catch (error) {
      const why = (error as Error).name === 'TimeoutError' ? `No answer within ${Math.round(run.timeoutMs / 1000)} s` : run.redact(String((error as Error).cause ?? (error as Error).message));
      return { failed: why };
    }
  };
}

/** Every planned read, in rounds: each call whose ids are known runs; its records may unlock further calls. */
async function readAll(run: Run): Promise<{ checks: Check[]; bodies: Map<string, unknown> }> {
  const { doc } = run;
  const operations = await prismOperations(doc);
  const prism = createProxyPrism(run.root);
  const bodies = new Map<string, unknown>();
  const checks = new Map<string, Check>();
  const pending = plan(doc);
  for (let progress = true; progress && pending.length > 0; ) {
    progress = false;
    for (const call of [...pending]) {
      const values: Record<string, string> = {};
      let ready = true;
      if (call.skip) continue;
      for (const { name, source } of call.pathParams) {
        const from = ID_SOURCES[source];
        const value = from && bodies.has(from.route) ? firstField(bodies.get(from.route), from.field) : undefined;
        if (value === undefined) ready = false;
        else values[name] = value;
      }
      if (!ready) continue;
      pending.splice(pending.indexOf(call), 1);
      progress = true;
      const path = call.template.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(values[name]!));
      const check = await readOne(run, prism, operations, call, path, checks.size === 0);
      checks.set(call.operationId, check);
      if (check.outcome === 'matched') bodies.set(call.template, check.body);
      delete check.body;
    }
  }
  for (const call of pending) checks.set(call.operationId, notCalled(call, bodies));
  const order = plan(doc).map((c) => c.operationId);
  return { checks: order.map((id) => checks.get(id)).filter((c): c is Check => c !== undefined), bodies };
}

/** What the upstream request of a read says when the connection it reused was closed under it. */
const CONNECTION_RESET = /ECONNRESET|socket hang up/;

async function readOne(
  run: Run,
  prism: ReturnType<typeof createProxyPrism>,
  operations: Awaited<ReturnType<typeof prismOperations>>,
  call: PlannedCall,
  path: string,
  first: boolean,
): Promise<Check & { body?: unknown }> {
  const { timeoutMs, redact, headers } = run;
  const shown = `${path}${Object.keys(call.query).length ? `?${new URLSearchParams(call.query)}` : ''}`;
  const check: Check & { body?: unknown } = { operationId: call.operationId, method: 'GET', path: shown, outcome: 'failed', notes: [] };
  const ask = async (): Promise<Awaited<ReturnType<typeof askPrism>> | 'timeout'> => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), timeoutMs);
    });
    return Promise.race([askPrism(prism, operations, { method: 'get', url: { path, query: call.query }, headers }), timeout]).finally(() => clearTimeout(timer));
  };
  let result = await ask();
  // A kept-alive connection the server closed just as it was reused: a read is safe to send again, once.
  if (result !== 'timeout' && isFailure(result) && CONNECTION_RESET.test(`${result.title} ${result.detail}`)) result = await ask();

  if (result === 'timeout' || isFailure(result)) {
    const why = result === 'timeout'
      ? `No answer within ${Math.round(timeoutMs / 1000)} s`
      : redact(`${result.title}${result.detail ? `: ${result.detail}` : ''}`);
    // A server that does not answer the first call will not answer the others either.
    if (first) throw new Error(`Could not reach ${run.root.href}: ${why}`);
    check.notes.push(why);
    return check;
  }
  const { response, outputViolations } = result;
  const contentType = (response.headers as Record<string, string> | undefined)?.['content-type'];
  run.recorder?.add({ method: 'GET', path: shown }, { status: response.statusCode, contentType: contentType ?? null, body: bodyText(response.body) });
  check.status = response.statusCode;
  if (outputViolations.length > 0) {
    check.outcome = 'differs';
    check.notes.push(...new Set(outputViolations.map((v) => redact(describe(v, response.statusCode)))));
  } else if (response.statusCode >= 200 && response.statusCode < 300) {
    check.outcome = 'matched';
    check.body = response.body;
  } else {
    check.outcome = 'error-answer';
    const said = firstLine(response.body);
    if (said) check.notes.push(redact(said));
  }
  return check;
}

function notCalled(call: PlannedCall, bodies: ReadonlyMap<string, unknown>): Check {
  const missing = call.pathParams.filter(({ source }) => {
    const from = ID_SOURCES[source];
    return !from || !bodies.has(from.route) || firstField(bodies.get(from.route), from.field) === undefined;
  });
  return {
    operationId: call.operationId,
    method: 'GET',
    path: call.template,
    outcome: 'not-called',
    notes: call.skip
      ? [call.skip]
      : missing.map(({ name, source }) => {
          const from = ID_SOURCES[source];
          return from
            ? `needs ${name}, taken from GET ${from.route}, which gave no record`
            : `needs ${name}, and no read-only listing gives one`;
        }),
  };
}

/** Exit status: 1 when anything differs or failed, 2 when nothing at all could be checked. */
export function exitCodeOf(report: VerifyReport): number {
  if (report.checks.some((c) => c.outcome === 'differs' || c.outcome === 'failed')) return 1;
  if (leftOver(report).length > 0) return 1;
  return report.checks.some((c) => c.outcome === 'matched') ? 0 : 2;
}

/** Records a write run made and could not remove. */
export function leftOver(report: VerifyReport): Made[] {
  return (report.writes?.made ?? []).filter((m) => m.removal === undefined);
}

function scratchSection(writes: NonNullable<VerifyReport['writes']>): string[] {
  const out = ['', `Scratch project ${writes.scratch}: made ${writes.made.length} record(s), removed ${writes.made.filter((m) => m.removal).length}.`];
  for (const m of writes.made) {
    const how = m.removal === 'removed' ? 'removed' : m.removal === 'with-project' ? 'removed with its project' : 'NOT REMOVED';
    out.push(`  ${m.collection}/${m.id}`.padEnd(42) + ` made by ${m.operationId}, ${how}${m.problem ? ` (${m.problem})` : ''}`);
  }
  const left = writes.made.filter((m) => m.removal === undefined);
  if (left.length > 0) out.push(`Could not clean up ${left.length} record(s): remove them by hand (${left.map((m) => `${m.collection}/${m.id}`).join(', ')}).`);
  return out;
}

export function formatReport(report: VerifyReport): string {
  const by = (outcome: Outcome): Check[] => report.checks.filter((c) => c.outcome === outcome);
  const line = (c: Check): string => `  ${c.operationId.padEnd(40)} ${c.method} ${c.path}${c.status ? ` -> ${c.status}` : ''}`;
  const out: string[] = [];
  const [matched, differs, errors, failed, skipped] = [
    by('matched'),
    by('differs'),
    by('error-answer'),
    by('failed'),
    by('not-called'),
  ];
  const { release } = report;
  out.push(
    `Checked ${report.apiRoot} against the description of OneDev ${release.tag} ` +
      (report.writes ? `(GET calls, and writes inside its scratch project ${report.writes.scratch}).` : '(read-only GET calls only).'),
  );
  out.push(
    release.source === 'option'
      ? `Release ${release.tag}: as given with --release.`
      : release.source === 'document'
        ? `Release ${release.tag}: the description given.`
        : release.serverVersion !== undefined && !release.warning
          ? `Release ${release.tag}: the version the server reports (${release.serverVersion}).`
          : `Release ${release.tag}.`,
  );
  if (release.warning) out.push(`WARNING: ${release.warning}`);
  out.push(
    `${matched.length + differs.length + errors.length + failed.length} called: ${matched.length} matched, ` +
      `${differs.length} differ, ${errors.length} answered a documented error, ${failed.length} got no answer; ` +
      `${skipped.length} not called.`,
  );
  const section = (title: string, checks: Check[], bullet = true): void => {
    if (checks.length === 0) return;
    out.push('', title);
    for (const c of checks) {
      out.push(line(c));
      for (const note of c.notes) out.push(bullet ? `      - ${note}` : `      ${note}`);
    }
  };
  section('DIFFERENCES (the server does not answer as described):', differs);
  section('No answer:', failed);
  section('Answered with a documented error status (success shape not checked):', errors, false);
  section('Not called (no read-only way to fill their path):', skipped.filter((c) => c.method === 'GET'), false);
  section('Writes not called (outside the scratch project, or needing what verify cannot make):', skipped.filter((c) => c.method !== 'GET'), false);
  if (matched.length > 0) {
    out.push('', 'Matched the description:');
    for (const c of matched) out.push(line(c));
  }
  if (report.writes) out.push(...scratchSection(report.writes));
  out.push('', differs.length + failed.length > 0
    ? `Result: ${differs.length} operation(s) differ from the description${failed.length ? `, ${failed.length} got no answer` : ''}.`
    : matched.length > 0
      ? leftOver(report).length > 0
        ? `Result: no differences found, but ${leftOver(report).length} record(s) verify made could not be removed.`
        : 'Result: no differences found.'
      : 'Result: nothing could be checked (every call was refused); check the server URL and credentials.');
  return out.join('\n');
}
