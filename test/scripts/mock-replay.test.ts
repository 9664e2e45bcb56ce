/**
 * The real OneDev 16.5.6 recording (test/fixtures/real-server/v16.5.6/transcript.jsonl) replayed in
 * order against a fresh stateful mock of v16.5.6 (scripts/lib/transcript/replay.ts): each request
 * sent as recorded (callers and Accept from sent-as.json), with the server's ids rewritten into
 * the mock's, each answer held against the recorded one. Where the mock cannot answer as the
 * server did, replay-exceptions.json says so, entry by entry, grouped by why; the replay must
 * agree with it exactly, so it cannot go stale.
 *
 * Regenerate the table after the mock changed: `REPLAY_WRITE_EXCEPTIONS=1 npx vitest run
 * test/scripts/mock-replay.test.ts` (reasons kept by line; new entries under 'TODO reason', which
 * fails the test until someone writes the reason).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MockEngine } from '../../scripts/lib/mock/engine.js';
import type { Answer } from '../../scripts/lib/mock/answer.js';
import type { MockRequest } from '../../scripts/lib/mock/engine.js';
import { parseTranscript, type TranscriptEntry } from '../../scripts/lib/transcript/format.js';
import { ChangeLog, compareList, compareRecord, compareValues, stepChange, valueText, WHOLE, type Change } from '../../scripts/lib/transcript/replay-compare.js';
import { agrees, reconcile, reconciledText, regenerate, TODO_REASON, type ExceptionTable } from '../../scripts/lib/transcript/replay-exceptions.js';
import { collectionOfName, createdCollection, ID_ALIASES, IdMap, idRoutesOf, mapJsonIds, mapPath, mapQuery } from '../../scripts/lib/transcript/replay-ids.js';
import { formatDifferences, headersOf, mappedBody, refusalWordsMismatch, replayPlan, replayReport, type Difference, type SentAsTable } from '../../scripts/lib/transcript/replay.js';
import type { EffectSpec } from '../../spec/model.js';
import { committedDocument, ROOT } from '../helpers.js';

const FIXTURES = join(ROOT, 'test/fixtures/real-server/v16.5.6');
const EXCEPTIONS = join(FIXTURES, 'replay-exceptions.json');
const doc = committedDocument('v16.5.6');
const routes = idRoutesOf(doc);
const entries = parseTranscript(readFileSync(join(FIXTURES, 'transcript.jsonl'), 'utf8'), 'transcript.jsonl');
const sentAs = JSON.parse(readFileSync(join(FIXTURES, 'sent-as.json'), 'utf8')) as SentAsTable;

function entry(fields: Partial<TranscriptEntry>): TranscriptEntry {
  return { operationId: null, method: 'GET', path: '/', requestHeaders: {}, requestBody: null, status: 200, responseContentType: 'application/json', responseBody: null, note: '', ...fields };
}

const change = (properties: string[], membership = false, clocked: string[] = []): Change => ({ properties: new Set(properties), membership, clocked: new Set(clocked) });

describe('replay: ids by collection', () => {
  it('reads the collection of a parameter name from the record routes, none where several collections share it', () => {
    expect(['issueId', 'requestId', 'userId', 'packId', 'buildId', 'tokenId'].map((n) => routes.params.get(n))).toEqual(['/issues', '/pulls', '/users', '/packages', '/builds', '/agent-tokens']);
    // Comments of issues, pull requests and code are all read at /<kind>/{commentId}.
    expect(routes.params.has('commentId')).toBe(false);
    expect(routes.collections.has('/issue-comments')).toBe(true);
    expect(['Issue', 'IssueWithBranch', 'PullRequest', 'UserData', 'SshKey'].map((s) => routes.schemas.get(s))).toEqual(['/issues', '/issues', '/pulls', '/users', '/ssh-keys']);
  });

  it('takes an alias where the routes give none or another, only in the schemas it is for', () => {
    expect(collectionOfName(routes, 'ownerId')).toBe('/users');
    expect(collectionOfName(routes, 'tokenId', 'AccessTokenAuthorizationCreate')).toBe('/access-tokens');
    expect(collectionOfName(routes, 'tokenId', 'Agent')).toBe('/agent-tokens');
    expect(collectionOfName(routes, 'specId', 'ProjectLabelCreate')).toBe('/label-specs');
    expect(collectionOfName(routes, 'specId', 'IssueLinkCreate')).toBeUndefined();
    const schemas = doc.components?.schemas ?? {};
    for (const alias of ID_ALIASES) {
      expect(routes.collections.has(alias.collection), alias.collection).toBe(true);
      for (const name of alias.only ?? []) expect(schemas[name], name).toBeDefined();
    }
  });

  it('knows a create by its path, or the table of creates read elsewhere', () => {
    expect(createdCollection(routes, 'POST', '/users')).toBe('/users');
    expect(createdCollection(routes, 'POST', '/user-authorizations')).toBe('/user-authorizations');
    expect(createdCollection(routes, 'POST', '/job-runs')).toBe('/builds');
    expect(createdCollection(routes, 'GET', '/trigger-job')).toBe('/builds');
    expect(createdCollection(routes, 'POST', '/users/{userId}/ssh-keys')).toBe('/ssh-keys');
    expect(createdCollection(routes, 'POST', '/email-addresses/primary')).toBeUndefined();
    expect(createdCollection(routes, 'POST', '/iterations/{iterationId}')).toBeUndefined();
    expect(createdCollection(routes, 'POST', '/job-runs/rebuild')).toBeUndefined();
    // Read nowhere by id, but removed by id: still a collection.
    expect(createdCollection(routes, 'POST', '/project-labels')).toBe('/project-labels');
  });

  it("takes the schema of what a create makes from its effect, where no read answers it", () => {
    const answersId = { '200': { description: 'id', content: { 'application/json': { schema: { type: 'integer' } } } } };
    const tiny = {
      openapi: '3.1.0',
      info: { title: 't', version: '1' },
      paths: {
        '/project-labels': { post: { operationId: 'add', responses: answersId, 'x-onedev-effect': { changes: [{ create: 'ProjectLabel' }] } } },
        '/project-labels/{projectLabelId}': { delete: { operationId: 'remove', responses: { '200': { description: 'ok' } } } },
      },
    };
    const read = idRoutesOf(tiny as never);
    expect(read.schemas.get('ProjectLabel')).toBe('/project-labels');
    expect(read.collections.has('/project-labels')).toBe(true);
    expect(read.params.has('projectLabelId')).toBe(false);
  });

  it('rewrites ids in the path, by parameter name or the collection segment before it', () => {
    const ids = new IdMap();
    ids.record('/users', 7, 6);
    ids.record('/projects', 3, 2);
    ids.record('/user-authorizations', 6, 1);
    expect(mapPath('/users/7', '/users/{userId}', routes, ids)).toBe('/users/6');
    expect(mapPath('/users/7/ssh-keys', '/users/{userId}/ssh-keys', routes, ids)).toBe('/users/6/ssh-keys');
    expect(mapPath('/users/5', '/users/{userId}', routes, ids)).toBe('/users/5');
    expect(mapPath('/users/abc', '/users/{userId}', routes, ids)).toBe('/users/abc');
    expect(mapPath('/user-authorizations/6', '/user-authorizations/{authorizationId}', routes, ids)).toBe('/user-authorizations/1');
    expect(mapPath('/repositories/3/branches/7', '/repositories/{projectId}/branches/{branch}', routes, ids)).toBe('/repositories/2/branches/7');
    expect(mapQuery('projectId=3&hash=3&count=7', routes, ids)).toBe('projectId=2&hash=3&count=7');
  });

  it('rewrites ids in bodies: properties naming a collection, and bodies that are ids', () => {
    const ids = new IdMap();
    ids.record('/projects', 3, 2);
    ids.record('/access-tokens', 2, 9);
    ids.record('/agent-tokens', 2, 5);
    ids.record('/email-addresses', 7, 4);
    ids.record('/iterations', 1, 11);
    expect(mapJsonIds({ projectId: 3, tokenId: 2, roleId: 4, nested: [{ parentId: 3 }] }, routes, ids, 'AccessTokenAuthorizationCreate')).toEqual({ projectId: 2, tokenId: 9, roleId: 4, nested: [{ parentId: 2 }] });
    const json = { 'content-type': 'application/json' };
    const primary = entry({ operationId: 'emailAddressSetAsPrimary', method: 'POST', path: '/email-addresses/primary', requestHeaders: json, requestBody: '7' });
    expect(mappedBody(primary, routes.operations.get('emailAddressSetAsPrimary'), routes, ids)).toBe('4');
    const iterations = entry({ operationId: 'issueSetIterations', method: 'POST', path: '/issues/1/iterations', requestHeaders: json, requestBody: '[1, 2]' });
    expect(mappedBody(iterations, routes.operations.get('issueSetIterations'), routes, ids)).toBe('[11,2]');
    // Nothing to rewrite: the body goes as recorded, spaces and all.
    const unmapped = entry({ operationId: 'membershipCreateMembership', method: 'POST', path: '/memberships', requestHeaders: json, requestBody: '{"userId": 2, "groupId": 1}' });
    expect(mappedBody(unmapped, routes.operations.get('membershipCreateMembership'), routes, ids)).toBe('{"userId": 2, "groupId": 1}');
  });
});

describe('replay: comparison by kind', () => {
  const ids = new IdMap();
  ids.record('/users', 7, 6);
  const context = { routes, ids, own: '/users' };

  it('compares dates, hashes and uuids by kind, ids after mapping, anything else exactly', () => {
    expect(compareValues('closeDate', '2026-12-01T20:57:51.438+00:00', '2025-07-01T10:02:37Z', context, 'closeDate')).toEqual([]);
    expect(compareValues('closeDate', '2026-12-01T20:57:51.438+00:00', null, context, 'closeDate')).toHaveLength(1);
    expect(compareValues('commitHash', 'c6ba8c08299e974fe52b8c249bcbe77d49f0e1aa', '1e441b5c8d97dddd0fe67f7e108b05aaaaaaaaaa', context, 'h')).toEqual([]);
    expect(compareValues('commitHash', 'c6ba8c08299e974fe52b8c249bcbe77d49f0e1aa', 'main', context, 'h')).toHaveLength(1);
    expect(compareValues('uuid', '9e3d5875-d052-4b7a-9c3e-1f2a3b4c5d6e', '00000000-0000-4000-8000-000000000000', context, 'u')).toEqual([]);
    expect(compareValues('userId', 7, 6, context, 'userId')).toEqual([]);
    expect(compareValues('userId', 7, 7, context, 'userId')).toHaveLength(1);
    expect(compareValues('id', 7, 6, context, 'id')).toEqual([]);
    expect(compareValues('status', 'MERGED', 'OPEN', context, 'status')).toEqual([{ at: 'status', recorded: 'MERGED', mock: 'OPEN' }]);
    expect(compareValues('fields', { a: [1, 'x'] }, { a: [1, 'y'] }, context, 'fields')).toEqual([{ at: 'fields.a[1]', recorded: 'x', mock: 'y' }]);
    expect(valueText('2026-12-01T20:57:51.438+00:00')).toBe('<date-time>');
    expect(valueText({ at: '2026-12-01T20:57:51Z' })).toBe('{"at":"<date-time>"}');
  });

  it('matches list elements by mapped id, whatever their order, and says which are missing', () => {
    const recorded = [{ id: 2, name: 'alice' }, { id: 7, name: 'temp' }];
    expect(compareList(recorded, [{ id: 6, name: 'temp' }, { id: 2, name: 'alice' }], change(['name']), context)).toEqual([]);
    const missing = compareList(recorded, [{ id: 2, name: 'ALICE' }], change(['name'], true), context);
    expect(missing.map((m) => m.at)).toEqual(['length', '[id 2].name', '[id 7]']);
    // Without ids: by position.
    expect(compareList([{ userId: 7 }], [{ userId: 6 }], change(['userId']), context)).toEqual([]);
  });

  it('takes the changed properties from the steps of an effect', () => {
    expect(stepChange({ create: 'Issue', values: { submitterId: { caller: 'id' } } }, { title: 't', projectId: 3 })).toMatchObject({ schema: 'Issue', properties: ['submitterId', 'title', 'projectId'], membership: true });
    expect(stepChange({ count: 'Issue', at: { field: 'issueId' }, property: 'voteCount', by: 1 }, {})).toMatchObject({ properties: ['voteCount'], membership: false });
    expect(stepChange({ setting: 'replace' }, [])).toMatchObject({ properties: [WHOLE] });
    const log = new ChangeLog();
    log.noteWrite({ changes: [{ remove: 'Issue', at: { param: 'issueId' }, cascade: [{ record: 'IssueVote', field: 'issueId' }] }] }, '/issues/{issueId}', null, (s) => routes.schemas.get(s) ?? s);
    expect(log.of(['/issues'])).toEqual(change([], true));
    expect(log.of(['/issue-votes'])).toEqual(change([], true));
    expect(log.of(['/pulls'])).toBeUndefined();
  });

  it("compares what an effect takes from the clock by kind: each server's own time", () => {
    const log = new ChangeLog();
    const merge = routes.operations.get('pullRequestMergePullRequest')!.operation as { 'x-onedev-effect'?: EffectSpec };
    log.noteWrite(merge['x-onedev-effect'], '/pulls/{requestId}/merge', 'Merged', (s) => routes.schemas.get(s) ?? s);
    const merged = log.of(['/pulls'])!;
    expect(merged).toEqual(change(['status', 'closeDate', 'duration'], false, ['closeDate', 'duration']));
    const recorded = { status: 'MERGED', closeDate: '2026-12-01T20:57:51.438+00:00', duration: 16641 };
    expect(compareRecord(recorded, { status: 'MERGED', closeDate: '2025-01-01T00:00:00Z', duration: 12 }, merged, context, '')).toEqual([]);
    expect(compareRecord(recorded, { status: 'OPEN', closeDate: null, duration: null }, merged, context, '').map((m) => m.at)).toEqual(['closeDate', 'duration', 'status']);
  });
});

describe('replay: the words of a declared refusal', () => {
  const merge = routes.operations.get('pullRequestMergePullRequest')!;
  const createProject = routes.operations.get('projectCreateProject')!;
  const refusal = (status: number, body: string): Answer => ({ status, headers: { 'content-type': 'text/plain' }, body });

  it('holds the two answers to the same words where either says what the effect declares', () => {
    const recorded = entry({ method: 'POST', path: '/pulls/1/merge', status: 406, responseContentType: 'text/plain', responseBody: 'Pull request already closed' });
    expect(refusalWordsMismatch(recorded, refusal(406, 'Pull request already closed'), merge)).toBeUndefined();
    expect(refusalWordsMismatch(recorded, refusal(406, 'Pull request is closed'), merge)).toMatch(/^words: recorded "Pull request already closed", mock "Pull request is closed"$/);
    // Placeholders are filled alike or not at all.
    const taken = entry({ method: 'POST', path: '/projects', status: 500, responseContentType: 'text/plain', responseBody: "Name 'webapp' is already used by another project under 'acme'" });
    expect(refusalWordsMismatch(taken, refusal(500, "Name 'webapp' is already used by another project under 'acme'"), createProject)).toBeUndefined();
    expect(refusalWordsMismatch(taken, refusal(500, "Name 'webapp' is already used by another project under '<parentId.path>'"), createProject)).toMatch(/^words: /);
  });

  it('leaves other refusals and other statuses to the status check', () => {
    const schema = entry({ method: 'POST', path: '/pulls/1/merge', status: 400, responseContentType: 'text/plain', responseBody: 'Cannot deserialize value' });
    expect(refusalWordsMismatch(schema, refusal(400, 'Request body property x must be string'), merge)).toBeUndefined();
    const closed = entry({ method: 'POST', path: '/pulls/1/merge', status: 406, responseContentType: 'text/plain', responseBody: 'Pull request already closed' });
    expect(refusalWordsMismatch(closed, refusal(200, ''), merge)).toBeUndefined();
  });
});

describe('replay: how each request is sent', () => {
  it('sends Basic admin by default, else as the table says, and the recorded Content-Type', () => {
    const json = entry({ requestHeaders: { 'content-type': 'application/json' } });
    const basic = headersOf(json, undefined);
    expect(basic['content-type']).toBe('application/json');
    expect(Buffer.from(basic.authorization!.replace(/^Basic /, ''), 'base64').toString()).toMatch(/^admin:/);
    expect(headersOf(json, { none: true, reason: '' }).authorization).toBeUndefined();
    expect(headersOf(json, { bearer: 'tok', reason: '' }).authorization).toBe('Bearer tok');
    expect(Buffer.from(headersOf(json, { user: 'bob', reason: '' }).authorization!.slice(6), 'base64').toString()).toMatch(/^bob:/);
    expect(headersOf(json, { accept: 'application/xml', reason: '' }).accept).toBe('application/xml');
  });

  it('has a line in sent-as.json for every entry whose note names a caller or an Accept header, and only for those', () => {
    const caller = /no credentials|wrong password|\bas (alice|bob)\b|anonymous|bearer|basic with|non-admin|\baccept\b/i;
    const named = entries.flatMap((e, i) => (caller.test(e.note) ? [String(i + 1)] : []));
    expect(named.length).toBeGreaterThan(10);
    expect(Object.keys(sentAs.entries).sort()).toEqual(named.sort());
    for (const [line, as] of Object.entries(sentAs.entries)) expect(as.reason, line).not.toBe('');
  });
});

describe('replay: the exceptions table', () => {
  const d = (line: number, what: string): Difference => ({ line, method: 'GET', path: `/x/${line}`, what });
  const table: ExceptionTable = {
    groups: [
      { cause: 'permissions', why: 'the mock checks none', entries: [{ line: 3, request: 'GET /x/3', differs: ['status: recorded 403, mock 200'] }, { line: 5, request: 'GET /x/5', differs: ['a'], reason: 'follows from line 3' }] },
      { cause: 'git state', why: 'no repository', entries: [{ line: 8, request: 'GET /x/8', differs: ['b'] }] },
    ],
  };

  it('finds differences it does not list, entries that no longer differ or differ otherwise, and reasons to write', () => {
    const found = reconcile(table, [d(3, 'status: recorded 403, mock 200'), d(5, 'c'), d(9, 'new')]);
    expect(found.unexpected.map((x) => x.line)).toEqual([9]);
    expect(found.stale.map((x) => x.line)).toEqual([8]);
    expect(found.changed.map((x) => [x.listed.line, x.now])).toEqual([[5, ['c']]]);
    expect(agrees(found)).toBe(false);
    expect(agrees(reconcile(table, [d(3, 'status: recorded 403, mock 200'), d(5, 'a'), d(8, 'b')]))).toBe(true);
    expect(reconciledText(found, formatDifferences)).toContain('line 9  GET /x/9');
  });

  it('regenerates keeping each reason, new entries under TODO, stale ones and empty groups gone', () => {
    const next = regenerate(table, [d(5, 'c'), d(3, 'status: recorded 403, mock 200'), d(9, 'new')]);
    expect(next.groups.map((g) => [g.cause, g.entries.map((e) => e.line)])).toEqual([['permissions', [3, 5]], [TODO_REASON, [9]]]);
    expect(next.groups[0]!.entries[1]!.differs).toEqual(['c']);
    expect(next.groups[0]!.entries.map((e) => e.reason)).toEqual([undefined, 'follows from line 3']);
    expect(reconcile(next, [d(5, 'c'), d(3, 'status: recorded 403, mock 200'), d(9, 'new')]).todo.map((e) => e.line)).toEqual([9]);
  });
});

describe('replay: the run', () => {
  it('rewrites later requests with the ids creates answered, and compares what an effect changed', async () => {
    const json = { 'content-type': 'application/json' };
    const run = [
      entry({ operationId: 'pullRequestCreatePullRequest', method: 'POST', path: '/pulls', requestHeaders: json, requestBody: '{"targetProjectId": 3}', responseBody: '5' }),
      entry({ operationId: 'pullRequestMergePullRequest', method: 'POST', path: '/pulls/5/merge', requestBody: 'Merged', responseContentType: null }),
      entry({ operationId: 'pullRequestGetPullRequest', path: '/pulls/5', responseBody: '{"id": 5, "status": "MERGED", "title": "x"}' }),
      entry({ operationId: 'pullRequestGetPullRequest', path: '/pulls/6', status: 404, responseContentType: 'text/plain' }),
    ];
    const sent: MockRequest[] = [];
    const handler = {
      handle(request: MockRequest): Answer {
        sent.push(request);
        if (request.method === 'POST' && request.url === '/~api/pulls') return { status: 200, headers: {}, body: '1' };
        if (request.url === '/~api/pulls/1') return { status: 200, headers: {}, body: '{"id": 1, "status": "OPEN", "title": "y"}' };
        return { status: 200, headers: {}, body: '' };
      },
    };
    const differences = await replayReport(run, handler, replayPlan(doc, { entries: {} }));
    expect(sent.map((r) => r.url)).toEqual(['/~api/pulls', '/~api/pulls/1/merge', '/~api/pulls/1', '/~api/pulls/6']);
    // The merge's effect sets `status` (and dates); the title no write changed is not compared.
    expect(differences.map((x) => [x.line, x.what])).toEqual([
      [3, 'status: recorded "MERGED", mock "OPEN"'],
      [4, 'status: recorded 404, mock 200'],
    ]);
  });

  it('reports a request the mock fails on, and goes on with the next', async () => {
    let calls = 0;
    const handler = {
      handle(): Answer {
        calls += 1;
        if (calls === 1) throw new Error('boom\nstack');
        return { status: 404, headers: {} };
      },
    };
    const run = [entry({ path: '/version/server' }), entry({ path: '/users/999', status: 404 })];
    const differences = await replayReport(run, handler, replayPlan(doc, { entries: {} }));
    expect(differences.map((x) => [x.line, x.what])).toEqual([[1, 'mock failed: boom']]);
    expect(calls).toBe(2);
  });

  it('replays the v16.5.6 recording against a fresh stateful mock as the exceptions table says', { timeout: 240_000 }, async () => {
    const engine = new MockEngine(doc, { stateful: true, fresh: true });
    const differences = await replayReport(entries, engine, replayPlan(doc, sentAs));
    const table = JSON.parse(readFileSync(EXCEPTIONS, 'utf8')) as ExceptionTable;
    if (process.env.REPLAY_WRITE_EXCEPTIONS === '1') {
      const next = regenerate(table, differences);
      writeFileSync(EXCEPTIONS, `${JSON.stringify(next, null, 2)}\n`);
      Object.assign(table, next);
    }
    const reconciled = reconcile(table, differences);
    const hint = '\n\n(REPLAY_WRITE_EXCEPTIONS=1 rewrites replay-exceptions.json from this run, keeping reasons by line)';
    expect(agrees(reconciled), reconciledText(reconciled, formatDifferences) + hint).toBe(true);
  });
});
