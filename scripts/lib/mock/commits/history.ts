/**
 * A generated Git history per project, so that commit queries have something to select: a
 * default branch `main`, feature, docs, bugfix and release branches (some merged back with merge
 * commits, one fast-forwarded, some left open), tags `v4.0.0` to `v4.2.1` and `releases/2025-06`,
 * a handful of authors (the mock's users `robin`, `alice`, `kim` and `sam`, plus someone who is
 * no user), rebased commits whose author date precedes their commit date, and file changes under
 * several directories, with one exact rename and, on a side branch, a change reverted before the
 * branch was merged.
 *
 * The shape of the history is the same for every project; what each commit touches, who wrote it
 * and when vary with the project id, deterministically, over DISTINCT_HISTORIES families (projects
 * of one family share their commits, as forks do). Commit dates grow strictly from parent to
 * child, as in a repository without clock skew. A family's history is built on first use and
 * kept, never per request.
 */
import { createHash } from 'node:crypto';

export interface Person {
  name: string;
  email: string;
}

/** One file a commit changed against its first parent. Line counts are -1 for a binary file. */
export interface Change {
  oldPath: string | null;
  newPath: string | null;
  additions: number;
  deletions: number;
}

export interface Commit {
  hash: string;
  /** Position in `CommitHistory.commits`: parents always come first. */
  index: number;
  parents: readonly string[];
  author: Person;
  committer: Person;
  /** Milliseconds, whole seconds (Git keeps seconds). */
  authorTime: number;
  commitTime: number;
  subject: string;
  /** The message after the subject's paragraph; empty when there is none. */
  body: string;
  /** Against the first parent (a merge's changes are what it brought in, a root's every file). */
  changes: readonly Change[];
  /** Path -> content id of every file, to tell whether two commits agree on some paths. */
  tree: ReadonlyMap<string, string>;
}

export interface CommitHistory {
  projectId: number;
  /** Oldest first; every commit after its parents. */
  commits: readonly Commit[];
  byHash: ReadonlyMap<string, Commit>;
  /** Branch and tag names (without `refs/heads/`, `refs/tags/`) -> commit hash, in name order. */
  branches: ReadonlyMap<string, string>;
  tags: ReadonlyMap<string, string>;
  defaultBranch: string;
}

/** The addresses the mock's user `login` has verified: commits match "by me" criteria by them. */
export function emailAddressesOf(login: string): string[] {
  return [`${login}@example.com`];
}

const person = (login: string, name: string): Person & { login: string } => ({ login, name, email: emailAddressesOf(login)[0]! });
const ROBIN = person('robin', 'Robin Shen');
const CI_BOT = person('ci-bot', 'CI Bot');
/** Authors, with how often each writes (weights). Dana is no user of the mock. */
const AUTHORS: ReadonlyArray<[Person, number]> = [
  [ROBIN, 4],
  [person('alice', 'Alice Wong'), 3],
  [person('kim', 'Kim Tran'), 3],
  [person('sam', 'Sam Lee'), 2],
  [{ name: 'Dana Ortiz', email: 'dana.ortiz@contrib.dev' }, 2],
];

const START = Date.UTC(2024, 8, 2, 8, 0, 0);
const END = Date.UTC(2025, 8, 26, 17, 0, 0);
const DAY = 86400e3;

interface Area {
  /** Where its new files go, and the names they may take. */
  dir: string;
  newFiles: readonly string[];
  /** The prefixes of existing files it edits. */
  edits: readonly string[];
  scope: string;
  nouns: readonly string[];
}

