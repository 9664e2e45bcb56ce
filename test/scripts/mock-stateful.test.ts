/**
 * `stateful` mode (scripts/lib/mock/state.ts): creates, updates, property setters, deletes and
 * settings writes are seen by the reads that follow, and every record read stays valid against
 * its response schema. Checked for every such operation of every release's description, then
 * end to end over HTTP with the client.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDeepStrictEqual } from 'node:util';
import { createOneDevClient, OneDevError } from '../../src/index.js';
import { MockEngine } from '../../scripts/lib/mock/engine.js';
import { operationPlans } from '../../scripts/lib/mock/operations.js';
import { recordModel, type Behaviour, type RecordKind } from '../../scripts/lib/mock/records.js';
import { startMockServer, type MockServer } from '../../scripts/lib/mock/server.js';
import { createValidator } from '../support/ajv.js';
import { committedDocument, SUPPORTED_RELEASES } from '../helpers.js';
import { ask, searchOf, validCalls, type ValidCall } from './mock-fixtures.js';

type Rec = Record<string, unknown>;

const bodyOf = (call: ValidCall): string | undefined =>
  call.body === undefined ? undefined : call.rawText ? String(call.body) : JSON.stringify(call.body);
const typeOf = (call: ValidCall): Record<string, string> => (call.body === undefined ? {} : { 'content-type': call.bodyType ?? 'application/json' });

describe.each(SUPPORTED_RELEASES)('stateful mock on the %s description', (release) => {
  const doc = committedDocument(release);
  const plans = operationPlans(doc);
  const model = recordModel(doc, plans);
  const calls = validCalls(doc);
  const validator = createValidator(doc);
  const of = (type: Behaviour['type']): Array<{ call: ValidCall; behaviour: Behaviour }> =>
    calls.flatMap((call) => {
      const behaviour = model.behaviours.get(`${call.method} ${call.template}`);
      return behaviour?.type === type ? [{ call, behaviour }] : [];
    });
  const readPath = (kind: RecordKind, id: unknown): string => `${kind.collectionPath}/${String(id)}`;
  const hasRead = (kind: RecordKind): boolean => calls.some((c) => c.method === 'GET' && c.template === `${kind.collectionPath}/{${kind.idParam}}`);
  const valid = (kind: RecordKind, record: unknown): boolean => {
    const validate = validator.compile({ $ref: kind.ref });
    const ok = validate(record);
    if (!ok) console.error(kind.name, validate.errors);
    return ok;
  };
  const pathOf = (call: ValidCall, id?: unknown): string =>
    call.template.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(String(id !== undefined && name === call.template.match(/\{([^}]+)\}/)![1] ? id : call.pathParams[name])));
  const query = (call: ValidCall): string => searchOf(call.query);

  it('finds creates, updates, deletes and settings to keep', () => {
    expect(of('create').length).toBeGreaterThan(10);
    expect(of('delete').length).toBeGreaterThan(10);
    expect(of('update').length).toBeGreaterThan(5);
    expect(of('singleton-write').length).toBeGreaterThan(10);
  });

  it('keeps each created record: a new id, read back with what the body said, valid against its schema', async () => {
    const engine = new MockEngine(doc, { stateful: true, records: 30 });
    for (const { call, behaviour } of of('create')) {
      const kind = (behaviour as { kind: RecordKind }).kind;
      const created = await ask(engine, 'POST', `${call.path}${query(call)}`, { headers: typeOf(call), body: bodyOf(call) });
      expect(created.status, `${call.operationId}: ${created.text}`).toBe(200);
      const id = created.json();
      expect(kind.seeds.some((s) => s.id === id), call.operationId).toBe(false);
      const again = await ask(engine, 'POST', `${call.path}${query(call)}`, { headers: typeOf(call), body: bodyOf(call) });
      expect(again.json(), call.operationId).not.toEqual(id);
      if (!hasRead(kind)) continue;
      const read = await ask(engine, 'GET', readPath(kind, id));
      expect(read.status, call.operationId).toBe(200);
      const record = read.json() as Rec;
      expect(record.id).toBe(id);
      expect(valid(kind, record), call.operationId).toBe(true);
      const sent = Object.entries((call.body ?? {}) as Rec).filter(([name]) => name !== 'id' && kind.properties.has(name));
      const kept = sent.filter(([name, value]) => isDeepStrictEqual(record[name], value));
      if (sent.length > 0) expect(kept.length, `${call.operationId} kept none of ${sent.map(([n]) => n).join(', ')}`).toBeGreaterThan(0);
    }
  });

  it('applies updates and property setters to the record they address', async () => {
    const engine = new MockEngine(doc, { stateful: true, records: 30 });
    for (const { call, behaviour } of [...of('update'), ...of('set')]) {
      const kind = (behaviour as { kind: RecordKind }).kind;
      const target = kind.seeds[0]!;
      const path = pathOf(call, target.id);
      const before = (await ask(engine, 'GET', readPath(kind, target.id))).json() as Rec;
      const updated = await ask(engine, 'POST', `${path}${query(call)}`, { headers: typeOf(call), body: bodyOf(call) });
      expect(updated.status, `${call.operationId}: ${updated.text}`).toBe(200);
      const after = (await ask(engine, 'GET', readPath(kind, target.id))).json() as Rec;
      expect(valid(kind, after), call.operationId).toBe(true);
      expect(after.id).toBe(target.id);
      const changes = behaviour.type === 'set' ? [[behaviour.property, call.body]] : Object.entries((call.body ?? {}) as Rec).filter(([name]) => kind.properties.has(name) && name !== 'id');
      const applied = changes.filter(([name, value]) => isDeepStrictEqual(after[name as string], value));
      const wouldChange = changes.filter(([name, value]) => !isDeepStrictEqual(before[name as string], value));
      if (wouldChange.length > 0) expect(applied.length, `${call.operationId} applied nothing`).toBeGreaterThan(0);
    }
  });

  it('forgets deleted records: reads and deletes of them answer 404 (or the read\'s missing-id status), listings leave them out', async () => {
    const engine = new MockEngine(doc, { stateful: true, records: 30 });
    for (const { call, behaviour } of of('delete')) {
      const kind = (behaviour as { kind: RecordKind }).kind;
      const id = kind.seeds[0]!.id;
      const path = pathOf(call, id);
      expect((await ask(engine, 'DELETE', path)).status, call.operationId).toBe(200);
      const again = await ask(engine, 'DELETE', path);
      expect(again.status, call.operationId).toBe(404);
      expect(again.text).not.toBe('');
      // A read that answers a missing id with a status of its own (x-onedev-missing-id) answers that, for the callers it names ('tester' is no administrator).
      const missingId = plans.find((p) => p.method === 'GET' && p.path === `${kind.collectionPath}/{${kind.idParam}}`)?.missingId;
      const gone = missingId?.callers === 'everyone' ? missingId.status : 404;
      if (hasRead(kind)) expect((await ask(engine, 'GET', readPath(kind, id))).status, call.operationId).toBe(gone);
      const list = calls.find((c) => c.method === 'GET' && c.template === kind.collectionPath && 'offset' in c.query);
      if (list) {
        const all = (await ask(engine, 'GET', `${kind.collectionPath}?offset=0&count=100`, { headers: { authorization: 'Bearer admin' } })).json() as Rec[];
        expect(all.map((r) => r.id), call.operationId).not.toContain(id);
        expect(all.length).toBeGreaterThan(0);
      }
    }
  });

  it('answers settings with what was last written; a cleared setting reads as 204 where that is documented', async () => {
    const engine = new MockEngine(doc, { stateful: true });
    for (const { call } of of('singleton-write')) {
      const read = calls.find((c) => c.method === 'GET' && c.template === call.template)!;
      const written = await ask(engine, 'POST', call.path, { headers: typeOf(call), body: bodyOf(call) });
      expect(written.status, call.operationId).toBe(200);
      const back = await ask(engine, 'GET', read.path);
      // A read whose root comes without its family's discriminator (x-onedev-untagged-root)
      // answers the value without it, as the server does.
      const omits = plans.find((p) => p.method === 'GET' && p.path === call.template)!.success?.untaggedRoot?.property;
      if (omits) {
        const { [omits]: sent, ...bare } = call.body as Rec;
        expect(sent, call.operationId).toBeTypeOf('string');
        expect(back.json(), call.operationId).toEqual(bare);
      } else expect(back.json(), call.operationId).toEqual(call.body);
      const clearable = plans.find((p) => p.method === 'GET' && p.path === call.template)!.responses.some((r) => r.code === '204');
      const cleared = await ask(engine, 'POST', call.path, { headers: typeOf(call), body: 'null' });
      if (clearable && cleared.status === 200) {
        const none = await ask(engine, 'GET', read.path);
        expect(none.status, call.operationId).toBe(204);
        expect(none.text).toBe('');
      }
    }
  });

  it('changes nothing without stateful', async () => {
    const engine = new MockEngine(doc, { records: 30 });
    const create = of('create').find(({ behaviour }) => (behaviour as { kind: RecordKind }).kind.paged)!;
    const kind = (create.behaviour as { kind: RecordKind }).kind;
    const listed = (): Promise<string> => ask(engine, 'GET', `${kind.collectionPath}?offset=0&count=100`).then((a) => a.text);
    const before = await listed();
    await ask(engine, 'POST', create.call.path, { headers: typeOf(create.call), body: bodyOf(create.call) });
    const deleted = of('delete').find(({ behaviour }) => (behaviour as { kind: RecordKind }).kind === kind)!;
    await ask(engine, 'DELETE', pathOf(deleted.call, kind.seeds[0]!.id));
    expect(await listed()).toBe(before);
  });
});

describe('a stateful run over HTTP, through the client', () => {
  const doc = committedDocument();
  let mock: MockServer;
  beforeAll(async () => {
    mock = await startMockServer({ port: 0, document: doc, stateful: true, records: 20 });
  });
  afterAll(async () => {
    await mock?.close();
  });

  it('opens a pull request, finds it by number, retitles it, comments on it, and deletes it', async () => {
    const onedev = createOneDevClient({ baseUrl: mock.origin, auth: { user: 'robin', accessToken: 'any-token' } });
    const open = validCalls(doc).find((c) => c.method === 'POST' && c.template === '/pulls')!;
    const get = onedev.GET as unknown as (p: string, i: unknown) => Promise<{ data: Rec }>;
    // Opened in a project the run has, so its reference (path#number) names a real project.
    const { data: projects } = (await get('/projects', { params: { query: { offset: 0, count: 1 } } })) as unknown as { data: Rec[] };
    const project = projects[0]!;
    const body = { ...(open.body as Rec), targetProjectId: project.id, sourceProjectId: project.id };
    const { data: id } = await (onedev.POST as unknown as (p: string, i: unknown) => Promise<{ data: number }>)('/pulls', { body });
    expect(typeof id).toBe('number');
    const { data: pull } = await get('/pulls/{requestId}', { params: { path: { requestId: id } } });
    expect(pull.id).toBe(id);
    expect(pull.title).toBe((open.body as Rec).title);
    expect(pull.targetProjectId).toBe(project.id);
    expect(await onedev.resolvePullRequestId(`${String(project.path)}#${String(pull.number)}`)).toBe(id);

    const post = onedev.POST as unknown as (p: string, i: unknown) => Promise<{ data: unknown }>;
    await post('/pulls/{requestId}/title', { params: { path: { requestId: id } }, body: 'Retitled by the test' });
    expect((await get('/pulls/{requestId}', { params: { path: { requestId: id } } })).data.title).toBe('Retitled by the test');

    const comment = validCalls(doc).find((c) => c.method === 'POST' && c.template === '/pull-request-comments')!;
    const { data: commentId } = await post('/pull-request-comments', { body: { ...(comment.body as Rec), requestId: id } });
    const comments = (await (onedev.GET as unknown as (p: string, i: unknown) => Promise<{ data: Rec[] }>)('/pulls/{requestId}/comments', { params: { path: { requestId: id } } })).data;
    expect(comments.map((c) => c.id)).toEqual([commentId]);

    const del = onedev.DELETE as unknown as (p: string, i: unknown) => Promise<unknown>;
    await del('/pulls/{requestId}', { params: { path: { requestId: id } } });
    const gone = await get('/pulls/{requestId}', { params: { path: { requestId: id } } }).then(() => undefined, (e: unknown) => e);
    expect(gone).toBeInstanceOf(OneDevError);
    expect((gone as OneDevError).status).toBe(404);
    expect((gone as OneDevError).message).toContain(`PullRequest#${String(id)}`);
  });

  it('sends the bytes of records as they are: text beyond ASCII reads back the same, and Content-Length counts bytes', async () => {
    const open = validCalls(doc).find((c) => c.method === 'POST' && c.template === '/pulls')!;
    const headers = { authorization: 'Bearer any-token', 'content-type': 'application/json' };
    const title = 'Zoë — 漢字 ✓ 😀';
    const created = await fetch(`${mock.baseUrl}/pulls`, { method: 'POST', headers, body: JSON.stringify({ ...(open.body as Rec), title }) });
    const id = Number(await created.text());
    // A record read, and a page (both answered from bytes rendered ahead).
    for (const path of [`/pulls/${id}`, `/pulls?offset=0&count=100`]) {
      const answer = await fetch(`${mock.baseUrl}${path}`, { headers });
      const bytes = Buffer.from(await answer.arrayBuffer());
      expect(answer.status).toBe(200);
      expect(Number(answer.headers.get('content-length'))).toBe(bytes.length);
      const parsed = JSON.parse(bytes.toString('utf8')) as Rec | Rec[];
      const pull = Array.isArray(parsed) ? parsed.find((p) => p.id === id) : parsed;
      expect(pull?.title).toBe(title);
    }
  });
});
