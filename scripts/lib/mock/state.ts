/**
 * The records a mock run serves. Without `stateful`, only the populations of paged kinds exist,
 * and nothing a request sends changes them. With `stateful`, every kind has its records (a
 * population, a fresh server's records, or the document's examples) and the steps of the
 * effects writes declare (effects/) change them for the requests that follow. A changed record is checked against
 * its response schema; a property that would break it keeps its previous value.
 */
import type { ValidateFunction } from 'ajv';
import { builtinRecords } from './builtin-records.js';
import { Repositories } from './commits/refs.js';
import { population, RecordSet, type Rec, type RecordKind, type RecordModel } from './records.js';

export interface StateOptions {
  stateful: boolean;
  /** Records in each paged kind's population. */
  records: number;
  /** The OneDev release the records are of (`info.x-onedev-version`); undefined: the newest. */
  release?: string;
  /**
   * Start as a fresh server does (stateful runs): the records its setup makes (the administrator,
   * the default roles, the system accounts) and nothing else; no generated population.
   */
  fresh?: boolean;
  /** The properties a kind's list property has in each element (from the description). */
  elementProperties?: (kind: RecordKind, property: string) => readonly string[] | undefined;
}

export class MockState {
  private readonly sets = new Map<RecordKind, RecordSet>();
  private readonly nextIds = new Map<RecordKind, number>();
  private readonly singletons = new Map<string, unknown>();
  /** The projects' branches and tags as the run's writes left them (used with --stateful). */
  readonly repositories = new Repositories();

  constructor(
    model: RecordModel,
    readonly options: StateOptions,
    private readonly validatorFor: (kind: RecordKind) => ValidateFunction,
  ) {
    for (const kind of model.kinds) {
      if (!kind.paged && !options.stateful) continue;
      const set = options.fresh ? this.setUp(kind) : kind.paged ? this.populated(kind) : new RecordSet(kind, kind.seeds);
      this.sets.set(kind, set);
      this.nextIds.set(kind, set.highest('id') + 1);
    }
  }

  /**
   * A paged kind's records: what a fresh server holds of it first (builtin-records.ts), then the
   * generated population, as many records in all as asked for. A generated record that would
   * take a built-in one's name is left out, and one that would take its id gets another.
   */
  private populated(kind: RecordKind): RecordSet {
    const size = this.options.records;
    const valid = (record: Rec): boolean => this.validatorFor(kind)(record);
    const elements = (property: string): readonly string[] | undefined => this.options.elementProperties?.(kind, property);
    const builtins = size > 0 ? builtinRecords(kind, this.options.release, valid, elements) : { listed: [], hidden: [] };
    if (builtins.listed.length + builtins.hidden.length === 0) return new RecordSet(kind, population(kind, size));
    const fresh = [...builtins.listed, ...builtins.hidden];
    const names = new Set(fresh.map((r) => r.name));
    const ids = new Set(fresh.map((r) => String(r.id)));
    const generated = population(kind, size).filter((r) => !names.has(r.name));
    let next = Math.max(0, ...fresh.map((r) => (typeof r.id === 'number' ? r.id : 0)), ...generated.map((r) => (typeof r.id === 'number' ? r.id : 0))) + 1;
    const renumbered = generated.map((r) => (r.id !== undefined && ids.has(String(r.id)) ? { ...r, id: next++ } : r));
    return new WithUnlisted(kind, [...builtins.listed, ...renumbered].slice(0, Math.max(size, builtins.listed.length)), builtins.hidden);
  }

  /** What a fresh server's setup leaves of a kind (builtin-records.ts): often nothing. */
  private setUp(kind: RecordKind): RecordSet {
    const valid = (record: Rec): boolean => this.validatorFor(kind)(record);
    const elements = (property: string): readonly string[] | undefined => this.options.elementProperties?.(kind, property);
    const builtins = builtinRecords(kind, this.options.release, valid, elements);
    return new WithUnlisted(kind, builtins.listed, builtins.hidden);
  }

  get stateful(): boolean {
    return this.options.stateful;
  }

  setOf(kind: RecordKind): RecordSet | undefined {
    return this.sets.get(kind);
  }

  /** The kinds that have records in this run. */
  kinds(): RecordKind[] {
    return [...this.sets.keys()];
  }

  /**
   * A new record from a create body: the kind's first example, overlaid with what the body says,
   * then with `values` (what the server sets itself: spec/model.ts, EffectStep `create`).
   */
  create(kind: RecordKind, body: unknown, values: Changes = NO_CHANGES): Rec | undefined {
    const set = this.sets.get(kind);
    // Without an example, the record is what the body and the step say.
    const template = kind.seeds[0] ?? {};
    if (!set) return undefined;
    const id = this.nextIds.get(kind)!;
    this.nextIds.set(kind, id + 1);
    // A kind whose schema has no id and that no listing pages through (a review) is found by its
    // values alone: its records get none. (Users listed without ids keep theirs, which creates answer.)
    const base: Rec = kind.properties.has('id') || kind.paged ? { ...blank(kind, template), id } : blank(kind, template);
    if (kind.properties.get('number')?.type === 'integer' && typeof template.number === 'number') base.number = set.highest('number') + 1;
    const record = this.settle(kind, without(base, values.drop), { ...changesFrom(kind, body), ...values.set });
    set.put(record);
    return record;
  }

