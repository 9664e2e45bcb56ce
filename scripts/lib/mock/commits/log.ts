/**
 * A commit query run on a generated history as OneDev runs it: the query is parsed, each kind of
 * criterion fills `git log` options in the order its kind first appears (a revision that does not
 * resolve, a build that does not exist or a date that does not read is refused there), and the
 * log is what git gives for those options: revisions combined as `git rev-list` combines them,
 * history simplified by the paths, ordered, then filtered by dates, people and message, and cut
 * at the count. What each criterion is comes from the language (revision kinds, targets, matches,
 * bounds), not from its keyword.
 */
import type { QueryCriterionSpec, QueryLanguageSpec } from '../../../../spec/model.js';
import type { QueryNode } from '../query/ast.js';
import { buildCommitHash, type QueryWorld } from '../query/evaluate.js';
import { parserFor } from '../query/grammar.js';
import { Refused, refusalOf } from '../query/refused.js';
import { parseQueryDate, wildcard } from '../query/values.js';
import { emailAddressesOf, reachable, resolveRevision, type Commit, type CommitHistory } from './history.js';
import { logCommitValue } from './log-commit.js';
import { pathspecMatches } from './pathspec.js';

export interface LogResult {
  commits: Commit[];
  /** The paths asked for: file changes are shown for these only, as `git log -- <paths>` shows them. */
  paths: string[];
}

export type LogOutcome = LogResult | { refusal: { status: number; text: string } };

/**
 * How git orders a log: newest commit date first (no option), children first and then the
 * newest by a date (`--date-order`, `--author-date-order`), or one line of history at a time
 * (`--topo-order`).
 */
type Order = { by: 'default' } | { by: 'property'; property: string };

interface Options {
  revisions: Array<{ hash: string; negative: boolean }>;
  /** Per person target (author, committer): patterns, any of which may match `Name <email>`. */
  persons: Map<string, string[]>;
  /** `--grep`: any of them in a line of the message. */
  grep: string[];
  paths: string[];
  after?: number;
  before?: number;
  order: Order;
  count: number;
}

/** Parses and runs `text` on `history` for the caller of `world`; `count` 0 lists everything. */
export function runCommitQuery(language: QueryLanguageSpec, text: string | undefined, history: CommitHistory, world: QueryWorld, count: number): LogOutcome {
  let list: QueryNode[] = [];
  if (text !== undefined) {
    try {
      list = parserFor(language).parse(text).list ?? [];
    } catch {
      return { refusal: refusalOf(language, new Refused('syntax')) };
    }
  }
  return runCommitList(language, list, history, world, count);
}

/** Runs criteria already parsed (the read of one commit builds its own). */
export function runCommitList(language: QueryLanguageSpec, list: readonly QueryNode[], history: CommitHistory, world: QueryWorld, count: number): LogOutcome {
  try {
    const options = fill(language, list, history, world, count);
    return { commits: log(history, options), paths: options.paths };
  } catch (error) {
    if (error instanceof Refused) return { refusal: refusalOf(language, error) };
    throw error;
  }
}

/** What one criterion contributes, by what the language says it is. */
type Kind =
  | { kind: 'revision'; criterion: QueryCriterionSpec }
  | { kind: 'order'; criterion: QueryCriterionSpec }
  | { kind: 'person'; criterion: QueryCriterionSpec; target: string }
  | { kind: 'date'; bound: 'before' | 'after' }
  | { kind: 'path' }
  | { kind: 'grep' }
  | { kind: 'fuzzy' };

function kindOf(language: QueryLanguageSpec, node: QueryNode): Kind {
  if (node.type === 'fuzzy') return { kind: 'fuzzy' };
  if (node.type !== 'criterion') throw new Refused('syntax');
  const criterion = language.criteria.find((c) => c.keyword === node.keyword)!;
  const s = criterion.selects;
  if (criterion.revision) return { kind: 'revision', criterion };
  if ('orders' in s) return { kind: 'order', criterion };
  if ('refused' in s || 'in' in s) throw new Refused('syntax');
  const target = 'property' in s.target ? s.target.property : s.target.relation;
  if ('user' in s || s.match === 'person') return { kind: 'person', criterion, target };
  if (s.match === 'date') return { kind: 'date', bound: s.bound ?? 'after' };
  if (s.match === 'pathspec') return { kind: 'path' };
  return { kind: 'grep' };
}

