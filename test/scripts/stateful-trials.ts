/**
 * One operation tried on a stateful mock the way its declared effect says it behaves: the records
 * its steps address (chosen among the listed ones where the example's ids name none, or name one
 * a refusal would keep it from changing), read before the call, then read again and held against
 * what each step writes (spec/model.ts, EffectStep): exactly, property by property.
 */
import { isDeepStrictEqual } from 'node:util';
import { stepRecord, type EffectRefusal, type EffectStep, type EffectValue, type RecordAt } from '../../spec/model.js';
import { FRESH_ADMINISTRATOR } from '../../spec/fresh-server.js';
import type { Answered, Probe } from './stateful-probe.js';
import { ADMIN_NAME } from './stateful-probe.js';
import { ISSUE_STATES } from '../../scripts/lib/mock/query/vary.js';
import { expectedValue, mismatch, stepKindOf, type Description, type Effected, type Expected, type Rec, type Sent } from './stateful-plan.js';

/** The engine asked, what the description says, and who the caller is. */
export interface World {
  d: Description;
  probe: Probe;
  /** The schema of the users listed at `/users`. */
  users: string;
  callerId: number;
}

export async function worldOf(d: Description, probe: Probe): Promise<World> {
  const users = d.listedAt('/users');
  if (!users) throw new Error('the description lists no users at /users');
  const listed = (await probe.listed(users)) ?? [];
  const me = listed.find((u) => u.name === ADMIN_NAME);
  // Before v14.1.0 user records carry no id: the administrator a fresh server makes is user 1.
  const callerId = typeof me?.id === 'number' ? me.id : FRESH_ADMINISTRATOR.id;
  return { d, probe, users, callerId };
}

/** How a step's record is found: by id, or by the values of some of its properties. */
export type Address = { id: string; hints?: Rec } | { where: Rec };

export interface Prepared {
  effected: Effected;
  values: Record<string, string | number>;
  body: unknown;
  /** Each step's record: where it is, and what it held before the call (undefined: not there). */
  targets: Array<{ schema: string; address: Address; before: Rec | undefined } | undefined>;
}

export type Preparation = Prepared | { untried: string };

const isObject = (value: unknown): value is Rec => typeof value === 'object' && value !== null && !Array.isArray(value);
const matches = (record: Rec, where: Rec): boolean => Object.entries(where).every(([p, v]) => isDeepStrictEqual(record[p], v));

/** Whether a record of the schema with this id is there: undefined when none can be read back. */
export async function exists(w: World, schema: string, id: unknown): Promise<boolean | undefined> {
  if (!w.probe.readable(schema) || !w.d.hasProperty(schema, 'id')) return undefined;
  return (await w.probe.read(schema, id)).status === 200;
}

/**
 * The records of a schema the test may pick from: those listed without a parent, else the one the
 * example names (when it is there) and those listed under any parent.
 */
export async function candidates(w: World, schema: string, example?: unknown): Promise<Rec[]> {
  if (!w.d.hasProperty(schema, 'id')) return [];
  const listed = await w.probe.listed(schema);
  if (listed) return listed;
  const read = example === undefined ? undefined : await w.probe.read(schema, example);
  const around = (await w.probe.everywhere(schema)) ?? [];
  const named = read?.record;
  return named ? [named, ...around.filter((r) => String(r.id) !== String(named.id))] : around;
}

/** The values a `where` names, as the record holds them. */
function whereOf(w: World, schema: string, where: Readonly<Record<string, EffectValue>>, values: Rec, body: unknown): Rec {
  const sent: Sent = { body, pathValues: values as Record<string, string>, callerId: w.callerId, from: 0, to: 0 };
  return Object.fromEntries(Object.entries(where).map(([p, v]) => [p, (expectedValue(w.d, schema, p, v, sent, undefined) as { exactly?: unknown }).exactly]));
}

/** A `where` that names only the id (`{ id: { bodyField: 'buildId' } }`): the body field holding it. */
function idField(at: RecordAt): string | undefined {
  if (!('where' in at)) return undefined;
  const entries = Object.entries(at.where);
  const [only] = entries;
  return entries.length === 1 && only![0] === 'id' && 'bodyField' in only![1] ? only![1].bodyField : undefined;
}

