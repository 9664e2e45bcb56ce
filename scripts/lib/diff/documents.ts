/** Compares two OpenAPI documents (3.0 or 3.1) operation by operation. */
import { DiffInputError, Resolver } from './resolve.js';
import { compareSchemas, type SchemaContext } from './schema.js';
import type { Change, ChangeKind, Direction } from './types.js';
import { HTTP_METHODS as METHODS } from '../openapi.js';

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

interface Operation {
  method: string;
  path: string;
  /** Path with parameter names blanked (`/pulls/{}`), so a renamed path parameter still matches. */
  shape: string;
  operation: Json;
  /** Path-item and operation parameters, resolved; the operation's win. */
  parameters: Json[];
}

function operationsOf(doc: Json, resolver: Resolver): Map<string, Operation> {
  const out = new Map<string, Operation>();
  const paths = isObject(doc.paths) ? doc.paths : {};
  for (const [path, rawItem] of Object.entries(paths)) {
    const item = resolver.deref(rawItem).node;
    const shared = Array.isArray(item.parameters) ? item.parameters : [];
    for (const method of METHODS) {
      if (!isObject(item[method])) continue;
      const operation = item[method] as Json;
      const own = Array.isArray(operation.parameters) ? operation.parameters : [];
      const byKey = new Map<string, Json>();
      for (const raw of [...shared, ...own]) {
        const param = resolver.deref(raw).node;
        byKey.set(`${String(param.in)}:${String(param.name)}`, param);
      }
      const shape = path.replace(/\{[^}]*\}/g, '{}');
      out.set(`${method.toUpperCase()} ${shape}`, {
        method: method.toUpperCase(),
        path,
        shape,
        operation,
        parameters: [...byKey.values()],
      });
    }
  }
  return out;
}

/** Checks the input looks like an OpenAPI 3.x document; a clear message otherwise. */
export function assertOpenApi(doc: unknown, label: string): asserts doc is Json {
  if (!isObject(doc)) throw new DiffInputError(`${label}: not a JSON/YAML object`);
  if (typeof doc.openapi !== 'string' || !/^3\.[01]\./.test(doc.openapi)) {
    throw new DiffInputError(`${label}: not an OpenAPI 3.0 or 3.1 document (no "openapi: 3.x.y" field)`);
  }
  if (doc.paths !== undefined && !isObject(doc.paths)) throw new DiffInputError(`${label}: "paths" is not an object`);
}

export function diffDocuments(oldDoc: unknown, newDoc: unknown, labels = ['old', 'new']): Change[] {
  assertOpenApi(oldDoc, labels[0]!);
  assertOpenApi(newDoc, labels[1]!);
  const oldResolver = new Resolver(oldDoc, labels[0]!);
  const newResolver = new Resolver(newDoc, labels[1]!);
  const changes: Change[] = [];
  const before = operationsOf(oldDoc, oldResolver);
  const after = operationsOf(newDoc, newResolver);
  const ctx = (direction: Direction): SchemaContext => ({
    oldDoc: oldResolver,
    newDoc: newResolver,
    direction,
    changes,
    visiting: new Set(),
  });

  for (const [key, old] of before) {
    const name = `${old.method} ${old.path}${old.operation.operationId ? ` (${String(old.operation.operationId)})` : ''}`;
    const next = after.get(key);
    if (!next) {
      changes.push({ kind: 'operation-removed', breaking: true, where: name, message: 'operation removed' });
      continue;
    }
    const report = (kind: ChangeKind, breaking: boolean, where: string, message: string) =>
      changes.push({ kind, breaking, where, message });
    if (old.operation.operationId !== next.operation.operationId) {
      report(
        'operation-id-renamed',
        true,
        name,
        `operationId renamed from ${String(old.operation.operationId)} to ${String(next.operation.operationId)}`,
      );
    }
    compareParameters(old, next, name, ctx('request'), report);
    compareRequestBody(old.operation.requestBody, next.operation.requestBody, name, ctx('request'), report);
    compareResponses(old.operation.responses, next.operation.responses, name, ctx('response'), report);
  }
  for (const [key, next] of after) {
    if (!before.has(key)) {
      changes.push({
        kind: 'operation-added',
        breaking: false,
        where: `${next.method} ${next.path}${next.operation.operationId ? ` (${String(next.operation.operationId)})` : ''}`,
        message: 'operation added',
      });
    }
  }
  return changes;
}

type Report = (kind: ChangeKind, breaking: boolean, where: string, message: string) => void;

