/**
 * docs/getting-started.md writes no id into its code: every id comes from a lookup. Checked two
 * ways: no code block of it (or of a flow guide) spells an id out, and its TypeScript samples run,
 * each as its own module, against a stateful mock standing in for the samples' example server (its
 * origin replaced by the mock's), with the ids the lookups found arriving where they are used.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { writeRelease } from '../../scripts/lib/describe.js';
import { ROOT } from '../helpers.js';
import { FLOW_GUIDES, GUIDES_DIR, moduleFolder, runModule, startLoggedMock, tsBlocks, type LoggedMock } from './guide-module.js';
import { basicAuth } from '../scripts/mock-fixtures.js';

/** Ways an id gets written into code: `requestId: 42`, `reviewerIds: [3]`, `id: 7`, `'/pulls/42'`. */
const HARD_CODED_ID = [/\b\w*Ids?\s*:\s*\[?\s*\d/, /\bid\s*:\s*\d/, /['"`]\/[\w-]+\/\d+/];

function hardCodedIds(markdown: string): string[] {
  const code = [...markdown.matchAll(/^```\w*\n([\s\S]*?)^```$/gm)].map((m) => m[1]!).join('\n');
  return code.split('\n').filter((line) => HARD_CODED_ID.some((pattern) => pattern.test(line)));
}

const EXAMPLE_ORIGIN = 'https://onedev.example.com';

/**
 * The OneDev tag a sample is written for: the release its client names (`release: 'v14.1.9'`), or
 * the tag whose description it reads (`onedev-v16.3.2/openapi.json`, as `describe` writes it).
 */
function tagOf(sample: string): { tag: string; described?: string } | undefined {
  const described = /'(onedev-(v\d+\.\d+\.\d+)\/openapi\.json)'/.exec(sample);
  if (described) return { tag: described[2]!, described: described[1]! };
  const named = /\brelease: '(v\d+\.\d+\.\d+)'/.exec(sample);
  return named ? { tag: named[1]! } : undefined;
}

describe('getting started: no hard-coded ids', () => {
  it('the check finds ids written into code', () => {
    const old = [
      '```ts',
      "const { data: pull } = await onedev.GET('/pulls/{requestId}', { params: { path: { requestId: 42 } } });",
      "  body: { requestId: open[0]!.id, userId: 1, content: 'Looks good to me' },",
      "await fetch('/builds/2031');",
      '  body: { reviewerIds: [ 3 ], id: 7 },',
      "const requestId = await onedev.resolvePullRequestId('acme/webapp#128');",
      '```',
    ].join('\n');
    expect(hardCodedIds(old)).toHaveLength(4);
  });

  it('getting-started.md and every flow guide have none', async () => {
    const files = [join(ROOT, 'docs/getting-started.md'), ...FLOW_GUIDES.map((g) => join(GUIDES_DIR, `${g}.md`))];
    for (const file of files) expect(hardCodedIds(await readFile(file, 'utf8')), file).toEqual([]);
  });
});

describe('getting started: the samples run against the mock', () => {
  let mock: LoggedMock;
  /** A stateless mock with the same population: the records as they were before the samples ran. */
  let before: LoggedMock;
  /** What the samples sent, before the tests' own requests. */
  let answered: LoggedMock['requests'];
  const runs: Array<{ printed: string[]; remove: () => Promise<void> }> = [];
  /** Mocks of the tags other samples are written for, by sample number; and the folder `describe` wrote into. */
  const others = new Map<number, { tag: string; mock: LoggedMock }>();
  let described: Awaited<ReturnType<typeof moduleFolder>> | undefined;
  const sent: Array<{ method: string; url: string; body: unknown }> = [];
  /** When the samples started: the merges they make are dated after it. */
  let startedAt = '';
  const read = async (path: string): Promise<any> => (await fetch(`${mock.baseUrl}${path}`, { headers: { authorization: 'Bearer admin' } })).json();

  beforeAll(async () => {
    startedAt = new Date().toISOString();
    mock = await startLoggedMock({ stateful: true, records: 30 });
    before = await startLoggedMock({ records: 30 });
    const blocks = tsBlocks(await readFile(join(ROOT, 'docs/getting-started.md'), 'utf8'));
    expect(blocks.length).toBeGreaterThanOrEqual(6);
    // The client calls the global fetch at each request: watch what the samples send.
    const realFetch = globalThis.fetch;
    const spy = vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
      sent.push({ method: init?.method ?? 'GET', url: String(input), body: init?.body });
      return realFetch(input, init);
    });
    try {
      for (const [i, block] of blocks.entries()) {
        expect(block, `sample ${i + 1} talks to the example server`).toContain(EXAMPLE_ORIGIN);
        // A sample for another tag talks to a mock of that tag, reading the files `describe` writes.
        const other = tagOf(block);
        let code = block;
        let target = mock;
        if (other) {
          target = await startLoggedMock({ stateful: true, records: 30, release: other.tag });
          others.set(i + 1, { tag: other.tag, mock: target });
          if (other.described) {
            described ??= await moduleFolder('onedev-described-');
            const folder = join(described.dir, `onedev-${other.tag}`);
            await writeRelease(other.tag, folder);
            code = code.replaceAll(`'${other.described}'`, JSON.stringify(join(folder, 'openapi.json')));
          }
        }
        runs.push(await runModule(`getting-started-${i + 1}`, code.replaceAll(EXAMPLE_ORIGIN, target.origin), { ONEDEV_TOKEN: 'guide-test-token' }));
      }
    } finally {
      spy.mockRestore();
    }
    answered = [...mock.requests];
  });
  afterAll(async () => {
    for (const run of runs) await run.remove();
    await mock?.close();
    await before?.close();
    for (const { mock: other } of others.values()) await other.close();
    await described?.remove();
  });

  it('reads the pull request the reference names, by the id the lookup found', async () => {
    const answer = await fetch(`${before.baseUrl}/pulls?offset=0&count=30`, { headers: { authorization: 'Bearer admin' } });
    const pull = ((await answer.json()) as Array<Record<string, unknown>>).find((p) => p.number === 128)!;
    expect(runs[0]!.printed).toEqual([`128 ${pull.title} ${pull.status}`]);
    expect(sent.filter((r) => r.url.endsWith(`/~api/pulls/${pull.id}`)).length).toBeGreaterThan(0);
  });

  it('comments as the user Get Me names, on the pull request the listing gave, then deletes that comment', async () => {
    // Get Me answers the caller: the sample's own (robin with its token), not the reads' admin.
    const me = (await (await fetch(`${mock.baseUrl}/users/me`, { headers: { authorization: basicAuth('robin', 'guide-test-token') } })).json()) as { id: number };
    const created = sent.find((r) => r.method === 'POST' && r.url.endsWith('/~api/pull-request-comments'))!;
    const body = JSON.parse(String(created.body)) as Record<string, unknown>;
    // The listing as the sample saw it: later samples merge a pull request on the stateful mock.
    const listing = await fetch(`${before.baseUrl}/pulls?offset=0&count=25&query=open`, { headers: { authorization: 'Bearer admin' } });
    const firstOpen = ((await listing.json()) as Array<{ id: number }>)[0]!;
    expect(body).toEqual({ requestId: firstOpen.id, userId: me.id, content: 'Looks good to me' });
    const deleted = answered.find((r) => r.method === 'DELETE')!;
    expect(deleted.status).toBe(200);
    const commentId = Number(/\/pull-request-comments\/(\d+)$/.exec(deleted.path)![1]);
    expect(answered.some((r) => r.method === 'POST' && r.path === '/~api/pull-request-comments' && r.status === 200)).toBe(true);
    expect((await fetch(`${mock.baseUrl}/pull-request-comments/${commentId}`, { headers: { authorization: 'Bearer admin' } })).status).toBe(404);
    expect(runs[1]!.printed).toEqual(['undefined']);
  });

  it('sets the title as raw text on the resolved pull request, and merges it: it reads back merged', async () => {
    const pulls = (await read('/pulls?offset=0&count=30')) as Array<Record<string, unknown>>;
    const pull = pulls.find((p) => p.number === 128)!;
    expect(pull.title).toBe('Retry webhook deliveries');
    const title = sent.find((r) => r.url.endsWith(`/~api/pulls/${pull.id}/title`))!;
    expect(title.body).toBe('Retry webhook deliveries');
    expect(sent.filter((r) => r.url.endsWith(`/~api/pulls/${pull.id}/merge`)).map((r) => r.body)).toEqual(['Merge retry work']);
    // The timeouts sample merges another open request, #139, with no message.
    const other = pulls.find((p) => p.number === 139)!;
    expect(sent.filter((r) => r.url.endsWith(`/~api/pulls/${other.id}/merge`)).map((r) => r.body)).toEqual([undefined]);
    const wasOpen = ((await (await fetch(`${before.baseUrl}/pulls?offset=0&count=30`, { headers: { authorization: 'Bearer admin' } })).json()) as Array<Record<string, unknown>>)
      .filter((p) => p.number === 128 || p.number === 139)
      .map((p) => p.status);
    expect(wasOpen).toEqual(['OPEN', 'OPEN']);
    const started = Date.parse(startedAt);
    const listed = async (query: string): Promise<unknown[]> => ((await read(`/pulls?offset=0&count=30&query=${query}`)) as Array<{ id: unknown }>).map((p) => p.id);
    for (const merged of [pull, other]) {
      const back = (await read(`/pulls/${String(merged.id)}`)) as Record<string, unknown>;
      expect(back.status, `#${String(merged.number)}`).toBe('MERGED');
      const closed = Date.parse(String(back.closeDate));
      expect(closed).toBeGreaterThanOrEqual(started);
      expect(closed).toBeLessThanOrEqual(Date.now());
      expect(await listed('merged')).toContain(merged.id);
      expect(await listed('open')).not.toContain(merged.id);
    }
  });

  it('every sample reached the mock and none was refused', () => {
    expect(answered.length).toBeGreaterThan(10);
    expect(answered.filter((r) => r.status >= 400)).toEqual([]);
    for (const { tag, mock: other } of others.values()) {
      expect(other.requests.length, tag).toBeGreaterThan(1);
      expect(other.requests.filter((r) => r.status >= 400), tag).toEqual([]);
    }
  });

  it('runs the samples for another release against a mock of that release, with what it answers', async () => {
    expect([...others.values()].map((o) => o.tag)).toEqual(['v14.1.9', 'v16.3.2']);
    for (const [sample, { tag, mock: other }] of others) {
      const pulls = (await (await fetch(`${other.baseUrl}/pulls?offset=0&count=30`, { headers: { authorization: 'Bearer admin' } })).json()) as Array<Record<string, unknown>>;
      const pull = pulls.find((p) => p.number === 128)!;
      if (tag === 'v14.1.9') {
        // Get Pull Request Review of the first review listed: v14.1.9 still has both.
        const reviews = (await (await fetch(`${other.baseUrl}/pulls/${String(pull.id)}/reviews`, { headers: { authorization: 'Bearer admin' } })).json()) as Array<Record<string, unknown>>;
        expect(runs[sample - 1]!.printed).toEqual([String(reviews[0]!.status)]);
        expect(other.requests.map((r) => r.path)).toContain(`/~api/pull-request-reviews/${String(reviews[0]!.id)}`);
      } else {
        expect(runs[sample - 1]!.printed).toEqual([String(pull.title)]);
      }
    }
  });
});
