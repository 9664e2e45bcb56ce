/**
 * Reads of the stateful mock that follow the catalogue's read facts, as the recorded v16.5.6
 * server answers them: Get Me answers the caller (`x-onedev-answers`), `term` matches login
 * names, full names and email addresses (`x-onedev-matches`), a setting under a record reads back
 * as sent, a setting written in part reads back with the rest at its defaults (schema `default`),
 * a read of one linked record or of a record found by query answers the documented 204 when there
 * is none, and an operation under a blob that is not held answers 404.
 */
import { describe, expect, it } from 'vitest';
import type { OpenAPIObject } from 'openapi3-ts/oas31';
import { MockEngine } from '../../scripts/lib/mock/engine.js';
import { checkEffects } from '../../scripts/lib/check-effects.js';
import { Problems } from '../../scripts/lib/problems.js';
import type { SelectedGroup } from '../../scripts/lib/select-release.js';
import { transformObject } from '../../scripts/lib/transform-schema.js';
import { EXT } from '../../src/extensions.js';
import { committedDocument } from '../helpers.js';
import { ask, basicAuth } from './mock-fixtures.js';

type Rec = Record<string, unknown>;
const admin = { authorization: basicAuth('admin', 'secret'), 'content-type': 'application/json' };
const fresh = (doc: OpenAPIObject = committedDocument()) => new MockEngine(doc, { stateful: true, fresh: true });

async function makeUser(engine: MockEngine, name: string, fullName: string | null, emailAddress?: string): Promise<number> {
  const body = { name, password: 'secret', fullName, type: 'ORDINARY', notifyOwnEvents: false, emailAddress: emailAddress ?? `${name}@example.org` };
  const made = await ask(engine, 'POST', '/users', { headers: admin, body: JSON.stringify(body) });
  expect(made.status, made.text).toBe(200);
  return Number(made.text.trim());
}

describe('Get Me (x-onedev-answers: caller)', () => {
  const doc = committedDocument();

  it('is written on Get Me at every release that has it', () => {
    expect((doc.paths?.['/users/me']?.get as Rec)[EXT.answers.name]).toBe('caller');
    expect((committedDocument('v13.1.7').paths?.['/users/me']?.get as Rec)[EXT.answers.name]).toBe('caller');
  });

  it("answers the calling user's record: the administrator on a fresh server, a user by its login name", async () => {
    const engine = fresh();
    expect((await ask(engine, 'GET', '/users/me', { headers: admin })).json()).toMatchObject({ id: 1, name: 'admin', fullName: null });
    const id = await makeUser(engine, 'dora', 'Dora Explorer');
    const me = (await ask(engine, 'GET', '/users/me', { headers: { authorization: basicAuth('dora', 'secret') } })).json();
    expect(me).toMatchObject({ id, name: 'dora', fullName: 'Dora Explorer' });
  });

  it('answers the example without the fact', async () => {
    const bare = structuredClone(doc);
    delete (bare.paths!['/users/me']!.get as Rec)[EXT.answers.name];
    const me = (await ask(fresh(bare), 'GET', '/users/me', { headers: admin })).json() as Rec;
    expect(me.name).not.toBe('admin');
  });

  it('is refused by the builder on an operation answering no record, naming it', () => {
    const operation = {
      name: 'Get Me',
      method: 'GET',
      path: '/users/me',
      description: '',
      permission: '',
      success: { kind: 'json', type: 'string', description: '', example: 'X' },
      errors: [],
      answers: 'caller',
    } as unknown as SelectedGroup['operations'][number];
    const problems = new Problems();
    checkEffects([{ name: 'User', description: '', operations: [operation] } as unknown as SelectedGroup], {}, problems);
    expect(problems.list).toEqual([expect.stringMatching(/Get Me.*answers: only a GET answering one record/)]);
  });
});

