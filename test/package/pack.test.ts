/**
 * The npm package as a user gets it, on a machine that has never seen it: `npm pack` from a
 * checkout without dist/ (prepack must build it), then `npm install <tarball>` into an empty
 * project with an empty npm cache, so every dependency comes from the registry as on a fresh CI
 * machine. Then every entry is used from that project: the client, `./types`, each description
 * file, `./mock`, `./describe`, each `./releases/<tag>/...` folder the repository has, and the
 * `onedev-openapi` bin through npx (mock at a published and an unpublished tag, verify against
 * that mock finding its release by itself, diff, describe, docs without and with @redocly/cli).
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeRelease } from '../../scripts/lib/describe.js';
import { operationTable } from '../../src/index.js';
import { DEFAULT_RELEASE, ROOT } from '../helpers.js';

interface Manifest {
  name: string;
  version: string;
  bin: Record<string, string>;
  exports: Record<string, string | Record<string, string>>;
  dependencies: Record<string, string>;
  peerDependencies: Record<string, string>;
  peerDependenciesMeta: Record<string, { optional?: boolean }>;
}

const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as Manifest;
const work = mkdtempSync(join(tmpdir(), 'pack-test-'));
const project = join(work, 'project');
const installed = join(project, 'node_modules', pkg.name);
// An npm cache of our own, empty at the start: nothing may come from the machine's cache.
const cache = join(work, 'npm-cache');
const env = {
  ...process.env,
  npm_config_cache: cache,
  npm_config_offline: 'false',
  npm_config_prefer_offline: 'false',
  npm_config_fund: 'false',
  npm_config_audit: 'false',
  npm_config_update_notifier: 'false',
};

interface Ran {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs a command to its end; a non-zero exit is a result to check, not an exception. */
function sh(cmd: string, args: string[], cwd: string, timeout = 120_000): Promise<Ran> {
  return new Promise((resolve) => {
    execFile(cmd, args, { cwd, env, timeout, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
      resolve({ code, stdout, stderr: error && code === 1 && !stderr ? String(error) : stderr });
    });
  });
}

/** `npx --no -- onedev-openapi ...`: the bin as installed (`--no`: never fetch a package of that name). */
const npx = (args: string[]) => sh('npx', ['--no', '--', 'onedev-openapi', ...args], project);

/** The release folders the repository has (generated/releases/<tag>/), if any. */
const releasesDir = join(ROOT, 'generated/releases');
const releases = existsSync(releasesDir)
  ? readdirSync(releasesDir).filter((tag) => statSync(join(releasesDir, tag)).isDirectory()).sort()
  : [];
const releaseFiles = (tag: string) => readdirSync(join(releasesDir, tag)).sort();

let packedFiles: string[] = [];
const started: ChildProcess[] = [];

beforeAll(async () => {
  // Packing from a checkout without dist/ shows that prepack builds everything the package runs.
  rmSync(join(ROOT, 'dist'), { recursive: true, force: true });
  const packed = await sh('npm', ['pack', '--json', '--pack-destination', work], ROOT, 240_000);
  expect(packed.code, packed.stderr).toBe(0);
  const [info] = JSON.parse(packed.stdout) as Array<{ filename: string; files: Array<{ path: string }> }>;
  packedFiles = info!.files.map((f) => f.path).sort();
  mkdirSync(project);
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
  // @types/node is the consumer's own: a Node project that starts the mock has it.
  const install = await sh('npm', ['install', '--no-audit', '--no-fund', join(work, info!.filename), '@types/node@20'], project, 300_000);
  expect(install.code, install.stderr).toBe(0);
}, 600_000);

afterAll(() => {
  for (const child of started) if (child.exitCode === null && child.pid) killGroup(child.pid);
  rmSync(work, { recursive: true, force: true });
}, 180_000);

