/** Wire tests: the client against a real loopback HTTP server that records each request. */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createOneDevClient,
  DEFAULT_RELEASE,
  DEFAULT_TIMEOUT_MS,
  MAX_MESSAGE_LENGTH,
  OneDevError,
  OneDevNetworkError,
  OneDevPagingError,
  OneDevReferenceError,
  OneDevTimeoutError,
  operationTable,
  type OneDevClient,
} from '../../src/index.js';
import { startRecordingServer, type RecordedRequest, type RecordingServer, type Reply } from './recording-server.js';
import { RAW_TEXT_OPERATIONS, committedDocument, operationsOf, seedDocument } from '../helpers.js';


/** operationIds from the generated table: they differ between OneDev releases, routes do not. */
function idOf(method: string, path: string): string {
  const found = Object.entries(operationTable).find(([, info]) => info.method === method && info.path === path);
  if (!found) throw new Error(`the generated table has no ${method} ${path}`);
  return found[0];
}
const GET_PULL = idOf('GET', '/pulls/{requestId}');
const SET_TITLE = idOf('POST', '/pulls/{requestId}/title');
const GET_LABELS = idOf('GET', '/pulls/{requestId}/labels');
const QUERY_PULLS = idOf('GET', '/pulls');
const REOPEN = idOf('POST', '/pulls/{requestId}/reopen');
const GET_SYSTEM = idOf('GET', '/settings/system');
const GET_SSH = idOf('GET', '/settings/ssh');
const DELETE_SSH_KEY = idOf('DELETE', '/ssh-keys/{sshKeyId}');
const DELETE_PULL = idOf('DELETE', '/pulls/{requestId}');

let server: RecordingServer;

beforeAll(async () => {
  server = await startRecordingServer({ maxRequests: 1_000, lifetimeMs: 120_000 });
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
    await expect(call).rejects.toThrow(`${GET_PULL} needs params.path.requestId`);
    await expect((client().GET as any)('/pulls/{id}')).rejects.toThrow(`OneDev ${DEFAULT_RELEASE} has no operation GET /pulls/{id}`);
    expect(server.requests).toHaveLength(0);
  });
});

describe('uploads and bare-text answers', () => {
  const upload = Object.entries(operationTable).find(([, info]) => info.binaryBody);
  const path = '/pulls/{requestId}/attachments/{preferredAttachmentName}';

  it('the default release has a binary upload answering bare text (Upload Attachment)', () => {
    expect(upload?.[1]).toMatchObject({ method: 'POST', path, binaryBody: true, rawTextResponse: true });
  });

  it('sends the bytes as application/octet-stream and returns the bare text the server writes', async () => {
    server.handle(() => ({ status: 200, headers: { 'content-type': 'application/json' }, body: '/~downloads/projects/5/attachments/x/retry.log' }));
    const bytes = new TextEncoder().encode('line 1\nline 2\n');
    const { data } = await (client({ accessToken: 'tok' }).POST as any)(path, {
      params: { path: { requestId: 42, preferredAttachmentName: 'retry.log' } },
      body: bytes,
    });
    const request = only();
    expect(request.headers['content-type']).toBe('application/octet-stream');
    expect(request.body).toBe('line 1\nline 2\n');
    expect(request.rawUrl).toBe('/~api/pulls/42/attachments/retry.log');
    // Not JSON.parse'd (which would throw on the unquoted path): the text as it is.
    expect(data).toBe('/~downloads/projects/5/attachments/x/retry.log');
  });

  it('refuses an upload body that is not bytes or text, before sending anything', async () => {
    const call = (client().POST as any)(path, { params: { path: { requestId: 42, preferredAttachmentName: 'a.txt' } }, body: { x: 1 } });
    await expect(call).rejects.toThrow(/takes its body as bytes/);
    expect(server.requests).toHaveLength(0);
  });
});

