/**
 * The answer an operation's behaviour (records.ts) gives from the records: a page, a record, a
 * lookup, a child list (or the one linked record), a record found by query, a setting, the
 * caller's own record, the records of stored ids. Undefined when
 * the records give no answer: the negotiation stage then answers with the documented example.
 *
 * The seam: `behaviourAnswer` is all the negotiation stage calls for a read, and it sees the rest
 * of the engine only through `BehaviourContext`. Writes are not behaviours: each declares its
 * effect, which stages/effect-answer.ts applies.
 */
import { referencedNumbers } from '../references.js';
import { text, type Answer } from '../answer.js';
import { canonicalId } from '../conversions.js';
import { prettyJson, withIdTemplate, type SizedText } from '../json-text.js';
import type { ContentPlan } from '../operations.js';
import type { Behaviour, Rec, RecordKind, RecordSet } from '../records.js';
import type { MockState } from '../state.js';
import type { RefsRead } from '../../../../spec/model.js';
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
  /** With --stateful, the calling user's record of the kind, when the records have it. */
  callerRecord(parsed: Parsed, kind: RecordKind): Rec | undefined;
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
      const excepted = (r: Rec): boolean => Object.entries(behaviour.except ?? {}).some(([p, v]) => r[p] === v);
      const linked = (r: Rec): boolean => behaviour.fields.some((f) => r[f] !== undefined && r[f] !== null && String(r[f]) === id) && !excepted(r);
      if (behaviour.one) return oneChild(operation, set, set.all().find(linked), status);
      return json(status, set.listText(set.all().filter(linked)), operation);
    }
    case 'caller': {
      const record = ctx.callerRecord(parsed, behaviour.kind);
      return record ? json(status, state.setOf(behaviour.kind)!.itemText(record), operation) : undefined;
    }
    case 'stored': {
      // The ids the write at this path stored, as the records they name (those the mock has).
      const ids = state.stateful ? state.singleton(parsed.path)?.value : undefined;
      const set = state.setOf(behaviour.kind);
      if (!Array.isArray(ids) || !set) return undefined;
      return json(status, set.listText(ids.map((id) => set.get(String(id))).filter((r): r is Rec => r !== undefined)), operation);
    }
    case 'find':
      return state.stateful ? foundAnswer(parsed, behaviour, state, status) : undefined;
    case 'referring': {
      const set = state.stateful ? state.setOf(behaviour.kind) : undefined;
      const parent = state.setOf(behaviour.parent)?.get(canonicalId(parsed.pathValues[behaviour.param]!));
      if (!set || !parent) return undefined;
      const { referencedIn, pattern, project } = behaviour.referencing;
      const refers = (r: Rec): boolean => r[project] === parent.projectId && referencedNumbers(r[referencedIn], pattern).has(parent.number as number);
      return json(status, set.listText(set.all().filter(refers)), operation);
    }
    case 'all': {
      const set = state.stateful ? state.setOf(behaviour.kind) : undefined;
      return set ? json(status, set.listText(set.all()), operation) : undefined;
    }
    case 'singleton-read':
      return settingAnswer(state, parsed, behaviour.omits, status);
    case 'refs':
      return state.stateful ? refsAnswer(state, parsed, behaviour.read, status) : undefined;
  }
}

/** The path's project's branches or tags by name, or the one ref the path names (404 in the read's words when it is not there). */
function refsAnswer(state: MockState, parsed: Parsed, read: RefsRead, status: number): Answer | undefined {
  const project = Number(parsed.pathValues.projectId);
  if (!Number.isInteger(project)) return undefined;
  const repository = state.repositories.of(project);
  if (read.name === undefined) return json(status, prettyJson(repository.names(read.refs)), parsed.operation);
  const name = parsed.pathValues[read.name] ?? '';
  const found = repository.get(read.refs, name);
  if (found) return json(status, prettyJson(found), parsed.operation);
  return withDeprecation(parsed.operation, text(404, (read.missing ?? 'Not found: <name>').replace('<name>', name)));
}

/** The one record linked to the path's record; none: the documented 204 (a Java null), else the example. */
function oneChild(operation: Operation, set: RecordSet, record: Rec | undefined, status: number): Answer | undefined {
  if (record) return json(status, set.itemText(record), operation);
  return operation.responses.some((r) => r.code === '204') ? withDeprecation(operation, { status: 204, headers: {} }) : undefined;
}

/**
 * The first record whose properties equal the query parameters named like them; none: 204. A
 * parameter named like no property (`hash` of a blob's `sha256Hash`) cannot be evaluated: found
 * or not, only when the mock holds no record of the kind at all; else the documented example.
 */
function foundAnswer(parsed: Parsed, behaviour: Extract<Behaviour, { type: 'find' }>, state: MockState, status: number): Answer | undefined {
  const set = state.setOf(behaviour.kind);
  if (!set) return undefined;
  let records = set.all();
  for (const param of behaviour.params) {
    const value = parsed.params[param];
    if (value === undefined || value === null) continue;
    if (!behaviour.kind.properties.has(param)) {
      if (records.length > 0) return undefined;
      continue;
    }
    records = records.filter((r) => String(r[param]) === String(value));
  }
  return oneChild(parsed.operation, set, records[0], status);
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
