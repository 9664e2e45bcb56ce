/**
 * A stateful mock engine asked as the description says, as the administrator (Basic `admin`, the
 * user a fresh server makes): calls with chosen path values and bodies, and records read back by
 * their read, or found in their listings.
 */
import { isDeepStrictEqual } from 'node:util';
import type { MockEngine } from '../../scripts/lib/mock/engine.js';
import { ask, basicAuth, searchOf, type ValidCall } from './mock-fixtures.js';
import type { Description, Listing, Rec } from './stateful-plan.js';

export const ADMIN_NAME = 'admin';
const ADMIN = { authorization: basicAuth(ADMIN_NAME, 'any-token') };

export type Answered = Awaited<ReturnType<typeof ask>>;

/** A page of this many records at a time (the smallest page limit any listing has). */
const PAGE = 100;

export function pathOf(call: ValidCall, values: Readonly<Record<string, string | number>>): string {
  return call.template.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = String(values[name] ?? call.pathParams[name]);
    return call.multiSegment.includes(name) ? value.split('/').map(encodeURIComponent).join('/') : encodeURIComponent(value);
  });
}

export class Probe {
  constructor(
    readonly d: Description,
    readonly engine: MockEngine,
  ) {}

  /** The call for these path values and this body (undefined: none). */
  send(call: ValidCall, values: Readonly<Record<string, string | number>>, body: unknown): Promise<Answered> {
    const headers: Record<string, string> = { ...ADMIN };
    if (body !== undefined) headers['content-type'] = call.bodyType ?? 'application/json';
    const text = body === undefined ? undefined : call.rawText ? String(body) : JSON.stringify(body);
    return ask(this.engine, call.method, `${pathOf(call, values)}${searchOf(call.query)}`, { headers, ...(text === undefined ? {} : { body: text }) });
  }

  get(path: string): Promise<Answered> {
    return ask(this.engine, 'GET', path, { headers: ADMIN });
  }

  /**
   * The listings of a schema that say which records they hold: those without a parent, and those
   * under one whose path parameter is a property of the records (`/pulls/{requestId}/comments`:
   * the comments whose `requestId` it is). Under `/users/{userId}/ssh-keys` nothing says which
   * property of a key points to the user.
   */
  usableListings(schema: string): Listing[] {
    return this.d.listingsOf(schema).filter((l) => l.params.every((p) => this.d.hasProperty(schema, p)));
  }

  /** Whether every record of the schema is in some listing (one without a parent, or one per parent). */
  seenWhole(schema: string): boolean {
    return this.usableListings(schema).some((l) => l.params.length === 0 || (l.params.length === 1 && this.d.readByParam(l.params[0]!) !== undefined));
  }

  /**
   * The records of a schema in every listing of it that `hints` fill (a listing under
   * `/pulls/{requestId}` with `hints.requestId`), each once; undefined when no listing could be asked.
   */
  async listed(schema: string, hints: Rec = {}): Promise<Rec[] | undefined> {
    let asked = false;
    const found: Rec[] = [];
    for (const listing of this.usableListings(schema)) {
      if (!listing.params.every((p) => hints[p] !== undefined && hints[p] !== null)) continue;
      const path = listing.template.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(String(hints[name])));
      const records = await this.all(path, listing.paged, listing.query);
      if (!records) continue;
      asked = true;
      // A listing under a parent holds the records pointing at it: those whose property is the hint.
      const matching = records.filter((r) => listing.params.every((p) => !(p in r) || String(r[p]) === String(hints[p])));
      for (const record of matching) if (!found.some((f) => isDeepStrictEqual(f, record))) found.push(record);
    }
    return asked ? found : undefined;
  }

  /**
   * Every record of a schema the listings show: those listed without a parent, else those under
   * each parent its listings name by one path parameter (`/users/{userId}/ssh-keys` for each user).
   */
  async everywhere(schema: string): Promise<Rec[] | undefined> {
    const direct = await this.listed(schema);
    if (direct) return direct;
    let found: Rec[] | undefined;
    for (const listing of this.usableListings(schema)) {
      const [param, ...more] = listing.params;
      const parent = param !== undefined && more.length === 0 ? this.d.readByParam(param) : undefined;
      const parents = parent ? await this.listed(parent) : undefined;
      for (const record of parents ?? []) {
        for (const child of (await this.listed(schema, { [param!]: record.id })) ?? []) {
          found ??= [];
          if (!found.some((f) => isDeepStrictEqual(f, child))) found.push(child);
        }
        found ??= [];
      }
    }
    return found;
  }

  private async all(path: string, paged: boolean, query: Record<string, unknown>): Promise<Rec[] | undefined> {
    const records: Rec[] = [];
    for (let offset = 0; ; offset += PAGE) {
      const search = searchOf(paged ? { ...query, offset, count: PAGE } : query);
      const answer = await this.get(`${path}${search}`);
      if (answer.status !== 200) return undefined;
      const page = answer.json() as Rec[];
      records.push(...page);
      if (!paged || page.length < PAGE) return records;
    }
  }

  /** One record by id: its read's answer, else (no read) whether its listings (those `hints` fill, else all) have it. */
  async read(schema: string, id: unknown, hints: Rec = {}): Promise<{ status: number; record?: Rec; text: string }> {
    const read = this.d.readOf(schema);
    if (read) {
      const answer = await this.get(read.template.replace(`{${read.param}}`, encodeURIComponent(String(id))));
      return { status: answer.status, text: answer.text, ...(answer.status === 200 ? { record: answer.json() as Rec } : {}) };
    }
    const listed = (await this.listed(schema, hints)) ?? (await this.everywhere(schema));
    const record = listed?.find((r) => String(r.id) === String(id));
    return record ? { status: 200, record, text: '' } : { status: 404, text: '' };
  }

  /** Whether a record of the schema can be read back at all (a read, or a listing `hints` fill). */
  readable(schema: string, hints: Rec = {}): boolean {
    return this.d.readOf(schema) !== undefined || this.seenWhole(schema) || this.usableListings(schema).some((l) => l.params.every((p) => hints[p] !== undefined && hints[p] !== null));
  }

  /** The caller's user id: the listed user named as the caller. */
  async callerId(schema: string): Promise<number> {
    const users = (await this.listed(schema)) ?? [];
    const me = users.find((u) => u.name === ADMIN_NAME);
    if (typeof me?.id !== 'number') throw new Error(`no listed ${schema} is named ${ADMIN_NAME}`);
    return me.id;
  }
}