describe('multi-segment paths, form-style query objects and downloads', () => {
  it('sends the slashes of a multi-segment value as they are, each segment percent-encoded', async () => {
    const info = Object.values(operationTable).find((o) => o.path === '/projects/ids/{path}')!;
    expect(info.multiSegment).toEqual(['path']);
    await (client().GET as any)('/projects/ids/{path}', { params: { path: { path: 'acme/web app' } } });
    expect(only().rawUrl).toBe('/~api/projects/ids/acme/web%20app');
  });

  it('still percent-encodes a slash in an ordinary path value', async () => {
    await (client().GET as any)('/users/ids/{name}', { params: { path: { name: 'a/b' } } });
    expect(only().rawUrl).toBe('/~api/users/ids/a%2Fb');
  });

  it('sends a free-form query object as name=value pairs (job parameters of a trigger)', async () => {
    await (client().GET as any)('/trigger-job', {
      params: { query: { project: 'acme/webapp', branch: 'main', job: 'ci', 'access-token': 't', params: { environment: 'staging' } } },
    });
    const url = only().url;
    expect(url.searchParams.get('environment')).toBe('staging');
    expect([...url.searchParams.keys()].some((k) => k.startsWith('params'))).toBe(false);
  });

  it('returns a download as the exact bytes', async () => {
    const bytes = Buffer.from([0, 255, 1, 128, 10]);
    server.handle(() => ({ status: 200, headers: { 'content-type': 'application/octet-stream' }, body: bytes }));
    const info = Object.entries(operationTable).find(([, o]) => o.binaryResponse && o.method === 'GET' && o.path.startsWith('/artifacts/'))!;
    const { data } = await (client().GET as any)(info[1].path, { params: { path: { buildId: 9, artifactPath: 'dist/app.bin' } } });
    expect(data).toBeInstanceOf(Uint8Array);
    expect([...data]).toEqual([...bytes]);
    expect(only().rawUrl).toContain('/dist/app.bin');
  });
});

describe('request bodies', () => {
  const text = 'Fix "retry" loop in webhook delivery\n\nSee #12 — naïve backoff {x}';
  const route = (method: string, path: string) => `${method} ${path}`;

  it('the generated table marks exactly the raw-text bodies of the default release', () => {
    const marked = Object.values(operationTable).filter((info) => info.rawText).map((info) => route(info.method, info.path));
    const documented = operationsOf(committedDocument())
      .filter(({ operation }) => (operation.requestBody as Record<string, unknown> | undefined)?.['x-onedev-raw-text'] === true)
      .map(({ method, path }) => route(method, path));
    expect(marked.sort()).toEqual(documented.sort());
    // The seed's hand-kept list (test/helpers.ts), by route: those bodies are still raw text.
    const seedRoutes = operationsOf(seedDocument())
      .filter(({ operation }) => RAW_TEXT_OPERATIONS.includes(operation.operationId!))
      .map(({ method, path }) => route(method, path));
    expect(seedRoutes).toHaveLength(RAW_TEXT_OPERATIONS.length);
    for (const r of seedRoutes) expect(marked).toContain(r);
  });

  const marked = Object.entries(operationTable).filter(([, info]) => info.rawText);
  it.each(marked)('%s sends the bare text as application/json, without JSON quotes', async (_operationId, info) => {
    const name = /\{(\w+)\}/.exec(info.path)![1]!;
    await (client({ accessToken: 'tok' }).POST as any)(info.path, { params: { path: { [name]: 42 } }, body: text });
    const request = only();
    expect(request.method).toBe('POST');
    expect(request.rawUrl).toBe(`/~api${info.path.replace(`{${name}}`, '42')}`);
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.body).toBe(text);
  });

  it('sends Merge without a body when no message is given, labelled JSON as every POST', async () => {
    await client().POST('/pulls/{requestId}/merge', { params: { path: { requestId: 42 } } });
    expect(only().body).toBe('');
    expect(only().headers['content-type']).toBe('application/json');
  });

  it('labels a POST of an operation that reads no body JSON (OneDev answers 415 otherwise); GET and DELETE go unlabelled', async () => {
    await client().POST('/users/{userId}/disable', { params: { path: { userId: 7 } } });
    await client().POST('/pulls/{requestId}/reviewers/{userId}', { params: { path: { requestId: 42, userId: 7 } } });
    await client().DELETE('/pulls/{requestId}/reviewers/{userId}', { params: { path: { requestId: 42, userId: 7 } } });
    const [disable, add, remove] = server.requests;
    expect(disable!.headers['content-type']).toBe('application/json');
    expect(disable!.body).toBe('');
    expect(add!.headers['content-type']).toBe('application/json');
    expect(remove!.headers['content-type']).toBeUndefined();
  });

  it('refuses a raw-text body that is not a string, before sending anything', async () => {
    const call = (client().POST as any)('/pulls/{requestId}/title', { params: { path: { requestId: 42 } }, body: { title: 'x' } });
    await expect(call).rejects.toThrow(`${SET_TITLE} takes its body as a string`);
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
    await expect(pages.next()).rejects.toThrow(`${GET_LABELS} (GET /pulls/{requestId}/labels) is not a paged collection read`);
  });
});

