/**
 * The contract mock (scripts/lib/mock/server.ts) on a free loopback port: every operation
 * answers through the typed client with its documented success and a body matching its schema;
 * credentials are enforced; `Prefer` picks answers; bad requests get a 4xx with a reason.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOneDevClient, OneDevError } from '../../src/index.js';
import { startMockServer, type MockServer } from '../../scripts/lib/mock/server.js';
import { committedDocument, operationsOf } from '../helpers.js';
import { basicAuth, schemaValidator, searchOf, validCalls, type ValidCall } from './mock-fixtures.js';

const doc = committedDocument();
/** How this release refuses bad query parameters: 406 from OneDev v12.0.9 (400 before). */
const QUERY_REFUSAL = (doc as unknown as Record<string, unknown>)['x-onedev-query-refusal-status'] as number;
const calls = validCalls(doc);
const validatorFor = schemaValidator(doc);
const AUTH = basicAuth('tester', 'any-token');

let mock: MockServer;
beforeAll(async () => {
  mock = await startMockServer({ port: 0, document: doc });
});
afterAll(async () => {
  await mock?.close();
});

type LooseCall = (path: string, init?: Record<string, unknown>) => Promise<{ data: unknown; response: Response }>;

function clientCall(client: ReturnType<typeof createOneDevClient>, call: ValidCall): ReturnType<LooseCall> {
  const method = (client as unknown as Record<string, LooseCall>)[call.method];
  if (!method) throw new Error(`the client has no ${call.method}`);
  const params: Record<string, unknown> = {};
  if (Object.keys(call.pathParams).length > 0) params.path = call.pathParams;
  if (Object.keys(call.query).length > 0) params.query = call.query;
  return method(call.template, { params, ...(call.body !== undefined ? { body: call.body } : {}) });
}

interface Sent {
  status: number;
  contentType: string;
  text: string;
}

async function send(
  method: string,
  path: string,
  options: { query?: Record<string, unknown>; headers?: Record<string, string>; body?: string | Uint8Array<ArrayBuffer> } = {},
): Promise<Sent> {
  const url = `${mock.baseUrl}${path}${searchOf(options.query ?? {})}`;
  const response = await fetch(url, {
    method,
    headers: options.headers ?? { authorization: AUTH },
    ...(options.body !== undefined ? { body: options.body } : {}),
  });
  return { status: response.status, contentType: response.headers.get('content-type') ?? '', text: await response.text() };
}

/** Operations are found by method and path: their ids change between releases. */
const byRoute = (method: string, template: string): ValidCall => {
  const call = calls.find((c) => c.method === method && c.template === template);
  if (!call) throw new Error(`no operation ${method} ${template}`);
  return call;
};

