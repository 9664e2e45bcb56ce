/**
 * docs/guides/open-comment-and-link-an-issue.md, run against a stateful mock: the issue, the
 * comment and the link the run creates are read back with the ids the lookups gave (project from
 * its path, author from Get Me, parent from its reference, spec from the parent's links); a
 * refused link (406) is reported, not thrown; an unknown reference is a clear error.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOneDevClient, type OneDevClient } from '../../src/index.js';
import { preferring, runGuide, startLoggedMock, type LoggedMock, type RunGuide } from './guide-module.js';
import { basicAuth } from '../scripts/mock-fixtures.js';

interface Guide {
  openIssue(onedev: OneDevClient, projectId: number, title: string, description: string): Promise<{ id: number; number: number }>;
  comment(onedev: OneDevClient, issueId: number, userId: number, content: string): Promise<number>;
  issueId(onedev: OneDevClient, reference: string): Promise<number>;
  linkSpecIdFrom(onedev: OneDevClient, issueId: number): Promise<number>;
  link(onedev: OneDevClient, sourceId: number, targetId: number, specId: number): Promise<number | undefined>;
}

type Rec = Record<string, unknown>;

describe('guide: open an issue, comment on it and link it', () => {
  let mock: LoggedMock;
  let guide: RunGuide<Guide>;
  /** What the run sent, before the tests' own requests. */
  let run: LoggedMock['requests'];
  const read = async (path: string): Promise<any> => {
    const answer = await fetch(`${mock.baseUrl}${path}`, { headers: { authorization: 'Bearer admin' } });
    expect(answer.status, path).toBe(200);
    return answer.json();
  };
  const client = (options: Partial<Parameters<typeof createOneDevClient>[0]> = {}): OneDevClient =>
    createOneDevClient({ baseUrl: mock.origin, auth: { user: 'robin', accessToken: 'guide-test-token' }, timeoutMs: 10_000, ...options });

  beforeAll(async () => {
    mock = await startLoggedMock({ stateful: true, records: 30 });
    guide = await runGuide<Guide>('open-comment-and-link-an-issue', mock.env);
    run = [...mock.requests];
  });
  afterAll(async () => {
    await guide?.remove();
    await mock?.close();
  });

  /** The numbers the run printed, by what they name. */
  const printedIds = (): { number: number; issue: number; user: number; comment: number; spec: number; link: number } => {
    const [opened, commented, linked] = guide.printed;
    const o = /^Opened acme\/webapp#(\d+) \(issue id (\d+)\)\.$/.exec(opened ?? '');
    const c = /^Commented as user (\d+) \(comment id (\d+)\)\.$/.exec(commented ?? '');
    const l = /^Linked acme\/webapp#311 to it with link spec (\d+) \(link id (\d+)\)\.$/.exec(linked ?? '');
    expect([o, c, l], guide.printed.join('\n')).not.toContain(null);
    return { number: Number(o![1]), issue: Number(o![2]), user: Number(c![1]), comment: Number(c![2]), spec: Number(l![1]), link: Number(l![2]) };
  };

  it('runs as written and creates an issue the mock keeps, in the project found by path', async () => {
    const ids = printedIds();
    const issue = (await read(`/issues/${ids.issue}`)) as Rec;
    expect(issue).toMatchObject({ id: ids.issue, number: ids.number, title: 'Retry failed webhook deliveries', description: 'Deliveries that time out are never sent again.' });
    expect(issue.projectId).toBe(await read('/projects/ids/acme/webapp'));
    // A new issue, not one of the population.
    const listed = (await read('/issues?offset=0&count=100')) as Rec[];
    expect(listed.at(-1)!.id).toBe(ids.issue);
    expect(listed.filter((i) => i.number === ids.number)).toHaveLength(1);
  });

  it('comments as the user Get Me names, and the comment is listed under the issue', async () => {
    const ids = printedIds();
    // Get Me answers the caller: the guide's own (robin with its token), not the reads' admin.
    const me = (await (await fetch(`${mock.baseUrl}/users/me`, { headers: { authorization: basicAuth('robin', 'guide-test-token') } })).json()) as Rec;
    expect(ids.user).toBe(me.id);
    const comments = (await read(`/issues/${ids.issue}/comments`)) as Rec[];
    expect(comments).toEqual([expect.objectContaining({ id: ids.comment, issueId: ids.issue, userId: me.id, content: 'Seen again after the 4.2.0 upgrade.' })]);
  });

  it('links the parent found by its number to the new issue, with the spec of the parent\'s links', async () => {
    const ids = printedIds();
    const parent = ((await read('/issues?offset=0&count=100')) as Rec[]).find((i) => i.number === 311)!;
    const parentLinks = (await read(`/issues/${parent.id}/links`)) as Rec[];
    const spec = parentLinks.find((l) => l.sourceId === parent.id)!.specId;
    expect(ids.spec).toBe(spec);
    expect(await read(`/issue-links/${ids.link}`)).toMatchObject({ id: ids.link, sourceId: parent.id, targetId: ids.issue, specId: spec });
    const sent = run.filter((r) => r.method === 'POST').map((r) => `${r.path} ${r.status}`);
    expect(sent).toEqual(['/~api/issues 200', '/~api/issue-comments 200', '/~api/issue-links 200']);
  });

  it('reports a refused link (406) with the server\'s reason instead of throwing', async () => {
    const ids = printedIds();
    const refusing = client({ fetch: preferring((method, url) => (method === 'POST' && url.endsWith('/issue-links') ? 'code=406' : undefined)) });
    const printed: string[] = [];
    const log = console.log;
    console.log = (...args: unknown[]) => void printed.push(args.join(' '));
    try {
      expect(await guide.module.link(refusing, ids.issue, ids.issue, ids.spec)).toBeUndefined();
    } finally {
      console.log = log;
    }
    expect(printed).toHaveLength(1);
    expect(printed[0]).toMatch(/^Not linked: \S/);
    expect(mock.requests.at(-1)).toMatchObject({ method: 'POST', path: '/~api/issue-links', status: 406 });
  });

  it('says so when a reference names no issue', async () => {
    await expect(guide.module.issueId(client(), 'acme/webapp#999999')).rejects.toThrow('acme/webapp#999999: no such issue, or not one you can see');
  });
});
