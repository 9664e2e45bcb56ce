/**
 * What OneDev refuses and Prism lets through: query parameters the operation does not declare,
 * and ids, offsets and counts that Java's Long/Integer.parseLong would not read (`1e3`, `0x10`,
 * ` 7`, or past the type's range; int64 ids are compared exactly, past 2^53 too).
 */
import type { Route } from './routes.js';
import type { Violation } from './violation.js';

export type QueryValues = Record<string, string | string[]>;

export function unknownQuery(route: Route, query: QueryValues): Violation[] {
  if (route.openQuery) return [];
  const accepted = [...route.queryNames];
  return Object.keys(query)
    .filter((name) => !route.queryNames.has(name))
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
  const out: Violation[] = [];
  for (const param of route.integers) {
    const raw = param.in === 'path' ? pathValues[param.name] : query[param.name];
    if (raw === undefined) continue;
    const where = param.in;
    for (const value of Array.isArray(raw) ? raw : [raw]) {
      if (!/^[+-]?\d+$/.test(value)) {
        out.push({ path: [where, param.name], code: 'type', severity: 0, message: `Request ${where} parameter ${param.name} must be integer` });
        continue;
      }
      // Up to 9 digits fit every format; only longer numbers need the exact (BigInt) comparison.
      if (value.length <= 9) continue;
      const [low, high] = RANGES[param.format ?? 'int64'] ?? RANGES.int64!;
      const n = BigInt(value);
      if (n < low || n > high) {
        out.push({ path: [where, param.name], code: 'type', severity: 0, message: `Request ${where} parameter ${param.name} is out of range for ${param.format ?? 'an integer'}` });
      }
    }
  }
  return out;
}

/** An id as OneDev's Long.parseLong reads it, written back canonically (`+042` -> `42`). */
export function canonicalId(value: string): string {
  return BigInt(value).toString();
}