describe("an issue's iterations (x-onedev-answers: stored)", () => {
  it('answers the iterations Set Iterations last named, in its order', async () => {
    const doc = committedDocument();
    expect((doc.paths?.['/issues/{issueId}/iterations']?.get as Rec)[EXT.answers.name]).toBe('stored');
    const engine = new MockEngine(doc, { stateful: true, records: 20 });
    const [issue] = (await ask(engine, 'GET', '/issues?offset=0&count=1', { headers: admin })).json() as Rec[];
    const iterations = ((await ask(engine, 'GET', `/projects/${String(issue!.projectId)}/iterations?offset=0&count=3`, { headers: admin })).json() as Rec[]).map((i) => i.id);
    const read = async () => ((await ask(engine, 'GET', `/issues/${String(issue!.id)}/iterations`, { headers: admin })).json() as Rec[]).map((i) => i.id);
    const set = (ids: unknown[]) => ask(engine, 'POST', `/issues/${String(issue!.id)}/iterations`, { headers: admin, body: JSON.stringify(ids) });
    expect(iterations.length).toBeGreaterThan(1);
    expect((await set([iterations[1], iterations[0]])).status).toBe(200);
    expect(await read()).toEqual([iterations[1], iterations[0]]);
    await set([]);
    expect(await read()).toEqual([]);
  });

  it('is refused by the builder without a POST at the path storing the ids', () => {
    const operation = {
      name: 'Get Iterations',
      method: 'GET',
      path: '/issues/{issueId}/iterations',
      description: '',
      permission: '',
      success: { kind: 'json', type: { array: { ref: 'Iteration' } }, description: '', example: 'X' },
      errors: [],
      answers: 'stored',
    } as unknown as SelectedGroup['operations'][number];
    const problems = new Problems();
    checkEffects([{ name: 'Issue', description: '', operations: [operation] } as unknown as SelectedGroup], {}, problems);
    expect(problems.list).toEqual([expect.stringMatching(/Get Iterations.*answers: no POST at \/issues\/\{issueId\}\/iterations stores ids/)]);
  });
});

describe('term (x-onedev-matches)', () => {
  it('is written on the parameter, with the related email addresses', () => {
    const param = committedDocument().components?.parameters?.userTerm as unknown as Rec;
    expect(param[EXT.matches.name]).toEqual({ properties: ['name', 'fullName'], related: [{ record: 'EmailAddress', link: 'ownerId', property: 'value' }] });
  });

  it('is refused by the builder when it names a property the records lack, naming the operation and parameter', () => {
    const operation = {
      name: 'Query Users',
      method: 'GET',
      path: '/users',
      description: '',
      permission: '',
      parameters: ['userTerm'],
      success: { kind: 'json', type: { array: { ref: 'UserData' } }, description: '', example: 'X' },
      errors: [],
    } as unknown as SelectedGroup['operations'][number];
    const problems = new Problems();
    const term = { name: 'term', in: 'query', matches: { properties: ['nickname'], related: [{ record: 'EmailAddress', link: 'userId', property: 'value' }] } };
    const schemas = { UserData: { type: 'object', properties: { name: {} } }, EmailAddress: { type: 'object', properties: { ownerId: {}, value: {} } } } as const;
    checkEffects([{ name: 'User', description: '', operations: [operation] } as unknown as SelectedGroup], schemas, problems, { userTerm: term } as never);
    expect(problems.list).toEqual([
      expect.stringMatching(/Query Users.*parameter userTerm, matches\.properties: UserData has no property nickname/),
      expect.stringMatching(/Query Users.*parameter userTerm, matches\.related\[0\]: EmailAddress has no property userId/),
    ]);
  });

  it('keeps the users whose login name, full name or an email address holds the text, in any case', async () => {
    const engine = fresh();
    const alice = await makeUser(engine, 'alice', 'Alice Liddell');
    const carol = await makeUser(engine, 'carol', 'Carol Ali');
    const dave = await makeUser(engine, 'dave', null, 'dave@ALIbaba.example');
    await makeUser(engine, 'erin', 'Erin');
    const term = async (text: string) => ((await ask(engine, 'GET', `/users?term=${text}&offset=0&count=10`, { headers: admin })).json() as Rec[]).map((u) => u.id);
    expect(await term('ALI')).toEqual([alice, carol, dave]);
    expect(await term('liddell')).toEqual([alice]);
    expect(await term('nobody')).toEqual([]);
    expect(await term('')).toHaveLength(5);
  });
});