describe('paginate: limit and guard', () => {
  const serveRecords = (total: number) =>
    server.handle((request) => {
      const offset = Number(request.url.searchParams.get('offset'));
      const count = Number(request.url.searchParams.get('count'));
      return { body: Array.from({ length: Math.max(0, Math.min(count, total - offset)) }, (_, i) => ({ id: offset + i + 1 })) };
    });

  it('stops after limit records, asking the last page only for what is left', async () => {
    serveRecords(1000);
    const ids: number[] = [];
    for await (const pull of client().paginate('/pulls', { limit: 250 })) ids.push(pull.id);
    expect(ids).toEqual(Array.from({ length: 250 }, (_, i) => i + 1));
    expect(server.requests.map((r) => r.url.search)).toEqual(['?offset=0&count=100', '?offset=100&count=100', '?offset=200&count=50']);
  });

  it('sends nothing for limit 0, and no extra request when the limit ends on a full page', async () => {
    serveRecords(1000);
    for await (const _ of client().paginate('/pulls', { limit: 0 })) throw new Error('no record expected');
    expect(server.requests).toHaveLength(0);
    let seen = 0;
    for await (const _ of client().paginate('/roles', { limit: 20, pageSize: 10 })) seen += 1;
    expect(seen).toBe(20);
    expect(server.requests).toHaveLength(2);
  });

  it('stops with a OneDevPagingError when a page is longer than asked for (a server ignoring count)', async () => {
    server.handle(() => ({ body: [{ id: 1 }, { id: 2 }] }));
    const seen: number[] = [];
    const walk = (async () => {
      for await (const pull of client().paginate('/pulls', { pageSize: 1 })) seen.push(pull.id);
    })();
    const error = await walk.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OneDevPagingError);
    expect(error).toMatchObject({ operationId: QUERY_PULLS, offset: 0, count: 1, received: 2 });
    expect((error as Error).message).toBe(
      `${QUERY_PULLS} (GET /pulls) answered 2 records when asked for at most 1 (offset 0); the server does not honour count, so paging stopped`,
    );
    expect(seen).toEqual([]);
    expect(server.requests).toHaveLength(1);
  });

  it.each([-1, 1.5, '10'])('refuses limit %j without sending anything', async (limit) => {
    const pages = client().paginate('/pulls', { limit: limit as number });
    await expect(pages.next()).rejects.toThrow('limit must be a whole number of records (0 or more)');
    expect(server.requests).toHaveLength(0);
  });
});

