/**
 * The mock's answer to one request, without HTTP: checks in OneDev's order (the path's encoding,
 * the route, credentials, the body's media type and JSON, parameter conversions, then schemas and
 * the resource's own rules), then the answer: a page of records, a record, a change to the
 * records (stateful), or the documented example. Request checks give Prism's violations, word for
 * word, so refusals read as they did when Prism checked them; Prism itself is loaded only for
 * generated answers (`Prefer: dynamic=true`) and answers without an example.
 *
 * This class puts the stages together (stages/): the front (target, `Prefer`, route, query
 * values), the checks (body, parameters, schemas: a refusal or a `Parsed` request), then the
 * negotiation (status, content, example or records: stages/behaviours.ts). It also holds what the
 * stages share with worker threads: the validators being compiled and the query parsers loaded.
 * A request is answered synchronously unless something it needs is still on its way.
 */
import type { ValidateFunction } from 'ajv';
import type { OpenAPIObject } from 'openapi3-ts/oas31';
import type { QueryLanguageSpec } from '../../../spec/model.js';
import type { Answer } from './answer.js';
import { releaseAtLeast, TRIMS_QUERY_TEXT_SINCE } from './conversions.js';
import type { EngineOffload } from './offload.js';
import { operationPlans, type OperationPlan } from './operations.js';
import { elementPropertiesOf, languageOf, prepareOperations, queryRefusalStatusOf, releaseOf, startFresh, validationStatusOf } from './prepare.js';
import { grammarOf, hasParser, loadParser } from './query/grammar.js';
import { recordModel, type RecordKind } from './records.js';
import type { MockRequest, Operation, Parsed, Workers } from './request-types.js';
import { Router } from './routes.js';
import { SchemaChecker } from './schemas.js';
import { withoutBody } from './stages/answers.js';
import { RequestChecks } from './stages/checks.js';
import { readFront } from './stages/front.js';
import { GeneratedAnswers } from './stages/generated.js';
import { Negotiation } from './stages/negotiation.js';
import { RecordReads } from './stages/reads.js';
import { MockState } from './state.js';
import { nextTurn } from './turns.js';

export type { MockRequest } from './request-types.js';
export { LARGE_BODY } from './stages/checks.js';
export { validationStatusOf } from './prepare.js';

export interface EngineOptions {
  /** Creates, updates and deletes change what later requests read. Default false. */
  stateful?: boolean;
  /** With `stateful`: start with only what a fresh server's setup makes, no generated records. */
  fresh?: boolean;
  /** Carry out what an unlicensed server refuses for want of a subscription. Default false. */
  subscription?: boolean;
  /** Records in the population of each paged collection. Default 250. */
  records?: number;
  /**
   * Callers treated as administrators (no page-size limit): Basic user names, or Bearer tokens.
   * Default `['admin']`.
   */
  administrators?: readonly string[];
}

export class MockEngine {
  private readonly router: Router<Operation>;
  private readonly checker: SchemaChecker;
  readonly state: MockState;
  /** Whether the release trims text query values (and reads blank ones as absent). */
  private readonly trimsQueryText: boolean;
  private readonly kindValidators = new Map<RecordKind, ValidateFunction>();
  private readonly kindSchemas = new Map<RecordKind, object>();
  private readonly operations: readonly Operation[];
  /** Parsers asked of a worker and not loaded yet, by grammar text. */
  private readonly parserWaits = new Map<string, { promise: Promise<void>; urgent: boolean }>();
  /** Work handed to worker threads, once a server has started them (see offload.ts). */
  private readonly workers: Workers = { offload: undefined };
  private readonly checks: RequestChecks;
  private readonly negotiation: Negotiation;

  constructor(doc: OpenAPIObject, options: EngineOptions = {}) {
    const plans = operationPlans(doc);
    const model = recordModel(doc, plans);
    this.router = new Router(prepareOperations(doc, plans, model));
    this.operations = this.router.routes();
    this.checker = new SchemaChecker(doc);
    const release = releaseOf(doc);
    this.trimsQueryText = releaseAtLeast(release, TRIMS_QUERY_TEXT_SINCE);
    this.state = new MockState(
      model,
      { stateful: options.stateful === true, fresh: options.stateful === true && options.fresh === true, records: options.records ?? 250, ...(release ? { release } : {}), elementProperties: elementPropertiesOf(doc) },
      (kind) => this.kindValidator(kind),
    );
    const queryRefusalStatus = queryRefusalStatusOf(doc);
    const settings = { queryRefusalStatus, validationStatus: validationStatusOf(doc), stateful: this.state.stateful };
    // Made once: the checks hand a request that passed them to the rest of the answer.
    this.checks = new RequestChecks(this.checker, this.workers, settings, { passed: (parsed) => this.passed(parsed) });
    const administrators = new Set(options.administrators ?? ['admin']);
    const kinds = new Map(model.kinds.map((kind) => [kind.name, kind]));
    const reads = new RecordReads(this.state, { administrators, queryRefusalStatus, peers: model.kinds[0]?.peers, kinds, subscribed: options.subscription === true });
    this.negotiation = new Negotiation(reads, new GeneratedAnswers(doc, this.workers));
    if (this.state.stateful) startFresh(doc, this.operations, this.state);
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
    this.workers.offload = offload;
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
    const offload = this.workers.offload;
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
    this.workers.offload = undefined;
    this.checker.attach(undefined);
  }

  handle(request: MockRequest): Answer | Promise<Answer> {
    const front = readFront(request, this.router, this.trimsQueryText);
    if ('status' in front) return front;
    const decoded = this.checks.decodeBody(front);
    return decoded instanceof Promise ? decoded.then((d) => this.checks.checked(front, d)) : this.checks.checked(front, decoded);
  }

  /**
   * A request that passed the checks, answered: at once, unless what it needs is still coming
   * from a worker (its record's validator, its query language's parser).
   */
  private passed(parsed: Parsed): Answer | Promise<Answer> {
    const { operation, method } = parsed;
    // A stateful write checks the record it makes: wait for its validator rather than compile it here.
    const kind = this.workers.offload && this.state.stateful ? operation.written : undefined;
    const ready = kind ? this.checker.outputReady(this.kindSchema(kind)) : true;
    // A query waits for its language's parser from the worker rather than have it generated here.
    const language = parsed.query.query === undefined ? undefined : languageOf(operation);
    const parser = language ? this.parserReady(language, true) : true;
    const answer = ready === true && parser === true ? this.negotiation.answer(parsed) : Promise.all([ready, parser]).then(nextTurn).then(() => this.negotiation.answer(parsed));
    return method === 'HEAD' ? withoutBody(answer) : answer;
  }
}
