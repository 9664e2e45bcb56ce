/** The kinds of effect step the mock applies, each by the module of that name (apply.ts). */
import type { EffectStep, EffectStepKind } from '../../../../spec/model.js';

export const STEP_KINDS: readonly EffectStepKind[] = ['create', 'update', 'set', 'remove', 'count', 'setting', 'ref'];

/** The kind of a step: the one of STEP_KINDS it has as a key. */
export function stepKind(step: EffectStep, where = 'effect'): EffectStepKind {
  const kind = STEP_KINDS.find((k) => typeof step === 'object' && step !== null && k in step);
  if (!kind) throw new Error(`${where}: an effect step ${JSON.stringify(step)} has none of the kinds ${STEP_KINDS.join(', ')}`);
  return kind;
}