describe('resolving references', () => {
  it('asks the collection with the bare reference (understood by every release) and returns the one id', async () => {
    server.handle(() => ({ body: [{ id: 4711, number: 123 }] }));
    const c = client();
    expect(await c.resolvePullRequestId('path/to/project#123')).toBe(4711);
    expect(await c.resolveBuildId('PROJ-123')).toBe(4711);
    expect(server.requests.map((r) => [r.url.pathname, r.url.searchParams.get('query'), r.url.search.slice(r.url.search.indexOf('&'))])).toEqual([
      ['/~api/pulls', 'path/to/project#123', '&offset=0&count=2'],
      ['/~api/builds', 'PROJ-123', '&offset=0&count=2'],
    ]);
    expect(server.requests[0]!.url.search).toBe('?query=path%2Fto%2Fproject%23123&offset=0&count=2');
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
      operationId: REOPEN,
      method: 'POST',
      path: '/pulls/{requestId}/reopen',
      message: `${REOPEN} (POST /pulls/{requestId}/reopen) failed with ${status}: ${text}`,
    });
  });

  it('names an empty error body', async () => {
    server.handle(() => ({ status: 401 }));
    await expect(client().GET('/settings/system')).rejects.toMatchObject({
      status: 401,
      serverMessage: '',
      message: `${GET_SYSTEM} (GET /settings/system) failed with 401: (empty body)`,
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

  it('caps a 10 MB error page at MAX_MESSAGE_LENGTH characters and says it was cut', async () => {
    const page = `<html><body>${'<p>Bad gateway</p>'.repeat(600_000)}</body></html>`;
    server.handle(() => ({ status: 502, headers: { 'Content-Type': 'text/html' }, body: page }));
    const error = (await client().GET('/settings/ssh').catch((e: unknown) => e)) as OneDevError;
    expect(page.length).toBeGreaterThan(10_000_000);
    expect(error).toMatchObject({ name: 'OneDevError', status: 502, operationId: GET_SSH });
    expect(error.serverMessage.startsWith(page.slice(0, MAX_MESSAGE_LENGTH))).toBe(true);
    expect(error.serverMessage).toMatch(/… \[truncated: the answer is longer than 2,000 characters\]$/);
    expect(error.message.length).toBeLessThan(MAX_MESSAGE_LENGTH + 200);
  });

  it('keeps a message of exactly MAX_MESSAGE_LENGTH characters whole', async () => {
    const text = 'e'.repeat(MAX_MESSAGE_LENGTH);
    server.handle(() => ({ status: 500, body: text }));
    await expect(client().GET('/settings/ssh')).rejects.toMatchObject({ serverMessage: text });
  });

  it('caps a 200 that is not JSON the same way, and removes secrets before cutting', async () => {
    const secret = 'pa55word-xyz';
    // The secret straddles the cut: redacting after cutting would leave its first half.
    server.handle(() => ({ status: 200, headers: { 'Content-Type': 'text/html' }, body: `${'x'.repeat(MAX_MESSAGE_LENGTH - 5)}${secret}${'y'.repeat(50_000)}` }));
    const error = (await client({ user: 'robin', password: secret }).GET('/settings/ssh').catch((e: unknown) => e)) as OneDevError;
    expect(error.message).toContain('answered 200 with a body that is not JSON');
    expect(error.serverMessage).toContain('truncated');
    expect(error.serverMessage).not.toContain(secret.slice(0, 5));
    expect(error.serverMessage.length).toBeLessThan(MAX_MESSAGE_LENGTH + 100);
  });
});

describe('network errors', () => {
  async function closedOrigin(): Promise<string> {
    const closed = await startRecordingServer();
    await closed.close();
    return closed.origin;
  }

  it('wraps a refused connection with the operation, method and path, and no credentials', async () => {
    const origin = await closedOrigin();
    const error = await createOneDevClient({ baseUrl: origin, auth: { user: 'robin', password: 'pa55word-xyz' } })
      .GET('/pulls/{requestId}', { params: { path: { requestId: 42 } } })
      .then(() => new Error('the call unexpectedly succeeded'), (e: unknown) => e as Error);
    expect(error).toBeInstanceOf(OneDevNetworkError);
    expect(error).not.toBeInstanceOf(OneDevTimeoutError);
    expect(error).toMatchObject({
      name: 'OneDevNetworkError',
      operationId: GET_PULL,
      method: 'GET',
      path: '/pulls/{requestId}',
      code: 'ECONNREFUSED',
    });
    expect(error.message).toMatch(new RegExp(`^${GET_PULL} \\(GET /pulls/\\{requestId\\}\\) got no answer: .*ECONNREFUSED`));
    const cause = (error as { cause?: Error & { code?: string } }).cause;
    expect(cause).toMatchObject({ code: 'ECONNREFUSED' });
    const shown = `${String(error)} ${error.stack} ${String(cause)} ${cause?.stack} ${JSON.stringify(error)}`;
    expect(shown).not.toContain('pa55word-xyz');
    expect(shown).not.toContain(basic('robin', 'pa55word-xyz').slice(6));
  });

  it('wraps an answer that breaks off in the middle of its body', async () => {
    server.handle(() => ({ body: { id: 1, title: 'x'.repeat(10_000) }, breakBody: true }));
    const error = await client().GET('/pulls/{requestId}', { params: { path: { requestId: 1 } } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OneDevNetworkError);
    expect(error).toMatchObject({ operationId: GET_PULL, method: 'GET' });
  });

  it('removes credentials that a custom fetch quotes in its error, from the message and the cause', async () => {
    const failing = createOneDevClient({
      baseUrl: 'http://onedev.test',
      auth: { accessToken: 'tok_0123456789' },
      fetch: (_url, init) => Promise.reject(new TypeError(`proxy refused request with ${new Headers(init.headers).get('authorization')}`)),
    });
    const error = (await failing.DELETE('/ssh-keys/{sshKeyId}', { params: { path: { sshKeyId: 3 } } }).catch((e: unknown) => e)) as OneDevNetworkError;
    expect(error).toBeInstanceOf(OneDevNetworkError);
    expect(error.message).toBe(`${DELETE_SSH_KEY} (DELETE /ssh-keys/{sshKeyId}) got no answer: proxy refused request with Bearer [redacted]`);
    expect(`${String(error.cause)} ${(error.cause as Error).stack}`).not.toContain('tok_0123456789');
  });
});

describe('timeouts', () => {
  it('aborts a call to a silent server after timeoutMs with a OneDevTimeoutError', async () => {
    server.handle(() => ({ body: [], delayMs: 5_000 }));
    const error = await createOneDevClient({ baseUrl: server.origin, timeoutMs: 100 })
      .GET('/pulls', { params: { query: { offset: 0, count: 1 } } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OneDevTimeoutError);
    expect(error).toBeInstanceOf(OneDevNetworkError);
    expect(error).toMatchObject({
      name: 'OneDevTimeoutError',
      operationId: QUERY_PULLS,
      method: 'GET',
      path: '/pulls',
      timeoutMs: 100,
      code: 'ETIMEDOUT',
      message: `${QUERY_PULLS} (GET /pulls) got no answer: no complete answer within 100 ms (timeoutMs), so the request was aborted`,
    });
  });

  it('counts the body too: headers in time and a stalled body still time out', async () => {
    server.handle(() => ({ body: { id: 1, title: 'slow' }, stallBodyMs: 5_000 }));
    const error = await createOneDevClient({ baseUrl: server.origin, timeoutMs: 150 })
      .GET('/pulls/{requestId}', { params: { path: { requestId: 1 } } })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'OneDevTimeoutError', timeoutMs: 150 });
  });

  it('lets a call set its own limit, or none', async () => {
    server.handle(() => ({ body: { id: 1 }, delayMs: 300 }));
    const patient = createOneDevClient({ baseUrl: server.origin, timeoutMs: 50 });
    const { data } = await patient.GET('/pulls/{requestId}', { params: { path: { requestId: 1 } }, timeoutMs: 0 });
    expect(data).toEqual({ id: 1 });
    await expect(
      createOneDevClient({ baseUrl: server.origin }).POST('/pulls/{requestId}/reopen', { params: { path: { requestId: 1 } }, timeoutMs: 50 }),
    ).rejects.toMatchObject({ name: 'OneDevTimeoutError', timeoutMs: 50, operationId: REOPEN });
  });

  it('has a default of DEFAULT_TIMEOUT_MS (30 s), enforced even when a custom fetch ignores the signal', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const hanging = createOneDevClient({ baseUrl: 'http://onedev.test', fetch: () => new Promise<Response>(() => {}) });
      let settled: unknown = 'pending';
      const call = hanging.GET('/settings/ssh').then(
        () => (settled = 'resolved'),
        (e: unknown) => (settled = e),
      );
      await vi.advanceTimersByTimeAsync(DEFAULT_TIMEOUT_MS - 1);
      expect(settled).toBe('pending');
      await vi.advanceTimersByTimeAsync(1);
      await call;
      expect(settled).toMatchObject({ name: 'OneDevTimeoutError', timeoutMs: 30_000 });
      expect(DEFAULT_TIMEOUT_MS).toBe(30_000);
    } finally {
      vi.useRealTimers();
    }
  });

  it('still rejects with the caller\'s AbortError, not a timeout, when the caller aborts first', async () => {
    server.handle(() => ({ body: [], delayMs: 5_000 }));
    const controller = new AbortController();
    const call = createOneDevClient({ baseUrl: server.origin, timeoutMs: 2_000 }).GET('/settings/ssh', { signal: controller.signal });
    setTimeout(() => controller.abort(), 30);
    await expect(call).rejects.toMatchObject({ name: 'AbortError' });
  });

  it.each([-1, 1.5, Number.NaN, 2 ** 31, '100'])('refuses timeoutMs %s, on the client and on a call', async (timeoutMs) => {
    expect(() => createOneDevClient({ baseUrl: server.origin, timeoutMs: timeoutMs as number })).toThrow(
      'timeoutMs must be a whole number of milliseconds (0 for no limit)',
    );
    await expect(client().GET('/settings/ssh', { timeoutMs: timeoutMs as number })).rejects.toThrow('timeoutMs must be a whole number');
    expect(server.requests).toHaveLength(0);
  });
});

