/**
 * Applies an operation's effect to the mock's records: its refusals first, then each step by the
 * module of its kind (one module per kind, found by the step's name), with no code of any one
 * operation's.
 */
import type { EffectSpec, EffectStepKind } from '../../../../spec/model.js';
import { stepKind } from './kinds.js';
import { count } from './count.js';
import { create } from './create.js';
import { ref } from './ref.js';
import { refusalOf, type Refused } from './refusals.js';
import { remove } from './remove.js';
import { set } from './set.js';
import { setting } from './setting.js';
import type { EffectRequest, EffectRun, EffectWorld, Missing, StepModule } from './types.js';
import { update } from './update.js';

const STEPS: { readonly [K in EffectStepKind]: StepModule<K> } = { create, update, set, remove, count, setting, ref };

/** What an effect gave: a refusal, a record not there, or the ids the operation may answer with. */
export type Applied = { refused: Refused } | Missing | { answerId?: string; subjectId?: string; answerText?: string };

export function applyEffect(effect: EffectSpec, request: EffectRequest, world: EffectWorld, subscribed: boolean): Applied {
  const run: EffectRun = { request, world };
  const refused = refusalOf(effect.refuses, effect.changes[0], run, subscribed);
  if (refused) return { refused };
  for (const step of effect.changes) {
    const module = STEPS[stepKind(step)] as StepModule<EffectStepKind>;
    const outcome = module.apply(step as never, run);
    if (outcome) return outcome;
  }
  const subjectId = run.subject?.record.id;
  return {
    ...(run.answerId !== undefined ? { answerId: run.answerId } : {}),
    ...(run.answerText !== undefined ? { answerText: run.answerText } : {}),
    ...(subjectId !== undefined && subjectId !== null ? { subjectId: String(subjectId) } : {}),
  };
}
