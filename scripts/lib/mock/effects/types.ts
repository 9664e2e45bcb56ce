/**
 * What the effect modules share: the request as an effect reads it, the records it changes, and
 * what applying an effect gives the engine. The effect itself is the operation's
 * `x-onedev-effect` (spec/model.ts, EffectSpec), read from the description.
 */
import type { EffectStep, EffectStepKind } from '../../../../spec/model.js';
import type { Rec, RecordKind } from '../records.js';
import type { MockState } from '../state.js';

/** The parts of a request an effect reads. */
export interface EffectRequest {
  /** The operation's path template (where a setting is stored). */
  path: string;
  pathValues: Readonly<Record<string, string>>;
  /** The declared query parameters, as the checks coerced them. */
  query?: Readonly<Record<string, unknown>>;
  body: unknown;
  /** The body's property defaults (schema `default`s): what a property left out becomes. */
  bodyDefaults?: Readonly<Record<string, unknown>>;
  /** The calling user's id, when the caller is a user the mock knows. */
  callerId: number | undefined;
  /** Now, as OneDev writes dates. */
  now: Date;
}

/** The records an effect changes: the run's state, and the kinds by component name. */
export interface EffectWorld {
  state: MockState;
  kind(name: string): RecordKind | undefined;
}

/** One application of an effect: the request, and the subject as the steps so far left it. */
export interface EffectRun {
  readonly request: EffectRequest;
  readonly world: EffectWorld;
  /** The operation's subject (the first step's record), once found or made. */
  subject?: { kind: RecordKind; record: Rec };
  /** The id the operation answers with (a create's new record). */
  answerId?: string;
  /** The text the operation answers with (the name of the branch a `ref` step made). */
  answerText?: string;
  /** In a create step with `each`: the body list's element the record is made for. */
  element?: unknown;
}

/** A step could not be applied: the record it addresses is not there. */
export interface Missing {
  missing: { kind: RecordKind; id: string; param?: string };
}

export type StepOutcome = undefined | Missing;

/** One kind of step: applies a step of that kind to the run. */
export interface StepModule<K extends EffectStepKind> {
  apply(step: Extract<EffectStep, Record<K, unknown>>, run: EffectRun): StepOutcome;
}
