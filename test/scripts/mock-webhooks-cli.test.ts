/**
 * `mock --webhook-url URL --webhook-secret S` (scripts/mock.ts): a stateful run posts the events
 * its writes cause to the receiver and prints one line per delivery; the options are refused,
 * with the reason, when they cannot work.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../helpers.js';

const started: ChildProcess[] = [];
const closers: Array<() => void> = [];
afterAll(() => {
  for (const child of started) if (child.exitCode === null) child.kill('SIGTERM');
  for (const close of closers) close();
});

const cli = (args: string[]) => spawnSync(process.execPath, ['--import', 'tsx', 'scripts/mock.ts', ...args], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });

describe('mock --webhook-url', () => {
  it('posts the event of a write to the receiver and logs the delivery', async () => {
    const received: Array<{ headers: IncomingHttpHeaders; body: string }> = [];
    const receiver = createServer((request, response) => {
      let body = '';
      request.on('data', (c: Buffer) => (body += c.toString()));
      request.on('end', () => {
        received.push({ headers: request.headers, body });
        response.end('ok');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    closers.push(() => receiver.close());
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;

    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/mock.ts', '--port', '0', '--stateful', '--webhook-url', url, '--webhook-secret', 's3cret'], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    started.push(child);
    let out = '';
    child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
    const until = async (test: () => boolean, what: string) => {
      for (const end = Date.now() + 30_000; !test(); ) {
        if (Date.now() > end || child.exitCode !== null) throw new Error(`${what} did not happen:\n${out}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    };
    await until(() => out.includes('Stop with Ctrl+C'), 'the banner');
    expect(out).toContain(`Web hooks: the events these writes cause are posted to ${url}.`);
    const base = /listening on (http:\/\/127\.0\.0\.1:\d+\/~api)/.exec(out)![1]!;
    const created = await fetch(`${base}/repositories/5/branches`, {
      method: 'POST',
      headers: { authorization: 'Bearer any-token', 'content-type': 'application/json' },
      body: JSON.stringify({ branchName: 'hooked', revision: 'main' }),
    });
    expect(created.status).toBe(200);
    await until(() => /web hook RefUpdated -> .*: 200 \(\d+ ms\)/.test(out), 'the delivery line');
    expect(received).toHaveLength(1);
    expect(received[0]!.headers['x-onedev-signature']).toBe('s3cret');
    expect(JSON.parse(received[0]!.body)).toMatchObject({ type: 'RefUpdated', refName: 'refs/heads/hooked', projectId: 5 });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  }, 60_000);

  it.each([
    [['--webhook-url', 'http://127.0.0.1:9/hook', '--webhook-secret', 's'], '--webhook-url needs --stateful'],
    [['--stateful', '--webhook-url', 'http://127.0.0.1:9/hook'], '--webhook-url and --webhook-secret go together'],
    [['--stateful', '--webhook-url', 'ftp://127.0.0.1/hook', '--webhook-secret', 's'], 'only http and https are delivered to'],
  ])('refuses %j with the reason and the usage', (args, reason) => {
    const ran = cli(['--port', '0', ...args]);
    expect(ran.status).toBe(2);
    expect(ran.stderr).toContain(reason);
    expect(ran.stderr).not.toMatch(/\n\s+at /);
  });
});
