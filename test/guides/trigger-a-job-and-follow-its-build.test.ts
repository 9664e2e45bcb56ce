/**
 * docs/guides/trigger-a-job-and-follow-its-build.md, run against the mock: the id Trigger Job
 * answers is the build that is read and whose log is fetched; the query carries the project's
 * path, branch, job and token; waiting is bounded; the log reader decodes OneDev's frames (lines,
 * statuses, keep-alives) and says when a stream is cut short (the mock has no framed log to
 * send, so frames are built here); a refused trigger arrives with the server's reason.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOneDevClient, OneDevError, type OneDevClient } from '../../src/index.js';
import { preferring, runGuide, startLoggedMock, type LoggedMock, type RunGuide } from './guide-module.js';

interface BuildLog {
  lines: Array<{ date: string; text: string }>;
  statuses: string[];
  truncated: boolean;
}
interface Guide {
  triggerJob(onedev: OneDevClient, trigger: { projectPath: string; branch: string; job: string; accessToken: string }): Promise<number>;
  waitForBuild(onedev: OneDevClient, buildId: number, attempts?: number, pauseMs?: number): Promise<{ id: number; status: string }>;
  readLogStream(bytes: Uint8Array): BuildLog;
  buildLog(onedev: OneDevClient, buildId: number): Promise<BuildLog>;
}

type Rec = Record<string, unknown>;

/** OneDev's framing: a 4-byte big-endian signed length, then that many bytes (negative: a status). */
function frame(kind: 'line' | 'status' | 'keep-alive', value?: unknown): Uint8Array {
  const data = kind === 'keep-alive' ? new Uint8Array() : new TextEncoder().encode(kind === 'line' ? JSON.stringify(value) : String(value));
  const out = new Uint8Array(4 + data.length);
  new DataView(out.buffer).setInt32(0, kind === 'status' ? -data.length : data.length);
  out.set(data, 4);
  return out;
}
const concat = (...parts: Uint8Array[]): Uint8Array => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) out.set(part, (at += part.length) - part.length);
  return out;
};

