/**
 * Web-hook deliveries from the stateful mock (scripts/lib/mock/webhooks.ts), for every published
 * release: every operation a release's `webhooks` name as a cause is called with its documented
 * example, the events no REST call causes are delivered by hand, and so every event type of the
 * release reaches a local receiver. Each delivery is validated against the release's web-hook
 * schema, with OneDev's headers; a receiver that fails gets no retry.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { EXT } from '../../src/extensions.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, WebhookTargetError, type DeliveryEntry, type MockServer } from '../../scripts/lib/mock/server.js';
import { createValidator, errorsOf } from '../support/ajv.js';
import { committedDocument, SUPPORTED_RELEASES } from '../helpers.js';
import { basicAuth, searchOf, validCalls } from './mock-fixtures.js';

const SECRET = 'hook-secret-7Kq2';
const AUTH = basicAuth('robin', 'any-token');

interface Received {
  headers: IncomingHttpHeaders;
  rawHeaders: string[];
  body: string;
}

/** A receiver on 127.0.0.1 that keeps what it gets and answers `status`. */
async function receiver(status = 200): Promise<{ url: string; received: Received[]; server: Server }> {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      received.push({ headers: request.headers, rawHeaders: request.rawHeaders, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(status, { 'content-type': 'text/plain' }).end(status === 200 ? 'ok' : 'receiver is down for maintenance');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/onedev`, received, server };
}

const stop = (server: Server | undefined) =>
  new Promise<void>((resolve) => {
    if (!server) return resolve();
    server.close(() => resolve());
    server.closeAllConnections();
  });

type Hook = { post: { requestBody: { content: Record<string, { schema: unknown }> }; 'x-onedev-event-type': string; 'x-onedev-sent-after': Array<{ operationId: string; route: string }> } };

describe.each(SUPPORTED_RELEASES)('web hooks delivered by the %s mock', (release) => {
  const doc = committedDocument(release);
  const hooks = (doc as unknown as { webhooks: Record<string, Hook> }).webhooks;
  const validator = createValidator(doc);
  const calls = new Map(validCalls(doc).map((call) => [call.operationId, call]));
  let target: Awaited<ReturnType<typeof receiver>>;
  let mock: MockServer;
  const log: DeliveryEntry[] = [];

  beforeAll(async () => {
    target = await receiver();
    mock = await startMockServer({ release, stateful: true, records: 30, webhooks: { url: target.url, secret: SECRET, onDelivery: (e) => log.push(e) } });
  });
  afterAll(async () => {
    await mock?.close();
    await stop(target?.server);
  });

  /** Calls an operation with its documented example; its answer. */
  async function call(operationId: string): Promise<{ status: number; text: string }> {
    const c = calls.get(operationId)!;
    const body = c.body === undefined ? undefined : c.rawText ? String(c.body) : JSON.stringify(c.body);
    const response = await fetch(`${mock.baseUrl}${c.path}${searchOf(c.query)}`, {
      method: c.method,
      // Every POST is labelled (OneDev's resources refuse an unlabelled POST with 415).
      headers: { authorization: AUTH, ...(body !== undefined || c.method === 'POST' ? { 'content-type': c.bodyType ?? 'application/json' } : {}) },
      ...(body !== undefined ? { body } : {}),
      // A hung call still fails, within the test's minute; 10 s was passed on a loaded machine.
      signal: AbortSignal.timeout(45_000),
    });
    return { status: response.status, text: await response.text() };
  }

  it('delivers every event a cause names, and every event type, each valid against its schema with OneDev\'s headers', async () => {
    const causes = [...new Set(Object.values(hooks).flatMap((h) => h.post['x-onedev-sent-after'].map((c) => c.operationId)))];
    expect(causes.length).toBeGreaterThan(10);
    const expected: string[] = [];
    // A cause its effect refuses in the state the calls so far left (reopening a request that is
    // open) is called again once the others have run (and closed it).
    const refusedNow = (operationId: string, answer: { status: number; text: string }): boolean => {
      const c = calls.get(operationId)!;
      const operation = (doc.paths as Record<string, Record<string, Record<string, unknown>>>)[c.template]![c.method.toLowerCase()]!;
      const refuses = (operation[EXT.effect.name] as { refuses?: Array<{ status: number; message: string }> } | undefined)?.refuses ?? [];
      return refuses.some((r) => r.status === answer.status && answer.text === r.message);
    };
    const queue = [...causes];
    for (let i = 0; i < queue.length; i += 1) {
      const operationId = queue[i]!;
      const answer = await call(operationId);
      if (i < causes.length && refusedNow(operationId, answer)) {
        queue.push(operationId);
        continue;
      }
      expect(answer.status, `${operationId}: ${answer.text}`).toBeLessThan(300);
      expected.push(...Object.entries(hooks).filter(([, h]) => h.post['x-onedev-sent-after'].some((c) => c.operationId === operationId)).map(([name]) => name));
      await mock.webhooks!.settled();
    }
    // Event types no REST call reaches (code comments, packages, ...): one of each, by hand.
    const driven = new Set(expected.map((name) => hooks[name]!.post['x-onedev-event-type']));
    for (const [name, hook] of Object.entries(hooks)) {
      if (driven.has(hook.post['x-onedev-event-type'])) continue;
      driven.add(hook.post['x-onedev-event-type']);
      await mock.webhooks!.deliver(name);
      expected.push(name);
    }
    await mock.webhooks!.settled();

    expect(log.map((e) => e.event)).toEqual(expected);
    expect(target.received).toHaveLength(expected.length);
    const eventTypes = new Set(Object.values(hooks).map((h) => h.post['x-onedev-event-type']));
    expect(driven).toEqual(eventTypes);
    target.received.forEach(({ headers, body }, i) => {
      const name = expected[i]!;
      expect(headers['x-onedev-signature'], name).toBe(SECRET);
      expect(headers['content-type'], name).toBe('application/json');
      expect(headers['accept-charset'], name).toBe('UTF-8');
      expect(headers.accept, name).toBe('application/json');
      const payload = JSON.parse(body) as Record<string, unknown>;
      const validate = validator.compile(hooks[name]!.post.requestBody.content['application/json']!.schema);
      expect(validate(payload), `${name}: ${errorsOf(validate).join('; ')}`).toBe(true);
      if ('type' in payload) expect(payload.type).toBe(name);
    });
    expect(log.every((e) => e.status === 200 && /^web hook \w+ -> http:\/\/127\.0\.0\.1:\d+\/onedev: 200 \(\d+ ms\)$/.test(e.line))).toBe(true);
  }, 60_000);

  it('fills a payload from the write: the new id it answered, and what its body and path said', async () => {
    const before = target.received.length;
    const c = calls.get(Object.values(hooks).flatMap((h) => h.post['x-onedev-sent-after']).find((s) => s.route === 'POST /repositories/{projectId}/branches')!.operationId)!;
    const sentAt = Date.now();
    const response = await fetch(`${mock.baseUrl}${c.path}`, {
      method: 'POST',
      headers: { authorization: AUTH, 'content-type': 'application/json' },
      body: JSON.stringify({ ...(c.body as object), branchName: 'feature/hooked' }),
    });
    expect(response.status).toBe(200);
    await mock.webhooks!.settled();
    const ref = JSON.parse(target.received[before]!.body) as Record<string, unknown>;
    expect(ref).toMatchObject({ refName: 'refs/heads/feature/hooked', projectId: c.pathParams.projectId, oldCommitId: '0'.repeat(40) });
    // The new commit is where the branch now points, as Get Branch reads it.
    const branch = await fetch(`${mock.baseUrl}/repositories/${String(c.pathParams.projectId)}/branches/feature/hooked`, { headers: { authorization: AUTH } });
    expect(ref.newCommitId).toBe(((await branch.json()) as { commitHash: string }).commitHash);
    // A branch made through the REST API carries no user (DefaultGitService posts it without one).
    expect(ref.userId).toBeNull();
    if ('participatingUserIds' in ref) expect(ref.participatingUserIds).toEqual([]);
    // The event's date is when the write was made: between sending it and its delivery (no bound on how long that took).
    expect(Date.parse(String(ref.date))).toBeGreaterThanOrEqual(sentAt);
    expect(Date.parse(String(ref.date))).toBeLessThanOrEqual(Date.now());
  });

  it('delivers nothing for a refused write or a read', async () => {
    const before = target.received.length;
    const c = calls.get(Object.values(hooks).flatMap((h) => h.post['x-onedev-sent-after']).find((s) => s.route === 'POST /repositories/{projectId}/branches')!.operationId)!;
    expect((await fetch(`${mock.baseUrl}${c.path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).status).toBe(401);
    expect((await fetch(`${mock.baseUrl}/users/me`, { headers: { authorization: AUTH } })).status).toBe(200);
    await mock.webhooks!.settled();
    expect(target.received.length).toBe(before);
  });
});

