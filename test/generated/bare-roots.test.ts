/**
 * Answers whose root is a polymorphic family written without its discriminator (issue 37, item 1):
 * a OneDev v16.5.6 answered Get Artifact Info and Get Mail Connector without `@type` at the root
 * (test/fixtures/real-server/v16.5.6/bare-roots.json, lines of its transcript), and refused that
 * read posted back. The committed descriptions must read those answers, at every published release
 * describe such reads without a required discriminator at the root, and still refuse a write
 * without it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { OpenAPIObject, SchemaObject } from 'openapi3-ts/oas31';
import { committedDocument, operationsOf, resolveRef, ROOT, SUPPORTED_RELEASES } from '../helpers.js';
import { createValidator, errorsOf } from '../support/ajv.js';
import { EXT } from '../../src/extensions.js';
import { compareTags } from '../../spec/releases.js';

const UNTAGGED_ROOT = EXT.untaggedRoot.name;

interface Recorded {
  line: number;
  operationId: string;
  method: string;
  path: string;
  status: number;
  requestBody?: unknown;
  responseBody: unknown;
}

const recorded = (JSON.parse(readFileSync(join(ROOT, 'test/fixtures/real-server/v16.5.6/bare-roots.json'), 'utf8')) as { answers: Recorded[] }).answers;

const DISCRIMINATORS = ['@type', '@class'];

/** Every alternative shape a schema's root may take ($ref, oneOf, anyOf followed; allOf kept whole). */
function rootShapes(doc: OpenAPIObject, schema: SchemaObject, seen = new Set<SchemaObject>()): SchemaObject[] {
  const resolved = resolveRef<SchemaObject>(doc, schema);
  if (seen.has(resolved)) return [];
  seen.add(resolved);
  const alternatives = [...(resolved.oneOf ?? []), ...(resolved.anyOf ?? [])] as SchemaObject[];
  if (alternatives.length === 0) return [resolved];
  return alternatives.flatMap((s) => rootShapes(doc, s, seen)).filter((s) => s.type !== 'null');
}

/** The discriminators some root shape of the schema requires, or defines. */
function rootDiscriminators(doc: OpenAPIObject, schema: SchemaObject): string[] {
  return rootShapes(doc, schema).flatMap((s) => DISCRIMINATORS.filter((p) => s.required?.includes(p) || (s.properties && p in s.properties)));
}

const successSchema = (doc: OpenAPIObject, method: string, path: string): SchemaObject =>
  (doc.paths![path] as any)[method.toLowerCase()].responses['200'].content['application/json'].schema;
const bodySchema = (doc: OpenAPIObject, path: string): SchemaObject =>
  (doc.paths![path] as any).post.requestBody.content['application/json'].schema;

/** The reads a OneDev server answers with a bare family root, at every release (from its source). */
const BARE_READS = ['/settings/mail-service', '/artifacts/{buildId}/infos', '/artifacts/{buildId}/infos/{artifactPath}'];

describe('what a OneDev v16.5.6 answered with a bare family root', () => {
  const doc = committedDocument('v16.5.6');
  const validator = createValidator(doc);
  const byId = new Map(operationsOf(doc).map((o) => [o.operation.operationId!, o]));

  it('holds the recorded lines', () => {
    expect(recorded.map((r) => r.line)).toEqual([375, 376, 379, 397, 459, 491, 492, 493]);
  });

  it.each(recorded.filter((r) => r.status === 200).map((r) => [r.line, r] as const))('line %i validates against the success schema', (_line, answer) => {
    const op = byId.get(answer.operationId)!;
    expect(op, answer.operationId).toBeDefined();
    const validate = validator.compile(successSchema(doc, answer.method, op.path));
    expect(validate(answer.responseBody) ? [] : errorsOf(validate)).toEqual([]);
    // The recording itself: no discriminator at the root.
    expect(Object.keys(answer.responseBody as object).filter((k) => DISCRIMINATORS.includes(k))).toEqual([]);
  });

  it('line 492: the read posted back without @type is refused by the Set body schema, and accepted with it', () => {
    const refused = recorded.find((r) => r.line === 492)!;
    expect(refused.status).toBe(400);
    const validate = validator.compile(bodySchema(doc, '/settings/mail-service'));
    expect(validate(refused.requestBody)).toBe(false);
    expect(validate({ '@type': 'SmtpImapConnector', ...(refused.requestBody as object) }) ? [] : errorsOf(validate)).toEqual([]);
  });
});

describe.each(SUPPORTED_RELEASES)('%s: reads answered with a bare family root', (release) => {
  const doc = committedDocument(release);
  const validator = createValidator(doc);

  it.each(BARE_READS)('GET %s requires no discriminator at the root, and describes none there', (path) => {
    expect(rootShapes(doc, successSchema(doc, 'GET', path)).length).toBeGreaterThan(0);
    expect(rootDiscriminators(doc, successSchema(doc, 'GET', path))).toEqual([]);
  });

  it('the read of the mail setting says so for tools, naming the family a write takes', () => {
    const response = (doc.paths!['/settings/mail-service'] as any).get.responses['200'];
    // The mail area took the MailConnector family in v13.0.8 (MailService before).
    const family = compareTags(release, 'v13.0.8') < 0 ? 'MailService' : 'MailConnector';
    expect(response[UNTAGGED_ROOT]).toEqual({ property: '@type', tagged: family });
    expect(bodySchema(doc, '/settings/mail-service').oneOf?.[0]).toEqual({ $ref: `#/components/schemas/${family}` });
  });

  it('Set Mail Service refuses the read\'s example (no @type), takes it with @type, and says to add it', () => {
    const read = (doc.paths!['/settings/mail-service'] as any).get.responses['200'].content['application/json'];
    const example = resolveRef<{ value: Record<string, unknown> }>(doc, read.examples.default).value;
    expect('@type' in example).toBe(false);
    const validate = validator.compile(bodySchema(doc, '/settings/mail-service'));
    expect(validate(example)).toBe(false);
    const kind = (resolveRef<SchemaObject>(doc, read.schema).oneOf as SchemaObject[]).map((s) => s.$ref!.split('/').pop()!.replace(/Untagged$/, ''))[0]!;
    expect(validate({ '@type': kind, ...example }) ? [] : errorsOf(validate)).toEqual([]);
    const post = (doc.paths!['/settings/mail-service'] as any).post;
    expect(post.requestBody.description).toContain('answers this value without `@type` at its root');
  });

  it('every read marked as coming without its root discriminator requires none there; the authenticator keeps @class', () => {
    const marked = operationsOf(doc).filter((o) => (o.operation.responses?.['200'] as any)?.[UNTAGGED_ROOT]);
    expect(marked.map((o) => `${o.method} ${o.path}`)).toEqual(['GET /settings/mail-service']);
    for (const o of marked) expect(rootDiscriminators(doc, successSchema(doc, o.method, o.path)), o.path).toEqual([]);
    // Its class names its type info itself: the root carries `@class`, as a write needs it.
    const authenticator = rootShapes(doc, successSchema(doc, 'GET', '/settings/authenticator'));
    expect(authenticator.every((s) => s.required?.includes('@class'))).toBe(true);
  });
});