describe('settings', () => {
  it('a setting under a record (queries and watches) reads back as sent, keeping no key of the example', async () => {
    const engine = fresh();
    const id = await makeUser(engine, 'alice', 'Alice');
    const sent = { ...((await ask(engine, 'GET', `/users/${id}/queries-and-watches`, { headers: admin })).json() as Rec), issueQueryWatches: { 'p:Mine': true } };
    expect((await ask(engine, 'POST', `/users/${id}/queries-and-watches`, { headers: admin, body: JSON.stringify(sent) })).status).toBe(200);
    expect((await ask(engine, 'GET', `/users/${id}/queries-and-watches`, { headers: admin })).json()).toEqual(sent);
  });

  it('a setting written in part reads back with the other properties at their defaults', async () => {
    const doc = committedDocument();
    const system = doc.components?.schemas?.SystemSetting as { properties: Record<string, Rec> };
    expect(system.properties.avatarServiceUrl?.default).toBe('https://secure.gravatar.com/avatar/');
    const engine = fresh(doc);
    await ask(engine, 'POST', '/settings/system', { headers: admin, body: JSON.stringify({ serverUrl: 'http://onedev.example' }) });
    expect((await ask(engine, 'GET', '/settings/system', { headers: admin })).json()).toEqual({
      serverUrl: 'http://onedev.example',
      sshRootUrl: null,
      gitLocation: { '@type': 'SystemGit' },
      curlLocation: { '@type': 'SystemCurl' },
      sessionTimeout: null,
      disableAutoUpdateCheck: false,
      disableDashboard: false,
      useAvatarService: false,
      avatarServiceUrl: 'https://secure.gravatar.com/avatar/',
      defaultForkRoot: 'forks',
      noreplyEmailDomain: 'noreply.localhost',
    });
    await ask(engine, 'POST', '/settings/security', { headers: admin, body: JSON.stringify({ enableSelfRegister: false, corsAllowedOrigins: ['https://a.example'] }) });
    expect((await ask(engine, 'GET', '/settings/security', { headers: admin })).json()).toMatchObject({ enableSelfRegister: false, enableAnonymousAccess: false, defaultGroupName: null, corsAllowedOrigins: ['https://a.example'] });
  });

  it('a default on a field a request must send is refused by the builder, naming the field', () => {
    const problems = new Problems();
    transformObject('S', { kind: 'object', description: '', fields: { url: { type: 'string', description: 'x', default: 'y' } } } as never, 'both', { where: 'schema S', known: new Set(), problems });
    expect(problems.list).toEqual([expect.stringMatching(/schema S, field url: a default .*optional/)]);
  });
});

describe('reads of a record that is not there', () => {
  it('the agent of a token no agent used is the documented 204', async () => {
    const engine = fresh();
    const token = await ask(engine, 'POST', '/agent-tokens', { headers: admin });
    expect(token.status).toBe(200);
    expect((await ask(engine, 'GET', `/agent-tokens/${token.text.trim()}/agent`, { headers: admin })).status).toBe(204);
  });

  it('the agent of a token an agent uses is that agent', async () => {
    const engine = new MockEngine(committedDocument(), { stateful: true, records: 20 });
    const agents = (await ask(engine, 'GET', '/agents?offset=0&count=20', { headers: admin })).json() as Rec[];
    const tokens = new Set(((await ask(engine, 'GET', '/agent-tokens?offset=0&count=20', { headers: admin })).json() as Rec[]).map((t) => t.id));
    const agent = agents.find((a) => tokens.has(a.tokenId));
    expect(agent).toBeDefined();
    expect((await ask(engine, 'GET', `/agent-tokens/${String(agent!.tokenId)}/agent`, { headers: admin })).json()).toMatchObject({ id: agent!.id, tokenId: agent!.tokenId });
  });

  it('a package blob the mock holds none of: 204 by hash, 404 for its content', async () => {
    const engine = fresh();
    expect((await ask(engine, 'GET', `/package-blobs?projectId=1&hash=${'0'.repeat(64)}`, { headers: admin })).status).toBe(204);
    const content = await ask(engine, 'GET', '/package-blobs/999999/content', { headers: admin });
    expect([content.status, content.text]).toEqual([404, expect.stringContaining('PackBlob#999999')]);
  });
});
