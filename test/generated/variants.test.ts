/** The committed variants: generated/openapi.deref.json and generated/openapi-3.0.{json,yaml}. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import { Validator } from '@seriousme/openapi-schema-validator';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { ROOT, SUPPORTED_RELEASES, committedDocument, operationsOf, resolveRef } from '../helpers.js';

const read = (file: string) => JSON.parse(readFileSync(join(ROOT, 'generated', file), 'utf8'));

/** `node` with every reference replaced by its target, recursively (siblings of a `$ref` kept on top). */
function inlineAll(doc: object, node: unknown): unknown {
  if (Array.isArray(node)) return node.map((v) => inlineAll(doc, v));
  if (typeof node !== 'object' || node === null) return node;
  const { $ref, ...rest } = node as Record<string, unknown>;
  const own = Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, inlineAll(doc, v)]));
  return typeof $ref === 'string' ? { ...(inlineAll(doc, resolveRef(doc as never, { $ref })) as object), ...own } : own;
}

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
      if ('const' in node && !at.includes('/examples/') && !at.includes('/x-onedev-')) offending.push(`${at}: const`);
      if ('contentMediaType' in node) offending.push(`${at}: contentMediaType`);
      if (typeof node.$ref === 'string' && Object.keys(node).length > 1) offending.push(`${at}: $ref with siblings`);
      // 3.0.3: `nullable` only adds null to a `type` beside it; ajv refuses it without one.
      if (node.nullable === true && node.type === undefined) offending.push(`${at}: nullable without type`);
      // A one-reference allOf only for a nullable reference (openapi-typescript reads any other
      // wrapper of a family as a subtype).
      // No `default` either: ogen refuses an object's default ("object defaults"), null included.
      const wrapperKeys = new Set(['allOf', 'nullable', 'type', 'description']);
      if (Array.isArray(node.allOf) && node.allOf.length === 1 && Object.keys(node).length > 1) {
        if (node.nullable !== true || Object.keys(node).some((k) => !wrapperKeys.has(k))) offending.push(`${at}: allOf wrapper`);
      }
    }
    expect(offending).toEqual([]);
    expect(doc).not.toHaveProperty('jsonSchemaDialect');
    expect(doc.info).not.toHaveProperty('summary');
  });

  it('keeps every operation', () => {
    expect(operationsOf(doc).map((o) => o.operation.operationId)).toEqual(
      operationsOf(committedDocument()).map((o) => o.operation.operationId),
    );
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

  it('has no $ref left: no schema contains itself', () => {
    expect([...objects(doc)].filter(([, n]) => '$ref' in n).map(([at]) => at)).toEqual([]);
  });

  it('holds, in place of each reference, what the reference points to', () => {
    const original = committedDocument();
    const ops = operationsOf(original);
    expect(operationsOf(doc).length).toBe(ops.length);
    for (const { method, path, operation } of ops) {
      const inlined = (doc.paths as any)[path][method.toLowerCase()];
      for (const [i, param] of (operation.parameters ?? []).entries()) {
        expect(inlined.parameters[i]).toEqual(inlineAll(original, param));
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

describe.each(SUPPORTED_RELEASES)('the 3.0 variant of %s', (release) => {
  const doc = JSON.parse(readFileSync(join(ROOT, 'generated/releases', release, 'openapi-3.0.json'), 'utf8'));
  const original = committedDocument(release);

  it('writes each nullable reference as allOf [$ref] with nullable and the type of its target, never anyOf with a null branch', () => {
    // ogen (Go) skips every operation that uses `anyOf: [$ref, {nullable, enum: [null]}]`, and
    // openapi-generator's Java and typescript-fetch clients write a null-only branch as an enum of
    // no values: there is none left.
    const nullOnly = [...objects(doc)].filter(([, n]) => Array.isArray(n.enum) && n.enum.length === 1 && n.enum[0] === null);
    expect(nullOnly.map(([at]) => at)).toEqual([]);
    const nullableRefs = [...objects(doc)].filter(([, n]) => n.nullable === true && Array.isArray(n.allOf));
    // As many as the 3.1 document has `oneOf: [$ref, {type: null}]`.
    const in31 = [...objects(original)].filter(
      ([, n]) => Array.isArray(n.oneOf) && n.oneOf.length === 2 && n.oneOf.some((b: any) => b.type === 'null') && n.oneOf.some((b: any) => b.$ref),
    );
    expect(nullableRefs.length).toBe(in31.length);
    expect(nullableRefs.length).toBeGreaterThan(40);
    const schemas = doc.components.schemas as Record<string, { type?: string }>;
    for (const [at, node] of nullableRefs) {
      expect(node.allOf, at).toEqual([{ $ref: expect.stringMatching(/^#\/components\/schemas\//) }]);
      const target = schemas[String((node.allOf as any)[0].$ref).split('/').pop()!]!;
      expect(node.type, at).toBe(target.type);
    }
  });
});

/** Every string of a JSON tree (keys too), with its JSON pointer. */
function* strings(node: unknown, at = '#'): Generator<[string, string]> {
  if (typeof node === 'string') yield [at, node];
  else if (Array.isArray(node)) for (const [i, v] of node.entries()) yield* strings(v, `${at}/${i}`);
  else if (typeof node === 'object' && node !== null) {
    for (const [k, v] of Object.entries(node)) {
      yield [`${at}/${k} (key)`, k];
      yield* strings(v, `${at}/${k}`);
    }
  }
}

describe.each(SUPPORTED_RELEASES)('the text of %s', (release) => {
  it.each(['openapi.json', 'openapi-3.0.json', 'openapi.deref.json'])(
    '%s has no "*/" in any string (generators copy descriptions and examples into /** ... */ comments)',
    (file) => {
      const doc = JSON.parse(readFileSync(join(ROOT, 'generated/releases', release, file), 'utf8'));
      const found = [...strings(doc)].filter(([, text]) => text.includes('*/')).map(([at, text]) => `${at}: ${text.slice(0, 120)}`);
      expect(found).toEqual([]);
    },
  );
});

describe('the "*/" scan', () => {
  it('finds a comment end in a description, an example value and a key', () => {
    const sample = { a: { description: 'globs like `**/*.jar`' }, examples: [{ value: { path: 'src/**/*.ts' } }], 'x*/y': 1 };
    expect([...strings(sample)].filter(([, t]) => t.includes('*/')).map(([at]) => at)).toEqual([
      '#/a/description',
      '#/examples/0/value/path',
      '#/x*/y (key)',
    ]);
  });
});