/** Where a step's record is, given the path values, the body and the subject's record before. */
function addressOf(w: World, step: EffectStep, prepared: Omit<Prepared, 'targets'>, subject: Rec | undefined): Address | undefined {
  const at = (step as { at?: RecordAt }).at;
  const schema = stepRecord(step);
  if (!at || !schema) return undefined;
  const body = prepared.body;
  if ('param' in at) return { id: String(prepared.values[at.param]) };
  if ('body' in at) return body === undefined || body === null ? undefined : { id: String(body) };
  if ('field' in at) {
    const source = 'create' in prepared.effected.effect.changes[0]! ? (isObject(body) ? body : {}) : subject ?? {};
    const value = source[at.field];
    return value === undefined || value === null ? undefined : { id: String(value) };
  }
  // Records a text refers to, and a subject's siblings, are tried by their own tests (mock-effects-reach.test.ts).
  if ('referencedIn' in at || 'others' in at) return undefined;
  const field = idField(at);
  if (field !== undefined) return isObject(body) && body[field] !== undefined ? { id: String(body[field]) } : undefined;
  return { where: whereOf(w, schema, at.where, prepared.values, body) };
}

/** What a record holds now at an address (undefined: not there). */
export async function recordAt(w: World, schema: string, address: Address): Promise<Rec | undefined> {
  if ('id' in address) return (await w.probe.read(schema, address.id, address.hints)).record;
  return ((await w.probe.listed(schema, address.where)) ?? []).find((r) => matches(r, address.where));
}

/** Whether a refusal's `property` condition holds for a record. */
export const propertyHolds = (refusal: EffectRefusal, record: Rec | undefined): boolean =>
  'property' in refusal.when && record !== undefined && refusal.when.in.some((v) => v === record[(refusal.when as { property: string }).property]);

/** Whether a `duplicate` refusal holds for an update of `record` to `body`, among `pool`. */
const duplicateHolds = (refusal: EffectRefusal, record: Rec, body: unknown, pool: readonly Rec[]): boolean => {
  if (!('duplicate' in refusal.when)) return false;
  const props = refusal.when.duplicate;
  const wanted = props.map((p) => (isObject(body) && p in body ? body[p] : record[p]));
  return pool.some((o) => String(o.id) !== String(record.id) && props.every((p, i) => o[p] === wanted[i]));
};

export interface Choice {
  /** Which of the fitting records: the first listed, or the last. */
  order: 'first' | 'last';
  /** The id to look at first, instead of the example's (a record the test made). */
  prefer?: unknown;
  /** Records the subject may be (default: those no refusal keeps from changing, other than the caller). */
  fits?: (record: Rec, pool: readonly Rec[]) => boolean;
}

/**
 * The call's path values and body with ids that name records (a `missing` refusal's field, a path
 * parameter's record, the subject), and each step's record read before the call.
 */
export async function prepare(w: World, effected: Effected, choice: Choice = { order: 'first' }, body: unknown = structuredClone(effected.call.body)): Promise<Preparation> {
  const { call, effect } = effected;
  const values: Record<string, string | number> = { ...call.pathParams };
  for (const refusal of effect.refuses ?? []) {
    if (!('missing' in refusal.when) || !isObject(body)) continue;
    const { missing, field } = refusal.when;
    if (body[field] === undefined || body[field] === null || (await exists(w, missing, body[field])) !== false) continue;
    const other = (await candidates(w, missing))[0];
    if (!other) return { untried: `its body's ${field} names no ${missing}, and none is listed` };
    body[field] = other.id;
  }
  const first = effect.changes[0];
  const at = (first as { at?: RecordAt } | undefined)?.at;
  const subjectParam = at && 'param' in at ? at.param : undefined;
  for (const param of Object.keys(values)) {
    const schema = w.d.kindAt(effected, param);
    if (param === subjectParam || !schema || (await exists(w, schema, values[param])) !== false) continue;
    const other = (await candidates(w, schema))[0];
    if (!other) return { untried: `its path's ${param} names no ${schema}, and none is listed` };
    values[param] = other.id as number;
  }
  if (first && at && ('param' in at || 'body' in at || idField(at) !== undefined)) {
    const schema = stepRecord(first)!;
    if (!w.d.hasProperty(schema, 'id')) return { untried: `${schema} records have no id here, so none can be addressed by one` };
    const example = choice.prefer ?? ('param' in at ? values[at.param] : 'body' in at ? body : (body as Rec)[idField(at)!]);
    const pool = await candidates(w, schema, example);
    const fits = choice.fits ?? ((r: Rec, all: readonly Rec[]) => !refusedFor(effected, r, body, all) && !(schema === w.users && r.id === w.callerId));
    const fitting = pool.filter((r) => fits(r, pool));
    const chosen = choice.order === 'last' ? fitting.at(-1) : fitting[0];
    if (!chosen) return { untried: `no ${schema} it may change is there (${pool.length} listed)` };
    if ('param' in at) values[at.param] = chosen.id as number;
    else if ('body' in at) body = chosen.id;
    else (body as Rec)[idField(at)!] = chosen.id;
  }
  return withTargets(w, { effected, values, body });
}