/** The key of the server's criterion class: values of one class are gathered where it first appears. */
function classOf(kind: Kind): string {
  if (kind.kind === 'person') return `person ${kind.target}`;
  if (kind.kind === 'date') return `date ${kind.bound}`;
  return kind.kind;
}

function fill(language: QueryLanguageSpec, list: readonly QueryNode[], history: CommitHistory, world: QueryWorld, count: number): Options {
  const classes = new Map<string, Array<{ node: QueryNode; kind: Kind }>>();
  for (const node of list) {
    const kind = kindOf(language, node);
    const key = classOf(kind);
    if (!classes.has(key)) classes.set(key, []);
    classes.get(key)!.push({ node, kind });
  }
  const options: Options = { revisions: [], persons: new Map(), grep: [], paths: [], order: { by: 'default' }, count };
  for (const entries of classes.values()) {
    const fuzzy: string[] = [];
    for (const { node, kind } of entries) {
      const values = node.type === 'criterion' ? node.values : [];
      switch (kind.kind) {
        case 'revision': {
          const negative = node.type === 'criterion' && node.bound === 'since';
          for (const value of values.length > 0 ? values : [undefined]) options.revisions.push({ hash: revisionHash(kind.criterion, value, history, world), negative });
          break;
        }
        case 'order':
          // Each order keyword is a git option; the last one given wins.
          options.order = orderOf(kind.criterion);
          break;
        case 'person': {
          const patterns = options.persons.get(kind.target) ?? [];
          options.persons.set(kind.target, patterns);
          if ('user' in kind.criterion.selects && !kind.criterion.takesValues) {
            if (world.caller === undefined) throw new Refused('anonymous');
            patterns.push(...emailAddressesOf(world.caller).map((e) => `<${e}>`));
          } else {
            for (const value of values) {
              const login = value.startsWith('@') ? value.slice(1) : undefined;
              const user = login !== undefined && world.users.some((u) => u.name === login);
              patterns.push(...(user ? emailAddressesOf(login!).map((e) => `<${e}>`) : [value]));
            }
          }
          break;
        }
        case 'date':
          for (const value of values) {
            const time = parseQueryDate(value, world.now);
            // The server formats the date its parser gave without checking it: null fails where no handler maps it (500).
            if (time === undefined) throw new Refused('date', { value });
            options[kind.bound] = time;
          }
          break;
        case 'path':
          options.paths.push(...values);
          break;
        case 'grep':
          options.grep.push(...values);
          break;
        case 'fuzzy':
          if (node.type === 'fuzzy') fuzzy.push(node.text);
          break;
      }
    }
    if (fuzzy.length === 0) continue;
    if (language.tokens.some((t) => t.token === 'fuzzy' && t.revisions)) fillFuzzy(fuzzy, history, options);
    else options.grep.push(...fuzzy);
  }
  return options;
}

/** Text naming a branch ranges over it; a tag or a commit is a revision too; other text is looked for. */
function fillFuzzy(values: readonly string[], history: CommitHistory, options: Options): void {
  let ranged = false;
  for (const value of values) {
    if (history.branches.has(value)) {
      options.revisions.push({ hash: history.branches.get(value)!, negative: false });
      ranged = true;
      continue;
    }
    const resolved = history.tags.has(value) || value.length >= 6 ? resolveRevision(history, value) : undefined;
    if (resolved && 'commit' in resolved) options.revisions.push({ hash: resolved.commit.hash, negative: false });
    else options.grep.push(value);
  }
  // A tag or commit named alone: that commit only.
  if (options.revisions.length === 1 && !ranged) options.count = 1;
}

function orderOf(criterion: QueryCriterionSpec): Order {
  const target = (criterion.selects as { orders: { property?: string; relation?: string } }).orders;
  return { by: 'property', property: target.property ?? target.relation ?? '' };
}

/** The commit a revision criterion names, or the refusal the server answers. */
function revisionHash(criterion: QueryCriterionSpec, value: string | undefined, history: CommitHistory, world: QueryWorld): string {
  const kind = criterion.revision!;
  if (kind === 'build') return commitOf(buildCommit(value ?? '', history, world), history);
  if (kind === 'commit') return commitOf(value ?? '', history);
  const name = value ?? history.defaultBranch;
  const ref = kind === 'tag' ? `refs/tags/${name}` : `refs/heads/${name}`;
  return commitOf(ref, history);
}

function commitOf(revision: string, history: CommitHistory): string {
  const found = revisionCommit(revision, history);
  if (found instanceof Refused) throw found;
  return found;
}

