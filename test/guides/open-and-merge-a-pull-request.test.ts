/**
 * docs/guides/open-and-merge-a-pull-request.md, run against a stateful mock: the pull request is
 * opened in the project found by its path and read back with what the run sent; the merge goes to
 * that id with the message as raw text and takes effect (the request reads back merged); the
 * preview is polled through 204s, and only so often; a 406 on merge (merging it again) is
 * reported, while a 404 (no such request) is not swallowed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOneDevClient, OneDevError, type OneDevClient } from '../../src/index.js';
import { preferring, runGuide, startLoggedMock, type LoggedMock, type RunGuide } from './guide-module.js';

interface Guide {
  openPullRequest(onedev: OneDevClient, request: { projectId: number; sourceBranch: string; targetBranch: string; title: string; description?: string }): Promise<number>;
  mergePreview(onedev: OneDevClient, requestId: number, attempts?: number, pauseMs?: number): Promise<Record<string, unknown> | undefined>;
  merge(onedev: OneDevClient, requestId: number, message: string): Promise<boolean>;
}

type Rec = Record<string, unknown>;

describe('guide: open a pull request and merge it', () => {
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
  const quietly = async <T>(work: () => Promise<T>): Promise<{ result: T; printed: string[] }> => {
    const printed: string[] = [];
    const log = console.log;
    console.log = (...args: unknown[]) => void printed.push(args.join(' '));
    try {
      return { result: await work(), printed };
    } finally {
      console.log = log;
    }
  };

  beforeAll(async () => {
    mock = await startLoggedMock({ stateful: true, records: 30 });
    guide = await runGuide<Guide>('open-and-merge-a-pull-request', { ...mock.env, ONEDEV_PROJECT: 'robin/webapp' });
    run = [...mock.requests];
  });
  afterAll(async () => {
    await guide?.remove();
    await mock?.close();
  });

  const opened = (): { number: number; id: number } => {
    const match = /^Opened robin\/webapp#(\d+) \(pull request id (\d+)\) from feature\/webhook-retries to main\.$/.exec(guide.printed[0] ?? '');
    expect(match, guide.printed.join('\n')).not.toBeNull();
    return { number: Number(match![1]), id: Number(match![2]) };
  };

  it('runs as written: opens the request in the project found by path, and the mock keeps it', async () => {
    const { number, id } = opened();
    const projectId = await read('/projects/ids/robin/webapp');
    const pull = (await read(`/pulls/${id}`)) as Rec;
    expect(pull).toMatchObject({
      id,
      number,
      targetProjectId: projectId,
      sourceProjectId: projectId,
      sourceBranch: 'feature/webhook-retries',
      targetBranch: 'main',
      title: 'Retry failed webhook deliveries',
      description: null,
    });
    const listed = (await read('/pulls?offset=0&count=100')) as Rec[];
    expect(listed.at(-1)!.id).toBe(id);
  });

  it('merges that id after reading its preview, and says so', () => {
    const { number, id } = opened();
    const sent = run.map((r) => `${r.method} ${decodeURIComponent(r.path)} ${r.status}`);
    expect(sent).toEqual([
      'GET /~api/projects/ids/robin/webapp 200',
      'POST /~api/pulls 200',
      `GET /~api/pulls/${id} 200`,
      `GET /~api/pulls/${id}/merge-preview 200`,
      `POST /~api/pulls/${id}/merge 200`,
    ]);
    expect(guide.printed.slice(1)).toEqual([`Merged robin/webapp#${number} into main.`]);
  });

  it('the merge took effect: the request reads back merged, and lists under merged, not open', async () => {
    const { id } = opened();
    const pull = (await read(`/pulls/${id}`)) as Rec;
    expect(pull.status).toBe('MERGED');
    expect(Date.parse(String(pull.closeDate))).toBeGreaterThan(Date.parse(String(pull.submitDate)) - 1);
    const ids = async (query: string): Promise<unknown[]> => ((await read(`/pulls?offset=0&count=100&query=${query}`)) as Rec[]).map((p) => p.id);
    expect(await ids('merged')).toContain(id);
    expect(await ids('open')).not.toContain(id);
  });

  it('merging it again is refused with OneDev\'s 406 and reason, and reported', async () => {
    const { result, printed } = await quietly(() => guide.module.merge(client(), opened().id, 'Merge again'));
    expect(result).toBe(false);
    expect(printed).toEqual(['Not merged: Pull request already closed']);
  });

  it('sends the merge message as raw text, not as a JSON string', async () => {
    const bodies: unknown[] = [];
    const recording = client({
      fetch: (url, init) => {
        bodies.push(init.body);
        return fetch(url, init);
      },
    });
    const projectId = (await read('/projects/ids/robin/webapp')) as number;
    const another = await guide.module.openPullRequest(client(), { projectId, sourceBranch: 'feature/raw-text', targetBranch: 'main', title: 'Raw text message' });
    expect(await guide.module.merge(recording, another, 'Merge "feature": retries')).toBe(true);
    expect(bodies).toEqual(['Merge "feature": retries']);
  });

  it('asks for the preview again while the server answers 204, a bounded number of times', async () => {
    const { id } = opened();
    let previews = 0;
    const notYet = (times: number) =>
      client({ fetch: preferring((method, url) => (url.endsWith('/merge-preview') && (previews += 1) <= times ? 'code=204' : undefined)) });

    const ready = await guide.module.mergePreview(notYet(2), id, 5, 1);
    expect(previews).toBe(3);
    expect(ready).toEqual(await read(`/pulls/${id}/merge-preview`));

    previews = 0;
    expect(await guide.module.mergePreview(notYet(10), id, 4, 1)).toBeUndefined();
    expect(previews).toBe(4);
  });

  it('reports a 406 from merge with the server\'s reason', async () => {
    const refusing = client({ fetch: preferring((method, url) => (url.endsWith('/merge') ? 'code=406' : undefined)) });
    const { result, printed } = await quietly(() => guide.module.merge(refusing, opened().id, 'Merge'));
    expect(result).toBe(false);
    expect(printed).toHaveLength(1);
    expect(printed[0]).toMatch(/^Not merged: \S/);
  });

  it('does not take a 404 for "not yet": merging a request that does not exist throws', async () => {
    const gone = 1 + Math.max(...((await read('/pulls?offset=0&count=100')) as Rec[]).map((p) => p.id as number));
    const error = await guide.module.merge(client(), gone, 'Merge').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OneDevError);
    expect((error as OneDevError).status).toBe(404);
    expect((error as OneDevError).serverMessage).toContain(`PullRequest#${gone}`);
  });
});
