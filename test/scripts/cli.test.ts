/**
 * The tools' help (scripts/lib/cli.ts and each tool's usage): `--help` prints on stdout and exits
 * 0 for every tool, and names the command as the user typed it: `npm run <tool> --` in a checkout,
 * `onedev-openapi <tool>` through the bin. The bin runs here as it is (bin/onedev-openapi.js,
 * copied), with dist/ standing in as files that load the TypeScript sources.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../helpers.js';

const TOOLS = ['mock', 'verify', 'diff', 'describe', 'docs'] as const;

// A package folder laid out as installed: bin/ and dist/scripts/ (tsconfig.build-tools.json), where
// each dist module loads its source.
const pkg = mkdtempSync(join(tmpdir(), 'cli-bin-'));
mkdirSync(join(pkg, 'bin'));
mkdirSync(join(pkg, 'dist', 'scripts', 'lib'), { recursive: true });
copyFileSync(join(ROOT, 'bin/onedev-openapi.js'), join(pkg, 'bin/onedev-openapi.js'));
writeFileSync(join(pkg, 'package.json'), JSON.stringify({ type: 'module', version: '0.0.0-test' }));
const source = (file: string) => JSON.stringify(pathToFileURL(join(ROOT, 'scripts', file)).href);
for (const tool of TOOLS) writeFileSync(join(pkg, 'dist', 'scripts', `${tool}.js`), `import ${source(`${tool}.ts`)};\n`);
writeFileSync(join(pkg, 'dist/scripts/lib/cli.js'), `export * from ${source('lib/cli.ts')};\n`);
afterAll(() => rmSync(pkg, { recursive: true, force: true }));

function run(args: string[]): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, ['--import', 'tsx', ...args], { cwd: ROOT, encoding: 'utf8', timeout: 30_000 });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}
const viaNpm = (tool: string, ...args: string[]) => run([`scripts/${tool}.ts`, ...args]);
const viaBin = (tool: string, ...args: string[]) => run([join(pkg, 'bin/onedev-openapi.js'), tool, ...args]);

describe('--help of every tool', () => {
  it.each(TOOLS)('%s --help: the usage on stdout, exit 0, named as `npm run <tool> --` in a checkout', (tool) => {
    const result = viaNpm(tool, '--help');
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(new RegExp(`^Usage: npm run ${tool} -- `));
    expect(result.stdout).toContain('-h, --help');
  });

  it.each(TOOLS)('%s through the bin: named `onedev-openapi <tool>`, never `npm run`, for --help and for a usage error', (tool) => {
    const help = viaBin(tool, '-h');
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(new RegExp(`^Usage: onedev-openapi ${tool} `));
    expect(help.stdout).not.toContain('npm run');
    const wrong = viaBin(tool, '--no-such-option');
    expect(wrong.status).toBe(2);
    expect(wrong.stderr).toMatch(/Unknown option '--no-such-option'/);
    expect(wrong.stderr).toContain(`Usage: onedev-openapi ${tool} `);
    expect(wrong.stderr).not.toContain('npm run');
    expect(wrong.stderr).not.toMatch(/\n\s+at /);
  });

  it('mock --help gives the port range that works (0 picks a free port) and says what --quiet leaves out', () => {
    const { stdout } = viaNpm('mock', '--help');
    expect(stdout).toMatch(/--port\s+the port to listen on, 0 to 65535 \(default 4010\); 0 picks a free port/);
    expect(stdout).not.toMatch(/1-65535/);
    expect(stdout).toMatch(/--quiet\s+print only the start-up banner, not a line per answered request/);
    // Every option the mock takes is explained.
    for (const option of ['--port', '--release', '--stateful', '--records', '--admin', '--quiet']) {
      expect(stdout).toMatch(new RegExp(`^  ${option} +\\S`, 'm'));
    }
  });

  it('describe --help and docs --help explain each option', () => {
    const describe = viaNpm('describe', '--help').stdout;
    for (const option of ['--release', '--out']) expect(describe).toMatch(new RegExp(`^  ${option} +\\S`, 'm'));
    expect(describe).toMatch(/any of the 101 from v11\.11\.0 to v16\.5\.6/);
    const docs = viaNpm('docs', '--help').stdout;
    for (const option of ['--release', '--out', '--serve', '--port']) expect(docs).toMatch(new RegExp(`^  ${option} +\\S`, 'm'));
    expect(docs).toMatch(/@redocly\/cli must be installed/);
  });

  it('verify --help explains each option; diff --help the exit statuses', () => {
    const verify = viaNpm('verify', '--help').stdout;
    for (const option of ['--server', '--user', '--token', '--password', '--timeout', '--release']) {
      expect(verify).toMatch(new RegExp(`^  ${option} +\\S`, 'm'));
    }
    expect(viaNpm('diff', '--help').stdout).toMatch(/Exit status: 0 nothing breaks; 1 something breaks; 2 /);
  });
});
