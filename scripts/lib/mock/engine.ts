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
import type { OpenAPIObject, SchemaObject } from 'openapi3-ts/oas31';
import { resolveRef } from '../openapi.js';
import { EXT, readExtension } from '../../../src/extensions.js';
import { refused, text, textAnswer, type Answer } from './answer.js';
import { badIntegers, canonicalId, releaseAtLeast, serverQuery, TRIMS_QUERY_TEXT_SINCE, unknownQuery, type QueryValues } from './checks.js';
import { callerOf, securityPlanOf, securityViolations, type Caller, type SecurityPlan } from './credentials.js';
import { prettyJson, sized, withIdTemplate, type SizedText } from './json-text.js';
import { parseJsonBody } from './json-body.js';
import { acceptable, bodyTypeAccepted, parseMediaType, type MediaType } from './media-types.js';
import { jsonContent, operationPlans, type ContentPlan, type OperationPlan, type ResponsePlan } from './operations.js';
import { preferencesOf, type Preferences } from './prefer.js';
import { nameMatcher, parseQuery, queryLanguageOf, recordModel, type Behaviour, type Peers, type Rec, type RecordKind } from './records.js';
import { runQuery, type QueryWorld } from './query/evaluate.js';
import { QueryOutcomes } from './query/outcomes.js';
import { grammarOf, hasParser, loadParser } from './query/grammar.js';
import { queryWorld } from './query/world.js';
import { commitAnswer, commitReadOf } from './commits/answer.js';
import { labelRefusal, labelRuleOf, missingIdStatus, type LabelRule } from './consumes.js';
import type { QueryLanguageSpec } from '../../../spec/model.js';
import { refusalFor, type Refusal } from './refusal.js';
import { requiredWhenViolations, type RequiredWhenRule } from './required-when.js';
import { Router } from './routes.js';
import { SchemaChecker, type CheckResult } from './schemas.js';
import { MockState } from './state.js';
import { freshSetting } from './builtin-records.js';
import { splitTarget } from './target.js';
import { nextTurn } from './turns.js';
import type { EngineOffload } from './offload.js';
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
  exampleForId?: ((id: string) => SizedText) | null;
  /**
   * An operation that takes a query but is no page (its kind, if the mock lists it elsewhere), or
   * the read of one commit (`read`: the path parameter naming it), answered as a commit query.
   */
  queryOnly?: { language: QueryLanguageSpec; kind?: RecordKind; read?: string };
  /**
   * What the request path asks of every request, worked out once and kept on the operation (a
   * field read, where a Map keyed by the operation would cost a lookup per request): whether the
   * path parameters' schemas need a validator (more than an integer's or a text's type), what its
   * security asks of a caller, the media types the body takes, and the success's contents, JSON first.
   */
  pathChecked: boolean;
  securityPlan: SecurityPlan;
  bodyTypes: BodyTypes;
  successOffer?: Offer;
  /** How it refuses a request for its Content-Type (a POST of a resource consuming JSON). */
  label?: LabelRule;
}

