/**
 * The trials of mock-stateful.test.ts, one per kind of effect: each tries one operation on a
 * stateful engine as its declared effect says it behaves and gives what differed (empty: it did
 * exactly that), or why it could not be tried.
 */
import { isDeepStrictEqual } from 'node:util';
import { stepRecord, type Cascade, type EffectRefusal, type EffectStep, type RecordAt } from '../../spec/model.js';
import { stepKindOf, type Effected, type Rec } from './stateful-plan.js';
import { candidates, carryOut, distinct, duplicateRefusalFor, prepare, propertyHolds, recordAt, stepProblems, withTargets, wordedMessage, type Address, type Prepared, type World } from './stateful-trials.js';

export type Outcome = { problems: string[]; cascaded?: number } | { untried: string };

const isObject = (value: unknown): value is Rec => typeof value === 'object' && value !== null && !Array.isArray(value);
const first = (e: Effected): EffectStep => e.effect.changes[0]!;
const subjectId = (p: Prepared): string | undefined => {
  const address = p.targets[0]?.address;
  return address && 'id' in address ? address.id : undefined;
};

/** Whether an answer is exactly a refusal, worded for this body; else what it was. */
export function refusalProblem(answer: { status: number; text: string }, refusal: EffectRefusal, body: unknown, subject: unknown): string | undefined {
  const wanted = { status: refusal.status, text: wordedMessage(refusal, body, subject) };
  // A placeholder naming another record's property (`<parentId.path>`) is any text here: mock-server-made.test.ts fills it.
  const parts = wanted.text.split(/<[A-Za-z][\w ]*\.[\w]+>/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const said = answer.status === wanted.status && new RegExp(`^${parts.join('.+')}$`, 's').test(answer.text);
  return said ? undefined : `${answer.status} ${answer.text}, expected ${wanted.status} ${wanted.text}`;
}

/** The example's subscription refusal, when the body (or every call) meets its condition. */
export function subscriptionRefusal(e: Effected, body: unknown = e.call.body): EffectRefusal | undefined {
  return e.effect.refuses?.find((r) => 'subscription' in r.when && (r.when.field === undefined || (isObject(body) && body[r.when.field] !== undefined && body[r.when.field] !== null)));
}

/**
 * A create with the example's body (or, where that makes a record like one that is there, after
 * checking the duplicate refusal, with one that does not); then the same create again: another
 * id, or exactly the duplicate refusal.
 */
export async function tryCreate(w: World, e: Effected, keep: readonly string[] = [], body?: unknown): Promise<Outcome & { id?: number }> {
  const example = await prepare(w, e, { order: 'first' }, body ?? structuredClone(e.call.body));
  if ('untried' in example) return example;
  const schema = stepRecord(first(e))!;
  let unique = await distinct(w, e, example.body, false, keep);
  if ('untried' in unique) return unique;
  const problems: string[] = [];
  if (unique.duplicated) {
    const wrong = refusalProblem((await carryOut(w, example)).answer, unique.duplicated, example.body, undefined);
    if (wrong) problems.push(`a duplicate: ${wrong}`);
  }
  let prepared = await withTargets(w, { ...example, body: unique.body });
  const listedBefore = (await w.probe.listed(schema)) ?? [];
  let { answer, sent } = await carryOut(w, prepared);
  const duplicate = duplicateRefusalFor(e, prepared.body);
  if (!unique.duplicated && duplicate && !w.probe.seenWhole(schema) && !refusalProblem(answer, duplicate, prepared.body, undefined)) {
    // Refused as a duplicate of a record no listing shows whole: tried again with a body that is not.
    unique = await distinct(w, e, prepared.body, true, keep);
    if ('untried' in unique) return unique;
    prepared = await withTargets(w, { ...prepared, body: unique.body });
    ({ answer, sent } = await carryOut(w, prepared));
  }
  if (answer.status !== 200) return { problems: [...problems, `${answer.status} ${answer.text}`] };
  const id = answer.json();
  if (typeof id !== 'number') return { problems: [...problems, `answered ${answer.text}, not an id`] };
  if (listedBefore.some((r) => r.id === id)) problems.push(`answered ${id}, a listed ${schema}'s id`);
  if (!w.probe.readable(schema, isObject(prepared.body) ? prepared.body : {})) return { untried: `${schema} is not read back` };
  if (!w.d.hasProperty(schema, 'id')) {
    // Records without ids: the listing has one more, the one with the body's values (stepProblems finds it).
    const added = ((await w.probe.listed(schema)) ?? []).filter((r) => !listedBefore.some((b) => isDeepStrictEqual(b, r)));
    if (added.length !== 1) problems.push(`the listing has ${added.length} records more, not 1`);
  }
  problems.push(...(await stepProblems(w, prepared, sent, String(id))));
  const again = (await carryOut(w, prepared)).answer;
  if (duplicate) {
    const wrong = refusalProblem(again, duplicate, prepared.body, undefined);
    if (wrong) problems.push(`again: ${wrong}`);
  } else if (again.status !== 200 || again.json() === id) problems.push(`again: ${again.status} ${again.text}`);
  return { problems, id };
}

/**
 * An update, setter or count on a record that is there: exactly what its steps write, the rest as
 * it was. A count only with a body (a note the server adds as a comment) is tried without one too.
 */
export async function tryChange(w: World, e: Effected): Promise<Outcome> {
  const prepared = await prepare(w, e);
  if ('untried' in prepared) return prepared;
  const { answer, sent } = await carryOut(w, prepared);
  if (answer.status !== e.call.success) return { problems: [`${answer.status} ${answer.text}`] };
  const problems = await stepProblems(w, prepared, sent);
  const step = first(e);
  if ('count' in step && step.onlyWithBody && !e.call.bodyRequired) {
    const bare = await withTargets(w, { ...prepared, body: undefined });
    const done = await carryOut(w, bare);
    if (done.answer.status !== e.call.success) problems.push(`without a body: ${done.answer.status} ${done.answer.text}`);
    else problems.push(...(await stepProblems(w, bare, done.sent)).map((p) => `without a body: ${p}`));
  }
  return { problems };
}

/** A record of the kind a cascade names, pointing to `parentId` by its field, made by the create the description has for it. */
async function child(w: World, cascade: Cascade, parentId: string): Promise<number | undefined> {
  const creator = w.d.effected.find((c) => stepKindOf(first(c)) === 'create' && stepRecord(first(c)) === cascade.record && isObject(c.call.body) && cascade.field in c.call.body);
  if (!creator || subscriptionRefusal(creator)) return undefined;
  const body = { ...(creator.call.body as Rec), [cascade.field]: Number(parentId) };
  const made = await tryCreate(w, creator, [cascade.field], body);
  return 'id' in made ? made.id : undefined;
}

/** The creates the description has for records of a schema. */
const creatorsOf = (w: World, schema: string): Effected[] => w.d.effected.filter((c) => stepKindOf(c.effect.changes[0]) === 'create' && stepRecord(first(c)) === schema && !subscriptionRefusal(c));

/** A record of the schema made by its create, to be changed or removed when none that is there may be. */
async function made(w: World, schema: string): Promise<number | undefined> {
  for (const creator of creatorsOf(w, schema)) {
    const outcome = await tryCreate(w, creator);
    if ('id' in outcome && outcome.id !== undefined) return outcome.id;
  }
  return undefined;
}

/**
 * The removal prepared on a record that is there: a listed one it may remove, else one its create
 * makes; one named by its values (an assignment) is first made by the operation that sets it.
 */
async function removable(w: World, e: Effected): Promise<Prepared | { untried: string }> {
  let prepared = await prepare(w, e, { order: 'last' });
  const schema = stepRecord(first(e))!;
  if ('untried' in prepared) {
    const id = await made(w, schema);
    if (id === undefined) return prepared;
    prepared = await prepare(w, e, { order: 'first', prefer: id, fits: (r) => r.id === id });
    if ('untried' in prepared) return prepared;
  }
  const address = prepared.targets[0]!.address;
  for (const b of prepared.targets[0]!.before || !('where' in address) ? [] : w.d.effected) {
    const step = b.effect.changes[0];
    const call = step && 'set' in step && step.set === schema ? aligned(w, b, address) : undefined;
    if (call && (await w.probe.send(b.call, call.values, call.body)).status === b.call.success) {
      prepared = await withTargets(w, prepared);
      break;
    }
  }
  return prepared.targets[0]!.before ? prepared : { untried: `the ${schema} it removes is not there, and nothing makes one` };
}

/**
 * A removal of a listed record (the last one it may remove): it is gone from its read and its
 * listing, a second removal answers 404, and the records its cascades name that point to it
 * (one made for each cascade a create can make, and those listed) are gone too.
 */
export async function tryRemove(w: World, e: Effected): Promise<Outcome> {
  const prepared = await removable(w, e);
  if ('untried' in prepared) return prepared;
  const subject = prepared.targets[0]!;
  const id = subjectId(prepared);
  const pointing: Array<{ schema: string; id: string; hints: Rec }> = [];
  for (const cascade of id === undefined ? [] : ((first(e) as { cascade?: readonly Cascade[] }).cascade ?? [])) {
    const hints = { [cascade.field]: id };
    const made = await child(w, cascade, id!);
    if (made !== undefined) pointing.push({ schema: cascade.record, id: String(made), hints });
    for (const r of (await w.probe.listed(cascade.record, hints)) ?? []) {
      if (String(r[cascade.field]) === id && r.id !== undefined && !pointing.some((p) => p.schema === cascade.record && p.id === String(r.id))) pointing.push({ schema: cascade.record, id: String(r.id), hints });
    }
  }
  const { answer, sent } = await carryOut(w, prepared);
  if (answer.status !== e.call.success) return { problems: [`${answer.status} ${answer.text}`] };
  const problems = await stepProblems(w, prepared, sent);
  const read = w.d.readOf(subject.schema);
  if (id !== undefined && read) {
    const gone = await w.probe.read(subject.schema, id);
    if (gone.status !== read.goneStatus) problems.push(`its read answers ${gone.status}, not ${read.goneStatus}`);
  }
  const listed = await w.probe.listed(subject.schema);
  if (id !== undefined && listed?.some((r) => String(r.id) === id)) problems.push('its listing still has it');
  // Removing what is not there: 404 for a record named by id; by its values (an assignment), nothing to do.
  const again = (await carryOut(w, prepared)).answer;
  const wanted = id !== undefined ? 404 : e.call.success;
  if (again.status !== wanted || (wanted === 404 && again.text === '')) problems.push(`again: ${again.status} ${again.text}, expected ${wanted}`);
  for (const p of pointing) if (await recordAt(w, p.schema, { id: p.id, hints: p.hints })) problems.push(`${p.schema} ${p.id}, pointing to it, is still there`);
  return { problems, cascaded: pointing.length };
}

/** Whether the subject the prepared call addresses meets a refusal's condition now. */
const holdsNow = (refusal: EffectRefusal, p: Prepared): boolean => propertyHolds(refusal, p.targets[0]?.before);

/** After a call that brings the record into the refused state: gone from listings that leave out records in it. */
const hiddenInState = (w: World, refusal: EffectRefusal, p: Prepared): boolean =>
  'property' in refusal.when && p.targets[0] !== undefined && p.targets[0].before === undefined &&
  refusal.when.in.some((v) => w.d.hides(p.targets[0]!.schema, { [(refusal.when as { property: string }).property]: v }));

/** The call of `b` that addresses the record at `address` by its first step (the same id, or the same values), if it can. */
function aligned(w: World, b: Effected, address: Address): { values: Record<string, string | number>; body: unknown } | undefined {
  const at = (b.effect.changes[0] as { at?: RecordAt } | undefined)?.at;
  const values: Record<string, string | number> = { ...b.call.pathParams };
  const body = structuredClone(b.call.body);
  if (!at) return undefined;
  if ('id' in address && 'param' in at) values[at.param] = address.id;
  else if ('where' in address && 'where' in at) {
    for (const [key, v] of Object.entries(at.where)) {
      if ('param' in v) values[v.param] = address.where[key] as number;
      else if ('bodyField' in v && isObject(body)) body[v.bodyField] = address.where[key];
      else if (!('caller' in v && address.where[key] === w.callerId)) return undefined;
    }
  } else return undefined;
  return { values, body };
}

/** Calls of other operations that set the subject's property to one of the refusal's values. */
function bringers(w: World, e: Effected, refusal: EffectRefusal, p: Prepared): Array<{ b: Effected; values: Record<string, string | number>; body: unknown }> {
  if (!('property' in refusal.when)) return [];
  const { property, in: values } = refusal.when;
  return w.d.effected.flatMap((b) => {
    const step = b.effect.changes[0];
    const value = step && 'set' in step ? step.values[property] : undefined;
    if (b === e || !step || !('set' in step) || step.set !== stepRecord(first(e)) || !value || !('const' in value) || !values.includes(value.const)) return [];
    const call = aligned(w, b, p.targets[0]!.address);
    return call ? [{ b, ...call }] : [];
  });
}

/**
 * A refusal for the state of the record: tried on a record in that state, found in the listing,
 * or brought into it by the operation itself (merge, then merge again) or by another that sets
 * the property so; exactly the refusal's status and words, and the record unchanged.
 */
export async function tryStateRefusal(w: World, e: Effected, refusal: EffectRefusal): Promise<Outcome> {
  const earlier = (e.effect.refuses ?? []).slice(0, (e.effect.refuses ?? []).indexOf(refusal));
  const fits = (r: Rec): boolean => propertyHolds(refusal, r) && !earlier.some((x) => propertyHolds(x, r));
  let p: Prepared | { untried: string } = await prepare(w, e, { order: 'first', fits });
  if ('untried' in p || !holdsNow(refusal, p)) {
    p = await prepare(w, e);
    if ('untried' in p) return p;
    if (!holdsNow(refusal, p) && (await carryOut(w, p)).answer.status === e.call.success) p = await withTargets(w, p);
    let brought = false;
    for (const { b, values, body } of holdsNow(refusal, p) ? [] : bringers(w, e, refusal, p)) {
      if ((await w.probe.send(b.call, values, body)).status !== b.call.success) continue;
      p = await withTargets(w, p);
      brought = hiddenInState(w, refusal, p);
      if (holdsNow(refusal, p) || brought) break;
    }
    if (!holdsNow(refusal, p) && !brought) return { untried: `no ${p.targets[0]?.schema} is in that state, and nothing brings one into it` };
  }
  const before = p.targets[0]!.before;
  const wrong = refusalProblem((await carryOut(w, p)).answer, refusal, p.body, subjectId(p));
  const after = await recordAt(w, p.targets[0]!.schema, p.targets[0]!.address);
  return { problems: [...(wrong ? [wrong] : []), ...(isDeepStrictEqual(before, after) ? [] : [`the record changed: ${JSON.stringify(after)}`])] };
}

/**
 * A refusal for what the body says: a field naming a record that is not there (`missing`), two
 * fields naming the same (`same`), or an update making a record like another (`duplicate`).
 */
export async function tryBodyRefusal(w: World, e: Effected, refusal: EffectRefusal): Promise<Outcome> {
  const p = await prepare(w, e);
  if ('untried' in p) return p;
  if (!isObject(p.body)) return { untried: 'its body is not an object' };
  const when = refusal.when;
  let body: Rec;
  if ('missing' in when) {
    // A field the example leaves out may not be one its body can have (another member of a family).
    if (!(when.field in p.body)) return { untried: `its example has no ${when.field}` };
    const ids = (await candidates(w, when.missing)).map((r) => Number(r.id)).filter(Number.isInteger);
    body = { ...p.body, [when.field]: Math.max(0, ...ids) + 1000 };
  } else if ('same' in when) {
    const sent = p.body;
    // Every pair alike (a pull request's projects and its branches), the first's value on both sides.
    body = { ...sent, ...Object.fromEntries([when.same, ...(when.and ?? [])].map(([a, b]) => [b, sent[a]])) };
  } else if ('duplicate' in when) {
    const subject = p.targets[0];
    if (!subject?.before) return { untried: 'the record it changes is not there' };
    // Another record this refusal is the first to hold for: a listed one, else one its create makes.
    const pool = (await candidates(w, subject.schema, subjectId(p))).filter((r) => duplicateRefusalFor(e, r) === refusal);
    const otherId = pool.find((r) => String(r.id) !== subjectId(p))?.id ?? (await made(w, subject.schema));
    const other = otherId === undefined ? undefined : (await w.probe.read(subject.schema, otherId)).record;
    if (!other) return { untried: 'there is no other record to be like' };
    body = { ...p.body, ...Object.fromEntries(when.duplicate.map((prop) => [prop, other[prop]])) };
  } else return { untried: 'not a refusal for the body' };
  const before = p.targets[0]?.before;
  const wrong = refusalProblem((await carryOut(w, { ...p, body })).answer, refusal, body, subjectId(p));
  const after = p.targets[0] ? await recordAt(w, p.targets[0].schema, p.targets[0].address) : undefined;
  return { problems: [...(wrong ? [wrong] : []), ...(isDeepStrictEqual(before, after) ? [] : [`the record changed: ${JSON.stringify(after)}`])] };
}

/**
 * A refusal for want of a subscription: exactly its status and words on an unlicensed server,
 * nothing changed; carried out on a licensed one (`licensed`); and, where it is for one field of
 * the body only, carried out without that field.
 */
export async function trySubscription(plain: World, licensed: World, e: Effected, refusal: EffectRefusal): Promise<Outcome> {
  const field = (refusal.when as { field?: string }).field;
  // A refusal for one field: the body sets it (to the example its schema gives, when the call's has none).
  const body = structuredClone(e.call.body);
  if (field !== undefined && isObject(body) && (body[field] === undefined || body[field] === null)) body[field] = exampleOf(plain, e, field);
  const p = await prepare(plain, e, { order: 'first' }, body);
  if ('untried' in p) return p;
  const schema = stepRecord(first(e));
  const count = async (w: World): Promise<number | undefined> => (schema ? (await w.probe.listed(schema))?.length : undefined);
  const listedBefore = await count(plain);
  const problems: string[] = [];
  const wrong = refusalProblem((await carryOut(plain, p)).answer, refusal, p.body, subjectId(p));
  if (wrong) problems.push(wrong);
  const target = p.targets[0];
  if (target?.before && !isDeepStrictEqual(target.before, await recordAt(plain, target.schema, target.address))) problems.push('the record changed');
  if ((await count(plain)) !== listedBefore) problems.push('its listing changed');
  if (field !== undefined && isObject(p.body)) {
    const { [field]: _, ...without } = p.body;
    const answer = (await carryOut(plain, await withTargets(plain, { ...p, body: without }))).answer;
    if (answer.status !== e.call.success) problems.push(`without ${field}: ${answer.status} ${answer.text}`);
  }
  const carried = await prepare(licensed, e, { order: 'first' }, structuredClone(body));
  if ('untried' in carried) return carried;
  const answer = (await carryOut(licensed, carried)).answer;
  if (answer.status !== e.call.success) problems.push(`licensed: ${answer.status} ${answer.text}`);
  return { problems };
}

/** A value for a body property: its schema's example, else one of its type. */
function exampleOf(w: World, e: Effected, property: string): unknown {
  const schema = w.d.bodyProperty(e.call, property);
  if (schema?.example !== undefined) return schema.example;
  if (schema?.examples?.[0] !== undefined) return schema.examples[0];
  const type = [schema?.type].flat()[0];
  return type === 'integer' || type === 'number' ? 60 : type === 'boolean' ? true : 'a value';
}
