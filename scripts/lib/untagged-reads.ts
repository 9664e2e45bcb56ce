/**
 * A write whose body is a family that the read of the same path answers without its discriminator
 * (EXT.untaggedRoot on the read's 200): the body's description says that a value read
 * back needs the discriminator again before it is posted, which the server otherwise refuses.
 */
import type { OperationObject, RequestBodyObject, ResponseObject, SchemaObject } from 'openapi3-ts/oas31';
import { EXT, readExtension } from '../../src/extensions.js';
import { schemaRef } from './transform-schema.js';

/** Whether a body schema is the component, or the component or null. */
function takes(schema: SchemaObject | undefined, ref: string): boolean {
  if (!schema) return false;
  if (schema.$ref === ref) return true;
  return (schema.oneOf ?? []).some((s) => (s as SchemaObject).$ref === ref);
}

export function untaggedReadNote(read: string, property: string): string {
  return (
    `${read} answers this value without \`${property}\` at its root: add it (the name of the ` +
    'kind the value is) before posting a value read from there, or the server refuses the body.'
  );
}

export function noteUntaggedReads(paths: Record<string, Record<string, unknown>>): void {
  for (const item of Object.values(paths)) {
    const get = item.get as OperationObject | undefined;
    const post = item.post as OperationObject | undefined;
    const fact = readExtension(get?.responses?.['200'] as ResponseObject | undefined, EXT.untaggedRoot);
    const body = post?.requestBody as RequestBodyObject | undefined;
    if (!get || !fact || !body) continue;
    if (!takes(body.content?.['application/json']?.schema as SchemaObject | undefined, schemaRef(fact.tagged))) continue;
    body.description = `${body.description ?? ''} ${untaggedReadNote(get.summary ?? get.operationId ?? 'The read', fact.property)}`.trim();
  }
}
