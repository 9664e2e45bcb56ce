/**
 * The mock's answer to one request, without HTTP: checks in OneDev's order (the path's encoding,
 * the route, credentials, the body's media type and JSON, parameter conversions, then schemas and
 * the resource's own rules), then the answer: a page of records, a record, a change to the
 * records (stateful), or the documented example. Request checks give Prism's violations, word for
 * word, so refusals read as they did when Prism checked them; Prism itself is loaded only for
 * generated answers (`Prefer: dynamic=true`) and answers without an example.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { ValidateFunction } from 'ajv';
import type { OpenAPIObject } from 'openapi3-ts/oas31';
import { refused, text, type Answer } from './answer.js';
import { badIntegers, canonicalId, unknownQuery, type QueryValues } from './checks.js';
import { callerOf, securityViolations } from './credentials.js';
import { prettyJson, withIdTemplate } from './json-text.js';
import { acceptable, bodyTypeAccepted, parseMediaType } from './media-types.js';
import { jsonContent, operationPlans, type ContentPlan, type OperationPlan, type ResponsePlan } from './operations.js';
import { preferencesOf, type Preferences } from './prefer.js';
import { nameMatcher, parseQuery, recordModel, type Behaviour, type Rec, type RecordKind } from './records.js';
import { refusalFor, type Refusal } from './refusal.js';
import { rawPathValues, Router } from './routes.js';
import { SchemaChecker } from './schemas.js';
import { MockState } from './state.js';
import type { Violation } from './violation.js';

export interface EngineOptions {
  /** Creates, updates and deletes change what later requests read. Default false. */
  stateful?: boolean;
  /** Records in the population of each paged collection. Default 250. */
  records?: number;
  /**
   * Callers treated as administrators (no page-size limit): Basic user names, or Bearer tokens.
   * Default `['admin']`.
   */
  administrators?: readonly string[];
}

export interface MockRequest {
  method: string;
  /** The request target as received, e.g. `/~api/pulls?offset=0&count=10`. */
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

const API_PREFIX = '/~api';

interface Operation extends OperationPlan {
  behaviour?: Behaviour;
  target?: { kind: RecordKind; param: string };
  /** For reads of ids outside the population: the example around any id. */
  exampleForId?: ((id: string) => Buffer) | null;
}

interface Parsed {
  method: string;
  path: string;
  query: QueryValues;
  operation: Operation;
  pathValues: Record<string, string>;
  /** The declared query parameters, coerced to their types (`count` is a number). */
  params: Record<string, unknown>;
  preferences: Preferences;
  body: unknown;
  headers: IncomingHttpHeaders;
  request: MockRequest;
}

export class MockEngine {
  private readonly router: Router<Operation>;
  private readonly checker: SchemaChecker;
  readonly state: MockState;
  private readonly administrators: ReadonlySet<string>;
  /** How this release refuses bad query parameters (`x-onedev-query-refusal-status`; 400 when absent). */
  private readonly queryRefusalStatus: number;
  private readonly kindValidators = new Map<RecordKind, ValidateFunction>();
  private readonly exampleTexts = new WeakMap<object, Buffer>();
  private dynamic?: Promise<(op: OperationPlan, parsed: Parsed) => Promise<Answer>>;

  constructor(
    private readonly doc: OpenAPIObject,
    options: EngineOptions = {},
  ) {
    const plans = operationPlans(doc);
    const model = recordModel(doc, plans);
    const operations: Operation[] = plans.map((plan) => {
      const key = `${plan.method} ${plan.path}`;
      const behaviour = model.behaviours.get(key);
      const target = model.targets.get(key);
      return { ...plan, ...(behaviour ? { behaviour } : {}), ...(target ? { target } : {}) };
    });
    this.router = new Router(operations);
    this.checker = new SchemaChecker(doc);
    this.administrators = new Set(options.administrators ?? ['admin']);
    const refusal = (doc as unknown as Record<string, unknown>)['x-onedev-query-refusal-status'];
    this.queryRefusalStatus = typeof refusal === 'number' ? refusal : 400;
    this.state = new MockState(model, { stateful: options.stateful === true, records: options.records ?? 250 }, (kind) =>
      this.kindValidator(kind),
    );
  }

