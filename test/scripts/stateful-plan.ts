/**
 * What the stateful mock tests try, read from the description alone (never from the mock's model):
 * every operation's declared effect (`x-onedev-effect`) with a valid call from its examples, and
 * where a record of a component schema is read back: the read at `<collection>/{param}` answering
 * that schema, and the listings answering a list of it (paged, or under a parent's path).
 */
import { isDeepStrictEqual } from 'node:util';
import type { OpenAPIObject, OperationObject, ParameterObject, RequestBodyObject, ResponseObject, SchemaObject } from 'openapi3-ts/oas31';
import { EXT, readExtension } from '../../src/extensions.js';
import { stepRecord, type EffectSpec, type EffectStep, type EffectValue, type RecordAt } from '../../spec/model.js';
import { createValidator, errorsOf } from '../support/ajv.js';
import { operationsOf, resolveRef } from '../helpers.js';
import { validCall, type ValidCall } from './mock-fixtures.js';

export type Rec = Record<string, unknown>;

/** An operation that declares an effect, with its example call. */
export interface Effected {
  /** `POST /pulls/{requestId}/merge`. */
  key: string;
  call: ValidCall;
  effect: EffectSpec;
}

/** A read of one record: `GET <template>` with its last path parameter the id. */
export interface Read {
  template: string;
  param: string;
  /** What it answers for a record that is not there, to an administrator (`x-onedev-missing-id`, else 404). */
  goneStatus: number;
}

/** A read answering a list of records: paged (offset, count) or not, under path parameters or not. */
export interface Listing {
  template: string;
  params: string[];
  paged: boolean;
  /** Required query parameters other than offset and count, with their examples. */
  query: Record<string, unknown>;
  /** Records with these values are left out (`x-onedev-lists` `except`). */
  except?: Readonly<Record<string, unknown>>;
}

const SCHEMA = /^#\/components\/schemas\/([^/]+)$/;
const refName = (schema: unknown): string | undefined => SCHEMA.exec(String((schema as { $ref?: unknown } | undefined)?.$ref ?? ''))?.[1];

export class Description {
  readonly calls: ValidCall[];
  readonly effected: Effected[];
  private readonly reads = new Map<string, Read>();
  private readonly listings = new Map<string, Listing[]>();
  private readonly validator;
  private readonly validators = new Map<string, ReturnType<ReturnType<typeof createValidator>['compile']>>();

