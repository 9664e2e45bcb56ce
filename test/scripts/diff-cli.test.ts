/**
 * `npm run diff` as CI runs it: the last released description (released/openapi.json) against
 * this build's description of the same OneDev release must show no breaking change; exit codes
 * and messages for the other cases.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../helpers.js';

const run = promisify(execFile);
const tsx = join(ROOT, 'node_modules/.bin/tsx');

async function diff(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(tsx, ['scripts/diff.ts', ...args], { cwd: ROOT, timeout: 60_000 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

const dir = mkdtempSync(join(tmpdir(), 'diff-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('npm run diff', () => {
  it('finds no breaking change from released/openapi.json to the same OneDev release now', async () => {
    // The released file names its OneDev release; compare it with this build's description of that release.
    const released = JSON.parse(readFileSync(join(ROOT, 'released/openapi.json'), 'utf8')) as { info: Record<string, unknown> };
    const release = String(released.info['x-onedev-version']);
    expect(release).toMatch(/^v\d+\.\d+\.\d+$/);
    const result = await diff('released/openapi.json', `generated/releases/${release}/openapi.json`);
    expect(result.stdout).not.toContain('BREAKING');
    expect(result.code).toBe(0);
  });

  it('exits 1 and names the change when a description breaks clients', async () => {
    const doc = (responses: object) => ({
      openapi: '3.1.0',
      info: { title: 'T', version: '1' },
      paths: { '/a': { get: { operationId: 'getA', responses } } },
    });
    const schema = (type: unknown) => ({ '200': { description: 'ok', content: { 'application/json': { schema: { type } } } } });
    writeFileSync(join(dir, 'old.json'), JSON.stringify(doc(schema('string'))));
    // YAML is accepted too.
    writeFileSync(join(dir, 'new.yaml'), `openapi: 3.1.0\ninfo: {title: T, version: '1'}\npaths:\n  /a:\n    get:\n      operationId: getA\n      responses:\n        '200':\n          description: ok\n          content:\n            application/json:\n              schema: {type: [string, 'null']}\n`);
    const result = await diff(join(dir, 'old.json'), join(dir, 'new.yaml'));
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('BREAKING  GET /a (getA) › response 200 application/json: may now be null');
    expect(result.stdout).toContain('1 change(s), 1 breaking.');
  });

  it('exits 2 with a one-line message for a missing file or a non-OpenAPI file', async () => {
    const missing = await diff('released/openapi.json', join(dir, 'nope.json'));
    expect(missing.code).toBe(2);
    expect(missing.stderr.trim()).toBe(`diff: ${join(dir, 'nope.json')}: cannot read (ENOENT)`);
    writeFileSync(join(dir, 'pkg.json'), '{"name": "x"}');
    const notOpenApi = await diff(join(dir, 'pkg.json'), 'generated/openapi.json');
    expect(notOpenApi.code).toBe(2);
    expect(notOpenApi.stderr).toContain('not an OpenAPI 3.0 or 3.1 document');
    expect(notOpenApi.stderr).not.toMatch(/\n\s+at /);
    const usage = await diff('one.json');
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('Give two descriptions, the old one and the new one (got 1)');
    expect(usage.stderr).toContain('Usage: npm run diff -- <old.json|yaml> <new.json|yaml>');
  });

  it('--help prints the usage on stdout and exits 0, like the other tools', async () => {
    const help = await diff('--help');
    expect(help).toMatchObject({ code: 0, stderr: '' });
    expect(help.stdout).toMatch(/^Usage: npm run diff -- <old\.json\|yaml> <new\.json\|yaml>\n/);
    const unknown = await diff('--strict', 'a.json', 'b.json');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/Unknown option '--strict'/);
  });
});