function compareParameters(old: Operation, next: Operation, name: string, ctx: SchemaContext, report: Report): void {
  // Path parameters are matched by position in the template: a new name there is a rename.
  const pathNames = (op: Operation) => [...op.path.matchAll(/\{([^}]*)\}/g)].map((m) => m[1]!);
  const renamedPath = new Map<string, string>();
  const [oldNames, newNames] = [pathNames(old), pathNames(next)];
  for (const [i, oldName] of oldNames.entries()) {
    if (newNames[i] !== undefined && newNames[i] !== oldName) {
      renamedPath.set(oldName, newNames[i]!);
      report('parameter-renamed', true, name, `path parameter ${oldName} renamed to ${newNames[i]}`);
    }
  }
  const key = (p: Json) => `${String(p.in)}:${String(p.name)}`;
  const newByKey = new Map(next.parameters.map((p) => [key(p), p]));
  const oldByKey = new Map(old.parameters.map((p) => [key(p), p]));
  const removed = old.parameters.filter((p) => !newByKey.has(key(p)) && !(p.in === 'path' && renamedPath.has(String(p.name))));
  const added = next.parameters.filter((p) => !oldByKey.has(key(p)) && !(p.in === 'path' && [...renamedPath.values()].includes(String(p.name))));
  // One query/header parameter gone and one arrived in the same place: call it a rename.
  for (const p of removed) {
    const twin = added.filter((q) => q.in === p.in);
    if (twin.length === 1 && removed.filter((r) => r.in === p.in).length === 1) {
      report('parameter-renamed', true, name, `${String(p.in)} parameter ${String(p.name)} renamed to ${String(twin[0]!.name)}`);
      added.splice(added.indexOf(twin[0]!), 1);
    } else {
      report('parameter-removed', true, name, `${String(p.in)} parameter ${String(p.name)} removed`);
    }
  }
  for (const p of added) {
    const required = p.required === true;
    report(
      required ? 'parameter-newly-required' : 'parameter-added',
      required,
      name,
      `${required ? 'required' : 'optional'} ${String(p.in)} parameter ${String(p.name)} added`,
    );
  }
  for (const p of old.parameters) {
    const renamed = p.in === 'path' ? renamedPath.get(String(p.name)) : undefined;
    const q = newByKey.get(renamed ? `path:${renamed}` : key(p));
    if (!q) continue;
    const where = `${name} › ${String(p.in)} parameter ${String(q.name)}`;
    if (p.required !== true && q.required === true) report('parameter-newly-required', true, where, 'is now required');
    if (p.schema !== undefined && q.schema !== undefined) compareSchemas(p.schema, q.schema, where, ctx);
  }
}

function compareContent(
  before: unknown,
  after: unknown,
  where: string,
  ctx: SchemaContext,
  report: Report,
): void {
  const a = isObject(before) ? before : {};
  const b = isObject(after) ? after : {};
  const request = ctx.direction === 'request';
  for (const [type, media] of Object.entries(a)) {
    const other = b[type];
    if (!isObject(other)) {
      report('media-type-removed', true, where, `media type ${type} removed`);
      continue;
    }
    const schemaA = isObject(media) ? media.schema : undefined;
    if (schemaA !== undefined && other.schema !== undefined) compareSchemas(schemaA, other.schema, `${where} ${type}`, ctx);
  }
  for (const type of Object.keys(b)) {
    // A new response media type is only served to clients that ask for it; a new request one is optional.
    if (!(type in a)) report('media-type-added', false, where, `media type ${type} added${request ? '' : ''}`);
  }
}

function compareRequestBody(before: unknown, after: unknown, name: string, ctx: SchemaContext, report: Report): void {
  const where = `${name} › request body`;
  const a = before === undefined ? undefined : ctx.oldDoc.deref(before).node;
  const b = after === undefined ? undefined : ctx.newDoc.deref(after).node;
  if (!b) {
    if (a) report('body-newly-required', false, where, 'request body removed');
    return;
  }
  if (!a) {
    report(b.required === true ? 'body-newly-required' : 'property-added', b.required === true, where, `${b.required === true ? 'required' : 'optional'} request body added`);
    return;
  }
  if (a.required !== true && b.required === true) report('body-newly-required', true, where, 'is now required');
  compareContent(a.content, b.content, where, ctx, report);
}

function compareResponses(before: unknown, after: unknown, name: string, ctx: SchemaContext, report: Report): void {
  const a = isObject(before) ? before : {};
  const b = isObject(after) ? after : {};
  for (const [status, raw] of Object.entries(a)) {
    const where = `${name} › response ${status}`;
    if (b[status] === undefined) {
      report('response-removed', false, where, 'response no longer documented');
      continue;
    }
    const oldResponse = ctx.oldDoc.deref(raw).node;
    const newResponse = ctx.newDoc.deref(b[status]).node;
    compareContent(oldResponse.content, newResponse.content, where, ctx, report);
  }
  for (const status of Object.keys(b)) {
    if (a[status] === undefined) report('response-added', false, `${name} › response ${status}`, 'response added');
  }
}