describe('every operation through the typed client', () => {
  it('covers every operation of the document', () => {
    const count = operationsOf(doc).length;
    expect(count).toBeGreaterThan(100);
    expect(calls).toHaveLength(count);
    expect(new Set(calls.map((c) => c.operationId)).size).toBe(count);
  });

  it('answers each with its documented success status and a body valid against its schema', async () => {
    const client = createOneDevClient({ baseUrl: mock.origin, auth: { user: 'tester', accessToken: 'any-token' } });
    const problems: string[] = [];
    let withBodies = 0;
    for (const call of calls) {
      try {
        const { data, response } = await clientCall(client, call);
        if (response.status !== call.success) problems.push(`${call.operationId}: status ${response.status}, expected ${call.success}`);
        if (call.successSchema) {
          withBodies += 1;
          const validate = validatorFor(call.successSchema);
          if (!validate(data)) problems.push(`${call.operationId}: ${JSON.stringify(validate.errors?.slice(0, 3))}`);
        } else if (call.successType) {
          // A file download: its media type is what can be checked.
          const type = response.headers.get('content-type') ?? '';
          if (!type.startsWith(call.successType)) problems.push(`${call.operationId}: answered ${type}, expected ${call.successType}`);
        } else if (data !== undefined && data !== '') {
          problems.push(`${call.operationId}: expected no body, got ${JSON.stringify(data).slice(0, 80)}`);
        }
      } catch (error) {
        problems.push(`${call.operationId}: ${(error as Error).message}`);
      }
    }
    expect(problems).toEqual([]);
    // The validators are real: a pull request without its fields is refused.
    expect(validatorFor(byRoute('GET', '/pulls/{requestId}').successSchema!)({ id: 42 })).toBe(false);
    // Most operations return a JSON body; the rest answer an empty 200.
    expect(withBodies).toBeGreaterThan(60);
  });

  it('answers with the authored example, not generated data', async () => {
    const client = createOneDevClient({ baseUrl: mock.origin, auth: { accessToken: 'any-token' } });
    const { data } = await clientCall(client, byRoute('GET', '/pulls/{requestId}'));
    const example = (doc.components?.examples?.PullRequest as { value: unknown }).value;
    expect(data).toEqual(example);
  });

  it('reads a raw-text body as the text itself (not JSON)', async () => {
    const sent = await send('POST', '/pulls/42/title', {
      headers: { authorization: AUTH, 'content-type': 'application/json' },
      body: 'Fix NPE in the webhook retry loop',
    });
    expect(sent.status).toBe(200);
  });

  it('also serves paths without the /~api prefix', async () => {
    const response = await fetch(`${mock.origin}/pulls/42`, { headers: { authorization: AUTH } });
    expect(response.status).toBe(200);
    await response.body?.cancel();
  });
});

describe('credentials', () => {
  it('refuses a call without credentials with 401 and a reason', async () => {
    const sent = await send('GET', '/pulls/42', { headers: {} });
    expect(sent.status).toBe(401);
    expect(sent.contentType).toMatch(/^text\/plain/);
    expect(sent.text).toMatch(/Unauthorized/);
  });

  it('refuses every operation that needs credentials without them (OneDevError 401); serves the others', async () => {
    const anonymous = createOneDevClient({ baseUrl: mock.origin });
    // An operation with `security: []` (Trigger Job: its access token is a query parameter) needs none.
    const open = new Set(
      operationsOf(doc).filter(({ operation }) => Array.isArray(operation.security) && operation.security.length === 0).map(({ operation }) => operation.operationId),
    );
    const statuses = new Map<string, number>();
    for (const call of calls) {
      const error = await clientCall(anonymous, call).then(
        () => undefined,
        (e: unknown) => e,
      );
      statuses.set(call.operationId, error === undefined ? 200 : error instanceof OneDevError ? error.status : 0);
    }
    expect([...statuses].filter(([id, status]) => status !== (open.has(id) ? 200 : 401))).toEqual([]);
  });

  it('accepts Basic and Bearer', async () => {
    expect((await send('GET', '/builds/20', { headers: { authorization: 'Bearer abc' } })).status).toBe(200);
    expect((await send('GET', '/builds/20', { headers: { authorization: AUTH } })).status).toBe(200);
  });
});

