/**
 * `verify --writes --record` (scripts/lib/mock/verify-writes*.ts, verify-record.ts) against the
 * stateful contract mock: it makes its scratch project and the records inside it, calls the writes
 * it plans, removes everything it made (the mock's world afterwards has none of it), reports that,
 * and records a transcript whose entries are what was sent and answered, which the transcript
 * check (scripts/lib/transcript/check.ts) accepts against the same release's committed
 * description. A server whose version cannot be read gets no write at all.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { OpenAPIObject } from 'openapi3-ts/oas31';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type MockServer } from '../../scripts/lib/mock/entry.js';
import { findRoute, routesOf } from '../../scripts/lib/mock/routes.js';
import { exitCodeOf, formatReport, verifyServer, WritesRefusedError, type VerifyReport } from '../../scripts/lib/mock/verify.js';
import { planWrites, SCRATCH_ROOT } from '../../scripts/lib/mock/verify-writes-plan.js';
import { checkTranscript, formatProblems } from '../../scripts/lib/transcript/check.js';
import { formatTranscript, parseTranscript, TRANSCRIPT_BODY_LIMIT } from '../../scripts/lib/transcript/format.js';
import { committedDocument, DEFAULT_RELEASE, ROOT, SUPPORTED_RELEASES } from '../helpers.js';
import { tagDocument } from '../support/tag-documents.js';
import { basicAuth } from './mock-fixtures.js';

const USER = 'admin';
const TOKEN = 'tok-7c1e9b40-verify-writes';
const AUTH = basicAuth(USER, TOKEN);
const doc = committedDocument(DEFAULT_RELEASE);

interface Logged {
  method: string;
  path: string;
  status: number;
}

/**
 * A stateful mock acting as a licensed server (`subscription`), where every write verify plans can
 * be made; an unlicensed one refuses the time-tracking writes (their effects' 406).
 */
async function mockLogging(options: { document?: OpenAPIObject; subscription?: boolean } = {}): Promise<{ mock: MockServer; log: Logged[] }> {
  const log: Logged[] = [];
  const mock = await startMockServer({ port: 0, stateful: true, records: 20, subscription: true, ...options, onAnswer: (entry) => log.push(entry) });
  return { mock, log };
}

const withoutApi = (path: string): string => path.replace(/^\/~api/, '');

