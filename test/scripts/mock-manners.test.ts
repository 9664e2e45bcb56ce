/**
 * HTTP manners the mock shares with a OneDev server (issue 18, items 2 and 3): 405 with `Allow`,
 * 431 for an oversized head, an answer to CONNECT and to an HTTP/0.9 request line, JSON bodies
 * `0`/`false`/`""` read as values, empty query values read as Jersey reads them at each release,
 * integers past int64 refused, a JSON body on a method that takes none ignored, and OneDev's words
 * for missing query parameters.
 */
import { connect } from 'node:net';
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MockEngine, validationStatusOf } from '../../scripts/lib/mock/engine.js';
import { EXT, readExtension } from '../../src/extensions.js';
import { releaseAtLeast, TRIMS_QUERY_TEXT_SINCE } from '../../scripts/lib/mock/conversions.js';
import { integerPastInt64, nestsDeeperThan } from '../../scripts/lib/mock/json-body.js';
import { startMockServer, type MockServer } from '../../scripts/lib/mock/server.js';
import { committedDocument, operationsOf, SUPPORTED_RELEASES } from '../helpers.js';
import { ask, basicAuth } from './mock-fixtures.js';

const doc = committedDocument();
const AUTH = basicAuth('a', 'b');
const JSON_TYPE = { 'content-type': 'application/json' };

/** Sends bytes on a fresh connection; resolves with what came back and whether the server closed it. */
function rawExchange(port: number, data: string, waitMs = 6_000): Promise<{ text: string; closed: boolean; ms: number }> {
  return new Promise((resolve) => {
    const started = performance.now();
    const socket = connect(port, '127.0.0.1');
    let text = '';
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ text, closed: false, ms: performance.now() - started });
    }, waitMs);
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
    socket.on('error', () => {});
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ text, closed: true, ms: performance.now() - started });
    });
    socket.write(data);
  });
}

const statusOf = (text: string): number => Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);
const headerOf = (text: string, name: string): string | undefined =>
  new RegExp(`\\r\\n${name}: ([^\\r]*)\\r\\n`, 'i').exec(text.slice(0, text.indexOf('\r\n\r\n') + 2))?.[1];