  constructor(readonly doc: OpenAPIObject) {
    this.validator = createValidator(doc);
    this.calls = [];
    this.effected = [];
    for (const op of operationsOf(doc)) {
      const call = validCall(doc, op);
      this.calls.push(call);
      const effect: EffectSpec | undefined = readExtension(op.operation, EXT.effect);
      if (effect) this.effected.push({ key: `${call.method} ${call.template}`, call, effect });
      if (op.method !== 'GET') continue;
      const response = resolveRef<ResponseObject>(doc, op.operation.responses?.['200']);
      const schema = response?.content?.['application/json']?.schema as SchemaObject | undefined;
      const params = (op.operation.parameters ?? []).map((p) => resolveRef<ParameterObject>(doc, p));
      const pathParams = params.filter((p) => p.in === 'path').map((p) => p.name);
      const single = refName(schema);
      const last = /\/\{([^}]+)\}$/.exec(op.path)?.[1];
      if (single && last && !this.reads.has(single)) {
        const missing = readExtension(op.operation, EXT.missingId);
        this.reads.set(single, { template: op.path, param: last, goneStatus: missing?.status ?? 404 });
      }
      const item = schema?.type === 'array' ? refName(schema.items) : undefined;
      if (!item) continue;
      const names = new Set(params.filter((p) => p.in === 'query').map((p) => p.name));
      const query = Object.fromEntries(params.filter((p) => p.in === 'query' && p.required && p.name !== 'offset' && p.name !== 'count').map((p) => [p.name, p.example]));
      const lists = readExtension(op.operation, EXT.lists);
      const except = lists && 'fields' in lists ? lists.except : undefined;
      const listing = { template: op.path, params: pathParams, paged: names.has('offset') && names.has('count'), query, ...(except ? { except } : {}) };
      this.listings.set(item, [...(this.listings.get(item) ?? []), listing]);
    }
  }

  readOf(schema: string): Read | undefined {
    return this.reads.get(schema);
  }

  listingsOf(schema: string): readonly Listing[] {
    return this.listings.get(schema) ?? [];
  }

  /** Whether every listing of the schema leaves out a record with these values (and one lists it at all). */
  hides(schema: string, values: Readonly<Record<string, unknown>>): boolean {
    const listings = this.listingsOf(schema);
    const hidden = (l: Listing): boolean => Object.entries(l.except ?? {}).some(([p, v]) => p in values && isDeepStrictEqual(values[p], v));
    return listings.length > 0 && listings.every(hidden);
  }

  /** The schema of the records a paged listing at this path answers (`/users`). */
  listedAt(template: string): string | undefined {
    return [...this.listings].find(([, listings]) => listings.some((l) => l.template === template && l.paged))?.[0];
  }

  /** The schema read by a path parameter of this name (`projectId`: a project). */
  readByParam(param: string): string | undefined {
    return [...this.reads].find(([, read]) => read.param === param)?.[0];
  }

  /** A property of an operation's JSON body, as its schema describes it. */
  bodyProperty(call: ValidCall, property: string): SchemaObject | undefined {
    const operation = (this.doc.paths?.[call.template] as Record<string, OperationObject> | undefined)?.[call.method.toLowerCase()];
    const body = operation?.requestBody ? resolveRef<RequestBodyObject>(this.doc, operation.requestBody) : undefined;
    const schema = resolveRef<SchemaObject>(this.doc, body?.content?.['application/json']?.schema);
    const found = schema?.properties?.[property];
    return found === undefined ? undefined : resolveRef<SchemaObject>(this.doc, found);
  }

  /** The operation with this method and path template. */
  effectedAt(key: string): Effected | undefined {
    return this.effected.find((e) => e.key === key);
  }

  propertySchema(schema: string, property: string): SchemaObject | undefined {
    const component = resolveRef<SchemaObject>(this.doc, this.doc.components?.schemas?.[schema]);
    const found = component?.properties?.[property];
    return found === undefined ? undefined : resolveRef<SchemaObject>(this.doc, found);
  }

  hasProperty(schema: string, property: string): boolean {
    return this.propertySchema(schema, property) !== undefined;
  }

  /** The types a property may have (its own and its alternatives'). */
  typesOf(schema: string, property: string): unknown[] {
    const s = this.propertySchema(schema, property);
    if (!s) return [];
    return [s.type, ...(s.oneOf ?? s.anyOf ?? []).map((o) => resolveRef<SchemaObject>(this.doc, o).type)].flat();
  }

  /** The schema's errors for a record (empty: valid). */
  errors(schema: string, record: unknown): string[] {
    let validate = this.validators.get(schema);
    if (!validate) this.validators.set(schema, (validate = this.validator.compile({ $ref: `#/components/schemas/${schema}` })));
    return validate(record) ? [] : errorsOf(validate);
  }

  /**
   * The kind of record a path parameter names: the step that addresses its record by it, else
   * the read whose template the operation's begins with (`/pulls/{requestId}` for `.../merge`).
   */
  kindAt(effected: Effected, param: string): string | undefined {
    for (const step of effected.effect.changes) {
      const at = (step as { at?: RecordAt }).at;
      if (at && 'param' in at && at.param === param) return stepRecord(step);
    }
    for (const [schema, read] of this.reads) {
      if (read.param === param && (effected.call.template === read.template || effected.call.template.startsWith(`${read.template}/`))) return schema;
    }
    return undefined;
  }
}

/** The first step, the operation's subject, and its kind's schema. */
export function firstStep(effect: EffectSpec): EffectStep | undefined {
  return effect.changes[0];
}

export const stepKindOf = (step: EffectStep | undefined): 'create' | 'update' | 'set' | 'remove' | 'count' | 'setting' | undefined =>
  step === undefined ? undefined : (['create', 'update', 'set', 'remove', 'count', 'setting'] as const).find((k) => k in step);