  /** The validator of a kind's records (its response schema). */
  kindValidator(kind: RecordKind): ValidateFunction {
    let validate = this.kindValidators.get(kind);
    if (!validate) {
      validate = this.checker.responseValidator({ $ref: kind.ref });
      this.kindValidators.set(kind, validate);
    }
    return validate;
  }

  handle(request: MockRequest): Answer | Promise<Answer> {
    let url: URL;
    try {
      url = new URL(request.url, 'http://mock');
    } catch {
      return text(400, `Malformed request target: ${JSON.stringify(request.url.slice(0, 200))}`);
    }
    const path = url.pathname === API_PREFIX || url.pathname.startsWith(`${API_PREFIX}/`) ? url.pathname.slice(API_PREFIX.length) || '/' : url.pathname;
    // A server refuses a path it cannot decode before anything else looks at it.
    try {
      decodeURIComponent(path);
    } catch {
      return text(400, `Malformed percent-encoding in the request path: ${path.slice(0, 200)}`);
    }
    const allQuery = queryValues(url.searchParams);
    const preferences = preferencesOf(header(request.headers.prefer), allQuery);
    if ('error' in preferences) return text(400, `Prefer header not usable: ${preferences.error}`);

    const method = request.method.toUpperCase();
    const placed = this.router.place(method === 'HEAD' ? 'GET' : method, path);
    if ('status' in placed) {
      return placed.status === 404
        ? text(404, `Route not resolved, no path matched: The route ${path} hasn't been found in the specification file`)
        : text(405, `Route resolved, but no method matched: The route ${path} has been matched, but it does not have "${method.toLowerCase()}" method defined`);
    }
    const operation = placed.route;
    const query: QueryValues = {};
    for (const [name, value] of Object.entries(allQuery)) if (!name.startsWith('__')) query[name] = value;
    const pathValues: Record<string, string> = {};
    try {
      for (const [name, value] of Object.entries(rawPathValues(operation, path))) pathValues[name] = decodeURIComponent(value);
    } catch {
      return text(400, `Malformed percent-encoding in the request path: ${path.slice(0, 200)}`);
    }

    const extra = [...unknownQuery(operation, query), ...badIntegers(operation, pathValues, query)];
    const authorization = header(request.headers.authorization);
    const security = securityViolations(operation.security, callerOf(authorization), authorization);
    const decoded = decodeBody(request.body, header(request.headers['content-type']), operation.rawText);
    if ('refusal' in decoded) {
      // OneDev places the request and checks credentials before it reads the body.
      if (security.length > 0) return refused(refusalFor(security)!, security);
      return refused(decoded.refusal, extra);
    }
    const bodyCheck = this.checkBody(operation, decoded.value, request.body.length, header(request.headers['content-type']));
    const params = paramValues(operation.queryParams, query, 'query');
    const violations = [
      ...extra,
      ...security,
      ...bodyCheck.violations,
      ...this.checker.checkParams(params, operation.queryParams, 'query').violations,
      ...this.checker.checkParams(paramValues(operation.pathParams, pathValues, 'path'), operation.pathParams, 'path').violations,
    ];
    const refusal = refusalFor(violations);
    // Bad query parameters alone: the release's own status for them (406 from OneDev v12.0.9).
    if (refusal?.status === 400 && violations.every((v) => v.severity !== 0 || v.path?.[0] === 'query')) refusal.status = this.queryRefusalStatus;
    if (refusal) {
      if (bodyCheck.cut) refusal.text += `\n(further problems not listed: the body is checked up to its first problem once it is over 64 KiB, or cut at 200)`;
      return refused(refusal, violations);
    }

    const parsed: Parsed = { method, path, query, operation, pathValues, params, preferences, body: decoded.value, headers: request.headers, request };
    const answer = this.answer(parsed);
    return method === 'HEAD' ? withoutBody(answer) : answer;
  }

  private checkBody(operation: Operation, value: unknown, size: number, contentType: string | undefined): { violations: Violation[]; cut: boolean } {
    const body = operation.body;
    if (body?.required && !value) return { violations: [{ code: 'required', message: 'Body parameter is required', severity: 0 }], cut: false };
    if (size > 0) {
      // decodeBody has refused a missing or malformed Content-Type already.
      const sent = contentType === undefined ? undefined : parseMediaType(contentType);
      const supported = body?.contents.map((c) => c.mediaType) ?? [];
      if (!body || (sent !== undefined && !bodyTypeAccepted(sent, supported))) {
        const message = supported.length > 0 ? `Supported content types: ${supported.join(',')}` : 'No supported content types, but request included a non-empty body';
        return { violations: [{ code: 415, message, severity: 0 }], cut: false };
      }
    }
    if (value === undefined || value === null || !body) return { violations: [], cut: false };
    const schema = body.contents[0]?.schema;
    return schema === undefined ? { violations: [], cut: false } : this.checker.checkBody(value, schema, size);
  }

