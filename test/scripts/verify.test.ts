/**
 * `npm run verify` (scripts/lib/mock/verify.ts, scripts/verify.ts) against a local node:http
 * upstream that answers from the description's examples, with deliberate drift on a few
 * operations: the report names exactly those, and never shows the credentials.
 */
import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { OpenAPIObject } from 'openapi3-ts/oas31';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findRoute, routesOf } from '../../scripts/lib/mock/routes.js';
import {
  apiRootOf,
  authorizationOf,
  exitCodeOf,
  formatReport,
  verifyServer,
  VerifyUsageError,
  type VerifyReport,
} from '../../scripts/lib/mock/verify.js';
import { ReleaseNotFoundError } from '../../scripts/lib/mock/document.js';
import { startMockServer } from '../../scripts/lib/mock/server.js';
import { ROOT, SEED_RELEASE, seedDocument } from '../helpers.js';
import { tagDocument } from '../support/tag-documents.js';
import { basicAuth, validCalls } from './mock-fixtures.js';

// verify finds ids through the operations of the seed release (ID_SOURCES in verify.ts names
// them); the drift below names that release's operations too.
const doc = seedDocument();
const USER = 'verifier';
const TOKEN = 'tok-3f9a7c21-secret';
const EXPECTED_AUTH = basicAuth(USER, TOKEN);

/** How the upstream misbehaves, per operation. */
type Drift = 'missing-field' | 'wrong-type' | 'extra-field' | 'undocumented-2xx' | 'undocumented-error';
const DRIFT: Record<string, Drift> = {
  pullRequestGetBasicInfo: 'missing-field',
  packageGetBasicInfo: 'extra-field',
  buildGetBasicInfo: 'wrong-type',
  groupGetMemberships: 'undocumented-2xx',
  roleGet: 'undocumented-error',
};

interface Upstream {
  origin: string;
  requests: string[];
  close(): Promise<void>;
}

/**
 * A stand-in OneDev: GET operations answer their documented example; settings answer 403 (a
 * documented status, as for a non-administrator) except SSH settings; DRIFT applies on top.
 */
async function startUpstream(options: { drift: Record<string, Drift>; refuseEveryone?: boolean }): Promise<Upstream> {
  const routes = routesOf(doc);
  const successBodies = new Map(validCalls(doc).map((c) => [c.operationId, c]));
  const examples = exampleBodies(doc);
  const requests: string[] = [];
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://upstream');
    requests.push(`${request.method} ${url.pathname}${url.search}`);
    const text = (status: number, message: string): void => {
      response.writeHead(status, { 'content-type': 'text/plain' }).end(message);
    };
    if (options.refuseEveryone || request.headers.authorization !== EXPECTED_AUTH) return text(401, 'Unauthorized access');
    if (!url.pathname.startsWith('/~api/') || request.method !== 'GET') return text(404, 'Not found');
    const route = findRoute(routes, 'GET', url.pathname.slice('/~api'.length));
    if (!route || !successBodies.has(route.operationId)) return text(404, 'Not found');
    if (route.path.startsWith('/settings/') && route.operationId !== 'settingGetSshSetting') return text(403, 'Permission denied');
    let status = 200;
    let body = structuredClone(examples.get(route.operationId));
    switch (options.drift[route.operationId]) {
      case 'missing-field':
        delete (body as Record<string, unknown>).title;
        break;
      case 'wrong-type':
        (body as Record<string, unknown>).id = String((body as Record<string, unknown>).id);
        break;
      case 'extra-field':
        (body as Record<string, unknown>).sizeOnDisk = 1024;
        break;
      case 'undocumented-2xx':
        status = 202;
        break;
      case 'undocumented-error':
        return text(418, "I'm a teapot");
      default:
        break;
    }
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body, null, 2));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function exampleBodies(document: OpenAPIObject): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const item of Object.values(document.paths ?? {})) {
    const operation = item.get;
    const content = operation?.responses?.['200']?.content?.['application/json'];
    const ref = (content?.examples?.default as { $ref?: string } | undefined)?.$ref;
    if (operation?.operationId && ref) {
      out.set(operation.operationId, (document.components?.examples?.[ref.split('/').pop()!] as { value: unknown }).value);
    }
  }
  return out;
}

let drifting: Upstream;
let report: VerifyReport;
beforeAll(async () => {
  drifting = await startUpstream({ drift: DRIFT });
  report = await verifyServer({ server: drifting.origin, credentials: { user: USER, secret: TOKEN }, document: doc });
});
afterAll(async () => {
  await drifting?.close();
});