describe('verify --writes --record against the stateful mock', () => {
  let mock: MockServer;
  let log: Logged[];
  let report: VerifyReport;
  beforeAll(async () => {
    let all: Logged[];
    ({ mock, log: all } = await mockLogging());
    report = await verifyServer({ server: mock.origin, credentials: { user: USER, secret: TOKEN }, writes: true, record: true });
    // What the run sent (the tests below send more).
    log = all.slice();
  }, 120_000);
  afterAll(async () => {
    await mock?.close();
  });

  it('makes its scratch project and records inside it, and removes every one, the project last', () => {
    const made = report.writes!.made;
    expect(report.writes!.scratch).toMatch(/^onedev-openapi-verify-[0-9a-f]{8}$/);
    expect(made[0]!.collection).toBe(SCRATCH_ROOT);
    expect(new Set(made.map((m) => m.collection))).toEqual(
      new Set(['/projects', '/project-labels', '/iterations', '/issues', '/issue-comments', '/issue-works', '/issue-votes']),
    );
    expect(made.every((m) => m.removal === 'removed'), JSON.stringify(made)).toBe(true);
    const deletes = report.checks.filter((c) => c.method === 'DELETE' && c.outcome !== 'not-called').map((c) => c.path);
    expect(deletes.at(-1)).toBe(`/projects/${made[0]!.id}`);
    expect(deletes).toHaveLength(made.length);
    expect(exitCodeOf(report)).toBe(0);
  });

  it('leaves the mock\'s world without any of them', async () => {
    const routes = routesOf(doc);
    const gone: string[] = [];
    for (const m of report.writes!.made) {
      const read = routes.find((r) => r.method === 'GET' && new RegExp(`^${m.collection}/\\{[^}/]+\\}$`).test(r.path));
      if (!read) continue;
      const answer = await fetch(`${mock.baseUrl}${m.collection}/${m.id}`, { headers: { authorization: AUTH } });
      if (answer.status === 404) gone.push(m.collection);
      // A read the mock does not keep by id (Get Iteration answers its example whatever the id) says nothing of the record.
      else expect((JSON.parse(await answer.text()) as { id?: unknown }).id, `${m.collection}/${m.id} after the run`).not.toBe(m.id);
    }
    expect(gone).toEqual(expect.arrayContaining(['/projects', '/issues', '/issue-comments', '/issue-votes']));
    const byName = await fetch(`${mock.baseUrl}/projects/ids/${encodeURIComponent(report.writes!.scratch)}`, { headers: { authorization: AUTH } });
    expect(byName.status).toBe(404);
  });

  it('writes only to its scratch records: each write is a create, or names an id it made', () => {
    const ids = new Set(report.writes!.made.map((m) => `${m.collection}/${m.id}`));
    const creates = new Set(planWrites(doc).filter((w) => w.creates && !w.notCalled).map((w) => w.template));
    const writes = log.filter((e) => e.method !== 'GET');
    expect(writes.length).toBeGreaterThan(20);
    for (const { method, path } of writes) {
      const bare = withoutApi(path).split('?')[0]!;
      const scratch = [...ids].some((id) => bare === id || bare.startsWith(`${id}/`)) || (method === 'POST' && creates.has(bare));
      expect(scratch, `${method} ${bare}`).toBe(true);
    }
    // Nothing of the settings, users, groups or roles.
    expect(writes.filter((e) => /^\/(settings|users|groups|roles|memberships)\b/.test(withoutApi(e.path)))).toEqual([]);
  });

  it('checks every write it calls and matches the description on the mock', () => {
    const writes = report.checks.filter((c) => c.method !== 'GET');
    const called = writes.filter((c) => c.outcome !== 'not-called');
    expect(called.filter((c) => c.outcome !== 'matched'), JSON.stringify(called.filter((c) => c.outcome !== 'matched'))).toEqual([]);
    expect(called.map((c) => c.operationId)).toEqual(expect.arrayContaining(['projectCreateProject', 'issueSetTitle', 'issueCommentUpdateComment', 'projectDeleteProject']));
    // The rest are listed with why.
    const why = (id: string): string => writes.find((c) => c.operationId === id)!.notes.join(' ');
    expect(why('settingSetSystemSetting')).toMatch(/beyond a record verify made/);
    expect(why('groupCreateGroup')).toMatch(/outside verify's scratch project/);
    expect(why('pullRequestCreatePullRequest')).toMatch(/without git/);
    expect(why('userDisableUser')).toMatch(/never a record verify made/);
    expect(why('repositoryCreateBranch')).toMatch(/git content/);
  });

  it('reports what it made and removed', () => {
    const text = formatReport(report);
    expect(text).toMatch(/^Checked http:\/\/127\.0\.0\.1:\d+\/~api against the description of OneDev v16\.5\.6 \(GET calls, and writes inside its scratch project onedev-openapi-verify-[0-9a-f]{8}\)\./);
    expect(text).toMatch(new RegExp(`^Scratch project ${report.writes!.scratch}: made ${report.writes!.made.length} record\\(s\\), removed ${report.writes!.made.length}\\.$`, 'm'));
    for (const m of report.writes!.made) expect(text).toMatch(new RegExp(`^  ${m.collection}/${m.id} +made by ${m.operationId}, removed$`, 'm'));
    expect(text).toMatch(/^Writes not called \(outside the scratch project, or needing what verify cannot make\):$/m);
    expect(text).not.toContain('Could not clean up');
    expect(text).not.toContain(TOKEN);
  });

  it('records every request and answer, in order, as the mock saw them', () => {
    const entries = parseTranscript(formatTranscript(report.transcript!));
    expect(entries).toEqual(report.transcript);
    expect(entries.map((e) => `${e.method} ${e.path} ${e.status}`)).toEqual(log.map((e) => `${e.method} ${withoutApi(e.path)} ${e.status}`));
    const routes = routesOf(doc);
    for (const e of entries) expect(e.operationId, `${e.method} ${e.path}`).toBe(findRoute(routes, e.method, e.path.split('?')[0]!)?.operationId ?? null);
    // Each write's entry is the operation and status its check reports.
    const writes = entries.filter((e) => e.method !== 'GET');
    const checked = report.checks.filter((c) => c.method !== 'GET' && c.outcome !== 'not-called');
    expect(writes.map((e) => [e.operationId, e.method, e.path, e.status])).toEqual(checked.map((c) => [c.operationId, c.method, c.path, c.status]));
    expect(writes[0]!.note).toMatch(/creates its scratch project onedev-openapi-verify-/);
    const created = JSON.parse(writes[0]!.requestBody!) as Record<string, unknown>;
    expect(created).toMatchObject({ name: report.writes!.scratch, parentId: null });
  });

  it('keeps no credential and cuts bodies at the limit', () => {
    const text = formatTranscript(report.transcript!);
    expect(text).not.toContain(TOKEN);
    expect(text).not.toContain(AUTH.slice('Basic '.length));
    expect(new Set(report.transcript!.flatMap((e) => Object.keys(e.requestHeaders)))).toEqual(new Set(['content-type']));
    expect(report.transcript!.every((e) => (e.responseBody ?? '').length <= TRANSCRIPT_BODY_LIMIT)).toBe(true);
  });

  it('keeps none of the server\'s secrets: the SSH setting\'s private key and the like are replaced, as in the recorded fixture', () => {
    const secretNamed = /(password|secret|apikey|privatekey)$/i;
    const strings = (value: unknown): Array<[string, string]> =>
      Array.isArray(value)
        ? value.flatMap(strings)
        : value && typeof value === 'object'
          ? Object.entries(value).flatMap(([k, v]) => (typeof v === 'string' ? [[k, v] as [string, string]] : strings(v)))
          : [];
    const kept = report.transcript!.flatMap((e) =>
      [e.requestBody, e.responseBody].flatMap((text) => {
        try {
          return strings(JSON.parse(text ?? 'null')).filter(([k, v]) => secretNamed.test(k) && v !== '' && !v.startsWith('REDACTED-'));
        } catch {
          return [];
        }
      }),
    );
    expect(kept).toEqual([]);
    const ssh = report.transcript!.find((e) => e.operationId === 'settingGetSshSetting')!;
    expect(JSON.parse(ssh.responseBody!)).toMatchObject({ pemPrivateKey: 'REDACTED-KEY' });
  });

  it('is accepted by the transcript check against the same release\'s committed description', () => {
    const problems = checkTranscript(report.transcript!, doc);
    expect(problems, formatProblems(problems)).toEqual([]);
  });
});

describe('the plan of writes, at every supported release', () => {
  it.each(SUPPORTED_RELEASES)('%s: the project first, removals deepest first and the project last; nothing server-wide is called', (release) => {
    const planned = planWrites(committedDocument(release));
    const called = planned.filter((w) => !w.notCalled);
    expect(called[0]).toMatchObject({ operationId: expect.any(String), method: 'POST', template: '/projects', creates: SCRATCH_ROOT });
    expect(called.at(-1)).toMatchObject({ method: 'DELETE', template: '/projects/{projectId}', removes: SCRATCH_ROOT });
    const made = called.filter((w) => w.creates).map((w) => w.creates!);
    expect(called.filter((w) => w.removes).map((w) => w.removes)).toEqual([...made].reverse());
    expect(called.filter((w) => /^\/(settings|users|groups|roles|memberships|label-specs|sso-providers|agents|agent-tokens)\b/.test(w.template))).toEqual([]);
    // Every path id of a change is a record the run made; every other write says why it is not called.
    for (const w of called.filter((c) => c.phase === 'change')) {
      const first = Object.values(w.pathParams)[0];
      expect(first && first.from === 'scratch' && made.includes(first.collection), `${w.method} ${w.template}`).toBe(true);
    }
    expect(planned.filter((w) => w.notCalled !== undefined && w.notCalled.length < 20)).toEqual([]);
    expect(called.length).toBeGreaterThan(15);
  });
});

/** A release's description whose Get Server Version answers `version` instead. */
function answeringVersion(tag: string, version: string): OpenAPIObject {
  const document = tagDocument(tag);
  const content = (document.paths!['/version/server']!.get!.responses!['200'] as { content: Record<string, { example: string }> }).content;
  content['application/json']!.example = version;
  return document;
}

describe('verify --writes refuses a server whose version it cannot read', () => {
  it.each([
    ['answers something that is not a version', 'Sign in to continue'],
    ['runs a version that is no tag the catalogue knows', '16.6.0'],
  ])('a server that %s: refused before any write', async (_, version) => {
    const { mock, log } = await mockLogging({ document: answeringVersion('v16.5.6', version) });
    try {
      const refused = verifyServer({ server: mock.origin, credentials: { user: USER, secret: TOKEN }, writes: true, record: true });
      await expect(refused).rejects.toThrow(WritesRefusedError);
      await expect(refused).rejects.toThrow(/^--writes refused: .*Nothing was written\.$/);
      expect(log.map((e) => `${e.method} ${withoutApi(e.path)}`)).toEqual(['GET /version/server']);
    } finally {
      await mock.close();
    }
  });

  it('a server without a subscription: the time-tracking writes come back with its 406, in its words', async () => {
    const { mock } = await mockLogging({ subscription: false });
    try {
      const unlicensed = await verifyServer({ server: mock.origin, credentials: { user: USER, secret: TOKEN }, writes: true });
      const refused = unlicensed.checks.filter((c) => c.status === 406).map((c) => `${c.operationId}: ${(c.notes ?? []).join(' ')}`);
      expect(refused).toEqual(expect.arrayContaining(['issueWorkCreateWork: This feature requires an active subscription']));
      expect(unlicensed.writes!.made.map((m) => m.collection)).not.toContain('/issue-works');
    } finally {
      await mock.close();
    }
  });

  it('a server that refuses Get Server Version (401): refused too', async () => {
    const { mock, log } = await mockLogging();
    try {
      await expect(verifyServer({ server: mock.origin, writes: true })).rejects.toThrow(/^--writes refused: the server did not say its version \(GET \/version\/server: status 401/);
      expect(log.every((e) => e.method === 'GET')).toBe(true);
    } finally {
      await mock.close();
    }
  });
});

function runVerify(args: string[]): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/verify.ts', ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGTERM'), 100_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, out, err });
    });
  });
}