  private answer(parsed: Parsed): Answer | Promise<Answer> {
    const { operation, preferences } = parsed;
    let response: ResponsePlan | undefined = operation.success;
    if (preferences.code !== undefined) {
      response = findResponse(operation.responses, preferences.code);
      if (!response) {
        return text(400, `Prefer header not usable here. The server cannot find the requested content: Requested status code ${preferences.code} is not defined in the document.`);
      }
    }
    if (!response) return preferences.dynamic ? this.generated(operation, parsed) : { status: 200, headers: {} };
    const status = statusOf(response.code, preferences.code);
    const content = this.negotiate(response, status, parsed);
    if ('status' in content) return content;
    if (preferences.dynamic) return this.generated(operation, parsed);
    if (preferences.exampleKey !== undefined && content.content) {
      const example = content.content.examples.find((e) => e.key === preferences.exampleKey);
      if (!example) {
        return text(400, `Prefer header not usable here. The server cannot find the requested content: Response for contentType: ${content.content.mediaType} and exampleKey: ${preferences.exampleKey} does not exist.`);
      }
      return this.exampleAnswer(status, content.content, content.mediaType, example.value, operation);
    }
    if (response === operation.success && operation.behaviour) {
      const fromRecords = this.recordAnswer(parsed, operation.behaviour, status, content.content, content.mediaType);
      if (fromRecords) return fromRecords;
    } else if (response === operation.success && this.state.stateful && operation.target) {
      const gone = this.missingTarget(parsed);
      if (gone) return gone;
    }
    if (!content.content) return withDeprecation(operation, { status, headers: {} });
    const first = content.content.examples[0] ?? schemaExample(content.content.schema);
    if (!first) return this.generated(operation, parsed);
    return this.exampleAnswer(status, content.content, content.mediaType, first.value, operation);
  }

  /** The content to answer with; a 406 when the Accept header rules out every one a success has. */
  private negotiate(response: ResponsePlan, status: number, parsed: Parsed): { content?: ContentPlan; mediaType?: string } | Answer {
    if (response.contents.length === 0) return {};
    const offered = [...response.contents].sort((a, b) => Number(/json/i.test(b.mediaType)) - Number(/json/i.test(a.mediaType)));
    // Errors are sent as they are, whatever the client accepts (OneDev's are always plain text).
    if (status >= 400) return { content: offered[0]!, mediaType: answerType(offered[0]!.mediaType) };
    const accept = header(parsed.headers.accept);
    const chosen = acceptable(accept, offered.map((c) => c.mediaType));
    if (chosen === undefined) {
      return text(406, `The server cannot produce a representation for your accept header: Unable to find content for ${accept?.slice(0, 200)}`);
    }
    const content = offered.find((c) => c.mediaType === chosen)!;
    return { content, mediaType: answerType(content.mediaType) };
  }

  private exampleAnswer(status: number, content: ContentPlan, mediaType: string | undefined, value: unknown, operation: Operation): Answer {
    return withDeprecation(operation, { status, headers: { 'content-type': mediaType ?? content.mediaType }, body: this.exampleText(content, value) });
  }

  /** An example's answer bytes, encoded once per example. */
  private exampleText(content: ContentPlan, value: unknown): string | Buffer {
    if (value === null || typeof value !== 'object') {
      return /json/i.test(content.mediaType) ? prettyJson(value) : typeof value === 'string' ? value : JSON.stringify(value);
    }
    let bytes = this.exampleTexts.get(value);
    if (!bytes) {
      bytes = Buffer.from(/json/i.test(content.mediaType) ? prettyJson(value) : JSON.stringify(value));
      this.exampleTexts.set(value, bytes);
    }
    return bytes;
  }

  private json(status: number, body: string | Buffer, operation: Operation): Answer {
    return withDeprecation(operation, { status, headers: { 'content-type': 'application/json' }, body });
  }

