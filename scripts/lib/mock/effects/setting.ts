/**
 * `setting`: the setting read at the operation's path is the body from now on. The server builds
 * the whole bean from the body, so a property left out reads back as its default (the body
 * schema's `default`), and maps and lists are kept as sent.
 */
import type { StepModule } from './types.js';

export const setting: StepModule<'setting'> = {
  apply(_step, run) {
    const { body, bodyDefaults } = run.request;
    const isObject = body !== null && typeof body === 'object' && !Array.isArray(body);
    run.world.state.writeSingleton(run.request.path, isObject && bodyDefaults ? { ...structuredClone(bodyDefaults), ...body } : (body ?? null));
    return undefined;
  },
};
