/**
 * Records the server makes by itself and the defaults of new records, on a fresh stateful mock of
 * v16.5.6 (the catalogue's create steps: spec/groups/project.ts, issue.ts): what the recorded
 * server answered after the same requests (test/fixtures/real-server/v16.5.6/transcript.jsonl).
 */
import { describe, expect, it } from 'vitest';
import { MockEngine } from '../../scripts/lib/mock/engine.js';
import { checkEffects } from '../../scripts/lib/check-effects.js';
import { withDefaults } from '../../scripts/lib/mock/effects/create.js';
import { Problems } from '../../scripts/lib/problems.js';
import type { SelectedGroup } from '../../scripts/lib/select-release.js';
import { committedDocument } from '../helpers.js';
import { ask, basicAuth } from './mock-fixtures.js';

const doc = committedDocument('v16.5.6');
const ADMIN = { authorization: basicAuth('admin', 'any-token'), 'content-type': 'application/json' };
type Rec = Record<string, unknown>;

function freshMock(): MockEngine {
  return new MockEngine(doc, { stateful: true, fresh: true });
}

async function post(engine: MockEngine, url: string, body: unknown): Promise<number> {
  const answer = await ask(engine, 'POST', url, { headers: ADMIN, body: JSON.stringify(body) });
  expect(answer.status, answer.text).toBe(200);
  return Number(answer.text);
}

async function get(engine: MockEngine, url: string): Promise<unknown> {
  const answer = await ask(engine, 'GET', url, { headers: ADMIN });
  expect(answer.status, answer.text).toBe(200);
  return answer.json();
}

