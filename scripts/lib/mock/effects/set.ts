/**
 * `set`: values written into the record (each record, for an `at` that names several). A record
 * named by `where` that is not there yet is made from those values (the review a user's approval
 * creates).
 */
import { changesOf, findAllAt, missingAt } from './values.js';
import type { StepModule } from './types.js';

export const set: StepModule<'set'> = {
  apply(step, run) {
    const kind = run.world.kind(step.set);
    if (!kind) return undefined;
    const state = run.world.state;
    for (const { id, record } of findAllAt(step.at, kind, run)) {
      if (!record && 'where' in step.at) {
        const made = changesOf({ ...step.at.where, ...step.values }, kind, undefined, run);
        const created = state.create(kind, undefined, made);
        if (created) run.subject ??= { kind, record: created };
        return undefined;
      }
      if (!record) return id === undefined ? undefined : missingAt(step.at, kind, id);
      const changed = state.change(kind, id ?? record, changesOf(step.values, kind, record, run));
      if (changed) run.subject ??= { kind, record: changed };
    }
    return undefined;
  },
};
