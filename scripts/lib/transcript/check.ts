/**
 * Holds a transcript (format.ts) against a description: each request was for the operation it
 * names, each answer has a status, media type and body the operation documents, and each request
 * body agrees with what the server made of it (a body the server accepted is one the description
 * accepts; a body it refused is one the description refuses, or was refused with a documented
 * status).
 *
 * Statuses count as documented only by an explicit code: a `default` response (the description
 * has none on its operations) documents nothing here, and an answer whose status only `default`
 * covers is reported as such. Bodies are validated with the mock's validators (JSON Schema
 * 2020-12 against the document's components; request bodies without their readOnly properties).
 */
import type { OpenAPIObject, OperationObject, RequestBodyObject, ResponseObject } from 'openapi3-ts/oas31';
import type { ErrorObject } from 'ajv';
import { operationsOf, resolveRef } from '../openapi.js';
import { EXT, readExtension } from '../../../src/extensions.js';
import { bodyTypeAccepted, parseMediaType, type MediaType } from '../mock/media-types.js';
import { findRoute, routesOf, type Route } from '../mock/routes.js';
import { SchemaChecker } from '../mock/schemas.js';
import { TRANSCRIPT_BODY_LIMIT, type TranscriptEntry } from './format.js';

export interface TranscriptProblem {
  /** The entry's line in the transcript (1-based: its position in the list given). */
  line: number;
  operationId: string | null;
  /** What disagrees, in words. */
  problem: string;
}

/** An operation of the document with what placing a request on it needs. */
interface Described {
  route: Route;
  operation: OperationObject;
}

interface Context {
  doc: OpenAPIObject;
  operations: ReadonlyMap<string, Described>;
  routes: readonly Route[];
  schemas: SchemaChecker;
}

/** At most this many schema errors are named for one body. */
const ERRORS_NAMED = 5;

/** Every disagreement between the entries and the document, entry by entry in order. */
export function checkTranscript(entries: readonly TranscriptEntry[], doc: OpenAPIObject): TranscriptProblem[] {
  const context = contextOf(doc);
  return entries.flatMap((entry, index) =>
    entryProblems(context, entry).map((problem) => ({ line: index + 1, operationId: entry.operationId, problem })),
  );
}

/** Problems one to a line: `line 45 (userDisable): ...`. */
export function formatProblems(problems: readonly TranscriptProblem[]): string {
  return problems.map((p) => `line ${p.line} (${p.operationId ?? 'no operation'}): ${p.problem}`).join('\n');
}

function contextOf(doc: OpenAPIObject): Context {
  const routes = routesOf(doc);
  const byId = new Map(routes.map((route) => [route.operationId, route]));
  const operations = new Map<string, Described>();
  for (const { operation } of operationsOf(doc)) {
    const route = operation.operationId === undefined ? undefined : byId.get(operation.operationId);
    if (route) operations.set(route.operationId, { route, operation });
  }
  return { doc, operations, routes, schemas: new SchemaChecker(doc) };
}

function entryProblems(context: Context, entry: TranscriptEntry): string[] {
  if (entry.operationId === null) return unnamedProblems(context, entry);
  const described = context.operations.get(entry.operationId);
  if (!described) return [`the description has no operation ${entry.operationId}`];
  const placement = placementProblems(described.route, entry);
  if (placement.length > 0) return placement;
  return [...responseProblems(context, described.operation, entry), ...requestProblems(context, described.operation, entry)];
}

const pathOf = (entry: TranscriptEntry): string => entry.path.split('?', 1)[0]!;

/** An entry meant for no operation must not be a request the description has an operation for. */
function unnamedProblems(context: Context, entry: TranscriptEntry): string[] {
  const route = findRoute(context.routes, entry.method, pathOf(entry));
  return route ? [`names no operation, but ${entry.method} ${pathOf(entry)} is ${route.operationId} (${route.method} ${route.path})`] : [];
}

function placementProblems(route: Route, entry: TranscriptEntry): string[] {
  const problems: string[] = [];
  if (entry.method.toUpperCase() !== route.method) problems.push(`sent as ${entry.method}, but ${route.operationId} is ${route.method} ${route.path}`);
  if (!route.pattern.test(pathOf(entry))) problems.push(`path ${pathOf(entry)} does not match ${route.operationId}'s template ${route.path}`);
  return problems;
}

// ---- answers ----

function responseProblems(context: Context, operation: OperationObject, entry: TranscriptEntry): string[] {
  const responses = operation.responses ?? {};
  const documented = responses[String(entry.status)] as unknown;
  if (documented === undefined) {
    const also = responses.default === undefined ? '' : ' (only `default` would cover it)';
    return [`status ${entry.status} is not documented${also}; documented: ${Object.keys(responses).join(', ')}${cutNote(entry)}`];
  }
  const response = resolveRef<ResponseObject>(context.doc, documented);
  const media = mediaProblem(response, entry);
  if (media) return [`${media}${cutNote(entry)}`];
  if (isCut(entry.responseBody)) return [];
  const body = answerBodyProblem(context, response, entry);
  return body ? [body] : [];
}

const isCut = (body: string | null): boolean => body !== null && body.length >= TRANSCRIPT_BODY_LIMIT;