describe('over HTTP', () => {
  let mock: MockServer;
  beforeAll(async () => {
    mock = await startMockServer({ port: 0, document: doc });
  });
  afterAll(async () => {
    await mock?.close();
  });

  it('answers a method the path lacks with 405 and an Allow header listing the methods it has', async () => {
    const cases: Array<[string, string, string]> = [
      ['TRACE', '/~api/pulls/42', 'DELETE, GET, HEAD'],
      ['PUT', '/~api/pulls', 'GET, HEAD, POST'],
      ['PATCH', '/~api/settings/ssh', 'GET, HEAD, POST'],
      ['DELETE', '/~api/pulls/42/title', 'POST'],
      ['OPTIONS', '/~api/groups/7', 'DELETE, GET, HEAD, POST'],
    ];
    for (const [method, path, allow] of cases) {
      const answer = await rawExchange(mock.port, `${method} ${path} HTTP/1.1\r\nhost: x\r\nauthorization: ${AUTH}\r\nconnection: close\r\n\r\n`);
      expect(statusOf(answer.text), `${method} ${path}`).toBe(405);
      expect(headerOf(answer.text, 'allow'), `${method} ${path}`).toBe(allow);
    }
  });

  it('answers an oversized header or request target with 431 and closes the connection', async () => {
    const bigHeader = await rawExchange(mock.port, `GET /~api/pulls/42 HTTP/1.1\r\nhost: x\r\nx-big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(statusOf(bigHeader.text)).toBe(431);
    expect(bigHeader.closed).toBe(true);
    const bigTarget = await rawExchange(mock.port, `GET /~api/pulls/42?q=${'a'.repeat(20_000)} HTTP/1.1\r\nhost: x\r\n\r\n`);
    expect(statusOf(bigTarget.text)).toBe(431);
    expect(bigTarget.text).toMatch(/larger than the server reads/);
    // Another request on another connection is unaffected.
    expect((await rawExchange(mock.port, `GET /~api/pulls/42 HTTP/1.1\r\nhost: x\r\nauthorization: ${AUTH}\r\nconnection: close\r\n\r\n`)).text).toMatch(/^HTTP\/1\.1 200/);
  });

  it('answers CONNECT (405 with Allow on an API path, 404 elsewhere) and closes the connection', async () => {
    const onPath = await rawExchange(mock.port, `CONNECT /~api/pulls HTTP/1.1\r\nhost: x\r\nauthorization: ${AUTH}\r\n\r\n`);
    expect(statusOf(onPath.text)).toBe(405);
    expect(headerOf(onPath.text, 'allow')).toBe('GET, HEAD, POST');
    expect(onPath.closed).toBe(true);
    const authority = await rawExchange(mock.port, 'CONNECT example.com:443 HTTP/1.1\r\nhost: example.com:443\r\n\r\n');
    expect(statusOf(authority.text)).toBe(404);
    expect(authority.closed).toBe(true);
  });

  it('answers an HTTP/0.9 request line and closes the connection instead of holding it open', async () => {
    const bare = await rawExchange(mock.port, 'GET /~api/pulls/42\r\n');
    expect(bare.closed).toBe(true);
    expect(statusOf(bare.text)).toBe(408);
    expect(bare.text).toMatch(/HTTP\/0\.9/);
    const ended = await rawExchange(mock.port, 'GET /~api/pulls/42\r\n\r\n');
    expect(ended.closed).toBe(true);
    expect(statusOf(ended.text)).toBe(400);
    expect(ended.text).toMatch(/HTTP\/0\.9 requests are not supported/);
  });

  it('ignores a JSON body on an operation that takes none, and refuses another type with 415', async () => {
    const post = (path: string, headers: Record<string, string>, body: string): Promise<number> =>
      new Promise((resolve, reject) => {
        const req = httpRequest({ host: '127.0.0.1', port: mock.port, method: 'POST', path, headers: { authorization: AUTH, ...headers } }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        });
        req.on('error', reject);
        req.end(body);
      });
    expect(await post('/~api/users/7/disable', JSON_TYPE, '{}')).toBe(200);
    expect(await post('/~api/users/7/convert-to-service-account', JSON_TYPE, '{}')).toBe(200);
    // Not even read: malformed JSON there is ignored too.
    expect(await post('/~api/users/7/disable', JSON_TYPE, '{not json')).toBe(200);
    expect(await post('/~api/users/7/disable', { 'content-type': 'text/plain' }, 'hello')).toBe(415);
  });
});

describe('every path answers 405 with the methods it has', () => {
  const engine = new MockEngine(doc);
  it('lists, for each path of the description, exactly its methods (and HEAD with GET)', async () => {
    const byPath = new Map<string, Set<string>>();
    for (const { method, path } of operationsOf(doc)) byPath.set(path, (byPath.get(path) ?? new Set()).add(method.toUpperCase()));
    let checked = 0;
    for (const [template, methods] of byPath) {
      if (template.includes('{artifactPath}')) continue; // split routes: a path of one form may place on the other
      const path = template.replace(/\{[^}]+\}/g, '7');
      const answer = await ask(engine, 'TRACE', path);
      const expected = [...methods, ...(methods.has('GET') ? ['HEAD'] : [])].sort().join(', ');
      expect(answer.status, template).toBe(405);
      expect(answer.headers.allow, template).toBe(expected);
      checked += 1;
    }
    expect(checked).toBeGreaterThan(150);
  });
});

describe('JSON bodies that are falsy are still bodies', () => {
  const engine = new MockEngine(doc);
  const cases: Array<[string, string]> = [
    ['/issues/1789/confidential', 'false'],
    ['/issues/1789/own-estimated-time', '0'],
    ['/email-addresses/primary', '0'],
    ['/repositories/7/default-branch', '""'],
  ];
  for (const [path, body] of cases) {
    it(`POST ${path} with ${body} is read as that value, not as a missing body`, async () => {
      const sent = await ask(engine, 'POST', path, { headers: JSON_TYPE, body });
      expect(sent.status, sent.text).toBeLessThan(300);
      const none = await ask(engine, 'POST', path, { headers: JSON_TYPE });
      expect(none.status).toBe(400);
      expect(none.text).toMatch(/Body parameter is required/);
    });
  }

  it('still checks a falsy value against the schema', async () => {
    const answer = await ask(engine, 'POST', '/issues/1789/confidential', { headers: JSON_TYPE, body: '0' });
    expect(answer.status).toBe(400);
    expect(answer.text).toMatch(/must be boolean/);
  });
});

describe('integers past the 64-bit range', () => {
  const engine = new MockEngine(doc);

  it('are refused in the path and in the query with 404, as a failed Long conversion', async () => {
    expect((await ask(engine, 'GET', '/pulls/9223372036854775808')).status).toBe(404);
    expect((await ask(engine, 'GET', '/pulls/-9223372036854775809')).status).toBe(404);
    expect((await ask(engine, 'GET', '/package-blobs?projectId=9223372036854775808&hash=abc')).status).toBe(404);
    expect((await ask(engine, 'GET', '/pulls/9223372036854775807')).status).toBe(200);
  });

  it('are refused in a JSON body with 400, the largest long itself accepted', async () => {
    const group = (id: string): string => `{"name":"Release Managers","description":null,"administrator":false,"createRootProjects":false,"enforce2FA":true,"id":${id}}`;
    const over = await ask(engine, 'POST', '/groups', { headers: JSON_TYPE, body: group('9223372036854775808') });
    expect(over.status).toBe(400);
    expect(over.text).toMatch(/9223372036854775808 is out of range for a 64-bit integer/);
    expect((await ask(engine, 'POST', '/groups', { headers: JSON_TYPE, body: group('9223372036854775807') })).status).toBe(200);
    const inList = await ask(engine, 'POST', '/label-specs', { headers: JSON_TYPE, body: '{"name":"security","color":"#8e24aa","id":-9223372036854775809}' });
    expect(inList.status).toBe(400);
  });

  it('are found only outside strings', () => {
    expect(integerPastInt64('{"a":"99999999999999999999"}')).toBeUndefined();
    expect(integerPastInt64('[1, 99999999999999999999.5, 1e400]')).toBeUndefined();
    expect(integerPastInt64('{"a":"\\"", "b": [99999999999999999999]}')).toBe('99999999999999999999');
  });
});

describe('JSON nested deeper than Jackson reads', () => {
  const pad = `"${'x'.repeat(5000)}"`;
  it('is found past the limit, not at it, whatever else the text holds', () => {
    expect(nestsDeeperThan(`${'['.repeat(1001)}${pad}${']'.repeat(1001)}`, 1000)).toBe(true);
    expect(nestsDeeperThan(`${'['.repeat(1000)}${pad}${']'.repeat(1000)}`, 1000)).toBe(false);
    expect(nestsDeeperThan(`${'{"a":'.repeat(600)}${'['.repeat(401)}${pad}${']'.repeat(401)}${'}'.repeat(600)}`, 1000)).toBe(true);
  });

  it('counts neither brackets side by side nor brackets inside strings', () => {
    // 1500 brackets that open, but never more than one open at a time.
    expect(nestsDeeperThan(`[${'[],'.repeat(1500)}${pad}]`, 1000)).toBe(false);
    expect(nestsDeeperThan(`["${'['.repeat(2000)}", ${pad}]`, 1000)).toBe(false);
    expect(nestsDeeperThan(`["\\"${'{'.repeat(1500)}", ${pad}]`, 1000)).toBe(false);
  });
});

describe('OneDev\'s words for missing query parameters', () => {
  it('POST /trigger-job with a JSON body and no query: the release\'s status for bad query parameters, "Missing query params"', async () => {
    for (const release of SUPPORTED_RELEASES) {
      const released = committedDocument(release);
      const engine = new MockEngine(released);
      const answer = await ask(engine, 'POST', '/trigger-job', { headers: JSON_TYPE, body: '{"foo":1}' });
      const expected = (released as unknown as Record<string, unknown>)['x-onedev-query-refusal-status'];
      expect(answer.status, release).toBe(expected);
      expect(answer.text, release).toMatch(/^Missing query params: \[project, job, access-token\]/);
    }
  });
});

describe('empty query values, as each release reads them', () => {
  it('finds the validation status of each release in its description', () => {
    const statuses = Object.fromEntries(SUPPORTED_RELEASES.map((r) => [r, validationStatusOf(committedDocument(r))]));
    expect(statuses).toEqual({ 'v11.11.4': 400, 'v12.0.10': 400, 'v13.1.7': 406, 'v14.1.9': 406, 'v15.1.8': 400, 'v16.5.6': 400 });
  });

  it('finds it by the refusal\'s kind, whatever its words say', async () => {
    const released = committedDocument('v13.1.7');
    const refusals = readExtension(released, EXT.refusals)!;
    expect(refusals.find((r) => r.kind === 'validation')?.status).toBe(406);
    // The validation entry reworded, and another entry given the old words: the kind still decides.
    const reworded = refusals.map((r) =>
      r.kind === 'validation' ? { ...r, what: 'a declared constraint is not met' } : r.kind === 'unreadable-body' ? { ...r, what: 'a body that breaks a validation rule' } : r,
    );
    const doc = { ...released, [EXT.refusals.name]: reworded } as typeof released;
    expect(validationStatusOf(doc)).toBe(406);
    const answer = await ask(new MockEngine(doc), 'GET', '/trigger-job?project=&job=ci&access-token=tok');
    expect(answer.status).toBe(406);
    expect(answer.text).toBe('Request query parameter project must not be empty');
    // Without a validation kind the document does not say, whatever the words: 400.
    const unsaid = { ...released, [EXT.refusals.name]: refusals.filter((r) => r.kind !== 'validation').concat({ kind: 'credentials', what: 'a parameter or a body that breaks a validation rule', status: 406 }) } as typeof released;
    expect(validationStatusOf(unsaid)).toBe(400);
  });

  for (const release of SUPPORTED_RELEASES) {
    describe(release, () => {
      const released = committedDocument(release);
      const engine = new MockEngine(released);
      const trims = releaseAtLeast(release, TRIMS_QUERY_TEXT_SINCE);

      it('an empty required text is a value that breaks its rule (a validation failure), not a missing parameter', async () => {
        const answer = await ask(engine, 'GET', '/trigger-job?project=&job=ci&access-token=tok');
        expect(answer.status).toBe(validationStatusOf(released));
        expect(answer.text).toBe('Request query parameter project must not be empty');
        // Blank: a value before the release trims text, absent after.
        const blank = await ask(engine, 'GET', '/trigger-job?project=%20&job=ci&access-token=tok');
        expect(blank.status).toBe(trims ? validationStatusOf(released) : 200);
      });

      it('an empty offset or count is the primitive\'s default, 0: an empty page', async () => {
        const answer = await ask(engine, 'GET', '/pulls?offset=&count=');
        expect(answer.status).toBe(200);
        expect(answer.json()).toEqual([]);
        const fromStart = await ask(engine, 'GET', '/pulls?offset=&count=2');
        expect((fromStart.json() as Array<{ id: number }>).map((p) => p.id)).toEqual(((await ask(engine, 'GET', '/pulls?offset=0&count=2')).json() as Array<{ id: number }>).map((p) => p.id));
      });

      it(`an empty name filter ${trims ? 'is absent: every group' : 'matches only an empty name: no group'}`, async () => {
        const all = (await ask(engine, 'GET', '/groups?offset=0&count=100')).json() as unknown[];
        const filtered = (await ask(engine, 'GET', '/groups?offset=0&count=100&name=')).json() as unknown[];
        expect(filtered.length).toBe(trims ? all.length : 0);
        expect(all.length).toBeGreaterThan(0);
      });
    });
  }

  it('an empty optional number is absent', async () => {
    const engine = new MockEngine(doc);
    expect((await ask(engine, 'GET', '/package-blobs?projectId=&hash=abc')).status).toBe(200);
  });
});
