/**
 * What the guide tests share. A guide in docs/guides/ is one TypeScript module written in pieces:
 * its ```ts blocks, in order, joined. The tests take that text from the Markdown, point its package
 * imports at the sources (as test/types does for the other guides), write it to a temporary
 * folder and import it, so what runs is what the reader copies. Importing runs the module's own
 * "run it" part against the mock the test started (through ONEDEV_URL and friends); the test then
 * calls the functions the guide exports for the cases the run does not reach.
 *
 * Also here: a mock on 127.0.0.1 with a log of the requests it answered, and a fetch that adds a
 * `Prefer` header to chosen requests (the mock's documented way to answer 204, 404, 406, ...).
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { vi } from 'vitest';
import { startMockServer, type MockServer, type MockServerOptions } from '../../scripts/lib/mock/server.js';
import { ROOT } from '../helpers.js';

export const GUIDES_DIR = join(ROOT, 'docs/guides');

/** Every guide of docs/guides/ that runs a flow, by file name without `.md`. */
export const FLOW_GUIDES = [
  'find-my-user-id',
  'find-a-project-id',
  'open-comment-and-link-an-issue',
  'open-and-merge-a-pull-request',
  'trigger-a-job-and-follow-its-build',
  'download-an-artifact',
  'receive-web-hooks',
] as const;
export type FlowGuide = (typeof FLOW_GUIDES)[number];

/** The package's entries as guides import them, and the sources they are built from. */
const ENTRIES: ReadonlyArray<[string, string]> = [
  ["from 'onedev-openapi/mock'", `from ${JSON.stringify(join(ROOT, 'scripts/lib/mock/server.js'))}`],
  ["from 'onedev-openapi/webhooks'", `from ${JSON.stringify(join(ROOT, 'src/webhooks/index.js'))}`],
  ["from 'onedev-openapi'", `from ${JSON.stringify(join(ROOT, 'src/index.js'))}`],
];

/** The ```ts blocks of a Markdown text, without their fences. */
export function tsBlocks(markdown: string): string[] {
  return [...markdown.matchAll(/^```ts\n([\s\S]*?)^```$/gm)].map((m) => m[1]!);
}

/** A guide's module exactly as the reader assembles it: its ```ts blocks, in order. */
export async function guideSource(name: string): Promise<string> {
  const blocks = tsBlocks(await readFile(join(GUIDES_DIR, `${name}.md`), 'utf8'));
  if (blocks.length === 0) throw new Error(`docs/guides/${name}.md has no \`\`\`ts blocks`);
  return blocks.join('\n');
}

/** The module with its package imports pointed at this checkout's sources. */
export function withSourceImports(code: string): string {
  return ENTRIES.reduce((text, [published, source]) => text.replaceAll(published, source), code);
}

/** A temporary ESM folder (so modules may use top-level await, as the guides do). */
export async function moduleFolder(prefix: string): Promise<{ dir: string; remove: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  await writeFile(join(dir, 'package.json'), JSON.stringify({ type: 'module' }));
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

let copies = 0;

export interface RunGuide<M> {
  /** What the module exports. */
  module: M;
  /** What its run printed with console.log, one entry per call. */
  printed: string[];
  /** The exit code the run set (`process.exitCode`), if any. */
  exitCode: typeof process.exitCode;
  remove(): Promise<void>;
}

/**
 * Writes the guide's module to a fresh file and imports it with `env` set, so its top-level run
 * happens now, against whatever `env.ONEDEV_URL` names. Each call is a new module instance.
 */
export async function runGuide<M>(name: FlowGuide, env: Record<string, string>): Promise<RunGuide<M>> {
  return runModule<M>(name, await guideSource(name), env);
}

/** The same for any module text written as the package's users write it (`from 'onedev-openapi'`). */
export async function runModule<M>(name: string, code: string, env: Record<string, string>): Promise<RunGuide<M>> {
  const folder = await moduleFolder('onedev-guide-');
  const file = join(folder.dir, `${name}-${(copies += 1)}.ts`);
  await writeFile(file, withSourceImports(code));
  const saved = Object.fromEntries(Object.keys(env).map((key) => [key, process.env[key]]));
  const printed: string[] = [];
  const log = vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => {
    printed.push(args.map(String).join(' '));
  });
  // A run may set the exit code, as a script would; the test process keeps its own.
  const exitCode = process.exitCode;
  Object.assign(process.env, env);
  try {
    process.exitCode = undefined;
    const module = (await import(pathToFileURL(file).href)) as M;
    return { module, printed, exitCode: process.exitCode, remove: folder.remove };
  } catch (error) {
    await folder.remove();
    throw error;
  } finally {
    log.mockRestore();
    process.exitCode = exitCode;
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  }
}

export interface LoggedMock extends MockServer {
  /** Requests answered so far: method, target as sent (path and query) and status. */
  requests: Array<{ method: string; path: string; status: number }>;
  /** The environment a guide's run reads to reach this mock. */
  env: Record<string, string>;
}

/** The mock on 127.0.0.1, a free port, logging what it answers. Close it in `afterAll`/`finally`. */
export async function startLoggedMock(options: Omit<MockServerOptions, 'onAnswer' | 'host' | 'port'> = {}): Promise<LoggedMock> {
  const requests: LoggedMock['requests'] = [];
  const mock = await startMockServer({ ...options, port: 0, onAnswer: (entry) => requests.push(entry) });
  return Object.assign(mock, {
    requests,
    env: { ONEDEV_URL: mock.origin, ONEDEV_USER: 'robin', ONEDEV_TOKEN: 'guide-test-token' },
  });
}

/**
 * A fetch for `createOneDevClient` that sends `Prefer: <preference>` with the requests `pick`
 * chooses (given method and URL), so the mock answers a documented status instead of the usual one.
 */
export function preferring(pick: (method: string, url: string) => string | undefined): (url: string, init: RequestInit) => Promise<Response> {
  return (url, init) => {
    const preference = pick(init.method ?? 'GET', url);
    if (preference === undefined) return fetch(url, init);
    const headers = new Headers(init.headers);
    headers.set('Prefer', preference);
    return fetch(url, { ...init, headers });
  };
}
