// Loaded with `--import` into each server the mock benchmark starts (the mock and the plain
// node:http server alike): answers the benchmark over the IPC channel with the process's own CPU
// time (process.cpuUsage: every thread of the process, exact to the microsecond, unlike /proc's
// 10 ms ticks), its resident memory, and, since the previous ask, the longest event-loop delay
// and the longest stretch the event loop was busy. The delay is wall time, which on a loaded
// machine includes waiting for a processor; the busy stretch is the main thread's own CPU time
// between two ticks of a 5 ms timer (Linux schedstat, nanoseconds), which does not.
// Plain JavaScript, so that a server started without tsx can load it too.
import { readFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

/** This thread's CPU time in ms, or undefined where /proc has no schedstat. */
function threadCpuMs() {
  try {
    return Number(readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[0]) / 1e6;
  } catch {
    return undefined;
  }
}

if (process.send) {
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  let busyMs = 0;
  let last = threadCpuMs();
  // Only while asked to watch: reading /proc every 5 ms is not free.
  let watch;
  process.on('message', (message) => {
    if (message === 'watch' && last !== undefined && !watch) {
      last = threadCpuMs();
      watch = setInterval(() => {
        const now = threadCpuMs();
        busyMs = Math.max(busyMs, now - last);
        last = now;
      }, 5);
      watch.unref();
    }
    if (message === 'unwatch') {
      clearInterval(watch);
      watch = undefined;
    }
    if (message !== 'usage') return;
    const cpu = process.cpuUsage();
    process.send({ cpuMs: (cpu.user + cpu.system) / 1000, systemMs: cpu.system / 1000, rss: process.memoryUsage.rss(), loopDelayMs: delay.max / 1e6, busyMs: watch ? busyMs : null });
    delay.reset();
    busyMs = 0;
  });
  // The channel must not keep a server alive that was told to stop.
  process.channel?.unref();
}