interface BodyTypes {
  texts: string[];
  parsed: Array<MediaType | undefined>;
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
  private readonly exampleTexts = new WeakMap<object, SizedText>();
  private dynamic?: Promise<(op: OperationPlan, parsed: Parsed) => Promise<Answer>>;
  private readonly peers: Peers | undefined;
  /** Whether the release trims text query values (and reads blank ones as absent). */
  private readonly trimsQueryText: boolean;
  /** The status of a broken validation rule (`x-onedev-refusals`; 400 when the document does not say). */
  private readonly validationStatus: number;
  private readonly kindSchemas = new Map<RecordKind, object>();
  /** Offers of responses other than the success (asked for with `Prefer: code=`). */
  private readonly offers = new Map<ResponsePlan, Offer>();
  private readonly worlds = new Map<unknown, QueryWorld>();
  /** Without --stateful: the outcomes of queries already run. */
  private readonly outcomes = new QueryOutcomes();
  private readonly operations: readonly Operation[];
  /** Parsers asked of a worker and not loaded yet, by grammar text. */
  private readonly parserWaits = new Map<string, { promise: Promise<void>; urgent: boolean }>();
  /** Work handed to worker threads, once a server has started them (see offload.ts). */
  private offload?: EngineOffload;

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
      const language = behaviour ? undefined : queryLanguageOf(doc, plan);
      const kind = language ? model.kinds.find((k) => k.paged && k.collectionPath === plan.path) : undefined;
      const queryOnly = language ? { language, ...(kind ? { kind } : {}) } : behaviour ? undefined : commitReadOf(doc, plan, plans);
      const bodyTypes = plan.body?.contents.map((c) => c.mediaType) ?? [];
      const label = labelRuleOf(plan.method, plan.responses, plan.rawText);
      return {
        ...plan,
        ...(behaviour ? { behaviour } : {}),
        ...(target ? { target } : {}),
        ...(queryOnly ? { queryOnly } : {}),
        pathChecked: plan.pathParams.some((p) => !isPlainScalar(p.schema as Record<string, unknown>)),
        securityPlan: securityPlanOf(plan.security),
        bodyTypes: { texts: bodyTypes, parsed: bodyTypes.map(parseMediaType) },
        ...(plan.success && plan.success.contents.length > 0 ? { successOffer: offerOf(plan.success) } : {}),
        ...(label ? { label } : {}),
      };
    });
    this.peers = model.kinds[0]?.peers;
    this.router = new Router(operations.map(uniform));
    this.checker = new SchemaChecker(doc);
    this.administrators = new Set(options.administrators ?? ['admin']);
    this.queryRefusalStatus = readExtension(doc, EXT.queryRefusalStatus) ?? 400;
    this.operations = this.router.routes();
    this.trimsQueryText = releaseAtLeast(releaseOf(doc), TRIMS_QUERY_TEXT_SINCE);
    this.validationStatus = validationStatusOf(doc);
    const release = releaseOf(doc);
    const elementProperties = (kind: RecordKind, property: string): string[] | undefined => {
      const items = (kind.properties.get(property) as { items?: unknown } | undefined)?.items;
      const element = items === undefined ? undefined : resolveRef<SchemaObject>(doc, items as SchemaObject);
      return element?.properties ? Object.keys(element.properties) : undefined;
    };
    this.state = new MockState(
      model,
      { stateful: options.stateful === true, records: options.records ?? 250, ...(release ? { release } : {}), elementProperties },
      (kind) => this.kindValidator(kind),
    );
    if (this.state.stateful) this.startFresh();
  }

  /**
   * Settings as a fresh server has them, where it has none: cleared (a setting whose write takes
   * `null`: read back as 204) or an empty collection (builtin-records.ts). Others start from
   * their documented example.
   */
  private startFresh(): void {
    for (const op of this.operations) {
      if (op.behaviour?.type !== 'singleton-read') continue;
      const write = this.operations.find((other) => other.path === op.path && other.behaviour?.type === 'singleton-write');
      const writeSchema = write?.body?.contents[0]?.schema as { oneOf?: Array<{ type?: unknown }> } | undefined;
      const clearable = writeSchema?.oneOf?.some((s) => s.type === 'null') === true;
      const readSchema = jsonContent(op.success)?.schema;
      const fresh = freshSetting(readSchema && resolveRef<SchemaObject>(this.doc, readSchema as SchemaObject), clearable);
      if (fresh) this.state.writeSingleton(op.path, fresh.value);
    }
  }

  /** The validator of a kind's records (its response schema). */
  kindValidator(kind: RecordKind): ValidateFunction {
    let validate = this.kindValidators.get(kind);
    if (!validate) {
      validate = this.checker.responseValidator(this.kindSchema(kind));
      this.kindValidators.set(kind, validate);
    }
    return validate;
  }

  private kindSchema(kind: RecordKind): object {
    let schema = this.kindSchemas.get(kind);
    if (!schema) this.kindSchemas.set(kind, (schema = { $ref: kind.ref }));
    return schema;
  }

  /**
   * Hands the heavy work to worker threads: compiling validators (all of them, in the background,
   * starting now), reading very large bodies, and Prism's generated answers. The event loop then
   * only evaluates compiled code and answers. Resolves when every validator is here.
   */
  useWorkers(offload: EngineOffload): Promise<void> {
    this.offload = offload;
    this.checker.attach(offload.compiler);
    const bodies = new Set<unknown>();
    const params: Array<OperationPlan['queryParams']> = [];
    for (const op of this.operations) {
      const schema = op.body && !op.rawText && op.body.contents.some((c) => /json/i.test(c.mediaType)) ? op.body.contents[0]?.schema : undefined;
      if (schema !== undefined) bodies.add(schema);
      if (op.queryParams.length > 0) params.push(op.queryParams);
      if (op.pathParams.length > 0 && op.pathChecked) params.push(op.pathParams);
    }
    const outputs = this.state.stateful ? this.state.kinds().map((kind) => this.kindSchema(kind)) : [];
    // The query languages' parsers first: few, and each would otherwise hold up the first query.
    const languages = new Set(this.operations.map(languageOf).filter((l): l is QueryLanguageSpec => l !== undefined));
    const parsers = [...languages].map((language) => this.parserReady(language, false));
    return Promise.all([...parsers, this.checker.prepare({ bodies: [...bodies], params, outputs })]).then(() => undefined);
  }

  /**
   * Whether the parser of a language is here; with workers, the promise of it being loaded from
   * the code a worker generates (without workers, or when that fails, it is generated here when
   * first used).
   */
  private parserReady(language: QueryLanguageSpec, urgent: boolean): true | Promise<void> {
    const offload = this.offload;
    if (!offload || hasParser(language)) return true;
    const grammar = grammarOf(language);
    const waiting = this.parserWaits.get(grammar);
    if (waiting && (waiting.urgent || !urgent)) return waiting.promise;
    const promise = offload.parsers.code(grammar, urgent).then(
      (code) => loadParser(grammar, code),
      () => undefined,
    );
    this.parserWaits.set(grammar, { promise, urgent });
    return promise;
  }

  /** How many validators this thread compiled itself (with workers: none, unless a worker failed). */
  get validatorsCompiledHere(): number {
    return this.checker.compiledHere;
  }

  /** Stops using the workers (the server is closing, or they failed): everything is done here again. */
  dropWorkers(): void {
    this.offload = undefined;
    this.checker.attach(undefined);
  }

  handle(request: MockRequest): Answer | Promise<Answer> {
    const target = splitTarget(request.url);
    if (!target) return text(400, `Malformed request target: ${JSON.stringify(request.url.slice(0, 200))}`);
    const full = target.path;
    const path = full === API_PREFIX || full.startsWith(`${API_PREFIX}/`) ? full.slice(API_PREFIX.length) || '/' : full;
    // A server refuses a path it cannot decode before anything else looks at it.
    const escaped = path.includes('%');
    if (escaped && !decodable(path)) return text(400, `Malformed percent-encoding in the request path: ${path.slice(0, 200)}`);
    const allQuery = target.search === '' ? NO_QUERY : queryValues(new URLSearchParams(target.search));
    const prefer = header(request.headers.prefer);
    // Most requests state no preference: no Prefer header, and no `__` parameter (the query has no
    // `__` anywhere, nor a `%5` that might encode an underscore).
    const stated = prefer !== undefined || target.search.includes('__') || target.search.includes('%5');
    const preferences = stated ? preferencesOf(prefer, allQuery) : NO_PREFERENCES;
    if ('error' in preferences) return text(400, `Prefer header not usable: ${preferences.error}`);

    const method = UPPER_CASE_METHODS.has(request.method) ? request.method : request.method.toUpperCase();
    const placed = this.router.place(method === 'HEAD' ? 'GET' : method, path);
    if ('status' in placed) {
      return placed.status === 404
        ? text(404, `Route not resolved, no path matched: The route ${path} hasn't been found in the specification file`)
        : text(405, `Route resolved, but no method matched: The route ${path} has been matched, but it does not have "${method.toLowerCase()}" method defined`, {
            allow: placed.allowed.join(', '),
          });
    }
    const operation = placed.route;
    // Preferences given as `__` parameters are no query parameters of the operation; without a
    // stated preference there are none to leave out, and the values are used as they are.
    let query: QueryValues = allQuery;
    if (stated && allQuery !== NO_QUERY) {
      query = {};
      for (const name of Object.keys(allQuery)) if (!name.startsWith('__')) query[name] = allQuery[name]!;
    }
    const pathValues: Record<string, string> = {};
    const names = operation.pathNames;
    for (let i = 0; i < names.length; i += 1) pathValues[names[i]!] = placed.values[i + 1] ?? '';
    // Only a path with an escape has values to decode.
    if (escaped) {
      try {
        for (const name of names) if (pathValues[name]!.includes('%')) pathValues[name] = decodeURIComponent(pathValues[name]!);
      } catch {
        return text(400, `Malformed percent-encoding in the request path: ${path.slice(0, 200)}`);
      }
    }
    // What the resource method receives for empty values (Jersey's conversions, the release's trimming).
    const received = query === NO_QUERY ? NO_EMPTY : serverQuery(operation.queryParams, query, this.trimsQueryText);
    query = received.query;

    const extra = concatenated(unknownQuery(operation, query), badIntegers(operation, pathValues, query));
    const authorization = header(request.headers.authorization);
    const security = securityViolations(operation.securityPlan, callerOf(authorization), authorization);
    const contentType = header(request.headers['content-type']);
    const decoded = this.decodeBody(operation, request.body, contentType, preferences);
    const front: Front = { request, method, path, query, operation, pathValues, preferences, extra, security, empty: received.empty };
    return decoded instanceof Promise ? decoded.then((d) => this.checked(front, d)) : this.checked(front, decoded);
  }

  /** The request's checks once its body is read (on this thread, or for a large body by a worker). */
  private checked(front: Front, decoded: BodyRead): Answer | Promise<Answer> {
    const { request, operation, security, extra } = front;
    if ('refusal' in decoded) {
      // OneDev places the request and checks credentials before it reads the body.
      if (security.length > 0) return refused(refusalFor(security)!, security);
      return refused(decoded.refusal, extra);
    }
    const params = paramValues(operation.queryParams, front.query, 'query');
    const bodyCheck = decoded.checked ?? this.checkBody(operation, decoded.value, request.body.length, header(request.headers['content-type']));
    const queryCheck = this.checker.paramViolations(params, operation.queryParams, 'query');
    // Path parameters whose schemas say no more than the conversion checks (badIntegers) need no
    // validator, unless those found a problem (then the schema's own words are listed too, as Prism's).
    const pathCheck = operation.pathChecked || extra.some((v) => v.path?.[0] === 'path')
      ? this.checker.paramViolations(paramValues(operation.pathParams, front.pathValues, 'path'), operation.pathParams, 'path')
      : NO_PROBLEMS;
    if (bodyCheck instanceof Promise || queryCheck instanceof Promise || pathCheck instanceof Promise) {
      return Promise.all([bodyCheck, queryCheck, pathCheck]).then(([b, q, p]) => nextTurn().then(() => this.decided(front, decoded.value, params, b, q, p)));
    }
    return this.decided(front, decoded.value, params, bodyCheck, queryCheck, pathCheck);
  }

  private decided(front: Front, body: unknown, params: Record<string, unknown>, bodyCheck: CheckResult, queryCheck: CheckResult, pathCheck: CheckResult): Answer | Promise<Answer> {
    const { extra, security, empty } = front;
    // An empty required value is judged by the rule the server checks last (below), not as a schema problem.
    const queryProblems = empty.length > 0 ? queryCheck.violations.filter((v) => !empty.some((e) => e.path![1] === v.path?.[1])) : queryCheck.violations;
    const violations = extra.length + security.length + bodyCheck.violations.length + queryProblems.length + pathCheck.violations.length === 0
      ? NO_VIOLATIONS
      : [...extra, ...security, ...bodyCheck.violations, ...queryProblems, ...pathCheck.violations];
    if (violations.length > 0) {
      const refusal = refusalFor(violations);
      // Bad query parameters alone: the release's own status for them (406 from OneDev v12.0.9),
      // and, for missing ones, the server's own words (its parameter check names them all).
      if (refusal?.status === 400 && violations.every((v) => v.severity !== 0 || v.path?.[0] === 'query')) {
        refusal.status = this.queryRefusalStatus;
        refusal.text = missingQueryText(refusal.text);
      }
      if (refusal) {
        if (bodyCheck.cut) refusal.text += `\n(further problems not listed: the body is checked up to its first problem once it is over 64 KiB, or cut at 200)`;
        return refused(refusal, violations);
      }
    }
    // `@NotEmpty`/`@NotNull` on a query parameter, and a body's `@DependsOn` rules: bean validation, after everything above.
    const conditional = requiredWhenViolations(front.operation.body?.requiredWhen ?? NO_RULES, body);
    const invalid = conditional.length === 0 ? empty : [...empty, ...conditional];
    if (invalid.length > 0) return refused({ status: this.validationStatus, text: invalid.map((v) => v.message).join('\n') }, invalid);

    const { request, method, path, query, operation, pathValues, preferences } = front;
    const parsed: Parsed = { method, path, query, operation, pathValues, params, preferences, body, headers: request.headers, request };
    // A stateful write checks the record it makes: wait for its validator rather than compile it here.
    const kind = this.offload && this.state.stateful ? writtenKind(operation.behaviour) : undefined;
    const ready = kind ? this.checker.outputReady(this.kindSchema(kind)) : true;
    // A query waits for its language's parser from the worker rather than have it generated here.
    const language = query.query === undefined ? undefined : languageOf(operation);
    const parser = language ? this.parserReady(language, true) : true;
    const answer = ready === true && parser === true ? this.answer(parsed) : Promise.all([ready, parser]).then(nextTurn).then(() => this.answer(parsed));
    return method === 'HEAD' ? withoutBody(answer) : answer;
  }

  /**
   * The body as the resource reads it. Nothing, when the method takes none: the server never
   * reads it (for a JSON body, or one without a media type; other types are refused with 415 by
   * the checks). Raw text as the characters sent. JSON parsed here, or, when it is large and a
   * worker thread is there, parsed and checked against its schema by the worker.
   */
  private decodeBody(operation: Operation, body: Buffer, contentType: string | undefined, preferences: Preferences): BodyRead | Promise<BodyRead> {
    // Jersey matches the Content-Type with what the resource consumes before anything is read.
    const unlabelled = operation.label && labelRefusal(operation.label, contentType);
    if (unlabelled) return { refusal: unlabelled };
    if (body.length === 0) return NO_BODY;
    if (!operation.body) return NO_BODY;
    if (!contentType) {
      // A raw-text body is a Java String, which Jersey reads whatever the type (none: bytes).
      if (operation.rawText) return { value: body.toString('utf8') };
      return { refusal: { status: 415, text: 'Unsupported content type. The body has no Content-Type; send application/json' } };
    }
    const media = parseMediaType(contentType);
    if (!media) {
      return { refusal: { status: 415, text: `Unsupported content type. "${contentType.slice(0, 100)}" is not a media type; send application/json` } };
    }
    if (!isJsonMedia(media) || operation.rawText) return { value: body.toString('utf8') };
    const schema = operation.body.contents[0]?.schema;
    const bodies = this.offload?.bodies;
    if (body.length > LARGE_BODY && bodies && schema !== undefined && this.mediaTypeProblem(operation, body.length, contentType) === undefined) {
      const keep = this.state.stateful || preferences.dynamic === true;
      return bodies.read(body, schema, keep).then(
        (read): BodyRead => ('refusal' in read ? read : { value: read.value, checked: { violations: read.violations, cut: read.cut } }),
        // Without the worker, the body is read here after all.
        () => parseJsonBody(body.toString('utf8')),
      );
    }
    return parseJsonBody(body.toString('utf8'));
  }

  /** A 415 problem when a body comes in a media type the operation does not take. */
  private mediaTypeProblem(operation: Operation, size: number, contentType: string | undefined): Violation | undefined {
    if (size === 0) return undefined;
    const body = operation.body;
    const sent = contentType === undefined ? undefined : parseMediaType(contentType);
    if (!body) {
      // The resource consumes JSON; its method reads no body: a JSON body (or one without a type) is ignored.
      if (sent === undefined || isJsonMedia(sent)) return undefined;
      return { code: 415, message: 'No supported content types, but request included a non-empty body', severity: 0 };
    }
    // decodeBody has refused a missing or malformed Content-Type already.
    const supported = operation.bodyTypes;
    if (sent !== undefined && !bodyTypeAccepted(sent, supported.parsed)) return { code: 415, message: `Supported content types: ${supported.texts.join(',')}`, severity: 0 };
    return undefined;
  }

  private checkBody(operation: Operation, value: unknown, size: number, contentType: string | undefined): CheckResult | Promise<CheckResult> {
    const body = operation.body;
    // A JSON `0`, `false` or `""` is a body; no body, or `null`, is none.
    if (body?.required && (value === undefined || value === null)) return { violations: [{ code: 'required', message: 'Body parameter is required', severity: 0 }], cut: false };
    const problem = this.mediaTypeProblem(operation, size, contentType);
    if (problem) return { violations: [problem], cut: false };
    if (value === undefined || value === null || !body) return NO_PROBLEMS;
    const schema = body.contents[0]?.schema;
    return schema === undefined ? NO_PROBLEMS : this.checker.bodyViolations(value, schema, size);
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
    if (response === operation.success && operation.queryOnly) {
      const refused = this.queryOnly(parsed);
      if (refused) return refused;
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
    const offer = response === parsed.operation.success ? parsed.operation.successOffer! : this.otherOffer(response);
    // Errors are sent as they are, whatever the client accepts (OneDev's are always plain text).
    const accept = header(parsed.headers.accept);
    if (status >= 400 || accept === undefined) return offer.first;
    const chosen = acceptable(accept, offer.mediaTypes);
    if (chosen === undefined) {
      return text(406, `The server cannot produce a representation for your accept header: Unable to find content for ${accept.slice(0, 200)}`);
    }
    const content = offer.contents.find((c) => c.mediaType === chosen)!;
    return { content, mediaType: answerType(content.mediaType) };
  }

  private otherOffer(response: ResponsePlan): Offer {
    let offer = this.offers.get(response);
    if (!offer) this.offers.set(response, (offer = offerOf(response)));
    return offer;
  }

  private exampleAnswer(status: number, content: ContentPlan, mediaType: string | undefined, value: unknown, operation: Operation): Answer {
    return withDeprecation(operation, textAnswer(status, mediaType ?? content.mediaType, this.exampleText(content, value)));
  }

  /** An example's answer text, rendered once per example. */
  private exampleText(content: ContentPlan, value: unknown): string | SizedText {
    // A raw-text answer (a Java String, labelled JSON) is the characters themselves, never quoted.
    if (typeof value === 'string' && (content.schema as { contentMediaType?: unknown } | undefined)?.contentMediaType === 'text/plain') return value;
    if (value === null || typeof value !== 'object') {
      return /json/i.test(content.mediaType) ? prettyJson(value) : typeof value === 'string' ? value : JSON.stringify(value);
    }
    let rendered = this.exampleTexts.get(value);
    if (!rendered) {
      rendered = sized(/json/i.test(content.mediaType) ? prettyJson(value) : JSON.stringify(value));
      this.exampleTexts.set(value, rendered);
    }
    return rendered;
  }

  private json(status: number, body: string | SizedText, operation: Operation): Answer {
    return withDeprecation(operation, textAnswer(status, 'application/json', body));
  }

  /**
   * 404 (or the operation's own status for a missing id, `x-onedev-missing-id`) in OneDev's words
   * when a stateful record is gone: that status's documented example, naming this kind and id
   * where it has OneDev's `[io.onedev.server.model.<Class>#<id>]` form.
   */
  private notFound(operation: Operation, kind: RecordKind | undefined, param: string, id: string, status = 404): Answer {
    const response = operation.responses.find((r) => r.code === String(status));
    const content = response?.contents[0];
    const example = content?.examples[0]?.value;
    if (typeof example === 'string') {
      // A message naming the row (`[io.onedev.server.model.<Class>#<id>]`) names this one; one
      // quoting the parameter's documented example (a project path) quotes what was asked.
      const asked = operation.pathParams.find((p) => p.name === param)?.example;
      const said = /\.\w+#-?\d+\]/.test(example) && kind
        ? example.replace(/\.\w+#-?\d+\]/, `.${kind.name}#${id}]`)
        : asked !== undefined && String(asked) !== '' && example.includes(String(asked))
          ? example.replace(String(asked), id)
          : example;
      return withDeprecation(operation, { status, headers: { 'content-type': answerType(content!.mediaType) }, body: said });
    }
    return text(status, `No record with ${param} ${id}`);
  }

  private missingTarget(parsed: Parsed): Answer | undefined {
    const { operation } = parsed;
    const target = operation.target!;
    const id = canonicalId(parsed.pathValues[target.param]!);
    if (this.state.setOf(target.kind)?.get(id)) return undefined;
    const status = missingIdStatus(operation.missingId, () => this.isAdministrator(parsed));
    return this.notFound(operation, target.kind, target.param, id, status);
  }

  private recordAnswer(parsed: Parsed, behaviour: Behaviour, status: number, content: ContentPlan | undefined, mediaType: string | undefined): Answer | undefined {
    const { operation } = parsed;
    const state = this.state;
    if (state.stateful && operation.target) {
      const gone = this.missingTarget(parsed);
      if (gone) return gone;
    }
    switch (behaviour.type) {
      case 'page':
        return this.page(parsed, behaviour);
      case 'read': {
        const id = canonicalId(parsed.pathValues[behaviour.kind.idParam!]!);
        const set = state.setOf(behaviour.kind);
        const record = set?.get(id);
        if (record && behaviour.view?.seeds[0]) return this.json(status, this.viewed(record, behaviour.view.seeds[0]), operation);
        if (record) return this.json(status, set!.itemText(record), operation);
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
        const id = canonicalId(parsed.pathValues[behaviour.param]!);
        return this.json(status, set.listText(set.all().filter((r) => r[behaviour.param] !== undefined && String(r[behaviour.param]) === id)), operation);
      }
      case 'create': {
        const record = state.stateful ? state.create(behaviour.kind, parsed.body) : undefined;
        return record ? this.json(status, String(record.id), operation) : undefined;
      }
      case 'update': {
        if (!state.stateful) return undefined;
        const id = canonicalId(parsed.pathValues[behaviour.kind.idParam!]!);
        state.update(behaviour.kind, id, parsed.body);
        return this.idOrDocumented(status, id, content, mediaType, operation);
      }
      case 'set': {
        if (!state.stateful) return undefined;
        const id = canonicalId(parsed.pathValues[behaviour.kind.idParam!]!);
        state.setProperty(behaviour.kind, id, behaviour.property, parsed.body);
        return this.idOrDocumented(status, id, content, mediaType, operation);
      }
      case 'delete':
        if (state.stateful) state.remove(behaviour.kind, canonicalId(parsed.pathValues[behaviour.kind.idParam!]!));
        return undefined;
      case 'singleton-read': {
        const stored = state.stateful ? state.singleton(parsed.path) : undefined;
        if (!stored) return undefined;
        if (stored.value === null) {
          const none = operation.responses.find((r) => r.code === '204');
          if (none) return withDeprecation(operation, { status: 204, headers: {} });
        }
        return this.json(status, prettyJson(withoutRoot(stored.value, behaviour.omits)), operation);
      }
      case 'singleton-write':
        if (state.stateful) state.writeSingleton(parsed.path, parsed.body ?? null);
        return undefined;
    }
  }

  private readonly views = new WeakMap<Rec, SizedText>();

  /** A listed record as a read shows it: the read's example with the record's values over it. */
  private viewed(record: Rec, template: Rec): SizedText {
    let view = this.views.get(record);
    if (!view) {
      view = sized(prettyJson({ ...template, ...record }));
      this.views.set(record, view);
    }
    return view;
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
    const set = this.state.setOf(behaviour.kind);
    if (behaviour.language && behaviour.queryParam) {
      // The release's own query language: parsed, checked, then filtering and ordering the records.
      const records = set?.all() ?? [];
      const queryText = firstValue(query[behaviour.queryParam]);
      // No query: every record, in the set's order (what the language's default order gives).
      const outcome = queryText === undefined ? { records } : this.queryOutcome(behaviour.language, queryText, records, this.queryWorldOf(parsed, behaviour.kind));
      if ('refusal' in outcome) return text(outcome.refusal.status, outcome.refusal.text);
      if (!set) return undefined;
      const listed = this.filtered(outcome.records, behaviour, query);
      // Kept: the set's own order, or an outcome the mock keeps (without --stateful).
      const kept = listed === records || (!this.state.stateful && listed === outcome.records);
      return this.json(200, set.pageText(listed, offset, count, kept), operation);
    }
    const filter = behaviour.queryParam ? parseQuery(firstValue(query[behaviour.queryParam])) : { all: true as const };
    if ('error' in filter) return text(this.queryRefusalStatus, filter.error);
    if (!set) return undefined;
    let records: readonly Rec[] = set.all();
    if ('number' in filter) {
      if (behaviour.kind.properties.get('number')?.type !== 'integer') {
        return text(this.queryRefusalStatus, `Error parsing query: ${behaviour.kind.name} records have no number`);
      }
      records = records.filter((r) => r.number === filter.number);
    }
    const listed = this.filtered(records, behaviour, query);
    return this.json(200, set.pageText(listed, offset, count, listed === set.all()), operation);
  }

  /** The records whose properties match the page's name-like filter parameters. */
  private filtered(records: readonly Rec[], behaviour: Extract<Behaviour, { type: 'page' }>, query: QueryValues): readonly Rec[] {
    for (const [param, property] of behaviour.filters) {
      const pattern = firstValue(query[param]);
      if (pattern === undefined) continue;
      const matches = nameMatcher(pattern);
      records = records.filter((r) => matches(r[property]));
    }
    return records;
  }

  private queryWorldOf(parsed: Parsed, kind: RecordKind): QueryWorld {
    const caller = callerOf(header(parsed.headers.authorization));
    if (this.state.stateful) return queryWorld(this.state, kind.peers, caller?.name);
    // Without --stateful the records never change: what a query may name is worked out once.
    let world = this.worlds.get(kind.peers);
    if (!world) {
      world = queryWorld(this.state, kind.peers, undefined);
      this.worlds.set(kind.peers, world);
    }
    return caller === undefined ? world : new CallerWorld(world, caller);
  }

  /**
   * Operations that take a query but page through nothing (a repository's commits, Delete Packs):
   * a query the release refuses is refused; Delete Packs with `--stateful` deletes the matches;
   * the commit reads answer from the project's generated history (commits/answer.ts).
   */
  private queryOnly(parsed: Parsed): Answer | undefined {
    const { operation } = parsed;
    const target = operation.queryOnly!;
    if (target.language.syntax === 'commit') {
      const world = this.queryWorldOf(parsed, { peers: this.peers } as RecordKind);
      return commitAnswer({ language: target.language, read: target.read, query: firstValue(parsed.query.query), pathValues: parsed.pathValues, params: parsed.params, world, stateful: this.state.stateful });
    }
    const set = target.kind ? this.state.setOf(target.kind) : undefined;
    const outcome = this.queryOutcome(target.language, firstValue(parsed.query.query), set?.all() ?? [], this.queryWorldOf(parsed, target.kind ?? ({ peers: this.peers } as RecordKind)));
    if ('refusal' in outcome) return text(outcome.refusal.status, outcome.refusal.text);
    if (parsed.method === 'DELETE' && set && this.state.stateful) for (const record of outcome.records) set.remove(String(record.id));
    return undefined;
  }

  /** A query's outcome: run now when records can change (--stateful), else kept from a run before. */
  private queryOutcome(language: QueryLanguageSpec, queryText: string | undefined, records: readonly Rec[], world: QueryWorld): ReturnType<typeof runQuery> {
    return this.state.stateful ? runQuery(language, queryText, records, world) : this.outcomes.run(language, queryText, records, world);
  }

  private isAdministrator(parsed: Parsed): boolean {
    const caller = callerOf(header(parsed.headers.authorization));
    return caller !== undefined && this.administrators.has(caller.name);
  }

  /**
   * Prism's schema-generated answers: from the server's Prism worker (loaded ahead there), or, for
   * an engine on its own, from Prism loaded here on first use.
   */
  private generated(operation: OperationPlan, parsed: Parsed): Promise<Answer> {
    const prism = this.offload?.prism;
    if (prism) {
      const { method, path, query, preferences, body, headers, request } = parsed;
      return prism.answer(`${operation.method} ${operation.path}`, { method, path, query, preferences, body, headers, bodyLength: request.body.length });
    }
    this.dynamic ??= import('./dynamic.js').then(({ prismAnswerer }) => prismAnswerer(this.doc));
    return this.dynamic.then((answerWith) => answerWith(operation, parsed));
  }
}


/**
 * A kept world as one caller's request sees it. The caller's name is read from the credentials
 * only when a query asks for it (`... me`): most never do, and decoding a Basic name costs more
 * than the rest of a kept query's answer.
 */
class CallerWorld implements QueryWorld {
  constructor(
    private readonly base: QueryWorld,
    private readonly who: Caller,
  ) {}

  get caller(): string {
    return this.who.name;
  }

  get users(): QueryWorld['users'] {
    return this.base.users;
  }

  get projects(): QueryWorld['projects'] {
    return this.base.projects;
  }

  get labels(): QueryWorld['labels'] {
    return this.base.labels;
  }

  get states(): QueryWorld['states'] {
    return this.base.states;
  }

  get now(): QueryWorld['now'] {
    return this.base.now;
  }

  get builds(): QueryWorld['builds'] {
    return this.base.builds;
  }
}

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(', ') : value;
}

function firstValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** A request's preferences when it states none (read only). */
const NO_PREFERENCES: Preferences = Object.freeze({});

/** Methods as Node's parser gives them, upper case already. */
const UPPER_CASE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'TRACE', 'CONNECT']);

function queryValues(params: URLSearchParams): QueryValues {
  const out: QueryValues = {};
  for (const [name, value] of params) {
    const known = out[name];
    out[name] = known === undefined ? value : Array.isArray(known) ? [...known, value] : [known, value];
  }
  return out;
}

/**
 * Every property an operation may have, in one order (a new one must be listed here: the compiler
 * says so). Operations made from it all have one shape, which keeps the property reads of the
 * request path monomorphic; the operations differ in which parts they have.
 */
const OPERATION_SHAPE: Record<keyof Operation, undefined> = {
  method: undefined,
  path: undefined,
  operationId: undefined,
  rawText: undefined,
  queryNames: undefined,
  openQuery: undefined,
  integers: undefined,
  pattern: undefined,
  literals: undefined,
  pathNames: undefined,
  deprecated: undefined,
  security: undefined,
  pathParams: undefined,
  queryParams: undefined,
  body: undefined,
  responses: undefined,
  success: undefined,
  countParameter: undefined,
  behaviour: undefined,
  target: undefined,
  exampleForId: undefined,
  queryOnly: undefined,
  pathChecked: undefined,
  securityPlan: undefined,
  bodyTypes: undefined,
  successOffer: undefined,
  label: undefined,
  missingId: undefined,
};

