/** `create`: a new record from the body, with the values the server sets itself; the operation answers its id. */
import { changesOf, given } from './values.js';
import type { StepModule } from './types.js';

export const create: StepModule<'create'> = {
  apply(step, run) {
    const kind = run.world.kind(step.create);
    if (!kind) return undefined;
    if (step.ifBodyField !== undefined && !given(run.request.body, step.ifBodyField)) return undefined;
    const values = changesOf(step.values, kind, undefined, run);
    const record = run.world.state.create(kind, run.request.body, values);
    if (!record) return undefined;
    run.subject ??= { kind, record };
    run.answerId ??= String(record.id);
    return undefined;
  },
};

