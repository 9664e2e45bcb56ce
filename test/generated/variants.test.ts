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
      // 3.0.3: `nullable` only adds null to a `type` beside it; ajv refuses it without one.
      if (node.nullable === true && node.type === undefined) offending.push(`${at}: nullable without type`);
      if (Array.isArray(node.allOf) && node.allOf.length === 1 && Object.keys(node).length > 1) {
        offending.push(`${at}: allOf wrapper (openapi-typescript reads it as a subtype)`);
      }
    }
    expect(offending).toEqual([]);
    expect(doc).not.toHaveProperty('jsonSchemaDialect');
    expect(doc.info).not.toHaveProperty('summary');
  });

  it('keeps every operation, and nullable references as anyOf [$ref, null branch]', () => {
    const original = committedDocument();
    expect(operationsOf(doc).map((o) => o.operation.operationId)).toEqual(
      operationsOf(original).map((o) => o.operation.operationId),
    );
    const isNullBranch = (n: unknown) => JSON.stringify(n) === JSON.stringify({ type: 'object', nullable: true, enum: [null] });
    const nullableRefs = [...objects(doc)].filter(([, n]) => Array.isArray(n.anyOf) && n.anyOf.some(isNullBranch));
    // As many as the 3.1 document has `oneOf: [$ref, {type: null}]`.
    const in31 = [...objects(original)].filter(
      ([, n]) => Array.isArray(n.oneOf) && n.oneOf.length === 2 && n.oneOf.some((b: any) => b.type === 'null') && n.oneOf.some((b: any) => b.$ref),
    );
    expect(nullableRefs.length).toBe(in31.length);
    expect(nullableRefs.length).toBeGreaterThan(0);
    for (const [, node] of nullableRefs) {
      expect(node.anyOf).toEqual([{ $ref: expect.stringMatching(/^#\/components\/schemas\//) }, { type: 'object', nullable: true, enum: [null] }]);
    }
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

  it('has no $ref left but those that close a cycle (a schema that contains itself)', () => {
    // JSON cannot hold a cycle, so a recursive schema keeps the reference that closes it (an
    // artifact directory lists artifact infos); every other reference is inlined.
    const schemas = (committedDocument().components?.schemas ?? {}) as Record<string, unknown>;
    const refsIn = (node: unknown): string[] => [...objects(node)].filter(([, n]) => typeof n.$ref === 'string').map(([, n]) => String(n.$ref).split('/').pop()!);
    const reaches = (from: string, to: string, seen = new Set<string>()): boolean =>
      refsIn(schemas[from]).some((next) => next === to || (!seen.has(next) && (seen.add(next), reaches(next, to, seen))));
    const left = [...objects(doc)].filter(([, n]) => '$ref' in n).map(([, n]) => String(n.$ref).split('/').pop()!);
    expect(left.filter((name) => !reaches(name, name))).toEqual([]);
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
