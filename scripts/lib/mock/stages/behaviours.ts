/**
 * The answer an operation's behaviour (records.ts) gives from the records: a page, a record, a
 * lookup, a child list, a setting. Undefined when
 * the records give no answer: the negotiation stage then answers with the documented example.
 *
 * The seam: `behaviourAnswer` is all the negotiation stage calls for a read, and it sees the rest
 * of the engine only through `BehaviourContext`. Writes are not behaviours: each declares its
 * effect, which stages/effect-answer.ts applies.
 */
import type { Answer } from '../answer.js';
import { canonicalId } from '../conversions.js';
import { prettyJson, withIdTemplate, type SizedText } from '../json-text.js';
import type { ContentPlan } from '../operations.js';
import type { Behaviour, Rec, RecordKind } from '../records.js';
import type { MockState } from '../state.js';
import type { Operation, Parsed } from '../request-types.js';
import { json, withDeprecation } from './answers.js';

export type PageBehaviour = Extract<Behaviour, { type: 'page' }>;

/** What the behaviours need of the engine (stages/reads.ts gives it, one per engine). */
export interface BehaviourContext {
  /** The records, and whether writes change them (--stateful). */
  readonly state: MockState;
  /** A page of a kind's records (its query, filters and limit applied); undefined: the documented example. */
  page(parsed: Parsed, behaviour: PageBehaviour): Answer | undefined;
  /** A listed record as a read shows it: the read's example with the record's values over it. */
  viewed(record: Rec, template: Rec): SizedText;
  /** The refusal of a read of a record that is not there, in OneDev's words. */
  notFound(operation: Operation, kind: RecordKind | undefined, param: string, id: string): Answer;
  /** With --stateful, the refusal when the record the operation's path names is gone; else undefined. */
  missingTarget(parsed: Parsed): Answer | undefined;
}

/**
 * The answer from the records to a request for the operation's success (`status`, and the content
 * negotiated for it), or undefined for the documented example.
 */
export function behaviourAnswer(ctx: BehaviourContext, parsed: Parsed, behaviour: Behaviour, status: number, content: ContentPlan | undefined, mediaType: string | undefined): Answer | undefined {
  const { operation } = parsed;
  const state = ctx.state;
  if (state.stateful && operation.target) {
    const gone = ctx.missingTarget(parsed);
    if (gone) return gone;
  }
  switch (behaviour.type) {
    case 'page':
      return ctx.page(parsed, behaviour);
    case 'read':
      return readAnswer(ctx, parsed, behaviour, status, content, mediaType);
    case 'lookup': {
      const record = state.setOf(behaviour.kind)?.find(behaviour.param, parsed.pathValues[behaviour.param]!);
      if (record) return json(status, String(record.id), operation);
      return state.stateful ? ctx.notFound(operation, undefined, behaviour.param, parsed.pathValues[behaviour.param]!) : undefined;
    }
    case 'children': {
      const set = state.stateful ? state.setOf(behaviour.kind) : undefined;
      if (!set) return undefined;
      const id = canonicalId(parsed.pathValues[behaviour.param]!);
      const linked = (r: Rec): boolean => behaviour.fields.some((f) => r[f] !== undefined && r[f] !== null && String(r[f]) === id);
      return json(status, set.listText(set.all().filter(linked)), operation);
    }
    case 'all': {
      const set = state.stateful ? state.setOf(behaviour.kind) : undefined;
      return set ? json(status, set.listText(set.all()), operation) : undefined;
    }
    case 'singleton-read':
      return settingAnswer(state, parsed, behaviour.omits, status);
  }
}

/** A record by its id: as listed, as the read shows it, or (outside the population) the example around the id. */
function readAnswer(ctx: BehaviourContext, parsed: Parsed, behaviour: Extract<Behaviour, { type: 'read' }>, status: number, content: ContentPlan | undefined, mediaType: string | undefined): Answer | undefined {
  const { operation } = parsed;
  const id = canonicalId(parsed.pathValues[behaviour.kind.idParam!]!);
  const set = ctx.state.setOf(behaviour.kind);
  const record = set?.get(id);
  if (record && behaviour.view?.seeds[0]) return json(status, ctx.viewed(record, behaviour.view.seeds[0]), operation);
  if (record) return json(status, set!.itemText(record), operation);
  if (operation.exampleForId === undefined) operation.exampleForId = withIdTemplate(content?.examples[0]?.value) ?? null;
  return operation.exampleForId && mediaType ? json(status, operation.exampleForId(id), operation) : undefined;
}

/** A stored setting (with --stateful): 204 when it is cleared and the read documents 204. */
function settingAnswer(state: MockState, parsed: Parsed, omits: string | undefined, status: number): Answer | undefined {
  const { operation } = parsed;
  const stored = state.stateful ? state.singleton(parsed.path) : undefined;
  if (!stored) return undefined;
  if (stored.value === null) {
    const none = operation.responses.find((r) => r.code === '204');
    if (none) return withDeprecation(operation, { status: 204, headers: {} });
  }
  return json(status, prettyJson(withoutRoot(stored.value, omits)), operation);
}

/** A stored value as a read answers it: without the property at its root (`omits`), as the server writes it. */
function withoutRoot(value: unknown, omits: string | undefined): unknown {
  if (omits === undefined || !value || typeof value !== 'object' || Array.isArray(value) || !(omits in value)) return value;
  const { [omits]: _dropped, ...rest } = value as Record<string, unknown>;
  return rest;
}
