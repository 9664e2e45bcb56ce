/**
 * Query Commits and Get Commit answer from the mock's generated commit history
 * (scripts/lib/mock/commits/): for every published release, queries made from every criterion
 * the release's language lists (alone, with `since`/`until`, and combined) list exactly the
 * commits, in exactly the order, that a slow reference evaluation written here lists from the
 * same history (plain walks over parents, its own pathspec and pattern matching, its own
 * simplification and ordering loops; it shares no code with the mock's evaluation). Each query
 * selects something and not everything where that means something; `count` caps; `field` fills
 * exactly the properties asked for; answers validate against the release's response schemas;
 * unknown revisions, malformed queries and criteria the release lacks get the release's refusal.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { OpenAPIObject, SchemaObject } from 'openapi3-ts/oas31';
import { commitQuery } from '../../spec/queries/commit.js';
import { livesAt } from '../../spec/releases.js';
import type { QueryCriterionSpec, QueryLanguageSpec } from '../../spec/model.js';
import { MockEngine } from '../../scripts/lib/mock/engine.js';
import { DISTINCT_HISTORIES, emailAddressesOf, historyOf, type Commit, type CommitHistory } from '../../scripts/lib/mock/commits/history.js';
import { operationPlans } from '../../scripts/lib/mock/operations.js';
import { population, queryLanguageOf, recordModel, userDirectory } from '../../scripts/lib/mock/records.js';
import { committedDocument, ROOT, SUPPORTED_RELEASES } from '../helpers.js';
import { ancestorsOf } from './commit-walk.js';
import { basicAuth, schemaValidator } from './mock-fixtures.js';

type Rec = Record<string, unknown>;
const PROJECT = 7;
const CALLER = 'robin';
const AUTH = basicAuth(CALLER, 'secret');
const MAX = 10000;

// ----- queries, as terms the reference reads and as text the mock parses -------------------------
type Term = { criterion: QueryCriterionSpec; values: string[]; bound?: 'since' | 'until' } | { fuzzy: string };

const escape = (value: string): string => value.replace(/[\\()]/g, '\\$&');
function textOf(terms: readonly Term[]): string {
  return terms
    .map((t) => {
      if ('fuzzy' in t) return `~${t.fuzzy}~`;
      const values = t.values.map((v) => `(${escape(v)})`).join('');
      return `${t.bound ? `${t.bound} ` : ''}${t.criterion.keyword}${values}`;
    })
    .join(' ');
}

// ----- the reference evaluation -------------------------------------------------------------------
interface World {
  caller: string;
  users: Set<string>;
  projects: Array<{ id: number; path: string; key?: unknown }>;
  builds: Rec[];
}

type Refusal = { kind: string; value: string };
class ReferenceRefusal extends Error {
  constructor(readonly refusal: Refusal) {
    super(refusal.kind);
  }
}

/** Git's pathspec without magic, by regular expressions: a directory prefix, or a glob over the path or a leading directory. */
function pathMatches(spec: string, path: string): boolean {
  if (!/[*?]/.test(spec)) return path === spec.replace(/\/$/, '') || path.startsWith(spec.endsWith('/') ? spec : `${spec}/`);
  const re = new RegExp(`^${spec.split('').map((c) => (c === '*' ? '.*' : c === '?' ? '.' : c.replace(/[.+^${}()|[\]\\]/g, '\\$&'))).join('')}$`, 's');
  const parts = path.split('/');
  return parts.some((_, k) => re.test(parts.slice(0, k + 1).join('/')));
}