describe('verify against a drifting server', () => {
  it('names exactly the drifted operations, with what differs', () => {
    const differs = report.checks.filter((c) => c.outcome === 'differs');
    expect(differs.map((c) => c.operationId).sort()).toEqual(Object.keys(DRIFT).sort());
    const notes = (id: string): string => differs.find((c) => c.operationId === id)!.notes.join('\n');
    expect(notes('pullRequestGetBasicInfo')).toMatch(/required property 'title'/);
    expect(notes('buildGetBasicInfo')).toMatch(/id must be integer/);
    expect(notes('packageGetBasicInfo')).toMatch(/additional properties; found 'sizeOnDisk'/);
    expect(notes('groupGetMemberships')).toMatch(/Status 202 is not in the description/);
    expect(notes('roleGet')).toMatch(/Status 418 is not in the description/);
    expect(exitCodeOf(report)).toBe(1);
  });

  it('follows ids from the listings, and reports documented errors and unreachable reads apart', () => {
    const outcome = (id: string): string | undefined => report.checks.find((c) => c.operationId === id)?.outcome;
    // Two hops: groups -> group memberships (drifting, so no record) and pulls -> comments -> comment.
    expect(outcome('pullRequestQueryBasicInfo')).toBe('matched');
    expect(outcome('pullRequestGetComments')).toBe('matched');
    expect(outcome('pullRequestCommentGet')).toBe('matched');
    expect(outcome('groupGetId')).toBe('matched');
    expect(outcome('settingGetSshSetting')).toBe('matched');
    expect(outcome('settingGetSystemSetting')).toBe('error-answer');
    expect(outcome('membershipGet')).toBe('not-called');
    expect(outcome('sshKeyGet')).toBe('not-called');
    // Read-only and bounded: GETs only, each operation at most once.
    const calls = report.checks.filter((c) => c.outcome !== 'not-called');
    expect(calls.every((c) => c.method === 'GET')).toBe(true);
    expect(new Set(calls.map((c) => c.operationId)).size).toBe(calls.length);
    // Collections ask for one record.
    expect(report.checks.find((c) => c.operationId === 'buildQueryBasicInfo')?.path).toBe('/builds?offset=0&count=1');
  });

  it('prints a readable summary without the credentials', () => {
    const text = formatReport(report);
    expect(text).toMatch(/5 differ/);
    expect(text).toMatch(/DIFFERENCES/);
    for (const id of Object.keys(DRIFT)) expect(text).toContain(id);
    expect(text).not.toContain(TOKEN);
    expect(text).not.toContain(EXPECTED_AUTH.slice('Basic '.length));
  });
});

describe('verify against servers without drift', () => {
  it('reports no differences and exit status 0 when the server matches', async () => {
    const clean = await startUpstream({ drift: {} });
    try {
      // The server may be given with its /~api root too.
      const report = await verifyServer({ server: `${clean.origin}/~api/`, credentials: { user: USER, secret: TOKEN }, document: doc });
      expect(report.checks.filter((c) => c.outcome === 'differs' || c.outcome === 'failed')).toEqual([]);
      expect(report.checks.filter((c) => c.outcome === 'matched').length).toBeGreaterThan(30);
      expect(exitCodeOf(report)).toBe(0);
      expect(formatReport(report)).toMatch(/Result: no differences found/);
      expect(clean.requests.every((r) => r.startsWith('GET /~api/'))).toBe(true);
    } finally {
      await clean.close();
    }
  });

  it('says nothing could be checked when every call is refused (exit status 2)', async () => {
    const refusing = await startUpstream({ drift: {}, refuseEveryone: true });
    try {
      const report = await verifyServer({ server: refusing.origin, credentials: { user: USER, secret: 'wrong-token' }, document: doc });
      expect(report.checks.some((c) => c.outcome === 'matched' || c.outcome === 'differs')).toBe(false);
      expect(exitCodeOf(report)).toBe(2);
      expect(formatReport(report)).toMatch(/nothing could be checked/);
    } finally {
      await refusing.close();
    }
  });
});

