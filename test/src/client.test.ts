/** Wire tests: the client against a real loopback HTTP server that records each request. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createOneDevClient, OneDevError, OneDevReferenceError, operationTable, type OneDevClient } from '../../src/index.js';
import { startRecordingServer, type RecordedRequest, type RecordingServer } from './recording-server.js';
import { RAW_TEXT_OPERATIONS } from '../helpers.js';

let server: RecordingServer;

beforeAll(async () => {
  server = await startRecordingServer({ maxRequests: 500, lifetimeMs: 60_000 });
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  server.requests.length = 0;
  server.handle(() => ({ status: 200 }));
});

const basic = (user: string, secret: string) => `Basic ${Buffer.from(`${user}:${secret}`, 'utf8').toString('base64')}`;
const client = (auth?: Parameters<typeof createOneDevClient>[0]['auth']): OneDevClient =>
  createOneDevClient({ baseUrl: server.origin, ...(auth ? { auth } : {}) });
const only = (): RecordedRequest => {
  expect(server.requests).toHaveLength(1);
  return server.requests[0]!;
};

describe('base URL and authentication', () => {
  it.each([
    ['password', { user: 'robin', password: 'correct horse' }, basic('robin', 'correct horse')],
    ['access token as password', { user: 'robin', accessToken: 'tok_9f2c41' }, basic('robin', 'tok_9f2c41')],
    ['bearer token', { accessToken: 'tok_9f2c41' }, 'Bearer tok_9f2c41'],
    ['non-ASCII password (UTF-8)', { user: 'jörg', password: 'pässwörd✓' }, basic('jörg', 'pässwörd✓')],
  ] as const)('sends %s credentials', async (_name, auth, header) => {
    await client(auth).GET('/settings/ssh');
    expect(only().headers.authorization).toBe(header);
  });

  it('sends no Authorization header without auth (anonymous access)', async () => {
    await client().GET('/settings/ssh');
    expect(only().headers.authorization).toBeUndefined();
  });

  it.each(['', '/', '/~api', '/~api/'])('puts every path under /~api for origin%s', async (suffix) => {
    await createOneDevClient({ baseUrl: server.origin + suffix }).GET('/pulls/{requestId}', { params: { path: { requestId: 42 } } });
    expect(only().rawUrl).toBe('/~api/pulls/42');
  });

  it('keeps a sub-path deployment', async () => {
    await createOneDevClient({ baseUrl: `${server.origin}/onedev` }).GET('/settings/ssh');
    expect(only().rawUrl).toBe('/onedev/~api/settings/ssh');
  });

  it('routes through a custom fetch, which sees the finished request', async () => {
    const seen: string[] = [];
    const custom = createOneDevClient({
      baseUrl: server.origin,
      auth: { accessToken: 'tok_9f2c41' },
      fetch: (url, init) => {
        const headers = new Headers(init.headers);
        seen.push(`${init.method} ${url} ${headers.get('authorization')}`);
        headers.set('X-Trace', 'abc');
        return fetch(url, { ...init, headers });
      },
    });
    await custom.DELETE('/ssh-keys/{sshKeyId}', { params: { path: { sshKeyId: 7 } } });
    expect(seen).toEqual([`DELETE ${server.origin}/~api/ssh-keys/7 Bearer tok_9f2c41`]);
    expect(only().headers['x-trace']).toBe('abc');
  });

  it('merges per-call headers with the credentials', async () => {
    await client({ accessToken: 'tok_9f2c41' }).GET('/settings/ssh', { headers: { 'X-Request-Id': 'r-1' } });
    expect(only().headers).toMatchObject({ authorization: 'Bearer tok_9f2c41', 'x-request-id': 'r-1' });
  });

  it('refuses a call without its path id, before sending anything', async () => {
    const call = (client().GET as any)('/pulls/{requestId}', { params: {} });
    await expect(call).rejects.toThrow('pullRequestGetBasicInfo needs params.path.requestId');
    await expect((client().GET as any)('/pulls/{id}')).rejects.toThrow('OneDev has no operation GET /pulls/{id}');
    expect(server.requests).toHaveLength(0);
  });
});

describe('request bodies', () => {
  // The issue's list; the client itself reads it from generated/operations.ts.
  const RAW_TEXT = RAW_TEXT_OPERATIONS;
  const text = 'Fix "retry" loop in webhook delivery\n\nSee #12 — naïve backoff {x}';

  it('the generated table marks exactly those operations as raw text', () => {
    const marked = Object.entries(operationTable).filter(([, info]) => info.rawText).map(([id]) => id);
    expect(marked.sort()).toEqual([...RAW_TEXT].sort());
  });

  it.each(RAW_TEXT)('%s sends the bare text as application/json, without JSON quotes', async (operationId) => {
    const info = operationTable[operationId as keyof typeof operationTable];
    const id = info.path.includes('{commentId}') ? { commentId: 5 } : { requestId: 42 };
    await (client({ accessToken: 'tok' }).POST as any)(info.path, { params: { path: id }, body: text });
    const request = only();
    expect(request.method).toBe('POST');
    expect(request.rawUrl).toBe(`/~api${info.path.replace(/\{\w+\}/, String(Object.values(id)[0]))}`);
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.body).toBe(text);
  });

  it('sends Merge without a body when no message is given', async () => {
    await client().POST('/pulls/{requestId}/merge', { params: { path: { requestId: 42 } } });
    expect(only().body).toBe('');
    expect(only().headers['content-type']).toBeUndefined();
  });

  it('refuses a raw-text body that is not a string, before sending anything', async () => {
    const call = (client().POST as any)('/pulls/{requestId}/title', { params: { path: { requestId: 42 } }, body: { title: 'x' } });
    await expect(call).rejects.toThrow('pullRequestSetTitle takes its body as a string');
    expect(server.requests).toHaveLength(0);
  });

  it('JSON-encodes ordinary bodies, including a bare enum string', async () => {
    const c = client();
    await c.POST('/pulls/{requestId}/merge-strategy', { params: { path: { requestId: 42 } }, body: 'SQUASH_SOURCE_BRANCH_COMMITS' });
    const open = { targetProjectId: 1, sourceProjectId: 1, targetBranch: 'main', sourceBranch: 'feature/retry', title: 'Retry "x"' };
    await c.POST('/pulls', { body: open });
    expect(server.requests.map((r) => [r.headers['content-type'], r.body])).toEqual([
      ['application/json', '"SQUASH_SOURCE_BRANCH_COMMITS"'],
      ['application/json', JSON.stringify(open)],
    ]);
  });
});

describe('query strings', () => {
  it('percent-encodes the query language and keeps offset and count', async () => {
    await client().GET('/pulls', {
      params: { query: { query: '"Status" is "Open" and "Target Branch" is "main"', offset: 0, count: 25 } },
    });
    const request = only();
    expect(request.rawUrl).toBe(
      '/~api/pulls?query=%22Status%22%20is%20%22Open%22%20and%20%22Target%20Branch%22%20is%20%22main%22&offset=0&count=25',
    );
    expect(request.url.searchParams.get('query')).toBe('"Status" is "Open" and "Target Branch" is "main"');
  });

  it('leaves out parameters that are not given', async () => {
    await client().GET('/groups', { params: { query: { offset: 10, count: 5 } } });
    expect(only().rawUrl).toBe('/~api/groups?offset=10&count=5');
  });

  it('encodes a wildcard name filter', async () => {
    await client().GET('/roles', { params: { query: { name: 'dev*', offset: 0, count: 100 } } });
    expect(only().url.search).toBe('?name=dev*&offset=0&count=100');
  });
});

describe('paginate', () => {
  const serveRecords = (total: number) =>
    server.handle((request) => {
      const offset = Number(request.url.searchParams.get('offset'));
      const count = Number(request.url.searchParams.get('count'));
      const ids = Array.from({ length: Math.max(0, Math.min(count, total - offset)) }, (_, i) => ({ id: offset + i + 1 }));
      return { body: ids };
    });

  it('walks three pages of 100 and stops at the first short page', async () => {
    serveRecords(250);
    const ids: number[] = [];
    for await (const build of client().paginate('/builds', { params: { query: { query: '"Job" is "ci"' } } })) ids.push(build.id);
    expect(ids).toEqual(Array.from({ length: 250 }, (_, i) => i + 1));
    expect(server.requests.map((r) => r.url.search)).toEqual(
      [0, 100, 200].map((offset) => `?query=%22Job%22%20is%20%22ci%22&offset=${offset}&count=100`),
    );
  });

  it('asks once more after a full last page, and takes a smaller page size', async () => {
    serveRecords(80);
    let seen = 0;
    for await (const _group of client().paginate('/groups', { pageSize: 40 })) seen += 1;
    expect(seen).toBe(80);
    expect(server.requests.map((r) => r.url.search)).toEqual(['?offset=0&count=40', '?offset=40&count=40', '?offset=80&count=40']);
  });

  it('fetches lazily: stopping early sends no further requests', async () => {
    serveRecords(1000);
    for await (const role of client().paginate('/roles')) if (role.id === 5) break;
    expect(server.requests).toHaveLength(1);
  });

  it.each([0, 101, 2.5])('refuses page size %s without sending anything', async (pageSize) => {
    const pages = client().paginate('/pulls', { pageSize });
    await expect(pages.next()).rejects.toThrow('pageSize must be an integer from 1 to 100');
    expect(server.requests).toHaveLength(0);
  });

  it('refuses an operation that is not a collection read', async () => {
    const pages = (client().paginate as any)('/pulls/{requestId}/labels');
    await expect(pages.next()).rejects.toThrow('pullRequestGetLabels (GET /pulls/{requestId}/labels) is not a paged collection read');
  });
});

describe('resolving references', () => {
  it('asks Query Basic Info with the Number criterion and returns the one id', async () => {
    server.handle(() => ({ body: [{ id: 4711, number: 123 }] }));
    const c = client();
    expect(await c.resolvePullRequestId('path/to/project#123')).toBe(4711);
    expect(await c.resolveBuildId('PROJ-123')).toBe(4711);
    expect(server.requests.map((r) => [r.url.pathname, r.url.searchParams.get('query'), r.url.search.slice(r.url.search.indexOf('&'))])).toEqual([
      ['/~api/pulls', '"Number" is "path/to/project#123"', '&offset=0&count=2'],
      ['/~api/builds', '"Number" is "PROJ-123"', '&offset=0&count=2'],
    ]);
    expect(server.requests[0]!.url.search).toBe('?query=%22Number%22%20is%20%22path%2Fto%2Fproject%23123%22&offset=0&count=2');
  });

  it('reports no match and more than one match', async () => {
    server.handle(() => ({ body: [] }));
    await expect(client().resolvePullRequestId('acme/web#9')).rejects.toMatchObject({
      name: 'OneDevReferenceError',
      problem: 'not-found',
      message: 'No pull request acme/web#9 is visible to this account',
    });
    server.handle(() => ({ body: [{ id: 1 }, { id: 2 }] }));
    await expect(client().resolveBuildId('acme/web#9')).rejects.toMatchObject({ problem: 'ambiguous', message: 'More than one build matches acme/web#9' });
  });

  it.each(['#123', '123', 'acme/web', 'acme web#1', 'acme/web#x', 'Pk-1', 'P-1', 'acme/web#1" or "x', '/acme#1'])(
    'rejects the malformed reference %j without a request',
    async (reference) => {
      const error = await client().resolvePullRequestId(reference).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(OneDevReferenceError);
      expect(error).toMatchObject({ problem: 'malformed', reference });
      expect((error as Error).message).toContain('write path/to/project#123 or KEY-123');
      expect(server.requests).toHaveLength(0);
    },
  );
});

describe('errors', () => {
  it.each([
    [400, 'Count should not exceed 100'],
    [401, 'Not authenticated'],
    [403, 'Unauthorized access'],
    [404, 'No row with the given identifier exists: [io.onedev.server.model.PullRequest#42]'],
    [406, 'Pull request is closed'],
    [500, 'Review request not allowed for this user'],
  ])('turns a text/plain %i into a OneDevError with the server text and the operation', async (status, text) => {
    server.handle(() => ({ status, headers: { 'Content-Type': 'text/plain' }, body: `${text}\n` }));
    const error = await client({ user: 'robin', password: 's3cret-pass' })
      .POST('/pulls/{requestId}/reopen', { params: { path: { requestId: 42 } }, body: 'again' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OneDevError);
    expect(error).toMatchObject({
      status,
      serverMessage: text,
      operationId: 'pullRequestReopen',
      method: 'POST',
      path: '/pulls/{requestId}/reopen',
      message: `pullRequestReopen (POST /pulls/{requestId}/reopen) failed with ${status}: ${text}`,
    });
  });

  it('names an empty error body', async () => {
    server.handle(() => ({ status: 401 }));
    await expect(client().GET('/settings/system')).rejects.toMatchObject({
      status: 401,
      serverMessage: '',
      message: 'settingGetSystemSetting (GET /settings/system) failed with 401: (empty body)',
    });
  });

  it('keeps a numeric-looking or JSON-looking message as text', async () => {
    server.handle(() => ({ status: 400, headers: { 'Content-Type': 'text/plain' }, body: '{"not":"json envelope"}' }));
    await expect(client().GET('/settings/system')).rejects.toMatchObject({ serverMessage: '{"not":"json envelope"}' });
  });

  it('never shows credentials, even when the server echoes them', async () => {
    const auths = [
      { user: 'robin', password: 'pa55word-xyz' },
      { user: 'robin', accessToken: 'tok_0123456789' },
      { accessToken: 'tok_0123456789' },
    ] as const;
    for (const auth of auths) {
      server.handle((request) => ({ status: 403, body: `denied: ${request.headers.authorization} / ${'password' in auth ? auth.password : auth.accessToken}` }));
      const error = (await client(auth).GET('/settings/system').catch((e: unknown) => e)) as OneDevError;
      const shown = `${String(error)} ${error.stack} ${JSON.stringify(error)} ${JSON.stringify({ ...error })}`;
      const header = server.requests.at(-1)!.headers.authorization!;
      for (const secret of [header.split(' ')[1]!, 'pa55word-xyz', 'tok_0123456789']) expect(shown).not.toContain(secret);
      expect(error.serverMessage).toContain('[redacted]');
    }
  });

  it('does not put credentials in a network error', async () => {
    const closed = await startRecordingServer();
    const origin = closed.origin;
    await closed.close();
    const error = await createOneDevClient({ baseUrl: origin, auth: { user: 'robin', password: 'pa55word-xyz' } })
      .GET('/settings/system')
      .then(() => new Error('the call unexpectedly succeeded'), (e: unknown) => e as Error);
    expect(error).toBeInstanceOf(TypeError);
    const shown = `${String(error)} ${error.stack} ${String((error as { cause?: unknown }).cause)}`;
    expect(shown).not.toContain('pa55word-xyz');
    expect(shown).not.toContain(basic('robin', 'pa55word-xyz').slice(6));
  });
});

describe('empty answers', () => {
  it('an empty 200 with Content-Length: 0 is undefined', async () => {
    server.handle(() => ({ status: 200 }));
    const { data, response } = await client().POST('/pulls/{requestId}/discard', { params: { path: { requestId: 42 } } });
    expect(response.headers.get('content-length')).toBe('0');
    expect(data).toBeUndefined();
  });

  it('an empty chunked 200 is undefined', async () => {
    server.handle(() => ({ status: 200, chunked: true, headers: { 'Content-Type': 'application/json' } }));
    const { data, response } = await client().DELETE('/pulls/{requestId}', { params: { path: { requestId: 42 } } });
    expect(response.headers.get('transfer-encoding')).toBe('chunked');
    expect(data).toBeUndefined();
  });

  it('a 204 is undefined', async () => {
    server.handle(() => ({ status: 204 }));
    const { data, response } = await client().GET('/pulls/{requestId}/merge-preview', { params: { path: { requestId: 42 } } });
    expect(response.status).toBe(204);
    expect(data).toBeUndefined();
  });

  it('a whitespace-only 200 is undefined too', async () => {
    server.handle(() => ({ status: 200, body: '\n' }));
    expect((await client().POST('/pulls/{requestId}/reopen', { params: { path: { requestId: 1 } } })).data).toBeUndefined();
  });

  it('a 200 that is not JSON is a OneDevError naming the problem', async () => {
    server.handle(() => ({ status: 200, headers: { 'Content-Type': 'text/html' }, body: '<html>Sign in</html>' }));
    await expect(client().GET('/settings/ssh')).rejects.toMatchObject({
      name: 'OneDevError',
      status: 200,
      message: 'settingGetSshSetting (GET /settings/ssh) answered 200 with a body that is not JSON: <html>Sign in</html>',
    });
  });

  it('a bare JSON number (a new id) is a number, chunked or not', async () => {
    server.handle(() => ({ body: 4712 }));
    expect((await client().POST('/ssh-keys', { body: { content: 'ssh-ed25519 AAAA robin@laptop', ownerId: 1 } })).data).toBe(4712);
    server.handle(() => ({ body: '4713', chunked: true }));
    expect((await client().POST('/ssh-keys', { body: { content: 'ssh-ed25519 AAAA robin@laptop', ownerId: 1 } })).data).toBe(4713);
  });
});

describe('cancellation', () => {
  it('aborts a call through its signal', async () => {
    server.handle(() => ({ body: [], delayMs: 5_000 }));
    const controller = new AbortController();
    const call = client().GET('/pulls', { params: { query: { offset: 0, count: 1 } }, signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    await expect(call).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('aborts paging and resolving', async () => {
    server.handle((request) => (request.url.searchParams.get('offset') === '0' ? { body: [{ id: 1 }, { id: 2 }] } : { body: [], delayMs: 5_000 }));
    const controller = new AbortController();
    const seen: number[] = [];
    const walk = (async () => {
      for await (const pull of client().paginate('/pulls', { pageSize: 2, signal: controller.signal })) {
        seen.push(pull.id);
        if (seen.length === 2) setTimeout(() => controller.abort(), 20);
      }
    })();
    await expect(walk).rejects.toMatchObject({ name: 'AbortError' });
    expect(seen).toEqual([1, 2]);

    const already = AbortSignal.abort();
    await expect(client().resolvePullRequestId('acme/web#1', { signal: already })).rejects.toMatchObject({ name: 'AbortError' });
  });
});
