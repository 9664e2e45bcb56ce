/**
 * The records the mock serves, derived from the description alone:
 * - a record kind is a component schema with an `id` that some read answers with;
 * - a paged read (query parameters `offset` and `count`, answering an array of a kind) serves a
 *   generated population of that kind, built from the document's examples, with distinct ids,
 *   numbers and names;
 * - the reads are placed by their paths around the kind's collection: a record by id (on
 *   `<collection>/{id}`), lookups by a property (`<collection>/ids/{name}`), child lists
 *   (`<parent>/{requestId}/comments`: the kind's records whose `requestId` matches, or whose
 *   properties named by `x-onedev-lists` do) or the one record linked so (204 when none), a record
 *   found by query parameters, and a setting's read (where a write's effect stores one);
 * - reads the catalogue says more of (`x-onedev-answers`): the caller's own record, or the records
 *   whose ids a write at the same path stored;
 * - writes are not inferred: each declares its effect (`x-onedev-effect`, applied by effects/).
 */
import type { OpenAPIObject, SchemaObject } from 'openapi3-ts/oas31';
import { resolveRef } from '../openapi.js';
import { EXT } from '../../../src/extensions.js';
import { asElement, pageOfRun, prettyJson, sized, sizedArray, textRun, type SizedText, type TextRun } from './json-text.js';
import { jsonContent, type OperationPlan } from './operations.js';
import { stepRecord, type QueryLanguageSpec, type ReferencedIn, type RefsRead, type TermMatch } from '../../../spec/model.js';
import { ISSUE_STATES, vary, type Directory } from './query/vary.js';
import { FRESH_ADMINISTRATOR } from '../../../spec/fresh-server.js';

export type Rec = Record<string, unknown>;

export interface RecordKind {
  /** The component schema's name, e.g. `PullRequest`. */
  name: string;
  /** `#/components/schemas/PullRequest`. */
  ref: string;
  properties: ReadonlyMap<string, SchemaObject>;
  /** The properties every record has (`required`); the others are sent only sometimes. */
  required: ReadonlySet<string>;
  /** Where it is listed and created, e.g. `/pulls`. */
  collectionPath?: string;
  /** The path parameter naming a record's id under the collection, e.g. `requestId`. */
  idParam?: string;
  /** The document's example records of this kind, distinct by id, list examples first. */
  seeds: Rec[];
  /** Whether a paged read lists this kind (so it gets a generated population). */
  paged: boolean;
  /** The query language its paged read takes (`x-onedev-query-language`): its population is varied for it. */
  queryLanguage?: QueryLanguageSpec;
  /** The kinds listed at `/users`, `/projects`, `/label-specs` and `/builds`, which generated values and queries refer to. */
  peers?: Peers;
}

export interface Peers {
  users?: RecordKind;
  projects?: RecordKind;
  labels?: RecordKind;
  /** Builds, whose commits commit and issue queries name (`build(#12)`). */
  builds?: RecordKind;
}

export type Behaviour =
  /** `matches`: free-text filters (`x-onedev-matches`), by parameter name. */
  | { type: 'page'; kind: RecordKind; filters: ReadonlyMap<string, string>; queryParam?: string; nonAdminMaximum?: number; language?: QueryLanguageSpec; matches?: ReadonlyMap<string, TermMatch> }
  /** The record of the calling user (`x-onedev-answers: caller`). */
  | { type: 'caller'; kind: RecordKind }
  /** The records whose ids the write at the same path stored (`x-onedev-answers: stored`). */
  | { type: 'stored'; kind: RecordKind }
  /** One record found by the query parameters `params` (those named like its properties), or the documented 204. */
  | { type: 'find'; kind: RecordKind; params: readonly string[] }
  /** `view`: the read shows the listed records with a few more properties, from its example. */
  | { type: 'read'; kind: RecordKind; view?: RecordKind }
  | { type: 'lookup'; kind: RecordKind; param: string }
  /** `fields`: the properties of which any holding the path's `param` lists a record; `one`: the read answers the first such record. */
  | { type: 'children'; kind: RecordKind; param: string; fields: readonly string[]; one?: true; except?: Readonly<Record<string, unknown>> }
  /** The records of `kind` whose text refers to the path's record (of `parent`), as `referencing` says. */
  | { type: 'referring'; kind: RecordKind; parent: RecordKind; param: string; referencing: ReferencedIn }
  /** `all`: a read of a collection that pages nothing (`/sso-providers`) lists every record it holds. */
  | { type: 'all'; kind: RecordKind }
  /** The branches or tags of the path's project, or the one ref a path parameter names (`x-onedev-answers`, `refs`). */
  | { type: 'refs'; read: RefsRead }
  /** `omits`: the property a stored value loses at its root when read (`x-onedev-untagged-root`). */
  | { type: 'singleton-read'; omits?: string };

