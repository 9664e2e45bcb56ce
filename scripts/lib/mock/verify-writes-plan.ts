/**
 * What `verify --writes` (verify-writes.ts) calls, as data derived from the description: every
 * write (POST, DELETE) it can make inside a scratch project of its own, with the body the
 * description's example gives and the scratch ids filled in, what each call creates and which call
 * removes it; and, for every other write, why it is not called.
 *
 * The derivation, from routes alone:
 * - a kind is a collection `/c` with a create (`POST /c` answering an integer id) and a removal
 *   (`DELETE /c/{p}`); `/projects` is the scratch project's kind, the root of everything made;
 * - a create is made when every id its body holds comes from the scratch records, the caller, or
 *   one of the few read-only sources below (FIELD_SOURCES); an id without a source refers to a record
 *   outside the scratch project (a group, a role, a user...) and keeps the create from being made;
 * - any other write is made when its first path id is a scratch record (`/issues/{issueId}/title`,
 *   `/projects/{projectId}/setting`), its other path values are ones verify chooses (NAMES), and its
 *   body's ids have sources as above;
 * - what needs things verify cannot make (git content, a running job, a pull request) is listed in
 *   NEEDS, with why, and is not called; writes that change the server beyond a record (settings,
 *   users, groups, roles, other projects) never have a scratch id to start from, so are not called.
 */
import type { OpenAPIObject, OperationObject, ParameterObject, RequestBodyObject, ResponseObject, SchemaObject } from 'openapi3-ts/oas31';
import { operationsOf, resolveRef } from '../openapi.js';
import { EXT, readExtension } from '../../../src/extensions.js';

/** Where a value verify fills in comes from. */
export type Source =
  /** The id a create of this collection answered in this run. */
  | { from: 'scratch'; collection: string }
  /** A list of such ids (one). */
  | { from: 'scratch-list'; collection: string }
  /** The caller's own user id (Get Basic Settings Of Current User). */
  | { from: 'caller' }
  /** A field of the first record a read-only listing answers (a label spec: applying one changes nothing of it). */
  | { from: 'listing'; route: string; field: string }
  /** The run's scratch name, or a key derived from it. */
  | { from: 'scratch-name' }
  | { from: 'scratch-key' }
  /** A value verify sets as is (null: no parent project). */
  | { from: 'value'; value: unknown };

/** The collection of the scratch project: the first record made and the last removed. */
export const SCRATCH_ROOT = '/projects';

/**
 * Ids in request bodies (and path ids not named by their collection), by property name; a
 * collection's own entry wins. Every other property of the example body keeps its example value.
 */
export const FIELD_SOURCES: { any: Record<string, Source>; byCollection: Record<string, Record<string, Source>> } = {
  any: {
    projectId: { from: 'scratch', collection: '/projects' },
    issueId: { from: 'scratch', collection: '/issues' },
    iterationId: { from: 'scratch', collection: '/iterations' },
    iterationIds: { from: 'scratch-list', collection: '/iterations' },
    requestId: { from: 'scratch', collection: '/pulls' },
    pullRequestId: { from: 'value', value: null },
    userId: { from: 'caller' },
  },
  byCollection: {
    '/projects': {
      name: { from: 'scratch-name' },
      key: { from: 'scratch-key' },
      parentId: { from: 'value', value: null },
      forkedFromId: { from: 'value', value: null },
    },
    '/project-labels': { specId: { from: 'listing', route: '/label-specs', field: 'id' } },
  },
};

/** Bodies that are a bare list of ids, by the write's route. */
export const BODY_SOURCES: Record<string, Source> = {
  'POST /issues/{issueId}/iterations': { from: 'scratch-list', collection: '/iterations' },
};

/** Path values verify chooses itself (an attachment's name). */
export const NAMES: Record<string, string> = {
  preferredAttachmentName: 'onedev-openapi-verify.txt',
};

/** The bytes of an upload (application/octet-stream): a line of text. */
export const UPLOAD_BYTES = 'Uploaded by onedev-openapi verify --writes; removed with its scratch project.\n';

/** Writes verify cannot make, by route prefix, with why (the first prefix that matches wins). */
export const NEEDS: Array<[prefix: string, why: string]> = [
  ['/repositories/', 'needs git content (branches, tags, files) that verify does not push'],
  ['/issues/{issueId}/branch', 'needs git content (a commit to branch from) that verify does not push'],
  ['/pulls', 'needs two branches with commits, which verify cannot make without git'],
  ['/pull-request-', 'needs a pull request, which verify cannot make without git'],
  ['/workspaces', 'needs a workspace spec and an executor to provision it (git content and a running job)'],
  ['/job-runs', 'needs a job of a build spec and an executor to run it'],
  ['/trigger-job', 'needs a job of a build spec and an executor to run it'],
  ['/builds', 'needs a build, which only a running job makes'],
  ['/build-labels', 'needs a build, which only a running job makes'],
  ['/artifacts', 'needs a build, which only a running job makes'],
  ['/packages', 'needs a package, which only a build or a package client publishes'],
  ['/package-labels', 'needs a package, which only a build or a package client publishes'],
  ['/code-comments', 'needs a code comment, which needs git content'],
  ['/issue-watches', "the server watched the issue for its submitter, the caller, when verify opened it: a second watch of the same user is refused"],
  ['/issue-links', "needs two issues and a link spec of the issue setting, which no read-only listing gives"],
];

