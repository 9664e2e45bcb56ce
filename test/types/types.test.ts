/**
 * The compile-only files next to this test (calls.ts, responses.ts, reachable.ts) are checked with
 * `tsc --noEmit` under strict settings. A second run proves the check has teeth (a wrong call
 * without `@ts-expect-error`, and a directive on a line that is fine, both fail it) and, in the
 * same program, compiles every TypeScript sample of the client guides in docs/.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../helpers.js';

const run = promisify(execFile);
const tsc = join(ROOT, 'node_modules/typescript/bin/tsc');

async function typecheck(project: string): Promise<{ code: number; output: string }> {
  try {
    const { stdout } = await run(process.execPath, [tsc, '--noEmit', '-p', project], { cwd: ROOT, maxBuffer: 16 * 1024 * 1024 });
    return { code: 0, output: stdout };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? 1, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
  }
}

const controlDir = mkdtemp(join(tmpdir(), 'onedev-types-'));

const GUIDES = ['getting-started', 'authentication', 'finding-ids', 'paging', 'errors', 'using-the-mock'];

/** The package's entries as samples import them, and the sources they are built from. */
const ENTRIES: Array<[string, string]> = [
  ["from 'onedev-openapi/mock'", `from ${JSON.stringify(join(ROOT, 'scripts/lib/mock/entry.js'))}`],
  ["from 'onedev-openapi'", `from ${JSON.stringify(join(ROOT, 'src/index.js'))}`],
];

/** The folder of a tag's files written by `describe`, as docs/getting-started.md names it. */
const DESCRIBED = 'onedev-v16.3.2';

/** The ```ts blocks of a Markdown file. */
function tsBlocks(markdown: string): string[] {
  return [...markdown.matchAll(/^```ts\n([\s\S]*?)^```$/gm)].map((m) => m[1]!);
}

async function controlProject(): Promise<{ project: string; samples: string[] }> {
  const dir = await controlDir;
  const src = JSON.stringify(join(ROOT, 'src/index.js'));
  await writeFile(
    join(dir, 'control.ts'),
    [
      `import { createOneDevClient } from ${src};`,
      "const client = createOneDevClient({ baseUrl: 'https://onedev.example.com' });",
      'export async function control(): Promise<void> {',
      "  await client.GET('/pulls/{requestId}', { params: { path: { requestId: 'forty-two' } } });",
      '  // @ts-expect-error this line is correct, so the directive itself is the error',
      "  await client.GET('/pulls/{requestId}', { params: { path: { requestId: 42 } } });",
      '}',
      '',
    ].join('\n'),
  );
  const samples: string[] = [];
  for (const guide of GUIDES) {
    const blocks = tsBlocks(await readFile(join(ROOT, 'docs', `${guide}.md`), 'utf8'));
    for (const [i, block] of blocks.entries()) {
      const file = `doc-${guide}-${i + 1}.ts`;
      // Samples import the published names; here they are the sources. `export {}` keeps each a module.
      const code = ENTRIES.reduce((text, [published, source]) => text.replaceAll(published, source), block);
      await writeFile(join(dir, file), `${code}\nexport {};\n`);
      samples.push(file);
    }
  }
  // ESM, so samples may use top-level await as users would.
  await writeFile(join(dir, 'package.json'), JSON.stringify({ type: 'module' }));
  // The types `describe` writes for a tag, as the client guide imports them (the default release's stand in).
  await mkdir(join(dir, DESCRIBED), { recursive: true });
  await writeFile(join(dir, DESCRIBED, 'openapi.d.ts'), `export type { components, operations, paths } from ${JSON.stringify(join(ROOT, 'generated/openapi.js'))};\n`);
  await writeFile(
    join(dir, 'tsconfig.json'),
    JSON.stringify({
      extends: join(ROOT, 'tsconfig.json'),
      compilerOptions: { typeRoots: [join(ROOT, 'node_modules/@types')], types: ['node'] },
      include: ['control.ts', ...samples],
    }),
  );
  return { project: join(dir, 'tsconfig.json'), samples };
}

afterAll(async () => {
  await rm(await controlDir, { recursive: true, force: true });
});

describe('type tests (tsc --noEmit, strict)', () => {
  it('compile: right calls type-check, every wrong one is flagged, all operations are reachable, guide samples compile', async () => {
    const control = await controlProject();
    // Both compilations run side by side; the machine has two cores.
    const [real, checked] = await Promise.all([typecheck(join(ROOT, 'test/types/tsconfig.json')), typecheck(control.project)]);
    expect(real.output).toBe('');
    expect(real.code).toBe(0);

    expect(checked.code).not.toBe(0);
    const errors = checked.output.split('\n').filter((line) => /error TS\d+/.test(line));
    expect(errors).toHaveLength(2);
    expect(errors[0]).toMatch(/control\.ts\(4,\d+\): error TS2322: Type 'string' is not assignable to type 'number'/);
    expect(errors[1]).toMatch(/control\.ts\(5,\d+\): error TS2578: Unused '@ts-expect-error' directive/);
    // No error came from the guides' samples, and there are samples in every guide.
    expect(control.samples.length).toBeGreaterThanOrEqual(GUIDES.length);
    for (const guide of GUIDES) expect(control.samples.some((file) => file.startsWith(`doc-${guide}-`)), guide).toBe(true);
    // Two whole-program compilations (every release's types among them) on a shared machine.
  }, 240_000);
});
