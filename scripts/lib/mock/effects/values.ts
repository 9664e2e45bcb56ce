/**
 * The values and records a step names (spec/model.ts, EffectValue and RecordAt), read from the
 * request and the run's records.
 */
import type { SchemaObject } from 'openapi3-ts/oas31';
import type { EffectValue, RecordAt, ReferencedIn, TreePath } from '../../../../spec/model.js';
import type { Rec, RecordKind } from '../records.js';
import { ISSUE_STATES } from '../query/vary.js';
import { referencedNumbers } from '../references.js';
import { isObject } from '../../../../src/json-ref.js';
import type { EffectRun, Missing } from './types.js';

/** Absent: the property is left out of the record. */
export const ABSENT = Symbol('absent');

/** OneDev's date form: milliseconds and an offset with a colon. */
export function oneDevDate(date: Date): string {
  return date.toISOString().replace('Z', '+00:00');
}

function types(schema: SchemaObject | undefined): unknown[] {
  if (!schema) return [];
  const own = [schema.type].flat();
  const alternatives = (schema.oneOf ?? schema.anyOf ?? []).flatMap((s) => [(s as SchemaObject).type].flat());
  return [...own, ...alternatives];
}

const isInteger = (schema: SchemaObject | undefined): boolean => types(schema).includes('integer');

/** A text value as the property's type has it (a path parameter's id for an integer property). */
function typed(value: unknown, schema: SchemaObject | undefined): unknown {
  if (typeof value === 'string' && isInteger(schema) && /^-?\d+$/.test(value)) return Number(value);
  return value;
}

/**
 * The value `value` gives `property` of a record of `kind` (`record`: its values before the step).
 * Without a kind (a `ref` step's project and name), the value is untyped and a tree path absent.
 */
export function valueOf(value: EffectValue, property: string, kind: RecordKind | undefined, record: Rec | undefined, run: EffectRun): unknown {
  const schema = kind?.properties.get(property);
  const { request } = run;
  if ('const' in value) return value.const;
  if ('caller' in value) return request.callerId ?? ABSENT;
  if ('now' in value) return isInteger(schema) ? request.now.getTime() : oneDevDate(request.now);
  if ('body' in value) return request.body === undefined ? ABSENT : request.body;
  if ('bodyField' in value) {
    const body = request.body as Rec | undefined;
    return body && typeof body === 'object' && value.bodyField in body ? body[value.bodyField] : ABSENT;
  }
  if ('param' in value) return typed(request.pathValues[value.param], schema);
  if ('subject' in value) {
    // A new record's id is the one the operation answers, also where its schema has no id (ProjectData before v12.0.1).
    const held = run.subject?.record[value.subject] ?? (value.subject === 'id' && run.answerId !== undefined ? Number(run.answerId) : undefined);
    return held === undefined ? ABSENT : held;
  }
  // A state the setting does not define leaves the ordinal as it was.
  if ('stateOrdinal' in value) return stateOrdinal(record?.[value.stateOrdinal], run) ?? record?.[property] ?? ABSENT;
  if ('path' in value) return kind ? treePath(value.path, kind, record, run) : ABSENT;
  if ('element' in value) return run.element === undefined ? ABSENT : typed(run.element, schema);
  if ('query' in value) {
    const sent = request.query?.[value.query];
    return sent === undefined || sent === null || sent === '' ? ABSENT : typed(`${value.prefix ?? ''}${String(sent)}`, schema);
  }
  if ('firstOf' in value) {
    for (const each of value.firstOf) {
      const found = valueOf(each, property, kind, record, run);
      if (found !== ABSENT) return found;
    }
    return ABSENT;
  }
  if ('idOf' in value) return idOf(value, property, kind, record, run);
  if ('elapsedSince' in value) {
    const since = Date.parse(String(record?.[value.elapsedSince]));
    return Number.isNaN(since) ? ABSENT : Math.max(0, request.now.getTime() - since);
  }
  return types(schema).includes('null') ? null : ABSENT;
}

/** `idOf`: the id of the record of that kind whose `by` holds the value; absent when none does. */
function idOf(value: Extract<EffectValue, { idOf: string }>, property: string, kind: RecordKind | undefined, record: Rec | undefined, run: EffectRun): unknown {
  const wanted = valueOf(value.value, property, kind, record, run);
  const other = run.world.kind(value.idOf);
  const found = wanted === ABSENT || !other ? undefined : run.world.state.setOf(other)?.all().find((r) => r[value.by] === wanted);
  return found?.id ?? ABSENT;
}

/**
 * A tree record's path: its name (the body's, else the record's) after its parent's path, or the
 * name alone without a parent. Absent when a part is unknown (no name, a parent the run lacks).
 */
function treePath(parts: TreePath, kind: RecordKind, record: Rec | undefined, run: EffectRun): unknown {
  const body = bodyOf(run);
  const part = (property: string): unknown => (property in body ? body[property] : record?.[property]);
  const name = part(parts.name);
  const parentId = part(parts.parent);
  if (typeof name !== 'string') return ABSENT;
  if (parentId === undefined || parentId === null) return name;
  const parentPath = run.world.state.setOf(kind)?.get(String(parentId))?.path;
  return typeof parentPath === 'string' ? `${parentPath}/${name}` : ABSENT;
}

