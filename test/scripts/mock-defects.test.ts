/**
 * The mock defects an integrator found (issue 13, finding 4), one test each: none of these
 * requests may get a 5xx, and each gets the answer a server would give.
 */
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnswerCache, MAX_ENTRY, memoKey, requestKey } from '../../scripts/lib/mock/answer-cache.js';
import { MockEngine } from '../../scripts/lib/mock/engine.js';
import { FULL_CHECK_LIMIT, SchemaChecker } from '../../scripts/lib/mock/schemas.js';
import { startMockServer, type MockServer } from '../../scripts/lib/mock/server.js';
import { committedDocument } from '../helpers.js';
import { ask, basicAuth } from './mock-fixtures.js';

const doc = committedDocument();
const AUTH = basicAuth('a', 'b');

let mock: MockServer;
beforeAll(async () => {
  mock = await startMockServer({ port: 0, document: doc });
});
afterAll(async () => {
  await mock?.close();
});

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/** node:http, not fetch: the request target goes out byte for byte, malformed or not. */
function raw(method: string, path: string, headers: Record<string, string> = { authorization: AUTH }, body?: string | Buffer): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port: mock.port, method, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString() }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('malformed percent-encoding in the path', () => {
  for (const path of ['/~api/groups/ids/%ZZ', '/~api/roles/ids/100%', '/~api/groups/ids/%C0%AF', '/~api/pulls/%E2%82']) {
    it(`${path}: 400 with a reason`, async () => {
      const answer = await raw('GET', path);
      expect(answer.status).toBe(400);
      expect(answer.headers['content-type']).toMatch(/^text\/plain/);
      expect(answer.text).toMatch(/Malformed percent-encoding/);
    });
  }

  it('still decodes well-formed escapes', async () => {
    const answer = await raw('GET', '/~api/groups/ids/Developers%2D3');
    expect(answer.status).toBe(200);
  });
});

describe('media types', () => {
  it('Content-Type: json (not a media type) is 415', async () => {
    const answer = await raw('POST', '/~api/groups', { authorization: AUTH, 'content-type': 'json' }, '{}');
    expect(answer.status).toBe(415);
    expect(answer.text).toMatch(/"json" is not a media type/);
  });

  it('Accept: foo is 406; Accept ranges that allow JSON are answered', async () => {
    for (const accept of ['foo', 'text/plain', 'image/*', 'application/json;q=0']) {
      const answer = await raw('GET', '/~api/pulls/42', { authorization: AUTH, accept });
      expect(answer.status, accept).toBe(406);
      expect(answer.headers['content-type']).toMatch(/^text\/plain/);
    }
    for (const accept of ['application/json', 'application/*', '*/*', 'text/html, application/json;q=0.5', '']) {
      expect((await raw('GET', '/~api/pulls/42', { authorization: AUTH, accept })).status, accept).toBe(200);
    }
  });

  it('Prefer: code=404 is honoured whatever Accept says: errors are plain text', async () => {
    const answer = await raw('GET', '/~api/pulls/42', { authorization: AUTH, prefer: 'code=404', accept: 'application/json' });
    expect(answer.status).toBe(404);
    expect(answer.text).toMatch(/No row with the given identifier/);
  });
});

describe('HEAD', () => {
  it('answers a GET operation like GET, without the body', async () => {
    for (const path of ['/~api/pulls/42', '/~api/pulls?offset=0&count=5', '/~api/settings/ssh']) {
      const get = await raw('GET', path);
      const head = await raw('HEAD', path);
      expect(head.status, path).toBe(get.status);
      expect(head.headers['content-type']).toBe(get.headers['content-type']);
      expect(head.headers['content-length']).toBe(String(Buffer.byteLength(get.text)));
      expect(head.text).toBe('');
    }
  });

  it('is checked like GET (credentials) and is 405 where there is no GET', async () => {
    expect((await raw('HEAD', '/~api/pulls/42', {})).status).toBe(401);
    expect((await raw('HEAD', '/~api/pulls/42/title')).status).toBe(405);
  });
});

describe('ids past 2^53', () => {
  it('accepts any int64 id and answers it digit for digit', async () => {
    for (const id of ['9007199254740993', '9223372036854775807']) {
      const answer = await raw('GET', `/~api/pulls/${id}`);
      expect(answer.status, id).toBe(200);
      expect(answer.text).toContain(`"id": ${id},`);
    }
  });

  it('refuses ids past int64 with 404, as Long.parseLong does', async () => {
    const answer = await raw('GET', '/~api/pulls/9223372036854775808');
    expect(answer.status).toBe(404);
    expect(answer.text).toMatch(/out of range for int64/);
  });

  it('compares big ids exactly in a stateful run', async () => {
    const engine = new MockEngine(doc, { stateful: true, records: 5 });
    expect((await ask(engine, 'GET', '/pulls/9007199254740993')).status).toBe(404);
    expect((await ask(engine, 'GET', '/pulls/+042')).status).toBe(200);
  });
});