/** Whether one of the operation's refusals keeps it from changing `record` (with `body`). */
export function refusedFor(effected: Effected, record: Rec, body: unknown, pool: readonly Rec[]): boolean {
  return (effected.effect.refuses ?? []).some((r) => propertyHolds(r, record) || duplicateHolds(r, record, body, pool));
}

/** Each step's record, read before the call. */
export async function withTargets(w: World, prepared: Omit<Prepared, 'targets'>): Promise<Prepared> {
  const targets: Prepared['targets'] = [];
  let subject: Rec | undefined;
  for (const [i, step] of prepared.effected.effect.changes.entries()) {
    const schema = stepRecord(step);
    const address = schema ? addressOf(w, step, prepared, subject) : undefined;
    const before = schema && address ? await recordAt(w, schema, address) : undefined;
    if (i === 0) subject = before;
    targets.push(schema && address ? { schema, address, before } : undefined);
  }
  return { ...prepared, targets };
}

/** The call, with when it was made. */
export async function carryOut(w: World, prepared: Prepared): Promise<{ answer: Answered; sent: Sent }> {
  const from = Date.now();
  const answer = await w.probe.send(prepared.effected.call, prepared.values, prepared.body);
  const to = Date.now();
  const call = prepared.effected.call;
  const body = prepared.body === undefined ? undefined : call.rawText ? String(prepared.body) : prepared.body;
  return { answer, sent: { body, pathValues: prepared.values, query: call.query, callerId: w.callerId, from, to } };
}

/** What one record should hold after the call: property by property; `whole`: the rest as before. */
interface RecordExpectation {
  schema: string;
  address: Address;
  before: Rec | undefined;
  checks: Map<string, Expected>;
  whole: boolean;
  gone: boolean;
}

/** The body's properties a record of the schema has (never its id): what a create or update writes. */
function bodyProperties(d: Description, schema: string, body: unknown, values: Readonly<Record<string, EffectValue>> | undefined): Array<[string, unknown]> {
  if (!isObject(body)) return [];
  return Object.entries(body).filter(([p]) => p !== 'id' && d.hasProperty(schema, p) && !(values && p in values));
}

