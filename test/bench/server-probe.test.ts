/**
 * The probe the mock benchmark loads into each server (bench/server-probe.mjs) reports the
 * process's CPU time and, of it, the system time: a child that makes system calls shows most of
 * its time as system time, one that only computes shows little.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const PROBE = pathToFileURL(fileURLToPath(new URL('../../bench/server-probe.mjs', import.meta.url))).href;

// Work on demand: `syscalls` stats a file descriptor over and over (kernel time), `compute` spins
// on arithmetic (user time); each for about 300 ms of CPU, then it says so. The probe lets go of
// the IPC channel (a server must not be kept alive by it), so a timer keeps this one alive.
const CHILD = `
const { fstatSync } = require('node:fs');
setInterval(() => {}, 1000);
const used = () => {
  const { user, system } = process.cpuUsage();
  return user + system;
};
process.on('message', (m) => {
  if (m !== 'syscalls' && m !== 'compute') return;
  const end = used() + 300_000;
  let x = 0;
  while (used() < end) {
    if (m === 'syscalls') for (let i = 0; i < 200; i += 1) fstatSync(0);
    else for (let i = 0; i < 200_000; i += 1) x = (x * 31 + i) % 1_000_003;
  }
  process.send({ done: m, x });
});
`;

interface Usage {
  cpuMs: number;
  systemMs: number;
}

let child: ChildProcess | undefined;

afterEach(() => {
  child?.kill();
  child = undefined;
});

function ask<T>(c: ChildProcess, message: string, accept: (reply: Record<string, unknown>) => boolean): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer to ${message} within 20 s`)), 20_000);
    const onMessage = (reply: Record<string, unknown>): void => {
      if (!accept(reply)) return;
      clearTimeout(timer);
      c.off('message', onMessage);
      resolve(reply as T);
    };
    c.on('message', onMessage);
    c.send(message);
  });
}

const usage = (c: ChildProcess): Promise<Usage> => ask<Usage>(c, 'usage', (r) => typeof r.cpuMs === 'number');

async function spent(c: ChildProcess, work: 'syscalls' | 'compute'): Promise<{ cpu: number; system: number }> {
  const before = await usage(c);
  await ask(c, work, (r) => r.done === work);
  const after = await usage(c);
  return { cpu: after.cpuMs - before.cpuMs, system: after.systemMs - before.systemMs };
}

describe('the benchmark servers\' probe', () => {
  it('reports system time as part of the CPU time, large for system calls and small for computing', async () => {
    child = spawn(process.execPath, ['--import', PROBE, '-e', CHILD], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
    const start = await usage(child);
    expect(start.systemMs).toBeGreaterThanOrEqual(0);
    expect(start.systemMs).toBeLessThanOrEqual(start.cpuMs);

    const calls = await spent(child, 'syscalls');
    const computing = await spent(child, 'compute');
    expect(calls.cpu).toBeGreaterThan(250);
    expect(computing.cpu).toBeGreaterThan(250);
    // Linux samples the split at its timer tick: clear-cut work is still told apart.
    expect(calls.system / calls.cpu).toBeGreaterThan(0.3);
    expect(computing.system / computing.cpu).toBeLessThan(0.2);
  });
});
