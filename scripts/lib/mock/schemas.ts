/**
 * Request validation with ajv, compiled once per schema and configured as Prism configures it, so
 * that the mock refuses exactly what Prism would and says so in Prism's words: bodies with JSON
 * Schema 2020-12 and no type coercion, parameters with draft-07 and coercion, all errors listed,
 * readOnly properties left out of request schemas.
 */
import { Ajv as AjvDraft7, type ErrorObject, type ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { OpenAPIObject, SchemaObject } from 'openapi3-ts/oas31';
import type { Violation } from './violation.js';

/** Bodies larger than this are checked up to their first problem only: the work stays bounded. */
export const FULL_CHECK_LIMIT = 64 * 1024;
/** At most this many problems are reported for one request. */
export const MAX_VIOLATIONS = 200;

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

function configure<A extends AnyAjv>(ajv: A): A {
  (addFormats as unknown as (a: AnyAjv) => void)(ajv);
  // ajv-formats also checks int32 and int64 (as Prism does); exact int64 ranges for ids in paths
  // and queries are checked where OneDev converts them (checks.ts).
  ajv.addFormat('date-time', { type: 'string', validate: isDateTime });
  return ajv;
}

// validateSchema off: checking the document against the meta-schema costs start-up time, and the
// build has validated the document already.
const BASE = { allowUnionTypes: true, allowMatchingProperties: true, strict: false, discriminator: false, validateSchema: false } as const;

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
  private static readonly INPUT = 'mock-input:document';
  private static readonly OUTPUT = 'mock-output:document';
  // Each ajv instance is made on first use: most runs never need some of them.
  private bodyAjv?: Ajv2020;
  private quickBodyAjv?: Ajv2020;
  private paramAjv?: AjvDraft7;
  private outputAjv?: Ajv2020;
  private inputComponents?: unknown;

  constructor(private readonly doc: OpenAPIObject) {}

  /** The components with readOnly properties left out, as request bodies see them. */
  private input(): unknown {
    if (!this.inputComponents) {
      const resolve = (ref: string): unknown =>
        ref.replace(/^#\//, '').split('/').reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], this.doc);
      const components = this.doc.components ?? {};
      this.inputComponents = { ...components, schemas: withoutReadOnly(components.schemas ?? {}, resolve) };
    }
    return this.inputComponents;
  }

  private body(quick: boolean): Ajv2020 {
    const make = (): Ajv2020 => {
      const ajv = configure(new Ajv2020({ ...BASE, allErrors: !quick, coerceTypes: false }));
      ajv.addSchema({ $id: SchemaChecker.INPUT, components: this.input() });
      return ajv;
    };
    return quick ? (this.quickBodyAjv ??= make()) : (this.bodyAjv ??= make());
  }

  private paramComponents = false;

  /** Parameter schemas are small; the components are added only for one that refers to them. */
  private param(needsComponents: boolean): AjvDraft7 {
    this.paramAjv ??= configure(new AjvDraft7({ ...BASE, allErrors: true, coerceTypes: true }));
    if (needsComponents && !this.paramComponents) {
      this.paramAjv.addSchema({ $id: SchemaChecker.OUTPUT, components: this.doc.components ?? {} });
      this.paramComponents = true;
    }
    return this.paramAjv;
  }

  private output(): Ajv2020 {
    if (!this.outputAjv) {
      this.outputAjv = configure(new Ajv2020({ ...BASE, allErrors: true, coerceTypes: false }));
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
    }
    return validate;
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
    let validate = this.params.get(specs);
    if (!validate) {
      const schema = {
        type: 'object',
        properties: Object.fromEntries(specs.map((p) => [p.name, rebased(p.schema, SchemaChecker.OUTPUT)])),
        required: specs.filter((p) => p.required).map((p) => p.name),
      };
      validate = this.param(JSON.stringify(schema).includes('"$ref"')).compile(schema);
      this.params.set(specs, validate);
    }
    if (validate(values)) return { violations: [], cut: false };
    return capped(toViolations(validate.errors ?? [], prefix));
  }

  /** A validator for answers (records the mock keeps must match their response schema). */
  responseValidator(schema: unknown): ValidateFunction {
    return this.compiled(this.outputs, this.output(), SchemaChecker.OUTPUT, schema);
  }
}

/** An inline request schema loses its own readOnly properties too (its refs are handled by the copy). */
function withoutReadOnlyTop(schema: unknown, input: boolean): unknown {
  return input ? withoutReadOnly(schema, () => undefined) : schema;
}

const NOTHING: CheckResult = Object.freeze({ violations: [], cut: false }) as CheckResult;

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