export interface RecordModel {
  kinds: RecordKind[];
  behaviours: ReadonlyMap<string, Behaviour>;
  /** Operations under `<collection>/{id}`: the record they address (a stateful mock answers 404 once it is gone). */
  targets: ReadonlyMap<string, { kind: RecordKind; param: string }>;
}

const SCHEMA_REF = /^#\/components\/schemas\/([^/]+)$/;

function refName(schema: unknown): string | undefined {
  const ref = (schema as { $ref?: unknown } | undefined)?.$ref;
  return typeof ref === 'string' ? SCHEMA_REF.exec(ref)?.[1] : undefined;
}

function arrayItemName(schema: unknown): string | undefined {
  const s = schema as { type?: unknown; items?: unknown } | undefined;
  return s?.type === 'array' ? refName(s.items) : undefined;
}

function isIdNumber(schema: unknown): boolean {
  return (schema as { type?: unknown } | undefined)?.type === 'integer';
}

const key = (plan: OperationPlan): string => `${plan.method} ${plan.path}`;

/**
 * At most this many records a page for callers who are not administrators: the count parameter's
 * `x-onedev-non-admin-maximum`, which the builder writes from the catalogue's page limit. (A limit
 * for everyone is the schema's `maximum`, checked with the other parameter rules.)
 */
export function nonAdminMaximum(count: OperationPlan['countParameter']): number | undefined {
  const extension = (count as Record<string, unknown> | undefined)?.[EXT.nonAdminMaximum.name];
  return typeof extension === 'number' ? extension : undefined;
}

export function recordModel(doc: OpenAPIObject, plans: readonly OperationPlan[]): RecordModel {
  const table = new KindTable(doc);
  const behaviours = new Map<string, Behaviour>();
  const gets = plans.filter((p) => p.method === 'GET');
  // Paged reads first: their examples are the first records of a population.
  for (const plan of gets) pagedRead(doc, table, plan, behaviours);
  for (const plan of gets) recordRead(table, plan, behaviours);
  for (const plan of gets) answersRead(table, plan, behaviours);
  // Any other read answering records of a kind contributes its examples.
  for (const plan of gets) {
    const kind = table.kindOf(refName(successSchema(plan)) ?? arrayItemName(successSchema(plan)));
    if (kind) table.addSeeds(kind, plan);
  }
  // The records effects change are kinds too, listed or not, with ids or not (an agent token, a review).
  for (const plan of plans) for (const step of plan.effect?.changes ?? []) table.kindOf(stepRecord(step), true);
  for (const plan of gets) findRead(table, plan, plans, behaviours);
  const targets = placeByPath(table, plans, behaviours);
  linkPeers(table.all());
  return { kinds: table.all(), behaviours, targets };
}

const successSchema = (plan: OperationPlan): unknown => jsonContent(plan.success)?.schema;

/** The kinds found so far, by component name, and the examples each is seeded with. */
class KindTable {
  private readonly kinds = new Map<string, RecordKind>();
  private readonly schemas: Record<string, SchemaObject>;

