/**
 * `count`: an integer property of a record moved by one (a vote and the issue's `voteCount`). The
 * record is the run's subject when it comes first, also where the body leaves the count as it is.
 */
import { findAllAt, given } from './values.js';
import type { StepModule } from './types.js';

export const count: StepModule<'count'> = {
  apply(step, run) {
    const kind = run.world.kind(step.count);
    if (!kind) return undefined;
    const skipped =
      (step.onlyWithBody && (run.request.body === undefined || run.request.body === null || run.request.body === '')) ||
      (step.ifBodyField !== undefined && !given(run.request.body, step.ifBodyField));
    for (const { id, record } of findAllAt(step.at, kind, run)) {
      if (!record) continue;
      if (skipped) {
        run.subject ??= { kind, record };
        continue;
      }
      const current = typeof record[step.property] === 'number' ? (record[step.property] as number) : 0;
      const changed = run.world.state.change(kind, id ?? record, { set: { [step.property]: Math.max(0, current + step.by) }, drop: [] });
      run.subject ??= { kind, record: changed ?? record };
    }
    return undefined;
  },
};