const AREAS: Record<string, Area> = {
  app: { dir: 'src/app', newFiles: ['cache.ts', 'errors.ts', 'theme.ts'], edits: ['src/app/'], scope: 'app', nouns: ['startup time', 'route table', 'cache warm-up', 'error page', 'config loading'] },
  login: { dir: 'src/login', newFiles: ['form.ts', 'session.ts', 'remember.ts', 'sso.ts'], edits: ['src/login/', 'test/login'], scope: 'login', nouns: ['sign-in form', 'session timeout', 'remembered method', 'SSO redirect'] },
  search: { dir: 'src/search', newFiles: ['index.ts', 'query.ts', 'ranking.ts'], edits: ['src/search/', 'test/search'], scope: 'search', nouns: ['query parser', 'result ranking', 'index refresh'] },
  webhooks: { dir: 'src/webhooks', newFiles: ['deliver.ts', 'retry.ts', 'signature.ts'], edits: ['src/webhooks/'], scope: 'webhooks', nouns: ['webhook delivery', 'retry backoff', 'payload signature'] },
  util: { dir: 'src/util', newFiles: ['numbers.ts', 'paths.ts'], edits: ['src/util/'], scope: 'util', nouns: ['date helpers', 'string helpers', 'path joining'] },
  docs: { dir: 'docs', newFiles: ['install.md', 'faq.md', 'handbook/review.md', 'handbook/release.md'], edits: ['docs/', 'README.md'], scope: 'docs', nouns: ['install guide', 'API reference', 'review handbook', 'FAQ'] },
  test: { dir: 'test', newFiles: ['routes.test.ts', 'util.test.ts'], edits: ['test/'], scope: 'test', nouns: ['flaky timeout test', 'route tests', 'fixtures'] },
  build: { dir: 'ci', newFiles: ['lint.sh'], edits: ['package.json', '.onedev-buildspec.yml', 'assets/'], scope: 'build', nouns: ['dependencies', 'build spec', 'logo'] },
};

const ROOT_FILES = ['README.md', 'package.json', '.onedev-buildspec.yml', 'assets/logo.png', 'src/app/main.ts', 'src/app/routes.ts', 'src/app/config.ts', 'src/util/strings.ts', 'src/util/dates.ts', 'docs/guide.md', 'docs/api.md', 'test/app.test.ts'];
const RENAMED: readonly [string, string] = ['src/util/strings.ts', 'src/util/text.ts'];
/** A file added and reverted on a side branch before it was merged. */
export const DRAFT = 'docs/upgrade-draft.md';
const isBinary = (path: string): boolean => /\.(png|jpg|ico)$/.test(path);

