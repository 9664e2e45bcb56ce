/**
 * The engine's second stage: the request checked in OneDev's order once its front is read. The
 * body's Content-Type against what the resource consumes, the body decoded (JSON parsed here, or
 * by a worker when it is large), then credentials, OneDev's own parameter checks, the body's
 * media type and schema, the query and path schemas, and last bean validation (required values
 * sent empty, `@DependsOn` rules). A request that fails is refused with Prism's words and
 * violations (refusal.ts); one that passes becomes a `Parsed`, handed to `AfterChecks.passed`.
 * (../conversions.ts holds OneDev's own conversion checks, which the front runs.)
 */
import { refused, type Answer } from '../answer.js';
import { labelRefusal } from '../consumes.js';
import { parseJsonBody } from '../json-body.js';
import { bodyTypeAccepted, parseMediaType, type MediaType } from '../media-types.js';
import type { OperationPlan } from '../operations.js';
import { refusalFor } from '../refusal.js';
import { requiredWhenViolations, type RequiredWhenRule } from '../required-when.js';
import type { CheckResult, SchemaChecker } from '../schemas.js';
import { nextTurn } from '../turns.js';
import type { Violation } from '../violation.js';
import type { BodyRead, Front, Operation, Parsed, Workers } from '../request-types.js';
import { header, NO_VIOLATIONS } from './values.js';

/** Above this, a JSON body is parsed and checked by a worker thread (when the server has one). */
export const LARGE_BODY = 512 * 1024;

/** How the release refuses what the checks find. */
export interface CheckSettings {
  /** Bad query parameters (`x-onedev-query-refusal-status`; 400 when absent). */
  queryRefusalStatus: number;
  /** A broken validation rule (`x-onedev-refusals`; 400 when the document does not say). */
  validationStatus: number;
  /** Whether writes change the records (a large body's value is then kept by the worker's read). */
  stateful: boolean;
}

/** What takes a request that passed the checks (made once per engine: no closure per request). */
export interface AfterChecks {
  passed(parsed: Parsed): Answer | Promise<Answer>;
}

const NO_BODY: BodyRead = Object.freeze({ value: undefined });
const NO_RULES: readonly RequiredWhenRule[] = Object.freeze([]);
const NO_PROBLEMS: CheckResult = Object.freeze({ violations: NO_VIOLATIONS, cut: false });

export class RequestChecks {
  constructor(
    private readonly checker: SchemaChecker,
    private readonly workers: Workers,
    private readonly settings: CheckSettings,
    private readonly next: AfterChecks,
  ) {}

  /**
   * The body as the resource reads it. Nothing, when the method takes none: the server never
   * reads it (for a JSON body, or one without a media type; other types are refused with 415 by
   * the checks). Raw text as the characters sent. JSON parsed here, or, when it is large and a
   * worker thread is there, parsed and checked against its schema by the worker.
   */
  decodeBody(front: Front): BodyRead | Promise<BodyRead> {
    const { operation, preferences } = front;
    const body = front.request.body;
    const contentType = header(front.request.headers['content-type']);
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
    const bodies = this.workers.offload?.bodies;
    if (body.length > LARGE_BODY && bodies && schema !== undefined && mediaTypeProblem(operation, body.length, contentType) === undefined) {
      const keep = this.settings.stateful || preferences.dynamic === true;
      return bodies.read(body, schema, keep).then(
        (read): BodyRead => ('refusal' in read ? read : { value: read.value, checked: { violations: read.violations, cut: read.cut } }),
        // Without the worker, the body is read here after all.
        () => parseJsonBody(body.toString('utf8')),
      );
    }
    return parseJsonBody(body.toString('utf8'));
  }

  /** The request's checks once its body is read (on this thread, or for a large body by a worker). */
  checked(front: Front, decoded: BodyRead): Answer | Promise<Answer> {
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

  /** The refusal the checks' findings make, in the server's order; else the request, passed on. */
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
        refusal.status = this.settings.queryRefusalStatus;
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
    if (invalid.length > 0) return refused({ status: this.settings.validationStatus, text: invalid.map((v) => v.message).join('\n') }, invalid);

    const { request, method, path, query, operation, pathValues, preferences } = front;
    const parsed: Parsed = { method, path, query, operation, pathValues, params, preferences, body, headers: request.headers, request };
    return this.next.passed(parsed);
  }

  private checkBody(operation: Operation, value: unknown, size: number, contentType: string | undefined): CheckResult | Promise<CheckResult> {
    const body = operation.body;
    // A JSON `0`, `false` or `""` is a body; no body, or `null`, is none.
    if (body?.required && (value === undefined || value === null)) return { violations: [{ code: 'required', message: 'Body parameter is required', severity: 0 }], cut: false };
    const problem = mediaTypeProblem(operation, size, contentType);
    if (problem) return { violations: [problem], cut: false };
    if (value === undefined || value === null || !body) return NO_PROBLEMS;
    const schema = body.contents[0]?.schema;
    return schema === undefined ? NO_PROBLEMS : this.checker.bodyViolations(value, schema, size);
  }
}

/** A 415 problem when a body comes in a media type the operation does not take. */
function mediaTypeProblem(operation: Operation, size: number, contentType: string | undefined): Violation | undefined {
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

function isJsonMedia(media: MediaType): boolean {
  return media.type === 'application' && (media.subtype === 'json' || media.subtype.endsWith('+json'));
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