/** `values` resolved for a record of `kind`: what to write, and what to leave out. */
export function changesOf(values: Readonly<Record<string, EffectValue>> | undefined, kind: RecordKind, record: Rec | undefined, run: EffectRun): { set: Rec; drop: string[] } {
  const set: Rec = {};
  const drop: string[] = [];
  for (const [property, value] of Object.entries(values ?? {})) {
    // A state's ordinal follows the state the same step writes.
    const resolved = valueOf(value, property, kind, 'stateOrdinal' in value ? { ...record, ...set } : record, run);
    // A value the request does not give is null where the property can be (the server's field stays unset).
    if (resolved === ABSENT && types(kind.properties.get(property)).includes('null')) set[property] = null;
    else if (resolved === ABSENT) drop.push(property);
    else set[property] = resolved;
  }
  return { set, drop };
}

/** The id a `RecordAt` names (for `where`: undefined; see findAt). */
export function idAt(at: RecordAt, run: EffectRun): string | undefined {
  if ('param' in at) return run.request.pathValues[at.param];
  if ('field' in at) {
    const value = run.subject?.record[at.field];
    return value === undefined || value === null ? undefined : String(value);
  }
  if ('body' in at) return run.request.body === undefined || run.request.body === null ? undefined : String(run.request.body);
  return undefined;
}

/** The issue setting's states in order: the stored setting's, else a fresh server's. */
function issueStates(run: EffectRun): readonly string[] {
  const stored = run.world.state.singleton('/settings/issue')?.value as { stateSpecs?: Array<{ name?: unknown }> } | undefined;
  const names = stored?.stateSpecs?.map((s) => s.name).filter((n): n is string => typeof n === 'string');
  return names && names.length > 0 ? names : ISSUE_STATES;
}

function stateOrdinal(state: unknown, run: EffectRun): number | undefined {
  const at = typeof state === 'string' ? issueStates(run).indexOf(state) : -1;
  return at < 0 ? undefined : at;
}

/** The records a `referencedIn` names: those of `kind` whose number the subject's text refers to. */
function referenced(at: ReferencedIn, kind: RecordKind, run: EffectRun): Rec[] {
  const subject = run.subject?.record;
  const numbers = referencedNumbers(subject?.[at.referencedIn], at.pattern);
  const project = subject?.[at.project];
  const set = run.world.state.setOf(kind);
  return (set?.all() ?? []).filter((r) => numbers.has(r.number as number) && r.projectId === project);
}

/**
 * Every record a step's `at` names with its id: one for most, any number for `referencedIn`
 * (an `at` naming none, or a record not there, gives what findAt gives).
 */
export function findAllAt(at: RecordAt, kind: RecordKind, run: EffectRun): Array<{ id?: string; record?: Rec }> {
  if (!('referencedIn' in at) && !('others' in at)) return [findAt(at, kind, run)];
  const records = 'others' in at ? others(at.others, kind, run) : referenced(at, kind, run);
  return records.map((record) => ({ ...(record.id !== undefined ? { id: String(record.id) } : {}), record }));
}

/** The records of `kind` with these values, the subject left out. */
function others(values: Readonly<Record<string, EffectValue>>, kind: RecordKind, run: EffectRun): Rec[] {
  const { set: wanted } = changesOf(values, kind, undefined, run);
  const subject = run.subject?.record;
  const same = (r: Rec): boolean => r === subject || (subject?.id !== undefined && r.id === subject.id);
  return (run.world.state.setOf(kind)?.all() ?? []).filter((r) => !same(r) && Object.entries(wanted).every(([p, v]) => r[p] === v));
}

/** A step's record that is not there, with the path parameter that named it (for OneDev's 404 words). */
export function missingAt(at: RecordAt, kind: RecordKind, id: string): Missing {
  return { missing: { kind, id, ...('param' in at ? { param: at.param } : {}) } };
}

/** The record a `RecordAt` names, and its id (for `where`, the first record with those values). */
export function findAt(at: RecordAt, kind: RecordKind, run: EffectRun): { id?: string; record?: Rec } {
  const set = run.world.state.setOf(kind);
  if ('referencedIn' in at || 'others' in at) return {};
  if ('where' in at) {
    const { set: wanted } = changesOf(at.where, kind, undefined, run);
    const record = set?.all().find((r) => Object.entries(wanted).every(([p, v]) => r[p] === v));
    // A record without an id (a review) is changed as itself.
    return record ? { ...(record.id !== undefined ? { id: String(record.id) } : {}), record } : {};
  }
  const id = idAt(at, run);
  const canonical = id === undefined ? undefined : /^-?\d+$/.test(id.trim()) ? String(Number(id.trim())) : id;
  return canonical === undefined ? {} : { id: canonical, ...(set?.get(canonical) ? { record: set.get(canonical)! } : {}) };
}

/** The request's body as an object's properties (none for any other body). */
export function bodyOf(run: EffectRun): Rec {
  const body = run.request.body;
  return isObject(body) ? body : {};
}

/** Whether the body gives the property a value (not null, not an empty text). */
export function given(body: unknown, property: string): boolean {
  const value = body && typeof body === 'object' ? (body as Record<string, unknown>)[property] : undefined;
  return value !== undefined && value !== null && value !== '';
}