describe('Prefer', () => {
  it('dynamic=true generates a body valid against the schema; where Prism cannot place the path, a 400 says so', async () => {
    const generated = await send('GET', '/pulls/42', { headers: { authorization: AUTH, prefer: 'dynamic=true' } });
    expect(generated.status).toBe(200);
    expect(validatorFor(byRoute('GET', '/pulls/{requestId}').successSchema!)(JSON.parse(generated.text))).toBe(true);
    const multi = calls.find((c) => c.multiSegment.length > 0 && c.method === 'GET');
    if (multi) {
      const refused = await send('GET', multi.path, { headers: { authorization: AUTH, prefer: 'dynamic=true' } });
      expect(refused.status).toBe(400);
      expect(refused.text).toMatch(/leave out dynamic=true/);
    }
  });

  it('code= picks another documented status with its example', async () => {
    const notFound = await send('GET', '/pulls/42', { headers: { authorization: AUTH, prefer: 'code=404' } });
    expect(notFound.status).toBe(404);
    expect(notFound.text).toMatch(/No row with the given identifier/);
    const none = await send('GET', '/pulls/42/merge-preview', { headers: { authorization: AUTH, prefer: 'code=204' } });
    expect(none.status).toBe(204);
    expect(none.text).toBe('');
  });

  it('example= (or __code=) picks an answer; an unknown name or status is a 400 naming it', async () => {
    const named = await send('GET', '/builds/20', { headers: { authorization: AUTH, prefer: 'example=default' } });
    expect(named.status).toBe(200);
    expect(JSON.parse(named.text)).toEqual((doc.components?.examples?.Build as { value: unknown }).value);
    const unknown = await send('GET', '/builds/20', { headers: { authorization: AUTH, prefer: 'example=nope' } });
    expect(unknown.status).toBe(400);
    expect(unknown.text).toMatch(/nope/);
    const byQuery = await send('GET', '/pulls/42', { query: { __code: 403 } });
    expect(byQuery.status).toBe(403);
    expect(byQuery.text).toBe('Permission denied');
    // The name as the query parser decodes it: percent-encoded underscores are underscores.
    const encoded = await fetch(`${mock.baseUrl}/pulls/42?%5F%5Fcode=403`, { headers: { authorization: AUTH } });
    expect(encoded.status).toBe(403);
    const undocumented = await send('GET', '/builds/20', { headers: { authorization: AUTH, prefer: 'code=418' } });
    expect(undocumented.status).toBe(400);
    expect(undocumented.text).toMatch(/418/);
  });
});

