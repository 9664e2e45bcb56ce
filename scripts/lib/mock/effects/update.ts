/** `update`: the body's properties over the record's (a property left out keeps its value). */
import { changesOf, findAt, missingAt } from './values.js';
import type { StepModule } from './types.js';

export const update: StepModule<'update'> = {
  apply(step, run) {
    const kind = run.world.kind(step.update);
    if (!kind) return undefined;
    const { id, record } = findAt(step.at, kind, run);
    if (!record) return id === undefined ? undefined : missingAt(step.at, kind, id);
    const values = changesOf(step.values, kind, record, run);
    const changed = run.world.state.update(kind, id ?? record, run.request.body, values);
    if (changed) run.subject ??= { kind, record: changed };
    return undefined;
  },
};