describe('redirects', () => {
  it.each([
    ['POST', 302],
    ['POST', 303],
    ['POST', 307],
    ['DELETE', 301],
  ] as const)('a %s answered %i is an error naming the Location, and nothing is resent', async (method, status) => {
    server.handle((request) =>
      request.url.pathname.startsWith('/login') ? { body: { title: 'a title that was never written' } } : { status, headers: { Location: `${server.origin}/login?next=x` } },
    );
    const c = client({ user: 'robin', password: 'pa55word-xyz' });
    const call =
      method === 'POST'
        ? c.POST('/pulls/{requestId}/title', { params: { path: { requestId: 42 } }, body: 'New title' })
        : c.DELETE('/pulls/{requestId}', { params: { path: { requestId: 42 } } });
    const error = (await call.catch((e: unknown) => e)) as OneDevError;
    expect(error).toBeInstanceOf(OneDevError);
    expect(error).toMatchObject({ status, location: `${server.origin}/login?next=x`, method });
    expect(error.message).toContain(`answered ${status} with a redirect to ${server.origin}/login?next=x;`);
    expect(error.message).toContain(`redirects are followed for GET only, so this ${method} was not sent on`);
    expect(error.message.startsWith(method === 'POST' ? `${SET_TITLE} (POST /pulls/{requestId}/title)` : `${DELETE_PULL} (DELETE /pulls/{requestId})`)).toBe(true);
    expect(server.requests.map((r) => r.method)).toEqual([method]);
  });

  it('names a redirect without a Location, and keeps secrets out of a Location', async () => {
    server.handle(() => ({ status: 302 }));
    await expect(client().POST('/pulls/{requestId}/reopen', { params: { path: { requestId: 1 } } })).rejects.toThrow('answered 302 without a Location');
    server.handle(() => ({ status: 302, headers: { Location: '/login?token=tok_0123456789' } }));
    const error = (await client({ accessToken: 'tok_0123456789' }).POST('/pulls/{requestId}/reopen', { params: { path: { requestId: 1 } } }).catch((e: unknown) => e)) as OneDevError;
    expect(error.location).toBe('/login?token=[redacted]');
    expect(error.message).not.toContain('tok_0123456789');
  });

  it('follows a redirect for GET (a read stays a read)', async () => {
    server.handle((request) => (request.url.pathname === '/~api/settings/ssh' ? { status: 301, headers: { Location: '/moved/ssh' } } : { body: { ok: true } }));
    const { data } = await client().GET('/settings/ssh');
    expect(data).toEqual({ ok: true });
    expect(server.requests.map((r) => `${r.method} ${r.url.pathname}`)).toEqual(['GET /~api/settings/ssh', 'GET /moved/ssh']);
  });
});

