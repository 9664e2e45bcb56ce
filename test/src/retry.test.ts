/** The retry policy on its own: options, the backoff schedule, Retry-After and the abortable pause. */
import { describe, expect, it } from 'vitest';
import { MAX_RETRIES, NO_RETRY, pause, retryAfterMs, retryDelay, retryPolicy } from '../../src/retry.js';

describe('retryPolicy', () => {
  it.each([
    [undefined, NO_RETRY],
    [false, NO_RETRY],
    [0, NO_RETRY],
    [3, { retries: 3, minDelayMs: 250, maxDelayMs: 5_000 }],
    [{ retries: 2, minDelayMs: 10 }, { retries: 2, minDelayMs: 10, maxDelayMs: 5_000 }],
    [{ retries: MAX_RETRIES, minDelayMs: 0, maxDelayMs: 0 }, { retries: 10, minDelayMs: 0, maxDelayMs: 0 }],
  ])('reads %j', (option, want) => {
    expect(retryPolicy(option)).toEqual(want);
  });

  it.each([null, 'x', { retries: 1.5 }, { retries: 11 }, { retries: 1, maxDelayMs: 60_001 }, { retries: 1, minDelayMs: Number.NaN }])(
    'refuses %j',
    (option) => {
      expect(() => retryPolicy(option)).toThrow(/^retry/);
    },
  );
});

describe('retryDelay', () => {
  const policy = { retries: 10, minDelayMs: 100, maxDelayMs: 1_000 };

  it('doubles the ceiling each attempt, up to maxDelayMs, and jitters within its upper half', () => {
    const low = [0, 1, 2, 3, 4, 5].map((attempt) => retryDelay(attempt, policy, () => 0));
    const high = [0, 1, 2, 3, 4, 5].map((attempt) => retryDelay(attempt, policy, () => 1));
    expect(low).toEqual([50, 100, 200, 400, 500, 500]);
    expect(high).toEqual([100, 200, 400, 800, 1_000, 1_000]);
    expect(retryDelay(2, policy, () => 0.5)).toBe(300);
  });

  it('waits at least as long as Retry-After asks, but never past maxDelayMs', () => {
    expect(retryDelay(0, policy, () => 0, 700)).toBe(700);
    expect(retryDelay(0, policy, () => 0, 30_000)).toBe(1_000);
    expect(retryDelay(3, policy, () => 1, 10)).toBe(800);
  });
});

describe('retryAfterMs', () => {
  const now = Date.parse('2026-01-01T00:00:00Z');
  it.each([
    ['3', 3_000],
    [' 0 ', 0],
    ['Thu, 01 Jan 2026 00:00:02 GMT', 2_000],
    ['Wed, 31 Dec 2025 23:59:00 GMT', 0],
    ['soon', undefined],
    ['', undefined],
    [null, undefined],
  ])('reads %j as %j ms', (value, want) => {
    expect(retryAfterMs(value, now)).toBe(want);
  });
});

describe('pause', () => {
  it('resolves after the delay, and rejects with the reason as soon as the signal aborts', async () => {
    await expect(pause(1)).resolves.toBeUndefined();
    const controller = new AbortController();
    const waiting = pause(60_000, controller.signal);
    controller.abort(new Error('stop'));
    await expect(waiting).rejects.toThrow('stop');
    await expect(pause(60_000, AbortSignal.abort())).rejects.toMatchObject({ name: 'AbortError' });
  });
});
