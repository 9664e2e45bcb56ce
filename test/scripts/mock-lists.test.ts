/**
 * Lists linked by a property not named like the path's id (`x-onedev-lists`, spec/model.ts
 * OperationSpec `lists`): a user's email addresses are those whose `ownerId` is the user, an
 * issue's links those with the issue at either end. The stateful mock lists what was made, and
 * the builder refuses a `lists` naming a property the listed records lack.
 */
import { describe, expect, it } from 'vitest';
import { MockEngine } from '../../scripts/lib/mock/engine.js';
import { checkEffects } from '../../scripts/lib/check-effects.js';
import { Problems } from '../../scripts/lib/problems.js';
import type { SelectedGroup } from '../../scripts/lib/select-release.js';
import { EXT } from '../../src/extensions.js';
import { committedDocument } from '../helpers.js';
import { ask } from './mock-fixtures.js';

type Rec = Record<string, unknown>;
const admin = { authorization: 'Bearer admin', 'content-type': 'application/json' };

describe('x-onedev-lists', () => {
  const doc = committedDocument();

  it('is written on the reads whose link has another name', () => {
    const get = (path: string): unknown => (doc.paths?.[path]?.get as Record<string, unknown> | undefined)?.[EXT.lists.name];
    expect(get('/users/{userId}/email-addresses')).toEqual({ fields: ['ownerId'] });
    expect(get('/issues/{issueId}/links')).toEqual({ fields: ['sourceId', 'targetId'] });
  });

  it('makes the stateful mock list the records whose named property holds the path id', async () => {
    const engine = new MockEngine(doc, { stateful: true });
    const made = await ask(engine, 'POST', '/email-addresses', { headers: admin, body: JSON.stringify({ value: 'x@example.org', ownerId: 1 }) });
    expect(made.status).toBe(200);
    const listed = (await ask(engine, 'GET', '/users/1/email-addresses', { headers: admin })).json() as Rec[];
    expect(listed.map((r) => String(r.id))).toContain(made.text.trim());
    expect(listed.every((r) => r.ownerId === 1)).toBe(true);
  });

  it('gives a user created with an email address that address as its primary one (a create step with ifBodyField and a subject value)', async () => {
    const engine = new MockEngine(doc, { stateful: true });
    const body = { name: 'dora', password: 'secret', fullName: 'Dora', emailAddress: 'dora@example.org', type: 'ORDINARY', notifyOwnEvents: false };
    const made = await ask(engine, 'POST', '/users', { headers: admin, body: JSON.stringify(body) });
    expect(made.status).toBe(200);
    const listed = (await ask(engine, 'GET', `/users/${made.text.trim()}/email-addresses`, { headers: admin })).json() as Rec[];
    expect(listed.map((r) => [r.value, r.primary, r.ownerId])).toEqual([['dora@example.org', true, Number(made.text.trim())]]);
  });

  it("leaves out the records `except` names: a reviewer taken off the request is no longer among its reviews", async () => {
    expect((doc.paths?.['/pulls/{requestId}/reviews']?.get as Record<string, unknown>)[EXT.lists.name]).toEqual({ fields: ['requestId'], except: { status: 'EXCLUDED' } });
    const engine = new MockEngine(doc, { stateful: true, fresh: true });
    const post = async (path: string, body: Rec): Promise<string> => {
      const answer = await ask(engine, 'POST', path, { headers: admin, body: JSON.stringify(body) });
      expect(answer.status, answer.text).toBe(200);
      return answer.text.trim();
    };
    const users = await Promise.all(['rita', 'remy'].map((name) => post('/users', { name, password: 'secret', fullName: name, emailAddress: `${name}@example.org`, type: 'ORDINARY', notifyOwnEvents: false })));
    const projectId = Number(await post('/projects', {
      parentId: null, name: 'webapp', description: null, codeManagement: true, packManagement: true, issueManagement: true, timeTracking: false,
      gitPackConfig: { windowMemory: null, packSizeLimit: null, threads: null, window: null }, codeAnalysisSetting: { analysisFiles: null },
    }));
    const request = await post('/pulls', {
      targetProjectId: projectId, sourceProjectId: projectId, targetBranch: 'main', sourceBranch: 'feature/login',
      title: 'Login', description: null, mergeStrategy: 'CREATE_MERGE_COMMIT', reviewerIds: users.map(Number), assigneeIds: [],
    });
    const reviewers = async (): Promise<unknown[]> => ((await ask(engine, 'GET', `/pulls/${request}/reviews`, { headers: admin })).json() as Rec[]).map((r) => r.userId);
    expect(await reviewers()).toEqual(users.map(Number));
    expect((await ask(engine, 'DELETE', `/pulls/${request}/reviewers/${users[0]!}`, { headers: admin })).status).toBe(200);
    expect(await reviewers()).toEqual([Number(users[1])]);
  });

  it('is refused when the listed records lack the property, naming the operation', () => {
    const operation = {
      name: 'Get Ssh Keys',
      method: 'GET',
      path: '/users/{userId}/ssh-keys',
      description: '',
      permission: '',
      success: { kind: 'json', type: { array: { ref: 'SshKey' } }, description: '', example: 'X' },
      errors: [],
      lists: { fields: ['holderId'] },
    } as unknown as SelectedGroup['operations'][number];
    const problems = new Problems();
    checkEffects([{ name: 'User', description: '', operations: [operation] } as unknown as SelectedGroup], { SshKey: { type: 'object', properties: { id: {}, ownerId: {} } } }, problems);
    expect(problems.list).toEqual([expect.stringMatching(/Get Ssh Keys.*lists\.fields: SshKey has no property holderId/)]);
  });
});
