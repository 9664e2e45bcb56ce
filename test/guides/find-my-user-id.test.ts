/**
 * docs/guides/find-my-user-id.md, run against the mock: the id comes from Get Me on the newest
 * release and from Get User Id (with Get Me's name) on a release whose Get Me has no id; a 401 is
 * turned into a sentence, other failures are not swallowed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOneDevClient, OneDevError, type OneDevClient } from '../../src/index.js';
import { preferring, runGuide, startLoggedMock, type LoggedMock, type RunGuide } from './guide-module.js';

interface Guide {
  myUserId(onedev: OneDevClient): Promise<number>;
  describeMe(onedev: OneDevClient): Promise<string>;
}

const client = (mock: LoggedMock, options: Partial<Parameters<typeof createOneDevClient>[0]> = {}): OneDevClient =>
  createOneDevClient({ baseUrl: mock.origin, auth: { user: 'robin', accessToken: 'guide-test-token' }, timeoutMs: 10_000, ...options });

describe('guide: find my own user id', () => {
  let newest: LoggedMock;
  let older: LoggedMock;
  let guide: RunGuide<Guide>;

  beforeAll(async () => {
    newest = await startLoggedMock();
    older = await startLoggedMock({ release: 'v13.1.7' });
    guide = await runGuide<Guide>('find-my-user-id', newest.env);
  });
  afterAll(async () => {
    await guide?.remove();
    await newest?.close();
    await older?.close();
  });

  it('runs as written: one Get Me on the newest release, and prints the id it answered', async () => {
    const sent = newest.requests.map((r) => `${r.method} ${r.path}`);
    expect(sent).toEqual(['GET /~api/users/me']);
    const me = await (await fetch(`${newest.baseUrl}/users/me`, { headers: { authorization: 'Bearer t' } })).json();
    expect(typeof me.id).toBe('number');
    expect(guide.printed).toEqual([`You are user ${me.id}.`]);
  });

  it('on a release whose Get Me has no id, looks up the name Get Me answered', async () => {
    const me = await (await fetch(`${older.baseUrl}/users/me`, { headers: { authorization: 'Bearer t' } })).json();
    expect(me).not.toHaveProperty('id');
    const expected = await (await fetch(`${older.baseUrl}/users/ids/${encodeURIComponent(me.name)}`, { headers: { authorization: 'Bearer t' } })).json();
    // The mock answers the documented id here (its users have no ids on this release to look up).
    expect(typeof expected).toBe('number');
    const before = older.requests.length;

    const id = await guide.module.myUserId(client(older));

    expect(id).toBe(expected);
    expect(older.requests.slice(before).map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
      'GET /~api/users/me 200',
      `GET /~api/users/ids/${encodeURIComponent(me.name)} 200`,
    ]);
  });

  it('turns a 401 into a sentence with the server\'s reason', async () => {
    const anonymous = client(newest, { auth: undefined });
    await expect(guide.module.myUserId(anonymous)).rejects.toMatchObject({ name: 'OneDevError', status: 401 });
    const said = await guide.module.describeMe(anonymous);
    expect(said).toMatch(/^The server did not accept the credentials \(401: Unauthorized access/);
    expect(said).toContain('Check ONEDEV_USER and ONEDEV_TOKEN.');
  });

  it('lets other failures through', async () => {
    const failing = client(newest, { fetch: preferring(() => 'code=500') });
    const error = await guide.module.describeMe(failing).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(OneDevError);
    expect((error as OneDevError).status).toBe(500);
  });
});
