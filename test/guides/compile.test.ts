/**
 * Every guide's module (its ```ts blocks joined, package imports pointed at the sources) compiles
 * with `tsc --noEmit` under the project's strict settings, so the code a reader copies type-checks.
 * The same run compiles a copy of one guide with a misspelt property, which must fail, and only
 * there: the check has teeth. The getting-started guide's samples are compiled by test/types.
 */
import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../helpers.js';
import { FLOW_GUIDES, guideSource, moduleFolder, withSourceImports } from './guide-module.js';

const run = promisify(execFile);
const folder = moduleFolder('onedev-guides-tsc-');

afterAll(async () => (await folder).remove());

describe('guide modules type-check', () => {
  it('compiles every guide; a broken copy fails where it is broken', async () => {
    const { dir } = await folder;
    const files: string[] = [];
    for (const guide of FLOW_GUIDES) {
      await writeFile(join(dir, `${guide}.ts`), withSourceImports(await guideSource(guide)));
      files.push(`${guide}.ts`);
    }
    const original = withSourceImports(await guideSource('find-my-user-id'));
    const broken = original.replace("{ name: me.name }", "{ name: me.nmae }");
    expect(broken).not.toBe(original);
    await writeFile(join(dir, 'control.ts'), broken);
    await writeFile(
      join(dir, 'tsconfig.json'),
      JSON.stringify({
        extends: join(ROOT, 'tsconfig.json'),
        compilerOptions: { typeRoots: [join(ROOT, 'node_modules/@types')], types: ['node'] },
        include: [...files, 'control.ts'],
      }),
    );
    const tsc = join(ROOT, 'node_modules/typescript/bin/tsc');
    const output = await run(process.execPath, [tsc, '--noEmit', '-p', join(dir, 'tsconfig.json')], { cwd: ROOT, maxBuffer: 16 * 1024 * 1024 }).then(
      ({ stdout }) => stdout,
      (error: { stdout?: string; stderr?: string }) => `${error.stdout ?? ''}${error.stderr ?? ''}`,
    );
    const errors = output.split('\n').filter((line) => /error TS\d+/.test(line));
    expect(errors, output).toHaveLength(1);
    expect(errors[0]).toMatch(/control\.ts\(\d+,\d+\): error TS2339: Property 'nmae' does not exist/);
  });
});
