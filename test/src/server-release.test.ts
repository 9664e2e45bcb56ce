/**
 * Asking a server which OneDev release it runs: releaseOfVersion places a version among the tags
 * the catalogue knows; `serverRelease()` reads it with Get Server Version (bare text) from a
 * recording server and from the contract mock.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startMockServer, type MockServer } from '../../scripts/lib/mock/server.js';
import { createOneDevClient, OneDevError, ONEDEV_TAGS, PUBLISHED_RELEASES, releaseOfVersion } from '../../src/index.js';
import { DEFAULT_RELEASE, ONEDEV_TAGS as CATALOGUE_TAGS } from '../../spec/releases.js';
import { startRecordingServer, type RecordingServer } from './recording-server.js';

const newest = ONEDEV_TAGS[ONEDEV_TAGS.length - 1]!;

describe('releaseOfVersion', () => {
  it('knows exactly the tags of the catalogue', () => {
    expect([...ONEDEV_TAGS]).toEqual([...CATALOGUE_TAGS]);
    for (const tag of ONEDEV_TAGS) {
      expect(releaseOfVersion(tag.slice(1)), tag).toEqual({
        version: tag.slice(1),
        tag,
        known: true,
        nearestKnown: tag,
        outside: undefined,
        published: (PUBLISHED_RELEASES as readonly string[]).includes(tag),
      });
    }
  });

  it.each([
    // An unpublished but known tag.
    ['16.3.2', { tag: 'v16.3.2', known: true, nearestKnown: 'v16.3.2', outside: undefined, published: false }],
    ['14.1.9', { tag: 'v14.1.9', known: true, nearestKnown: 'v14.1.9', outside: undefined, published: true }],
    // Between known tags (v16.3.4 is the last 16.3 tag): the one before it.
    ['16.3.9', { tag: 'v16.3.9', known: false, nearestKnown: 'v16.3.4', outside: undefined, published: false }],
    // Numbers, not text, decide the order: 13.0.10 comes after 13.0.9.
    ['13.0.11', { tag: 'v13.0.11', known: false, nearestKnown: 'v13.0.10', outside: undefined, published: false }],
    // Newer than every known tag: the newest one, flagged.
    ['17.0.0', { tag: 'v17.0.0', known: false, nearestKnown: newest, outside: 'newer', published: false }],
    // Older than every known tag: none.
    ['10.8.0', { tag: 'v10.8.0', known: false, nearestKnown: undefined, outside: 'older', published: false }],
    // White space around the text and a leading v are accepted.
    [' v16.5.6\n', { version: 'v16.5.6', tag: 'v16.5.6', known: true, nearestKnown: 'v16.5.6', outside: undefined, published: true }],
  ])('%j', (version, release) => {
    expect(releaseOfVersion(version)).toMatchObject(release);
  });

  it.each(['', '16.5', '16.5.6.1', '"16.5.6"', '16.5.6-SNAPSHOT', '<html>502</html>'])('is undefined for %j, which is no version', (text) => {
    expect(releaseOfVersion(text)).toBeUndefined();
  });
});

describe('serverRelease() against a recording server', () => {
  let server: RecordingServer;
  beforeAll(async () => {
    server = await startRecordingServer({ maxRequests: 50, lifetimeMs: 60_000 });
  });
  afterAll(async () => {
    await server.close();
  });
  beforeEach(() => {
    server.requests.length = 0;
  });

  it('asks GET /~api/version/server and reads the bare text answer (labelled JSON, as OneDev sends it)', async () => {
    server.handle(() => ({ status: 200, headers: { 'content-type': 'application/json' }, body: '16.3.2' }));
    const found = await createOneDevClient({ baseUrl: server.origin, auth: { accessToken: 'tok_1234' } }).serverRelease();
    expect(found).toEqual({ version: '16.3.2', tag: 'v16.3.2', known: true, nearestKnown: 'v16.3.2', outside: undefined, published: false });
    expect(server.requests.map((r) => [r.method, r.rawUrl, r.headers.authorization])).toEqual([['GET', '/~api/version/server', 'Bearer tok_1234']]);
  });

  it('works with a client of any release, and says when the server is newer than every known tag', async () => {
    server.handle(() => ({ status: 200, headers: { 'content-type': 'application/json' }, body: '17.2.0' }));
    const found = await createOneDevClient({ baseUrl: server.origin, release: 'v11.11.4' }).serverRelease();
    expect(found).toMatchObject({ tag: 'v17.2.0', known: false, nearestKnown: newest, outside: 'newer' });
  });

  it('throws a OneDevError naming the operation when the answer is not a version', async () => {
    server.handle(() => ({ status: 200, headers: { 'content-type': 'text/html' }, body: '<html>Sign in</html>' }));
    const error = await createOneDevClient({ baseUrl: server.origin }).serverRelease().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OneDevError);
    expect((error as OneDevError).operationId).toBe('versionGetServerVersion');
    expect((error as OneDevError).message).toBe(
      'versionGetServerVersion (GET /version/server) answered 200 with something other than a version such as 16.5.6: <html>Sign in</html>',
    );
  });

  it('passes on a failing status as a OneDevError, and takes a signal and a timeout', async () => {
    server.handle(() => ({ status: 401, headers: { 'content-type': 'text/plain' }, body: 'Not authorized' }));
    const error = await createOneDevClient({ baseUrl: server.origin }).serverRelease({ timeoutMs: 5_000 }).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'OneDevError', status: 401, serverMessage: 'Not authorized' });
    const aborted = new AbortController();
    aborted.abort(new Error('stop'));
    await expect(createOneDevClient({ baseUrl: server.origin }).serverRelease({ signal: aborted.signal })).rejects.toThrow('stop');
  });
});

describe('serverRelease() against the contract mock', () => {
  let mock: MockServer;
  beforeAll(async () => {
    mock = await startMockServer({ port: 0 });
  });
  afterAll(async () => {
    await mock.close();
  });

  it("reads the mock's version: the default release, known and published", async () => {
    const found = await createOneDevClient({ baseUrl: mock.origin, auth: { user: 'robin', accessToken: 'any-token' } }).serverRelease();
    expect(found).toMatchObject({ tag: DEFAULT_RELEASE, known: true, nearestKnown: DEFAULT_RELEASE, published: true });
  });
});
