/**
 * The npm package as users get it: build the client, `npm pack`, install the tarball into a
 * fresh project (offline: openapi-fetch comes from the npm cache) and use every entry point.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../helpers.js';

const run = promisify(execFile);
const sh = (cmd: string, args: string[], cwd: string) =>
  run(cmd, args, { cwd, timeout: 120_000, maxBuffer: 64 * 1024 * 1024, env: { ...process.env, npm_config_fund: 'false', npm_config_audit: 'false', npm_config_update_notifier: 'false' } });

const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  name: string;
  exports: Record<string, unknown>;
};
const work = mkdtempSync(join(tmpdir(), 'pack-test-'));
const project = join(work, 'project');
let packedFiles: string[] = [];

beforeAll(async () => {
  // The same command the release uses to compile src/ into dist/.
  await sh('npm', ['run', 'build:client'], ROOT);
  const { stdout } = await sh('npm', ['pack', '--json', '--pack-destination', work], ROOT);
  const [info] = JSON.parse(stdout) as Array<{ filename: string; files: Array<{ path: string }> }>;
  packedFiles = info!.files.map((f) => f.path).sort();
  mkdirSync(project);
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
  await sh('npm', ['install', '--offline', '--no-package-lock', join(work, info!.filename)], project);
}, 240_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('the packed package', () => {
  it('ships the client, the descriptions and the types, and nothing of the build', () => {
    for (const file of [
      'package.json',
      'README.md',
      'dist/src/index.js',
      'dist/src/index.d.ts',
      'dist/generated/operations.js',
      'generated/openapi.json',
      'generated/openapi.yaml',
      'generated/openapi.d.ts',
      'generated/openapi-3.0.json',
    ]) {
      expect(packedFiles).toContain(file);
    }
    const outside = packedFiles.filter(
      (f) => !/^(dist\/(src|generated)\/|generated\/openapi[^/]*$|package\.json$|README\.md$|LICENSE)/.test(f),
    );
    expect(outside).toEqual([]);
    expect(packedFiles.some((f) => /^(spec|scripts|test|bench|src)\//.test(f))).toBe(false);
  });

  it('every export target is in the tarball', () => {
    const targets = Object.values(pkg.exports).flatMap((t) => (typeof t === 'string' ? [t] : Object.values(t as object)));
    for (const target of targets) expect(packedFiles).toContain(String(target).replace(/^\.\//, ''));
  });

  it('imports the client, and each description entry, with node', async () => {
    const script = `
      import { createRequire } from 'node:module';
      import { readFileSync } from 'node:fs';
      import * as client from '${pkg.name}';
      import spec from '${pkg.name}/openapi.json' with { type: 'json' };
      import spec30 from '${pkg.name}/openapi-3.0.json' with { type: 'json' };
      import deref from '${pkg.name}/openapi.deref.json' with { type: 'json' };
      const require = createRequire(import.meta.url);
      const yaml = readFileSync(require.resolve('${pkg.name}/openapi.yaml'), 'utf8');
      const yaml30 = readFileSync(require.resolve('${pkg.name}/openapi-3.0.yaml'), 'utf8');
      const api = client.createOneDevClient({ baseUrl: 'http://127.0.0.1:9/~api', auth: { accessToken: 't' } });
      console.log(JSON.stringify({
        exports: Object.keys(client).sort(),
        clientMethods: typeof api,
        versions: [spec.openapi, spec30.openapi, deref.openapi],
        yaml: yaml.startsWith('openapi: 3.1.0'),
        yaml30: yaml30.startsWith('openapi: 3.0.3'),
        operations: Object.keys(spec.paths).length,
      }));`;
    writeFileSync(join(project, 'use.mjs'), script);
    const { stdout } = await sh('node', ['use.mjs'], project);
    const out = JSON.parse(stdout) as Record<string, unknown>;
    expect(out.exports).toEqual(expect.arrayContaining(['createOneDevClient', 'OneDevError']));
    expect(out.clientMethods).toBe('object');
    expect(out.versions).toEqual(['3.1.0', '3.0.3', '3.1.0']);
    expect(out).toMatchObject({ yaml: true, yaml30: true });
    expect(out.operations).toBeGreaterThan(50);
  });

  it('type-checks a consumer that uses the client types and the ./types entry', async () => {
    writeFileSync(
      join(project, 'use.ts'),
      `import { createOneDevClient, type OneDevClient } from '${pkg.name}';
       import type { components, paths } from '${pkg.name}/types';
       type PullRequest = components['schemas']['PullRequest'];
       const title: PullRequest['title'] = 'x';
       const route: keyof paths = '/pulls/{requestId}';
       const api: OneDevClient = createOneDevClient({ baseUrl: 'http://127.0.0.1:9/~api' });
       // @ts-expect-error: a number is not a title
       const wrong: PullRequest['title'] = 1;
       export { title, route, api, wrong };
      `,
    );
    writeFileSync(
      join(project, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: { module: 'NodeNext', moduleResolution: 'NodeNext', target: 'ES2022', strict: true, noEmit: true, skipLibCheck: false, types: [] },
        files: ['use.ts'],
      }),
    );
    const tsc = join(ROOT, 'node_modules/.bin/tsc');
    const result = await sh(tsc, ['-p', 'tsconfig.json'], project).catch((e: { stdout: string }) => ({ stdout: e.stdout, failed: true }));
    expect(result.stdout).toBe('');
  });
});