describe('npm run verify -- --writes --record FILE', () => {
  const work = mkdtempSync(join(tmpdir(), 'verify-record-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('writes the transcript file, prints the scratch records, and exits 0', async () => {
    const { mock, log } = await mockLogging();
    const file = join(work, 'transcript.jsonl');
    try {
      const ran = await runVerify(['--server', mock.origin, '--user', USER, '--token', TOKEN, '--writes', '--record', file]);
      expect(ran.err).toBe('');
      expect(ran.code).toBe(0);
      expect(ran.out).toMatch(/^Scratch project onedev-openapi-verify-[0-9a-f]{8}: made 7 record\(s\), removed 7\.$/m);
      const entries = parseTranscript(readFileSync(file, 'utf8'), file);
      expect(ran.out).toContain(`Recorded ${entries.length} requests and answers in ${file}.`);
      expect(entries.map((e) => `${e.method} ${e.path} ${e.status}`)).toEqual(log.map((e) => `${e.method} ${withoutApi(e.path)} ${e.status}`));
      expect(readFileSync(file, 'utf8')).not.toContain(TOKEN);
    } finally {
      await mock.close();
    }
  }, 120_000);

  it('--writes against a server without a readable version: exit 2, the reason, and no write', async () => {
    const { mock, log } = await mockLogging({ document: answeringVersion('v16.5.6', 'not a version') });
    try {
      const ran = await runVerify(['--server', mock.origin, '--user', USER, '--token', TOKEN, '--writes']);
      expect(ran.code).toBe(2);
      expect(ran.err).toMatch(/^--writes refused: the server did not say its version .*Nothing was written\.\n$/);
      expect(ran.out).toBe('');
      expect(log.filter((e) => e.method !== 'GET')).toEqual([]);
    } finally {
      await mock.close();
    }
  }, 120_000);
});