  constructor(private readonly doc: OpenAPIObject) {
    this.schemas = (doc.components?.schemas ?? {}) as Record<string, SchemaObject>;
  }

  all(): RecordKind[] {
    return [...this.kinds.values()];
  }

  /**
   * The kind of a component schema. A kind has an `id`, except that a paged read pages through
   * records of any object schema (early releases list users without ids), and an effect changes
   * records of any (a review is found by its request and user): `withoutId`.
   */
  kindOf(name: string | undefined, withoutId = false): RecordKind | undefined {
    if (!name) return undefined;
    const known = this.kinds.get(name);
    if (known) return known;
    const schema = resolveRef<SchemaObject>(this.doc, this.schemas[name]);
    if (!schema?.properties || !(withoutId || 'id' in schema.properties)) return undefined;
    const properties = new Map(Object.entries(schema.properties).map(([p, s]) => [p, resolveRef<SchemaObject>(this.doc, s)]));
    const required = new Set((schema.required ?? []).filter((p) => properties.has(p)));
    const kind: RecordKind = { name, ref: `#/components/schemas/${name}`, properties, required, seeds: [], paged: false };
    this.kinds.set(name, kind);
    return kind;
  }

  /** The read's examples as records of the kind, each once (by id, or by value without one). */
  addSeeds(kind: RecordKind, plan: OperationPlan): void {
    for (const { value } of jsonContent(plan.success)?.examples ?? []) {
      for (const record of Array.isArray(value) ? value : [value]) {
        if (!record || typeof record !== 'object' || Array.isArray(record)) continue;
        const same = 'id' in record
          ? (s: Rec) => String(s.id) === String((record as Rec).id)
          : (s: Rec) => JSON.stringify(s) === JSON.stringify(record);
        if (!kind.seeds.some(same)) kind.seeds.push(record as Rec);
      }
    }
  }
}

/** A paged read (`offset` and `count`, answering an array of a kind): the kind's collection and population. */
function pagedRead(doc: OpenAPIObject, table: KindTable, plan: OperationPlan, behaviours: Map<string, Behaviour>): void {
  const names = new Set(plan.queryParams.map((p) => p.name));
  if (!names.has('offset') || !names.has('count')) return;
  const kind = table.kindOf(arrayItemName(successSchema(plan)), true);
  if (!kind) return;
  kind.paged = true;
  kind.collectionPath ??= plan.path;
  table.addSeeds(kind, plan);
  const filters = new Map<string, string>();
  const matches = new Map<string, TermMatch>();
  let queryParam: string | undefined;
  for (const param of plan.queryParams) {
    if (param.name === 'offset' || param.name === 'count') continue;
    if (param.matches) {
      matches.set(param.name, param.matches);
      continue;
    }
    // A parameter named after a text property filters on it; `query` is the query language.
    if ([kind.properties.get(param.name)?.type].flat().includes('string')) filters.set(param.name, param.name);
    else if (param.name === 'query') queryParam = param.name;
  }
  const max = nonAdminMaximum(plan.countParameter);
  const language = queryLanguageOf(doc, plan);
  if (language) kind.queryLanguage = language;
  behaviours.set(key(plan), { type: 'page', kind, filters, ...(queryParam ? { queryParam } : {}), ...(max !== undefined ? { nonAdminMaximum: max } : {}), ...(language ? { language } : {}), ...(matches.size > 0 ? { matches } : {}) });
}