describe('bad requests (fixed set)', () => {
  const json = { authorization: AUTH, 'content-type': 'application/json' };
  const cases: Array<{ name: string; request: () => Promise<Sent>; status: number; reason: RegExp }> = [
    { name: 'non-numeric path id', request: () => send('GET', '/pulls/abc'), status: 404, reason: /requestId must be integer/ },
    { name: 'numeric-looking id OneDev refuses', request: () => send('GET', '/builds/1e3'), status: 404, reason: /buildId must be integer/ },
    { name: 'missing count', request: () => send('GET', '/pulls', { query: { offset: 0 } }), status: QUERY_REFUSAL, reason: /^Missing query params: \[count\]/ },
    { name: 'missing offset', request: () => send('GET', '/groups', { query: { count: 10 } }), status: QUERY_REFUSAL, reason: /^Missing query params: \[offset\]/ },
    { name: 'non-integer offset', request: () => send('GET', '/builds', { query: { offset: 'first', count: 10 } }), status: 404, reason: /offset must be integer/ },
    { name: 'count over the limit', request: () => send('GET', '/roles', { query: { offset: 0, count: 101 } }), status: QUERY_REFUSAL, reason: /count must be <= 100/ },
    { name: 'unknown query parameter', request: () => send('GET', '/pulls', { query: { offset: 0, count: 5, sort: 'id' } }), status: QUERY_REFUSAL, reason: /Unknown query parameter 'sort'/ },
    { name: 'broken JSON', request: () => send('POST', '/groups', { headers: json, body: '{"name": "Dev' }), status: 400, reason: /Malformed JSON/ },
    { name: 'wrong content type', request: () => send('POST', '/groups', { headers: { authorization: AUTH, 'content-type': 'text/plain' }, body: 'Dev' }), status: 415, reason: /^HTTP 415 Unsupported Media Type$/ },
    { name: 'no content type', request: () => send('POST', '/groups', { headers: { authorization: AUTH }, body: new TextEncoder().encode('{}') }), status: 415, reason: /^HTTP 415 Unsupported Media Type$/ },
    { name: 'missing required body', request: () => send('POST', '/groups', { headers: json }), status: 400, reason: /Body parameter is required/ },
    { name: 'body missing a required property', request: () => send('POST', '/pulls', { headers: json, body: '{"title":"x"}' }), status: 400, reason: /targetProjectId/ },
    { name: 'body of the wrong type', request: () => send('POST', '/groups', { headers: json, body: '[1,2]' }), status: 400, reason: /must be object/ },
    { name: 'value outside an enum', request: () => send('POST', '/pulls/42/merge-strategy', { headers: json, body: '"FAST_FORWARD"' }), status: 400, reason: /allowed values/ },
    { name: 'empty raw-text body', request: () => send('POST', '/pulls/42/title', { headers: json, body: '' }), status: 400, reason: /Body parameter is required/ },
    { name: 'no credentials and broken JSON', request: () => send('POST', '/groups', { headers: { 'content-type': 'application/json' }, body: '{"na' }), status: 401, reason: /Unauthorized/ },
    { name: 'broken JSON to an unknown path', request: () => send('POST', '/no-such-resource', { headers: json, body: '{"na' }), status: 404, reason: /hasn't been found/ },
    { name: 'no credentials', request: () => send('POST', '/groups', { headers: { 'content-type': 'application/json' }, body: '{}' }), status: 401, reason: /Unauthorized/ },
    { name: 'unknown path', request: () => send('GET', '/no-such-resource/1'), status: 404, reason: /hasn't been found/ },
    { name: 'method not described', request: () => send('PUT', '/pulls/42', { headers: json, body: '{}' }), status: 405, reason: /does not have "put"/ },
    { name: 'body over 10 MB', request: () => send('POST', '/groups', { headers: json, body: 'x'.repeat(10 * 1024 * 1024 + 1) }), status: 413, reason: /larger than/ },
    { name: 'unusable Prefer header', request: () => send('GET', '/pulls/42', { headers: { authorization: AUTH, prefer: 'code=abc' } }), status: 400, reason: /Prefer/ },
  ];

  for (const { name, request, status, reason } of cases) {
    it(`${name}: ${status} with a plain-text reason`, async () => {
      const sent = await request();
      expect(sent.status).toBe(status);
      expect(sent.contentType).toMatch(/^text\/plain/);
      expect(sent.text).toMatch(reason);
    });
  }

  it('keeps serving afterwards', async () => {
    expect((await send('GET', '/pulls', { query: { offset: 0, count: 1 } })).status).toBe(200);
  });
});

describe('bad requests (generated)', () => {
  type Mutation =
    | 'path-id-not-a-number'
    | 'drop-required-query'
    | 'unknown-query'
    | 'query-int-not-a-number'
    | 'broken-json'
    | 'wrong-content-type'
    | 'body-wrong-type'
    | 'no-credentials'
    | 'missing-body';

  const expected: Record<Mutation, number> = {
    'path-id-not-a-number': 404,
    'drop-required-query': QUERY_REFUSAL,
    'unknown-query': QUERY_REFUSAL,
    'query-int-not-a-number': 404,
    'broken-json': 400,
    'wrong-content-type': 415,
    'body-wrong-type': 400,
    'no-credentials': 401,
    'missing-body': 400,
  };

  const numericPath = (c: ValidCall): boolean => Object.values(c.pathParams).some((v) => typeof v === 'number');
  // A body the server never reads is not checked: malformed or mistyped, it is ignored.
  const jsonBody = (c: ValidCall): boolean => c.body !== undefined && !c.rawText && !c.ignoredBody;
  // The wrong values below (numbers, booleans, arrays) are wrong for a body that is an object.
  const objectBody = (c: ValidCall): boolean => jsonBody(c) && typeof c.body === 'object' && c.body !== null && !Array.isArray(c.body);
  const applies: Record<Mutation, (c: ValidCall) => boolean> = {
    'path-id-not-a-number': numericPath,
    'drop-required-query': (c) => c.requiredQuery.length > 0,
    'unknown-query': (c) => !c.openQuery,
    'query-int-not-a-number': (c) => c.integerQuery.length > 0,
    // Every strict prefix of a JSON object, array or string is malformed; of a number, not always.
    'broken-json': (c) => jsonBody(c) && c.body !== null && (typeof c.body === 'object' || typeof c.body === 'string'),
    'wrong-content-type': (c) => c.body !== undefined,
    'body-wrong-type': objectBody,
    'no-credentials': (c) => c.secured,
    'missing-body': (c) => c.bodyRequired,
  };
  const pairs = calls.flatMap((call) =>
    (Object.keys(applies) as Mutation[]).filter((m) => applies[m](call)).map((mutation) => ({ call, mutation })),
  );

  const word = fc.stringMatching(/^[A-Za-z][A-Za-z0-9_.~-]{0,11}$/);
  const arbitrary = fc.record({
    pair: fc.constantFrom(...pairs),
    word,
    cut: fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true }),
    contentType: fc.constantFrom('text/plain', 'application/xml', 'application/x-www-form-urlencoded', 'text/html; charset=utf-8'),
    wrongValue: fc.oneof(fc.integer(), fc.boolean(), fc.array(fc.integer(), { minLength: 1, maxLength: 3 })),
  });

  type Input = typeof arbitrary extends fc.Arbitrary<infer T> ? T : never;

  function build(input: Input): { method: string; path: string; query: Record<string, unknown>; headers: Record<string, string>; body?: string } {
    const { call, mutation } = input.pair;
    const query: Record<string, unknown> = { ...call.query };
    const headers: Record<string, string> = { authorization: AUTH };
    let path = call.path;
    let body: string | undefined;
    if (call.body !== undefined) {
      headers['content-type'] = call.bodyType ?? 'application/json';
      body = call.rawText ? String(call.body) : JSON.stringify(call.body);
    }
    switch (mutation) {
      case 'path-id-not-a-number': {
        const [name] = Object.entries(call.pathParams).find(([, v]) => typeof v === 'number')!;
        path = call.template.replace(/\{([^}]+)\}/g, (_, n: string) =>
          encodeURIComponent(n === name ? input.word : String(call.pathParams[n])),
        );
        break;
      }
      case 'drop-required-query':
        delete query[call.requiredQuery[Math.floor(input.cut * call.requiredQuery.length)]!];
        break;
      case 'unknown-query': {
        // A name the operation does not declare (and not Prism's own `__` switches).
        const name = call.query[input.word] === undefined ? input.word : `x${input.word}`;
        query[name] = 'value';
        break;
      }
      case 'query-int-not-a-number':
        query[call.integerQuery[Math.floor(input.cut * call.integerQuery.length)]!] = input.word;
        break;
      case 'broken-json':
        // Every strict prefix of a JSON object, array or string is unbalanced, so malformed.
        body = body!.slice(0, Math.max(1, Math.floor(input.cut * body!.length)));
        break;
      case 'wrong-content-type':
        headers['content-type'] = input.contentType;
        break;
      case 'body-wrong-type':
        body = JSON.stringify(input.wrongValue);
        break;
      case 'no-credentials':
        delete headers.authorization;
        break;
      case 'missing-body':
        body = undefined;
        break;
    }
    return { method: call.method, path, query, headers, body };
  }

  it('answers at least 500 malformed requests with the expected 4xx and a reason, never a 5xx', async () => {
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(arbitrary, async (input) => {
        runs += 1;
        const request = build(input);
        const sent = await send(request.method, request.path, request);
        const want = expected[input.pair.mutation];
        if (sent.status !== want || !/^text\/plain/.test(sent.contentType) || sent.text.trim() === '') {
          throw new Error(`${input.pair.call.operationId} ${input.pair.mutation}: got ${sent.status} ${sent.contentType} "${sent.text.slice(0, 200)}", expected ${want}`);
        }
      }),
      { numRuns: 500, seed: 20250705, endOnFailure: true },
    );
    expect(runs).toBe(500);
    // Every kind of mutation was tried.
    expect(new Set(pairs.map((p) => p.mutation)).size).toBe(Object.keys(expected).length);
  });

  it('keeps serving afterwards', async () => {
    const client = createOneDevClient({ baseUrl: mock.origin, auth: { user: 'tester', accessToken: 'any-token' } });
    const { response } = await clientCall(client, byRoute('GET', '/builds'));
    expect(response.status).toBe(200);
  });
});