describe('new records on a fresh stateful mock', () => {
  it('gives a new project the server defaults where the body is silent, and keeps what the body says', async () => {
    const engine = freshMock();
    const id = await post(engine, '/projects', { name: 'sandbox', gitPackConfig: {}, codeAnalysisSetting: {} });
    const project = (await get(engine, `/projects/${id}`)) as Rec;
    expect(project).toMatchObject({
      codeManagement: true,
      issueManagement: true,
      packManagement: true,
      gitPackConfig: { windowMemory: null, packSizeLimit: null, threads: null, window: null },
      codeAnalysisSetting: { analysisFiles: null },
    });
    const quiet = await post(engine, '/projects', { name: 'quiet', codeManagement: false, gitPackConfig: { threads: '2' }, codeAnalysisSetting: {} });
    expect(await get(engine, `/projects/${quiet}`)).toMatchObject({ codeManagement: false, gitPackConfig: { threads: '2', window: null } });
  });

  it('lays the body over the defaults member by member for objects, whole for the rest', () => {
    expect(withDefaults({ a: { x: 1 }, b: 2 }, { a: { x: null, y: null }, b: 0, c: true })).toEqual({ a: { x: 1, y: null }, b: 2, c: true });
    expect(withDefaults(undefined, { c: true })).toBeUndefined();
  });

  it('makes the creator of a project its Project Owner', async () => {
    const engine = freshMock();
    const id = await post(engine, '/projects', { name: 'acme', gitPackConfig: {}, codeAnalysisSetting: {} });
    const grants = (await get(engine, `/projects/${id}/user-authorizations`)) as Rec[];
    expect(grants.map((g) => [g.projectId, g.userId, g.roleId])).toEqual([[id, 1, 1]]);
  });

  it('has the submitter of an issue watch it', async () => {
    const engine = freshMock();
    const project = await post(engine, '/projects', { name: 'acme', gitPackConfig: {}, codeAnalysisSetting: {} });
    const issue = await post(engine, '/issues', { projectId: project, title: 'Login fails', description: null, confidential: false, iterationIds: [], fields: {} });
    const watches = (await get(engine, `/issues/${issue}/watches`)) as Rec[];
    expect(watches.map((w) => [w.issueId, w.userId, w.watching])).toEqual([[issue, 1, true]]);
  });

  it("derives a project's path from its parent's and its name, on create and on a move, and finds it by that path", async () => {
    const engine = freshMock();
    const bare = { gitPackConfig: {}, codeAnalysisSetting: {} };
    const acme = await post(engine, '/projects', { name: 'acme', ...bare });
    const webapp = await post(engine, '/projects', { parentId: acme, name: 'webapp', ...bare });
    expect(await get(engine, `/projects/${webapp}`)).toMatchObject({ path: 'acme/webapp' });
    expect(await get(engine, '/projects/ids/acme%2Fwebapp')).toBe(webapp);
    const tools = await post(engine, '/projects', { name: 'tools', ...bare });
    const moved = await ask(engine, 'POST', `/projects/${webapp}`, { headers: ADMIN, body: JSON.stringify({ parentId: tools, name: 'webapp', ...bare }) });
    expect(moved.status, moved.text).toBe(200);
    expect(await get(engine, `/projects/${webapp}`)).toMatchObject({ path: 'tools/webapp' });
    const rooted = await ask(engine, 'POST', `/projects/${webapp}`, { headers: ADMIN, body: JSON.stringify({ parentId: null, name: 'web', ...bare }) });
    expect(rooted.status, rooted.text).toBe(200);
    expect(await get(engine, `/projects/${webapp}`)).toMatchObject({ path: 'web' });
  });

  it("moves a project's descendants with it, and refuses a sibling's name in OneDev's words, under a parent or at the root", async () => {
    const engine = freshMock();
    const bare = { gitPackConfig: {}, codeAnalysisSetting: {} };
    const acme = await post(engine, '/projects', { name: 'acme', ...bare });
    const webapp = await post(engine, '/projects', { parentId: acme, name: 'webapp', ...bare });
    const api = await post(engine, '/projects', { parentId: webapp, name: 'api', ...bare });
    const webappper = await post(engine, '/projects', { name: 'webapp-two', ...bare });
    const tools = await post(engine, '/projects', { name: 'tools', ...bare });
    const moved = await ask(engine, 'POST', `/projects/${webapp}`, { headers: ADMIN, body: JSON.stringify({ parentId: tools, name: 'webapp', ...bare }) });
    expect(moved.status, moved.text).toBe(200);
    expect(await get(engine, `/projects/${api}`)).toMatchObject({ path: 'tools/webapp/api' });
    expect(await get(engine, `/projects/${webappper}`)).toMatchObject({ path: 'webapp-two' });
    const under = await ask(engine, 'POST', '/projects', { headers: ADMIN, body: JSON.stringify({ parentId: webapp, name: 'api', ...bare }) });
    expect([under.status, under.text]).toEqual([500, "Name 'api' is already used by another project under 'tools/webapp'"]);
    const root = await ask(engine, 'POST', '/projects', { headers: ADMIN, body: JSON.stringify({ name: 'tools', ...bare }) });
    expect([root.status, root.text]).toEqual([500, "Name 'tools' is already used by another root project"]);
    const renamed = await ask(engine, 'POST', `/projects/${tools}`, { headers: ADMIN, body: JSON.stringify({ parentId: null, name: 'acme', ...bare }) });
    expect([renamed.status, renamed.text]).toEqual([500, "Name 'acme' is already used by another root project"]);
    expect((await ask(engine, 'POST', `/projects/${tools}`, { headers: ADMIN, body: JSON.stringify({ parentId: null, name: 'tools', ...bare }) })).status).toBe(200);
  });

  it('refuses defaults and tree paths that name properties the record lacks, naming the operation and field', () => {
    const operation = {
      name: 'Create Project',
      method: 'POST',
      path: '/projects',
      description: '',
      permission: '',
      errors: [],
      effect: { changes: [{ create: 'ProjectData', values: { path: { path: { parent: 'parentKey', name: 'name' } } }, defaults: { codeManaged: true } }] },
    } as unknown as SelectedGroup['operations'][number];
    const problems = new Problems();
    const schemas = { ProjectData: { type: 'object' as const, properties: { id: {}, parentId: {}, name: {}, path: {} } } };
    checkEffects([{ name: 'Project', description: '', operations: [operation] } as unknown as SelectedGroup], schemas, problems);
    expect(problems.list).toEqual([
      expect.stringMatching(/Create Project.*values\.path\.path\.parent: ProjectData has no property parentKey/),
      expect.stringMatching(/Create Project.*defaults\.codeManaged: ProjectData has no property codeManaged/),
    ]);
  });

  it('starts with no SSO providers and lists exactly those made, not the documented examples', async () => {
    const engine = freshMock();
    expect(await get(engine, '/sso-providers')).toEqual([]);
    const connector = { '@type': 'DiscordConnector', clientId: '1093847563829104756', clientSecret: 'secret', serverId: null };
    const id = await post(engine, '/sso-providers', { name: 'discord', connector, defaultGroupId: null });
    expect(((await get(engine, '/sso-providers')) as Rec[]).map((p) => [p.id, p.name])).toEqual([[id, 'discord']]);
  });

  it('asks the reviewers a new pull request lists for a review and assigns its assignees', async () => {
    const engine = freshMock();
    const project = await post(engine, '/projects', { name: 'acme', gitPackConfig: {}, codeAnalysisSetting: {} });
    const opened = { targetProjectId: project, sourceProjectId: project, targetBranch: 'main', mergeStrategy: 'CREATE_MERGE_COMMIT' };
    const request = await post(engine, '/pulls', { ...opened, sourceBranch: 'feature/login', title: 'Login', reviewerIds: [3, 4], assigneeIds: [2] });
    const reviews = (await get(engine, `/pulls/${request}/reviews`)) as Rec[];
    expect(reviews.map((r) => [r.requestId, r.userId, r.status])).toEqual([[request, 3, 'PENDING'], [request, 4, 'PENDING']]);
    expect(((await get(engine, `/pulls/${request}/assignments`)) as Rec[]).map((a) => [a.requestId, a.userId])).toEqual([[request, 2]]);
    const bare = await post(engine, '/pulls', { ...opened, sourceBranch: 'feature/docs', title: 'Docs' });
    expect(await get(engine, `/pulls/${bare}/reviews`)).toEqual([]);
    expect(await get(engine, `/pulls/${bare}/assignments`)).toEqual([]);
  });

  it('refuses an element value outside a create step with each, naming the operation and field', () => {
    const operation = {
      name: 'Add Reviewer',
      method: 'POST',
      path: '/pulls/{requestId}/reviewers',
      description: '',
      permission: '',
      errors: [],
      effect: { changes: [{ create: 'PullRequestReview', values: { userId: { element: true } } }] },
    } as unknown as SelectedGroup['operations'][number];
    const problems = new Problems();
    const schemas = { PullRequestReview: { type: 'object' as const, properties: { userId: {}, requestId: {} } } };
    checkEffects([{ name: 'Pull Request', description: '', operations: [operation] } as unknown as SelectedGroup], schemas, problems);
    expect(problems.list).toEqual([expect.stringMatching(/Add Reviewer.*values\.userId\.element: only a create step with `each`/)]);
  });

  it("starts with the administrator's email address as id 1, so a new user's address is the next", async () => {
    const engine = freshMock();
    expect(((await get(engine, '/users/1/email-addresses')) as Rec[]).map((a) => [a.id, a.primary, a.ownerId])).toEqual([[1, true, 1]]);
    const alice = await post(engine, '/users', { name: 'alice', password: 'secret', fullName: 'Alice', emailAddress: 'alice@example.com', notifyOwnEvents: false, type: 'ORDINARY' });
    expect(((await get(engine, `/users/${alice}/email-addresses`)) as Rec[]).map((a) => a.id)).toEqual([2]);
  });
});