export type Phase = 'create' | 'change' | 'remove';

export interface PlannedWrite {
  operationId: string;
  method: 'POST' | 'DELETE';
  template: string;
  phase: Phase;
  /** Path parameter -> where its value comes from. */
  pathParams: Record<string, Source | { from: 'name'; value: string }>;
  /** The body: its media type, the example value, and the fills over it (property -> source; '' for the whole body). */
  body?: { mediaType: string; raw: boolean; example: unknown; fills: Record<string, Source> };
  /** For a create: the collection whose record it makes; for a removal: the collection whose record it removes. */
  creates?: string;
  removes?: string;
  /** Set when the write is not called: why. */
  notCalled?: string;
}

const isId = (name: string): boolean => /Ids?$/.test(name) && name !== 'id';

function firstParam(template: string): { collection: string; name: string } | undefined {
  const match = /^(\/[^{]*?)\/\{([^}]+)\}/.exec(template);
  return match ? { collection: match[1]!, name: match[2]! } : undefined;
}

function exampleOf(doc: OpenAPIObject, content: { example?: unknown; examples?: Record<string, unknown> }): unknown {
  if (content.example !== undefined) return content.example;
  const first = Object.values(content.examples ?? {})[0];
  return first === undefined ? undefined : resolveRef<{ value?: unknown }>(doc, first).value;
}