function expectationsOf(w: World, prepared: Prepared, sent: Sent, createdId: string | undefined): RecordExpectation[] {
  const byRecord = new Map<string, RecordExpectation>();
  for (const [i, step] of prepared.effected.effect.changes.entries()) {
    const kind = stepKindOf(step);
    // Only the first step's record is the one the answer names; a later create (a new user's
    // primary address) is held by the replay and its own test (mock-lists.test.ts).
    if (kind === 'create' && i > 0) continue;
    // A created record without a read of its own is found under the parents its body names; one
    // without an id (users before v14.1.0), as the listed record with the body's values.
    const schema = stepRecord(step);
    const created: Address = schema && !w.d.hasProperty(schema, 'id')
      ? { where: Object.fromEntries(bodyProperties(w.d, schema, sent.body, (step as { values?: Readonly<Record<string, EffectValue>> }).values)) }
      : { id: createdId!, ...(isObject(sent.body) ? { hints: sent.body } : {}) };
    const target = kind === 'create' && createdId !== undefined ? { schema: stepRecord(step)!, address: created, before: undefined } : prepared.targets[i];
    if (!target || kind === 'setting') continue;
    const key = `${target.schema} ${JSON.stringify('id' in target.address ? target.address.id : target.address.where)}`;
    const e = byRecord.get(key) ?? { ...target, checks: new Map<string, Expected>(), whole: target.before !== undefined, gone: false };
    byRecord.set(key, e);
    const values = (step as { values?: Readonly<Record<string, EffectValue>> }).values;
    if (kind === 'create' || kind === 'update') for (const [p, v] of bodyProperties(w.d, target.schema, sent.body, values)) e.checks.set(p, { exactly: v });
    for (const [p, v] of Object.entries(values ?? {})) e.checks.set(p, 'stateOrdinal' in v ? ordinalExpected(e.checks.get(v.stateOrdinal)) : expectedValue(w.d, target.schema, p, v, sent, target.before));
    if (kind === 'set' && !target.before && 'where' in target.address) for (const [p, v] of Object.entries(target.address.where)) e.checks.set(p, { exactly: v });
    if (kind === 'remove') e.gone = true;
    // A record whose new values its listings leave out (an excluded review) is no longer listed.
    const now = Object.fromEntries([...e.checks].flatMap(([p, x]) => ('exactly' in x ? [[p, x.exactly]] : [])));
    if (kind === 'set' && w.d.hides(target.schema, now)) e.gone = true;
    if (kind === 'count' && 'count' in step) {
      const noBody = sent.body === undefined || sent.body === null || sent.body === '';
      const now = e.checks.get(step.property);
      const base = now && 'exactly' in now ? now.exactly : target.before?.[step.property];
      const current = typeof base === 'number' ? base : 0;
      e.checks.set(step.property, { exactly: step.onlyWithBody && noBody ? current : Math.max(0, current + step.by) });
    }
  }
  return [...byRecord.values()];
}

/** A state's ordinal among a fresh server's issue states, for the state the step writes. */
function ordinalExpected(state: Expected | undefined): Expected {
  const at = state && 'exactly' in state ? ISSUE_STATES.indexOf(String(state.exactly)) : -1;
  return at < 0 ? { absent: true } : { exactly: at };
}

/** What differs from what the steps say, one line each (empty: the call did what its effect declares). */
export async function stepProblems(w: World, prepared: Prepared, sent: Sent, createdId?: string): Promise<string[]> {
  const problems: string[] = [];
  for (const e of expectationsOf(w, prepared, sent, createdId)) {
    const where = `${e.schema} ${JSON.stringify('id' in e.address ? e.address.id : e.address.where)}`;
    const after = await recordAt(w, e.schema, e.address);
    if (e.gone) {
      if (after) problems.push(`${where} is still there`);
      continue;
    }
    if (!after) {
      problems.push(`${where} is not there`);
      continue;
    }
    for (const [p, expected] of e.checks) {
      const wrong = mismatch(after, p, expected);
      if (wrong) problems.push(`${where}: ${wrong}`);
    }
    if (e.whole && e.before) {
      for (const p of new Set([...Object.keys(e.before), ...Object.keys(after)])) {
        if (!e.checks.has(p) && !isDeepStrictEqual(after[p], e.before[p])) problems.push(`${where}: ${p} changed from ${JSON.stringify(e.before[p])} to ${JSON.stringify(after[p])}`);
      }
    }
    const errors = w.d.errors(e.schema, after);
    if (errors.length > 0) problems.push(`${where} is not a valid ${e.schema}: ${errors.join('; ')}`);
  }
  return problems;
}

/** A refusal's message as the server words it for this request (`<id>`, `<name>`: what they name). */
export function wordedMessage(refusal: EffectRefusal, body: unknown, subjectId: unknown): string {
  const fields = isObject(body) ? body : {};
  const id = 'missing' in refusal.when ? fields[refusal.when.field] : subjectId;
  return refusal.message.replace(/<([A-Za-z][\w ]*)>/g, (placeholder, name: string) => {
    const value = name === 'id' ? id : fields[name];
    return value === undefined || value === null || typeof value === 'object' ? placeholder : String(value);
  });
}

