/**
 * What a benchmark server's probe (bench/server-probe.mjs, plain JavaScript) answers over IPC, and
 * the check of a reading, shared by the mock benchmark and the probe's test.
 */

export interface ProbeUsage {
  cpuMs: number;
  /** Of cpuMs, the time spent in the kernel on the process's behalf (system time). */
  systemMs: number;
  rss: number;
  /** The longest event-loop delay since the previous ask (wall time). */
  loopDelayMs: number;
  /** The longest the event loop was busy (its thread's CPU time) since the previous ask, while watched. */
  busyMs: number | null;
}

/** Why a probe's reading cannot be right (a negative or missing time, more system than CPU time), or undefined. */
export function saneUsage(reading: ProbeUsage): string | undefined {
  for (const field of ['cpuMs', 'systemMs', 'rss', 'loopDelayMs'] as const) {
    if (typeof reading[field] !== 'number' || !Number.isFinite(reading[field]) || reading[field] < 0) return `${field} is not a number of at least 0`;
  }
  if (reading.systemMs > reading.cpuMs) return 'more system time than CPU time';
  return undefined;
}