describe('guide: trigger a job and follow its build', () => {
  let mock: LoggedMock;
  let guide: RunGuide<Guide>;
  let run: LoggedMock['requests'];
  const auth = { authorization: 'Bearer admin' };
  const client = (options: Partial<Parameters<typeof createOneDevClient>[0]> = {}): OneDevClient =>
    createOneDevClient({ baseUrl: mock.origin, auth: { user: 'robin', accessToken: 'guide-test-token' }, timeoutMs: 10_000, ...options });

  beforeAll(async () => {
    mock = await startLoggedMock({ records: 30 });
    guide = await runGuide<Guide>('trigger-a-job-and-follow-its-build', { ...mock.env, ONEDEV_BRANCH: 'release/4.2', ONEDEV_JOB: 'deploy' });
    run = [...mock.requests];
  });
  afterAll(async () => {
    await guide?.remove();
    await mock?.close();
  });

  it('runs as written: triggers with path, branch, job and token, then follows the id it got', async () => {
    expect(run).toHaveLength(3);
    const trigger = new URL(run[0]!.path, mock.origin);
    expect(`${run[0]!.method} ${trigger.pathname} ${run[0]!.status}`).toBe('POST /~api/trigger-job 200');
    expect(Object.fromEntries(trigger.searchParams)).toEqual({ project: 'acme/webapp', branch: 'release/4.2', job: 'deploy', 'access-token': 'guide-test-token' });

    const triggered = await (await fetch(`${mock.baseUrl}/trigger-job${trigger.search}`, { method: 'POST' })).json();
    expect(typeof triggered).toBe('number');
    expect(run.slice(1).map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
      `GET /~api/builds/${triggered} 200`,
      `GET /~api/streaming/build-logs/${triggered} 200`,
    ]);
    const build = (await (await fetch(`${mock.baseUrl}/builds/${triggered}`, { headers: auth })).json()) as Rec;
    expect(build.id).toBe(triggered);
    // The mock has no real log to stream; whatever it sends is printed as the reader decodes it.
    const bytes = new Uint8Array(await (await fetch(`${mock.baseUrl}/streaming/build-logs/${triggered}`, { headers: auth })).arrayBuffer());
    const log = guide.module.readLogStream(bytes);
    expect(guide.printed).toEqual([
      `Triggered build id ${triggered}.`,
      `Build #${build.number} (${build.jobName}): ${build.status}`,
      ...log.lines.map((line) => `${line.date}  ${line.text}`),
      ...(log.truncated ? ['(the log stream ended inside a frame)'] : []),
      `acme/webapp#${build.number} finished: ${build.status}.`,
    ]);
    expect(guide.exitCode).toBe(build.status === 'SUCCESSFUL' ? 0 : 1);
  });

  it('gives up on a build that stays unfinished after the checks it was allowed', async () => {
    const builds = (await (await fetch(`${mock.baseUrl}/builds?offset=0&count=30`, { headers: auth })).json()) as Rec[];
    const running = builds.find((b) => b.status === 'RUNNING')!;
    expect(running).toBeDefined();
    const before = mock.requests.length;
    const printed: string[] = [];
    const log = console.log;
    console.log = (...args: unknown[]) => void printed.push(args.join(' '));
    try {
      await expect(guide.module.waitForBuild(client(), running.id as number, 3, 1)).rejects.toThrow(`build ${running.id} is still RUNNING after 3 checks`);
    } finally {
      console.log = log;
    }
    expect(mock.requests.slice(before).map((r) => r.path)).toEqual(Array(3).fill(`/~api/builds/${running.id}`));
    expect(printed).toEqual([`Build #${running.number} (${running.jobName}): RUNNING`]);
  });

  it('decodes log frames: lines (pieces joined), statuses, keep-alives', () => {
    const stream = concat(
      frame('status', 'RUNNING'),
      frame('line', { date: '2025-07-01T10:00:00.000+00:00', messages: [{ style: { color: '31' }, text: 'Tests: ' }, { style: {}, text: '12 passed ✓' }] }),
      frame('keep-alive'),
      frame('line', { date: '2025-07-01T10:00:05.000+00:00', messages: [{ style: {}, text: 'Done' }] }),
      frame('status', 'SUCCESSFUL'),
    );
    expect(guide.module.readLogStream(stream)).toEqual({
      lines: [
        { date: '2025-07-01T10:00:00.000+00:00', text: 'Tests: 12 passed ✓' },
        { date: '2025-07-01T10:00:05.000+00:00', text: 'Done' },
      ],
      statuses: ['RUNNING', 'SUCCESSFUL'],
      truncated: false,
    });
  });

  it('keeps what it read and says so when the stream ends inside a frame', () => {
    const whole = concat(frame('status', 'RUNNING'), frame('line', { date: 'd', messages: [{ text: 'one' }] }));
    const cutInData = guide.module.readLogStream(whole.subarray(0, whole.length - 3));
    expect(cutInData).toEqual({ lines: [], statuses: ['RUNNING'], truncated: true });
    const cutInHeader = guide.module.readLogStream(concat(whole, new Uint8Array([0, 0])));
    expect(cutInHeader).toEqual({ lines: [{ date: 'd', text: 'one' }], statuses: ['RUNNING'], truncated: true });
  });

  it('reads the log through the client as the bytes the server sent', async () => {
    const raw = await fetch(`${mock.baseUrl}/streaming/build-logs/2031`, { headers: auth });
    expect(raw.headers.get('content-type')).toMatch(/^application\/octet-stream/);
    const bytes = new Uint8Array(await raw.arrayBuffer());
    expect(await guide.module.buildLog(client(), 2031)).toEqual(guide.module.readLogStream(bytes));
  });

  it('lets a refused trigger through with the server\'s reason', async () => {
    const refusing = client({ fetch: preferring((method, url) => (url.includes('/trigger-job') ? 'code=400' : undefined)) });
    const error = await guide.module
      .triggerJob(refusing, { projectPath: 'acme/webapp', branch: 'main', job: 'no-such-job', accessToken: 't' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OneDevError);
    expect((error as OneDevError).status).toBe(400);
    expect((error as OneDevError).serverMessage).not.toBe('');
  });
});
