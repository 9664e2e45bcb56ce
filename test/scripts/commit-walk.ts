/**
 * The query tests' own walk of a generated history (shared by mock-query and mock-commit-query,
 * apart from the mock's code on purpose): every commit reachable from some starts by their parents.
 * A start the history lacks reaches nothing.
 */
import type { CommitHistory } from '../../scripts/lib/mock/commits/history.js';

export function ancestorsOf(h: CommitHistory, starts: Iterable<string>): Set<string> {
  const out = new Set<string>();
  const todo = [...starts];
  while (todo.length > 0) {
    const hash = todo.pop()!;
    if (out.has(hash) || !h.byHash.has(hash)) continue;
    out.add(hash);
    todo.push(...h.byHash.get(hash)!.parents);
  }
  return out;
}