/** What a value a step writes should read back as. */
export type Expected =
  | { exactly: unknown }
  | { absent: true }
  /** A date (a date-time text, or epoch milliseconds) within [from, to]. */
  | { date: 'text' | 'millis'; from: number; to: number }
  /** A count of milliseconds within [from, to]. */
  | { millis: [number, number] }
  /** A text ending so (a tree path under a parent whose path the trial does not follow). */
  | { endsWith: string }
  /** A value found by a lookup (`idOf`) that this sweep does not make: mock-effects-reach.test.ts tries it. */
  | { triedElsewhere: string };

/** What the request gave, for working out what a step writes. */
export interface Sent {
  body: unknown;
  pathValues: Readonly<Record<string, string | number>>;
  /** The query parameters sent. */
  query?: Readonly<Record<string, unknown>>;
  callerId: number;
  /** Before and after the call (epoch ms). */
  from: number;
  to: number;
}

/** The value `value` gives `property` of a `schema` record (`before`: the record before the call). */
export function expectedValue(d: Description, schema: string, property: string, value: EffectValue, sent: Sent, before: Rec | undefined): Expected {
  const types = d.typesOf(schema, property);
  const nothing: Expected = types.includes('null') ? { exactly: null } : { absent: true };
  if ('const' in value) return { exactly: value.const };
  if ('caller' in value) return { exactly: sent.callerId };
  if ('now' in value) return { date: types.includes('integer') ? 'millis' : 'text', from: sent.from, to: sent.to };
  if ('body' in value) return sent.body === undefined ? nothing : { exactly: sent.body };
  if ('bodyField' in value) {
    const body = sent.body as Rec | undefined;
    return body && typeof body === 'object' && value.bodyField in body ? { exactly: body[value.bodyField] } : nothing;
  }
  if ('param' in value) {
    const given = sent.pathValues[value.param];
    return { exactly: types.includes('integer') && /^-?\d+$/.test(String(given)) ? Number(given) : String(given) };
  }
  if ('path' in value) {
    const body = sent.body && typeof sent.body === 'object' ? (sent.body as Rec) : {};
    const part = (p: string): unknown => (p in body ? body[p] : before?.[p]);
    const name = part(value.path.name);
    if (typeof name !== 'string') return nothing;
    const parent = part(value.path.parent);
    return parent === undefined || parent === null ? { exactly: name } : { endsWith: `/${name}` };
  }
  if ('query' in value) {
    const given = sent.query?.[value.query];
    return given === undefined || given === null || given === '' ? nothing : { exactly: `${value.prefix ?? ''}${String(given)}` };
  }
  if ('firstOf' in value) {
    const given = value.firstOf.map((each) => expectedValue(d, schema, property, each, sent, before)).find((e) => !isDeepStrictEqual(e, nothing));
    return given ?? nothing;
  }
  if ('idOf' in value) return { triedElsewhere: 'idOf' };
  if ('elapsedSince' in value) {
    const since = Date.parse(String(before?.[value.elapsedSince]));
    return Number.isNaN(since) ? nothing : { millis: [Math.max(0, sent.from - since), Math.max(0, sent.to - since)] };
  }
  return nothing;
}

/** Where a problem with a property is, or undefined when it reads back as expected. */
export function mismatch(record: Rec, property: string, expected: Expected): string | undefined {
  const actual = record[property];
  const shown = `${property} is ${JSON.stringify(actual)}`;
  if ('absent' in expected) return property in record ? `${shown}, expected absent` : undefined;
  if ('triedElsewhere' in expected) return undefined;
  if ('endsWith' in expected) return typeof actual === 'string' && actual.endsWith(expected.endsWith) ? undefined : `${shown}, expected a text ending ${JSON.stringify(expected.endsWith)}`;
  if ('exactly' in expected) return property in record && isDeepStrictEqual(actual, expected.exactly) ? undefined : `${shown}, expected ${JSON.stringify(expected.exactly)}`;
  if ('millis' in expected) {
    const [from, to] = expected.millis;
    return typeof actual === 'number' && actual >= from && actual <= to ? undefined : `${shown}, expected ${from}..${to} ms`;
  }
  const at = expected.date === 'millis' ? actual : typeof actual === 'string' && /^\d{4}-\d\d-\d\dT/.test(actual) ? Date.parse(actual) : NaN;
  return typeof at === 'number' && at >= expected.from && at <= expected.to ? undefined : `${shown}, expected a date within the call`;
}
