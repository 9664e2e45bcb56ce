/**
 * Wire tests: a client created for a release sends each call as that release reads it. Raw-text
 * bodies, routes and operationIds differ between releases; every route that takes raw text in any
 * published release is sent by each release's client as that release's description says.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createOneDevClient,
  DEFAULT_RELEASE,
  isPublishedRelease,
  OneDevError,
  operationTableOf,
  PUBLISHED_RELEASES,
  releaseOperationTable,
  type PublishedRelease,
} from '../../src/index.js';
import { committedDocument } from '../helpers.js';
import { startRecordingServer, type RecordingServer } from './recording-server.js';

let server: RecordingServer;
beforeAll(async () => {
  server = await startRecordingServer({ maxRequests: 500, lifetimeMs: 120_000 });
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  server.requests.length = 0;
  server.handle(() => ({ status: 200 }));
});

const text = 'Ship it: "retry" fixed\nsee #12 — naïve {x}';

/** Every route that takes a raw-text body in some published release. */
const rawTextRoutes = [
  ...new Set(
    PUBLISHED_RELEASES.flatMap((tag) =>
      Object.values(releaseOperationTable(tag))
        .filter((info) => info.rawText)
        .map((info) => `${info.method} ${info.path}`),
    ),
  ),
].sort();

/** What a release's description says a client must do with a text body on this route. */
function expected(tag: PublishedRelease, route: string): 'bare text' | 'JSON' | 'no such operation' {
  const info = Object.values(releaseOperationTable(tag)).find((o) => `${o.method} ${o.path}` === route);
  if (!info) return 'no such operation';
  return info.rawText ? 'bare text' : 'JSON';
}

describe('raw-text bodies follow the release', () => {
  it('the published releases do differ: some raw-text route is missing from an older release', () => {
    const differing = rawTextRoutes.filter((route) => new Set(PUBLISHED_RELEASES.map((tag) => expected(tag, route))).size > 1);
    expect(differing).toEqual(expect.arrayContaining(['POST /builds/{buildId}/description', 'POST /pulls/{requestId}/approve']));
  });

  const cases = PUBLISHED_RELEASES.flatMap((tag) => rawTextRoutes.map((route): [PublishedRelease, string, string] => [tag, route, expected(tag, route)]));
  it.each(cases)('%s client, %s: %s', async (tag, route, outcome) => {
    const [method, path] = route.split(' ') as [string, string];
    const params = { path: Object.fromEntries([...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => [name, 42])) };
    const client = createOneDevClient({ baseUrl: server.origin, release: tag });
    const call = (client.POST as any)(path, { params, body: text });
    if (outcome === 'no such operation') {
      await expect(call).rejects.toThrow(`OneDev ${tag} has no operation ${method} ${path}`);
      expect(server.requests).toHaveLength(0);
      return;
    }
    await call;
    expect(server.requests).toHaveLength(1);
    const request = server.requests[0]!;
    expect(request.rawUrl).toBe(`/~api${path.replace(/\{\w+\}/g, '42')}`);
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.body).toBe(outcome === 'bare text' ? text : JSON.stringify(text));
  });
});

describe('a client for a release', () => {
  it("names that release's operationIds in its errors (v11.11.4's seed names differ from v16.5.6's)", async () => {
    const oldTable = releaseOperationTable('v11.11.4');
    const newTable = releaseOperationTable(DEFAULT_RELEASE);
    const renamed = Object.entries(oldTable).find(([id, info]) =>
      Object.entries(newTable).some(([newId, newInfo]) => newId !== id && newInfo.method === info.method && newInfo.path === info.path && info.method === 'GET' && !info.path.includes('{')),
    );
    expect(renamed).toBeDefined();
    const [oldId, { path }] = renamed!;
    server.handle(() => ({ status: 500, body: 'boom' }));
    const failure = await (createOneDevClient({ baseUrl: server.origin, release: 'v11.11.4' }).GET as any)(path, { params: { query: { offset: 0, count: 1 } } }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(OneDevError);
    expect((failure as OneDevError).operationId).toBe(oldId);
    const newest = await (createOneDevClient({ baseUrl: server.origin }).GET as any)(path, { params: { query: { offset: 0, count: 1 } } }).catch((e: unknown) => e);
    expect((newest as OneDevError).operationId).not.toBe(oldId);
  });

  it('with the operations of a description behaves as the client of that release', async () => {
    const client = createOneDevClient({ baseUrl: server.origin, operations: operationTableOf(committedDocument('v14.1.9')) });
    await (client.GET as any)('/pull-request-reviews/{reviewId}', { params: { path: { reviewId: 7 } } });
    expect(server.requests.map((r) => r.rawUrl)).toEqual(['/~api/pull-request-reviews/7']);
    await expect((client.POST as any)('/pulls/{requestId}/approve', { params: { path: { requestId: 1 } }, body: 'ok' })).rejects.toThrow(
      "The client's operation table has no operation POST /pulls/{requestId}/approve",
    );
    await (client.POST as any)('/builds/{buildId}/description', { params: { path: { buildId: 3 } }, body: text });
    expect(server.requests.at(-1)!.body).toBe(text);
  });

  it('refuses an unknown release, naming the published ones and the way to type another tag', () => {
    expect(() => createOneDevClient({ baseUrl: server.origin, release: 'v16.3.2' as PublishedRelease })).toThrow(
      `release "v16.3.2" is not a published release (${PUBLISHED_RELEASES.join(', ')}); for another OneDev tag, pass the operations of its description instead: operations: operationTableOf(description)`,
    );
    expect(() => releaseOperationTable('v16.3.2' as PublishedRelease)).toThrow('release "v16.3.2" is not a published release');
    expect(PUBLISHED_RELEASES.every(isPublishedRelease)).toBe(true);
    expect([undefined, 'v16.3.2', 'latest'].some(isPublishedRelease)).toBe(false);
    expect(() => createOneDevClient({ baseUrl: server.origin, release: 'v14.1.9', operations: releaseOperationTable('v14.1.9') } as never)).toThrow(
      'give either release (a published release) or operations',
    );
  });
});