  /**
   * 404 in OneDev's words when a stateful record is gone: the documented 404 example, naming this
   * kind and id where it has OneDev's `[io.onedev.server.model.<Class>#<id>]` form.
   */
  private notFound(operation: Operation, kind: RecordKind | undefined, param: string, id: string): Answer {
    const response = operation.responses.find((r) => r.code === '404');
    const content = response?.contents[0];
    const example = content?.examples[0]?.value;
    if (typeof example === 'string') {
      const said = /\.\w+#-?\d+\]/.test(example) && kind
        ? example.replace(/\.\w+#-?\d+\]/, `.${kind.name}#${id}]`)
        : example;
      return withDeprecation(operation, { status: 404, headers: { 'content-type': answerType(content!.mediaType) }, body: said });
    }
    return text(404, `No record with ${param} ${id}`);
  }

  private missingTarget(parsed: Parsed): Answer | undefined {
    const { operation } = parsed;
    const target = operation.target!;
    const id = canonicalId(parsed.pathValues[target.param]!);
    return this.state.setOf(target.kind)?.get(id) ? undefined : this.notFound(operation, target.kind, target.param, id);
  }

  private recordAnswer(parsed: Parsed, behaviour: Behaviour, status: number, content: ContentPlan | undefined, mediaType: string | undefined): Answer | undefined {
    const { operation } = parsed;
    const state = this.state;
    if (state.stateful && operation.target) {
      const gone = this.missingTarget(parsed);
      if (gone) return gone;
    }
    const idOf = (param: string): string => canonicalId(parsed.pathValues[param]!);
    switch (behaviour.type) {
      case 'page':
        return this.page(parsed, behaviour);
      case 'read': {
        const id = idOf(behaviour.kind.idParam!);
        const set = state.setOf(behaviour.kind);
        const record = set?.get(id);
        if (record && behaviour.view?.seeds[0]) return this.json(status, this.viewed(record, behaviour.view.seeds[0]), operation);
        if (record) return this.json(status, set!.itemBytes(record), operation);
        if (operation.exampleForId === undefined) operation.exampleForId = withIdTemplate(content?.examples[0]?.value) ?? null;
        return operation.exampleForId && mediaType ? this.json(status, operation.exampleForId(id), operation) : undefined;
      }
      case 'lookup': {
        const record = state.setOf(behaviour.kind)?.find(behaviour.param, parsed.pathValues[behaviour.param]!);
        if (record) return this.json(status, String(record.id), operation);
        return state.stateful ? this.notFound(operation, undefined, behaviour.param, parsed.pathValues[behaviour.param]!) : undefined;
      }
      case 'children': {
        const set = state.stateful ? state.setOf(behaviour.kind) : undefined;
        if (!set) return undefined;
        const id = idOf(behaviour.param);
        return this.json(status, set.listBytes(set.all().filter((r) => r[behaviour.param] !== undefined && String(r[behaviour.param]) === id)), operation);
      }
      case 'create': {
        const record = state.stateful ? state.create(behaviour.kind, parsed.body) : undefined;
        return record ? this.json(status, String(record.id), operation) : undefined;
      }
      case 'update': {
        if (!state.stateful) return undefined;
        const id = idOf(behaviour.kind.idParam!);
        state.update(behaviour.kind, id, parsed.body);
        return this.idOrDocumented(status, id, content, mediaType, operation);
      }
      case 'set': {
        if (!state.stateful) return undefined;
        const id = idOf(behaviour.kind.idParam!);
        state.setProperty(behaviour.kind, id, behaviour.property, parsed.body);
        return this.idOrDocumented(status, id, content, mediaType, operation);
      }
      case 'delete':
        if (state.stateful) state.remove(behaviour.kind, idOf(behaviour.kind.idParam!));
        return undefined;
      case 'singleton-read': {
        const stored = state.stateful ? state.singleton(parsed.path) : undefined;
        if (!stored) return undefined;
        if (stored.value === null) {
          const none = operation.responses.find((r) => r.code === '204');
          if (none) return withDeprecation(operation, { status: 204, headers: {} });
        }
        return this.json(status, prettyJson(stored.value), operation);
      }
      case 'singleton-write':
        if (state.stateful) state.writeSingleton(parsed.path, parsed.body ?? null);
        return undefined;
    }
  }

  private readonly views = new WeakMap<Rec, Buffer>();

  /** A listed record as a read shows it: the read's example with the record's values over it. */
  private viewed(record: Rec, template: Rec): Buffer {
    let bytes = this.views.get(record);
    if (!bytes) {
      bytes = Buffer.from(prettyJson({ ...template, ...record }));
      this.views.set(record, bytes);
    }
    return bytes;
  }

  /** Updates that answer the id (a bare number) answer this one; others answer as documented. */
  private idOrDocumented(status: number, id: string, content: ContentPlan | undefined, mediaType: string | undefined, operation: Operation): Answer | undefined {
    const schema = content?.schema as { type?: unknown } | undefined;
    return schema?.type === 'integer' && mediaType ? this.json(status, id, operation) : undefined;
  }

  private page(parsed: Parsed, behaviour: Extract<Behaviour, { type: 'page' }>): Answer | undefined {
    const { operation, query, params } = parsed;
    const offset = Number(params.offset ?? 0);
    const count = Number(params.count ?? 0);
    if (behaviour.nonAdminMaximum !== undefined && count > behaviour.nonAdminMaximum && !this.isAdministrator(parsed)) {
      const violation: Violation = {
        path: ['query', 'count'],
        code: 'maximum',
        severity: 0,
        message: `Request query parameter count must be <= ${behaviour.nonAdminMaximum} for callers who are not administrators`,
      };
      return refused({ status: this.queryRefusalStatus, text: violation.message }, [violation]);
    }
    const filter = behaviour.queryParam ? parseQuery(firstValue(query[behaviour.queryParam])) : { all: true as const };
    if ('error' in filter) return text(this.queryRefusalStatus, filter.error);
    const set = this.state.setOf(behaviour.kind);
    if (!set) return undefined;
    let records: readonly Rec[] = set.all();
    if ('number' in filter) {
      if (behaviour.kind.properties.get('number')?.type !== 'integer') {
        return text(this.queryRefusalStatus, `Error parsing query: ${behaviour.kind.name} records have no number`);
      }
      records = records.filter((r) => r.number === filter.number);
    }
    for (const [param, property] of behaviour.filters) {
      const pattern = firstValue(query[param]);
      if (pattern === undefined) continue;
      const matches = nameMatcher(pattern);
      records = records.filter((r) => matches(r[property]));
    }
    return this.json(200, set.listBytes(records.slice(offset, offset + count)), operation);
  }

  private isAdministrator(parsed: Parsed): boolean {
    const caller = callerOf(header(parsed.headers.authorization));
    return caller !== undefined && this.administrators.has(caller.name);
  }

  /** Prism, loaded on first use, for schema-generated answers. */
  private generated(operation: OperationPlan, parsed: Parsed): Promise<Answer> {
    this.dynamic ??= import('./dynamic.js').then(({ prismAnswerer }) => prismAnswerer(this.doc));
    return this.dynamic.then((answerWith) => answerWith(operation, parsed));
  }
}

export type { Parsed as ParsedRequest };

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(', ') : value;
}

function firstValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function queryValues(params: URLSearchParams): QueryValues {
  const out: QueryValues = {};
  for (const [name, value] of params) {
    const known = out[name];
    out[name] = known === undefined ? value : Array.isArray(known) ? [...known, value] : [known, value];
  }
  return out;
}

/**
 * The values Prism validates: query parameters found case-insensitively, an empty value counting
 * as absent (form style), path values as they are (simple style); arrays split as those styles do
 * (a query array repeats its name, as the description says to send it); an object exploded in
 * form style gathers the query names it declares as properties.
 */
function paramValues(specs: OperationPlan['queryParams'], source: Record<string, string | string[]>, where: 'query' | 'path'): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (specs.length === 0) return out;
  let lookup = source;
  if (where === 'query' && Object.keys(source).some((k) => k !== k.toLowerCase())) {
    lookup = {};
    for (const [k, v] of Object.entries(source)) lookup[k.toLowerCase()] = v;
  }
  for (const spec of specs) {
    if (where === 'query' && spec.schema.type === 'object') {
      const declared = Object.keys(spec.schema.properties ?? {}).filter((name) => lookup[name] !== undefined);
      out[spec.name] = Object.fromEntries(declared.map((name) => [name, lookup[name]]));
      continue;
    }
    const value = lookup[where === 'query' ? spec.name.toLowerCase() : spec.name];
    if (value === undefined || (value === '' && !spec.multiSegment)) continue;
    const isArray = spec.schema.type === 'array';
    if (where === 'path') out[spec.name] = isArray ? (value === '' ? [] : String(value).split(',')) : value;
    else out[spec.name] = isArray ? (Array.isArray(value) ? value : [value]) : value;
  }
  return out;
}

