/**
 * docs/guides/download-an-artifact.md, run against the mock: the build found by its number is the
 * one whose artifacts are listed (the root form of Get Artifact Info for the root, the nested form
 * for a directory) and downloaded; the listing walk ends although the mock answers
 * the same listing for every path; the file written holds exactly the bytes the server sent, at
 * the artifact's path under the folder; a 204 listing is empty, a 404 (build gone) and a 500 (not
 * a file) are thrown, and a path that would leave the folder is refused before any request.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOneDevClient, OneDevError, type OneDevClient } from '../../src/index.js';
import { moduleFolder, preferring, runGuide, startLoggedMock, type LoggedMock, type RunGuide } from './guide-module.js';

interface Guide {
  artifactFiles(onedev: OneDevClient, buildId: number, maxDirectories?: number): Promise<Array<{ path: string; length: number }>>;
  downloadArtifact(onedev: OneDevClient, buildId: number, artifactPath: string, toDir: string): Promise<{ file: string; bytes: number }>;
}

type Rec = Record<string, unknown>;

describe('guide: download an artifact', () => {
  let mock: LoggedMock;
  let guide: RunGuide<Guide>;
  let run: LoggedMock['requests'];
  let downloads: Awaited<ReturnType<typeof moduleFolder>>;
  const auth = { authorization: 'Bearer admin' };
  const client = (on: LoggedMock, options: Partial<Parameters<typeof createOneDevClient>[0]> = {}): OneDevClient =>
    createOneDevClient({ baseUrl: on.origin, auth: { user: 'robin', accessToken: 'guide-test-token' }, timeoutMs: 10_000, ...options });

  beforeAll(async () => {
    mock = await startLoggedMock({ records: 30 });
    downloads = await moduleFolder('onedev-artifacts-');
    guide = await runGuide<Guide>('download-an-artifact', { ...mock.env, ONEDEV_DOWNLOAD_DIR: downloads.dir });
    run = [...mock.requests];
  });
  afterAll(async () => {
    await guide?.remove();
    await downloads?.remove();
    await mock?.close();
  });

  const buildNumbered = async (number: number): Promise<Rec> => {
    const builds = (await (await fetch(`${mock.baseUrl}/builds?offset=0&count=30`, { headers: auth })).json()) as Rec[];
    return builds.find((b) => b.number === number)!;
  };

  it('runs as written: resolves the build number, lists its artifacts, downloads by that id', async () => {
    const build = await buildNumbered(187);
    const sent = run.map((r) => ({ ...r, url: new URL(r.path, mock.origin) }));
    expect(sent[0]!.url.pathname).toBe('/~api/builds');
    // The reference is the query itself (every release takes it unquoted).
    expect(sent[0]!.url.searchParams.get('query')).toBe('acme/webapp#187');
    expect(sent.slice(1).map((r) => `${r.method} ${decodeURIComponent(r.url.pathname)} ${r.status}`)).toEqual([
      `GET /~api/artifacts/${build.id}/infos 200`,
      // The mock answers the root's listing for /dist too; the walk takes nothing from it and stops.
      `GET /~api/artifacts/${build.id}/infos/dist 200`,
      `GET /~api/artifacts/${build.id}/contents/dist/webapp-4.2.0.tar.gz 200`,
    ]);
  });

  it('prints the files the listing holds, and saves exactly the bytes the server sent', async () => {
    const build = await buildNumbered(187);
    const root = (await (await fetch(`${mock.baseUrl}/artifacts/${build.id}/infos`, { headers: auth })).json()) as { children: Rec[] };
    const files = root.children.filter((c) => c['@type'] === 'FileInfo');
    expect(files.length).toBeGreaterThan(0);
    // Entries are not listed further: a directory entry comes without entries of its own.
    expect(root.children.filter((c) => Array.isArray(c.children))).toEqual([]);
    const file = join(downloads.dir, 'dist/webapp-4.2.0.tar.gz');
    const sent = new Uint8Array(await (await fetch(`${mock.baseUrl}/artifacts/${build.id}/contents/dist/webapp-4.2.0.tar.gz`, { headers: auth })).arrayBuffer());
    expect(guide.printed).toEqual([
      ...files.map((f) => `${f.path}  ${f.length} bytes`),
      `Saved dist/webapp-4.2.0.tar.gz of acme/webapp#187 to ${file} (${sent.length} bytes).`,
    ]);
    expect(new Uint8Array(await readFile(file))).toEqual(sent);
  });

  it('lists nothing when nothing is stored (204)', async () => {
    const empty = client(mock, { fetch: preferring((method, url) => (url.includes('/infos') ? 'code=204' : undefined)) });
    expect(await guide.module.artifactFiles(empty, 2031)).toEqual([]);
  });

  it('throws a 404 for a build that is gone, and a 500 for a path that is not a file', async () => {
    // The stateful mock does not tie /artifacts/{buildId} to its build records: the documented 404 stands in.
    const gone = client(mock, { fetch: preferring((method, url) => (url.includes('/contents/') ? 'code=404' : undefined)) });
    const missing = await guide.module.downloadArtifact(gone, 2031, 'dist/a.tar.gz', downloads.dir).catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(OneDevError);
    expect(missing).toMatchObject({ status: 404, serverMessage: expect.stringContaining('No row with the given identifier exists') });

    const notAFile = client(mock, { fetch: preferring((method, url) => (url.includes('/contents/') ? 'code=500' : undefined)) });
    const failed = await guide.module.downloadArtifact(notAFile, 2031, 'dist', downloads.dir).catch((e: unknown) => e);
    expect(failed).toMatchObject({ name: 'OneDevError', status: 500 });
  });

  it('refuses a path that would leave the folder, before sending anything', async () => {
    const before = mock.requests.length;
    for (const path of ['../escape.txt', 'dist/../../escape.txt', '/etc/passwd']) {
      await expect(guide.module.downloadArtifact(client(mock), 2031, path, downloads.dir)).rejects.toThrow(`refusing artifact path ${path}`);
    }
    expect(mock.requests.length).toBe(before);
  });
});
