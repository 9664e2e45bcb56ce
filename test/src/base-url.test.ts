/** The origin users give becomes the API root; bad values are refused without echoing them. */
import { describe, expect, it } from 'vitest';
import { apiRoot } from '../../src/base-url.js';
import { createOneDevClient } from '../../src/index.js';

describe('apiRoot', () => {
  it.each([
    ['https://onedev.example.com', 'https://onedev.example.com/~api'],
    ['https://onedev.example.com/', 'https://onedev.example.com/~api'],
    ['https://onedev.example.com/~api', 'https://onedev.example.com/~api'],
    ['https://onedev.example.com/~api/', 'https://onedev.example.com/~api'],
    ['http://127.0.0.1:6610', 'http://127.0.0.1:6610/~api'],
    ['https://example.com/tools/onedev/', 'https://example.com/tools/onedev/~api'],
    ['  https://onedev.example.com  ', 'https://onedev.example.com/~api'],
  ])('%s -> %s', (input, root) => {
    expect(apiRoot(input)).toBe(root);
  });

  it.each([
    ['', 'baseUrl is required'],
    [undefined, 'baseUrl is required'],
    ['onedev.example.com', 'baseUrl is not an absolute URL'],
    ['ftp://onedev.example.com', 'baseUrl must be an http or https URL'],
    ['https://onedev.example.com/?x=1', 'baseUrl must not have a query string or a fragment'],
    ['https://onedev.example.com/#top', 'baseUrl must not have a query string or a fragment'],
  ])('refuses %j', (input, message) => {
    expect(() => apiRoot(input)).toThrow(message);
  });

  it('refuses credentials in the URL without repeating them', () => {
    let message = '';
    try {
      createOneDevClient({ baseUrl: 'https://robin:hunter2-secret@onedev.example.com' });
    } catch (error) {
      message = `${String(error)} ${(error as Error).stack}`;
    }
    expect(message).toContain('baseUrl must not carry credentials');
    expect(message).not.toContain('hunter2-secret');
    expect(message).not.toContain('robin');
  });

  it('does not repeat an unparsable URL either (it may hold a secret)', () => {
    expect(() => apiRoot('https://robin:hunter2-secret@[bad')).toThrow(/^baseUrl is not an absolute URL \(e\.g\. https:\/\/onedev\.example\.com\)$/);
  });
});