/** The hash of the commit a revision names, or the refusal the server answers (returned, not thrown). */
export function revisionCommit(revision: string, history: CommitHistory): string | Refused {
  const resolved = resolveRevision(history, revision);
  if (!resolved) return new Refused('revision', { value: revision });
  if ('missing' in resolved) return new Refused('commit', { value: resolved.missing });
  return resolved.commit.hash;
}

/** A build reference (`#12`, `12`, `acme/webapp#12`, `WEB-12`) read against the request's project. */
function buildCommit(reference: string, history: CommitHistory, world: QueryWorld): string {
  let projectId = history.projectId;
  let numberText = reference;
  const hash = reference.indexOf('#');
  const dash = reference.indexOf('-');
  if (hash >= 0) {
    const path = reference.slice(0, hash);
    numberText = reference.slice(hash + 1);
    if (path !== '') {
      const project = world.projects.find((p) => p.path === path);
      if (!project) throw new Refused('reference', { value: path });
      projectId = project.id;
    }
  } else if (dash >= 0) {
    const key = reference.slice(0, dash);
    numberText = reference.slice(dash + 1);
    const project = world.projects.find((p) => p.key === key);
    if (!project) throw new Refused('reference', { value: key });
    projectId = project.id;
  }
  if (!/^\d{1,18}$/.test(numberText)) throw new Refused('reference-form', { value: reference });
  return buildCommitHash(world, projectId, Number(numberText), reference);
}

/** `git log` for the options: walk, simplify by the paths, order, filter, cut. */
function log(history: CommitHistory, options: Options): Commit[] {
  const byHash = history.byHash;
  const parentsOf = (h: string) => byHash.get(h)?.parents;
  const negatives = options.revisions.filter((r) => r.negative).map((r) => r.hash);
  const positives = options.revisions.filter((r) => !r.negative).map((r) => r.hash);
  const uninteresting = reachable(negatives, parentsOf);
  const walk = walkFrom(positives.length > 0 ? positives : [...history.branches.values()], history, uninteresting, new Set(negatives), options.paths);
  const ordered = order(walk, history, options.order);
  const patternsMatch = (patterns: readonly string[], ident: string) => patterns.some((p) => wildcard(`*${p.toLowerCase()}*`, ident));
  const shown = ordered.filter((c) => {
    if (options.paths.length > 0 && walk.treesame.has(c.hash)) return false;
    if (options.after !== undefined && c.commitTime < options.after) return false;
    if (options.before !== undefined && c.commitTime > options.before) return false;
    for (const [target, patterns] of options.persons) {
      const who = logCommitValue(c, target) as { name: string; emailAddress: string };
      if (!patternsMatch(patterns, `${who.name} <${who.emailAddress}>`.toLowerCase())) return false;
    }
    if (options.grep.length > 0) {
      const lines = `${c.subject}\n${c.body}`.toLowerCase().split('\n');
      if (!options.grep.some((g) => lines.some((line) => line.includes(g.toLowerCase())))) return false;
    }
    return true;
  });
  return options.count > 0 ? shown.slice(0, options.count) : shown;
}

interface Walk {
  commits: Commit[];
  /** Parents as the walk follows them: a merge the paths did not change keeps the parent it equals. */
  parents: Map<string, readonly string[]>;
  treesame: Set<string>;
}

/**
 * The commits reachable from `tips` and not from the negative revisions. With paths, git's
 * default history simplification: a commit that changes none of them is TREESAME (not shown), and
 * a merge equal to one of its relevant parents on them follows that parent only.
 */
function walkFrom(tips: readonly string[], history: CommitHistory, uninteresting: ReadonlySet<string>, bottoms: ReadonlySet<string>, paths: readonly string[]): Walk {
  const byHash = history.byHash;
  // Each path the history ever had is matched once; commits are then compared on those selected.
  const selected = paths.length === 0 ? [] : pathsOf(history).filter((path) => paths.some((spec) => pathspecMatches(spec, path)));
  const sameOn = (a: Commit, b: Commit | undefined): boolean => selected.every((path) => a.tree.get(path) === b?.tree.get(path));
  // A parent given as `since` still counts as relevant (git's BOTTOM flag).
  const relevant = (hash: string) => !uninteresting.has(hash) || bottoms.has(hash);
  const walk: Walk = { commits: [], parents: new Map(), treesame: new Set() };
  const stack = tips.filter((h) => !uninteresting.has(h));
  const seen = new Set<string>();
  while (stack.length > 0) {
    const hash = stack.pop()!;
    if (seen.has(hash)) continue;
    seen.add(hash);
    const commit = byHash.get(hash)!;
    let parents: readonly string[] = commit.parents;
    if (paths.length > 0) {
      const simplified = simplify(commit, relevant, (p) => sameOn(commit, byHash.get(p)), () => sameOn(commit, undefined));
      parents = simplified.parents;
      if (simplified.treesame) walk.treesame.add(hash);
    }
    walk.commits.push(commit);
    walk.parents.set(hash, parents);
    for (const p of parents) if (!uninteresting.has(p)) stack.push(p);
  }
  return walk;
}

