/** `setting`: the setting read at the operation's path is the body from now on. */
import type { StepModule } from './types.js';

export const setting: StepModule<'setting'> = {
  apply(_step, run) {
    run.world.state.writeSingleton(run.request.path, run.request.body ?? null);
    return undefined;
  },
};
