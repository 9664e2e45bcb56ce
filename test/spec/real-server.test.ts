/**
 * The recording of a real OneDev 16.5.6 (test/fixtures/real-server/v16.5.6, see its README) held
 * against the committed v16.5.6 description: every answer has a documented status, media type
 * and body, every request body agrees with what the server made of it
 * (scripts/lib/transcript/check.ts), the recording calls every operation, and it keeps no
 * credential of the recorded server.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkTranscript, formatProblems } from '../../scripts/lib/transcript/check.js';
import { parseTranscript, type TranscriptEntry } from '../../scripts/lib/transcript/format.js';
import { committedDocument, operationsOf, ROOT } from '../helpers.js';

const FIXTURE = join(ROOT, 'test/fixtures/real-server/v16.5.6/transcript.jsonl');
const entries = parseTranscript(readFileSync(FIXTURE, 'utf8'), 'test/fixtures/real-server/v16.5.6/transcript.jsonl');
const doc = committedDocument('v16.5.6');

/** Properties whose name says they hold a secret: a password, a secret, a key that is no id. */
const SECRET_NAME = /(password|secret|apikey|privatekey)$/i;

/** Every (property, string value) pair of a JSON value, at any depth. */
function stringProperties(value: unknown): Array<[string, string]> {
  if (Array.isArray(value)) return value.flatMap(stringProperties);
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, v]) => (typeof v === 'string' ? [[key, v] as [string, string]] : stringProperties(v)));
}

function bodiesOf(entry: TranscriptEntry): unknown[] {
  return [entry.requestBody, entry.responseBody].flatMap((text) => {
    try {
      return text === null ? [] : [JSON.parse(text) as unknown];
    } catch {
      return [];
    }
  });
}

describe('the recording of OneDev v16.5.6', () => {
  it('agrees with the committed v16.5.6 description, entry by entry', () => {
    const problems = checkTranscript(entries, doc);
    expect(problems.length, `${problems.length} entries disagree:\n${formatProblems(problems)}`).toBe(0);
  });

  it('calls every operation of v16.5.6, and only those', () => {
    const described = operationsOf(doc).map(({ operation }) => operation.operationId!);
    const called = new Set(entries.map((e) => e.operationId));
    expect(described).toHaveLength(287);
    expect(described.filter((id) => !called.has(id)), 'never called').toEqual([]);
    expect([...called].filter((id) => id === null || !described.includes(id)), 'not in the description').toEqual([]);
  });

  it('keeps no credential: only Content-Type among request headers, secrets and token values redacted', () => {
    expect(new Set(entries.flatMap((e) => Object.keys(e.requestHeaders)))).toEqual(new Set(['content-type']));
    const kept = entries.flatMap((entry, index) => {
      const secrets = bodiesOf(entry)
        .flatMap(stringProperties)
        .filter(([key, value]) => (SECRET_NAME.test(key) || (key === 'value' && /token/i.test(entry.operationId ?? ''))) && !value.includes('REDACTED'));
      const query = new URLSearchParams(entry.path.split('?')[1] ?? '').getAll('access-token');
      // A token the server refused ("Invalid access token") is no credential.
      const tokens = entry.status >= 400 ? [] : query.filter((token) => token !== 'REDACTED-TOKEN').map((token): [string, string] => ['access-token', token]);
      return [...secrets, ...tokens].map(([key, value]) => `line ${index + 1}: ${key} = ${value.slice(0, 20)}`);
    });
    expect(kept).toEqual([]);
    expect(entries.filter((e) => e.responseBody?.includes('REDACTED-TOKEN')).length, 'token values are there, redacted').toBeGreaterThan(3);
  });
});