function uniform(op: Operation): Operation {
  return { ...OPERATION_SHAPE, ...op } as Operation;
}

/** Refusal lines with the schema's "must have required property" lines for the query made one, in OneDev's words. */
function missingQueryText(text: string): string {
  const missing: string[] = [];
  const lines = text.split('\n').filter((line) => {
    const name = /^Request query must have required property '([^']+)'$/.exec(line)?.[1];
    if (name !== undefined) missing.push(name);
    return name === undefined;
  });
  return missing.length === 0 ? text : [`Missing query params: [${missing.join(', ')}]`, ...lines].join('\n');
}

/** The OneDev release a document describes (EXT.version on `info`), if it says. */
function releaseOf(doc: OpenAPIObject): string | undefined {
  return readExtension(doc.info, EXT.version);
}

/**
 * The status this release answers a broken validation rule with (bean validation: a required text
 * left empty): the `validation` kind of the document's EXT.refusals, found by kind, never by its
 * words; 400 when it does not say.
 */
export function validationStatusOf(doc: OpenAPIObject): number {
  const entry = readExtension(doc, EXT.refusals)?.find((r) => r.kind === 'validation');
  return entry?.status ?? 400;
}

/** The query language an operation's `query` parameter takes, if any. */
function languageOf(operation: Operation): QueryLanguageSpec | undefined {
  const behaviour = operation.behaviour;
  return (behaviour?.type === 'page' ? behaviour.language : undefined) ?? operation.queryOnly?.language;
}

