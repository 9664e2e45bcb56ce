/**
 * Live-server validation: Prism in proxy mode forwards read-only calls to a real OneDev and
 * checks every answer against the description. Only GET operations are called; records found
 * by the collection reads supply the ids for the by-id reads.
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
import { ID_SOURCES, plan } from './verify-plan.js';

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
  /** The tag of the description used (its `info.x-onedev-version` for a given document). */
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
  checks: Check[];
}

export class VerifyUsageError extends Error {}

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
export async function chooseRelease(root: URL, headers: Record<string, string>, timeoutMs: number, redact: (text: string) => string): Promise<ReleaseChoice> {
  const oldest = ONEDEV_TAGS[0];
  const newest = ONEDEV_TAGS[ONEDEV_TAGS.length - 1]!;
  let status: number;
  let text: string;
  try {
    const response = await fetch(`${root.href}/version/server`, { headers, redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
    status = response.status;
    text = (await response.text()).slice(0, VERSION_ANSWER_LIMIT + 1);
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

  let release: ReleaseChoice;
  let doc: OpenAPIObject;
  if (options.document) {
    doc = options.document;
    release = { tag: String((doc.info as unknown as Record<string, unknown>)['x-onedev-version'] ?? doc.info.version), source: 'document' };
  } else {
    release = options.release !== undefined
      ? { tag: knownTag(options.release), source: 'option' }
      : await chooseRelease(root, headers, timeoutMs, redact);
    doc = (await loadDocument(release.tag)).doc;
  }
  const operations = await prismOperations(doc);
  const prism = createProxyPrism(root);
  const bodies = new Map<string, unknown>();
  const checks = new Map<string, Check>();
  const pending = plan(doc);

  // Rounds: each call whose ids are known runs; its records may unlock further calls.
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
      const shown = `${path}${Object.keys(call.query).length ? `?${new URLSearchParams(call.query)}` : ''}`;
      const check: Check = { operationId: call.operationId, method: 'GET', path: shown, outcome: 'failed', notes: [] };
      checks.set(call.operationId, check);

      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<'timeout'>((resolve) => {
        timer = setTimeout(() => resolve('timeout'), timeoutMs);
      });
      const result = await Promise.race([
        askPrism(prism, operations, { method: 'get', url: { path, query: call.query }, headers }),
        timeout,
      ]).finally(() => clearTimeout(timer));

      if (result === 'timeout' || isFailure(result)) {
        const why = result === 'timeout'
          ? `No answer within ${Math.round(timeoutMs / 1000)} s`
          : redact(`${result.title}${result.detail ? `: ${result.detail}` : ''}`);
        // A server that does not answer the first call will not answer the others either.
        if (checks.size === 1) throw new Error(`Could not reach ${root.href}: ${why}`);
        check.notes.push(why);
        continue;
      }
      const { response, outputViolations } = result;
      check.status = response.statusCode;
      if (outputViolations.length > 0) {
        check.outcome = 'differs';
        check.notes.push(...new Set(outputViolations.map((v) => redact(describe(v, response.statusCode)))));
      } else if (response.statusCode >= 200 && response.statusCode < 300) {
        check.outcome = 'matched';
        bodies.set(call.template, response.body);
      } else {
        check.outcome = 'error-answer';
        const said = firstLine(response.body);
        if (said) check.notes.push(redact(said));
      }
    }
  }

  for (const call of pending) {
    const missing = call.pathParams.filter(({ source }) => {
      const from = ID_SOURCES[source];
      return !from || !bodies.has(from.route) || firstField(bodies.get(from.route), from.field) === undefined;
    });
    checks.set(call.operationId, {
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
    });
  }
  const order = plan(doc).map((c) => c.operationId);
  return {
    apiRoot: root.href,
    release,
    checks: order.map((id) => checks.get(id)).filter((c): c is Check => c !== undefined),
  };
}

/** Exit status: 1 when anything differs or failed, 2 when nothing at all could be checked. */
export function exitCodeOf(report: VerifyReport): number {
  if (report.checks.some((c) => c.outcome === 'differs' || c.outcome === 'failed')) return 1;
  return report.checks.some((c) => c.outcome === 'matched') ? 0 : 2;
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
  out.push(`Checked ${report.apiRoot} against the description of OneDev ${release.tag} (read-only GET calls only).`);
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
  section('Not called (no read-only way to fill their path):', skipped, false);
  if (matched.length > 0) {
    out.push('', 'Matched the description:');
    for (const c of matched) out.push(line(c));
  }
  out.push('', differs.length + failed.length > 0
    ? `Result: ${differs.length} operation(s) differ from the description${failed.length ? `, ${failed.length} got no answer` : ''}.`
    : matched.length > 0
      ? 'Result: no differences found.'
      : 'Result: nothing could be checked (every call was refused); check the server URL and credentials.');
  return out.join('\n');
}