/** Said beside another problem only: a cut body is otherwise simply not schema-checked. */
const cutNote = (entry: TranscriptEntry): string =>
  isCut(entry.responseBody) ? ` (the recorded body is cut at ${TRANSCRIPT_BODY_LIMIT} characters, so it was not schema-checked)` : '';

/** The answer's media type against the documented ones; an empty answer matches an empty response. */
function mediaProblem(response: ResponseObject, entry: TranscriptEntry): string | undefined {
  const types = Object.keys(response.content ?? {});
  const sent = entry.responseContentType;
  if (types.length === 0) {
    if (sent === null && !entry.responseBody) return undefined;
    return `status ${entry.status} is documented with an empty body, but the answer is ${sent ?? 'untyped'}${entry.responseBody ? ` (${entry.responseBody.length} characters)` : ''}`;
  }
  const parsed = sent === null ? undefined : parseMediaType(sent);
  if (parsed && bodyTypeAccepted(parsed, types)) return undefined;
  return `status ${entry.status} is documented as ${types.join(' or ')}, but the answer is ${sent ?? (entry.responseBody ? 'untyped' : 'empty, with no Content-Type')}`;
}

/** How a body of a media type is read: JSON (raw text: the text itself), text, or not at all (any other type: bytes). */
type Reading = 'json' | 'text' | 'binary';

function readingOf(media: MediaType | undefined, rawText: boolean): Reading {
  if (media?.type === 'text') return 'text';
  const json = media !== undefined && media.type === 'application' && (media.subtype === 'json' || media.subtype.endsWith('+json'));
  if (json) return rawText ? 'text' : 'json';
  return 'binary';
}

/** The body as its reading makes it a value: `{ value }`, or why it is not one. */
function valueOf(text: string, reading: Exclude<Reading, 'binary'>): { value: unknown } | { error: string } {
  if (reading === 'text') return { value: text };
  try {
    return { value: JSON.parse(text) as unknown };
  } catch (error) {
    return { error: `is not JSON (${(error as Error).message})` };
  }
}

function answerBodyProblem(context: Context, response: ResponseObject, entry: TranscriptEntry): string | undefined {
  const sent = parseMediaType(entry.responseContentType ?? '');
  const media = Object.entries(response.content ?? {}).find(([type]) => sent && bodyTypeAccepted(sent, [type]))?.[1];
  if (!media?.schema) return undefined;
  const reading = readingOf(sent, readExtension(response, EXT.rawText) === true);
  if (reading === 'binary') return undefined;
  const read = valueOf(entry.responseBody ?? '', reading);
  if ('error' in read) return `the ${entry.status} answer ${read.error}`;
  const validate = context.schemas.responseValidator(media.schema);
  if (validate(read.value)) return undefined;
  return `the ${entry.status} answer does not validate against its schema: ${namedErrors(validate.errors ?? [])}`;
}

function namedErrors(errors: readonly ErrorObject[]): string {
  return named(errors.map((e) => `${e.instancePath || '/'} ${e.message ?? e.keyword}`));
}

/** The first few of a list of problems, and how many more there are. */
function named(problems: readonly string[]): string {
  const more = problems.length > ERRORS_NAMED ? `; and ${problems.length - ERRORS_NAMED} more` : '';
  return problems.slice(0, ERRORS_NAMED).join('; ') + more;
}

// ---- requests ----

function requestProblems(context: Context, operation: OperationObject, entry: TranscriptEntry): string[] {
  const hasBody = entry.requestBody !== null && entry.requestBody !== '';
  const refusals = bodyRefusals(context, operation, entry);
  if (entry.status >= 200 && entry.status < 300) {
    return refusals.length === 0 ? [] : [`the server accepted (${entry.status}) a request the description refuses: ${named(refusals)}`];
  }
  if (entry.status < 400 || (!hasBody && !operation.requestBody)) return [];
  if (refusals.length > 0 || String(entry.status) in (operation.responses ?? {})) return [];
  return [`the server refused (${entry.status}) a request body the description accepts, with a status the description does not document`];
}

/** Why the description refuses the request's body (none: it accepts it). */
function bodyRefusals(context: Context, operation: OperationObject, entry: TranscriptEntry): string[] {
  const body = entry.requestBody === '' ? null : entry.requestBody;
  const described = operation.requestBody === undefined ? undefined : resolveRef<RequestBodyObject>(context.doc, operation.requestBody);
  if (!described) return body === null ? [] : ['the operation takes no body, yet one was sent'];
  if (body === null) return described.required === true ? ['the operation requires a body, and none was sent'] : [];
  const types = Object.keys(described.content ?? {});
  const sentType = entry.requestHeaders['content-type'];
  const sent = sentType === undefined ? undefined : parseMediaType(sentType);
  if (!sent || !bodyTypeAccepted(sent, types)) return [`the body was sent ${sentType === undefined ? 'without a Content-Type' : `as ${sentType}`}; the operation takes ${types.join(' or ')}`];
  const media = Object.entries(described.content).find(([type]) => bodyTypeAccepted(sent, [type]))![1];
  const reading = readingOf(sent, readExtension(described, EXT.rawText) === true);
  if (reading === 'binary' || !media.schema) return [];
  const read = valueOf(body, reading);
  if ('error' in read) return [`the body ${read.error}`];
  const checked = context.schemas.checkBody(read.value, media.schema, body.length);
  return checked.violations.map((v) => v.message);
}