describe('the Authorization header', () => {
  const refused = ['Basic YTpi trailing', 'Basic', 'Basic !!!!', 'Basic YWJj', 'Basic Og==', 'Bearer', 'Bearer a b', 'Digest x', 'token abc'];
  for (const authorization of refused) {
    it(`refuses "${authorization}" with 401`, async () => {
      const answer = await raw('GET', '/~api/pulls/42', { authorization });
      expect(answer.status).toBe(401);
      expect(answer.text).toMatch(/Unauthorized/);
    });
  }

  it('accepts well-formed Basic (a colon in the password too) and Bearer', async () => {
    for (const authorization of [basicAuth('a', 'b'), basicAuth('a', 'b:c'), basicAuth('', 'token-only'), 'Bearer abc.DEF-1_2~3+/=', 'bearer abc']) {
      expect((await raw('GET', '/~api/pulls/42', { authorization })).status, authorization).toBe(200);
    }
  });
});

describe('huge JSON bodies', () => {
  const groovy = doc.paths?.['/settings/groovy-scripts']?.post?.requestBody as { content: Record<string, { schema: unknown }> };
  const schema = groovy.content['application/json']!.schema;
  const hugeArray = `[${Array.from({ length: 700_000 }, (_, i) => i).join(',')}]`;

  it('checks a body over 64 KiB up to its first problem only', () => {
    expect(hugeArray.length).toBeGreaterThan(4 * 1024 * 1024);
    const checker = new SchemaChecker(doc);
    const big = checker.checkBody(JSON.parse(hugeArray), schema, hugeArray.length);
    expect(big.violations).toHaveLength(1);
    expect(big.cut).toBe(true);
    // The same problems in a small body are all listed.
    const small = checker.checkBody([1, 2, 3], schema, 7);
    expect(small.violations.length).toBeGreaterThan(2);
    expect(FULL_CHECK_LIMIT).toBe(64 * 1024);
  });

  it('answers such a body with a short reason, not megabytes of violations', async () => {
    const answer = await raw('POST', '/~api/settings/groovy-scripts', { authorization: AUTH, 'content-type': 'application/json' }, hugeArray);
    expect(answer.status).toBe(400);
    expect(answer.text.length).toBeLessThan(9 * 1024);
    expect(answer.text).toMatch(/further problems not listed/);
    expect(String(answer.headers['sl-violations']).length).toBeLessThan(8 * 1024);
    expect((await raw('GET', '/~api/pulls/42')).status).toBe(200);
  });
});

describe('the answer memo is bounded by bytes', () => {
  it('keeps at most its byte budget, dropping the least recently used', () => {
    const cache = new AnswerCache<string>(256 * 1024, (value) => value.length);
    const body = 'x'.repeat(8 * 1024);
    for (let i = 0; i < 1000; i += 1) cache.set(memoKey(`key-${i}`), `${body}${i}`);
    expect(cache.bytes).toBeLessThanOrEqual(256 * 1024);
    expect(cache.size).toBeLessThan(40);
    expect(cache.size).toBeGreaterThan(20);
    expect(cache.get(memoKey('key-999'))).toBeDefined();
    expect(cache.get(memoKey('key-0'))).toBeUndefined();
  });

  it('does not keep an entry larger than a quarter of its budget, or than MAX_ENTRY', () => {
    const cache = new AnswerCache<string>(1000, (value) => value.length);
    cache.set(memoKey('small'), 'x'.repeat(100));
    cache.set(memoKey('big'), 'x'.repeat(300));
    expect(cache.get(memoKey('big'))).toBeUndefined();
    expect(cache.get(memoKey('small'))).toBeDefined();
    const roomy = new AnswerCache<string>(16 * 1024 * 1024, (value) => value.length);
    roomy.set(memoKey('page'), 'x'.repeat(MAX_ENTRY));
    expect(roomy.get(memoKey('page'))).toBeUndefined();
    expect(roomy.bytes).toBe(0);
    roomy.set(memoKey('record'), 'x'.repeat(MAX_ENTRY / 2));
    expect(roomy.get(memoKey('record'))).toBeDefined();
  });

  it('never keys a request with a body, so request bodies are never held', () => {
    const request = { method: 'POST', url: '/~api/groups', headers: {} } as Parameters<typeof requestKey>[0];
    expect(requestKey(request, Buffer.alloc(0))).toBeDefined();
    expect(requestKey(request, Buffer.alloc(1))).toBeUndefined();
    expect(requestKey(request, Buffer.alloc(64 * 1024))).toBeUndefined();
  });

  it('keys every header the answer depends on', () => {
    const key = (headers: Record<string, string>): string | undefined =>
      requestKey({ method: 'GET', url: '/~api/pulls/42', headers } as unknown as Parameters<typeof requestKey>[0], Buffer.alloc(0))?.parts.join('\n');
    const keys = new Set([key({}), key({ authorization: 'Bearer a' }), key({ accept: 'text/plain' }), key({ prefer: 'code=404' }), key({ 'content-type': 'json' })]);
    expect(keys.size).toBe(5);
    expect(key({ 'x-other': '1' })).toBe(key({}));
  });
});
