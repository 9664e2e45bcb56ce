/**
 * What a replay compares of a read: the properties the writes so far changed (by the effects the
 * description declares for them, `x-onedev-effect`), and, for lists, their length. Values are
 * compared by kind where the two servers cannot agree on the value itself (ids, as mapped; dates;
 * hashes; uuids), exactly otherwise.
 */
import type { EffectSpec, EffectStep, EffectValue } from '../../../spec/model.js';
import { collectionOfName, type Collection, type IdMap, type IdRoutes } from './replay-ids.js';

/** What the writes so far changed of one subject (a collection's records, a schema's, a setting). */
export interface Change {
  /** Properties whose values changed; `*` for the whole value (a setting sent as an array). */
  properties: Set<string>;
  /** Whether records came or went (a create, a remove): lists of them are compared by length. */
  membership: boolean;
  /**
   * Properties an effect sets from the clock (`now`, `elapsedSince`): each server's own time, so
   * compared by kind (a number, a date) whatever the property's name.
   */
  clocked: Set<string>;
}

export const WHOLE = '*';

/** The changes of a replay so far, by subject key. */
export class ChangeLog {
  private readonly changes = new Map<string, Change>();

  private touch(key: string): Change {
    let change = this.changes.get(key);
    if (!change) this.changes.set(key, (change = { properties: new Set(), membership: false, clocked: new Set() }));
    return change;
  }

  /** Notes a write the server carried out: its effect's steps, with the body it was sent. */
  noteWrite(effect: EffectSpec | undefined, template: string, body: unknown, subjectOf: (schema: string) => string): void {
    for (const step of effect?.changes ?? []) {
      // A ref lives in Git, where the two servers' histories differ: reads of refs are held by status.
      if ('ref' in step) continue;
      const noted = stepChange(step, body);
      const change = this.touch('setting' in step ? template : subjectOf(noted.schema!));
      for (const property of noted.properties) change.properties.add(property);
      for (const property of noted.clocked) change.clocked.add(property);
      if (noted.membership) change.membership = true;
      for (const schema of noted.cascade) this.touch(subjectOf(schema)).membership = true;
    }
  }

  /** The union of the changes of these subjects, or undefined when none changed. */
  of(keys: readonly string[]): Change | undefined {
    const found = keys.map((key) => this.changes.get(key)).filter((c): c is Change => c !== undefined);
    if (found.length === 0) return undefined;
    const union = (pick: (c: Change) => Set<string>): Set<string> => new Set(found.flatMap((c) => [...pick(c)]));
    return { properties: union((c) => c.properties), membership: found.some((c) => c.membership), clocked: union((c) => c.clocked) };
  }
}

interface StepChange {
  schema?: string;
  properties: string[];
  clocked: string[];
  membership: boolean;
  cascade: string[];
}

/** The body's top-level property names (none when it is no JSON object). */
function bodyKeys(body: unknown): string[] {
  return body !== null && typeof body === 'object' && !Array.isArray(body) ? Object.keys(body) : [];
}

/** What one step changes: its `values` keys, its `count` property, a create's or update's body properties. */
export function stepChange(step: EffectStep, body: unknown): StepChange {
  const values: Readonly<Record<string, EffectValue>> = 'values' in step ? (step.values ?? {}) : {};
  const clocked = Object.keys(values).filter((k) => 'now' in values[k]! || 'elapsedSince' in values[k]!);
  const none = { properties: [], membership: false, cascade: [], clocked };
  if ('create' in step) return { ...none, schema: step.create, properties: [...Object.keys(step.values ?? {}), ...bodyKeys(body)], membership: true };
  if ('update' in step) return { ...none, schema: step.update, properties: [...Object.keys(step.values ?? {}), ...bodyKeys(body)] };
  if ('set' in step) return { ...none, schema: step.set, properties: Object.keys(step.values) };
  if ('remove' in step) return { ...none, schema: step.remove, membership: true, cascade: (step.cascade ?? []).map((c) => c.record) };
  if ('count' in step) return { ...none, schema: step.count, properties: [step.property] };
  const keys = bodyKeys(body);
  return { ...none, properties: keys.length > 0 ? keys : [WHOLE] };
}

const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;
const HASH = /^[0-9a-f]{40}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const KINDS: ReadonlyArray<[string, RegExp]> = [['date-time', DATE_TIME], ['hash', HASH], ['uuid', UUID]];

/** The kind a text is compared by (`date-time`, `hash`, `uuid`), or undefined: compared exactly. */
export function textKind(value: unknown): string | undefined {
  return typeof value === 'string' ? KINDS.find(([, pattern]) => pattern.test(value))?.[0] : undefined;
}

/** What a comparison knows about where it is. */
export interface CompareContext {
  routes: IdRoutes;
  ids: IdMap;
  /** The component schema of the record compared (for names whose collection depends on it). */
  schema?: string;
  /** The collection of the record's own `id`. */
  own?: Collection;
}

