/** `remove`: the record is gone, and with it the records of other kinds that point to it. */
import { findAt, missingAt } from './values.js';
import type { StepModule } from './types.js';

export const remove: StepModule<'remove'> = {
  apply(step, run) {
    const kind = run.world.kind(step.remove);
    if (!kind) return undefined;
    const { id, record } = findAt(step.at, kind, run);
    if (!record) return id === undefined ? undefined : missingAt(step.at, kind, id);
    const state = run.world.state;
    // Later steps read the removed record's properties (the issue a vote was for).
    run.subject ??= { kind, record };
    state.remove(kind, id ?? record);
    // What points to a record goes by its id: one without (an assignment) has nothing pointing to it.
    if (id === undefined) return undefined;
    for (const cascade of step.cascade ?? []) {
      const other = run.world.kind(cascade.record);
      if (other) state.removeWhere(other, cascade.field, id);
    }
    return undefined;
  },
};
