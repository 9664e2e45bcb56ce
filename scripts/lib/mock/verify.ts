/**
 * Live-server validation: Prism in proxy mode forwards read-only calls to a real OneDev and
 * checks every answer against the description. Only GET operations are called; records found
 * by the collection reads supply the ids for the by-id reads.
 */
import type { OpenAPIObject, ParameterObject, ReferenceObject } from 'openapi3-ts/oas31';
import { documentPath, readDocument } from './document.js';
import { askPrism, createProxyPrism, isFailure, prismOperations, type Violation } from './prism.js';

export interface VerifyCredentials {
  user?: string;
  /** An access token or the account password. Without a user it is sent as a Bearer token. */
  secret?: string;
}

export interface VerifyOptions {
  /** The server's origin, e.g. `https://onedev.example.com` (a trailing `/~api` is accepted). */
  server: string;
  credentials?: VerifyCredentials;
  document?: OpenAPIObject;
  /** Check against generated/releases/<release>/openapi.json instead of the newest release. */
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

export interface VerifyReport {
  /** `<origin>/~api`, without credentials. */
  apiRoot: string;
  checks: Check[];
}

/**
 * Where each path parameter comes from: a field of the first record a listing returns.
 * Parameters not listed here (issue watches, works, links, votes, iterations, milestones,
 * SSH keys, base authorizations) have no read-only listing, so those reads are not called.
 */
/**
 * Where a path parameter's value comes from: a field of the first record a collection read
 * answers, found by its route (operationIds change between releases; routes rarely do). The key
 * is the parameter's component name.
 */
const ID_SOURCES: Record<string, { route: string; field: string }> = {
  requestId: { route: '/pulls', field: 'id' },
  buildId: { route: '/builds', field: 'id' },
  groupId: { route: '/groups', field: 'id' },
  groupName: { route: '/groups', field: 'name' },
  labelSpecId: { route: '/label-specs', field: 'id' },
  roleId: { route: '/roles', field: 'id' },
  roleName: { route: '/roles', field: 'name' },
  packId: { route: '/packages', field: 'id' },
  commentId: { route: '/pulls/{requestId}/comments', field: 'id' },
  assignmentId: { route: '/pulls/{requestId}/assignments', field: 'id' },
  reviewId: { route: '/pulls/{requestId}/reviews', field: 'id' },
  pullRequestWatchId: { route: '/pulls/{requestId}/watches', field: 'id' },
  membershipId: { route: '/groups/{groupId}/memberships', field: 'id' },
  projectId: { route: '/projects', field: 'id' },
  userId: { route: '/users', field: 'id' },
  userName: { route: '/users', field: 'name' },
  issueId: { route: '/issues', field: 'id' },
  agentId: { route: '/agents', field: 'id' },
  agentTokenId: { route: '/agent-tokens', field: 'id' },
  ssoProviderId: { route: '/sso-providers', field: 'id' },
  ssoProviderName: { route: '/sso-providers', field: 'name' },
  workspaceId: { route: '/workspaces', field: 'id' },
};

/** Collection reads ask for one record: enough to find ids, light on the server. */
const PAGE = { offset: '0', count: '1' };

interface PlannedCall {
  operationId: string;
  template: string;
  /** Set when the call cannot be made safely (a required query value verify cannot choose): why. */
  skip?: string;
  /** Path parameter name -> the key of ID_SOURCES naming its source (the parameter component). */
  pathParams: Array<{ name: string; source: string }>;
  query: Record<string, string>;
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

function componentName(ref: ParameterObject | ReferenceObject): string | undefined {
  return '$ref' in ref ? ref.$ref.split('/').pop() : undefined;
}

function plan(doc: OpenAPIObject): PlannedCall[] {
  const calls: PlannedCall[] = [];
  for (const [template, item] of Object.entries(doc.paths ?? {})) {
    const operation = item.get;
    if (!operation?.operationId) continue;
    const call: PlannedCall = { operationId: operation.operationId, template, pathParams: [], query: {} };
    // The proxy check reads answers as JSON; bare text labelled JSON and downloads are left out.
    const ok = operation.responses?.['200'] as Record<string, unknown> & { content?: Record<string, unknown> } | undefined;
    const types = Object.keys(ok?.content ?? {});
    if (ok?.['x-onedev-raw-text'] === true || (types.length > 0 && !types.includes('application/json'))) {
      call.skip = 'answers bare text or bytes, which this check (JSON answers only) does not read';
    }
    for (const ref of operation.parameters ?? []) {
      const name = componentName(ref);
      const param = ('$ref' in ref ? doc.components?.parameters?.[name ?? ''] : ref) as ParameterObject | undefined;
      if (!param) continue;
      if (param.in === 'path') call.pathParams.push({ name: param.name, source: name ?? param.name });
      else if (param.in === 'query' && param.required) {
        const value = PAGE[param.name as keyof typeof PAGE];
        if (value === undefined) call.skip = `needs a value for the required query parameter ${param.name}, which verify does not choose`;
        else call.query[param.name] = value;
      }
    }
    calls.push(call);
  }
  return calls;
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

export async function verifyServer(options: VerifyOptions): Promise<VerifyReport> {
  const root = apiRootOf(options.server);
  const authorization = authorizationOf(options.credentials);
  const secrets = [options.credentials?.secret, authorization?.replace(/^(Basic|Bearer) /, '')].filter(
    (s): s is string => typeof s === 'string' && s.length >= 4,
  );
  const redact = (text: string): string => secrets.reduce((out, s) => out.split(s).join('[redacted]'), text);
  const doc = options.document ?? (await readDocument(documentPath(options.release)));
  const operations = await prismOperations(doc);
  const prism = createProxyPrism(root);
  const timeoutMs = options.timeoutMs ?? 30_000;

  const headers: Record<string, string> = { accept: 'application/json, text/plain' };
  if (authorization) headers.authorization = authorization;
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
  out.push(`Checked ${report.apiRoot} against the description (read-only GET calls only).`);
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
