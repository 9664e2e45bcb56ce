/**
 * The package's bin (bin/onedev-openapi.js) run from a clone that has not built dist/ yet (issue
 * 37, item 8): a clear message naming the build step and exit status 2, never Node's
 * ERR_MODULE_NOT_FOUND and its stack trace. The bin is run from a copy in an empty folder, so the
 * checkout's own dist/ (built or not) plays no part; a stand-in dist/ shows the tool still loads.
 */
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../helpers.js';

const clone = mkdtempSync(join(tmpdir(), 'bin-without-dist-'));
mkdirSync(join(clone, 'bin'));
copyFileSync(join(ROOT, 'bin/onedev-openapi.js'), join(clone, 'bin/onedev-openapi.js'));
copyFileSync(join(ROOT, 'package.json'), join(clone, 'package.json'));

afterAll(() => rmSync(clone, { recursive: true, force: true }));

function run(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [join(clone, 'bin/onedev-openapi.js'), ...args], { cwd: clone }, (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
    });
  });
}

function expectBuildStepNamed(ran: { code: number; stdout: string; stderr: string }, tool: string): void {
  expect(ran.code).toBe(2);
  expect(ran.stdout).toBe('');
  expect(ran.stderr).toMatch(new RegExp(`^onedev-openapi ${tool}: the compiled tools are missing \\(.*dist/scripts/.*\\.js does not exist\\)\\.\\n`));
  expect(ran.stderr).toContain('build them first: npm run build:package');
  expect(ran.stderr).not.toMatch(/ERR_MODULE_NOT_FOUND|^\s+at /m);
}

describe('the bin without dist/', () => {
  it.each(['mock', 'verify', 'diff', 'describe', 'docs'])('%s: names the missing build step and exits 2, without a stack trace', async (tool) => {
    expectBuildStepNamed(await run(tool, '--help'), tool);
  });

  it('still answers what needs no tool: --help, --version, an unknown tool', async () => {
    expect((await run('--help')).code).toBe(0);
    expect((await run('--version')).stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
    const unknown = await run('nonsense');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/^Unknown tool "nonsense"/);
  });

  it('a dist/ that has the command-line module but not the tool is named as missing too', async () => {
    mkdirSync(join(clone, 'dist/scripts/lib'), { recursive: true });
    writeFileSync(join(clone, 'dist/scripts/lib/cli.js'), 'export function setCommandName(name) { globalThis.commandName = name; }\n');
    try {
      const ran = await run('verify');
      expectBuildStepNamed(ran, 'verify');
      expect(ran.stderr).toContain('dist/scripts/verify.js does not exist');
      // With the tool there, the bin runs it, named and with the tool's own arguments.
      writeFileSync(join(clone, 'dist/scripts/verify.js'), 'console.log(globalThis.commandName, JSON.stringify(process.argv.slice(2)));\n');
      const built = await run('verify', '--server', 'https://x');
      expect(built).toEqual({ code: 0, stdout: 'onedev-openapi verify ["--server","https://x"]\n', stderr: '' });
    } finally {
      rmSync(join(clone, 'dist'), { recursive: true, force: true });
    }
  });
});
