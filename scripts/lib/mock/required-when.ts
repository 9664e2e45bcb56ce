/**
 * Properties a request body needs only when a sibling property holds some values, as the
 * description lists them (EXT.requiredWhen on the body's schema): OneDev's bean validation
 * of `@DependsOn` properties, which it refuses as a validation failure.
 */
import type { OpenAPIObject } from 'openapi3-ts/oas31';
import { EXT, readExtension, type RequiredWhenRule } from '../../../src/extensions.js';
import { resolveRef } from '../openapi.js';
import type { Violation } from './violation.js';

export type { RequiredWhenRule };

const NONE: readonly RequiredWhenRule[] = Object.freeze([]);

/** The rules of a body schema (a reference to a component, or the schema itself). */
export function requiredWhenOf(doc: OpenAPIObject, schema: unknown): readonly RequiredWhenRule[] {
  const resolved = resolveRef<Record<string, unknown> | undefined>(doc, schema);
  return readExtension(resolved, EXT.requiredWhen) ?? NONE;
}

/** Left out, null, or an empty text or list: what `@NotEmpty` and `@NotNull` refuse. */
const missing = (value: unknown) => value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

/** The rules a body breaks, one violation per missing property, in the server's words. */
export function requiredWhenViolations(rules: readonly RequiredWhenRule[], body: unknown): Violation[] {
  if (rules.length === 0 || typeof body !== 'object' || body === null || Array.isArray(body)) return [];
  const record = body as Record<string, unknown>;
  const out: Violation[] = [];
  for (const rule of rules) {
    const chosen = record[rule.property];
    if (typeof chosen !== 'string' || !rule.values.includes(chosen)) continue;
    for (const name of rule.required) {
      if (!missing(record[name])) continue;
      out.push({ path: ['body', name], code: 'required-when', severity: 0, message: `Request body property ${name} must not be empty when ${rule.property} is ${chosen}` });
    }
  }
  return out;
}