/** The kind whose record a write operation makes or changes (its new state is checked against the kind's schema). */
function writtenKind(behaviour: Behaviour | undefined): RecordKind | undefined {
  if (!behaviour) return undefined;
  return behaviour.type === 'create' || behaviour.type === 'update' || behaviour.type === 'set' ? behaviour.kind : undefined;
}

/**
 * The values the schemas check: query parameters found case-insensitively (Prism's way), path
 * values as they are (simple style), an empty path value counting as absent; arrays split as
 * those styles do (a query array repeats its name, as the description says to send it); an object
 * exploded in form style gathers the query names it declares as properties. Empty query values
 * are values: `serverQuery` has turned them into what the server reads already.
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
    if (value === undefined || (where === 'path' && value === '' && !spec.multiSegment)) continue;
    const isArray = spec.schema.type === 'array';
    if (where === 'path') out[spec.name] = isArray ? (value === '' ? [] : String(value).split(',')) : value;
    else out[spec.name] = isArray ? (Array.isArray(value) ? value : [value]) : value;
  }
  return out;
}

/** A response's contents in the order they are offered (JSON first), and the first as answered. */
interface Offer {
  contents: ContentPlan[];
  mediaTypes: string[];
  first: { content: ContentPlan; mediaType: string };
}

/** What the checks and the answer need of a request before its body is read. */
interface Front {
  request: MockRequest;
  method: string;
  path: string;
  query: QueryValues;
  operation: Operation;
  pathValues: Record<string, string>;
  preferences: Preferences;
  /** OneDev's own checks (unknown query parameters, ids it would not convert). */
  extra: Violation[];
  security: Violation[];
  /** Required query values sent empty: bean validation refuses them, after everything else. */
  empty: Violation[];
}

