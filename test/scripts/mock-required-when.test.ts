/**
 * The mock refuses what a body schema's `x-onedev-required-when` rules refuse (issue 37, item 4):
 * Create User's kinds of account, as a v16.5.6 server refused and accepted the recorded bodies
 * (test/fixtures/real-server/v16.5.6/rules.json), with the release's validation status.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MockEngine } from '../../scripts/lib/mock/engine.js';
import { committedDocument, ROOT } from '../helpers.js';
import { ask } from './mock-fixtures.js';

const rows = (JSON.parse(readFileSync(join(ROOT, 'test/fixtures/real-server/v16.5.6/rules.json'), 'utf8')) as {
  rows: Array<{ line: number; requestBody: string | null; status: number }>;
}).rows;
const recorded = (line: number) => rows.find((r) => r.line === line)!;
const JSON_TYPE = { 'content-type': 'application/json' };

describe('Create User on the mock of v16.5.6', () => {
  const engine = new MockEngine(committedDocument('v16.5.6'), { records: 10 });
  const create = (body: string) => ask(engine, 'POST', '/users', { headers: JSON_TYPE, body });

  it.each([26, 29, 30, 33])('answers the recorded body of line %i with the server\'s status', async (line) => {
    const { requestBody, status } = recorded(line);
    const answer = await create(requestBody!);
    expect(answer.status).toBe(status);
    if (status === 400) expect(answer.headers['content-type']).toMatch(/^text\/plain/);
  });

  it('names each missing property, and asks nothing of a service account', async () => {
    const refused = await create(recorded(29).requestBody!);
    expect(refused.text.split('\n')).toEqual([
      'Request body property password must not be empty when type is ORDINARY',
      'Request body property emailAddress must not be empty when type is ORDINARY',
    ]);
    expect((await create(JSON.stringify({ type: 'SERVICE', name: 'svc-bot' }))).status).toBe(200);
    const ai = await create(JSON.stringify({ type: 'AI', name: 'helper' }));
    expect(ai).toMatchObject({ status: 400, text: 'Request body property aiSetting must not be empty when type is AI' });
    expect((await create(JSON.stringify({ type: 'ORDINARY', name: 'x', password: '', emailAddress: 'x@example.com' }))).status).toBe(400);
  });
});

describe('Create User on the mock of v14.1.9', () => {
  it('refuses a body without password or email address whatever the kind, as the schema does', async () => {
    const engine = new MockEngine(committedDocument('v14.1.9'), { records: 10 });
    const service = await ask(engine, 'POST', '/users', { headers: JSON_TYPE, body: JSON.stringify({ type: 'SERVICE', name: 'svc-bot' }) });
    expect(service.status).toBe(400);
    expect(service.text).toContain("must have required property 'password'");
  });
});
