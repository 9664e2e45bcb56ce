/** Credentials become the right header; malformed auth is refused without echoing any secret. */
import { describe, expect, it } from 'vitest';
import { prepareAuth, redact } from '../../src/auth.js';

describe('prepareAuth', () => {
  it('builds Basic and Bearer headers', () => {
    expect(prepareAuth({ user: 'robin', password: 'p:w' }).header).toBe(`Basic ${Buffer.from('robin:p:w').toString('base64')}`);
    expect(prepareAuth({ user: 'robin', accessToken: 'tok' }).header).toBe(`Basic ${Buffer.from('robin:tok').toString('base64')}`);
    expect(prepareAuth({ accessToken: 'tok' }).header).toBe('Bearer tok');
    expect(prepareAuth(undefined).header).toBeUndefined();
  });

  it.each([
    [null, 'auth must be { user, password }, { user, accessToken } or { accessToken }'],
    ['robin:pw', 'auth must be { user, password }, { user, accessToken } or { accessToken }'],
    [{ user: 'robin', password: 'pw-secret', accessToken: 'tok-secret' }, 'auth takes either a password or an accessToken, not both'],
    [{ password: 'pw-secret' }, 'auth.password needs auth.user'],
    [{ user: 'robin' }, 'auth with a user needs a password or an accessToken'],
    [{ user: 'rob:in', password: 'pw-secret' }, 'auth.user must not contain ":"'],
    [{ user: '', password: 'pw-secret' }, 'auth.user must be a non-empty string'],
    [{ user: 'robin', password: '' }, 'auth.password must be a non-empty string'],
    [{ accessToken: 42 }, 'auth.accessToken must be a non-empty string'],
    [{}, 'auth.accessToken must be a non-empty string'],
  ])('refuses %j', (auth, message) => {
    let error: unknown;
    try {
      prepareAuth(auth);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(TypeError);
    expect((error as Error).message).toBe(message);
    expect((error as Error).message).not.toMatch(/secret/);
  });
});

describe('redact', () => {
  it('replaces every occurrence of each secret', () => {
    expect(redact('a hunter2x b hunter2x', ['hunter2x'])).toBe('a [redacted] b [redacted]');
  });
  it('leaves text alone when secrets are too short to tell from ordinary words', () => {
    expect(redact('abc', ['a'])).toBe('abc');
  });
});
