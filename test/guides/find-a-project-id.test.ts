/**
 * docs/guides/find-a-project-id.md, run against the mock: Get Project Id answers the id of the
 * record with that path (stateful), an unknown path's 404 falls back to the query and ends in
 * "none", a release without Get Project Id (v11.11.4) is served by the query, and the query's
 * answer is matched on the exact path, not taken first.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOneDevClient, OneDevError, type OneDevClient } from '../../src/index.js';
import { preferring, runGuide, startLoggedMock, type LoggedMock, type RunGuide } from './guide-module.js';

interface Guide {
  projectIdFromPath(onedev: OneDevClient, path: string): Promise<number | undefined>;
  projectIdFromQuery(onedev: OneDevClient, path: string): Promise<number | undefined>;
  projectId(onedev: OneDevClient, path: string): Promise<number | undefined>;
}

interface Project {
  id: number;
  path: string;
}

const client = (mock: LoggedMock, options: Partial<Parameters<typeof createOneDevClient>[0]> = {}): OneDevClient =>
  createOneDevClient({ baseUrl: mock.origin, auth: { user: 'robin', accessToken: 'guide-test-token' }, timeoutMs: 10_000, ...options });

/** The mock's projects, read without the guide's code. */
async function listed(mock: LoggedMock): Promise<Project[]> {
  const answer = await fetch(`${mock.baseUrl}/projects?offset=0&count=100`, { headers: { authorization: 'Bearer admin' } });
  return (await answer.json()) as Project[];
}

describe('guide: find a project id from its path', () => {
  let stateful: LoggedMock;
  let oldest: LoggedMock;
  let guide: RunGuide<Guide>;

  beforeAll(async () => {
    stateful = await startLoggedMock({ stateful: true, records: 30 });
    oldest = await startLoggedMock({ release: 'v11.11.4', records: 30 });
    // Not the first project of the list, so "the first answer" would be wrong.
    guide = await runGuide<Guide>('find-a-project-id', { ...stateful.env, ONEDEV_PROJECT: 'robin/webapp' });
  });
  afterAll(async () => {
    await guide?.remove();
    await stateful?.close();
    await oldest?.close();
  });

  it('runs as written: Get Project Id answers the id of the project with that path', async () => {
    expect(stateful.requests.map((r) => `${r.method} ${decodeURIComponent(r.path)} ${r.status}`)).toEqual([
      'GET /~api/projects/ids/robin/webapp 200',
    ]);
    const projects = await listed(stateful);
    const expected = projects.find((p) => p.path === 'robin/webapp')!;
    expect(projects[0]!.path).not.toBe('robin/webapp');
    expect(guide.printed).toEqual([`Project robin/webapp has id ${expected.id}.`]);
    const read = await fetch(`${stateful.baseUrl}/projects/${expected.id}`, { headers: { authorization: 'Bearer t' } });
    expect(((await read.json()) as Project).path).toBe('robin/webapp');
  });

  it('takes a 404 for "none": falls back to the query, which finds no exact match either', async () => {
    const before = stateful.requests.length;
    expect(await guide.module.projectId(client(stateful), 'acme/no-such-project')).toBeUndefined();
    const sent = stateful.requests.slice(before);
    expect(`${sent[0]!.method} ${decodeURIComponent(sent[0]!.path)} ${sent[0]!.status}`).toBe('GET /~api/projects/ids/acme/no-such-project 404');
    // The mock evaluates the query: no project has that path, so the first page is empty and ends the walk.
    const queries = sent.slice(1);
    expect(queries).toHaveLength(1);
    for (const request of queries) {
      const url = new URL(request.path, stateful.origin);
      expect(url.pathname).toBe('/~api/projects');
      expect(url.searchParams.get('query')).toBe('"Path" is "acme/no-such-project"');
      expect(request.status).toBe(200);
    }
  });

  it('on v11.11.4, which has no Get Project Id, finds the project through the query', async () => {
    const expected = (await listed(oldest)).find((p) => p.path === 'robin/webapp')!;
    const before = oldest.requests.length;
    expect(await guide.module.projectId(client(oldest), 'robin/webapp')).toBe(expected.id);
    const sent = oldest.requests.slice(before);
    expect(sent[0]!.status).toBe(404);
    expect(sent.slice(1).every((r) => r.path.startsWith('/~api/projects?') && r.status === 200)).toBe(true);
  });

  it('compares the paths the query answers instead of taking the first', async () => {
    const projects = await listed(oldest);
    for (const path of ['acme/webapp', 'robin/webapp']) {
      expect(await guide.module.projectIdFromQuery(client(oldest), path)).toBe(projects.find((p) => p.path === path)!.id);
    }
  });

  it('lets failures other than 404 through', async () => {
    const failing = client(stateful, { fetch: preferring(() => 'code=500') });
    const error = await guide.module.projectIdFromPath(failing, 'acme/webapp').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OneDevError);
    expect((error as OneDevError).status).toBe(500);
  });
});
