/**
 * Branches and tags in a stateful mock (spec/model.ts, RefStep, RefCondition and RefsRead): the
 * repository reads answer the refs as the writes left them, a ref made twice is refused in the
 * server's words, a deleted one is 404, a pull request's source branch goes and comes back, and
 * commit queries see the new refs. The builder refuses a malformed ref step, naming the field.
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

const project = (name: string): Rec => ({
  parentId: null, name, description: null, codeManagement: true, packManagement: true, issueManagement: true, timeTracking: false,
  gitPackConfig: { windowMemory: null, packSizeLimit: null, threads: null, window: null }, codeAnalysisSetting: { analysisFiles: null },
});

async function post(engine: MockEngine, path: string, body: unknown): Promise<{ status: number; text: string }> {
  return ask(engine, 'POST', path, { headers: admin, body: typeof body === 'string' ? body : JSON.stringify(body) });
}

async function get(engine: MockEngine, path: string): Promise<{ status: number; text: string; json: () => unknown }> {
  return ask(engine, 'GET', path, { headers: admin });
}

async function fresh(release?: Parameters<typeof committedDocument>[0]): Promise<{ engine: MockEngine; repo: string }> {
  const engine = new MockEngine(committedDocument(release), { stateful: true, fresh: true });
  const made = await post(engine, '/projects', project('webapp'));
  expect(made.status, made.text).toBe(200);
  return { engine, repo: `/repositories/${made.text.trim()}` };
}

describe('branches and tags in a stateful mock', () => {
  it('makes a branch at a revision, refuses it a second time, and deletes it: reads and the list follow', async () => {
    const { engine, repo } = await fresh();
    const names = (await get(engine, `${repo}/branches`)).json() as string[];
    expect(names[0]).toBe('main');
    expect(names).toContain('feature/login');
    expect(names).not.toContain('feature/tmp');
    const main = (await get(engine, `${repo}/branches/main`)).json() as Rec;
    expect(main).toEqual({ refName: 'refs/heads/main', commitHash: expect.stringMatching(/^[0-9a-f]{40}$/) });

    expect((await post(engine, `${repo}/branches`, { branchName: 'feature/tmp', revision: 'main' })).status).toBe(200);
    expect((await get(engine, `${repo}/branches/feature/tmp`)).json()).toEqual({ refName: 'refs/heads/feature/tmp', commitHash: main.commitHash });
    expect((await get(engine, `${repo}/branches`)).json()).toContain('feature/tmp');
    expect(await post(engine, `${repo}/branches`, { branchName: 'feature/tmp', revision: 'main' })).toMatchObject({ status: 406, text: "Branch 'feature/tmp' already exists" });

    expect((await ask(engine, 'DELETE', `${repo}/branches/feature/tmp`, { headers: admin })).status).toBe(200);
    expect(await get(engine, `${repo}/branches/feature/tmp`)).toMatchObject({ status: 404, text: 'Branch not found: feature/tmp' });
    expect((await get(engine, `${repo}/branches`)).json()).toEqual(names);
    expect(await get(engine, `${repo}/branches/nope`)).toMatchObject({ status: 404, text: 'Branch not found: nope' });
  });

  it('makes a tag at another branch\'s head, listed first as the newest, and deletes it', async () => {
    const { engine, repo } = await fresh();
    const login = (await get(engine, `${repo}/branches/feature/login`)).json() as Rec;
    const before = (await get(engine, `${repo}/tags`)).json() as string[];
    expect(before.length).toBeGreaterThan(0);
    expect((await post(engine, `${repo}/tags`, { tagName: 'v9.0', tagMessage: 'Nine', revision: 'feature/login' })).status).toBe(200);
    expect((await get(engine, `${repo}/tags/v9.0`)).json()).toEqual({ refName: 'refs/tags/v9.0', commitHash: login.commitHash });
    expect((await get(engine, `${repo}/tags`)).json()).toEqual(['v9.0', ...before]);
    expect(await post(engine, `${repo}/tags`, { tagName: before[0], revision: 'main' })).toMatchObject({ status: 406, text: `Tag '${before[0]!}' already exists` });
    expect((await ask(engine, 'DELETE', `${repo}/tags/v9.0`, { headers: admin })).status).toBe(200);
    expect(await get(engine, `${repo}/tags/v9.0`)).toMatchObject({ status: 404, text: 'Tag not found: v9.0' });
  });

  it('refuses a branch made twice with 400 where the release refused so (v11.11.4)', async () => {
    const { engine, repo } = await fresh('v11.11.4');
    expect((await post(engine, `${repo}/branches`, { branchName: 'twice', revision: 'main' })).status).toBe(200);
    expect(await post(engine, `${repo}/branches`, { branchName: 'twice', revision: 'main' })).toMatchObject({ status: 400, text: "Branch 'twice' already exists" });
  });

  it('lets commit queries name a new branch', async () => {
    const { engine, repo } = await fresh();
    const main = (await get(engine, `${repo}/branches/main`)).json() as Rec;
    await post(engine, `${repo}/branches`, { branchName: 'spike', revision: 'main' });
    const commits = await get(engine, `${repo}/commits?query=${encodeURIComponent('branch(spike)')}&count=1`);
    expect(commits.status, commits.text).toBe(200);
    expect((commits.json() as Rec[]).map((c) => c.hash)).toEqual([main.commitHash]);
  });

  it("deletes a merged request's source branch and restores it where it was", async () => {
    const { engine, repo } = await fresh();
    const projectId = Number(repo.split('/').pop());
    const login = (await get(engine, `${repo}/branches/feature/login`)).json() as Rec;
    const request = (await post(engine, '/pulls', {
      targetProjectId: projectId, sourceProjectId: projectId, targetBranch: 'main', sourceBranch: 'feature/login',
      title: 'Login', description: null, mergeStrategy: 'CREATE_MERGE_COMMIT', reviewerIds: [], assigneeIds: [],
    })).text.trim();
    expect((await post(engine, `/pulls/${request}/delete-source-branch`, '')).status).toBe(406);
    expect((await get(engine, `${repo}/branches/feature/login`)).status).toBe(200);
    expect((await post(engine, `/pulls/${request}/merge`, '')).status).toBe(200);
    expect((await post(engine, `/pulls/${request}/delete-source-branch`, 'Done with it.')).status).toBe(200);
    expect(await get(engine, `${repo}/branches/feature/login`)).toMatchObject({ status: 404, text: 'Branch not found: feature/login' });
    expect(((await get(engine, `/pulls/${request}`)).json() as Rec).commentCount).toBe(1);
    expect((await post(engine, `/pulls/${request}/restore-source-branch`, '')).status).toBe(200);
    expect((await get(engine, `${repo}/branches/feature/login`)).json()).toEqual(login);
  });

  it("makes an issue's branch from its number and title, once, or answers the branch that carries its number", async () => {
    const { engine, repo } = await fresh();
    const projectId = Number(repo.split('/').pop());
    const issue = async (title: string): Promise<Rec> => {
      const id = (await post(engine, '/issues', { projectId, title, description: null, confidential: false, fields: {} })).text.trim();
      return (await get(engine, `/issues/${id}`)).json() as Rec;
    };
    const logout = await issue('Add logout');
    const made = await post(engine, `/issues/${String(logout.id)}/branch`, '');
    expect(made).toMatchObject({ status: 200, text: `issue-${String(logout.number)}-add-logout` });
    const main = (await get(engine, `${repo}/branches/main`)).json() as Rec;
    expect((await get(engine, `${repo}/branches/${made.text}`)).json()).toEqual({ refName: `refs/heads/${made.text}`, commitHash: main.commitHash });
    const listed = (await get(engine, `${repo}/branches`)).json() as string[];
    expect(await post(engine, `/issues/${String(logout.id)}/branch`, '')).toMatchObject({ status: 200, text: made.text });
    expect((await get(engine, `${repo}/branches`)).json()).toEqual(listed);

    // Cut to 30 characters, the last of which is a '-' that goes too.
    const long = await issue('  Deliveries of web HOOKS fails, again!  ');
    expect((await post(engine, `/issues/${String(long.id)}/branch`, '')).text).toBe(`issue-${String(long.number)}-deliveries-of-web-hooks-fails`);
    const carried = await issue('Anything');
    await post(engine, `${repo}/branches`, { branchName: `fix/Issue-${String(carried.number)}-by-hand`, revision: 'main' });
    expect((await post(engine, `/issues/${String(carried.id)}/branch`, '')).text).toBe(`fix/Issue-${String(carried.number)}-by-hand`);
    expect((await post(engine, '/issues/9999/branch', '')).status).toBe(404);
  });

  it('leaves the refs to the examples without --stateful', async () => {
    const engine = new MockEngine(committedDocument(), {});
    expect((await get(engine, '/repositories/1/branches/nope')).status).toBe(200);
    const ops = committedDocument().paths?.['/repositories/{projectId}/branches/{branch}'];
    expect(ops?.get?.[EXT.answers.name]).toEqual({ refs: 'branch', name: 'branch', missing: 'Branch not found: <name>' });
  });

  it('is refused when malformed, naming the operation and the field', () => {
    const operation = {
      name: 'Create Branch',
      method: 'POST',
      path: '/repositories/{projectId}/branches',
      description: '',
      permission: '',
      body: { kind: 'json', type: { ref: 'CreateBranchRequest' }, description: '', example: '' },
      success: { kind: 'empty', description: '' },
      errors: [406],
      effect: {
        changes: [{ ref: 'commit', action: 'move', project: { param: 'repoId' }, name: { now: true }, revision: { bodyField: 'rev' } }],
        refuses: [{ when: { refExists: 'branch', project: { param: 'projectId' }, name: { bodyField: 'label' } }, status: 406, message: 'exists' }],
      },
    } as unknown as SelectedGroup['operations'][number];
    const reads = { ...operation, name: 'Get Branch', method: 'GET', path: '/repositories/{projectId}/branches/{branch}', body: undefined, effect: undefined, success: { kind: 'json', type: { array: 'string' }, description: '' }, answers: { refs: 'branch', name: 'ref' } } as unknown as SelectedGroup['operations'][number];
    const problems = new Problems();
    checkEffects([{ name: 'Repository', description: '', operations: [operation, reads] } as unknown as SelectedGroup], { CreateBranchRequest: { type: 'object', properties: { branchName: {}, revision: {} } } }, problems);
    expect(problems.list).toEqual([
      expect.stringMatching(/Create Branch.*effect\.changes\[0\]: "commit" is not one of: branch, tag/),
      expect.stringMatching(/Create Branch.*effect\.changes\[0\]\.action: "move" is not one of: create, delete/),
      expect.stringMatching(/Create Branch.*effect\.changes\[0\]\.revision: only a create has a revision/),
      expect.stringMatching(/Create Branch.*effect\.changes\[0\]\.project\.param: the path has no \{repoId\}/),
      expect.stringMatching(/Create Branch.*effect\.changes\[0\]\.name: a ref's value is one of: const, param, body, bodyField, subject/),
      expect.stringMatching(/Create Branch.*effect\.changes\[0\]\.revision\.bodyField: CreateBranchRequest has no property rev/),
      expect.stringMatching(/Create Branch.*effect\.refuses\[0\]\.when\.name\.bodyField: CreateBranchRequest has no property label/),
      expect.stringMatching(/Get Branch.*answers\.name: the path has no \{ref\}/),
      expect.stringMatching(/Get Branch.*answers\.name: one ref answers a record of a component schema/),
    ]);
  });
});
