/**
 * The probe the mock benchmark loads into each server (bench/server-probe.mjs): what it answers
 * over the IPC channel, and that it never keeps a server alive. Nothing here depends on how long
 * anything takes or on how the OS splits CPU time between user and system (issue 37, item 9): the
 * benchmark checks its own readings when it runs (bench/mock.bench.ts, `usage`).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { saneUsage, type ProbeUsage } from '../../bench/probe-usage.js';

const PROBE = pathToFileURL(fileURLToPath(new URL('../../bench/server-probe.mjs', import.meta.url))).href;

// The probe lets go of the IPC channel (a server must not be kept alive by it), so a timer keeps
// this child alive until it is killed.
const KEPT_ALIVE = 'setInterval(() => {}, 1000);';

let child: ChildProcess | undefined;

afterEach(() => {
  child?.kill();
  child = undefined;
});


function ask(c: ChildProcess, message: string): Promise<ProbeUsage> {
  return new Promise((resolve) => {
    c.once('message', (reply) => resolve(reply as ProbeUsage));
    c.send(message);
  });
}

const probed = (code: string): ChildProcess =>
  spawn(process.execPath, ['--import', PROBE, '-e', code], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });

describe('the benchmark servers\' probe', () => {
  it('answers "usage" with the CPU time, its system part, the memory and the loop delay; busy time only while watched', async () => {
    child = probed(KEPT_ALIVE);
    const first = await ask(child, 'usage');
    expect(Object.keys(first).sort()).toEqual(['busyMs', 'cpuMs', 'loopDelayMs', 'rss', 'systemMs']);
    for (const field of ['cpuMs', 'systemMs', 'rss', 'loopDelayMs'] as const) {
      expect(Number.isFinite(first[field]), field).toBe(true);
      expect(first[field], field).toBeGreaterThanOrEqual(0);
    }
    // System time is a part of the CPU time, by how the probe adds them up.
    expect(first.systemMs).toBeLessThanOrEqual(first.cpuMs);
    expect(first.rss).toBeGreaterThan(0);
    expect(first.busyMs).toBeNull();

    child.send('watch');
    const watched = await ask(child, 'usage');
    expect(typeof watched.busyMs).toBe('number');
    // CPU time only grows.
    expect(watched.cpuMs).toBeGreaterThanOrEqual(first.cpuMs);
    expect(watched.systemMs).toBeGreaterThanOrEqual(first.systemMs);

    child.send('unwatch');
    expect((await ask(child, 'usage')).busyMs).toBeNull();
  });

  it('ignores other messages, and does not keep a process alive that has nothing else to do', async () => {
    child = probed(KEPT_ALIVE);
    child.send('something else');
    expect(Object.keys(await ask(child, 'usage'))).toContain('cpuMs');
    child.kill();

    // Without the timer, the child ends on its own although its IPC channel is open.
    child = probed('');
    const code = await new Promise<number | null>((resolve) => child!.once('exit', resolve));
    expect(code).toBe(0);
  });

  it("passes the probe's own readings, and names what is wrong with one that cannot be right", async () => {
    child = probed(KEPT_ALIVE);
    expect(saneUsage(await ask(child, 'usage'))).toBeUndefined();
    const reading: ProbeUsage = { cpuMs: 10, systemMs: 2, rss: 1, loopDelayMs: 0, busyMs: null };
    expect(saneUsage({ ...reading, systemMs: 11 })).toBe('more system time than CPU time');
    expect(saneUsage({ ...reading, cpuMs: -1 })).toBe('cpuMs is not a number of at least 0');
    expect(saneUsage({ ...reading, loopDelayMs: Number.NaN })).toBe('loopDelayMs is not a number of at least 0');
  });
});
