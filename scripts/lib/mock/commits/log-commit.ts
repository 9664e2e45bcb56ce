/**
 * A commit as the commit reads answer it (`LogCommit`): its hash always, every other property
 * only when `field` asks for it (LogCommand.Field), null otherwise. File changes are `git log
 * --name-status` (line counts -1) or, for `LINE_CHANGES` (before v16.2.0), `git log --numstat`,
 * which names every file by its new path alone unless it was renamed; both list no files for a
 * merge, and only files under the query's paths when it has some.
 */
import { pathspecMatches } from './pathspec.js';
import type { Change, Commit } from './history.js';

type Rec = Record<string, unknown>;

/** The server's time zone: the mock's answers are in UTC. */
const TZ_OFFSET = 0;

const iso = (time: number): string => new Date(time).toISOString().replace('Z', '+00:00');
const ident = (who: Commit['author'], when: number): Rec => ({ name: who.name, emailAddress: who.email, when, tzOffset: TZ_OFFSET });

/** A property of the LogCommit, filled (a dotted path reads into it, e.g. `author.when`). */
export function logCommitValue(commit: Commit, property: string): unknown {
  const [head, ...rest] = property.split('.');
  let value: unknown;
  switch (head) {
    case 'hash':
      value = commit.hash;
      break;
    case 'subject':
      value = commit.subject;
      break;
    case 'body':
      value = commit.body;
      break;
    case 'commitDate':
      value = commit.commitTime;
      break;
    case 'committer':
      value = ident(commit.committer, commit.commitTime);
      break;
    case 'author':
      value = ident(commit.author, commit.authorTime);
      break;
    case 'parentHashes':
      value = commit.parents;
      break;
    default:
      return undefined;
  }
  for (const part of rest) value = value !== null && typeof value === 'object' ? (value as Rec)[part] : undefined;
  return value;
}

function fileChanges(commit: Commit, lineCounts: boolean, paths: readonly string[]): Rec[] {
  // `git log` shows no diff for a merge unless asked with -m.
  if (commit.parents.length > 1) return [];
  const selected = (path: string | null) => path !== null && (paths.length === 0 || paths.some((spec) => pathspecMatches(spec, path)));
  const out: Rec[] = [];
  for (const change of commit.changes) {
    const [oldIn, newIn] = [selected(change.oldPath), selected(change.newPath)];
    if (!oldIn && !newIn) continue;
    let shown: Change = change;
    // A rename with one side outside the paths shows as that side's addition or deletion.
    if (change.oldPath !== change.newPath && change.oldPath !== null && change.newPath !== null && !(oldIn && newIn)) {
      const lines = 12 + (change.oldPath.length % 30);
      shown = newIn ? { oldPath: null, newPath: change.newPath, additions: lines, deletions: 0 } : { oldPath: change.oldPath, newPath: null, additions: 0, deletions: lines };
    }
    const renamed = shown.oldPath !== null && shown.newPath !== null && shown.oldPath !== shown.newPath;
    if (!lineCounts) out.push({ oldPath: shown.oldPath, newPath: shown.newPath, additions: -1, deletions: -1 });
    else if (renamed) out.push({ oldPath: shown.oldPath, newPath: shown.newPath, additions: shown.additions, deletions: shown.deletions });
    else out.push({ oldPath: null, newPath: shown.newPath ?? shown.oldPath, additions: shown.additions, deletions: shown.deletions });
  }
  return out;
}

/** The LogCommit of `commit` with the properties `fields` names filled in. */
export function renderLogCommit(commit: Commit, fields: ReadonlySet<string>, paths: readonly string[]): Rec {
  const asked = (field: string, value: () => unknown) => (fields.has(field) ? value() : null);
  const lineCounts = fields.has('LINE_CHANGES');
  return {
    hash: commit.hash,
    subject: asked('SUBJECT', () => commit.subject),
    body: asked('BODY', () => commit.body),
    commitDate: asked('COMMIT_DATE', () => iso(commit.commitTime)),
    committer: asked('COMMITTER', () => logCommitValue(commit, 'committer')),
    author: asked('AUTHOR', () => logCommitValue(commit, 'author')),
    parentHashes: asked('PARENTS', () => [...commit.parents]),
    fileChanges: lineCounts || fields.has('FILE_CHANGES') ? fileChanges(commit, lineCounts, paths) : null,
  };
}
