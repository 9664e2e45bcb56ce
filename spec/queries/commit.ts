/**
 * CommitQuery: the language of the web UI's commit list, as a repository's `GET .../commits` reads
 * it. Criteria follow one another separated by spaces (no `and`, `or` or parentheses), each value
 * in parentheses right after its keyword.
 */
import type { QueryLanguageSpec } from '../model.js';
import { SYNTAX_REFUSALS } from './common.js';

export const commitQuery: QueryLanguageSpec = {
  list: 'commit',
  records: 'commits',
  syntax: 'commit',
  fields: [],
  criteria: [
    { keyword: 'branch', takesValues: true, range: true, selects: { target: { relation: 'branches' }, match: 'exact' }, about: 'commits reachable from the branch' },
    { keyword: 'tag', takesValues: true, range: true, selects: { target: { relation: 'tags' }, match: 'exact' }, about: 'commits reachable from the tag' },
    { keyword: 'commit', takesValues: true, range: true, selects: { target: { relation: 'ancestors of' }, match: 'exact' }, about: 'the commit and its ancestors' },
    { keyword: 'build', takesValues: true, range: true, selects: { target: { relation: 'builds' }, match: 'reference' }, about: 'commits reachable from the commit of a build (`#2031` or `acme/webapp#2031`)' },
    { keyword: 'default-branch', range: true, selects: { target: { relation: 'branches' }, in: ['main'] }, about: 'commits reachable from the default branch' },
    { keyword: 'before', takesValues: true, selects: { target: { property: 'commitDate' }, match: 'date' }, about: 'committed before the date' },
    { keyword: 'after', takesValues: true, selects: { target: { property: 'commitDate' }, match: 'date' }, about: 'committed after the date' },
    { keyword: 'author', takesValues: true, selects: { target: { property: 'author.name' }, match: 'wildcard' }, about: 'the author\'s name or email address' },
    { keyword: 'committer', takesValues: true, selects: { target: { property: 'committer.name' }, match: 'wildcard' }, about: 'the committer\'s name or email address' },
    { keyword: 'authored-by-me', selects: { target: { relation: 'authored by' }, user: true }, about: 'authored under one of the caller\'s email addresses' },
    { keyword: 'committed-by-me', selects: { target: { relation: 'committed by' }, user: true }, about: 'committed under one of the caller\'s email addresses' },
    { keyword: 'path', takesValues: true, selects: { target: { relation: 'paths' }, match: 'path' }, about: 'touching files under the path (`src/**`)' },
    { keyword: 'message', takesValues: true, selects: { target: { property: 'subject' }, match: 'contains' }, about: 'the message contains the text' },
    { keyword: 'order-by-date', since: 'v14.1.0', selects: { orders: { property: 'commitDate' } }, about: 'newest commit date first' },
    { keyword: 'order-by-author-date', since: 'v14.1.0', selects: { orders: { property: 'author.when' } }, about: 'newest author date first' },
    { keyword: 'order-by-topo', since: 'v14.1.0', selects: { orders: { property: 'parentHashes' } }, about: 'children before their parents' },
  ],
  tokens: [{ token: 'fuzzy', about: 'the text in the message', searches: ['subject', 'body'] }],
  orderBy: [],
  defaultOrder: 'newest first',
  refusals: SYNTAX_REFUSALS,
  examples: ['since tag(v4.0.0) until tag(v4.2.0) path(src/**)', 'branch(main) author(robin) after(2025-06-01)'],
};
