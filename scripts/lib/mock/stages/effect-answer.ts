/**
 * With --stateful, the answer of an operation that changes state: its effect (the description's
 * `x-onedev-effect`, applied by effects/apply.ts) changes the records, and the answer is what the
 * effect gives: a refusal in the server's words, 404 for a record that is not there, the new
 * record's id, the id an update answers, or (undefined) the documented answer.
 */
import { text, textAnswer, type Answer } from '../answer.js';
import { applyEffect } from '../effects/apply.js';
import type { EffectRequest, EffectWorld } from '../effects/types.js';
import type { ContentPlan } from '../operations.js';
import type { Parsed } from '../request-types.js';
import type { EffectSpec } from '../../../../spec/model.js';
import type { BehaviourContext } from './behaviours.js';
import { answerType, json, withDeprecation } from './answers.js';

/** What applying an effect needs of the engine besides the behaviours' context. */
export interface EffectContext extends BehaviourContext {
  readonly world: EffectWorld;
  /** The calling user's id, when the caller is a user the records have. */
  callerId(parsed: Parsed): number | undefined;
  /** Whether the server acts as one with an active subscription. */
  readonly subscribed: boolean;
}

export function effectAnswer(ctx: EffectContext, parsed: Parsed, effect: EffectSpec, status: number, content: ContentPlan | undefined, mediaType: string | undefined): Answer | undefined {
  const { operation } = parsed;
  const request: EffectRequest = {
    path: parsed.path,
    pathValues: parsed.pathValues,
    query: parsed.params,
    body: parsed.body,
    ...(operation.bodyDefaults ? { bodyDefaults: operation.bodyDefaults } : {}),
    callerId: ctx.callerId(parsed),
    now: new Date(),
  };
  const applied = applyEffect(effect, request, ctx.world, ctx.subscribed);
  if ('refused' in applied) return text(applied.refused.status, applied.refused.message);
  if ('missing' in applied) {
    const { kind, id, param } = applied.missing;
    return ctx.notFound(operation, kind, param ?? 'id', id);
  }
  if (applied.answerText !== undefined) return withDeprecation(operation, textAnswer(status, answerType(mediaType ?? 'text/plain'), applied.answerText));
  const id = applied.answerId ?? applied.subjectId;
  // An answer that is a bare id (a create, an update that answers the record's id) is this one.
  const answersId = (content?.schema as { type?: unknown } | undefined)?.type === 'integer' && mediaType !== undefined;
  return answersId && id !== undefined ? json(status, id, operation) : undefined;
}