type Decoded = { value: unknown } | { refusal: Refusal };

/** OneDev reads raw-text bodies as the characters sent, and JSON-parses the rest. */
function decodeBody(body: Buffer, contentType: string | undefined, rawText: boolean): Decoded {
  if (body.length === 0) return { value: undefined };
  if (!contentType) {
    return { refusal: { status: 415, text: 'Unsupported content type. The body has no Content-Type; send application/json' } };
  }
  const media = parseMediaType(contentType);
  if (!media) {
    return { refusal: { status: 415, text: `Unsupported content type. "${contentType.slice(0, 100)}" is not a media type; send application/json` } };
  }
  const isJson = (media.type === 'application' && media.subtype === 'json') || (media.type === 'application' && media.subtype.endsWith('+json'));
  const content = body.toString('utf8');
  if (!isJson || rawText) return { value: content };
  if (nestsDeeperThan(content, MAX_NESTING)) {
    return { refusal: { status: 400, text: `Malformed JSON in the request body: it nests deeper than ${MAX_NESTING} levels` } };
  }
  try {
    return { value: JSON.parse(content) as unknown };
  } catch (error) {
    return { refusal: { status: 400, text: `Malformed JSON in the request body: ${(error as Error).message.slice(0, 300)}` } };
  }
}

/** Jackson's default limit; deeper JSON would also overflow the stack of checks and answers. */
const MAX_NESTING = 1000;