describe('arguments', () => {
  it('turns the server and credentials into the API root and an Authorization header', () => {
    expect(apiRootOf('https://onedev.example.com').href).toBe('https://onedev.example.com/~api');
    expect(apiRootOf('https://onedev.example.com/~api/').href).toBe('https://onedev.example.com/~api');
    expect(apiRootOf('https://example.com/onedev').href).toBe('https://example.com/onedev/~api');
    expect(authorizationOf({ user: 'u', secret: 'p' })).toBe(basicAuth('u', 'p'));
    expect(authorizationOf({ secret: 'tok' })).toBe('Bearer tok');
    expect(authorizationOf({})).toBeUndefined();
  });

  it('refuses bad arguments with a message that does not echo the secret', () => {
    expect(() => apiRootOf('onedev.example.com')).toThrow(VerifyUsageError);
    expect(() => apiRootOf('https://u:hunter22@onedev.example.com')).toThrow(/must not carry credentials/);
    expect(() => apiRootOf('ftp://onedev.example.com')).toThrow(/http or https/);
    expect(() => authorizationOf({ user: 'u' })).toThrow(/needs --token/);
    let message = '';
    try {
      apiRootOf('https://u:hunter22@onedev.example.com');
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).not.toContain('hunter22');
  });

  it('npm run verify prints the report and exits 1 on drift, without the token', async () => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'scripts/verify.ts', '--server', drifting.origin, '--user', USER, '--token', TOKEN, '--release', SEED_RELEASE],
      { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGTERM'), 45_000);
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    clearTimeout(timer);
    expect(code).toBe(1);
    for (const id of Object.keys(DRIFT)) expect(out).toContain(id);
    expect(out).not.toContain(TOKEN);
  });

  it('--release checks against that release\'s description; an unknown one is refused with the list', async () => {
    const paths = (r: VerifyReport): string[] => r.checks.map((c) => c.path);
    const old = await verifyServer({ server: drifting.origin, credentials: { user: USER, secret: TOKEN }, release: 'v11.11.4' });
    const newest = await verifyServer({ server: drifting.origin, credentials: { user: USER, secret: TOKEN } });
    // Milestones are described only up to v11.11.4.
    expect(paths(old)).toContain('/milestones/{milestoneId}');
    expect(paths(newest)).not.toContain('/milestones/{milestoneId}');
    await expect(verifyServer({ server: drifting.origin, release: 'v0.0.1' })).rejects.toThrow(ReleaseNotFoundError);

    const result = await new Promise<{ code: number | null; out: string }>((resolve) => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/verify.ts', '--server', drifting.origin, '--token', TOKEN, '--release', 'v0.0.1'], {
        cwd: ROOT,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
      const timer = setTimeout(() => child.kill('SIGTERM'), 45_000);
      child.once('exit', (code) => {
        clearTimeout(timer);
        resolve({ code, out });
      });
    });
    expect(result.code).toBe(2);
    expect(result.out).toMatch(/Unknown OneDev release "v0\.0\.1": it is older than every tag the catalogue knows \(the oldest is v11\.11\.0\)/);
    expect(result.out).toMatch(/^ {2}v11\.11: +v11\.11\.0 v11\.11\.1 v11\.11\.2 v11\.11\.3 v11\.11\.4$/m);
    expect(result.out).not.toContain(TOKEN);
  });

  it('a server that does not say its version (here: an empty answer) is checked against the newest tag, with a warning', async () => {
    const newest = await verifyServer({ server: drifting.origin, credentials: { user: USER, secret: TOKEN } });
    expect(newest.release).toMatchObject({ tag: 'v16.5.6', source: 'server' });
    expect(newest.release.warning).toMatch(/^the server did not say its version \(GET \/version\/server: answered "", which is not a version\); checked against the newest tag the catalogue knows, v16\.5\.6\./);
    expect(formatReport(newest)).toMatch(/^WARNING: the server did not say its version/m);
    expect(drifting.requests).toContain('GET /~api/version/server');
  });
});

/** The mock serving `document` (or a release), and a verify run against it with no --release. */
async function verifyMock(options: { release?: string; document?: OpenAPIObject }): Promise<VerifyReport> {
  const mock = await startMockServer({ port: 0, ...options });
  try {
    return await verifyServer({ server: mock.origin, credentials: { user: USER, secret: TOKEN } });
  } finally {
    await mock.close();
  }
}

/** A tag's description whose Get Server Version answers `version` instead (a server the catalogue does not know). */
function answeringVersion(tag: string, version: string): OpenAPIObject {
  const document = tagDocument(tag);
  const content = (document.paths!['/version/server']!.get!.responses!['200'] as { content: Record<string, { example: string }> }).content;
  expect(content['application/json']!.example).toBe(tag.slice(1));
  content['application/json']!.example = version;
  return document;
}

