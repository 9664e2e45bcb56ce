/** `count`: an integer property of a record moved by one (a vote and the issue's `voteCount`). */
import { findAllAt, given } from './values.js';
import type { StepModule } from './types.js';

export const count: StepModule<'count'> = {
  apply(step, run) {
    if (step.onlyWithBody && (run.request.body === undefined || run.request.body === null || run.request.body === '')) return undefined;
    if (step.ifBodyField !== undefined && !given(run.request.body, step.ifBodyField)) return undefined;
    const kind = run.world.kind(step.count);
    if (!kind) return undefined;
    for (const { id, record } of findAllAt(step.at, kind, run)) {
      if (!record) continue;
      const current = typeof record[step.property] === 'number' ? (record[step.property] as number) : 0;
      run.world.state.change(kind, id ?? record, { set: { [step.property]: Math.max(0, current + step.by) }, drop: [] });
    }
    return undefined;
  },
};
