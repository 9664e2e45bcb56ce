/**
 * The branches and tags of each project's repository as a stateful run has changed them: each
 * starts as the project's generated history has them (history.ts), and the `ref` steps of effects
 * (effects/ref.ts) make and delete them. The commits stay the generated ones: a new ref points at
 * one of them.
 */
import type { RefKind } from '../../../../spec/model.js';
import { historyOf, resolveRevision, type CommitHistory } from './history.js';

/** A ref as Get Branch and Get Tag answer it. */
export interface RefAnswer {
  refName: string;
  commitHash: string;
}

const PREFIX: Readonly<Record<RefKind, string>> = { branch: 'refs/heads/', tag: 'refs/tags/' };

/** One project's repository: its history with the refs as they are now. */
export class Repository {
  private readonly refs: Record<RefKind, Map<string, string>>;
  /** When each tag made here was made (the tagger's date, which orders tags). */
  private readonly tagged = new Map<string, number>();
  /** What each deleted ref pointed at, for a branch restored later. */
  private readonly deleted: Record<RefKind, Map<string, string>> = { branch: new Map(), tag: new Map() };
  private current: CommitHistory | undefined;

  constructor(private readonly base: CommitHistory) {
    this.refs = { branch: new Map(base.branches), tag: new Map(base.tags) };
  }

  /** The history as a query sees it: the generated commits under the refs of now. */
  history(): CommitHistory {
    this.current ??= { ...this.base, branches: this.refs.branch, tags: this.refs.tag };
    return this.current;
  }

  has(kind: RefKind, name: string): boolean {
    return this.refs[kind].has(name);
  }

  get(kind: RefKind, name: string): RefAnswer | undefined {
    const hash = this.refs[kind].get(name);
    return hash === undefined ? undefined : { refName: PREFIX[kind] + name, commitHash: hash };
  }

  /** The names, as OneDev lists them: newest first (a tag by its tagging, else by its commit), the default branch before all. */
  names(kind: RefKind): string[] {
    const time = (name: string): number => this.tagged.get(name) ?? this.base.byHash.get(this.refs[kind].get(name)!)?.commitTime ?? 0;
    const names = [...this.refs[kind].keys()].sort((a, b) => time(b) - time(a) || (a < b ? 1 : a > b ? -1 : 0));
    const first = kind === 'branch' ? names.indexOf(this.base.defaultBranch) : -1;
    return first > 0 ? [names[first]!, ...names.slice(0, first), ...names.slice(first + 1)] : names;
  }

  /** Makes the ref at `revision`, else where it was when deleted, else at the default branch's head. */
  create(kind: RefKind, name: string, revision: string | undefined, now: number): void {
    const resolved = revision === undefined ? undefined : resolveRevision(this.history(), revision);
    const hash = resolved && 'commit' in resolved ? resolved.commit.hash : (this.deleted[kind].get(name) ?? this.refs.branch.get(this.base.defaultBranch)!);
    this.refs[kind].set(name, hash);
    if (kind === 'tag') this.tagged.set(name, now);
  }

  delete(kind: RefKind, name: string): void {
    const hash = this.refs[kind].get(name);
    if (hash === undefined) return;
    this.deleted[kind].set(name, hash);
    this.refs[kind].delete(name);
    this.tagged.delete(name);
  }
}

/** The repositories of a run, each made on first use. */
export class Repositories {
  private readonly byProject = new Map<number, Repository>();

  of(projectId: number): Repository {
    let repository = this.byProject.get(projectId);
    if (!repository) this.byProject.set(projectId, (repository = new Repository(historyOf(projectId))));
    return repository;
  }
}