/**
 * A body as read: its value (undefined: none), or why it cannot be read; `checked` when a worker
 * has checked it against its schema already.
 */
type BodyRead = { value: unknown; checked?: CheckResult } | { refusal: Refusal; value?: undefined; checked?: undefined };

/** Above this, a JSON body is parsed and checked by a worker thread (when the server has one). */
export const LARGE_BODY = 512 * 1024;

const NO_QUERY: QueryValues = Object.freeze({}) as QueryValues;
const NO_EMPTY: { query: QueryValues; empty: Violation[] } = Object.freeze({ query: NO_QUERY, empty: Object.freeze([]) as unknown as Violation[] });
const NO_BODY: BodyRead = Object.freeze({ value: undefined });
const NO_VIOLATIONS = Object.freeze([]) as unknown as Violation[];
const NO_RULES: readonly RequiredWhenRule[] = Object.freeze([]);
const NO_PROBLEMS: CheckResult = Object.freeze({ violations: NO_VIOLATIONS, cut: false });

function concatenated(a: Violation[], b: Violation[]): Violation[] {
  return a.length === 0 ? (b.length === 0 ? NO_VIOLATIONS : b) : b.length === 0 ? a : [...a, ...b];
}

function decodable(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

function isJsonMedia(media: MediaType): boolean {
  return media.type === 'application' && (media.subtype === 'json' || media.subtype.endsWith('+json'));
}

/**
 * A parameter schema that says nothing the conversion checks (checks.ts) do not: an integer with
 * no bounds, or a text with no pattern, length, format or list of values.
 */
function isPlainScalar(schema: Record<string, unknown>): boolean {
  const keys = Object.keys(schema).filter((k) => !['type', 'format', 'description', 'example', 'examples', 'title', 'readOnly'].includes(k));
  if (keys.length > 0) return false;
  if (schema.type === 'string') return schema.format === undefined;
  return schema.type === 'integer' && (schema.format === undefined || schema.format === 'int64' || schema.format === 'int32');
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

/** A response's contents, JSON first. */
function offerOf(response: ResponsePlan): Offer {
  const contents = [...response.contents].sort((a, b) => Number(/json/i.test(b.mediaType)) - Number(/json/i.test(a.mediaType)));
  return { contents, mediaTypes: contents.map((c) => c.mediaType), first: { content: contents[0]!, mediaType: answerType(contents[0]!.mediaType) } };
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
    a.body === undefined ? a : { ...a, headers: { ...a.headers, 'content-length': a.headers['content-length'] ?? String(Buffer.byteLength(a.body)) }, body: undefined };
  return answer instanceof Promise ? answer.then(strip) : strip(answer);
}

/** A stored value as a read answers it: without the property at its root (`omits`), as the server writes it. */
function withoutRoot(value: unknown, omits: string | undefined): unknown {
  if (omits === undefined || !value || typeof value !== 'object' || Array.isArray(value) || !(omits in value)) return value;
  const { [omits]: _dropped, ...rest } = value as Record<string, unknown>;
  return rest;
}