/** The value a create's record would hold: what the step sets, else the body's, else null where allowed. */
function createdValue(w: World, e: Effected, property: string, body: unknown): unknown {
  const first = e.effect.changes[0]!;
  const schema = stepRecord(first)!;
  const value = (first as { values?: Readonly<Record<string, EffectValue>> }).values?.[property];
  const sent: Sent = { body, pathValues: e.call.pathParams, callerId: w.callerId, from: 0, to: 0 };
  if (value) return (expectedValue(w.d, schema, property, value, sent, undefined) as { exactly?: unknown }).exactly;
  if (isObject(body) && property in body) return body[property];
  return w.d.typesOf(schema, property).includes('null') ? null : undefined;
}

/** Whether a create with this body would make a record like one that is there (its `duplicate` refusal). */
async function duplicates(w: World, e: Effected, refusal: EffectRefusal, body: unknown): Promise<boolean> {
  if (!('duplicate' in refusal.when)) return false;
  const schema = stepRecord(e.effect.changes[0]!)!;
  const pool = (await w.probe.everywhere(schema)) ?? [];
  const props = refusal.when.duplicate;
  return pool.some((r) => props.every((p) => isDeepStrictEqual(r[p], createdValue(w, e, p, body))));
}

/**
 * The duplicate refusal the server gives a body: the first declared whose `only`, on the
 * properties it compares, the body's values meet (a property the body leaves out is null).
 */
export function duplicateRefusalFor(e: Effected, body: unknown): EffectRefusal | undefined {
  // `only` on a property the refusal does not compare (an open request's status) filters the others, not the body.
  const meets = (r: EffectRefusal): boolean =>
    'duplicate' in r.when &&
    Object.entries(r.when.only ?? {}).every(([p, v]) => !(r.when as { duplicate: readonly string[] }).duplicate.includes(p) || (isObject(body) && p in body ? body[p] : null) === v);
  return e.effect.refuses?.find(meets);
}

let variants = 0;
/** Another text of the same kind, unlike any made before: an address stays an address. */
const another = (text: string): string => {
  variants += 1;
  return /^[^@\s]+@[^@\s]+$/.test(text) ? `other${variants}.${text}` : `${text}-${variants}`;
};

/**
 * For a create whose example would duplicate a record that is there (`force`: that was refused
 * so, among records no listing shows whole): a body that does not (a text made another, an id
 * naming another record of its kind; never one of `keep`). `duplicated`: the example's refusal.
 */
export async function distinct(w: World, e: Effected, body: unknown, force = false, keep: readonly string[] = []): Promise<{ body: unknown; duplicated?: EffectRefusal } | { untried: string }> {
  const refusal = duplicateRefusalFor(e, body);
  if (!refusal || (!force && !(await duplicates(w, e, refusal, body)))) return { body };
  const first = e.effect.changes[0] as { values?: Readonly<Record<string, EffectValue>> };
  for (const p of (refusal.when as { duplicate: readonly string[] }).duplicate.filter((d) => !keep.includes(d))) {
    const fromBody = first.values?.[p] && 'body' in first.values[p]!;
    const current = fromBody ? body : isObject(body) ? body[p] : undefined;
    const options: unknown[] = [];
    if (typeof current === 'string') options.push(another(current));
    const missing = e.effect.refuses?.find((r) => 'missing' in r.when && r.when.field === p)?.when as { missing: string } | undefined;
    const kind = missing?.missing ?? w.d.readByParam(p);
    if (typeof current === 'number' && kind) options.push(...(await candidates(w, kind)).map((r) => r.id));
    for (const option of options) {
      const changed = fromBody ? option : { ...(body as Rec), [p]: option };
      if (!(await duplicates(w, e, refusal, changed))) return { body: changed, duplicated: refusal };
    }
  }
  return { untried: `its example duplicates a record that is there, and no ${(refusal.when as { duplicate: readonly string[] }).duplicate.join('/')} makes it another` };
}