/** By the commits of a history, which the projects of one family share. */
const allPaths = new WeakMap<readonly Commit[], string[]>();

/** Every path some commit of the history has. */
function pathsOf(history: CommitHistory): string[] {
  let paths = allPaths.get(history.commits);
  if (!paths) allPaths.set(history.commits, (paths = [...new Set(history.commits.flatMap((c) => [...c.tree.keys()]))]));
  return paths;
}

/** git's try_to_simplify_commit, for one commit. */
function simplify(commit: Commit, relevant: (hash: string) => boolean, sameAs: (parent: string) => boolean, sameAsEmpty: () => boolean): { parents: readonly string[]; treesame: boolean } {
  if (commit.parents.length === 0) return { parents: [], treesame: sameAsEmpty() };
  let relevantParents = 0;
  let relevantChange = false;
  let irrelevantChange = false;
  for (const parent of commit.parents) {
    const isRelevant = relevant(parent);
    if (isRelevant) relevantParents += 1;
    if (sameAs(parent)) {
      if (isRelevant) return { parents: [parent], treesame: true };
      continue;
    }
    if (isRelevant) relevantChange = true;
    else irrelevantChange = true;
  }
  return { parents: commit.parents, treesame: relevantParents > 0 ? !relevantChange : !irrelevantChange };
}

/**
 * The walked commits in log order. Without an order option: newest commit date first. With one,
 * git's topological sort: a commit waits for all its children; among those ready, the newest
 * by the date, or (graph order) the one found last, so one line of history is followed at a time.
 */
function order(walk: Walk, history: CommitHistory, mode: Order): Commit[] {
  const byDate = [...walk.commits].sort((a, b) => b.commitTime - a.commitTime || b.index - a.index);
  if (mode.by === 'default' || byDate.length === 0) return byDate;
  // By a date of the LogCommit (a time): children first, then the newest; by anything else (the parents): the graph.
  const graph = typeof logCommitValue(byDate[0]!, mode.property) !== 'number';
  const date = (c: Commit) => logCommitValue(c, mode.property) as number;
  const inWalk = new Set(walk.commits.map((c) => c.hash));
  const waiting = new Map<string, number>(walk.commits.map((c) => [c.hash, 0]));
  for (const c of walk.commits) for (const p of walk.parents.get(c.hash)!) if (inWalk.has(p)) waiting.set(p, waiting.get(p)! + 1);
  // The queue: entries with the order they came in; graph order takes the last, the others the newest (then the first in).
  const queue: Array<{ commit: Commit; at: number }> = [];
  let counter = 0;
  const put = (commit: Commit) => queue.push({ commit, at: counter++ });
  const take = (): Commit => {
    let best = queue.length - 1;
    if (!graph) {
      for (let i = 0; i < queue.length; i += 1) {
        const [x, y] = [queue[i]!, queue[best]!];
        if (date(x.commit) > date(y.commit) || (date(x.commit) === date(y.commit) && x.at < y.at)) best = i;
      }
    }
    return queue.splice(best, 1)[0]!.commit;
  };
  const tips = byDate.filter((c) => waiting.get(c.hash) === 0);
  // Graph order shows the tips in the walk's order: the first one on top of the stack.
  for (const tip of graph ? [...tips].reverse() : tips) put(tip);
  const out: Commit[] = [];
  while (queue.length > 0) {
    const commit = take();
    out.push(commit);
    for (const p of walk.parents.get(commit.hash)!) {
      if (!inWalk.has(p)) continue;
      const left = waiting.get(p)! - 1;
      waiting.set(p, left);
      if (left === 0) put(history.byHash.get(p)!);
    }
  }
  return out;
}
