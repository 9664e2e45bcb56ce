/**
 * Effects that reach other records (spec/model.ts, RecordAt `referencedIn`, EffectValue
 * `stateOrdinal`, a count step's `ifBodyField`): merging a pull request closes the issues its
 * description says it fixes, a state transition moves the state's ordinal and counts its comment,
 * and the builder refuses a malformed one, naming the operation and the field.
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

async function made(engine: MockEngine, path: string, body: Rec): Promise<string> {
  const answer = await ask(engine, 'POST', path, { headers: admin, body: JSON.stringify(body) });
  expect(answer.status, answer.text).toBe(200);
  return answer.text.trim();
}

async function issueIn(engine: MockEngine, projectId: number, title: string): Promise<Rec> {
  const id = await made(engine, '/issues', { projectId, title, description: null, confidential: false, fields: {} });
  return (await ask(engine, 'GET', `/issues/${id}`, { headers: admin })).json() as Rec;
}

const project = (name: string): Rec => ({
  parentId: null, name, description: null, codeManagement: true, packManagement: true, issueManagement: true, timeTracking: false,
  gitPackConfig: { windowMemory: null, packSizeLimit: null, threads: null, window: null }, codeAnalysisSetting: { analysisFiles: null },
});

describe('effects that reach other records', () => {
  const doc = committedDocument();

  it('merging a pull request closes the issues of its target project that its description fixes, with a comment each', async () => {
    const engine = new MockEngine(doc, { stateful: true, fresh: true });
    const projectId = Number(await made(engine, '/projects', project('webapp')));
    const other = Number(await made(engine, '/projects', project('other')));
    const fixed = await issueIn(engine, projectId, 'Broken');
    const untouched = await issueIn(engine, projectId, 'Also broken');
    const elsewhere = await issueIn(engine, other, 'In another project');
    const request = await made(engine, '/pulls', {
      targetProjectId: projectId, sourceProjectId: projectId, targetBranch: 'main', sourceBranch: 'fix',
      title: 'Fix', description: `Fixes #${String(fixed.number)}, see #${String(untouched.number)}\n\ncloses #${String(elsewhere.number)}`, mergeStrategy: 'CREATE_MERGE_COMMIT', reviewerIds: [], assigneeIds: [],
    });
    expect((await ask(engine, 'POST', `/pulls/${request}/merge`, { headers: admin })).status).toBe(200);
    const read = async (issue: Rec): Promise<Rec> => (await ask(engine, 'GET', `/issues/${String(issue.id)}`, { headers: admin })).json() as Rec;
    expect(await read(fixed)).toMatchObject({ state: 'Closed', stateOrdinal: 3, commentCount: 1 });
    expect(await read(untouched)).toMatchObject({ state: 'Open', stateOrdinal: 0, commentCount: 0 });
    expect(await read(elsewhere)).toMatchObject({ state: 'Open', commentCount: 0 });
  });

  it("marks one address primary (or, before v16.5.0, for git) and takes the mark off the owner's other addresses, not another user's (RecordAt others)", async () => {
    for (const [release, property] of [['v16.5.6', 'primary'], ['v15.1.8', 'git']] as const) {
      const engine = new MockEngine(committedDocument(release), { stateful: true, fresh: true });
      const user = async (name: string): Promise<string> => made(engine, '/users', { name, password: 'secret', fullName: name, emailAddress: `${name}@example.org`, type: 'ORDINARY', notifyOwnEvents: false });
      const dora = await user('dora');
      const eve = await user('eve');
      const first = await made(engine, '/email-addresses', { value: 'dora@home.example', ownerId: Number(dora) });
      const second = await made(engine, '/email-addresses', { value: 'dora@work.example', ownerId: Number(dora) });
      const marked = async (owner: string): Promise<unknown[]> =>
        ((await ask(engine, 'GET', `/users/${owner}/email-addresses`, { headers: admin })).json() as Rec[]).filter((r) => r[property] === true).map((r) => r.value);
      const eveBefore = await marked(eve);
      for (const [id, value] of [[first, 'dora@home.example'], [second, 'dora@work.example']] as const) {
        expect((await ask(engine, 'POST', `/email-addresses/${property}`, { headers: admin, body: id })).status, release).toBe(200);
        expect(await marked(dora), `${release} ${property}`).toEqual([value]);
      }
      expect(await marked(eve)).toEqual(eveBefore);
    }
  });

  it('makes the build a job trigger asks for, by GET or POST, from its query: the project by path, the branch or tag, the job', async () => {
    const engine = new MockEngine(doc, { stateful: true, fresh: true });
    const acme = Number(await made(engine, '/projects', project('acme')));
    const webapp = Number(await made(engine, '/projects', { ...project('webapp'), parentId: acme }));
    const trigger = async (method: string, query: string): Promise<Rec> => {
      const answer = await ask(engine, method, `/trigger-job?${query}&job=ci&access-token=token`, { headers: {} });
      expect(answer.status, answer.text).toBe(200);
      return (await ask(engine, 'GET', `/builds/${answer.text.trim()}`, { headers: admin })).json() as Rec;
    };
    expect(await trigger('GET', 'project=acme%2Fwebapp&branch=main')).toMatchObject({ projectId: webapp, refName: 'refs/heads/main', jobName: 'ci', status: 'WAITING' });
    expect(await trigger('POST', 'project=acme&tag=v4.0.0')).toMatchObject({ projectId: acme, refName: 'refs/tags/v4.0.0', jobName: 'ci' });
  });

  it('refuses query values the operation cannot read and lookups of what is not there, naming the field', () => {
    const operation = {
      name: 'Trigger Job Via Get',
      method: 'GET',
      path: '/trigger-job',
      parameters: ['triggerProject'],
      description: '',
      permission: '',
      success: { kind: 'id', description: '' },
      errors: [],
      effect: {
        changes: [{
          create: 'Build',
          values: {
            jobName: { query: 'job' },
            refName: { firstOf: [{ query: 'branch' }, { param: 'tag' }] },
            projectId: { idOf: 'Nope', by: 'path', value: { query: 'project' } },
            submitterId: { idOf: 'ProjectData', by: 'slug', value: { query: 'project' } },
          },
        }],
      },
    } as unknown as SelectedGroup['operations'][number];
    const idle = { ...operation, name: 'Read', effect: { changes: [], none: 'nothing' } } as unknown as SelectedGroup['operations'][number];
    const schemas = { Build: { type: 'object', properties: { jobName: {}, refName: {}, projectId: {}, submitterId: {} } }, ProjectData: { type: 'object', properties: { path: {} } } } as never;
    const problems = new Problems();
    const parameters = { triggerProject: { name: 'project', in: 'query' } } as never;
    checkEffects([{ name: 'Trigger Job', description: '', operations: [operation, idle] } as unknown as SelectedGroup], schemas, problems, parameters);
    expect(problems.list).toEqual([
      expect.stringMatching(/Trigger Job Via Get.*values\.jobName\.query: the operation has no query parameter job/),
      expect.stringMatching(/values\.refName\.firstOf\[0\]\.query: the operation has no query parameter branch/),
      expect.stringMatching(/values\.refName\.firstOf\[1\]\.param: the path has no \{tag\}/),
      expect.stringMatching(/values\.projectId\.idOf: no schema Nope in this release/),
      expect.stringMatching(/values\.submitterId\.by: ProjectData has no property slug/),
      expect.stringMatching(/"Read".*a GET that changes nothing needs no effect/),
    ]);
  });

  it('lists an issue\'s pull requests as those of its project whose description fixes it (x-onedev-lists referencing)', async () => {
    const get = (doc.paths?.['/issues/{issueId}/pulls']?.get as Record<string, unknown> | undefined)?.[EXT.lists.name];
    expect(get).toEqual({ referencing: { referencedIn: 'description', pattern: 'fixes', project: 'targetProjectId' } });
    const engine = new MockEngine(doc, { stateful: true, fresh: true });
    const projectId = Number(await made(engine, '/projects', project('webapp')));
    const issue = await issueIn(engine, projectId, 'Broken');
    const other = await issueIn(engine, projectId, 'Other');
    // Each from its own branch: a second open request for the same change is refused.
    const opened = (description: string, sourceBranch: string) => made(engine, '/pulls', {
      targetProjectId: projectId, sourceProjectId: projectId, targetBranch: 'main', sourceBranch,
      title: 'Fix', description, mergeStrategy: 'CREATE_MERGE_COMMIT', reviewerIds: [], assigneeIds: [],
    });
    const fixing = await opened(`Resolves #${String(issue.number)}`, 'fix');
    await opened(`Mentions #${String(issue.number)}; fixes #${String(other.number)}`, 'fix-other');
    const listed = (await ask(engine, 'GET', `/issues/${String(issue.id)}/pulls`, { headers: admin })).json() as Rec[];
    expect(listed.map((r) => String(r.id))).toEqual([fixing]);
  });

  it('a state transition writes the state\'s ordinal and counts a comment only when the body gives one', async () => {
    const engine = new MockEngine(doc, { stateful: true, fresh: true });
    const projectId = Number(await made(engine, '/projects', project('webapp')));
    const issue = await issueIn(engine, projectId, 'Broken');
    const transit = (body: Rec) => ask(engine, 'POST', `/issues/${String(issue.id)}/state-transitions`, { headers: admin, body: JSON.stringify(body) });
    expect((await transit({ state: 'In Progress', comment: 'Starting' })).status).toBe(200);
    expect((await ask(engine, 'GET', `/issues/${String(issue.id)}`, { headers: admin })).json()).toMatchObject({ state: 'In Progress', stateOrdinal: 1, commentCount: 1 });
    expect((await transit({ state: 'Closed' })).status).toBe(200);
    expect((await ask(engine, 'GET', `/issues/${String(issue.id)}`, { headers: admin })).json()).toMatchObject({ state: 'Closed', stateOrdinal: 3, commentCount: 1 });
  });

  it('a list referencing records is refused when malformed, naming the operation and the field', () => {
    const operation = {
      name: 'Get Pull Requests',
      method: 'GET',
      path: '/issues/{issueId}/pulls',
      description: '',
      permission: '',
      success: { kind: 'json', type: { array: { ref: 'PullRequest' } }, description: '', example: 'X' },
      errors: [],
      lists: { referencing: { referencedIn: 'summary', pattern: 'mentions', project: 'targetProjectId' } },
    } as unknown as SelectedGroup['operations'][number];
    const problems = new Problems();
    checkEffects([{ name: 'Issue', description: '', operations: [operation] } as unknown as SelectedGroup], { PullRequest: { type: 'object', properties: { id: {}, description: {}, targetProjectId: {} } } }, problems);
    expect(problems.list).toEqual([
      expect.stringMatching(/Get Pull Requests.*lists\.referencing\.pattern: "mentions" is not one of: fixes/),
      expect.stringMatching(/Get Pull Requests.*lists\.referencing\.referencedIn: PullRequest has no property summary/),
    ]);
  });

  it('is refused when malformed, naming the operation and the field', () => {
    const operation = {
      name: 'Merge Pull Request',
      method: 'POST',
      path: '/pulls/{requestId}/merge',
      description: '',
      permission: '',
      body: { kind: 'raw-text', description: '', required: false, example: '' },
      success: { kind: 'empty', description: '' },
      errors: [406],
      effect: {
        changes: [
          { set: 'PullRequest', at: { param: 'requestId' }, values: { status: { const: 'MERGED' } } },
          { set: 'Issue', at: { referencedIn: 'summary', pattern: 'mentions', project: 'targetProjectId' }, values: { stateOrdinal: { stateOrdinal: 'phase' } } },
          { count: 'Issue', at: { param: 'requestId' }, property: 'commentCount', by: 1, ifBodyField: 'comment' },
        ],
      },
    } as unknown as SelectedGroup['operations'][number];
    const schemas = {
      PullRequest: { type: 'object', properties: { id: {}, status: {}, description: {}, targetProjectId: {} } },
      Issue: { type: 'object', properties: { id: {}, number: {}, projectId: {}, state: {}, stateOrdinal: {}, commentCount: {} } },
    } as const;
    const problems = new Problems();
    checkEffects([{ name: 'Pull Request', description: '', operations: [operation] } as unknown as SelectedGroup], schemas, problems);
    expect(problems.list).toEqual([
      expect.stringMatching(/Merge Pull Request.*changes\[1\]\.at\.pattern: "mentions" is not one of: fixes/),
      expect.stringMatching(/Merge Pull Request.*changes\[1\]\.at\.referencedIn: PullRequest has no property summary/),
      expect.stringMatching(/Merge Pull Request.*changes\[1\]\.values\.stateOrdinal\.stateOrdinal: Issue has no property phase/),
      expect.stringMatching(/Merge Pull Request.*changes\[2\]\.ifBodyField: the operation has no JSON body/),
    ]);
  });
});