describe('delivery rules', () => {
  let servers: Server[] = [];
  let mocks: MockServer[] = [];
  afterEach(async () => {
    for (const m of mocks) await m.close();
    for (const s of servers) await stop(s);
    servers = [];
    mocks = [];
  });

  it('the newest release opens a pull request and posts PullRequestOpened naming the new id and its target project', async () => {
    const target = await receiver();
    servers.push(target.server);
    const mock = await startMockServer({ stateful: true, webhooks: { url: target.url, secret: SECRET } });
    mocks.push(mock);
    const doc = committedDocument();
    const open = validCalls(doc).find((c) => c.method === 'POST' && c.template === '/pulls')!;
    const response = await fetch(`${mock.baseUrl}/pulls`, { method: 'POST', headers: { authorization: AUTH, 'content-type': 'application/json' }, body: JSON.stringify({ ...(open.body as object), sourceBranch: 'webhook-test' }) });
    // Its own branch: the example's change already has an open request, which the server refuses to repeat.
    expect(response.status).toBe(200);
    const id = Number(await response.text());
    await mock.webhooks!.settled();
    expect(target.received.map((r) => JSON.parse(r.body))).toEqual([
      expect.objectContaining({ type: 'PullRequestOpened', requestId: id, projectId: (open.body as { targetProjectId: number }).targetProjectId }),
    ]);
  });

  it('an issue branch made through the REST API: RefUpdated without a user, IssueBranchCreated by the system account', async () => {
    const target = await receiver();
    servers.push(target.server);
    const mock = await startMockServer({ stateful: true, webhooks: { url: target.url, secret: SECRET } });
    mocks.push(mock);
    const response = await fetch(`${mock.baseUrl}/issues/1543/branch`, { method: 'POST', headers: { authorization: AUTH, 'content-type': 'application/json' } });
    expect(response.status).toBe(200);
    await mock.webhooks!.settled();
    const byType = new Map(target.received.map((r) => JSON.parse(r.body) as Record<string, unknown>).map((p) => [p.type, p]));
    expect(byType.get('RefUpdated')).toMatchObject({ userId: null, participatingUserIds: [] });
    expect(byType.get('IssueBranchCreated')).toMatchObject({ userId: -1, participatingUserIds: [-1] });
  });

  it('sends once to a receiver that fails, and logs its status; a receiver that cannot be reached is logged too', async () => {
    const failing = await receiver(503);
    servers.push(failing.server);
    const log: string[] = [];
    const mock = await startMockServer({ stateful: true, webhooks: { url: failing.url, secret: SECRET, onDelivery: (e) => log.push(e.line) } });
    mocks.push(mock);
    const entry = await mock.webhooks!.deliver('PackPublished', { packId: 77 });
    expect(entry).toMatchObject({ event: 'PackPublished', status: 503 });
    expect(JSON.parse(failing.received[0]!.body)).toMatchObject({ type: 'PackPublished', packId: 77 });
    await new Promise((r) => setTimeout(r, 200));
    expect(failing.received).toHaveLength(1);
    await stop(failing.server);
    const gone = await mock.webhooks!.deliver('PackPublished');
    expect(gone.status).toBeUndefined();
    expect(log).toEqual([expect.stringMatching(/PackPublished -> .*: 503 \(OneDev logs this; no retry\)/), expect.stringMatching(/PackPublished -> .*: failed: ECONNREFUSED/)]);
  });

  it('gives up on a receiver that does not answer in time, once', async () => {
    let requests = 0;
    const silent = createServer(() => void (requests += 1));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    servers.push(silent);
    const url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/onedev`;
    const mock = await startMockServer({ stateful: true, webhooks: { url, secret: SECRET, timeoutMs: 300 } });
    mocks.push(mock);
    const entry = await mock.webhooks!.deliver('BuildFinished');
    expect(entry.line).toMatch(/BuildFinished -> .*: failed: no answer within 300 ms/);
    expect(requests).toBe(1);
  });

  it('sends a hook\'s custom headers where the release has them, and refuses them where it does not', async () => {
    const target = await receiver();
    servers.push(target.server);
    const mock = await startMockServer({ release: 'v14.1.9', stateful: true, webhooks: { url: target.url, secret: SECRET, headers: { 'X-Team': 'web' } } });
    mocks.push(mock);
    await mock.webhooks!.deliver('BuildFinished');
    expect(target.received[0]!.headers['x-team']).toBe('web');
    // A hook's header replaces OneDev's own of the same name, whatever its letter case, as HttpClient's setHeader does.
    const again = await startMockServer({ release: 'v14.1.9', stateful: true, webhooks: { url: target.url, secret: SECRET, headers: { 'x-onedev-signature': 'override', Accept: 'text/plain' } } });
    mocks.push(again);
    await again.webhooks!.deliver('BuildFinished');
    expect(target.received[1]!.headers['x-onedev-signature']).toBe('override');
    expect(target.received[1]!.headers.accept).toBe('text/plain');
    expect(target.received[1]!.rawHeaders.filter((h) => h.toLowerCase() === 'x-onedev-signature')).toHaveLength(1);
    await expect(startMockServer({ release: 'v13.1.7', stateful: true, webhooks: { url: target.url, secret: SECRET, headers: { 'X-Team': 'web' } } })).rejects.toThrow(
      'hooks of v13.1.7 have no custom headers',
    );
  });

  it('names what is wrong with the options', async () => {
    const url = 'http://127.0.0.1:9/onedev';
    await expect(startMockServer({ webhooks: { url, secret: SECRET } })).rejects.toThrow(/set `stateful` too/);
    await expect(startMockServer({ stateful: true, webhooks: { url: 'ftp://example.invalid/x', secret: SECRET } })).rejects.toThrow(WebhookTargetError);
    await expect(startMockServer({ stateful: true, webhooks: { url: 'not a url', secret: SECRET } })).rejects.toThrow(/is not a URL/);
    await expect(startMockServer({ stateful: true, webhooks: { url, secret: '' } })).rejects.toThrow(/secret/);
    const mock = await startMockServer({ release: 'v15.1.8', stateful: true, webhooks: { url, secret: SECRET } });
    mocks.push(mock);
    await expect(mock.webhooks!.deliver('WorkspaceCreated')).rejects.toThrow(/posts no such event/);
    await expect(mock.webhooks!.deliver('BuildFinished', { color: 'red' })).rejects.toThrow(/has no color/);
  });
});