/** One value that differs: where (`[id 3].status`), and the two values. */
export interface Mismatch {
  at: string;
  recorded: unknown;
  mock: unknown;
  /** Says what differs instead of the two values (a record the mock does not list). */
  text?: string;
}

/** Whether a property holds an id: named `id`, or ending in `Id`. */
export function isIdName(name: string): boolean {
  return name === 'id' || name.endsWith('Id');
}

/** The mismatches of one value, by kind for ids, dates, hashes and uuids, exactly otherwise; at any depth. */
export function compareValues(name: string, recorded: unknown, mock: unknown, context: CompareContext, at: string): Mismatch[] {
  const differ: Mismatch[] = [{ at, recorded, mock }];
  if (isIdName(name) && typeof recorded === 'number') {
    const collection = name === 'id' ? context.own : collectionOfName(context.routes, name, context.schema);
    return mock === context.ids.toMock(collection, recorded) ? [] : differ;
  }
  const kind = textKind(recorded);
  if (kind !== undefined) return textKind(mock) === kind ? [] : differ;
  if (Array.isArray(recorded)) {
    if (!Array.isArray(mock) || mock.length !== recorded.length) return differ;
    return recorded.flatMap((r, i) => compareValues(name, r, mock[i], context, `${at}[${i}]`));
  }
  if (recorded !== null && typeof recorded === 'object') {
    if (mock === null || typeof mock !== 'object' || Array.isArray(mock)) return differ;
    const keys = new Set([...Object.keys(recorded), ...Object.keys(mock)]);
    const inner = { ...context, own: undefined };
    return [...keys].flatMap((key) => compareValues(key, (recorded as Record<string, unknown>)[key], (mock as Record<string, unknown>)[key], inner, `${at}.${key}`));
  }
  return recorded === mock ? [] : differ;
}

/** The mismatches of one record in the changed properties (all of it for `*`). */
export function compareRecord(recorded: unknown, mock: unknown, change: Change, context: CompareContext, at: string): Mismatch[] {
  if (change.properties.has(WHOLE)) return compareValues('', recorded, mock, context, at || '(body)');
  const object = (v: unknown): Record<string, unknown> | undefined => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined);
  const r = object(recorded);
  const m = object(mock);
  if (!r || !m) return change.properties.size > 0 ? [{ at: at || '(body)', recorded, mock }] : [];
  return [...change.properties].sort().flatMap((p) => {
    const where = at ? `${at}.${p}` : p;
    return change.clocked.has(p) ? sameClockKind(r[p], m[p], where) : compareValues(p, r[p], m[p], context, where);
  });
}

/** A value from each server's clock: the same type (a number, a date text), or null on both. */
function sameClockKind(recorded: unknown, mock: unknown, at: string): Mismatch[] {
  const kind = (v: unknown): string => (v === null || v === undefined ? 'none' : textKind(v) ?? typeof v);
  return kind(recorded) === kind(mock) ? [] : [{ at, recorded, mock }];
}

/**
 * The mismatches of a list: its length, then each recorded element against the mock's element of
 * the same (mapped) id, or, where either has no id, the element at the same position.
 */
export function compareList(recorded: readonly unknown[], mock: readonly unknown[], change: Change, context: CompareContext): Mismatch[] {
  const out: Mismatch[] = recorded.length === mock.length ? [] : [{ at: 'length', recorded: recorded.length, mock: mock.length }];
  const idOf = (v: unknown): number | undefined => {
    const id = v !== null && typeof v === 'object' ? (v as { id?: unknown }).id : undefined;
    return typeof id === 'number' ? id : undefined;
  };
  const byId = mock.every((m) => idOf(m) !== undefined);
  recorded.forEach((element, i) => {
    const id = idOf(element);
    if (id !== undefined && byId) {
      const wanted = context.ids.toMock(context.own, id);
      const match = mock.find((m) => idOf(m) === wanted);
      if (match === undefined) out.push({ at: `[id ${id}]`, recorded: id, mock: undefined, text: `recorded, mock lists no id ${wanted}` });
      else out.push(...compareRecord(element, match, change, context, `[id ${id}]`));
    } else if (i < mock.length) {
      out.push(...compareRecord(element, mock[i], change, context, `[${i}]`));
    }
  });
  return out;
}

/** A value as a difference shows it: kinds by their name (a mock's dates differ run to run), JSON cut short. */
export function valueText(value: unknown): string {
  if (value === undefined) return '(none)';
  const kind = textKind(value);
  if (kind !== undefined) return `<${kind}>`;
  const text = JSON.stringify(value, (_key, v: unknown) => {
    const inner = textKind(v);
    return inner === undefined ? v : `<${inner}>`;
  });
  return text.length > 100 ? `${text.slice(0, 97)}...` : text;
}