/**
 * Whether JSON text opens more than `limit` arrays or objects inside one another (strings
 * skipped). Text under 4 KiB cannot nest deep enough to matter, and is not scanned.
 */
function nestsDeeperThan(text: string, limit: number): boolean {
  if (text.length <= Math.max(2 * limit, 4096)) return false;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) i += 1; // backslash: skip the escaped character
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 || c === 123) {
      if (++depth > limit) return true;
    } else if (c === 93 || c === 125) depth -= 1;
  }
  return false;
}

/**
 * A value for a content without examples, from its schema: its example, default or const, or
 * empty text for text and bytes (a file download). Undefined when the schema gives nothing.
 */
function schemaExample(schema: unknown): { value: unknown } | undefined {
  const s = (schema ?? {}) as { examples?: unknown[]; example?: unknown; default?: unknown; const?: unknown; type?: unknown };
  if (Array.isArray(s.examples) && s.examples.length > 0) return { value: s.examples[0] };
  for (const key of ['example', 'default', 'const'] as const) if (s[key] !== undefined) return { value: s[key] };
  return s.type === 'string' ? { value: '' } : undefined;
}

function findResponse(responses: readonly ResponsePlan[], code: number): ResponsePlan | undefined {
  return (
    responses.find((r) => r.code.toLowerCase() === String(code)) ??
    responses.find((r) => r.code === `${String(code).charAt(0)}XX`) ??
    responses.find((r) => r.code === 'default')
  );
}

function statusOf(code: string, preferred: number | undefined): number {
  if (/^\d{3}$/.test(code)) return Number(code);
  if (/^\dXX$/.test(code)) return preferred ?? Number(`${code.charAt(0)}00`);
  return preferred ?? 200;
}

/** Prism answers a `*\/*` content as text/plain. */
function answerType(mediaType: string): string {
  return mediaType === '*/*' ? 'text/plain' : mediaType;
}

function withDeprecation(operation: OperationPlan, answer: Answer): Answer {
  if (operation.deprecated) answer.headers.deprecation = 'true';
  return answer;
}

/** A HEAD request gets the GET answer's status and headers, and its length, without the body. */
function withoutBody(answer: Answer | Promise<Answer>): Answer | Promise<Answer> {
  const strip = (a: Answer): Answer =>
    a.body === undefined ? a : { ...a, headers: { ...a.headers, 'content-length': String(Buffer.byteLength(a.body)) }, body: undefined };
  return answer instanceof Promise ? answer.then(strip) : strip(answer);
}
