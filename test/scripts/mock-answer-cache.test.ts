/**
 * The mock's answer memo (scripts/lib/mock/answer-cache.ts): a repeated request gets the same
 * answer, but anything the checks read (credentials, Prefer, body) makes a different request;
 * a stateful mock memoizes nothing. (Its byte bound: mock-defects.test.ts.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenAPIObject } from 'openapi3-ts/oas31';
import { AnswerCache, cachingIsSafe, IDLE_AFTER, IDLE_SAMPLE, memoKey } from '../../scripts/lib/mock/answer-cache.js';
import { startMockServer, type MockServer } from '../../scripts/lib/mock/server.js';
import { committedDocument } from '../helpers.js';

const AUTH = `Basic ${Buffer.from('tester:any-token').toString('base64')}`;

let mock: MockServer;
beforeAll(async () => {
  mock = await startMockServer({ port: 0 });
});
afterAll(async () => {
  await mock?.close();
});

async function status(path: string, headers: Record<string, string>, body?: string): Promise<{ status: number; text: string }> {
  const response = await fetch(`${mock.baseUrl}${path}`, { method: body === undefined ? 'GET' : 'POST', headers, ...(body !== undefined ? { body } : {}) });
  return { status: response.status, text: await response.text() };
}

describe('memoized answers', () => {
  it('answers a repeated request identically', async () => {
    const first = await status('/pulls/42', { authorization: AUTH });
    const second = await status('/pulls/42', { authorization: AUTH });
    expect(first.status).toBe(200);
    expect(second).toEqual(first);
  });

  it('keeps requests apart that differ in credentials, Prefer or body', async () => {
    expect((await status('/builds/20', { authorization: AUTH })).status).toBe(200);
    expect((await status('/builds/20', {})).status).toBe(401);
    expect((await status('/builds/20', { authorization: AUTH, prefer: 'code=404' })).status).toBe(404);
    expect((await status('/builds/20', { authorization: AUTH })).status).toBe(200);
    const json = { authorization: AUTH, 'content-type': 'application/json' };
    expect((await status('/pulls/42/merge-strategy', json, '"SQUASH_SOURCE_BRANCH_COMMITS"')).status).toBe(200);
    expect((await status('/pulls/42/merge-strategy', json, '"SQUASH"')).status).toBe(400);
    expect((await status('/pulls/42/merge-strategy', json, '"SQUASH_SOURCE_BRANCH_COMMITS"')).status).toBe(200);
  });

  it('memoizes nothing when stateful: a read after a write sees the write', async () => {
    const stateful = await startMockServer({ port: 0, stateful: true, records: 5 });
    try {
      const read = async (): Promise<string> => (await fetch(`${stateful.baseUrl}/pulls/42`, { headers: { authorization: AUTH } })).text();
      const before = await read();
      const json = { authorization: AUTH, 'content-type': 'application/json' };
      expect((await fetch(`${stateful.baseUrl}/pulls/42/title`, { method: 'POST', headers: json, body: 'A new title' })).status).toBe(200);
      const after = await read();
      expect(after).not.toBe(before);
      expect(JSON.parse(after).title).toBe('A new title');
    } finally {
      await stateful.close();
    }
  });

  it('never memoizes generated answers (Prefer: dynamic=true)', async () => {
    const headers = { authorization: AUTH, prefer: 'dynamic=true' };
    const bodies = new Set<string>();
    for (let i = 0; i < 3; i += 1) bodies.add((await status('/pulls/42', headers)).text);
    expect(bodies.size).toBeGreaterThan(1);
  });
});

describe('AnswerCache', () => {
  it('with secondSight, keeps an answer only when its key comes again', () => {
    const cache = new AnswerCache<number>(1024, () => 10, { secondSight: true });
    cache.set(memoKey('once'), 1);
    expect(cache.get(memoKey('once'))).toBeUndefined();
    expect(cache.bytes).toBe(0);
    cache.set(memoKey('once'), 1);
    expect(cache.get(memoKey('once'))).toBe(1);
    // Distinct keys, each seen once, leave nothing behind.
    for (let i = 0; i < 10_000; i += 1) cache.set(memoKey(`distinct-${i}`), i);
    expect(cache.size).toBe(1);
  });

  it('never answers a key with the entry of another that shares its hash', () => {
    // Two keys with one 30-bit hash: found by trying (one comes within a few ten thousand).
    const byHash = new Map<number, string>();
    let pair: [string, string] | undefined;
    for (let i = 0; !pair; i += 1) {
      const text = `/~api/pulls/${i}`;
      const other = byHash.get(memoKey(text).hash);
      if (other !== undefined) pair = [other, text];
      else byHash.set(memoKey(text).hash, text);
    }
    const [a, b] = pair;
    expect(memoKey(a).hash).toBe(memoKey(b).hash);
    const cache = new AnswerCache<string>(1024, () => 10);
    cache.set(memoKey(a), 'answer a');
    expect(cache.get(memoKey(b))).toBeUndefined();
    cache.set(memoKey(b), 'answer b');
    expect(cache.get(memoKey(b))).toBe('answer b');
    expect(cache.get(memoKey(a))).toBeUndefined();
  });

  it('idles on traffic that never repeats, looking up one request in IDLE_SAMPLE, and wakes on a hit', () => {
    const cache = new AnswerCache<string>(1 << 20, () => 10, { secondSight: true });
    // As the server uses it: consult; look up; keep what the engine answered.
    const ask = (text: string): 'skipped' | 'missed' | 'hit' => {
      if (!cache.consult()) return 'skipped';
      const key = memoKey(text);
      if (cache.get(key) !== undefined) return 'hit';
      cache.set(key, `answer to ${text}`);
      return 'missed';
    };
    const tally = (texts: string[]) => texts.map(ask).reduce<Record<string, number>>((t, o) => ({ ...t, [o]: (t[o] ?? 0) + 1 }), {});
    const distinct = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `/~api/${prefix}/${i}`);
    expect(tally(distinct('pulls', IDLE_AFTER))).toEqual({ missed: IDLE_AFTER });
    // Idle: one distinct request in IDLE_SAMPLE is looked up.
    expect(tally(distinct('builds', IDLE_SAMPLE * 100))).toEqual({ missed: 100, skipped: (IDLE_SAMPLE - 1) * 100 });
    // A request that repeats is kept once looked up twice and, looked up a third time, wakes the memo.
    expect(tally(Array.from({ length: IDLE_SAMPLE * 3 }, () => '/~api/pulls/42?offset=0'))).toEqual({ missed: 2, hit: 1, skipped: IDLE_SAMPLE * 3 - 3 });
    expect(tally(distinct('issues', 50))).toEqual({ missed: 50 });
  });

  it('drops the least recently used entry past its limit', () => {
    // Each entry: a one-character key (2 bytes) and a value counted as 10 bytes; room for four.
    const cache = new AnswerCache<number>(48, () => 10);
    for (const [i, key] of ['a', 'b', 'c', 'd'].entries()) cache.set(memoKey(key), i);
    expect(cache.get(memoKey('a'))).toBe(0);
    cache.set(memoKey('e'), 4);
    expect(cache.get(memoKey('b'))).toBeUndefined();
    expect(cache.get(memoKey('a'))).toBe(0);
    expect(cache.get(memoKey('e'))).toBe(4);
    expect(cache.size).toBe(4);
    expect(cache.bytes).toBe(48);
  });
});

describe('cachingIsSafe', () => {
  const doc = committedDocument();
  it('holds for our document (HTTP security schemes, no header or cookie parameters)', () => {
    expect(cachingIsSafe(doc)).toBe(true);
  });

  it('does not hold when answers could depend on other headers', () => {
    const withApiKey = structuredClone(doc) as OpenAPIObject;
    withApiKey.components!.securitySchemes!.apiKey = { type: 'apiKey', in: 'header', name: 'X-Key' };
    expect(cachingIsSafe(withApiKey)).toBe(false);
    const withHeaderParam = structuredClone(doc) as OpenAPIObject;
    withHeaderParam.paths!['/pulls']!.get!.parameters!.push({ name: 'X-Trace', in: 'header', schema: { type: 'string' } });
    expect(cachingIsSafe(withHeaderParam)).toBe(false);
  });
});
