/**
 * What OneDev refuses and Prism lets through: query parameters the operation does not declare,
 * and ids, offsets and counts that Java's Long/Integer.parseLong would not read (`1e3`, `0x10`,
 * ` 7`, or past the type's range; int64 ids are compared exactly, past 2^53 too).
 */
import type { Route } from './routes.js';
import type { Violation } from './violation.js';

export type QueryValues = Record<string, string | string[]>;

const NONE: Violation[] = Object.freeze([]) as unknown as Violation[];

export function unknownQuery(route: Route, query: QueryValues): Violation[] {
  if (route.openQuery) return NONE;
  const unknown = Object.keys(query).filter((name) => !route.queryNames.has(name));
  if (unknown.length === 0) return NONE;
  const accepted = [...route.queryNames];
  return unknown
    .map((name) => ({
      path: ['query', name],
      code: 'unknown',
      severity: 0,
      message:
        `Unknown query parameter '${name}'` +
        (accepted.length > 0 ? `; this operation accepts: ${accepted.join(', ')}` : '; this operation takes none'),
    }));
}

const RANGES: Record<string, readonly [bigint, bigint]> = {
  int32: [-(2n ** 31n), 2n ** 31n - 1n],
  int64: [-(2n ** 63n), 2n ** 63n - 1n],
};

export function badIntegers(route: Route, pathValues: Record<string, string>, query: QueryValues): Violation[] {
  let out: Violation[] = NONE;
  for (const param of route.integers) {
    const raw = param.in === 'path' ? pathValues[param.name] : query[param.name];
    if (raw === undefined) continue;
    // A repeated query name has several values; the usual one value is checked without an array.
    const count = Array.isArray(raw) ? raw.length : 1;
    for (let i = 0; i < count; i += 1) {
      const problem = integerProblem(typeof raw === 'string' ? raw : raw[i]!, param);
      if (problem === undefined) continue;
      if (out === NONE) out = [];
      out.push(problem);
    }
  }
  return out;
}

function integerProblem(value: string, param: Route['integers'][number]): Violation | undefined {
  const where = param.in;
  if (!isInteger(value)) return { path: [where, param.name], code: 'type', severity: 0, message: `Request ${where} parameter ${param.name} must be integer` };
  // Up to 9 digits fit every format; only longer numbers need the exact (BigInt) comparison.
  if (value.length <= 9) return undefined;
  const [low, high] = RANGES[param.format ?? 'int64'] ?? RANGES.int64!;
  const n = BigInt(value);
  if (n >= low && n <= high) return undefined;
  return { path: [where, param.name], code: 'type', severity: 0, message: `Request ${where} parameter ${param.name} is out of range for ${param.format ?? 'an integer'}` };
}

/** Whether text is what Java's parseLong reads as digits: an optional sign, then ASCII digits only. */
function isInteger(value: string): boolean {
  const first = value.charCodeAt(0);
  let i = first === 43 || first === 45 ? 1 : 0;
  if (i === value.length) return false;
  for (; i < value.length; i += 1) {
    const c = value.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

/** An id as OneDev's Long.parseLong reads it, written back canonically (`+042` -> `42`). */
export function canonicalId(value: string): string {
  // Digits without a sign or a leading zero are canonical already (the usual id: no BigInt made).
  return CANONICAL_DIGITS.test(value) ? value : BigInt(value).toString();
}

const CANONICAL_DIGITS = /^(?:0|[1-9]\d{0,17})$/;

/** A query parameter as the checks see it (its name, whether it is required, its schema). */
export interface QuerySpec {
  name: string;
  required: boolean;
  schema: { type?: unknown; enum?: unknown };
}

/**
 * OneDev trims text query parameters and reads a blank one as absent from v15.1.0
 * (rest/QueryParamStringConverterProvider); before, the text is passed on as sent.
 */
export const TRIMS_QUERY_TEXT_SINCE = 'v15.1.0';

/** Whether release tag `tag` (`v15.1.8`) is `since` or later; a document without a tag is the newest. */
export function releaseAtLeast(tag: string | undefined, since: string): boolean {
  if (tag === undefined) return true;
  const parts = (t: string): number[] => t.replace(/^v/, '').split('.').map(Number);
  const [a, b] = [parts(tag), parts(since)];
  for (let i = 0; i < Math.max(a.length, b.length); i += 1) {
    const d = (a[i] ?? 0) - (b[i] ?? 0);
    if (d !== 0) return d > 0;
  }
  return true;
}

/**
 * The query as OneDev's resource method receives it, for the values sent empty (or blank): JAX-RS
 * reads an empty number or boolean as the primitive's default when the Java parameter is one
 * (a required parameter: `offset=` is 0) and as null otherwise, an empty enum as null, and text as
 * it is, or, where the release trims text, a blank text as null. A required text or enum that
 * ends up empty or null breaks its `@NotEmpty`/`@NotNull` rule: a validation failure, listed in
 * `empty`. An empty value is never a missing parameter: the server's check for missing ones looks
 * at the names sent. A repeated name (an array parameter) is left alone. Required text or enums
 * sent empty stay as sent in the returned query (the caller sets aside what the schema checks
 * say of them).
 */
export function serverQuery(specs: readonly QuerySpec[], query: QueryValues, trimsText: boolean): { query: QueryValues; empty: Violation[] } {
  let out = query;
  const empty: Violation[] = [];
  for (const spec of specs) {
    const sent = query[spec.name];
    if (sent === undefined || Array.isArray(sent)) continue;
    const type = spec.schema.type;
    const isText = type === 'string' && !Array.isArray(spec.schema.enum);
    let value: string | undefined = sent;
    if (isText) {
      if (trimsText) value = sent.trim() === '' ? undefined : sent.trim();
    } else if (type === 'integer' || type === 'number' || type === 'boolean') {
      const primitive = spec.required;
      if (sent.trim() === '' && (primitive || sent === '')) value = primitive ? (type === 'boolean' ? 'false' : '0') : undefined;
    } else if (sent === '') {
      value = undefined; // an enum: no constant has an empty name
    }
    if (spec.required && (value === undefined || (isText && value === ''))) {
      // Left as sent: the failure is the rule the server checks last, not a conversion.
      empty.push({ path: ['query', spec.name], code: 'empty', severity: 0, message: `Request query parameter ${spec.name} must not be empty` });
      continue;
    }
    if (value === sent) continue;
    if (out === query) out = { ...query };
    if (value === undefined) delete out[spec.name];
    else out[spec.name] = value;
  }
  return { query: out, empty };
}
