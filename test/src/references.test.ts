/** Reference shapes follow OneDev's own validators (project path, two-letter-plus key). */
import { describe, expect, it } from 'vitest';
import { numberQuery, singleId } from '../../src/references.js';

describe('numberQuery', () => {
  it.each([
    ['path/to/project#123', 'path/to/project#123'],
    ['onedev#1', 'onedev#1'],
    ['my-org/server.core_2#45', 'my-org/server.core_2#45'],
    ['PROJ-123', 'PROJ-123'],
    ['OD-1', 'OD-1'],
  ])('%s', (reference, query) => {
    expect(numberQuery(reference, 'pull request')).toBe(query);
  });

  it.each(['', '#1', 'p#', 'p#-1', 'p/#1', 'p#1#2', 'P-1', 'pr-1', 'PR-', 'PR-1x', 'a b#1', 'x"#1', 'p#12345678901234567890'])(
    'refuses %j',
    (reference) => {
      expect(() => numberQuery(reference, 'build')).toThrow(`${JSON.stringify(reference)} is not a build reference`);
    },
  );

  it('refuses a non-string', () => {
    expect(() => numberQuery(12 as unknown as string, 'build')).toThrow('number is not a build reference');
  });
});

describe('singleId', () => {
  it('takes the id of the one record', () => {
    expect(singleId('a#1', 'build', [{ id: 9 }])).toBe(9);
  });
  it('refuses a record without an id', () => {
    expect(() => singleId('a#1', 'build', [{ id: null }])).toThrow("The server's answer for build a#1 has no id");
  });
});