/** tsc on one file of the consumer project, with the given compiler options on top of strict NodeNext. */
async function typecheck(file: string, options: Record<string, unknown>): Promise<Ran> {
  const config = `tsconfig.${file.replace(/\.ts$/, '')}.json`;
  writeFileSync(
    join(project, config),
    JSON.stringify({ compilerOptions: { module: 'NodeNext', moduleResolution: 'NodeNext', target: 'ES2022', strict: true, noEmit: true, ...options }, files: [file] }),
  );
  return sh(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', config], project);
}

function killGroup(pid: number): void {
  try {
    process.kill(-pid, 'SIGTERM');
  } catch {
    // Already gone.
  }
}

/**
 * Whether the port of `origin` refuses connections within `ms` (tried every 50 ms): npx can exit
 * before the mock it started (its grandchild) has handled the signal and closed its port.
 */
async function portClosed(origin: string, ms: number): Promise<boolean> {
  const { hostname, port } = new URL(origin);
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((resolve) => setTimeout(resolve, 50))) {
    const refused = await new Promise<boolean>((resolve) => {
      const socket = connect(Number(port), hostname);
      socket.once('connect', () => {
        socket.destroy();
        resolve(false);
      });
      socket.once('error', () => resolve(true));
    });
    if (refused) return true;
  }
  return false;
}