/** `--author` and the like: the pattern (`*` any text) found in `Name <email>`, ignoring case. */
function personMatches(pattern: string, who: { name: string; email: string }): boolean {
  const re = new RegExp(pattern.split('*').map((p) => p.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*'), 'is');
  return re.test(`${who.name} <${who.email}>`);
}

/** A date as the tests write them: `YYYY-MM-DD` or `YYYY-MM-DD HH:mm`, in UTC. */
function dateOf(value: string): number {
  const m = /^(\d{4})-(\d\d)-(\d\d)(?: (\d\d):(\d\d))?$/.exec(value);
  if (!m || +m[2]! > 12 || +m[3]! > 31) throw new ReferenceRefusal({ kind: 'date', value });
  return Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +(m[4] ?? 0), +(m[5] ?? 0));
}

function resolve(h: CommitHistory, revision: string): string {
  if (/^[0-9a-f]{40}$/i.test(revision)) {
    if (!h.byHash.has(revision.toLowerCase())) throw new ReferenceRefusal({ kind: 'commit', value: revision.toLowerCase() });
    return revision.toLowerCase();
  }
  if (revision.startsWith('refs/heads/') && h.branches.has(revision.slice(11))) return h.branches.get(revision.slice(11))!;
  if (revision.startsWith('refs/tags/') && h.tags.has(revision.slice(10))) return h.tags.get(revision.slice(10))!;
  if (h.tags.has(revision)) return h.tags.get(revision)!;
  if (h.branches.has(revision)) return h.branches.get(revision)!;
  const found = /^[0-9a-f]{2,39}$/i.test(revision) ? h.commits.filter((c) => c.hash.startsWith(revision.toLowerCase())) : [];
  if (found.length === 1) return found[0]!.hash;
  throw new ReferenceRefusal({ kind: 'revision', value: revision });
}

function revisionOf(h: CommitHistory, criterion: QueryCriterionSpec, value: string | undefined, world: World): string {
  switch (criterion.revision) {
    case 'branch':
      return resolve(h, `refs/heads/${value ?? 'main'}`);
    case 'tag':
      return resolve(h, `refs/tags/${value}`);
    case 'commit':
      return resolve(h, value!);
    default: {
      const [path, number] = value!.split('#');
      const project = path === '' ? PROJECT : world.projects.find((p) => p.path === path)?.id;
      if (project === undefined) throw new ReferenceRefusal({ kind: 'reference', value: path! });
      const build = world.builds.find((b) => b.projectId === project && b.number === Number(number));
      if (!build) throw new ReferenceRefusal({ kind: 'build', value: value! });
      return resolve(h, String(build.commitHash));
    }
  }
}

/** What the log lists for the terms: hashes in order. */
function referenceLog(h: CommitHistory, terms: readonly Term[], world: World, count: number): string[] {
  const plus: string[] = [];
  const minus: string[] = [];
  const people = new Map<string, string[]>();
  const grep: string[] = [];
  const paths: string[] = [];
  let after: number | undefined;
  let before: number | undefined;
  let orderBy: string | undefined;
  let limit = count;
  const firstRevision = terms.findIndex((t) => 'criterion' in t && t.criterion.revision !== undefined);
  const firstFuzzy = terms.findIndex((t) => 'fuzzy' in t);
  for (const t of terms) {
    if ('fuzzy' in t) continue;
    const s = t.criterion.selects;
    if (t.criterion.revision) {
      for (const v of t.values.length > 0 ? t.values : [undefined]) (t.bound === 'since' ? minus : plus).push(revisionOf(h, t.criterion, v, world));
    } else if ('orders' in s) {
      orderBy = 'property' in s.orders ? s.orders.property : s.orders.relation;
    } else if ('target' in s && 'property' in s.target && (s.target.property === 'author' || s.target.property === 'committer')) {
      const list = people.get(s.target.property) ?? [];
      people.set(s.target.property, list);
      if ('user' in s) list.push(...emailAddressesOf(world.caller).map((e) => `<${e}>`));
      else for (const v of t.values) list.push(...(v.startsWith('@') && world.users.has(v.slice(1)) ? emailAddressesOf(v.slice(1)).map((e) => `<${e}>`) : [v]));
    } else if ('match' in s && s.match === 'date') {
      for (const v of t.values) if (s.bound === 'before') before = dateOf(v);
      else after = dateOf(v);
    } else if ('match' in s && s.match === 'pathspec') {
      paths.push(...t.values);
    } else {
      grep.push(...t.values);
    }
  }
  if (firstFuzzy >= 0) {
    // The fuzzy texts are read where the first one stands: revisions given later are not counted yet.
    let revisions = firstRevision >= 0 && firstRevision < firstFuzzy ? plus.length + minus.length : 0;
    let ranged = false;
    for (const t of terms) {
      if (!('fuzzy' in t)) continue;
      const v = t.fuzzy;
      if (h.branches.has(v)) {
        plus.push(h.branches.get(v)!);
        ranged = true;
        revisions += 1;
      } else if (h.tags.has(v) || (v.length >= 6 && /^[0-9a-f]+$/i.test(v) && h.commits.filter((c) => c.hash.startsWith(v.toLowerCase())).length === 1)) {
        plus.push(resolve(h, v));
        revisions += 1;
      } else {
        grep.push(v);
      }
    }
    if (revisions === 1 && !ranged) limit = 1;
  }
  const excluded = ancestorsOf(h, minus);
  const bottoms = new Set(minus);
  const selected = (p: string) => paths.some((spec) => pathMatches(spec, p));
  const agrees = (a: Commit, b: Commit | undefined) =>
    [...new Set([...a.tree.keys(), ...(b?.tree.keys() ?? [])])].filter(selected).every((p) => a.tree.get(p) === b?.tree.get(p));
  // The walk, with git's history simplification when paths are given.
  const walked = new Map<string, string[]>();
  const hidden = new Set<string>();
  const todo = (plus.length > 0 ? plus : [...h.branches.values()]).filter((x) => !excluded.has(x));
  while (todo.length > 0) {
    const c = h.byHash.get(todo.pop()!)!;
    if (walked.has(c.hash)) continue;
    let follow = [...c.parents];
    if (paths.length > 0) {
      if (c.parents.length === 0) {
        if (agrees(c, undefined)) hidden.add(c.hash);
      } else {
        const relevant = c.parents.filter((p) => !excluded.has(p) || bottoms.has(p));
        const same = c.parents.find((p) => relevant.includes(p) && agrees(c, h.byHash.get(p)));
        if (same !== undefined) {
          follow = [same];
          hidden.add(c.hash);
        } else {
          const differs = (p: string) => !agrees(c, h.byHash.get(p));
          const changed = relevant.length > 0 ? relevant.some(differs) : c.parents.some(differs);
          if (!changed) hidden.add(c.hash);
        }
      }
    }
    walked.set(c.hash, follow);
    todo.push(...follow.filter((p) => !excluded.has(p)));
  }
  const commits = [...walked.keys()].map((x) => h.byHash.get(x)!);
  let ordered = [...commits].sort((a, b) => b.commitTime - a.commitTime);
  if (orderBy !== undefined) ordered = topological(ordered, walked, orderBy);
  const shown = ordered.filter(
    (c) =>
      !hidden.has(c.hash) &&
      (after === undefined || c.commitTime >= after) &&
      (before === undefined || c.commitTime <= before) &&
      [...people].every(([role, patterns]) => patterns.some((p) => personMatches(p, role === 'author' ? c.author : c.committer))) &&
      (grep.length === 0 || grep.some((g) => `${c.subject}\n${c.body}`.split('\n').some((line) => line.toLowerCase().includes(g.toLowerCase())))),
  );
  return (limit > 0 ? shown.slice(0, limit) : shown).map((c) => c.hash);
}

/** Children before parents: by a date, the newest ready commit next; otherwise a stack, one line of history at a time. */
function topological(byDate: Commit[], parents: Map<string, string[]>, by: string): Commit[] {
  const date = by === 'commitDate' ? (c: Commit) => c.commitTime : by === 'author.when' ? (c: Commit) => c.authorTime : undefined;
  const children = new Map<string, number>(byDate.map((c) => [c.hash, 0]));
  for (const c of byDate) for (const p of parents.get(c.hash)!) if (children.has(p)) children.set(p, children.get(p)! + 1);
  const ready = byDate.filter((c) => children.get(c.hash) === 0);
  if (!date) ready.reverse();
  const out: Commit[] = [];
  while (ready.length > 0) {
    let k = ready.length - 1;
    if (date) for (let i = 0; i < ready.length; i += 1) if (date(ready[i]!) > date(ready[k]!)) k = i;
    const [c] = ready.splice(k, 1);
    out.push(c!);
    for (const p of parents.get(c!.hash)!) {
      if (!children.has(p)) continue;
      children.set(p, children.get(p)! - 1);
      if (children.get(p) === 0) ready.push(byDate.find((x) => x.hash === p)!);
    }
  }
  return out;
}

function expected(h: CommitHistory, terms: readonly Term[], world: World, count = MAX): { hashes: string[] } | { refusal: Refusal } {
  try {
    return { hashes: referenceLog(h, terms, world, count) };
  } catch (error) {
    if (error instanceof ReferenceRefusal) return { refusal: error.refusal };
    throw error;
  }
}

// ----- the file changes a commit shows --------------------------------------------------------------
function shownChanges(c: Commit, lineCounts: boolean, paths: readonly string[]): Rec[] {
  if (c.parents.length > 1) return [];
  const inPaths = (p: string | null) => p !== null && (paths.length === 0 || paths.some((s) => pathMatches(s, p)));
  return c.changes.flatMap((ch): Rec[] => {
    const [o, n] = [inPaths(ch.oldPath), inPaths(ch.newPath)];
    if (!o && !n) return [];
    const renamed = ch.oldPath !== null && ch.newPath !== null && ch.oldPath !== ch.newPath;
    if (renamed && !(o && n)) {
      // Half a rename shows as the addition or deletion of that side.
      const side = n ? { oldPath: null, newPath: ch.newPath } : { oldPath: ch.oldPath, newPath: null };
      return [lineCounts ? { oldPath: null, newPath: side.newPath ?? side.oldPath, additions: expect.any(Number), deletions: expect.any(Number) } : { ...side, additions: -1, deletions: -1 }];
    }
    if (!lineCounts) return [{ oldPath: ch.oldPath, newPath: ch.newPath, additions: -1, deletions: -1 }];
    return [renamed ? { ...ch } : { oldPath: null, newPath: ch.newPath ?? ch.oldPath, additions: ch.additions, deletions: ch.deletions }];
  });
}

/** The LogCommit property each `field` value fills. */
const FILLS: Record<string, string> = {
  PARENTS: 'parentHashes',
  AUTHOR: 'author',
  COMMITTER: 'committer',
  COMMIT_DATE: 'commitDate',
  SUBJECT: 'subject',
  BODY: 'body',
  FILE_CHANGES: 'fileChanges',
  LINE_CHANGES: 'fileChanges',
};

// ----- the guide's account of the history ------------------------------------------------------
describe('the mock guide\'s paragraph on the generated history', () => {
  const guide = readFileSync(join(ROOT, 'docs/using-the-mock.md'), 'utf8');
  const paragraph = guide.slice(guide.indexOf('- Every project has a generated Git history'), guide.indexOf('\n- ', guide.indexOf('- Every project has a generated Git history') + 3));
  const named = [...paragraph.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);

  it('names only branches, tags and authors the history has, and the number of distinct histories', () => {
    const history = historyOf(1);
    const authors = new Set(history.commits.map((c) => c.author.email));
    const branches = named.filter((n) => history.branches.has(n));
    const tags = named.filter((n) => history.tags.has(n));
    expect(branches.length).toBeGreaterThan(3);
    expect(tags.length).toBeGreaterThan(3);
    for (const name of named.filter((n) => /^[a-z]+\/[\w.-]+$|^v\d/.test(n) && !n.includes('**'))) {
      expect(history.branches.has(name) || history.tags.has(name), `${name} is a branch or tag of the history`).toBe(true);
    }
    // The users who write commits, by the address the "by me" criteria match.
    const logins = [...authors].filter((e) => e.endsWith('@example.com')).map((e) => e.slice(0, e.indexOf('@')));
    expect(logins.length).toBeGreaterThan(2);
    for (const login of logins) expect(named, `${login} writes commits`).toContain(login);
    expect(paragraph).toContain(`differ by a multiple of ${DISTINCT_HISTORIES} `);
  });
});

// ----- the tests ------------------------------------------------------------------------------------
describe.each(SUPPORTED_RELEASES)('commit queries of %s, against a reference evaluation', (release) => {
  const doc: OpenAPIObject = committedDocument(release);
  const engine = new MockEngine(doc, { administrators: [CALLER] });
  const plans = operationPlans(doc);
  const listPlan = plans.find((p) => p.method === 'GET' && p.path === '/repositories/{projectId}/commits')!;
  const language: QueryLanguageSpec = queryLanguageOf(doc, listPlan)!;
  const model = recordModel(doc, plans);
  const peer = (path: string) => model.kinds.find((k) => k.paged && k.collectionPath === path);
  const users = population(peer('/users')!, 250);
  const world: World = {
    caller: CALLER,
    users: new Set(userDirectory(users).map((u) => u.name)),
    projects: population(peer('/projects')!, 250).map((p) => ({ id: p.id as number, path: String(p.path), key: p.key })),
    builds: population(peer('/builds')!, 250),
  };
  const history = historyOf(PROJECT);
  const validate = schemaValidator(doc);
  const listSchema = (listPlan.success!.contents[0]!.schema ?? {}) as SchemaObject;
  const validList = validate(listSchema);
  const refusalOf = (kind: string) => language.refusals.find((r) => r.kind === kind)!;
  const criterion = (keyword: string) => language.criteria.find((c) => c.keyword === keyword);

  async function ask(query: string | undefined, extra = '', count = MAX): Promise<{ status: number; text: string; body: unknown }> {
    const q = query === undefined ? '' : `&query=${encodeURIComponent(query)}`;
    const answer = await engine.handle({ method: 'GET', url: `/~api/repositories/${PROJECT}/commits?count=${count}${q}${extra}`, headers: { authorization: AUTH }, body: Buffer.alloc(0) });
    const text = answer.body?.toString() ?? '';
    return { status: answer.status, text, body: answer.status === 200 ? JSON.parse(text) : undefined };
  }

  /** Runs the terms, checks the answer against the reference; the hashes listed. */
  async function check(terms: readonly Term[]): Promise<string[]> {
    const query = textOf(terms);
    const want = expected(history, terms, world);
    const got = await ask(query);
    if ('refusal' in want) {
      const r = refusalOf(want.refusal.kind);
      expect([got.status, got.text], query).toEqual([r.status, r.message.replace('{value}', want.refusal.value)]);
      return [];
    }
    expect(got.status, `${query}: ${got.text}`).toBe(200);
    expect(validList(got.body), query).toBe(true);
    const hashes = (got.body as Rec[]).map((c) => String(c.hash));
    expect(hashes, query).toEqual(want.hashes);
    return hashes;
  }

  // Values the history holds, so that each query can select something.
  const mid = history.commits[Math.floor(history.commits.length / 2)]!;
  const late = history.commits[history.commits.length - 12]!;
  const builds = world.builds.filter((b) => b.projectId === PROJECT && history.byHash.has(String(b.commitHash)));
  const projectPath = world.projects.find((p) => p.id === PROJECT)!.path;
  const iso = (t: number) => new Date(t).toISOString().slice(0, 16).replace('T', ' ');
  const valuesFor = (c: QueryCriterionSpec): string[][] => {
    const s = c.selects;
    switch (c.revision) {
      case 'branch':
        return c.takesValues ? [...history.branches.keys()].map((b) => [b]) : [[]];
      case 'tag':
        return [...history.tags.keys()].map((t) => [t]);
      case 'commit':
        return [[mid.hash], [late.hash.slice(0, 10)], ['release/4.2'], [mid.hash, late.hash]];
      case 'build':
        return [[`#${builds[0]!.number}`], [`${projectPath}#${builds[1]!.number}`]];
    }
    if (!('target' in s)) return [[]];
    if ('user' in s) return [[]];
    switch ('match' in s ? s.match : undefined) {
      case 'date':
        return [[iso(mid.commitTime + 1000)], ['2025-06-01']];
      case 'person':
        return [['robin'], ['KIM@example.com'], ['li*ng'], ['@sam'], ['contrib.dev'], ['ci-bot', 'sam']];
      case 'pathspec':
        return [['src/**'], ['docs'], ['src/login/*.ts'], ['*.md'], [history.commits.some((x) => x.changes.some((ch) => ch.newPath === 'src/util/text.ts')) ? 'src/util/text.ts' : 'src/util'], ['test/', 'assets']];
      default:
        return [['retry'], ['release'], ['FIXES'], ['login', 'search']];
    }
  };

  /** A query per criterion and value, alone and (revisions) with since/until. */
  function singles(): Array<{ keyword: string; terms: Term[]; proper: boolean }> {
    const out: Array<{ keyword: string; terms: Term[]; proper: boolean }> = [];
    for (const c of language.criteria) {
      for (const values of valuesFor(c)) {
        const orders = 'orders' in c.selects;
        out.push({ keyword: c.keyword, terms: [{ criterion: c, values }], proper: !orders && !(c.revision === 'branch' && values[0] === 'main') });
        if (c.revision) {
          out.push({ keyword: c.keyword, terms: [{ criterion: c, values, bound: 'until' }], proper: false });
          out.push({ keyword: c.keyword, terms: [{ criterion: c, values, bound: 'since' }], proper: false });
        }
      }
    }
    for (const token of language.tokens.filter((t) => t.token === 'fuzzy')) {
      for (const text of ['webhook', 'feature/login', 'v4.1.0', mid.hash.slice(0, 8), 'Fixes']) {
        out.push({ keyword: `~${token.token}~`, terms: [{ fuzzy: text }], proper: true });
      }
      // Five characters name no commit: the text is looked for in messages instead.
      out.push({ keyword: `~${token.token}~`, terms: [{ fuzzy: late.hash.slice(0, 5) }], proper: false });
    }
    return out;
  }

  it('the history has what the catalogue\'s examples and criteria need: branches, tags, merges, rebased commits, builds on its commits', () => {
    expect(history.commits.length).toBeGreaterThanOrEqual(40);
    expect(history.commits.length).toBeLessThanOrEqual(150);
    expect(new Set(history.commits.map((c) => c.hash)).size).toBe(history.commits.length);
    for (const c of history.commits) {
      expect(c.hash).toMatch(/^[0-9a-f]{40}$/);
      for (const p of c.parents) expect(history.byHash.get(p)!.commitTime, 'a parent is older').toBeLessThan(c.commitTime);
      // What a commit changed is what differs between its first parent's files and its own.
      const before = c.parents.length > 0 ? history.byHash.get(c.parents[0]!)!.tree : new Map<string, string>();
      const touched = new Set(c.changes.flatMap((ch) => [ch.oldPath, ch.newPath]).filter((p): p is string => p !== null));
      const differing = new Set([...new Set([...before.keys(), ...c.tree.keys()])].filter((p) => before.get(p) !== c.tree.get(p)));
      expect(touched, c.subject).toEqual(differing);
    }
    expect(history.commits.filter((c) => c.parents.length > 1).length).toBeGreaterThanOrEqual(3);
    expect(history.commits.some((c) => c.authorTime < c.commitTime && c.author.email !== c.committer.email)).toBe(true);
    const defaultBranch = criterion('default-branch')!.selects;
    expect('in' in defaultBranch ? [...defaultBranch.in] : []).toEqual([history.defaultBranch]);
    for (const tag of ['v4.0.0', 'v4.1.0', 'v4.2.0']) expect(history.tags.has(tag), tag).toBe(true);
    // Generated builds of the project are of its commits (the document's example builds keep their own hashes).
    expect(builds.length).toBeGreaterThan(5);
  });

  it('the catalogue\'s example queries select something and not everything', async () => {
    const all = (await ask(undefined)).body as Rec[];
    expect(all.map((c) => c.hash)).toEqual(referenceLog(history, [], world, MAX));
    expect(all.length).toBe(ancestorsOf(history, history.branches.values()).size);
    for (const example of language.examples) {
      const got = await ask(example);
      expect(got.status, `${example}: ${got.text}`).toBe(200);
      const n = (got.body as Rec[]).length;
      expect(n, example).toBeGreaterThan(0);
      expect(n, example).toBeLessThan(all.length);
    }
  });

  it('every criterion and the ~text~ token select what the reference selects, something and not everything', async () => {
    const everything = referenceLog(history, [], world, MAX).length;
    const used = new Set<string>();
    const narrow: string[] = [];
    for (const { keyword, terms, proper } of singles()) {
      const hashes = await check(terms);
      used.add(keyword);
      if (proper && !(hashes.length > 0 && hashes.length < everything)) narrow.push(textOf(terms));
    }
    expect(narrow, 'queries that select nothing or everything').toEqual([]);
    expect([...used].sort()).toEqual([...language.criteria.map((c) => c.keyword), ...language.tokens.filter((t) => t.token === 'fuzzy').map(() => '~fuzzy~')].sort());
  });

  it('criteria combine as git log combines them: revisions as rev-list does, other kinds all holding', async () => {
    const one = new Map<string, Term>();
    for (const { keyword, terms } of singles()) if (!one.has(keyword) && !('bound' in terms[0]! && terms[0].bound)) one.set(keyword, terms[0]!);
    const picks = [...one.values()];
    let proper = 0;
    for (let i = 0; i < picks.length; i += 1) {
      for (let j = i + 1; j < picks.length; j += 1) {
        const hashes = await check([picks[i]!, picks[j]!]);
        if (hashes.length > 0) proper += 1;
      }
    }
    expect(proper).toBeGreaterThan(picks.length);
    const c = (keyword: string, values: string[], bound?: 'since' | 'until'): Term => ({ criterion: criterion(keyword)!, values, ...(bound ? { bound } : {}) });
    const ranges: Term[][] = [
      [c('tag', ['v4.0.0'], 'since'), c('tag', ['v4.2.0'], 'until'), c('path', ['src/**'])],
      [c('tag', ['v4.1.0'], 'since'), c('branch', ['main'], 'until'), c('path', ['src/**']), c('author', ['kim'])],
      [c('tag', ['v4.1.0'], 'since'), c('tag', ['v4.2.1'], 'until'), c('branch', ['feature/search'], 'until')],
      [c('branch', ['feature/login'], 'since'), c('tag', ['v4.0.0'], 'since')],
      [c('branch', ['main'], 'since'), c('path', ['src/search'])],
      [c('branch', ['release/4.2'], 'since'), c('branch', ['main'], 'until'), c('path', ['src/app', 'package.json'])],
      [c('default-branch', [], 'since'), c('branch', ['feature/search'], 'until'), c('path', ['src/**'])],
      // The search branch's catch-up merge has main's side below `since`: that parent no longer counts for simplification.
      [c('branch', ['main'], 'since'), c('path', ['src/app'])],
      [c('branch', ['main'], 'since'), c('branch', ['feature/search'], 'until'), c('path', ['src/app/*.ts', 'test'])],
      [c('tag', ['v4.1.0'], 'since'), c('path', ['docs'])],
      // The release merge's second parent is the `since` tip itself, which still counts (git's BOTTOM).
      [c('tag', ['v4.2.1'], 'since'), c('branch', ['main'], 'until'), c('path', ['package.json', '.onedev-buildspec.yml'])],
      [c('tag', ['v4.0.0'], 'since'), c('branch', ['main'], 'until'), c('after', [iso(mid.commitTime)]), c('before', [iso(late.commitTime)]), c('message', ['fix'])],
      // Of several dates of one kind, the last counts (each sets the same git option).
      [c('after', [iso(late.commitTime)]), c('after', [iso(mid.commitTime)]), c('before', [iso(mid.commitTime)]), c('before', [iso(late.commitTime)])],
      [c('tag', ['v4.2.0'], 'until'), { fuzzy: 'v4.1.0' }],
      [{ fuzzy: 'v4.1.0' }, c('tag', ['v4.2.0'], 'until')],
      [{ fuzzy: 'retry' }, c('message', ['release'])],
      [c('author', ['robin']), c('authored-by-me', []), c('committer', ['ci-bot'])],
    ];
    for (const terms of ranges) if (terms.every((t) => 'fuzzy' in t || t.criterion)) await check(terms);
    for (const order of language.criteria.filter((x) => 'orders' in x.selects)) {
      for (const base of [[], [c('path', ['src/**'])], [c('tag', ['v4.0.0'], 'since'), c('default-branch', [], 'until')]]) await check([...base, { criterion: order, values: [] }]);
    }
  });

  it('an outcome kept for one caller is not another\'s: authored-by-me and committed-by-me follow the request\'s user', async () => {
    for (const keyword of language.criteria.filter((x) => 'user' in x.selects && !x.takesValues).map((x) => x.keyword)) {
      const lists: string[][] = [];
      for (const caller of [CALLER, 'kim', CALLER]) {
        const answer = await engine.handle({ method: 'GET', url: `/~api/repositories/${PROJECT}/commits?count=${MAX}&query=${keyword}`, headers: { authorization: basicAuth(caller, 'x') }, body: Buffer.alloc(0) });
        const hashes = (JSON.parse(answer.body!.toString()) as Rec[]).map((x) => String(x.hash));
        expect(hashes, `${keyword} as ${caller}`).toEqual(referenceLog(history, [{ criterion: criterion(keyword)!, values: [] }], { ...world, caller }, MAX));
        lists.push(hashes);
      }
      expect(lists[1]).not.toEqual(lists[0]);
      expect(lists[2]).toEqual(lists[0]);
    }
  });

  it('projects of one family share their commits (as forks do); a kept outcome naming a build is its project\'s alone', async () => {
    const fork = PROJECT + DISTINCT_HISTORIES;
    expect(historyOf(fork).commits).toBe(history.commits);
    const other = new Set(historyOf(PROJECT + 1).commits.map((x) => x.hash));
    expect(history.commits.some((x) => other.has(x.hash))).toBe(false);
    const build = world.builds.find((b) => b.projectId === PROJECT && history.byHash.has(String(b.commitHash)))!;
    expect(world.builds.some((b) => b.projectId === fork && b.number === build.number)).toBe(false);
    const query = `build(#${String(build.number)})`;
    const url = (project: number) => `/~api/repositories/${project}/commits?count=${MAX}&query=${encodeURIComponent(query)}`;
    for (let round = 0; round < 2; round += 1) {
      const own = await engine.handle({ method: 'GET', url: url(PROJECT), headers: { authorization: AUTH }, body: Buffer.alloc(0) });
      expect(own.status, query).toBe(200);
      expect((JSON.parse(own.body!.toString()) as Rec[]).map((x) => x.hash)).toContain(build.commitHash);
      const forked = await engine.handle({ method: 'GET', url: url(fork), headers: { authorization: AUTH }, body: Buffer.alloc(0) });
      const r = refusalOf('build');
      expect([forked.status, forked.body?.toString()], `${query} in project ${fork}`).toEqual([r.status, r.message.replace('{value}', `#${String(build.number)}`)]);
    }
  });

  it('a path hides a change a side branch reverted before it was merged, as git\'s history simplification does', async () => {
    const revert = history.commits.find((x) => x.subject.startsWith('Revert "'))!;
    const draft = revert.changes[0]!.oldPath!;
    const reverted = history.byHash.get(revert.parents[0]!)!;
    // Each of the two commits changes the file; the merge leaves main as it was there.
    expect(reverted.changes.map((ch) => ch.newPath)).toEqual([draft]);
    expect(revert.changes.map((ch) => ch.oldPath)).toEqual([draft]);
    const all = ((await ask(undefined)).body as Rec[]).map((x) => x.hash);
    expect(all).toEqual(expect.arrayContaining([revert.hash, reverted.hash]));
    const [path, branch] = [criterion('path')!, criterion('branch')!];
    // From main, only the merge leads to them, and it equals main on the file: git follows main alone.
    expect(await check([{ criterion: branch, values: ['main'] }, { criterion: path, values: [draft] }])).toEqual([]);
    // From the branch itself (or from every branch, the default), nothing is in the way.
    expect(await check([{ criterion: branch, values: ['docs/handbook'] }, { criterion: path, values: [draft] }])).toEqual([revert.hash, reverted.hash]);
    expect(await check([{ criterion: path, values: [draft] }])).toEqual([revert.hash, reverted.hash]);
  });

  it('orders differ from the default where the history says they should; the last order keyword wins', async () => {
    const orders = language.criteria.filter((x) => 'orders' in x.selects);
    if (!livesAt({ since: 'v14.1.0' }, release)) {
      expect(orders).toEqual([]);
      return;
    }
    const plain = (await ask(undefined)).body as Rec[];
    for (const order of orders) {
      const got = ((await ask(order.keyword)).body as Rec[]).map((x) => x.hash);
      expect(new Set(got)).toEqual(new Set(plain.map((x) => x.hash)));
      // Commit dates grow from parent to child here, so only the author date and the graph reorder.
      if ((order.selects as { orders: { property?: string } }).orders.property !== 'commitDate') expect(got, order.keyword).not.toEqual(plain.map((x) => x.hash));
    }
    const [first, last] = [orders[0]!, orders[orders.length - 1]!];
    expect((await ask(`${first.keyword} ${last.keyword}`)).body).toEqual((await ask(last.keyword)).body);
  });

  it('count caps the list (0 lists everything), and field fills exactly the properties asked for', async () => {
    const all = ((await ask(undefined)).body as Rec[]).map((c) => c.hash);
    for (const count of [1, 3, 17]) expect(((await ask(undefined, '', count)).body as Rec[]).map((c) => c.hash)).toEqual(all.slice(0, count));
    expect(((await ask(undefined, '', 0)).body as Rec[]).length).toBe(all.length);
    const details = ((doc.components!.schemas!.CommitDetail as SchemaObject).enum ?? []) as string[];
    expect(details.includes('LINE_CHANGES')).toBe(livesAt({ until: 'v16.2.0' }, release));
    const properties = Object.keys((doc.components!.schemas!.LogCommit as SchemaObject).properties!);
    for (const query of [undefined, 'path(src/login)(docs/*.md)', 'since tag(v4.0.0) until branch(main)']) {
      const paths = query?.startsWith('path') ? ['src/login', 'docs/*.md'] : [];
      for (const asked of [...details.map((d) => [d]), details]) {
        const got = await ask(query, asked.map((d) => `&field=${d}`).join(''));
        expect(got.status, got.text).toBe(200);
        expect(validList(got.body), asked.join()).toBe(true);
        const filled = new Set(asked.map((d) => FILLS[d]!));
        for (const c of got.body as Rec[]) {
          const commit = history.byHash.get(String(c.hash))!;
          for (const p of properties) if (p !== 'hash') expect(c[p] === null, `${p} when asked for ${asked.join()}`).toBe(!filled.has(p));
          if (filled.has('subject')) expect(c.subject).toBe(commit.subject);
          if (filled.has('body')) expect(c.body).toBe(commit.body);
          if (filled.has('commitDate')) expect(Date.parse(String(c.commitDate))).toBe(commit.commitTime);
          if (filled.has('parentHashes')) expect(c.parentHashes).toEqual(commit.parents);
          if (filled.has('author')) expect(c.author).toMatchObject({ name: commit.author.name, emailAddress: commit.author.email, when: commit.authorTime });
          if (filled.has('committer')) expect(c.committer).toMatchObject({ name: commit.committer.name, emailAddress: commit.committer.email, when: commit.commitTime });
          if (filled.has('fileChanges')) expect(c.fileChanges).toEqual(shownChanges(commit, asked.includes('LINE_CHANGES'), paths));
        }
      }
    }
  });

  it('unknown revisions, builds and dates and malformed queries get the release\'s refusal; criteria it lacks do not parse', async () => {
    const c = (keyword: string, values: string[]): Term[] => (criterion(keyword) ? [{ criterion: criterion(keyword)!, values }] : []);
    const unknown = [
      ...c('branch', ['no-such-branch']),
      ...c('tag', ['v9.9.9']),
      ...c('commit', ['0123456789abcdef0123456789abcdef01234567']),
      ...c('commit', ['zzz-not-a-revision']),
      ...c('build', ['#999999']),
      ...c('build', ['no/such/project#1']),
      ...c('before', ['2025-13-45']),
    ];
    expect(unknown).toHaveLength(7);
    for (const term of unknown) {
      const want = expected(history, [term], world);
      expect('refusal' in want, textOf([term])).toBe(true);
      await check([term]);
      if ('criterion' in term && term.criterion.revision) await check([{ ...term, bound: 'since' }]);
    }
    expect(refusalOf('revision').status).toBe(404);
    const syntax = refusalOf('syntax');
    for (const bad of ['branch (main)', 'since path(x)', 'branch()', 'open', 'author(a', '(', 'tag(v4.0.0)tag(v4.1.0)', 'since', '~x', 'after(2025-01-01)(2025-02-01)', 'since after(2025-01-01)']) {
      const got = await ask(bad);
      expect([got.status, got.text], bad).toEqual([syntax.status, syntax.message]);
    }
    // Criteria of the catalogue this release does not have are not in its grammar.
    const lacking = commitQuery.criteria.filter((x) => !livesAt(x, release));
    expect(lacking.length > 0).toBe(!livesAt({ since: 'v14.1.0' }, release));
    for (const x of lacking) {
      const got = await ask(x.keyword);
      expect([got.status, got.text], x.keyword).toEqual([syntax.status, syntax.message]);
    }
  });

  it('Get Commit answers the history\'s commit as Query Commits does for commit(<hash>); a commit the history lacks is 404 with --stateful', async () => {
    const fields = '&field=SUBJECT&field=PARENTS&field=FILE_CHANGES';
    const get = async (e: MockEngine, hash: string) => {
      const a = await e.handle({ method: 'GET', url: `/~api/repositories/${PROJECT}/commits/${hash}?${fields.slice(1)}`, headers: { authorization: AUTH }, body: Buffer.alloc(0) });
      return { status: a.status, text: a.body?.toString() ?? '' };
    };
    const readPlan = plans.find((p) => p.method === 'GET' && p.path === '/repositories/{projectId}/commits/{commitHash}')!;
    const validOne = validate((readPlan.success!.contents[0]!.schema ?? {}) as SchemaObject);
    for (const revision of [mid.hash, late.hash.slice(0, 12), 'main', 'v4.1.0']) {
      const got = await get(engine, revision);
      expect(got.status, got.text).toBe(200);
      const one = JSON.parse(got.text) as Rec;
      expect(validOne(one)).toBe(true);
      expect(one).toEqual(((await ask(`commit(${revision})`, fields, 1)).body as Rec[])[0]);
      expect(one.hash).toBe(resolve(history, revision));
    }
    const missing = '0123456789abcdef0123456789abcdef01234567';
    const stateful = new MockEngine(doc, { administrators: [CALLER], stateful: true });
    const gone = await get(stateful, missing);
    expect([gone.status, gone.text]).toEqual([404, refusalOf('commit').message.replace('{value}', missing)]);
    const goneName = await get(stateful, 'no-such-revision');
    expect([goneName.status, goneName.text]).toEqual([404, refusalOf('revision').message.replace('{value}', 'no-such-revision')]);
    // Without --stateful, a read of what the mock does not hold answers the documented example, as every read does.
    const example = await get(engine, missing);
    expect(example.status).toBe(200);
    expect(validOne(JSON.parse(example.text))).toBe(true);
  });
});
