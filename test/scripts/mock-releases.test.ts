/**
 * The mock serves every supported release, not only the default: started on each release's
 * description (as `--release <tag>` does), it answers every operation of that release with its
 * documented success, and refuses an operation the release does not have.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type MockServer } from '../../scripts/lib/mock/server.js';
import { DEFAULT_RELEASE, SUPPORTED_RELEASES, committedDocument } from '../helpers.js';
import { basicAuth, searchOf, validCalls } from './mock-fixtures.js';

const AUTH = basicAuth('tester', 'any-token');
// The default release is covered call by call, with schemas, in mock.test.ts.
const OLDER = SUPPORTED_RELEASES.filter((release) => release !== DEFAULT_RELEASE);

describe.each(OLDER)('the mock on %s', (release) => {
  const doc = committedDocument(release);
  const calls = validCalls(doc);
  let mock: MockServer;
  beforeAll(async () => {
    mock = await startMockServer({ port: 0, document: doc });
  });
  afterAll(async () => {
    await mock?.close();
  });

  // Some 250 calls, the mock compiling a validator for each operation's first: tens of seconds,
  // past the default minute on a busy machine.
  it('answers every operation with its documented success', { timeout: 240_000 }, async () => {
    const wrong: string[] = [];
    for (const call of calls) {
      const body = call.body === undefined ? undefined : call.rawText ? String(call.body) : JSON.stringify(call.body);
      const response = await fetch(`${mock.baseUrl}${call.path}${searchOf(call.query)}`, {
        method: call.method,
        headers: { authorization: AUTH, ...(body !== undefined ? { 'content-type': call.bodyType ?? 'application/json' } : {}) },
        ...(body !== undefined ? { body } : {}),
      });
      await response.arrayBuffer();
      if (response.status !== call.success) wrong.push(`${call.method} ${call.template}: ${response.status}`);
    }
    expect(calls.length).toBeGreaterThan(200);
    expect(wrong).toEqual([]);
  });

  it('refuses bad query parameters as that release does (400 before v12.0.9, 406 from it)', async () => {
    const want = release === 'v11.11.4' ? 400 : 406;
    for (const query of ['offset=0&count=101', 'offset=0&count=5&sort=id', 'count=5']) {
      const response = await fetch(`${mock.baseUrl}/roles?${query}`, { headers: { authorization: AUTH } });
      expect(`${query}: ${response.status}`).toBe(`${query}: ${want}`);
      expect(await response.text()).not.toBe('');
    }
  });

  it('does not serve an operation of another release', async () => {
    // Pull request reviewers arrived in v16.2.1; the older releases have none.
    const response = await fetch(`${mock.baseUrl}/pulls/1/reviewers/2`, { method: 'POST', headers: { authorization: AUTH } });
    await response.arrayBuffer();
    expect(response.status).toBe(404);
  });
});