describe('retries of reads', () => {
  const fast = { retries: 3, minDelayMs: 1, maxDelayMs: 5 };
  const sequence = (...replies: Reply[]) => {
    let i = 0;
    server.handle(() => replies[Math.min(i++, replies.length - 1)]!);
  };

  it('are off by default: one 503 is the answer', async () => {
    sequence({ status: 503, body: 'busy' }, { body: { ok: true } });
    await expect(client().GET('/settings/ssh')).rejects.toMatchObject({ status: 503, serverMessage: 'busy' });
    expect(server.requests).toHaveLength(1);
  });

  it('retry 502, 503 and 504 when asked, then return the answer', async () => {
    sequence({ status: 502 }, { status: 503 }, { status: 504 }, { body: { ok: true } });
    const { data } = await createOneDevClient({ baseUrl: server.origin, retry: fast }).GET('/settings/ssh');
    expect(data).toEqual({ ok: true });
    expect(server.requests).toHaveLength(4);
  });

  it('give up after the number of retries, with the last error', async () => {
    sequence({ status: 503, body: 'still busy' });
    await expect(createOneDevClient({ baseUrl: server.origin, retry: { ...fast, retries: 2 } }).GET('/settings/ssh')).rejects.toMatchObject({
      status: 503,
      serverMessage: 'still busy',
    });
    expect(server.requests).toHaveLength(3);
  });

  it.each([400, 401, 404, 500])('never retry a %i', async (status) => {
    sequence({ status }, { body: { ok: true } });
    await expect(createOneDevClient({ baseUrl: server.origin, retry: fast }).GET('/settings/ssh')).rejects.toMatchObject({ status });
    expect(server.requests).toHaveLength(1);
  });

  it('retry a reset connection and a timeout', async () => {
    sequence({ destroy: true }, { delayMs: 2_000, body: {} }, { body: { ok: true } });
    const { data } = await createOneDevClient({ baseUrl: server.origin, retry: fast, timeoutMs: 200 }).GET('/settings/ssh');
    expect(data).toEqual({ ok: true });
    expect(server.requests).toHaveLength(3);
  });

  it('never retry a write, even with retries on for the client; a write asking for them is refused', async () => {
    sequence({ status: 503 });
    const c = createOneDevClient({ baseUrl: server.origin, retry: fast });
    await expect(c.POST('/pulls/{requestId}/reopen', { params: { path: { requestId: 1 } } })).rejects.toMatchObject({ status: 503 });
    await expect(c.DELETE('/ssh-keys/{sshKeyId}', { params: { path: { sshKeyId: 1 } } })).rejects.toMatchObject({ status: 503 });
    expect(server.requests).toHaveLength(2);
    const asking = (c.POST as any)('/pulls/{requestId}/reopen', { params: { path: { requestId: 1 } }, retry: 2 });
    await expect(asking).rejects.toThrow(`${REOPEN}: retry is for GET calls only`);
    expect(server.requests).toHaveLength(2);
  });

  it('can be asked per call, and turned off per call', async () => {
    sequence({ status: 503 }, { body: { ok: true } });
    expect((await client().GET('/settings/ssh', { retry: fast })).data).toEqual({ ok: true });
    sequence({ status: 503 }, { body: { ok: true } });
    await expect(createOneDevClient({ baseUrl: server.origin, retry: fast }).GET('/settings/ssh', { retry: false })).rejects.toMatchObject({ status: 503 });
    expect(server.requests).toHaveLength(3);
  });

  it('apply to each page of paginate and to resolving', async () => {
    let failed = 0;
    server.handle((request) => {
      const offset = Number(request.url.searchParams.get('offset'));
      if (offset === 2 && failed++ === 0) return { status: 503 };
      return { body: offset < 4 ? [{ id: offset + 1 }, { id: offset + 2 }] : [] };
    });
    const ids: number[] = [];
    for await (const pull of client().paginate('/pulls', { pageSize: 2, retry: fast })) ids.push(pull.id);
    expect(ids).toEqual([1, 2, 3, 4]);
    expect(server.requests.map((r) => r.url.searchParams.get('offset'))).toEqual(['0', '2', '2', '4']);
    sequence({ status: 504 }, { body: [{ id: 9 }] });
    expect(await client().resolveBuildId('acme/web#1', { retry: fast })).toBe(9);
  });

  it('stop waiting when the signal aborts during the pause', async () => {
    sequence({ status: 503 });
    const controller = new AbortController();
    const call = createOneDevClient({ baseUrl: server.origin, retry: { retries: 5, minDelayMs: 10_000, maxDelayMs: 10_000 } }).GET('/settings/ssh', {
      signal: controller.signal,
    });
    setTimeout(() => controller.abort(), 100);
    await expect(call).rejects.toMatchObject({ name: 'AbortError' });
    expect(server.requests).toHaveLength(1);
  });

  it.each([
    [{ retries: -1 }, 'retry.retries must be an integer from 0 to 10'],
    [11, 'retry.retries must be an integer from 0 to 10'],
    [{ retries: 2, minDelayMs: -5 }, 'retry.minDelayMs must be a number of milliseconds'],
    [{ retries: 2, minDelayMs: 500, maxDelayMs: 100 }, 'retry.minDelayMs must not exceed retry.maxDelayMs'],
    ['3', 'retry must be a number of retries'],
  ])('refuses retry %j', (retry, message) => {
    expect(() => createOneDevClient({ baseUrl: server.origin, retry: retry as any })).toThrow(message);
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
      message: `${GET_SSH} (GET /settings/ssh) answered 200 with a body that is not JSON: <html>Sign in</html>`,
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