/** A read of one record, `<collection>/{id}` answering the kind: its collection and id parameter. */
function recordRead(table: KindTable, plan: OperationPlan, behaviours: Map<string, Behaviour>): void {
  const kind = table.kindOf(refName(successSchema(plan)));
  const last = plan.path.split('/').pop() ?? '';
  // Without an id, a path's id cannot name a record: such kinds are only paged through.
  if (!kind || !kind.properties.has('id') || !/^\{[^}]+\}$/.test(last)) return;
  const collection = plan.path.slice(0, plan.path.length - last.length - 1);
  const listed = table.all().find((k) => k.paged && k !== kind && k.collectionPath === collection && k.properties.has('id'));
  // Keys a listing sends only sometimes (Query Issues' `fields`) need not be in the read.
  if (listed && [...listed.required].every((p) => kind.properties.has(p))) {
    // Get Issue answers an issue of the listing plus its branch: the listed records, viewed so.
    listed.idParam = last.slice(1, -1);
    table.addSeeds(kind, plan);
    behaviours.set(key(plan), { type: 'read', kind: listed, view: kind });
    return;
  }
  // A kind listed only under its parent (a project's iterations) is read, and so addressed, at its own path.
  if (kind.collectionPath !== undefined && kind.collectionPath !== collection && !kind.collectionPath.includes('{')) return;
  kind.collectionPath = collection;
  kind.idParam = last.slice(1, -1);
  table.addSeeds(kind, plan);
  behaviours.set(key(plan), { type: 'read', kind });
}

/** A read answering records its path does not name (EXT.answers): the caller's own, or those of stored ids. */
function answersRead(table: KindTable, plan: OperationPlan, behaviours: Map<string, Behaviour>): void {
  if (!plan.answers) return;
  if (typeof plan.answers === 'object') {
    behaviours.set(key(plan), { type: 'refs', read: plan.answers });
    return;
  }
  const name = plan.answers === 'caller' ? refName(successSchema(plan)) : arrayItemName(successSchema(plan));
  const kind = table.kindOf(name, true);
  if (!kind) throw new Error(`${plan.method} ${plan.path}: ${EXT.answers.name} is '${plan.answers}', but the answer is no record of a component schema`);
  behaviours.set(key(plan), { type: plan.answers, kind });
}

/**
 * A GET at a path with no parameters of its own answering one record found by its query
 * parameters, or 204 (Find By Hash at `/package-blobs`). A kind with no collection of its own has
 * it there: the operations under `<path>/{id}` (a blob's content) address its records.
 */
function findRead(table: KindTable, plan: OperationPlan, plans: readonly OperationPlan[], behaviours: Map<string, Behaviour>): void {
  if (behaviours.has(key(plan)) || plan.pathParams.length > 0 || plan.queryParams.length === 0 || !plan.responses.some((r) => r.code === '204')) return;
  const kind = table.kindOf(refName(successSchema(plan)));
  if (!kind) return;
  behaviours.set(key(plan), { type: 'find', kind, params: plan.queryParams.map((p) => p.name) });
  if (kind.collectionPath !== undefined || !kind.properties.has('id')) return;
  const prefix = `${plan.path}/{`;
  const idParam = plans.map((p) => (p.path.startsWith(prefix) ? /^\{([^}]+)\}(\/|$)/.exec(p.path.slice(prefix.length - 1))?.[1] : undefined)).find((p) => p !== undefined);
  if (!idParam) return;
  kind.collectionPath = plan.path;
  kind.idParam = idParam;
}

/**
 * The operations placed by their paths around the kinds' collections: the record an operation
 * under `<collection>/{id}` addresses (its target), child lists there, lookups by a property, and
 * settings (a GET where a write's effect stores a setting).
 */
function placeByPath(table: KindTable, plans: readonly OperationPlan[], behaviours: Map<string, Behaviour>): Map<string, { kind: RecordKind; param: string }> {
  const targets = new Map<string, { kind: RecordKind; param: string }>();
  const itemPaths = table.all()
    .filter((k) => k.collectionPath !== undefined && k.idParam !== undefined)
    .map((k) => ({ kind: k, itemPath: `${k.collectionPath}/{${k.idParam}}` }))
    .sort((a, b) => b.itemPath.length - a.itemPath.length);
  for (const plan of plans) {
    const under = itemPaths.find(({ itemPath }) => plan.path === itemPath || plan.path.startsWith(`${itemPath}/`));
    if (under) targets.set(key(plan), { kind: under.kind, param: under.kind.idParam! });
    if (behaviours.has(key(plan)) || plan.method !== 'GET') continue;
    // A read under a record that lists nothing may still read back a setting (a user's queries and watches).
    const behaviour = (under ? childList(table, plan, under.kind, under.itemPath) : wholeList(table, plan)) ?? lookupOrSetting(table, plan, plans);
    if (behaviour) behaviours.set(key(plan), behaviour);
  }
  return targets;
}

