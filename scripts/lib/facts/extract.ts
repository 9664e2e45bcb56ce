/**
 * Facts read back from one built description: the raw-text operations, the page limits, the
 * refusal statuses, what each error status means, and the counts. The top-level description and
 * the generated tables of README.md and docs/ are written from these, so a fact is stated where
 * the catalogue says it and nowhere by hand.
 */
import type { OpenAPIObject, ParameterObject } from 'openapi3-ts/oas31';
import type { PageLimit } from '../../../spec/model.js';
import { EXT, readExtension, type RefusalKind } from '../../../src/extensions.js';
import { operationsOf, resolveRef } from '../openapi.js';

export interface OperationFact {
  operationId: string;
  /** The help page's name, e.g. `Set Title`. */
  summary: string;
  /** The group (OpenAPI tag). */
  tag: string;
  method: string;
  path: string;
}

export interface RawTextFact extends OperationFact {
  /** The request body is the text itself (EXT.rawText on the request body). */
  body: boolean;
  /** The 200 answer is bare text (EXT.rawText on the response). */
  answer: boolean;
}

/** A read that takes `count`, with its limit; no `limit` means the server sets none. */
export interface PageLimitFact extends OperationFact {
  limit?: PageLimit;
}

export interface StatusFact {
  status: number;
  /** The shared response's component name, e.g. `NotAcceptable`. */
  name: string;
  description: string;
}

export interface RefusalFact {
  kind: RefusalKind;
  what: string;
  status: number;
}

export interface CountsFact {
  groups: number;
  operations: number;
  schemas: number;
}

const isRawText = (value: unknown): boolean => readExtension(value, EXT.rawText) === true;

function operationFacts(doc: OpenAPIObject) {
  return operationsOf(doc).map(({ method, path, operation }) => ({
    fact: { operationId: operation.operationId ?? '', summary: operation.summary ?? '', tag: operation.tags?.[0] ?? '', method, path },
    operation,
  }));
}

/** Operations whose body or answer is raw text, in document order. */
export function rawTextOperations(doc: OpenAPIObject): RawTextFact[] {
  return operationFacts(doc).flatMap(({ fact, operation }) => {
    const body = isRawText(resolveRef(doc, operation.requestBody));
    const answer = isRawText(resolveRef(doc, operation.responses?.['200']));
    return body || answer ? [{ ...fact, body, answer }] : [];
  });
}

/** Reads that take a `count` query parameter, with the limit it states. */
export function pageLimits(doc: OpenAPIObject): PageLimitFact[] {
  return operationFacts(doc).flatMap(({ fact, operation }) => {
    if (fact.method !== 'GET') return [];
    const count = (operation.parameters ?? [])
      .map((p) => resolveRef<ParameterObject | undefined>(doc, p))
      .find((p) => p?.in === 'query' && p.name === 'count');
    if (!count) return [];
    const nonAdmin = readExtension(count, EXT.nonAdminMaximum);
    const maximum = (resolveRef<{ maximum?: unknown } | undefined>(doc, count.schema))?.maximum;
    if (nonAdmin !== undefined) return [{ ...fact, limit: { maximum: nonAdmin, appliesTo: 'non-administrators' } }];
    if (typeof maximum === 'number') return [{ ...fact, limit: { maximum, appliesTo: 'everyone' } }];
    return [fact];
  });
}

/** The shared error responses, by the status operations use them for, lowest first (then by name). */
export function errorStatuses(doc: OpenAPIObject): StatusFact[] {
  const byName = new Map<string, number>();
  for (const { operation } of operationsOf(doc)) {
    for (const [status, response] of Object.entries(operation.responses ?? {})) {
      const ref = (response as { $ref?: unknown }).$ref;
      if (typeof ref === 'string' && ref.startsWith('#/components/responses/')) byName.set(ref.split('/').pop()!, Number(status));
    }
  }
  return Object.entries(doc.components?.responses ?? {})
    .flatMap(([name, response]) => {
      const status = byName.get(name);
      return status === undefined ? [] : [{ status, name, description: (response as { description: string }).description }];
    })
    .sort((a, b) => a.status - b.status || a.name.localeCompare(b.name));
}

/** How the release refuses what any operation can meet (EXT.refusals). */
export function refusals(doc: OpenAPIObject): RefusalFact[] {
  return readExtension(doc, EXT.refusals) ?? [];
}

/** The status bad query parameters get (EXT.queryRefusalStatus). */
export function queryRefusalStatus(doc: OpenAPIObject): number | undefined {
  return readExtension(doc, EXT.queryRefusalStatus);
}

export function counts(doc: OpenAPIObject): CountsFact {
  return {
    groups: doc.tags?.length ?? 0,
    operations: operationsOf(doc).length,
    schemas: Object.keys(doc.components?.schemas ?? {}).length,
  };
}