/** `POST /c` answering an integer (a new id), with a `DELETE /c/{p}`: the kinds of record a run can make. */
function kinds(doc: OpenAPIObject): Map<string, { create: string; remove: string }> {
  const out = new Map<string, { create: string; remove: string }>();
  const paths = doc.paths ?? {};
  for (const [template, item] of Object.entries(paths)) {
    const ok = item.post?.responses?.['200'] ? resolveRef<ResponseObject>(doc, item.post.responses['200']) : undefined;
    const schema = ok?.content?.['application/json']?.schema as SchemaObject | undefined;
    if (template.includes('{') || !item.post?.operationId || resolveRef<SchemaObject>(doc, schema)?.type !== 'integer') continue;
    const removal = Object.entries(paths).find(([t, i]) => i.delete?.operationId && new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&')}/\\{[^}/]+\\}$`).test(t));
    if (removal) out.set(template, { create: item.post.operationId, remove: removal[1].delete!.operationId! });
  }
  return out;
}

function sourceOfField(collection: string | undefined, name: string): Source | undefined {
  return (collection ? FIELD_SOURCES.byCollection[collection]?.[name] : undefined) ?? FIELD_SOURCES.any[name];
}

/** The body verify sends: the example, and a source for each id it holds (or why one has none). */
function bodyOf(doc: OpenAPIObject, route: string, operation: OperationObject, collection: string | undefined): PlannedWrite['body'] | string | undefined {
  if (!operation.requestBody) return undefined;
  const body = resolveRef<RequestBodyObject>(doc, operation.requestBody);
  const [mediaType, content] = Object.entries(body.content ?? {})[0] ?? [];
  if (!mediaType || !content) return undefined;
  const raw = readExtension(body, EXT.rawText) === true;
  if (mediaType === 'application/octet-stream') return { mediaType, raw: true, example: UPLOAD_BYTES, fills: {} };
  const example = exampleOf(doc, content);
  if (example === undefined) return 'the description gives no example body to send';
  const whole = BODY_SOURCES[route];
  if (whole) return { mediaType, raw, example, fills: { '': whole } };
  const fills: Record<string, Source> = {};
  if (example && typeof example === 'object' && !Array.isArray(example)) {
    for (const name of Object.keys(example)) {
      const source = sourceOfField(collection, name);
      if (source) fills[name] = source;
      else if (isId(name) && name in example) return `its body's ${name} would refer to a record outside verify's scratch project`;
    }
  }
  return { mediaType, raw, example, fills };
}

/** Every write of the description, in the order a run makes them (creates by dependency, then changes, then removals). */
export function planWrites(doc: OpenAPIObject): PlannedWrite[] {
  const made = kinds(doc);
  const planned: PlannedWrite[] = [];
  for (const { method, path, item, operation } of operationsOf(doc)) {
    if (method !== 'POST' && method !== 'DELETE') continue;
    const write = planOne(doc, made, method, path, [...(item.parameters ?? []), ...(operation.parameters ?? [])], operation);
    planned.push(write);
  }
  return ordered(planned);
}

function planOne(
  doc: OpenAPIObject,
  made: ReadonlyMap<string, { create: string; remove: string }>,
  method: 'POST' | 'DELETE',
  template: string,
  parameters: unknown[],
  operation: OperationObject,
): PlannedWrite {
  const route = `${method} ${template}`;
  const write: PlannedWrite = { operationId: operation.operationId ?? route, method, template, phase: 'change', pathParams: {} };
  const need = NEEDS.find(([prefix]) => template.startsWith(prefix));
  const kind = [...made].find(([collection, k]) => k.create === operation.operationId || (k.remove === operation.operationId && template.startsWith(`${collection}/`)));
  if (kind && kind[1].create === operation.operationId) Object.assign(write, { phase: 'create', creates: kind[0] });
  if (kind && kind[1].remove === operation.operationId) Object.assign(write, { phase: 'remove', removes: kind[0] });
  if (need) return { ...write, notCalled: need[1] };
  const first = firstParam(template);
  if (!write.creates) {
    if (!first) return { ...write, notCalled: 'it changes the server beyond a record verify made (settings, or records of every project)' };
    const source = sourceOfField(undefined, first.name) ?? (made.has(first.collection) ? { from: 'scratch' as const, collection: first.collection } : undefined);
    if (!source || source.from !== 'scratch') return { ...write, notCalled: `it acts on ${first.name}, which is never a record verify made (users, groups, roles, settings... are left alone)` };
  }
  for (const p of parameters) {
    const param = resolveRef<ParameterObject>(doc, p);
    if (param.in !== 'path') continue;
    const source = param.name === first?.name && made.has(first.collection)
      ? { from: 'scratch' as const, collection: first.collection }
      : NAMES[param.name] !== undefined ? { from: 'name' as const, value: NAMES[param.name]! } : sourceOfField(undefined, param.name);
    if (!source) return { ...write, notCalled: `needs ${param.name}, which verify does not choose` };
    write.pathParams[param.name] = source;
  }
  const body = bodyOf(doc, route, operation, write.creates ?? (first && made.has(first.collection) ? first.collection : undefined));
  if (typeof body === 'string') return { ...write, notCalled: body };
  if (body) write.body = body;
  if (write.creates && write.creates !== SCRATCH_ROOT && scratchNeeds(write).length === 0) {
    return { ...write, notCalled: `it would make a record of ${write.creates} outside verify's scratch project (a server-wide record)` };
  }
  return write;
}

/** Sources of a write that are scratch records, by collection. */
export function scratchNeeds(write: PlannedWrite): string[] {
  const all = [...Object.values(write.pathParams), ...Object.values(write.body?.fills ?? {})];
  return [...new Set(all.flatMap((s) => (s.from === 'scratch' || s.from === 'scratch-list' ? [s.collection] : [])))];
}

/**
 * Creates in an order where each comes after the creates of what it refers to (the project
 * first); a create that needs a collection no create makes is not called. Changes keep the
 * description's order, an addition before the removal of the same route; removals come last,
 * in the reverse order of the creates (deepest first, the project last).
 */
function ordered(planned: PlannedWrite[]): PlannedWrite[] {
  const creates = planned.filter((w) => w.phase === 'create' && !w.notCalled);
  const sorted: PlannedWrite[] = [];
  const done = new Set<string>();
  for (let progress = true; progress; ) {
    progress = false;
    for (const w of creates) {
      if (done.has(w.creates!) || !scratchNeeds(w).every((c) => c === w.creates || done.has(c))) continue;
      sorted.push(w);
      done.add(w.creates!);
      progress = true;
    }
  }
  for (const w of planned) {
    const missing = scratchNeeds(w).find((c) => !done.has(c) && c !== w.creates);
    if (!w.notCalled && missing) w.notCalled = `acts on a record of ${missing}, which this run does not make`;
    if (!w.notCalled && w.phase === 'remove' && !done.has(w.removes!)) w.notCalled = `removes a record of ${w.removes}, which this run does not make`;
    if (w.phase === 'create' && !w.notCalled && !done.has(w.creates!)) w.notCalled = 'refers to records of its own kind that this run cannot make first';
  }
  const made = sorted.map((w) => w.creates!);
  const changes = planned.filter((w) => w.phase === 'change').sort((a, b) => (a.template === b.template ? (a.method === 'POST' ? -1 : 1) : 0));
  const removals = planned.filter((w) => w.phase === 'remove').sort((a, b) => made.indexOf(b.removes!) - made.indexOf(a.removes!));
  const rest = planned.filter((w) => w.phase === 'create' && !sorted.includes(w));
  return [...sorted, ...rest, ...changes, ...removals];
}
