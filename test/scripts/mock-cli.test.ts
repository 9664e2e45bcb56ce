/**
 * `npm run mock` (scripts/mock.ts) as users start it: it listens on 127.0.0.1, prints how to
 * call it, serves, and refuses bad arguments with a usage line.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../helpers.js';

const started: ChildProcess[] = [];
afterAll(() => {
  for (const child of started) if (child.exitCode === null) child.kill('SIGTERM');
});

function startCli(args: string[]): Promise<{ child: ChildProcess; banner: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/mock.ts', ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  started.push(child);
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`no banner within 30 s:\n${out}`)), 30_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('Stop with Ctrl+C')) {
        clearTimeout(timer);
        resolve({ child, banner: out });
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`exited with ${code}:\n${out}`));
    });
  });
}

describe('npm run mock', () => {
  it('listens on 127.0.0.1, prints curl examples with -u, and serves the API under /~api', async () => {
    // --port 0: a free port, read back from the banner.
    const { child, banner } = await startCli(['--port', '0']);
    const match = /listening on (http:\/\/127\.0\.0\.1:(\d+)\/~api)/.exec(banner);
    expect(match).not.toBeNull();
    expect(banner).toMatch(/curl -u \S+ '?http:\/\/127\.0\.0\.1:\d+\/~api\/pulls/);
    expect(banner).toMatch(/Prefer: code=404/);
    const response = await fetch(`${match![1]}/pulls?offset=0&count=1`, { headers: { authorization: 'Bearer t' } });
    expect(response.status).toBe(200);
    expect(Array.isArray(await response.json())).toBe(true);
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGINT');
    expect(await exited).toBe(0);
  });

  it('refuses a bad --port with a message and the usage, no stack trace', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/mock.ts', '--port', 'eighty'], { cwd: ROOT, encoding: 'utf8', timeout: 30_000 });
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/--port must be a port number, got "eighty"/);
    expect(result.stderr).toMatch(/Usage: npm run mock/);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });
});
