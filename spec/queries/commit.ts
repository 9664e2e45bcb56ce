/**
 * CommitQuery: the language of the web UI's commit list, as a repository's `GET .../commits` reads
 * it. Criteria follow one another separated by spaces (no `and`, `or` or parentheses), each value
 * in parentheses right after its keyword. The server turns the query into a `git log` command
 * line: revisions (`since` ones negated; without any, every branch), `--author`, `--committer`,
 * `--grep` (case-insensitive), `--after`, `--before`, an order option and paths; criteria of one
 * kind match any of their values, criteria of different kinds must all match.
 *
 * Refusals: revisions are resolved after the query parsed, outside the "Error parsing query"
 * wrapper, so a missing one is the repository's own 404 in every release (its words changed in
 * v12.0.10); a missing build is an ExplicitException (500); a date the server cannot read reaches
 * no handler (500); `authored-by-me` without a login fails like a bad parameter from v16.5.2.
 */
import type { QueryLanguageSpec } from '../model.js';
import { REVISION_REFUSALS, SYNTAX_REFUSALS } from './common.js';

export const commitQuery: QueryLanguageSpec = {
  list: 'commit',
  records: 'commits',
  syntax: 'commit',
  fields: [],
  criteria: [
    { keyword: 'branch', takesValues: true, revision: 'branch', selects: { target: { relation: 'branches' }, match: 'exact' }, about: 'commits reachable from the branch' },
    { keyword: 'tag', takesValues: true, revision: 'tag', selects: { target: { relation: 'tags' }, match: 'exact' }, about: 'commits reachable from the tag' },
    { keyword: 'commit', takesValues: true, revision: 'commit', selects: { target: { relation: 'ancestors of' }, match: 'exact' }, about: 'the commit and its ancestors' },
    { keyword: 'build', takesValues: true, revision: 'build', selects: { target: { relation: 'builds' }, match: 'reference' }, about: 'commits reachable from the commit of a build (`#2031` or `acme/webapp#2031`)' },
    { keyword: 'default-branch', revision: 'branch', selects: { target: { relation: 'branches' }, in: ['main'] }, about: 'commits reachable from the default branch' },
    { keyword: 'before', takesValues: 'one', selects: { target: { property: 'commitDate' }, match: 'date', bound: 'before' }, about: 'committed at or before the date (of several, the last counts)' },
    { keyword: 'after', takesValues: 'one', selects: { target: { property: 'commitDate' }, match: 'date', bound: 'after' }, about: 'committed at or after the date (of several, the last counts)' },
    { keyword: 'author', takesValues: true, selects: { target: { property: 'author' }, match: 'person' }, about: 'the author\'s name or email address' },
    { keyword: 'committer', takesValues: true, selects: { target: { property: 'committer' }, match: 'person' }, about: 'the committer\'s name or email address' },
    { keyword: 'authored-by-me', selects: { target: { property: 'author' }, user: true }, about: 'authored under one of the caller\'s verified email addresses' },
    { keyword: 'committed-by-me', selects: { target: { property: 'committer' }, user: true }, about: 'committed under one of the caller\'s verified email addresses' },
    { keyword: 'path', takesValues: true, selects: { target: { relation: 'paths' }, match: 'pathspec' }, about: 'changing files under the path (`src/**`), as `git log -- <path>` simplifies history' },
    { keyword: 'message', takesValues: true, selects: { target: { relation: 'message' }, match: 'contains' }, about: 'the message (subject and body) contains the text' },
    { keyword: 'order-by-date', since: 'v14.1.0', selects: { orders: { property: 'commitDate' } }, about: 'children first, then the newest commit date' },
    { keyword: 'order-by-author-date', since: 'v14.1.0', selects: { orders: { property: 'author.when' } }, about: 'children first, then the newest author date' },
    { keyword: 'order-by-topo', since: 'v14.1.0', selects: { orders: { property: 'parentHashes' } }, about: 'children before their parents, one line of history at a time' },
  ],
  tokens: [
    {
      token: 'fuzzy',
      about: 'the text in the message; a branch, a tag or a commit (six characters or more) it names is a revision instead, and a tag or commit alone lists that one commit',
      searches: ['subject', 'body'],
      revisions: true,
    },
  ],
  orderBy: [],
  defaultOrder: 'newest commit date first',
  refusals: [
    ...SYNTAX_REFUSALS,
    ...REVISION_REFUSALS,
    { kind: 'commit', status: 404, message: 'Unable to find commit associated with object id: AnyObjectId[{value}]' },
    { kind: 'build', status: 500, message: 'Unable to find build: {value}' },
    { kind: 'reference', until: 'v13.0.7', status: 500, message: 'Reference project not found: {value}' },
    { kind: 'reference', since: 'v13.0.7', status: 406, message: 'Reference project not found: {value}' },
    { kind: 'reference-form', until: 'v13.0.7', status: 500, message: 'Invalid entity reference: {value}' },
    { kind: 'reference-form', since: 'v13.0.7', status: 406, message: 'Invalid entity reference: {value}' },
    { kind: 'date', status: 500, message: 'Server Error' },
    { kind: 'anonymous', until: 'v16.5.2', status: 500, message: 'Please login to perform this query' },
    { kind: 'anonymous', since: 'v16.5.2', status: 406, message: 'Please login to perform this query' },
  ],
  examples: ['since tag(v4.0.0) until tag(v4.2.0) path(src/**)', 'branch(main) author(robin) after(2025-06-01)'],
};
