/**
 * The mock's answer memo (scripts/lib/mock/answer-cache.ts): a repeated request gets the same
 * answer, but anything Prism reads (credentials, Prefer, body) makes a different request.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenAPIObject } from 'openapi3-ts/oas31';
import { AnswerCache, cachingIsSafe } from '../../scripts/lib/mock/answer-cache.js';
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

  it('never memoizes generated answers (Prefer: dynamic=true)', async () => {
    const headers = { authorization: AUTH, prefer: 'dynamic=true' };
    const bodies = new Set<string>();
    for (let i = 0; i < 3; i += 1) bodies.add((await status('/pulls/42', headers)).text);
    expect(bodies.size).toBeGreaterThan(1);
  });
});

describe('AnswerCache', () => {
  it('drops the least recently used entry past its limit', () => {
    const cache = new AnswerCache<number>(2);
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.get('a')).toBe(1);
    cache.set('c', 3);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe(1);
    expect(cache.get('c')).toBe(3);
    expect(cache.size).toBe(2);
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
