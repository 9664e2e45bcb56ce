/**
 * The refusals an effect declares (spec/model.ts, EffectRefusal), tested in order against the
 * state a request finds, before any step is applied.
 */
import { stepRecord, type DuplicateCondition, type EffectCondition, type EffectRefusal, type EffectStep, type RefCondition } from '../../../../spec/model.js';
import { userDirectory, type Rec, type RecordKind } from '../records.js';
import { settingHolds } from './listed.js';
import { refAt } from './ref.js';
import { bodyOf, changesOf, findAt } from './values.js';
import type { EffectRun } from './types.js';

export interface Refused {
  status: number;
  message: string;
}

/** The first refusal whose condition holds, if any. */
export function refusalOf(refuses: readonly EffectRefusal[] | undefined, first: EffectStep | undefined, run: EffectRun, subscribed: boolean): Refused | undefined {
  for (const refusal of refuses ?? []) {
    const found = held(refusal.when, first, run, subscribed);
    if (found) return { status: refusal.status, message: worded(refusal, first, run, found.value) };
  }
  return undefined;
}

/** Whether the condition holds; `value`: what a setting's list did not hold (`<unlisted>`). */
function held(when: EffectCondition, first: EffectStep | undefined, run: EffectRun, subscribed: boolean): { value?: unknown } | undefined {
  if ('unset' in when || 'unlisted' in when || 'unchosen' in when || 'filled' in when) return settingHolds(when, bodyOf(run), run);
  if ('refExists' in when) return refExists(when, first, run) ? {} : undefined;
  return holds(when, first, run, subscribed) ? {} : undefined;
}

/** `refExists`: the repository has the ref, its project and name read as a step would (the subject as found). */
function refExists(when: RefCondition, first: EffectStep | undefined, run: EffectRun): boolean {
  const { kind, record } = subjectOf(first, run);
  const found = refAt(when, kind && record ? { ...run, subject: { kind, record } } : run);
  return found !== undefined && found.repository.has(when.refExists, found.name);
}

/**
 * The refusal's message with its placeholders filled: `<id>` is the id the condition is about (the
 * body field a `missing` test reads, else the subject's), `<unlisted>` the value a setting's list
 * did not hold, `<name>` and the like a body property, `<field.property>` a property of the record
 * of the subject's kind whose id the body's `field` holds (`<parentId.path>`: the parent's path).
 */
function worded(refusal: EffectRefusal, first: EffectStep | undefined, run: EffectRun, unlisted?: unknown): string {
  const body = bodyOf(run);
  const when = refusal.when;
  const id = 'missing' in when ? body[when.field] : subjectOf(first, run).id;
  return refusal.message.replace(/<([A-Za-z][\w .]*)>/g, (placeholder, name: string) => {
    const [field, property] = name.split('.');
    const value = property !== undefined ? linked(first, run, body[field!])?.[property] : name === 'id' ? id : name === 'unlisted' ? unlisted : body[name];
    return value === undefined || value === null || typeof value === 'object' ? placeholder : String(value);
  });
}

/** The record of the subject's kind with this id. */
function linked(first: EffectStep | undefined, run: EffectRun, id: unknown): Rec | undefined {
  const kind = subjectOf(first, run).kind;
  return kind && id !== undefined && id !== null ? run.world.state.setOf(kind)?.get(String(id)) : undefined;
}

/** The subject's kind and, unless the first step creates it, its stored record. */
function subjectOf(first: EffectStep | undefined, run: EffectRun): { kind?: RecordKind; record?: Rec; id?: string } {
  if (first && 'ref' in first && first.of) {
    const kind = run.world.kind(first.of.record);
    return kind ? { kind, ...findAt(first.of.at, kind, run) } : {};
  }
  if (!first || 'setting' in first || 'ref' in first) return {};
  const name = stepRecord(first);
  const kind = name === undefined ? undefined : run.world.kind(name);
  if (!kind || 'create' in first) return kind ? { kind } : {};
  return { kind, ...findAt(first.at, kind, run) };
}

function holds(when: EffectCondition, first: EffectStep | undefined, run: EffectRun, subscribed: boolean): boolean {
  const body = bodyOf(run);
  if ('subscription' in when) return !subscribed && (when.field === undefined || (body[when.field] !== undefined && body[when.field] !== null));
  if ('same' in when) return [when.same, ...(when.and ?? [])].every(([a, b]) => body[a] !== undefined && body[a] === body[b]);
  if ('missing' in when) {
    const kind = run.world.kind(when.missing);
    const value = body[when.field];
    if (!kind || value === undefined || value === null) return false;
    const records = run.world.state.setOf(kind);
    if (kind.properties.has('id')) return records?.get(String(value)) === undefined;
    // Users listed without ids (before v14.1.0) have the ids the mock gives them everywhere else;
    // other records without ids cannot tell which ids name one.
    return kind === kind.peers?.users && !userDirectory(records?.all() ?? []).some((u) => String(u.id) === String(value));
  }
  const subject = subjectOf(first, run);
  if ('property' in when) {
    const value = subject.record ? subject.record[when.property] : body[when.property];
    return when.in.some((v) => v === value);
  }
  if (!subject.kind) return false;
  return 'duplicate' in when && duplicated(when, subject, first, run);
}

/** `duplicate`: another record (of the subject's kind, or of `of`, among those `only` admits) has the values. */
function duplicated(when: DuplicateCondition, subject: { kind?: RecordKind; record?: Rec; id?: string }, first: EffectStep | undefined, run: EffectRun): boolean {
  const body = bodyOf(run);
  const kind = subject.kind!;
  const made = first && 'create' in first ? changesOf(first.values, kind, undefined, run).set : undefined;
  const wanted = when.duplicate.map((p) => (made ? createdValue(kind, p, made, body) : p in body ? body[p] : subject.record?.[p]));
  const among = when.of === undefined ? kind : run.world.kind(when.of);
  // Another kind's records are matched on the values the body gives; none given, none matched.
  if (!among || (among !== kind && wanted.some((v) => v === undefined || v === null))) return false;
  const as = when.as ?? when.duplicate;
  const others = (run.world.state.setOf(among)?.all() ?? []).filter((r) => Object.entries(when.only ?? {}).every(([p, v]) => r[p] === v));
  return others.some((r) => (among !== kind || String(r.id) !== subject.id) && as.every((p, i) => r[p] === wanted[i]));
}

/**
 * What a record a create makes holds: the value the step sets (an SSH key's text, from the raw
 * body), else the body's, else its field's zero (null: a project made without a parent).
 */
function createdValue(kind: RecordKind, property: string, made: Rec, body: Rec): unknown {
  if (property in made) return made[property];
  if (property in body) return body[property];
  const schema = kind.properties.get(property);
  const types = [schema?.type, ...(schema?.oneOf ?? schema?.anyOf ?? []).map((s) => (s as { type?: unknown }).type)].flat();
  return types.includes('null') ? null : undefined;
}
