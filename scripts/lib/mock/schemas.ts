/**
 * Request validation with ajv, compiled once per schema and configured as Prism configures it, so
 * that the mock refuses exactly what Prism would and says so in Prism's words: bodies with JSON
 * Schema 2020-12 and no type coercion, parameters with draft-07 and coercion, all errors listed,
 * readOnly properties left out of request schemas.
 *
 * Compiling is the costly part (one settings body takes the better part of a second), so a server
 * has it done off its event loop: a worker thread compiles with the same configuration and sends
 * back each validator as ajv's standalone code, which this thread only has to evaluate
 * (`attach`). Without a worker (an engine used on its own, as tests do) validators compile here,
 * on first use.
 */
import type { TermMatch } from '../../../spec/model.js';
import { createRequire } from 'node:module';
import { _, Ajv as AjvDraft7, type ErrorObject, type ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import standaloneModule from 'ajv/dist/standalone/index.js';
import addFormats from 'ajv-formats';
import { fullFormats } from 'ajv-formats/dist/formats.js';
import type { OpenAPIObject, SchemaObject } from 'openapi3-ts/oas31';
import type { Violation } from './violation.js';

/** Bodies larger than this are checked up to their first problem only: the work stays bounded. */
export const FULL_CHECK_LIMIT = 64 * 1024;
/** At most this many problems are reported for one request. */
export const MAX_VIOLATIONS = 200;
/** Validators asked of the remote compiler per turn of the event loop when preparing. */
const PREPARE_SLICE = 16;

const DATE = /^(\d\d\d\d)-(\d\d)-(\d\d)$/;
const TIME = /^(\d\d):(\d\d):(\d\d)(\.\d+)?(z|[+-]\d\d(?::?\d\d)?)?$/i;
const DAYS = [0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function validDate(text: string): boolean {
  const m = DATE.exec(text);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return month >= 1 && month <= 12 && day >= 1 && day <= (month === 2 && leap ? 29 : DAYS[month]!);
}

function validTime(text: string, zoneRequired: boolean): boolean {
  const m = TIME.exec(text);
  if (!m) return false;
  const [hour, minute, second, zone] = [Number(m[1]), Number(m[2]), Number(m[3]), m[5]];
  const inRange = (hour <= 23 && minute <= 59 && second <= 59) || (hour === 23 && minute === 59 && second === 60);
  if (!inRange) return false;
  if (!zoneRequired) return true;
  if (zone === undefined) return false;
  return /^z$/i.test(zone) || /^[+-](?:[01]\d|2[0-4])(?::?[0-5]\d)?$/.test(zone);
}

/** RFC 3339 date-time as Prism checks it: `T`, `t` or a space between date and time, zone required. */
export function isDateTime(text: string): boolean {
  const parts = text.split(/t|\s/i);
  return parts.length === 2 && validDate(parts[0]!) && validTime(parts[1]!, true);
}

type AnyAjv = AjvDraft7 | Ajv2020;

/** The formats validators use: ajv-formats' (as Prism), with RFC 3339 date-times as Prism checks them. */
const FORMATS: Record<string, unknown> = { ...fullFormats, 'date-time': { type: 'string', validate: isDateTime } };
/** What standalone validator code calls the formats module (see loadStandalone). */
const FORMATS_MODULE = 'onedev-mock:formats';

function configure<A extends AnyAjv>(ajv: A): A {
  // ajv-formats also checks int32 and int64 (as Prism does); exact int64 ranges for ids in paths
  // and queries are checked where OneDev converts them (conversions.ts).
  (addFormats as unknown as (a: AnyAjv) => void)(ajv);
  ajv.addFormat('date-time', FORMATS['date-time'] as { type: 'string'; validate: (text: string) => boolean });
  return ajv;
}

// validateSchema off: checking the document against the meta-schema costs start-up time, and the
// build has validated the document already.
const BASE = { allowUnionTypes: true, allowMatchingProperties: true, strict: false, discriminator: false, validateSchema: false } as const;
/** For a compiler whose validators are sent elsewhere: keep their source, formats by module name. */
const STANDALONE = { code: { source: true, formats: _`require(${FORMATS_MODULE})` } } as const;

const requireHere = createRequire(import.meta.url);
// A CommonJS module: its function is the default export's `default` under Node's ESM interop.
const standaloneCode = ((standaloneModule as unknown as { default?: unknown }).default ?? standaloneModule) as (ajv: AnyAjv, validate: ValidateFunction) => string;

/**
 * A validator from ajv's standalone code (CommonJS text). Its `require`s are ajv's runtime helpers,
 * resolved from here, and the formats module, which is FORMATS.
 */
export function loadStandalone(code: string): ValidateFunction {
  const module = { exports: {} as unknown };
  const load = new Function('require', 'module', 'exports', code) as (r: (id: string) => unknown, m: typeof module, e: unknown) => void;
  load((id) => (id === FORMATS_MODULE ? FORMATS : requireHere(id)), module, module.exports);
  const exported = module.exports as ValidateFunction | { default: ValidateFunction };
  return typeof exported === 'function' ? exported : exported.default;
}

/** Which validator of a schema: a body's (quick: up to its first problem; full: every problem), parameters', an answer's. */
export type ValidatorKind = 'body-quick' | 'body-full' | 'params' | 'output';

/** A validator to compile: its kind and its schema, as this module prepares it (see `prepared`). */
export interface CompileJob {
  kind: ValidatorKind;
  schema: unknown;
}

/** Compiles validators elsewhere (a worker thread) and answers with their standalone code. */
export interface RemoteCompiler {
  compile(job: CompileJob, urgent: boolean): Promise<string>;
}

/** `{...schema}` without its readOnly properties, at every level reached through properties or items. */
function withoutReadOnly(node: unknown, resolve: (ref: string) => unknown): unknown {
  if (Array.isArray(node)) return node.map((n) => withoutReadOnly(n, resolve));
  if (!node || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) out[key] = withoutReadOnly(value, resolve);
  const properties = out.properties as Record<string, unknown> | undefined;
  if (properties && typeof properties === 'object') {
    const dropped = Object.keys(properties).filter((name) => {
      const p = properties[name] as { readOnly?: unknown; $ref?: unknown } | undefined;
      const target = typeof p?.$ref === 'string' ? (resolve(p.$ref) as { readOnly?: unknown } | undefined) : p;
      return target?.readOnly === true;
    });
    if (dropped.length > 0) {
      out.properties = Object.fromEntries(Object.entries(properties).filter(([name]) => !dropped.includes(name)));
      if (Array.isArray(out.required)) out.required = (out.required as string[]).filter((name) => !dropped.includes(name));
    }
  }
  return out;
}

/** Local refs of an inline schema pointed at a registered copy of the document. */
function rebased(schema: unknown, base: string): unknown {
  if (Array.isArray(schema)) return schema.map((s) => rebased(s, base));
  if (!schema || typeof schema !== 'object') return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    out[key] = key === '$ref' && typeof value === 'string' && value.startsWith('#/') ? `${base}${value}` : rebased(value, base);
  }
  return out;
}

export interface ParameterSpec {
  name: string;
  schema: SchemaObject;
  required: boolean;
  example?: unknown;
  /** A path parameter that spans segments (`x-multi-segment`); it may be empty. */
  multiSegment?: boolean;
  /** A free-text filter: what it matches (`x-onedev-matches`). */
  matches?: TermMatch;
}

export interface CheckResult {
  violations: Violation[];
  /** True when the list was cut (too many problems, or only the first looked for). */
  cut: boolean;
}

/**
 * Validators for one document. Everything compiles on first use and is kept, so start-up costs
 * nothing and each schema is compiled once.
 */
export class SchemaChecker {
  private readonly bodies = new Map<unknown, ValidateFunction>();
  private readonly quickBodies = new Map<unknown, ValidateFunction>();
  private readonly params = new Map<readonly ParameterSpec[], ValidateFunction>();
  private readonly outputs = new Map<unknown, ValidateFunction>();
  /** Validators asked of the remote compiler and not here yet, by the key their cache uses. */
  private readonly waiting = new Map<unknown, { promise: Promise<ValidateFunction>; urgent: boolean }>();
  private remote?: RemoteCompiler;
  /** Validators this checker compiled itself (rather than got as code from elsewhere). */
  compiledHere = 0;
  private static readonly INPUT = 'mock-input:document';
  private static readonly OUTPUT = 'mock-output:document';
  // Each ajv instance is made on first use: most runs never need some of them.
  private bodyAjv?: Ajv2020;
  private quickBodyAjv?: Ajv2020;
  private paramAjv?: AjvDraft7;
  private outputAjv?: Ajv2020;
  private inputComponents?: unknown;

  /** `standalone`: this checker compiles for another thread (it keeps each validator's source). */
  constructor(
    private readonly doc: OpenAPIObject,
    private readonly standalone = false,
  ) {}

  /**
   * From now on validators not compiled yet come from `remote` (a worker thread); the ones this
   * thread compiled already stay. Undefined: compile here again (the worker is gone).
   */
  attach(remote: RemoteCompiler | undefined): void {
    this.remote = remote;
  }

  /** The components with readOnly properties left out, as request bodies see them. */
  private input(): unknown {
    if (!this.inputComponents) {
      const resolve = (ref: string): unknown =>
        ref.replace(/^#\//, '').split('/').reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], this.doc);
      const components = this.doc.components ?? {};
      this.inputComponents = { ...components, schemas: withoutMappings(withoutReadOnly(components.schemas ?? {}, resolve)) };
    }
    return this.inputComponents;
  }

  private options(): typeof STANDALONE | Record<string, never> {
    return this.standalone ? STANDALONE : {};
  }

  private body(quick: boolean): Ajv2020 {
    const make = (): Ajv2020 => {
      // The quick validator follows a family's discriminator to its one member instead of trying
      // every member (`oneOf`); the members' tags are constants, so it refuses exactly what the
      // full one refuses, many times faster on a settings body. The full one lists problems as
      // Prism does, and Prism tries every member.
      const ajv = configure(new Ajv2020({ ...BASE, ...this.options(), allErrors: !quick, coerceTypes: false, discriminator: quick }));
      ajv.addSchema({ $id: SchemaChecker.INPUT, components: this.input() });
      return ajv;
    };
    return quick ? (this.quickBodyAjv ??= make()) : (this.bodyAjv ??= make());
  }

  private paramComponents = false;

  /** Parameter schemas are small; the components are added only for one that refers to them. */
  private param(needsComponents: boolean): AjvDraft7 {
    this.paramAjv ??= configure(new AjvDraft7({ ...BASE, ...this.options(), allErrors: true, coerceTypes: true }));
    if (needsComponents && !this.paramComponents) {
      this.paramAjv.addSchema({ $id: SchemaChecker.OUTPUT, components: this.doc.components ?? {} });
      this.paramComponents = true;
    }
    return this.paramAjv;
  }

  private output(): Ajv2020 {
    if (!this.outputAjv) {
      this.outputAjv = configure(new Ajv2020({ ...BASE, ...this.options(), allErrors: true, coerceTypes: false }));
      this.outputAjv.addSchema({ $id: SchemaChecker.OUTPUT, components: this.doc.components ?? {} });
    }
    return this.outputAjv;
  }

  private compiled(cache: Map<unknown, ValidateFunction>, ajv: AnyAjv, base: string, schema: unknown): ValidateFunction {
    let validate = cache.get(schema);
    if (!validate) {
      const top = withoutReadOnlyTop(schema, base === SchemaChecker.INPUT);
      validate = ajv.compile(rebased(top, base) as object);
      cache.set(schema, validate);
      this.compiledHere += 1;
    }
    return validate;
  }

  /** The parameters' schema: one object whose properties are the parameters. */
  private paramSchema(specs: readonly ParameterSpec[]): object {
    return {
      type: 'object',
      properties: Object.fromEntries(specs.map((p) => [p.name, rebased(p.schema, SchemaChecker.OUTPUT)])),
      required: specs.filter((p) => p.required).map((p) => p.name),
    };
  }

  private paramValidator(specs: readonly ParameterSpec[]): ValidateFunction {
    let validate = this.params.get(specs);
    if (!validate) {
      const schema = this.paramSchema(specs);
      validate = this.param(JSON.stringify(schema).includes('"$ref"')).compile(schema);
      this.params.set(specs, validate);
      this.compiledHere += 1;
    }
    return validate;
  }

  /** A validator compiled here, for any kind: what a worker compiles for this thread's asks. */
  compileHere(job: CompileJob): ValidateFunction {
    switch (job.kind) {
      case 'body-quick':
        return this.compiled(new Map(), this.body(true), SchemaChecker.INPUT, job.schema);
      case 'body-full':
        return this.compiled(new Map(), this.body(false), SchemaChecker.INPUT, job.schema);
      case 'output':
        return this.compiled(new Map(), this.output(), SchemaChecker.OUTPUT, job.schema);
      case 'params': {
        const schema = job.schema as object;
        return this.param(JSON.stringify(schema).includes('"$ref"')).compile(schema);
      }
    }
  }

  /** A job's validator as standalone code (a checker made with `standalone`). */
  standaloneCode(job: CompileJob): string {
    const validate = this.compileHere(job);
    return standaloneCode(this.ajvOf(job.kind), validate);
  }

  private ajvOf(kind: ValidatorKind): AnyAjv {
    return kind === 'body-quick' ? this.body(true) : kind === 'body-full' ? this.body(false) : kind === 'params' ? this.param(false) : this.output();
  }

  /**
   * The validator for `key` in `cache`: compiled already, or asked of the remote compiler (a
   * promise), or, without one, compiled here.
   */
  private validator<K>(cache: Map<K, ValidateFunction>, key: K, job: () => CompileJob, urgent: boolean, here: () => ValidateFunction): ValidateFunction | Promise<ValidateFunction> {
    const known = cache.get(key);
    if (known) return known;
    const remote = this.remote;
    if (!remote) return here();
    const waiting = this.waiting.get(key);
    // Asked for ahead and needed now: ask again, urgently (the first answer to come is kept).
    if (waiting && (waiting.urgent || !urgent)) return waiting.promise;
    const promise = remote.compile(job(), urgent).then(
      (code) => {
        const validate = cache.get(key) ?? loadStandalone(code);
        cache.set(key, validate);
        if (this.waiting.get(key)?.promise === promise) this.waiting.delete(key);
        return validate;
      },
      (error: unknown) => {
        if (this.waiting.get(key)?.promise === promise) this.waiting.delete(key);
        // Needed now and the worker could not do it: compile here after all. (Work ahead is
        // never done here: that is what would hold the event loop up.)
        if (!urgent) throw error;
        return cache.get(key) ?? here();
      },
    );
    this.waiting.set(key, { promise, urgent });
    return promise;
  }

  private quickBody(schema: unknown, urgent: boolean): ValidateFunction | Promise<ValidateFunction> {
    return this.validator(this.quickBodies, schema, () => ({ kind: 'body-quick', schema }), urgent, () => this.compiled(this.quickBodies, this.body(true), SchemaChecker.INPUT, schema));
  }

  private fullBody(schema: unknown, urgent: boolean): ValidateFunction | Promise<ValidateFunction> {
    return this.validator(this.bodies, schema, () => ({ kind: 'body-full', schema }), urgent, () => this.compiled(this.bodies, this.body(false), SchemaChecker.INPUT, schema));
  }

  private paramsOf(specs: readonly ParameterSpec[], urgent: boolean): ValidateFunction | Promise<ValidateFunction> {
    return this.validator(this.params, specs, () => ({ kind: 'params', schema: this.paramSchema(specs) }), urgent, () => this.paramValidator(specs));
  }

  /**
   * Has every validator these need compiled ahead (by the remote compiler, in the background):
   * the bodies' (both kinds), the parameters', the answers'. Resolves when all are here.
   */
  async prepare(work: { bodies: unknown[]; params: Array<readonly ParameterSpec[]>; outputs: unknown[] }): Promise<void> {
    const asks: Array<() => ValidateFunction | Promise<ValidateFunction>> = [
      ...work.params.map((specs) => () => this.paramsOf(specs, false)),
      ...work.bodies.map((schema) => () => this.quickBody(schema, false)),
      ...work.outputs.map((schema) => () => this.outputValidator(schema, false)),
      ...work.bodies.map((schema) => () => this.fullBody(schema, false)),
    ];
    const all: Array<ValidateFunction | Promise<ValidateFunction>> = [];
    // A few asks per turn of the event loop: posting hundreds at once would hold it up.
    for (let i = 0; i < asks.length && this.remote; i += PREPARE_SLICE) {
      for (const ask of asks.slice(i, i + PREPARE_SLICE)) {
        const validator = ask();
        // Awaited together below; a close can reject one before then, which is not a lost error.
        if (validator instanceof Promise) validator.catch(() => undefined);
        all.push(validator);
      }
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
    await Promise.all(all);
  }

  private outputValidator(schema: unknown, urgent: boolean): ValidateFunction | Promise<ValidateFunction> {
    return this.validator(this.outputs, schema, () => ({ kind: 'output', schema }), urgent, () => this.compiled(this.outputs, this.output(), SchemaChecker.OUTPUT, schema));
  }

  /** Whether the answer validator of `schema` is here (or, with no remote compiler, can be made here). */
  outputReady(schema: unknown): true | Promise<unknown> {
    const validate = this.outputValidator(schema, true);
    return validate instanceof Promise ? validate : true;
  }

  /** checkBody, with validators that may still be on their way from the remote compiler. */
  bodyViolations(value: unknown, schema: unknown, size: number): CheckResult | Promise<CheckResult> {
    const quick = this.quickBody(schema, true);
    if (quick instanceof Promise) return quick.then(() => this.bodyViolations(value, schema, size));
    if (quick(value)) return NOTHING;
    if (size > FULL_CHECK_LIMIT) return { violations: toViolations(quick.errors ?? [], 'body'), cut: true };
    const full = this.fullBody(schema, true);
    return full instanceof Promise ? full.then((validate) => bodyReport(validate, value)) : bodyReport(full, value);
  }

  /** checkParams, with a validator that may still be on its way from the remote compiler. */
  paramViolations(values: Record<string, unknown>, specs: readonly ParameterSpec[], prefix: 'query' | 'path'): CheckResult | Promise<CheckResult> {
    if (specs.length === 0) return NOTHING;
    const validate = this.paramsOf(specs, true);
    return validate instanceof Promise ? validate.then((v) => paramReport(v, values, prefix)) : paramReport(validate, values, prefix);
  }

  /**
   * Problems with a request body, as Prism words them (`Request body property x must be string`).
   * A validator that stops at the first problem decides (for a body with a polymorphic part, much
   * faster than one that looks at every branch through); only a refused body is checked again
   * for its full list of problems, and only when it is small.
   */
  checkBody(value: unknown, schema: unknown, size: number): CheckResult {
    const quick = this.compiled(this.quickBodies, this.body(true), SchemaChecker.INPUT, schema);
    if (quick(value)) return { violations: [], cut: false };
    if (size > FULL_CHECK_LIMIT) return { violations: toViolations(quick.errors ?? [], 'body'), cut: true };
    const validate = this.compiled(this.bodies, this.body(false), SchemaChecker.INPUT, schema);
    validate(value);
    return capped(toViolations(validate.errors ?? [], 'body'));
  }

  /**
   * Problems with the path or query parameters. `values` maps each parameter's name to its raw
   * value(s); ajv coerces them in place (`'10'` becomes 10).
   */
  checkParams(values: Record<string, unknown>, specs: readonly ParameterSpec[], prefix: 'query' | 'path'): CheckResult {
    if (specs.length === 0) return NOTHING;
    const validate = this.paramValidator(specs);
    if (validate(values)) return { violations: [], cut: false };
    return capped(toViolations(validate.errors ?? [], prefix));
  }

  /**
   * A validator for answers (records the mock keeps must match their response schema). Compiled
   * here unless the remote compiler has sent it: ask `outputReady` first to wait for it instead.
   */
  responseValidator(schema: unknown): ValidateFunction {
    return this.outputs.get(schema) ?? this.compiled(this.outputs, this.output(), SchemaChecker.OUTPUT, schema);
  }
}

/** An inline request schema loses its own readOnly properties too (its refs are handled by the copy). */
function withoutReadOnlyTop(schema: unknown, input: boolean): unknown {
  return input ? withoutMappings(withoutReadOnly(schema, () => undefined)) : schema;
}

/**
 * Discriminators without their `mapping`, which ajv does not read (it maps each member's tag
 * constant itself); a validator that ignores discriminators is not affected.
 */
function withoutMappings(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutMappings);
  if (!node || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    out[key] = key === 'discriminator' && value && typeof value === 'object' ? { propertyName: (value as { propertyName?: unknown }).propertyName } : withoutMappings(value);
  }
  return out;
}

const NOTHING: CheckResult = Object.freeze({ violations: [], cut: false }) as CheckResult;

// Module functions rather than closures made per request (tsx gives each closure a name at a cost).
function bodyReport(validate: ValidateFunction, value: unknown): CheckResult {
  validate(value);
  return capped(toViolations(validate.errors ?? [], 'body'));
}

function paramReport(validate: ValidateFunction, values: Record<string, unknown>, prefix: 'query' | 'path'): CheckResult {
  return validate(values) ? NOTHING : capped(toViolations(validate.errors ?? [], prefix));
}

function capped(violations: Violation[]): CheckResult {
  return violations.length > MAX_VIOLATIONS
    ? { violations: violations.slice(0, MAX_VIOLATIONS), cut: true }
    : { violations, cut: false };
}

/** ajv errors in the words and shape Prism gives them. */
export function toViolations(errors: readonly ErrorObject[], prefix: 'body' | 'query' | 'path'): Violation[] {
  return errors.slice(0, MAX_VIOLATIONS + 1).map((error) => {
    const params = error.params as Record<string, unknown>;
    const allowed = Array.isArray(params.allowedValues) ? `: ${params.allowedValues.join(', ')}` : '';
    const additional = 'additionalProperty' in params ? `; found '${String(params.additionalProperty)}'` : '';
    const unevaluated = 'unevaluatedProperty' in params ? `: '${String(params.unevaluatedProperty)}'` : '';
    const segments = error.instancePath.split('/').filter((s) => s !== '');
    const kind = segments.length > 0 ? (prefix === 'body' ? 'property ' : 'parameter ') : '';
    const where = `Request ${prefix} ${kind}${segments.join('.').trim()}${segments.length > 0 ? ' ' : ''}`;
    return {
      path: [prefix, ...segments],
      code: error.keyword || '',
      message: `${where}${error.message ?? ''}${allowed}${additional}${unevaluated}`,
      severity: 0,
    };
  });
}
