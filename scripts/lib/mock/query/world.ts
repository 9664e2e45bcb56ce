/** What a query may name besides the listed records, read from the mock's current records. */
import { userDirectory, type Peers, type Rec } from '../records.js';
import type { MockState } from '../state.js';
import type { QueryWorld } from './evaluate.js';
import { ISSUE_STATES } from './vary.js';

export function queryWorld(state: MockState, peers: Peers | undefined, caller: string | undefined): QueryWorld {
  const records = (kind: Peers[keyof Peers]): readonly Rec[] => (kind ? state.setOf(kind)?.all() ?? kind.seeds : []);
  const users = userDirectory(records(peers?.users));
  const projects = records(peers?.projects).flatMap((p) =>
    typeof p.id === 'number' && typeof p.path === 'string' ? [{ id: p.id, path: p.path, key: typeof p.key === 'string' ? p.key : null }] : [],
  );
  const labels = new Set(records(peers?.labels).map((l) => String(l.name)));
  const builds = records(peers?.builds);
  return { ...(caller !== undefined ? { caller } : {}), users, projects, labels, states: ISSUE_STATES, builds };
}