describe('the packed package', () => {
  it('prepack built dist/ (removed before packing): the client, the tools, the mock entry and the bin are in the tarball', () => {
    for (const file of [
      'package.json',
      'README.md',
      'LICENSE',
      'bin/onedev-openapi.js',
      'dist/src/index.js',
      'dist/src/index.d.ts',
      'dist/generated/operations.js',
      'dist/generated/openapi.d.ts',
      'dist/scripts/mock.js',
      'dist/scripts/verify.js',
      'dist/scripts/diff.js',
      'dist/scripts/describe.js',
      'dist/scripts/docs.js',
      'dist/scripts/lib/cli.js',
      'dist/scripts/lib/mock/entry.js',
      'dist/scripts/lib/mock/entry.d.ts',
      'dist/scripts/lib/mock/public.d.ts',
      'dist/scripts/lib/describe.js',
      'dist/scripts/lib/describe.d.ts',
      // The catalogue and the builder, compiled: any tag's description is built from them.
      'dist/spec/releases.js',
      'dist/spec/model.js',
      'dist/spec/groups/index.js',
      'dist/scripts/lib/build-document.js',
      'dist/scripts/lib/select-release.js',
      'dist/scripts/lib/steps/release.js',
      'dist/scripts/lib/steps/docs.js',
      'generated/openapi.json',
      'generated/openapi.yaml',
      'generated/openapi.d.ts',
      'generated/openapi-3.0.json',
      'generated/openapi-3.0.yaml',
      'generated/openapi.deref.json',
    ]) {
      expect(packedFiles).toContain(file);
    }
  });

  it('ships the catalogue and the builder compiled only: no TypeScript sources, tests, or the steps only the whole build runs', () => {
    const outside = packedFiles.filter(
      (f) => !/^(bin\/[^/]+\.js$|dist\/|generated\/openapi[^/]*$|generated\/releases\/[^/]+\/openapi[^/]*$|package\.json$|README\.md$|LICENSE$)/.test(f),
    );
    expect(outside).toEqual([]);
    expect(packedFiles.some((f) => /^(spec|scripts|test|bench|src)\//.test(f) || f.endsWith('.ts') && !f.endsWith('.d.ts'))).toBe(false);
    // The whole-set steps (changelog, fact tables, client table) and the build's driver stay home.
    for (const file of ['dist/scripts/lib/artifacts.js', 'dist/scripts/build.js', 'dist/scripts/lib/steps/changelog.js', 'dist/scripts/lib/steps/facts.js', 'dist/scripts/lib/steps/client.js']) {
      expect(packedFiles).not.toContain(file);
    }
  });

  it('every release folder of the repository is in the tarball, file by file', () => {
    for (const tag of releases) {
      expect(releaseFiles(tag).length, tag).toBeGreaterThan(0);
      for (const file of releaseFiles(tag)) expect(packedFiles).toContain(`generated/releases/${tag}/${file}`);
    }
    const shipped = new Set(packedFiles.filter((f) => f.startsWith('generated/releases/')).map((f) => f.split('/')[2]));
    expect([...shipped].sort()).toEqual(releases);
  });

  it('every export target is in the tarball (patterns expanded over the release folders)', () => {
    const targets = Object.entries(pkg.exports).flatMap(([key, target]) => {
      const paths = typeof target === 'string' ? [target] : Object.values(target);
      if (!key.includes('*')) return paths;
      // `./releases/*`: every file of every release; `./releases/*/types`: one per release.
      return releases.flatMap((tag) =>
        key.endsWith('*') ? releaseFiles(tag).map((file) => paths[0]!.replace('*', `${tag}/${file}`)) : paths.map((p) => p.replace('*', tag)),
      );
    });
    for (const target of targets) expect(packedFiles).toContain(target.replace(/^\.\//, ''));
    for (const bin of Object.values(pkg.bin)) expect(packedFiles).toContain(bin.replace(/^\.\//, ''));
  });

  it('declares as dependencies exactly the packages its shipped code imports', () => {
    const imported = new Map<string, string>();
    const walk = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)]));
    const code = [...walk(join(installed, 'dist')), ...walk(join(installed, 'bin'))].filter((f) => /\.(js|d\.ts)$/.test(f));
    expect(code.length).toBeGreaterThan(20);
    // TypeScript's import scanner reads code, not text: the catalogue's prose (now shipped) says
    // "from '...'" in places, which a pattern would take for an import.
    for (const file of code) {
      const found = ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles.map((f) => f.fileName);
      for (const spec of found) {
        if (spec!.startsWith('.') || spec!.startsWith('node:') || builtinModules.includes(spec!)) continue;
        const name = spec!.startsWith('@') ? spec!.split('/').slice(0, 2).join('/') : spec!.split('/')[0]!;
        if (name !== pkg.name && !imported.has(name)) imported.set(name, relative(installed, file));
      }
    }
    // A missing one breaks the installed package; an unused one makes every user download it.
    expect(Object.fromEntries([...imported].sort())).toEqual(
      Object.fromEntries(Object.keys(pkg.dependencies).sort().map((name) => [name, imported.get(name) ?? '(imported nowhere)'])),
    );
    // @redocly/cli (only `docs` runs it) is an optional peer: found where the package is installed, never installed with it.
    expect(pkg.peerDependencies).toEqual({ '@redocly/cli': expect.stringMatching(/^\^2\./) });
    expect(pkg.peerDependenciesMeta).toEqual({ '@redocly/cli': { optional: true } });
    expect(readFileSync(join(installed, 'dist/scripts/lib/docs/renderer.js'), 'utf8')).toContain("require.resolve('@redocly/cli/package.json')");
    expect(existsSync(join(project, 'node_modules/@redocly/cli'))).toBe(false);
  });
});

describe('using the installed package', () => {
  it('imports the client, each description entry, ./mock and each release folder with node, and calls the mock through the client', async () => {
    const expected = Object.fromEntries(
      releases.map((tag) => [tag, releaseFiles(tag).filter((f) => f.endsWith('.json')).map((f) => [f, sha(readFileSync(join(releasesDir, tag, f), 'utf8'))])]),
    );
    writeFileSync(
      join(project, 'use.mjs'),
      `
      import { createHash } from 'node:crypto';
      import { createRequire } from 'node:module';
      import { readFileSync } from 'node:fs';
      import * as client from '${pkg.name}';
      import { startMockServer } from '${pkg.name}/mock';
      import * as webhooks from '${pkg.name}/webhooks';
      import spec from '${pkg.name}/openapi.json' with { type: 'json' };
      import spec30 from '${pkg.name}/openapi-3.0.json' with { type: 'json' };
      import deref from '${pkg.name}/openapi.deref.json' with { type: 'json' };
      const require = createRequire(import.meta.url);
      const yaml = readFileSync(require.resolve('${pkg.name}/openapi.yaml'), 'utf8');
      const yaml30 = readFileSync(require.resolve('${pkg.name}/openapi-3.0.yaml'), 'utf8');
      const sha = (text) => createHash('sha256').update(JSON.stringify(JSON.parse(text))).digest('hex');

      const releases = {};
      for (const [tag, files] of Object.entries(${JSON.stringify(expected)})) {
        releases[tag] = [];
        for (const [file] of files) {
          const doc = (await import('${pkg.name}/releases/' + tag + '/' + file, { with: { type: 'json' } })).default;
          releases[tag].push([file, sha(JSON.stringify(doc))]);
        }
        releases[tag].yaml = readFileSync(require.resolve('${pkg.name}/releases/' + tag + '/openapi.yaml'), 'utf8').startsWith('openapi: 3.1');
      }

      // With no document given, the mock serves the package's own description.
      const mock = await startMockServer({ port: 0 });
      try {
        const api = client.createOneDevClient({ baseUrl: mock.origin, auth: { user: 'ci', accessToken: 'any-token' } });
        const { data: page } = await api.GET('/pulls', { params: { query: { offset: 0, count: 1 } } });
        const anonymous = await client.createOneDevClient({ baseUrl: mock.origin }).GET('/settings/system').catch((e) => e);
        console.log(JSON.stringify({
          exports: Object.keys(client).sort(),
          webhooks: [
            webhooks.receiveWebhook({ headers: { 'x-onedev-signature': 's3cret' }, body: JSON.stringify(spec.components.examples.PullRequestOpenedPayload.value) }, { secret: 's3cret' }).event?.type,
            webhooks.receiveWebhook({ headers: { 'x-onedev-signature': 'guess' }, body: '{}' }, { secret: 's3cret' }).error?.code,
            Object.keys(webhooks.webhookTables),
          ],
          baseUrl: mock.baseUrl,
          page: Array.isArray(page) && page.length > 0 && page.every((p) => Number.isInteger(p.id)),
          anonymous: [anonymous.name, anonymous.status, anonymous.operationId],
          versions: [spec.openapi, spec30.openapi, deref.openapi],
          yaml: yaml.startsWith('openapi: 3.1.0'),
          yaml30: yaml30.startsWith('openapi: 3.0.3'),
          operations: Object.keys(spec.paths).length,
          releases: Object.fromEntries(Object.entries(releases).map(([tag, files]) => [tag, { files: [...files], yaml: files.yaml }])),
        }));
      } finally {
        await mock.close();
      }`,
    );
    const ran = await sh('node', ['use.mjs'], project, 60_000);
    expect(ran.stderr).toBe('');
    expect(ran.code).toBe(0);
    const out = JSON.parse(ran.stdout) as Record<string, unknown>;
    expect(out.exports).toEqual(expect.arrayContaining(['createOneDevClient', 'OneDevError', 'OneDevNetworkError', 'OneDevTimeoutError']));
    expect(out.webhooks).toEqual(['PullRequestOpened', 'wrong-signature', releases]);
    expect(out.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/~api$/);
    expect(out.page).toBe(true);
    const systemSetting = Object.entries(operationTable).find(([, info]) => info.method === 'GET' && info.path === '/settings/system')![0];
    expect(out.anonymous).toEqual(['OneDevError', 401, systemSetting]);
    expect(out.versions).toEqual(['3.1.0', '3.0.3', '3.1.0']);
    expect(out).toMatchObject({ yaml: true, yaml30: true });
    expect(out.operations).toBe(Object.keys((JSON.parse(readFileSync(join(ROOT, 'generated/openapi.json'), 'utf8')) as { paths: object }).paths).length);
    expect(out.releases).toEqual(Object.fromEntries(Object.entries(expected).map(([tag, files]) => [tag, { files, yaml: true }])));
  }, 90_000);

  it('type-checks a consumer of the client, ./types and each release types entry, strictly and without Node types', async () => {
    const releaseImports = releases.map((tag, i) => `import type { paths as Release${i} } from '${pkg.name}/releases/${tag}/types';\nexport type R${i} = keyof Release${i};`);
    writeFileSync(
      join(project, 'use-client.ts'),
      `import { createOneDevClient, operationTableOf, OneDevNetworkError, type OneDevClient, type ReleasePaths } from '${pkg.name}';
       import type { components, paths } from '${pkg.name}/types';
       import type { paths as V14 } from '${pkg.name}/releases/v14.1.9/types';
       ${releaseImports.join('\n')}
       type PullRequest = components['schemas']['PullRequest'];
       const title: PullRequest['title'] = 'x';
       const route: keyof paths = '/pulls/{requestId}';
       const api: OneDevClient = createOneDevClient({ baseUrl: 'http://127.0.0.1:9', timeoutMs: 5_000, retry: { retries: 2 } });
       const isNetwork = (e: unknown) => e instanceof OneDevNetworkError && e.operationId.length > 0;
       // @ts-expect-error: a number is not a title
       const wrong: PullRequest['title'] = 1;
       // A client typed for an older release, by name or from that release's own files.
       const v14: OneDevClient<ReleasePaths['v14.1.9']> = createOneDevClient({ baseUrl: 'http://127.0.0.1:9', release: 'v14.1.9' });
       const v14Too: OneDevClient<V14> = createOneDevClient<V14>({ baseUrl: 'http://127.0.0.1:9', operations: operationTableOf({}) });
       export const older = async () => {
         await v14.GET('/pull-request-reviews/{reviewId}', { params: { path: { reviewId: 7 } } });
         // @ts-expect-error: Approve came after v14.1.9
         await v14Too.POST('/pulls/{requestId}/approve', { params: { path: { requestId: 1 } } });
         // @ts-expect-error: Get Pull Request Review is gone from the newest release
         await api.GET('/pull-request-reviews/{reviewId}', { params: { path: { reviewId: 7 } } });
       };
       export { title, route, api, isNetwork, wrong };
      `,
    );
    // Every declaration file is checked (skipLibCheck false), and no Node types are loaded: the
    // client runs wherever fetch does.
    const result = await typecheck('use-client.ts', { skipLibCheck: false, types: [] });
    expect(result.stdout).toBe('');
    expect(result.code).toBe(0);
  }, 120_000);

  it('type-checks a Node project that starts the mock from ./mock', async () => {
    writeFileSync(
      join(project, 'use-mock.ts'),
      `import { createOneDevClient } from '${pkg.name}';
       import { startMockServer, type MockServer } from '${pkg.name}/mock';
       export async function withMock(): Promise<number> {
         const mock: MockServer = await startMockServer({ port: 0 });
         const { data } = await createOneDevClient({ baseUrl: mock.origin }).GET('/settings/ssh');
         await mock.close();
         return mock.port + (data ? 1 : 0);
       }
       // @ts-expect-error: the port is a number (this fails if the mock's types were lost to any)
       export const wrong = () => startMockServer({ port: '4010' });
      `,
    );
    // Node's types (the mock is a Node server), and every declaration file checked: the mock's
    // declarations are its own types only, so nothing of Prism's (which does not compile) comes in.
    const result = await typecheck('use-mock.ts', { skipLibCheck: false, types: ['node'] });
    expect(result.stdout).toBe('');
    expect(result.code).toBe(0);
  }, 120_000);

  it('type-checks an import of every typed entry of the exports, strict and without skipLibCheck', async () => {
    // Every entry with a `types` condition, patterns expanded over the release folders: an entry
    // added later is checked without touching this test.
    const entries = Object.entries(pkg.exports)
      .filter(([, target]) => typeof target === 'object' && 'types' in target)
      .flatMap(([key]) => (key.includes('*') ? releases.map((tag) => key.replace('*', tag)) : [key]))
      .map((key) => (key === '.' ? pkg.name : `${pkg.name}/${key.replace(/^\.\//, '')}`));
    expect(entries).toEqual(
      expect.arrayContaining([pkg.name, `${pkg.name}/types`, `${pkg.name}/mock`, ...releases.map((tag) => `${pkg.name}/releases/${tag}/types`)]),
    );
    writeFileSync(
      join(project, 'use-all.ts'),
      entries.map((entry, i) => `import type * as Entry${i} from '${entry}';\nexport type { Entry${i} };`).join('\n') + '\n',
    );
    const result = await typecheck('use-all.ts', { skipLibCheck: false, types: ['node'] });
    expect(result.stdout).toBe('');
    expect(result.code).toBe(0);
  }, 180_000);

  it('runs the bin through npx: usage, version and unknown tools', async () => {
    const [version, none, unknown] = await Promise.all([npx(['--version']), npx([]), npx(['serve'])]);
    expect(version).toMatchObject({ code: 0, stdout: `${pkg.version}\n` });
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/Usage: onedev-openapi <tool>[\s\S]*mock[\s\S]*verify[\s\S]*diff[\s\S]*describe[\s\S]*docs/);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('Unknown tool "serve"');
  }, 60_000);

  it.each(['mock', 'verify', 'diff', 'describe', 'docs'])('npx onedev-openapi %s --help: exit 0, the usage on stdout naming the command as typed', async (tool) => {
    const help = await npx([tool, '--help']);
    expect(help).toMatchObject({ code: 0, stderr: '' });
    expect(help.stdout).toMatch(new RegExp(`^Usage: onedev-openapi ${tool} `));
    expect(help.stdout).not.toContain('npm run');
  }, 60_000);

  it('npx onedev-openapi diff: no change exits 0, a removed operation exits 1 and is named', async () => {
    const doc = JSON.parse(readFileSync(join(installed, 'generated/openapi.json'), 'utf8')) as { paths: Record<string, unknown> };
    const removed = Object.keys(doc.paths).find((p) => p.startsWith('/pulls/'))!;
    delete doc.paths[removed];
    writeFileSync(join(project, 'changed.json'), JSON.stringify(doc));
    const original = join(installed, 'generated/openapi.json');
    const [same, changed] = await Promise.all([npx(['diff', original, original]), npx(['diff', original, 'changed.json'])]);
    expect(same.code).toBe(0);
    expect(changed.code).toBe(1);
    expect(changed.stdout).toContain(removed);
  }, 60_000);

  // The default description, the oldest release folder when the repository has releases, and a
  // tag the package has no folder for (built from the shipped catalogue when the mock starts).
  const served: Array<[string, string[], string]> = [
    ['the default description', [], DEFAULT_RELEASE],
    ...releases.slice(0, 1).map((tag): [string, string[], string] => [`release ${tag}`, ['--release', tag], tag]),
    ['the unpublished tag v16.3.2', ['--release', 'v16.3.2'], 'v16.3.2'],
  ];
  it.each(served)(
    'npx onedev-openapi mock serves %s with plain node, verify finds its release by itself and no difference, and it stops on SIGTERM',
    async (_what, release, tag) => {
      const child = spawn('npx', ['--no', '--', 'onedev-openapi', 'mock', '--port', '0', '--quiet', ...release], { cwd: project, env, detached: true });
      started.push(child);
      const origin = await new Promise<string>((resolve, reject) => {
        let out = '';
        const timer = setTimeout(() => reject(new Error(`the mock did not start within 30 s:\n${out}`)), 30_000);
        const seen = (chunk: Buffer) => {
          out += chunk.toString();
          const match = /listening on (http:\/\/127\.0\.0\.1:\d+)\/~api/.exec(out);
          if (match) {
            clearTimeout(timer);
            resolve(match[1]!);
          }
        };
        child.stdout!.on('data', seen);
        child.stderr!.on('data', seen);
        child.once('exit', (code) => reject(new Error(`the mock exited with ${code}:\n${out}`)));
      });
      // The bin runs compiled code: nothing in the consumer project can run TypeScript.
      expect(existsSync(join(project, 'node_modules/tsx'))).toBe(false);

      const authorization = `Basic ${Buffer.from('ci:any-token').toString('base64')}`;
      const answer = await fetch(`${origin}/~api/settings/ssh`, { headers: { authorization } });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toMatch(/json/);

      // No --release: verify asks the mock's Get Server Version, which answers the served tag's version.
      const version = await fetch(`${origin}/~api/version/server`, { headers: { authorization } });
      expect(await version.text()).toBe(tag.slice(1));
      const verify = await npx(['verify', '--server', origin, '--user', 'ci', '--token', 'any-token']);
      expect(verify.stdout).toContain(`Release ${tag}: the version the server reports (${tag.slice(1)}).`);
      expect(verify.stdout).not.toContain('WARNING');
      expect(verify.stdout).toContain('no differences found');
      expect(verify.code).toBe(0);

      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      killGroup(child.pid!);
      await exited;
      expect(await portClosed(origin, 10_000)).toBe(true);
      await expect(fetch(`${origin}/~api/settings/ssh`, { headers: { authorization } })).rejects.toThrow();
    },
    120_000,
  );
});

describe('describe and docs from the installed package', () => {
  const tag = 'v16.3.2';

  it(`npx onedev-openapi describe --release ${tag} writes the files the checkout builds for it, byte for byte`, async () => {
    const started = performance.now();
    const ran = await npx(['describe', '--release', tag]);
    const seconds = (performance.now() - started) / 1000;
    expect(ran.stderr).toBe('');
    expect(ran.code).toBe(0);
    expect(ran.stdout).toMatch(new RegExp(`^OneDev ${tag.replaceAll('.', '\\.')}: wrote 6 files in [\\d.]+ s\\n`));
    const expected = await describeRelease(tag);
    for (const file of expected) {
      expect(readFileSync(join(project, `onedev-${tag}`, file.name), 'utf8') === file.content, file.name).toBe(true);
    }
    console.log(`describe ${tag} through npx: ${seconds.toFixed(1)} s`);
  }, 120_000);

  it('npx onedev-openapi describe refuses an unknown tag with exit 2, the known tags and the nearest older one', async () => {
    const ran = await npx(['describe', '--release', 'v16.4.9']);
    expect(ran.code).toBe(2);
    expect(ran.stderr).toMatch(/^Unknown OneDev release "v16\.4\.9": the nearest older tag it knows is v16\.4\.2\./);
    expect(ran.stderr).toMatch(/^ {2}v16\.5: +v16\.5\.0 .* v16\.5\.6$/m);
    expect(ran.stderr).toContain('Usage: onedev-openapi describe --release <tag>');
  }, 60_000);

  it(`a client typed from describe's output for ${tag}, as docs/getting-started.md shows, type-checks and calls a mock of ${tag}`, async () => {
    writeFileSync(
      join(project, 'use-describe.ts'),
      `import { readFileSync } from 'node:fs';
       import { createOneDevClient, operationTableOf } from '${pkg.name}';
       import type { paths } from './onedev-${tag}/openapi.js';
       import { describeRelease, RELEASE_TAGS } from '${pkg.name}/describe';

       const description: unknown = JSON.parse(readFileSync('onedev-${tag}/openapi.json', 'utf8'));
       export const onedev = createOneDevClient<paths>({ baseUrl: 'https://onedev.example.com', auth: { accessToken: 'tok' }, operations: operationTableOf(description) });
       export const workspaces = () => onedev.GET('/workspaces', { params: { query: { offset: 0, count: 1 } } });
       // @ts-expect-error: Workspaces came with v16.3.0, Milestones were gone long before
       export const milestones = () => onedev.GET('/milestones/{milestoneId}', { params: { path: { milestoneId: 1 } } });
       export const files: Promise<Array<{ name: string; content: string }>> = describeRelease(RELEASE_TAGS[0]!);
      `,
    );
    const checked = await typecheck('use-describe.ts', { skipLibCheck: false, types: ['node'] });
    expect(checked.stdout).toBe('');
    expect(checked.code).toBe(0);

    writeFileSync(
      join(project, 'use-describe.mjs'),
      `import { readFileSync } from 'node:fs';
       import { createOneDevClient, operationTableOf } from '${pkg.name}';
       import { startMockServer } from '${pkg.name}/mock';
       import { describeRelease, PUBLISHED_TAGS, RELEASE_TAGS } from '${pkg.name}/describe';
       const description = JSON.parse(readFileSync('onedev-${tag}/openapi.json', 'utf8'));
       const mock = await startMockServer({ port: 0, release: '${tag}' });
       try {
         const onedev = createOneDevClient({ baseUrl: mock.origin, auth: { user: 'ci', accessToken: 'any-token' }, operations: operationTableOf(description) });
         const { data } = await onedev.GET('/workspaces', { params: { query: { offset: 0, count: 1 } } });
         const server = await onedev.serverRelease();
         const oldest = await describeRelease(RELEASE_TAGS[0]);
         console.log(JSON.stringify({ workspaces: Array.isArray(data), server: [server.tag, server.known, server.published], tags: RELEASE_TAGS.length, published: PUBLISHED_TAGS, oldest: oldest.map((f) => f.name) }));
       } finally {
         await mock.close();
       }`,
    );
    const ran = await sh('node', ['use-describe.mjs'], project, 120_000);
    expect(ran.stderr).toBe('');
    expect(JSON.parse(ran.stdout)).toEqual({
      workspaces: true,
      server: [tag, true, false],
      tags: 101,
      published: releases,
      oldest: ['openapi.json', 'openapi.yaml', 'openapi.d.ts', 'openapi.deref.json', 'openapi-3.0.json', 'openapi-3.0.yaml'],
    });
  }, 240_000);

  it('npx onedev-openapi docs says how to get @redocly/cli when it is missing, and writes the tag reference once it is installed', async () => {
    const missing = await npx(['docs', '--release', tag, '--out', 'docs-missing']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain(`npm install --save-dev "@redocly/cli@${pkg.peerDependencies['@redocly/cli']}"`);
    expect(missing.stderr).not.toMatch(/\n\s+at /);

    const install = await sh('npm', ['install', '--no-audit', '--no-fund', `@redocly/cli@${pkg.peerDependencies['@redocly/cli']}`], project, 300_000);
    expect(install.code, install.stderr).toBe(0);
    const ran = await npx(['docs', '--release', tag, '--out', 'docs-out']);
    expect(ran.stderr).toBe('');
    expect(ran.code).toBe(0);
    expect(readdirSync(join(project, 'docs-out')).sort()).toEqual(['index.html', 'redoc.css', 'redoc.standalone.js', tag].sort());
    const page = readFileSync(join(project, 'docs-out', tag, 'index.html'), 'utf8');
    expect(page).toContain(`<title>OneDev REST API: OneDev ${tag}</title>`);
    expect(page).toContain('id="api-description"');
    expect(readFileSync(join(project, 'docs-out', 'index.html'), 'utf8')).toContain(`location.replace("${tag}/index.html" + location.hash)`);
  }, 420_000);
});

function sha(text: string): string {
  return createHash('sha256').update(JSON.stringify(JSON.parse(text))).digest('hex');
}
