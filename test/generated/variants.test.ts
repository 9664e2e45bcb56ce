/** The committed variants: generated/openapi.deref.json and generated/openapi-3.0.{json,yaml}. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import { Validator } from '@seriousme/openapi-schema-validator';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { ROOT, committedDocument, operationsOf, resolveRef } from '../helpers.js';

const read = (file: string) => JSON.parse(readFileSync(join(ROOT, 'generated', file), 'utf8'));

/** Every object in a JSON tree with its JSON pointer. */
function* objects(node: unknown, at = '#'): Generator<[string, Record<string, unknown>]> {
  if (Array.isArray(node)) {
    for (const [i, v] of node.entries()) yield* objects(v, `${at}/${i}`);
  } else if (typeof node === 'object' && node !== null) {
    yield [at, node as Record<string, unknown>];
    for (const [k, v] of Object.entries(node)) yield* objects(v, `${at}/${k}`);
  }
}

describe('generated/openapi-3.0.json', () => {
  const doc = read('openapi-3.0.json');

  it('is OpenAPI 3.0.3 that swagger-parser validates', async () => {
    expect(doc.openapi).toBe('3.0.3');
    await expect(SwaggerParser.validate(structuredClone(doc))).resolves.toBeTruthy();
  });

  it('validates against the OpenAPI 3.0 schema', async () => {
    const validator = new Validator();
    const result = await validator.validate(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(validator.version).toBe('3.0');
  });

  it('uses no 3.1-only schema construct', () => {
    const offending: string[] = [];
    for (const [at, node] of objects(doc)) {
      if (Array.isArray(node.type)) offending.push(`${at}: type array`);
      if (node.type === 'null') offending.push(`${at}: type null`);
      if ('const' in node && !at.includes('/examples/')) offending.push(`${at}: const`);
      if ('contentMediaType' in node) offending.push(`${at}: contentMediaType`);
      if (typeof node.$ref === 'string' && Object.keys(node).length > 1) offending.push(`${at}: $ref with siblings`);
      if (node.nullable === true && node.type === undefined && node.allOf === undefined && node.oneOf === undefined) {
        offending.push(`${at}: nullable without type or allOf`);
      }
    }
    expect(offending).toEqual([]);
    expect(doc).not.toHaveProperty('jsonSchemaDialect');
    expect(doc.info).not.toHaveProperty('summary');
  });

  it('keeps every operation, and nullable references as allOf + nullable', () => {
    const original = committedDocument();
    expect(operationsOf(doc).map((o) => o.operation.operationId)).toEqual(
      operationsOf(original).map((o) => o.operation.operationId),
    );
    const nullableRefs = [...objects(doc)].filter(([, n]) => n.nullable === true && Array.isArray(n.allOf));
    expect(nullableRefs.length).toBeGreaterThan(0);
    for (const [, node] of nullableRefs) expect(node.allOf).toEqual([{ $ref: expect.stringMatching(/^#\/components\/schemas\//) }]);
  });

  it('YAML and JSON hold the same document', () => {
    expect(parse(readFileSync(join(ROOT, 'generated/openapi-3.0.yaml'), 'utf8'))).toEqual(doc);
  });
});

describe('generated/openapi.deref.json', () => {
  const doc = read('openapi.deref.json');

  it('validates against the OpenAPI 3.1 schema', async () => {
    const validator = new Validator();
    const result = await validator.validate(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(validator.version).toBe('3.1');
  });

  it('has no $ref left (the catalogue has no recursive schema)', () => {
    const refs = [...objects(doc)].filter(([, n]) => '$ref' in n).map(([at]) => at);
    expect(refs).toEqual([]);
  });

  it('holds, in place of each reference, what the reference points to', () => {
    const original = committedDocument();
    const ops = operationsOf(original);
    expect(operationsOf(doc).length).toBe(ops.length);
    for (const { method, path, operation } of ops) {
      const inlined = (doc.paths as any)[path][method.toLowerCase()];
      for (const [i, param] of (operation.parameters ?? []).entries()) {
        expect(inlined.parameters[i]).toEqual(resolveRef(original, param));
      }
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        const target = resolveRef<{ description: string }>(original, response);
        expect(inlined.responses[status].description).toBe(target.description);
      }
    }
  });
});

describe('the 3.0 variant means what the 3.1 document means', () => {
  it('the breaking-change check finds no change at all between them', async () => {
    const { diffDocuments } = await import('../../scripts/lib/diff/index.js');
    expect(diffDocuments(committedDocument(), read('openapi-3.0.json'))).toEqual([]);
  });
});
