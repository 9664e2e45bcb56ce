/**
 * The query parser the mock generates from a language's data (scripts/lib/mock/query/grammar.ts):
 * quoting and escapes, spaces (one or more, never tabs), longest keywords first, the precedence of and/or/not,
 * parentheses, order by, and the release's token forms; checked on the default release's
 * pull request language and the commit language as the descriptions carry them.
 */
import { describe, expect, it } from 'vitest';
import type { ParameterObject } from 'openapi3-ts/oas31';
import type { QueryLanguageSpec } from '../../spec/model.js';
import { parserFor } from '../../scripts/lib/mock/query/grammar.js';
import { EXT } from '../../src/extensions.js';
import { committedDocument } from '../helpers.js';

function language(release: Parameters<typeof committedDocument>[0], key: string): QueryLanguageSpec {
  const param = committedDocument(release).components!.parameters![key] as ParameterObject;
  return param[EXT.queryLanguage.name] as QueryLanguageSpec;
}

const pulls = parserFor(language('v16.5.6', 'pullRequestQuery'));
const oldPulls = parserFor(language('v11.11.4', 'pullRequestQuery'));
const commits = parserFor(language('v16.5.6', 'commitQuery'));

describe('the query parser', () => {
  it('reads quoted values with backslash escapes, and several values separated by commas', () => {
    expect(pulls.parse('"Title" contains "say \\"hi\\" to C:\\\\temp"').criteria).toEqual({ type: 'field', field: 'Title', operator: 'contains', values: ['say "hi" to C:\\temp'] });
    expect(pulls.parse('submitted by "robin" ,  "alice"').criteria).toEqual({ type: 'criterion', keyword: 'submitted by', values: ['robin', 'alice'] });
    expect(pulls.parse('~fix \\~ it~').criteria).toEqual({ type: 'fuzzy', text: 'fix ~ it' });
  });

  it('refuses empty quotes, unclosed quotes, tabs and line breaks, and upper-case keywords', () => {
    for (const bad of ['"Title" contains ""', '"Title" contains "x', 'open\tand merged', 'open\nand merged', 'Open', 'OPEN and merged']) {
      expect(() => pulls.parse(bad), JSON.stringify(bad)).toThrow();
    }
  });

  it('takes several spaces wherever it takes one, inside keywords too (OneDev\'s grammars: WS+ of single spaces)', () => {
    const one = pulls.parse('to be reviewed by me and "Target Branch" is not "main" order by "Number" desc');
    expect(pulls.parse('to  be   reviewed by    me  and  "Target Branch"   is    not  "main"   order   by  "Number"   desc')).toEqual(one);
    expect(pulls.parse('  open   or  merged  ')).toEqual(pulls.parse('open or merged'));
  });

  it('takes the longest keyword, and no keyword glued to more letters', () => {
    expect(pulls.parse('submitted by me').criteria).toEqual({ type: 'criterion', keyword: 'submitted by me', values: [] });
    expect(pulls.parse('submitted  by   me').criteria).toEqual({ type: 'criterion', keyword: 'submitted by me', values: [] });
    expect(pulls.parse('"Number" is not "3"').criteria).toMatchObject({ operator: 'is not' });
    expect(() => pulls.parse('openx')).toThrow();
    expect(() => pulls.parse('open andmerged')).toThrow();
  });

  it('binds and tighter than or, both from the left; not needs parentheses', () => {
    const c = (k: string) => ({ type: 'criterion', keyword: k, values: [] });
    expect(pulls.parse('open or merged and discarded').criteria).toEqual({ type: 'or', left: c('open'), right: { type: 'and', left: c('merged'), right: c('discarded') } });
    expect(pulls.parse('open and merged or discarded').criteria).toEqual({ type: 'or', left: { type: 'and', left: c('open'), right: c('merged') }, right: c('discarded') });
    expect(pulls.parse('open or merged or discarded').criteria).toEqual({ type: 'or', left: { type: 'or', left: c('open'), right: c('merged') }, right: c('discarded') });
    expect(pulls.parse('( open or merged ) and not( discarded )').criteria).toEqual({ type: 'and', left: { type: 'or', left: c('open'), right: c('merged') }, right: { type: 'not', child: c('discarded') } });
    expect(() => pulls.parse('not open')).toThrow();
    expect(() => pulls.parse('(open')).toThrow();
    expect(() => pulls.parse('open and')).toThrow();
  });

  it('reads order by after the criteria or alone, with directions and several fields', () => {
    expect(pulls.parse('open order by "Number" asc, "Submit Date"')).toEqual({
      criteria: { type: 'criterion', keyword: 'open', values: [] },
      order: [{ field: 'Number', direction: 'asc' }, { field: 'Submit Date' }],
    });
    expect(pulls.parse('  order by "Number" desc ')).toEqual({ order: [{ field: 'Number', direction: 'desc' }] });
    expect(pulls.parse('')).toEqual({ order: [] });
    expect(() => pulls.parse('order by "Number" up')).toThrow();
    expect(() => pulls.parse('open order by')).toThrow();
  });

  it('reads references as the release does: `#100` is a number from v16.0.0, a reference before', () => {
    expect(pulls.parse('acme/webapp#100').criteria).toEqual({ type: 'reference', text: 'acme/webapp#100' });
    expect(pulls.parse('WEB-100').criteria).toEqual({ type: 'reference', text: 'WEB-100' });
    expect(pulls.parse('#100').criteria).toEqual({ type: 'number', text: '#100' });
    expect(oldPulls.parse('#100').criteria).toEqual({ type: 'reference', text: '#100' });
    expect(() => pulls.parse('acme/webapp.#100')).toThrow();
  });

  it('reads the commit language: values in parentheses, since/until before revisions', () => {
    expect(commits.parse('since tag(v4.0.0) until branch(main) path(src/**)(docs) authored-by-me').list).toEqual([
      { type: 'criterion', keyword: 'tag', values: ['v4.0.0'], bound: 'since' },
      { type: 'criterion', keyword: 'branch', values: ['main'], bound: 'until' },
      { type: 'criterion', keyword: 'path', values: ['src/**', 'docs'] },
      { type: 'criterion', keyword: 'authored-by-me', values: [] },
    ]);
    expect(commits.parse('message(a \\) b)').list).toEqual([{ type: 'criterion', keyword: 'message', values: ['a ) b'] }]);
    for (const bad of ['branch (main)', 'since path(x)', 'branch()', 'open']) expect(() => commits.parse(bad), bad).toThrow();
  });
});