  /** Applies a partial update (the body, then `values`); undefined when the record does not exist. */
  update(kind: RecordKind, at: string | Rec, body: unknown, values: Changes = NO_CHANGES): Rec | undefined {
    return this.change(kind, at, { set: { ...changesFrom(kind, body), ...values.set }, drop: values.drop });
  }

  /**
   * Writes `changes.set` into the record (by its id, or the record itself when it has none) and
   * leaves out `changes.drop`; undefined when it does not exist.
   */
  change(kind: RecordKind, at: string | Rec, changes: Changes): Rec | undefined {
    const set = this.sets.get(kind);
    const current = typeof at === 'string' ? set?.get(at) : at;
    if (!set || !current) return undefined;
    const record = this.settle(kind, without(current, changes.drop), changes.set);
    set.put(record, current);
    return record;
  }

  /** Removes the record with this id (or this record itself, one without an id). */
  remove(kind: RecordKind, at: string | Rec): boolean {
    const set = this.sets.get(kind);
    if (!set) return false;
    return typeof at === 'string' ? set.remove(at) : set.removeRecord(at);
  }

  /** Removes the records of `kind` whose `property` holds `id` (those that go with a removed record). */
  removeWhere(kind: RecordKind, property: string, id: string): void {
    const set = this.sets.get(kind);
    if (!set) return;
    for (const record of [...set.all()]) if (record[property] !== undefined && String(record[property]) === id) set.remove(String(record.id));
  }

  singleton(path: string): { value: unknown } | undefined {
    return this.singletons.has(path) ? { value: this.singletons.get(path) } : undefined;
  }

  writeSingleton(path: string, value: unknown): void {
    this.singletons.set(path, value);
  }

  /** `base` with `changes`, less any change that would make it invalid against its schema. */
  private settle(kind: RecordKind, base: Rec, changes: Rec): Rec {
    const validate = this.validatorFor(kind);
    const valid = (r: Rec): boolean => validate(r);
    const record: Rec = { ...base, ...changes };
    for (let round = 0; round < 4 && !valid(record); round += 1) {
      const broken = new Set((validate.errors ?? []).map((e) => e.instancePath.split('/')[1]).filter((p): p is string => !!p && p in changes));
      if (broken.size === 0) break;
      for (const property of broken) {
        if (property in base) record[property] = base[property];
        else delete record[property];
      }
    }
    // What is still wrong is none of the changes' doing (a property the base lacked): keep them.
    const blamed = valid(record) ? [] : (validate.errors ?? []).filter((e) => (e.instancePath.split('/')[1] ?? '') in changes);
    return blamed.length === 0 ? record : base;
  }
}

/**
 * What a new record holds before the body and the step say more: for a property the body leaves
 * out the server keeps its field's zero (null where the schema allows it, false, 0, an empty
 * list); the kind's example stands in only where the schema allows no zero (a uuid, an object).
 */
function blank(kind: RecordKind, template: Rec): Rec {
  const record: Rec = {};
  for (const [property, schema] of kind.properties) {
    const types = [schema.type, ...(schema.oneOf ?? schema.anyOf ?? []).map((s) => (s as { type?: unknown }).type)].flat();
    if (!(property in template) && !kind.required.has(property)) continue;
    if (types.includes('null')) record[property] = null;
    else if (types.includes('boolean') && types.length === 1) record[property] = false;
    else if ((types.includes('integer') || types.includes('number')) && types.length === 1 && !schema.enum) record[property] = 0;
    else if (types.includes('array') && types.length === 1) record[property] = [];
    else if (property in template) record[property] = template[property];
  }
  return record;
}

/** What a change writes (`set`) and leaves out (`drop`). */
export interface Changes {
  set: Rec;
  drop: readonly string[];
}

const NO_CHANGES: Changes = Object.freeze({ set: Object.freeze({}) as Rec, drop: Object.freeze([]) as readonly string[] });

function without(record: Rec, drop: readonly string[]): Rec {
  if (drop.length === 0) return record;
  const copy = { ...record };
  for (const property of drop) delete copy[property];
  return copy;
}

/** The body's properties that the kind has (never its id). */
function changesFrom(kind: RecordKind, body: unknown): Rec {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return {};
  return Object.fromEntries(Object.entries(body).filter(([name]) => name !== 'id' && kind.properties.has(name)));
}

/** A record set with records that are read by id or name but never listed (the system accounts). */
class WithUnlisted extends RecordSet {
  private readonly unlisted: ReadonlyMap<string, Rec>;

  constructor(kind: RecordKind, records: readonly Rec[], unlisted: readonly Rec[]) {
    super(kind, records);
    this.unlisted = new Map(unlisted.map((r) => [String(r.id), r]));
  }

  override get(id: string): Rec | undefined {
    return super.get(id) ?? this.unlisted.get(id);
  }

  override find(property: string, value: string): Rec | undefined {
    return super.find(property, value) ?? [...this.unlisted.values()].find((r) => r[property] === value);
  }
}
