/** `create`: a new record from the body, with the values the server sets itself; the operation answers its id. */
import { isObject } from '../../../../src/json-ref.js';
import { bodyOf, changesOf, given } from './values.js';
import type { CreateDefault } from '../../../../spec/model.js';
import type { StepModule } from './types.js';

export const create: StepModule<'create'> = {
  apply(step, run) {
    const kind = run.world.kind(step.create);
    if (!kind) return undefined;
    if (step.ifBodyField !== undefined && !given(run.request.body, step.ifBodyField)) return undefined;
    if (step.each !== undefined) {
      const list = bodyOf(run)[step.each];
      // Made from the values alone: the body is the record's owner's, not these records'.
      for (const element of Array.isArray(list) ? list : []) run.world.state.create(kind, undefined, changesOf(step.values, kind, undefined, { ...run, element }));
      return undefined;
    }
    const values = changesOf(step.values, kind, undefined, run);
    const record = run.world.state.create(kind, withDefaults(run.request.body, step.defaults), values);
    if (!record) return undefined;
    run.subject ??= { kind, record };
    run.answerId ??= String(record.id);
    return undefined;
  },
};

/**
 * The body over the step's defaults: a property the body leaves out takes its default, and an
 * object the body sends gets the default object's members it lacks.
 */
export function withDefaults(body: unknown, defaults: Readonly<Record<string, CreateDefault>> | undefined): unknown {
  if (!defaults || !body || typeof body !== 'object' || Array.isArray(body)) return body;
  const merged: Record<string, unknown> = { ...defaults };
  for (const [property, value] of Object.entries(body)) {
    const fallback = defaults[property];
    const bothObjects = isObject(fallback) && isObject(value);
    merged[property] = bothObjects ? { ...fallback, ...value } : value;
  }
  return merged;
}