describe('verify finds the release by asking the server', () => {
  it('a mock of an unpublished tag (v16.3.2, built from the catalogue) is checked against exactly that tag: no difference', async () => {
    const report = await verifyMock({ release: 'v16.3.2' });
    expect(report.release).toEqual({ tag: 'v16.3.2', source: 'server', serverVersion: '16.3.2' });
    expect(report.checks.filter((c) => c.outcome === 'differs' || c.outcome === 'failed')).toEqual([]);
    // Workspaces exist from v16.3.0: the v16.3.2 description was used, and its reads were called.
    expect(report.checks.find((c) => c.operationId === 'workspaceQueryWorkspaces')?.outcome).toBe('matched');
    expect(exitCodeOf(report)).toBe(0);
    const text = formatReport(report);
    expect(text).toMatch(/^Checked http:\/\/127\.0\.0\.1:\d+\/~api against the description of OneDev v16\.3\.2 /);
    expect(text).toContain('Release v16.3.2: the version the server reports (16.3.2).');
    expect(text).not.toContain('WARNING');
    expect(text).toMatch(/Result: no differences found/);
  });

  it.each([
    ['v11.11.0', '11.10.2', 'v11.11.0', /^the server runs 11\.10\.2, older than every tag the catalogue knows \(it starts at v11\.11\.0\); checked against v11\.11\.0/],
    ['v16.5.6', '16.6.0', 'v16.5.6', /^the server runs 16\.6\.0, newer than every tag the catalogue knows; checked against the newest, v16\.5\.6\./],
    ['v16.3.4', '16.3.9', 'v16.3.4', /^the server runs 16\.3\.9, which is not a OneDev tag the catalogue knows; checked against the nearest older one, v16\.3\.4\./],
  ])('a server of %s answering %s is checked against %s, and the report warns', async (served, version, checked, warning) => {
    const report = await verifyMock({ document: answeringVersion(served, version) });
    expect(report.release).toMatchObject({ tag: checked, source: 'server', serverVersion: version });
    expect(report.release.warning).toMatch(warning);
    expect(formatReport(report)).toMatch(new RegExp(`^Release ${checked.replaceAll('.', '\\.')}\\.\\nWARNING: the server runs ${version.replaceAll('.', '\\.')}, `, 'm'));
    // The description used is the one that server serves: nothing differs.
    expect(report.checks.filter((c) => c.outcome === 'differs' || c.outcome === 'failed')).toEqual([]);
    expect(exitCodeOf(report)).toBe(0);
  });

  it('--release overrides what the server says, and the report says so', async () => {
    const mock = await startMockServer({ port: 0, release: 'v16.3.2' });
    try {
      const report = await verifyServer({ server: mock.origin, credentials: { user: USER, secret: TOKEN }, release: 'v16.5.6' });
      expect(report.release).toEqual({ tag: 'v16.5.6', source: 'option' });
      expect(formatReport(report)).toContain('Release v16.5.6: as given with --release.');
    } finally {
      await mock.close();
    }
  });

  it('npm run verify against a mock of an older server prints the warning and still checks', async () => {
    const mock = await startMockServer({ port: 0, document: answeringVersion('v11.11.0', '11.10.2') });
    try {
      const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/verify.ts', '--server', mock.origin, '--user', USER, '--token', TOKEN], {
        cwd: ROOT,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
      const timer = setTimeout(() => child.kill('SIGTERM'), 60_000);
      const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
      clearTimeout(timer);
      expect(out).toContain('against the description of OneDev v11.11.0');
      expect(out).toMatch(/^WARNING: the server runs 11\.10\.2, older than every tag the catalogue knows/m);
      expect(out).toMatch(/Result: no differences found/);
      expect(code).toBe(0);
    } finally {
      await mock.close();
    }
  }, 90_000);
});

describe('a connection reset under a read', () => {
  it('sends the read again, once, instead of reporting the server unreachable', async () => {
    let requests = 0;
    const server = createServer((request, response) => {
      requests += 1;
      // The first request's connection is dropped, as a kept-alive one the server closed would be.
      if (requests === 1) return request.socket.destroy();
      response.writeHead(401, { 'content-type': 'text/plain' }).end('Unauthorized access');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const report = await verifyServer({ server: `http://127.0.0.1:${port}`, credentials: { user: USER, secret: TOKEN }, document: doc });
      const first = report.checks.find((c) => c.outcome !== 'not-called')!;
      expect(first.outcome).toBe('error-answer');
      expect(report.checks.filter((c) => c.outcome === 'failed')).toEqual([]);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
