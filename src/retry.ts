/**
 * Opt-in retries of reads. Only GET is retried: it changes nothing on the server, so sending it
 * again is safe, while a POST or DELETE whose answer was lost may already have taken effect.
 */

export interface RetryOptions {
  /** Retries after the first attempt, 1 to MAX_RETRIES. */
  retries: number;
  /** Upper bound of the first pause, in milliseconds (default 250); each later pause may be twice as long. */
  minDelayMs?: number;
  /** No pause is longer than this, a server's `Retry-After` included (default 5,000 ms). */
  maxDelayMs?: number;
}

/** A number is the count of retries with the default delays; `false` (or 0) turns retries off. */
export type RetryOption = RetryOptions | number | false;

export interface RetryPolicy {
  retries: number;
  minDelayMs: number;
  maxDelayMs: number;
}

export const MAX_RETRIES = 10;
const MAX_DELAY_MS = 60_000;
export const NO_RETRY: RetryPolicy = { retries: 0, minDelayMs: 0, maxDelayMs: 0 };

/** Statuses a read is retried on: the gateway or server says "not now", not "no". */
export const RETRY_STATUSES: ReadonlySet<number> = new Set([502, 503, 504]);

function delayOption(value: unknown, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > MAX_DELAY_MS) {
    throw new RangeError(`retry.${name} must be a number of milliseconds from 0 to ${MAX_DELAY_MS}`);
  }
  return value;
}

/** Checks a `retry` option (client-wide or per call) and fills in the defaults. */
export function retryPolicy(option: unknown): RetryPolicy {
  if (option === undefined || option === false || option === 0) return NO_RETRY;
  const given = typeof option === 'number' ? { retries: option } : option;
  if (given === null || typeof given !== 'object') {
    throw new TypeError('retry must be a number of retries, { retries, minDelayMs?, maxDelayMs? } or false');
  }
  const { retries, minDelayMs, maxDelayMs } = given as Record<string, unknown>;
  if (typeof retries !== 'number' || !Number.isInteger(retries) || retries < 0 || retries > MAX_RETRIES) {
    throw new RangeError(`retry.retries must be an integer from 0 to ${MAX_RETRIES}`);
  }
  const policy = {
    retries,
    minDelayMs: delayOption(minDelayMs, 'minDelayMs', 250),
    maxDelayMs: delayOption(maxDelayMs, 'maxDelayMs', 5_000),
  };
  if (policy.minDelayMs > policy.maxDelayMs) throw new RangeError('retry.minDelayMs must not exceed retry.maxDelayMs');
  return policy;
}

/**
 * The pause before retry number `attempt + 1`: exponential (minDelayMs · 2^attempt, at most
 * maxDelayMs) with "equal jitter" (a random point in the upper half), so clients that failed
 * together do not come back together. A server's Retry-After is honoured up to maxDelayMs.
 */
export function retryDelay(attempt: number, policy: RetryPolicy, random: () => number, retryAfterMs?: number): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.minDelayMs * 2 ** attempt);
  const jittered = ceiling / 2 + (random() * ceiling) / 2;
  return Math.min(policy.maxDelayMs, Math.max(jittered, retryAfterMs ?? 0));
}

/** `Retry-After` in milliseconds: delta-seconds or an HTTP date; undefined when absent or unusable. */
export function retryAfterMs(value: string | null, now = Date.now()): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** Waits `ms`, or rejects with the signal's reason as soon as it aborts. */
export function pause(ms: number, signal?: AbortSignal | null): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