/** A small deterministic generator (mulberry32). */
function generator(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Everything a commit is made of before its time is known. */
interface Draft {
  index: number;
  parents: string[];
  author: Person;
  /** Set for a rebased or applied commit: someone else committed it, days after it was written. */
  committer?: Person;
  subject: string;
  body: string;
  changes: Change[];
  tree: Map<string, string>;
  hash: string;
}

class Builder {
  readonly drafts: Draft[] = [];
  private readonly byHash = new Map<string, Draft>();
  readonly heads = new Map<string, string>();
  readonly tags = new Map<string, string>();
  private blobs = 0;

  constructor(private readonly projectId: number, readonly random: () => number) {}

  int(min: number, max: number): number {
    return min + Math.floor(this.random() * (max - min + 1));
  }

  pick<T>(list: readonly T[]): T {
    return list[Math.floor(this.random() * list.length)]!;
  }

  private author(): Person {
    const total = AUTHORS.reduce((sum, [, w]) => sum + w, 0);
    let at = this.random() * total;
    for (const [who, weight] of AUTHORS) if ((at -= weight) < 0) return who;
    return ROBIN;
  }

  private blob(): string {
    return `b${(this.blobs += 1)}`;
  }

  private add(draft: Omit<Draft, 'hash' | 'index'>): string {
    const index = this.drafts.length;
    const hash = createHash('sha1')
      .update(`project ${this.projectId}\ncommit ${index}\nparents ${draft.parents.join(' ')}\n${draft.author.email}\n${draft.subject}`)
      .digest('hex');
    const full = { ...draft, index, hash };
    this.drafts.push(full);
    this.byHash.set(hash, full);
    return hash;
  }

  root(): void {
    const tree = new Map(ROOT_FILES.map((p) => [p, this.blob()]));
    const changes = ROOT_FILES.map((p) => ({ oldPath: null, newPath: p, additions: isBinary(p) ? -1 : this.int(10, 120), deletions: isBinary(p) ? -1 : 0 }));
    this.heads.set('main', this.add({ parents: [], author: ROBIN, subject: 'Initial commit', body: '', changes: sortChanges(changes), tree }));
  }

  /** One commit on `branch` touching `area`; `rename` makes it the history's exact rename. */
  commit(branch: string, areaName: string, options: { subject?: string; rename?: boolean; adds?: string } = {}): string {
    const area = AREAS[areaName]!;
    const parent = this.byHash.get(this.heads.get(branch)!)!;
    const tree = new Map(parent.tree);
    const changes: Change[] = [];
    const touched = new Set<string>();
    if (options.rename && tree.has(RENAMED[0])) {
      tree.set(RENAMED[1], tree.get(RENAMED[0])!);
      tree.delete(RENAMED[0]);
      changes.push({ oldPath: RENAMED[0], newPath: RENAMED[1], additions: 0, deletions: 0 });
      touched.add(RENAMED[0]).add(RENAMED[1]);
    }
    if (options.adds !== undefined) {
      tree.set(options.adds, this.blob());
      changes.push({ oldPath: null, newPath: options.adds, additions: this.int(8, 40), deletions: 0 });
      touched.add(options.adds);
    }
    const editable = (): string[] => [...tree.keys()].filter((p) => !touched.has(p) && area.edits.some((e) => p.startsWith(e)));
    for (let n = options.rename || options.adds !== undefined ? 0 : this.int(1, 3); n > 0; n -= 1) {
      const roll = this.random();
      const fresh = area.newFiles.map((f) => `${area.dir}/${f}`).filter((p) => !tree.has(p) && !touched.has(p));
      const existing = editable();
      if ((roll < 0.3 || existing.length === 0) && fresh.length > 0) {
        const path = this.pick(fresh);
        tree.set(path, this.blob());
        changes.push({ oldPath: null, newPath: path, additions: this.int(8, 90), deletions: 0 });
        touched.add(path);
      } else if (roll > 0.93 && existing.some((p) => !ROOT_FILES.includes(p))) {
        // Only files added later go away, so the files the script renames stay.
        const path = this.pick(existing.filter((p) => !ROOT_FILES.includes(p)));
        tree.delete(path);
        changes.push({ oldPath: path, newPath: null, additions: 0, deletions: isBinary(path) ? -1 : this.int(5, 60) });
        touched.add(path);
      } else if (existing.length > 0) {
        const path = this.pick(existing);
        tree.set(path, this.blob());
        const binary = isBinary(path);
        changes.push({ oldPath: path, newPath: path, additions: binary ? -1 : this.int(1, 40), deletions: binary ? -1 : this.int(0, 25) });
        touched.add(path);
      }
    }
    if (changes.length === 0) {
      tree.set('README.md', this.blob());
      changes.push({ oldPath: 'README.md', newPath: 'README.md', additions: this.int(1, 9), deletions: this.int(0, 5) });
    }
    const author = this.author();
    // About one commit in five was rebased or applied by someone else, days after it was written.
    const committer = this.random() < 0.2 ? (author === ROBIN ? CI_BOT : this.pick([ROBIN, CI_BOT])) : undefined;
    const subject = options.subject ?? this.subject(area, options.rename === true);
    const body = this.random() < 0.5 ? this.body(area) : '';
    const hash = this.add({ parents: [parent.hash], author, ...(committer ? { committer } : {}), subject, body, changes: sortChanges(changes), tree });
    this.heads.set(branch, hash);
    return hash;
  }

  private subject(area: Area, rename: boolean): string {
    if (rename) return 'refactor(util): rename the string helpers to text helpers';
    const kind = this.pick(['feat', 'fix', 'fix', 'refactor', 'perf', 'chore']);
    const verb = { feat: 'add', fix: 'fix', refactor: 'simplify', perf: 'speed up', chore: 'update' }[kind] ?? 'update';
    return `${kind}(${area.scope}): ${verb} ${this.pick(area.nouns)}`;
  }

  private body(area: Area): string {
    const reason = this.pick(['The old behaviour surprised users.', 'Reported by the support team.', `Needed for the ${this.pick(area.nouns)}.`, 'A retry now waits longer each time.']);
    return this.random() < 0.5 ? `${reason}\n\nFixes #${this.int(1, 40)}.` : reason;
  }

  /** `from` merged into `into` with a merge commit (a file both changed gets a resolution). */
  merge(into: string, from: string, subject = `Merge branch '${from}'${into === 'main' ? '' : ` into ${into}`}`): string {
    const ours = this.byHash.get(this.heads.get(into)!)!;
    const theirs = this.byHash.get(this.heads.get(from)!)!;
    const base = this.byHash.get(mergeBaseOf(this.byHash, ours.hash, theirs.hash)!)!;
    const tree = new Map<string, string>();
    for (const path of new Set([...ours.tree.keys(), ...theirs.tree.keys(), ...base.tree.keys()])) {
      const [o, t, b] = [ours.tree.get(path), theirs.tree.get(path), base.tree.get(path)];
      const merged = o === t ? o : o === b ? t : t === b ? o : this.blob();
      if (merged !== undefined) tree.set(path, merged);
    }
    const author = this.random() < 0.6 ? ROBIN : this.author();
    const body = this.random() < 0.5 ? `Reviewed in pull request #${this.int(1, 60)}.` : '';
    const hash = this.add({ parents: [ours.hash, theirs.hash], author, subject, body, changes: diffTrees(ours.tree, tree), tree });
    this.heads.set(into, hash);
    return hash;
  }

  /** A commit adding `path` on `branch`, then its revert: the branch ends where it started for that path. */
  draftAndRevert(branch: string, path: string): void {
    const added = this.commit(branch, 'docs', { subject: 'docs: add a draft of the upgrade notes', adds: path });
    const before = this.byHash.get(this.byHash.get(added)!.parents[0]!)!;
    const tree = new Map(before.tree);
    const lines = this.byHash.get(added)!.changes.reduce((n, c) => n + Math.max(c.additions, 0), 0);
    const changes = [...this.byHash.get(added)!.tree.keys()].filter((p) => !tree.has(p)).map((p) => ({ oldPath: p, newPath: null, additions: 0, deletions: lines }));
    const hash = this.add({ parents: [added], author: ROBIN, subject: 'Revert "docs: add a draft of the upgrade notes"', body: `This reverts commit ${added}.`, changes, tree });
    this.heads.set(branch, hash);
  }

  branch(name: string, from: string): void {
    this.heads.set(name, this.heads.get(from)!);
  }

  tag(name: string, branch: string): void {
    this.tags.set(name, this.heads.get(branch)!);
  }

  /** Commits on several branches, interleaved at random: `[branch, area, count]`. */
  interleave(lines: ReadonlyArray<[string, string, number]>): void {
    const left = lines.map(([, , count]) => count);
    for (let total = left.reduce((a, b) => a + b, 0); total > 0; total -= 1) {
      let at = Math.floor(this.random() * total);
      const k = left.findIndex((n) => (at -= n) < 0);
      left[k]! -= 1;
      this.commit(lines[k]![0], lines[k]![1]);
    }
  }

  commits(branch: string, areas: readonly string[], count: number): void {
    for (let i = 0; i < count; i += 1) this.commit(branch, this.pick(areas));
  }
}

function sortChanges(changes: Change[]): Change[] {
  const key = (c: Change) => c.newPath ?? c.oldPath ?? '';
  return changes.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}

/** What turns tree `a` into tree `b`, a file moved unchanged being a rename (line counts unknown: -1). */
function diffTrees(a: ReadonlyMap<string, string>, b: ReadonlyMap<string, string>): Change[] {
  const added = [...b.keys()].filter((p) => !a.has(p));
  const deleted = [...a.keys()].filter((p) => !b.has(p));
  const changes: Change[] = [];
  for (const path of deleted) {
    const moved = added.findIndex((p) => b.get(p) === a.get(path));
    if (moved >= 0) changes.push({ oldPath: path, newPath: added.splice(moved, 1)[0]!, additions: 0, deletions: 0 });
    else changes.push({ oldPath: path, newPath: null, additions: -1, deletions: -1 });
  }
  for (const path of added) changes.push({ oldPath: null, newPath: path, additions: -1, deletions: -1 });
  for (const [path, blob] of b) if (a.has(path) && a.get(path) !== blob) changes.push({ oldPath: path, newPath: path, additions: -1, deletions: -1 });
  return sortChanges(changes);
}

/** Every commit reachable from `starts` (themselves included), following `parentsOf`. */
export function reachable(starts: Iterable<string>, parentsOf: (hash: string) => readonly string[] | undefined): Set<string> {
  const seen = new Set<string>();
  const stack = [...starts];
  while (stack.length > 0) {
    const hash = stack.pop()!;
    if (seen.has(hash)) continue;
    const parents = parentsOf(hash);
    if (parents === undefined) continue;
    seen.add(hash);
    stack.push(...parents);
  }
  return seen;
}

/**
 * The common ancestor of two commits that comes last in commit order: no other common ancestor
 * descends from it, so it is a best merge base (the only one, as these histories have no
 * criss-cross merges).
 */
function mergeBaseOf(commits: ReadonlyMap<string, { parents: readonly string[]; index: number }>, a: string, b: string): string | undefined {
  const parentsOf = (h: string) => commits.get(h)?.parents;
  const fromA = reachable([a], parentsOf);
  let best: { index: number; hash: string } | undefined;
  for (const hash of reachable([b], parentsOf)) {
    const index = commits.get(hash)!.index;
    if (fromA.has(hash) && (!best || index > best.index)) best = { index, hash };
  }
  return best?.hash;
}

/** The merge base of two commits of a history, as `git merge-base` finds it. */
export function mergeBase(history: CommitHistory, a: string, b: string): string | undefined {
  return mergeBaseOf(history.byHash, a, b);
}

function build(projectId: number): CommitHistory {
  const b = new Builder(projectId, generator(Math.imul(projectId ^ 0x5bd1e995, 2654435761)));
  b.root();
  b.commits('main', ['app', 'util', 'docs', 'build', 'test'], b.int(6, 9));
  b.tag('v4.0.0', 'main');
  b.branch('feature/login', 'main');
  b.interleave([['feature/login', 'login', b.int(5, 7)], ['main', 'app', b.int(3, 5)], ['main', 'test', 2]]);
  b.merge('main', 'feature/login');
  b.commits('main', ['app', 'util', 'build'], b.int(3, 5));
  b.branch('docs/handbook', 'main');
  b.interleave([['docs/handbook', 'docs', b.int(3, 4)], ['main', 'app', b.int(2, 4)]]);
  // A draft added and reverted on the branch: `git log -- <draft>` shows neither, the merge being the same as main there.
  b.draftAndRevert('docs/handbook', DRAFT);
  b.merge('main', 'docs/handbook');
  b.commit('main', 'util', { rename: true });
  b.commits('main', ['app', 'login', 'test'], b.int(3, 5));
  b.tag('v4.1.0', 'main');
  b.commits('main', ['app', 'util', 'docs'], b.int(2, 4));
  b.branch('release/4.2', 'main');
  b.interleave([['release/4.2', 'app', b.int(2, 3)], ['main', 'login', b.int(2, 4)], ['main', 'test', 2], ['main', 'docs', b.int(1, 3)]]);
  b.commit('release/4.2', 'build', { subject: 'chore: release 4.2.0' });
  b.tag('v4.2.0', 'release/4.2');
  b.branch('feature/search', 'main');
  b.interleave([['feature/search', 'search', b.int(3, 4)], ['main', 'app', b.int(3, 5)], ['release/4.2', 'app', 1]]);
  // The open search branch catches up with main once.
  b.merge('feature/search', 'main');
  b.commits('feature/search', ['search'], b.int(2, 3));
  b.commit('release/4.2', 'build', { subject: 'chore: release 4.2.1' });
  b.tag('v4.2.1', 'release/4.2');
  b.merge('main', 'release/4.2');
  b.commits('main', ['app', 'util', 'test', 'build'], b.int(4, 7));
  b.tag('releases/2025-06', 'main');
  b.branch('bugfix/crash', 'main');
  b.commits('bugfix/crash', ['app', 'test'], 2);
  // A fast-forward: main takes the bugfix branch's commits as they are.
  b.branch('main', 'bugfix/crash');
  b.commits('main', ['app', 'login', 'docs', 'util'], b.int(7, 10));
  b.branch('feature/webhooks', 'main');
  b.interleave([['feature/webhooks', 'webhooks', b.int(4, 6)], ['main', 'app', b.int(5, 8)], ['main', 'docs', b.int(2, 3)], ['main', 'test', b.int(1, 3)]]);
  b.commits('main', ['app', 'webhooks', 'util', 'build'], b.int(5, 8));
  return finish(projectId, b);
}

/** Times spread over START..END in commit order, then the commits as they are kept. */
function finish(projectId: number, b: Builder): CommitHistory {
  const n = b.drafts.length;
  const slot = (END - START) / n;
  const commits: Commit[] = b.drafts.map((draft, index) => {
    const commitTime = Math.floor((START + slot * (index + 0.15 + 0.7 * b.random())) / 1000) * 1000;
    const authorTime = draft.committer ? commitTime - Math.floor((DAY + b.random() * 9 * DAY) / 1000) * 1000 : commitTime;
    const { parents, author, subject, body, changes, tree, hash } = draft;
    return { hash, index, parents, author, committer: draft.committer ?? author, authorTime, commitTime, subject, body, changes, tree };
  });
  const sorted = (map: Map<string, string>) => new Map([...map].sort(([a], [c]) => (a < c ? -1 : a > c ? 1 : 0)));
  return { projectId, commits, byHash: new Map(commits.map((c) => [c.hash, c])), branches: sorted(b.heads), tags: sorted(b.tags), defaultBranch: 'main' };
}

/**
 * Distinct histories: a project's is that of its id modulo this, as if the projects whose ids
 * differ by a multiple of it were forks of one another. Any project id may be asked for (a client
 * walking ids asks for a new one each time), and building a history takes milliseconds: at most
 * this many are ever built.
 */
export const DISTINCT_HISTORIES = 16;
const shapes = new Map<number, CommitHistory>();

/** The history of a project: its family's commits (built once), under the project's own id. */
export function historyOf(projectId: number): CommitHistory {
  const family = ((((projectId - 1) % DISTINCT_HISTORIES) + DISTINCT_HISTORIES) % DISTINCT_HISTORIES) + 1;
  let shape = shapes.get(family);
  if (!shape) shapes.set(family, (shape = build(family)));
  return shape.projectId === projectId ? shape : { ...shape, projectId };
}

/**
 * A revision as Git resolves it (JGit's `Repository.resolve`): a full hash (which may name no
 * commit here), `HEAD`, a ref name (`refs/heads/main`, or `main` with tags before branches), or
 * an abbreviated hash naming one commit. Undefined when nothing matches.
 */
export function resolveRevision(history: CommitHistory, revision: string): { commit: Commit } | { missing: string } | undefined {
  if (/^[0-9a-fA-F]{40}$/.test(revision)) {
    const hash = revision.toLowerCase();
    const commit = history.byHash.get(hash);
    return commit ? { commit } : { missing: hash };
  }
  const ref = (name: string): Commit | undefined => {
    if (name === 'HEAD') return history.byHash.get(history.branches.get(history.defaultBranch)!);
    const hash = name.startsWith('refs/heads/')
      ? history.branches.get(name.slice('refs/heads/'.length))
      : name.startsWith('refs/tags/')
        ? history.tags.get(name.slice('refs/tags/'.length))
        : history.tags.get(name) ?? history.branches.get(name);
    return hash === undefined ? undefined : history.byHash.get(hash);
  };
  const named = ref(revision);
  if (named) return { commit: named };
  if (/^[0-9a-fA-F]{2,39}$/.test(revision)) {
    const prefix = revision.toLowerCase();
    const matches = history.commits.filter((c) => c.hash.startsWith(prefix));
    // An ambiguous abbreviation resolves to nothing.
    if (matches.length === 1) return { commit: matches[0]! };
  }
  return undefined;
}
