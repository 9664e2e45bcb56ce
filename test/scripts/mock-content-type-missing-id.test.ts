/**
 * The mock answers as a v16.5.6 server did (issue 37, items 2 and 3), from what the description
 * states: a POST not labelled JSON gets the operation's documented 415 and its text; with
 * `application/json` and `{}` or no body it goes on. A missing record of a read whose
 * `x-onedev-missing-id` says 400 gets 400 with Hibernate's message (for the callers it names);
 * other reads keep 404. The project's own client calls the bodyless POSTs through.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOneDevClient } from '../../src/index.js';
import { MockEngine } from '../../scripts/lib/mock/engine.js';
import { startMockServer, type MockServer } from '../../scripts/lib/mock/server.js';
import { committedDocument, SUPPORTED_RELEASES } from '../helpers.js';
import { ask, basicAuth } from './mock-fixtures.js';

const ADMIN = { authorization: basicAuth('admin', 'any-token') };
const JSON_TYPE = { 'content-type': 'application/json' };
const UNSUPPORTED = 'HTTP 415 Unsupported Media Type';
const row = (model: string, id: number): string => `No row with the given identifier exists: [io.onedev.server.model.${model}#${id}]`;

describe.each(SUPPORTED_RELEASES)('POSTs not labelled JSON, at %s', (release) => {
  const engine = new MockEngine(committedDocument(release));

  it('refuse a bodyless POST sent without a Content-Type with 415 and the server\'s text', async () => {
    for (const path of ['/users/7/disable', '/agent-tokens']) {
      const answer = await ask(engine, 'POST', path, { headers: ADMIN });
      expect(answer.status, path).toBe(415);
      expect(answer.text, path).toBe(UNSUPPORTED);
      // Another type is refused the same way, a body or not.
      const typed = await ask(engine, 'POST', path, { headers: { ...ADMIN, 'content-type': 'text/plain' }, body: 'x' });
      expect([typed.status, typed.text], path).toEqual([415, UNSUPPORTED]);
    }
  });

  it('take it with application/json, with {} or no body; GET and DELETE need no Content-Type', async () => {
    for (const body of ['{}', '']) {
      const disabled = await ask(engine, 'POST', '/users/7/disable', { headers: { ...ADMIN, ...JSON_TYPE }, body });
      expect(disabled.status, `disable with ${JSON.stringify(body)}`).toBe(200);
      const token = await ask(engine, 'POST', '/agent-tokens', { headers: { ...ADMIN, ...JSON_TYPE }, body });
      expect(token.status).toBe(200);
      expect(token.text).toMatch(/^\d+$/);
    }
    expect((await ask(engine, 'GET', '/users/7', { headers: ADMIN })).status).toBe(200);
    expect((await ask(engine, 'DELETE', '/memberships/1', { headers: ADMIN })).status).toBe(200);
  });

  it('refuse a JSON body sent without a Content-Type with the same text, and leave a raw-text body alone', async () => {
    const group = await ask(engine, 'POST', '/groups', { headers: ADMIN, body: '{"name":"x"}' });
    expect([group.status, group.text]).toEqual([415, UNSUPPORTED]);
    const emptyGroup = await ask(engine, 'POST', '/groups', { headers: ADMIN });
    expect([emptyGroup.status, emptyGroup.text]).toEqual([415, UNSUPPORTED]);
    // Set Title reads a Java String: taken without a Content-Type, refused under another type.
    expect((await ask(engine, 'POST', '/pulls/42/title', { headers: ADMIN, body: 'New title' })).status).not.toBe(415);
    expect((await ask(engine, 'POST', '/pulls/42/title', { headers: { ...ADMIN, 'content-type': 'text/plain' }, body: 'New title' })).status).toBe(415);
  });

  it('leave the job trigger, which consumes any type, alone', async () => {
    const answer = await ask(engine, 'POST', '/trigger-job?project=acme%2Fwebapp&branch=main&job=ci&access-token=abc', { headers: {} });
    expect(answer.status).not.toBe(415);
  });
});

describe.each(SUPPORTED_RELEASES)('a missing record, stateful, at %s', (release) => {
  const engine = new MockEngine(committedDocument(release), { stateful: true, records: 20 });
  const everyone: Array<[string, string]> = [
    ['/memberships/999999', 'Membership'],
    ['/agents/999999', 'Agent'],
    ['/agent-tokens/999999', 'AgentToken'],
    ['/groups/999999', 'Group'],
    ['/label-specs/999999', 'LabelSpec'],
    ['/roles/999999', 'Role'],
  ];

  it('is answered 400 with the server\'s message where the read returns the row untouched', async () => {
    for (const [path, model] of everyone) {
      const answer = await ask(engine, 'GET', path, { headers: ADMIN });
      expect([answer.status, answer.text], path).toEqual([400, row(model, 999999)]);
    }
  });

  it('is 400 for an administrator and 404 for another caller where the owner check is skipped for administrators', async () => {
    for (const [path, model] of [['/access-tokens/999999', 'AccessToken'], ['/email-addresses/999999', 'EmailAddress'], ['/ssh-keys/999999', 'SshKey']] as const) {
      const admin = await ask(engine, 'GET', path, { headers: ADMIN });
      expect([admin.status, admin.text], path).toEqual([400, row(model, 999999)]);
      const other = await ask(engine, 'GET', path);
      expect(other.status, path).toBe(404);
      expect(other.text, path).toBe(row(model, 999999));
    }
  });

  it('is 404 for the deletes of those resources', async () => {
    const membership = await ask(engine, 'DELETE', '/memberships/999999', { headers: ADMIN });
    expect(membership.status).toBe(404);
  });
});

describe('a deleted user, stateful, at v16.5.6 (the recorded release)', () => {
  const engine = new MockEngine(committedDocument('v16.5.6'), { stateful: true, records: 20 });
  it('reads as 404 with the missing row, as transcript line 39 shows', async () => {
    const users = (await ask(engine, 'GET', '/users?offset=0&count=20', { headers: ADMIN })).json() as Array<{ id: number }>;
    const id = users.at(-1)!.id;
    expect((await ask(engine, 'DELETE', `/users/${id}`, { headers: ADMIN })).status).toBe(200);
    const user = await ask(engine, 'GET', `/users/${id}`, { headers: ADMIN });
    expect(user.status).toBe(404);
    expect(user.text).toMatch(new RegExp(`^No row with the given identifier exists: \\[io\\.onedev\\.server\\.model\\.\\w+#${id}\\]$`));
  });
});

describe('the project\'s own client against the mock', () => {
  let mock: MockServer;
  beforeAll(async () => {
    mock = await startMockServer({ port: 0, document: committedDocument(), stateful: true, records: 20, subscription: true });
  });
  afterAll(async () => {
    await mock?.close();
  });

  it('disables a user and adds a reviewer, with no body given', async () => {
    const client = createOneDevClient({ baseUrl: mock.origin, auth: { user: 'admin', accessToken: 'any-token' } });
    const disabled = await client.POST('/users/{userId}/disable', { params: { path: { userId: 7 } } });
    expect(disabled.response.status).toBe(200);
    const added = await client.POST('/pulls/{requestId}/reviewers/{userId}', { params: { path: { requestId: 42, userId: 7 } } });
    expect(added.response.status).toBe(200);
    // With the body two public clients send, too.
    const again = await client.POST('/users/{userId}/convert-to-service-account', { params: { path: { userId: 7 } }, body: {} });
    expect(again.response.status).toBe(200);
  });
});