/** A GET `<item>/<word>` answering records that point at the item (by the id's name, or EXT.lists). */
function childList(table: KindTable, plan: OperationPlan, kind: RecordKind, itemPath: string): Behaviour | undefined {
  if (!/^\/[^/{]+$/.test(plan.path.slice(itemPath.length))) return undefined;
  // One record linked to the item (the agent using a token) is a child list of at most one.
  const one = arrayItemName(successSchema(plan)) === undefined;
  const child = table.kindOf(one ? refName(successSchema(plan)) : arrayItemName(successSchema(plan)));
  if (plan.lists && 'referencing' in plan.lists) {
    const { referencing } = plan.lists;
    return child && !one ? { type: 'referring', kind: child, parent: kind, param: kind.idParam!, referencing } : undefined;
  }
  const fields = plan.lists?.fields ?? [kind.idParam!];
  if (!child || (one && child === kind) || !fields.every((f) => child.properties.has(f))) return undefined;
  const except = plan.lists?.except;
  return { type: 'children', kind: child, param: kind.idParam!, fields, ...(one ? { one: true as const } : {}), ...(except ? { except } : {}) };
}

/** A GET of a kind's own collection answering an array of it, with no paging: all its records. */
function wholeList(table: KindTable, plan: OperationPlan): Behaviour | undefined {
  const kind = table.kindOf(arrayItemName(successSchema(plan)));
  return kind && kind.collectionPath === plan.path ? { type: 'all', kind } : undefined;
}

/** A GET answering a record's id found by another property (`/groups/ids/{name}`), or a setting's read. */
function lookupOrSetting(table: KindTable, plan: OperationPlan, plans: readonly OperationPlan[]): Behaviour | undefined {
  if (isIdNumber(successSchema(plan)) && plan.pathParams.length === 1) {
    const param = plan.pathParams[0]!.name;
    // Records without ids (users before v14.1.0) cannot answer an id: the example does.
    const owner = table.all().find(
      (k) => k.collectionPath !== undefined && plan.path.startsWith(`${k.collectionPath}/`) && param !== k.idParam && k.properties.has(param) && k.properties.has('id'),
    );
    return owner ? { type: 'lookup', kind: owner, param } : undefined;
  }
  // A setting: what a write at the same path stores (its effect), a GET there reads back.
  if (!plans.some((p) => p.path === plan.path && p.effect?.changes.some((step) => 'setting' in step))) return undefined;
  const omits = plan.success?.untaggedRoot?.property;
  return { type: 'singleton-read', ...(omits ? { omits } : {}) };
}

/** The kinds listed at `/users`, `/projects`, `/label-specs` and `/builds`, which every kind's generated values refer to. */
function linkPeers(kinds: readonly RecordKind[]): void {
  const peers: Peers = {};
  for (const kind of kinds) {
    if (!kind.paged) continue;
    if (kind.collectionPath === '/users') peers.users = kind;
    if (kind.collectionPath === '/projects') peers.projects = kind;
    if (kind.collectionPath === '/label-specs') peers.labels = kind;
    if (kind.collectionPath === '/builds') peers.builds = kind;
  }
  for (const kind of kinds) kind.peers = peers;
}

/** The query language an operation's `query` parameter carries, if any. */
export function queryLanguageOf(doc: OpenAPIObject, plan: OperationPlan): QueryLanguageSpec | undefined {
  const operation = (doc.paths?.[plan.path] as Record<string, { parameters?: unknown[] }> | undefined)?.[plan.method.toLowerCase()];
  for (const ref of operation?.parameters ?? []) {
    const param = resolveRef<Record<string, unknown>>(doc, ref as Record<string, unknown>);
    if (param.in === 'query' && param.name === 'query' && param[EXT.queryLanguage.name]) return param[EXT.queryLanguage.name] as QueryLanguageSpec;
  }
  return undefined;
}

const directories = new WeakMap<RecordKind, Map<number, Directory>>();

/**
 * Users by id and login name. Releases whose user records have no `id` (before v14.1.0) still
 * refer to users by id elsewhere: the mock gives the administrator id 1 and the generated users
 * ids in listing order, from 3.
 */
export function userDirectory(users: readonly Rec[]): Array<{ id: number; name: string }> {
  // Counted apart from the administrator, so that ids agree whether or not it is listed.
  let generated = 0;
  return users.flatMap((u) => {
    if (typeof u.name !== 'string') return [];
    const id = typeof u.id === 'number' ? u.id : u.name === FRESH_ADMINISTRATOR.name ? FRESH_ADMINISTRATOR.id : 3 + generated++;
    return [{ id, name: u.name }];
  });
}

/**
 * What a kind's generated values refer to: the first users, projects and label names of their
 * populations of the same size (populations are deterministic, so these are the records the
 * mock lists).
 */
function directoryFor(kind: RecordKind, size: number): Directory {
  let bySize = directories.get(kind);
  const known = bySize?.get(size);
  if (known) return known;
  const peers = kind.peers ?? {};
  const userIds = userDirectory(peers.users ? population(peers.users, size).slice(0, 8) : []).map((u) => u.id);
  const projects = peers.projects && peers.projects !== kind
    ? population(peers.projects, size).slice(0, 8).filter((p) => typeof p.id === 'number' && typeof p.path === 'string').map((p) => ({ id: p.id as number, path: p.path as string }))
    : [];
  const labels = peers.labels ? [...new Set(population(peers.labels, size).slice(0, 4).map((l) => String(l.name)))] : [];
  const directory: Directory = { userIds, projects, labels, states: ISSUE_STATES };
  if (!bySize) directories.set(kind, (bySize = new Map()));
  bySize.set(size, directory);
  return directory;
}

/** The most characters a set's joined lists (RecordSet.pageText) hold together. */
const RUN_CHARACTERS = 8 * 1024 * 1024;

/**
 * The records of one kind, in listing order, with their texts rendered once. Records are never
 * changed in place (an update replaces the object), so a rendered text stays right.
 */
export class RecordSet {
  private readonly order: Rec[];
  private readonly byId = new Map<string, Rec>();
  private readonly texts = new WeakMap<Rec, { item: SizedText; element: SizedText }>();
  /** Kept lists joined as one run of text; dropped whenever the records change. */
  private runs = new WeakMap<readonly Rec[], TextRun>();
  /** Kept lists asked for once: joined as a run only when asked again. */
  private askedOnce = new WeakSet<readonly Rec[]>();
  /** Characters of the runs made since they were last dropped. */
  private runCharacters = 0;

  constructor(readonly kind: RecordKind, records: readonly Rec[]) {
    this.order = [...records];
    for (const record of records) if (record.id !== undefined) this.byId.set(String(record.id), record);
  }

  get size(): number {
    return this.order.length;
  }

  get(id: string): Rec | undefined {
    return this.byId.get(id);
  }

  all(): readonly Rec[] {
    return this.order;
  }

  private readonly indexes = new Map<string, Map<unknown, Rec>>();

  /** The first record whose property has this value (an index per property, built on first use). */
  find(property: string, value: string): Rec | undefined {
    let index = this.indexes.get(property);
    if (!index) {
      index = new Map();
      for (const r of this.order) if (!index.has(r[property])) index.set(r[property], r);
      this.indexes.set(property, index);
    }
    return index.get(value);
  }

  /** Adds a record, or puts it in the place of the one with its id (or of `replacing`: a record without an id). */
  put(record: Rec, replacing?: Rec): void {
    this.indexes.clear();
    this.dropRuns();
    const old = replacing ?? (record.id === undefined ? undefined : this.byId.get(String(record.id)));
    const at = old ? this.order.indexOf(old) : -1;
    if (at >= 0) this.order[at] = record;
    else this.order.push(record);
    if (old?.id !== undefined) this.byId.delete(String(old.id));
    if (record.id !== undefined) this.byId.set(String(record.id), record);
  }

  /** Removes this very record (one without an id has only itself to go by). */
  removeRecord(record: Rec): boolean {
    const at = this.order.indexOf(record);
    if (at < 0) return false;
    this.indexes.clear();
    this.dropRuns();
    this.order.splice(at, 1);
    if (record.id !== undefined && this.byId.get(String(record.id)) === record) this.byId.delete(String(record.id));
    return true;
  }

  remove(id: string): boolean {
    const old = this.byId.get(id);
    if (!old) return false;
    this.indexes.clear();
    this.dropRuns();
    this.byId.delete(id);
    this.order.splice(this.order.indexOf(old), 1);
    return true;
  }

  /** The highest value of an integer property (ids, numbers), 0 when none. */
  highest(property: string): number {
    let max = 0;
    for (const r of this.order) if (typeof r[property] === 'number' && (r[property] as number) > max) max = r[property] as number;
    return max;
  }

  private rendered(record: Rec): { item: SizedText; element: SizedText } {
    let text = this.texts.get(record);
    if (!text) {
      const item = prettyJson(record);
      text = { item: sized(item), element: sized(asElement(item)) };
      this.texts.set(record, text);
    }
    return text;
  }

  /** The record's answer (pretty JSON). */
  itemText(record: Rec): SizedText {
    return this.rendered(record).item;
  }

  /** A list answer (a pretty JSON array). */
  listText(records: readonly Rec[]): SizedText {
    return sizedArray(records.map((r) => this.rendered(r).element));
  }

  /**
   * listText of `records.slice(offset, offset + count)`. A list that is `kept` (the set's own
   * order, or a query's outcome the mock keeps, neither changed in place while this set is
   * unchanged) is joined once, and each page is cut from it: a page then costs no copy at all
   * instead of one per record, which was most of the cost of answering a page.
   */
  pageText(records: readonly Rec[], offset: number, count: number, kept: boolean): SizedText {
    const cuttable = kept && Number.isInteger(offset) && Number.isInteger(count) && offset >= 0 && count >= 0;
    const run = cuttable ? this.runOf(records) : undefined;
    return run ? pageOfRun(run, offset, Math.min(records.length, offset + count)) : this.listText(records.slice(offset, offset + count));
  }

  /**
   * The run of a kept list, made when it is asked for a second time: a list asked for once (a
   * query run once, an outcome that changes with the clock) is not worth joining whole.
   */
  private runOf(records: readonly Rec[]): TextRun | undefined {
    let run = this.runs.get(records);
    if (run) return run;
    if (!this.askedOnce.has(records)) {
      this.askedOnce.add(records);
      return undefined;
    }
    run = textRun(records.map((r) => this.rendered(r).element));
    // Runs repeat text the records' own texts hold: their total is bounded.
    if (this.runCharacters + run.text.length > RUN_CHARACTERS) this.dropRuns();
    this.runCharacters += run.text.length;
    this.runs.set(records, run);
    return run;
  }

  private dropRuns(): void {
    this.runs = new WeakMap();
    this.askedOnce = new WeakSet();
    this.runCharacters = 0;
  }
}

/**
 * `size` records of a kind: its examples as written, then copies of them with new ids (and new
 * numbers and names, where the kind has them), each distinct.
 */
export function population(kind: RecordKind, size: number): Rec[] {
  const seeds = kind.seeds;
  if (seeds.length === 0) return [];
  const top = (property: string): number => Math.max(0, ...seeds.map((s) => (typeof s[property] === 'number' ? (s[property] as number) : 0)));
  let [nextId, nextNumber] = [top('id') + 1, top('number') + 1];
  const hasId = kind.properties.has('id');
  const numbered = kind.properties.get('number')?.type === 'integer';
  const named = [kind.properties.get('name')?.type].flat().includes('string');
  // Project names are unique among siblings only (`acme/webapp` and its fork `robin/webapp`): the
  // examples keep theirs, and their paths tell them apart.
  const pathed = kind.properties.has('path');
  const [ids, numbers, names] = [new Set<unknown>(), new Set<unknown>(), new Set<unknown>()];
  const out: Rec[] = [];
  for (let j = 0; j < size; j += 1) {
    const template = seeds[j % seeds.length]!;
    // The examples as written first; after them, and wherever an example repeats one, new values.
    const record: Rec = { ...template };
    if (hasId && (j >= seeds.length || ids.has(record.id))) record.id = nextId++;
    if (numbered && typeof template.number === 'number' && (j >= seeds.length || numbers.has(record.number))) record.number = nextNumber++;
    if (named && typeof template.name === 'string' && (j >= seeds.length || (names.has(record.name) && !pathed))) record.name = `${template.name}-${j}`;
    ids.add(record.id);
    numbers.add(record.number);
    names.add(record.name);
    out.push(record);
  }
  if (kind.queryLanguage) vary(out, kind.properties, kind.queryLanguage, directoryFor(kind, size), Math.min(seeds.length, size));
  return out;
}

/**
 * `dev*` -> matches `Developers` (case-insensitive; `*` is any run of characters). Matched
 * without a regular expression, so a pattern of many stars costs time linear in its length.
 */
export function nameMatcher(pattern: string): (value: unknown) => boolean {
  const p = pattern.toLowerCase();
  return (value) => typeof value === 'string' && wildcardMatch(p, value.toLowerCase());
}

function wildcardMatch(pattern: string, text: string): boolean {
  let i = 0;
  let j = 0;
  let star = -1;
  let resume = 0;
  while (j < text.length) {
    if (i < pattern.length && pattern[i] === '*') {
      star = i++;
      resume = j;
    } else if (i < pattern.length && pattern[i] === text[j]) {
      i += 1;
      j += 1;
    } else if (star >= 0) {
      i = star + 1;
      j = ++resume;
    } else {
      return false;
    }
  }
  while (pattern[i] === '*') i += 1;
  return i === pattern.length;
}

export type QueryFilter = { number: number } | { all: true } | { error: string };

/**
 * The one query the mock evaluates: `"Number" is "path/to/project#100"` or `"Number" is
 * "KEY-100"`, which finds the record with that number. Other queries that parse are accepted and
 * not evaluated (every record matches); unbalanced quotes are refused, as a server refuses a
 * query it cannot parse.
 */
export function parseQuery(query: string | undefined): QueryFilter {
  const text = (query ?? '').trim();
  if (text === '') return { all: true };
  if ((text.match(/"/g)?.length ?? 0) % 2 !== 0) return { error: `Error parsing query: unbalanced quotes in ${JSON.stringify(text)}` };
  const criterion = /^"number"\s+is\s+"([^"]*)"$/i.exec(text);
  if (!criterion) return { all: true };
  const value = criterion[1]!.trim();
  const number = /^[^#\s]+#(\d+)$/.exec(value) ?? /^[A-Za-z][A-Za-z0-9_]*-(\d+)$/.exec(value);
  if (!number) {
    return { error: `Error parsing query: the number "${value}" must name its project, as "path/to/project#100" or "KEY-100"` };
  }
  return { number: Number(number[1]) };
}
