/** One fixture per 3.1 -> 3.0 schema transform, then the recursive walk that applies them. */
import { describe, expect, it } from 'vitest';
import {
  ConversionError,
  constToEnum,
  contentKeywords,
  convertSchema,
  examplesToExample,
  exclusiveBoundsToBoolean,
  nullBranchToNullable,
  refSiblingsToAllOf,
  rejectNullType,
  rejectUnsupported,
  typeArrayToNullable,
} from '../../scripts/lib/variants/schema-30.js';

const ref = { $ref: '#/components/schemas/User' };

describe('typeArrayToNullable', () => {
  it('turns [X, "null"] into X plus nullable, keeping null in enum', () => {
    expect(typeArrayToNullable({ type: ['string', 'null'], enum: ['A', null] }, '#')).toEqual({
      type: 'string',
      enum: ['A', null],
      nullable: true,
    });
  });
  it('unwraps a one-element array without adding nullable', () => {
    expect(typeArrayToNullable({ type: ['integer'] }, '#')).toEqual({ type: 'integer' });
  });
  it('refuses two non-null types, naming the spot', () => {
    expect(() => typeArrayToNullable({ type: ['string', 'integer'] }, '#/x')).toThrow(
      /at #\/x: type \["string","integer"\] names more than one non-null type/,
    );
  });
});

describe('nullBranchToNullable', () => {
  const types = (ref: string) => (ref.endsWith('/User') || ref.endsWith('/Group') ? 'object' : ref.endsWith('/Kind') ? 'string' : undefined);

  it('turns oneOf [$ref, null] into allOf [$ref] with nullable and the target\'s type, keeping siblings', () => {
    expect(nullBranchToNullable({ description: 'd', oneOf: [ref, { type: 'null' }] }, '#', types)).toEqual({
      description: 'd',
      type: 'object',
      nullable: true,
      allOf: [ref],
    });
    const kind = { $ref: '#/components/schemas/Kind' };
    expect(nullBranchToNullable({ oneOf: [kind, { type: 'null' }] }, '#', types)).toEqual({ type: 'string', nullable: true, allOf: [kind] });
  });
  it('drops the default of a nullable reference, an object\'s, which ogen refuses ("object defaults")', () => {
    expect(nullBranchToNullable({ default: null, oneOf: [ref, { type: 'null' }] }, '#', types)).toEqual({ type: 'object', nullable: true, allOf: [ref] });
  });
  it('writes no anyOf for a nullable reference (ogen skips operations that use one)', () => {
    expect(JSON.stringify(nullBranchToNullable({ anyOf: [ref, { type: 'null' }] }, '#', types))).not.toContain('anyOf');
  });
  it('refuses a nullable reference to a schema without a type, naming the spot and the target', () => {
    expect(() => nullBranchToNullable({ oneOf: [{ $ref: '#/components/schemas/Any' }, { type: 'null' }] }, '#/q', types)).toThrow(
      /at #\/q: a nullable reference needs the type of #\/components\/schemas\/Any/,
    );
  });
  it('never writes nullable without a type beside it (3.0.3 and ajv ignore or refuse it)', () => {
    for (const input of [
      { oneOf: [ref, { type: 'null' }] },
      { anyOf: [{ enum: ['A'] }, { type: 'null' }] },
      { oneOf: [ref, { $ref: '#/components/schemas/Group' }, { type: 'null' }] },
    ]) {
      const out = JSON.stringify(nullBranchToNullable(input, '#', types));
      const nodes: Record<string, unknown>[] = [];
      JSON.parse(out, (_k, v) => (v && typeof v === 'object' && !Array.isArray(v) && nodes.push(v), v));
      expect(nodes.filter((n) => n.nullable === true && n.type === undefined)).toEqual([]);
    }
  });
  it('gives each result its own null branch (no shared objects for YAML anchors)', () => {
    const other = { $ref: '#/components/schemas/Group' };
    const a = nullBranchToNullable({ oneOf: [ref, other, { type: 'null' }] }, '#', types).oneOf as object[];
    const b = nullBranchToNullable({ oneOf: [ref, other, { type: 'null' }] }, '#', types).oneOf as object[];
    expect(a[2]).not.toBe(b[2]);
  });
  it('merges a single inline branch', () => {
    expect(nullBranchToNullable({ anyOf: [{ type: 'string' }, { type: 'null' }] }, '#')).toEqual({
      type: 'string',
      nullable: true,
    });
  });
  it('keeps several non-null branches under the same keyword, with the null branch last', () => {
    const other = { $ref: '#/components/schemas/Group' };
    expect(nullBranchToNullable({ oneOf: [ref, other, { type: 'null' }] }, '#')).toEqual({
      oneOf: [ref, other, { type: 'object', nullable: true, enum: [null] }],
    });
  });
  it('puts the null on one inline branch of several (no null-only branch for generators to trip on)', () => {
    const list = { type: 'array', items: { type: 'string' } };
    expect(nullBranchToNullable({ description: 'd', oneOf: [{ type: 'string' }, list, { type: 'null' }] }, '#')).toEqual({
      description: 'd',
      oneOf: [{ type: 'string', nullable: true }, list],
    });
    expect(nullBranchToNullable({ anyOf: [ref, { type: 'integer' }, { type: 'null' }] }, '#', types)).toEqual({
      anyOf: [ref, { type: 'integer', nullable: true }],
    });
  });
  it('leaves oneOf without a null branch alone', () => {
    const family = { type: 'object', oneOf: [ref] };
    expect(nullBranchToNullable(family, '#')).toBe(family);
  });
  it('refuses a oneOf that admits only null', () => {
    expect(() => nullBranchToNullable({ oneOf: [{ type: 'null' }] }, '#/y')).toThrow(ConversionError);
  });
});

describe('rejectNullType', () => {
  it('refuses a bare null type', () => {
    expect(() => rejectNullType({ type: 'null' }, '#/z')).toThrow(/at #\/z: type "null"/);
  });
});

describe('refSiblingsToAllOf', () => {
  it('drops annotation-only siblings: a bare $ref, never an allOf wrapper', () => {
    expect(refSiblingsToAllOf({ ...ref, description: 'the author' })).toEqual(ref);
    expect(refSiblingsToAllOf({ ...ref, title: 'T', examples: [{}] })).toEqual(ref);
    expect(refSiblingsToAllOf({ ...ref, description: 'the git', default: { '@type': 'SystemGit' } })).toEqual(ref);
  });
  it('wraps a $ref that has siblings with meaning', () => {
    expect(refSiblingsToAllOf({ ...ref, description: 'the author', readOnly: true })).toEqual({
      allOf: [ref],
      description: 'the author',
      readOnly: true,
    });
  });
  it('leaves a bare $ref alone', () => {
    expect(refSiblingsToAllOf({ ...ref })).toEqual(ref);
  });
});

describe('constToEnum', () => {
  it('turns const into a single-value enum', () => {
    expect(constToEnum({ type: 'string', const: 'JobExecutor' })).toEqual({ type: 'string', enum: ['JobExecutor'] });
  });
});

describe('examplesToExample', () => {
  it('keeps the first example', () => {
    expect(examplesToExample({ type: 'integer', examples: [3, 4] }, '#')).toEqual({ type: 'integer', example: 3 });
  });
  it('drops an empty list', () => {
    expect(examplesToExample({ type: 'integer', examples: [] }, '#')).toEqual({ type: 'integer' });
  });
  it('refuses examples that are not a list', () => {
    expect(() => examplesToExample({ examples: { a: 1 } }, '#/e')).toThrow(/not an array/);
  });
});

describe('exclusiveBoundsToBoolean', () => {
  it('turns numeric exclusive bounds into bound + flag', () => {
    expect(exclusiveBoundsToBoolean({ type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 10 })).toEqual({
      type: 'number',
      minimum: 0,
      exclusiveMinimum: true,
      maximum: 10,
      exclusiveMaximum: true,
    });
  });
});

describe('contentKeywords', () => {
  it('drops a text or JSON contentMediaType', () => {
    expect(contentKeywords({ type: 'string', contentMediaType: 'text/plain' }, '#')).toEqual({ type: 'string' });
    expect(contentKeywords({ type: 'string', contentMediaType: 'application/vnd.x+json' }, '#')).toEqual({ type: 'string' });
  });
  it('turns a string of bytes into format binary, keeping a format already there', () => {
    expect(contentKeywords({ type: 'string', contentMediaType: 'application/octet-stream' }, '#')).toEqual({
      type: 'string',
      format: 'binary',
    });
    expect(contentKeywords({ type: 'string', format: 'binary', contentMediaType: 'application/zip' }, '#')).toEqual({
      type: 'string',
      format: 'binary',
    });
  });
  it('turns base64 into format byte', () => {
    expect(contentKeywords({ type: 'string', contentEncoding: 'base64' }, '#')).toEqual({
      type: 'string',
      format: 'byte',
    });
  });
  it('refuses other encodings', () => {
    expect(() => contentKeywords({ type: 'string', contentEncoding: 'base32' }, '#')).toThrow(/base32/);
  });
});

describe('rejectUnsupported', () => {
  it.each(['prefixItems', '$defs', 'if', 'unevaluatedProperties', 'patternProperties'])('refuses %s', (keyword) => {
    expect(() => rejectUnsupported({ [keyword]: {} }, '#/k')).toThrow(`keyword "${keyword}" has no OpenAPI 3.0 form`);
  });
});

describe('convertSchema', () => {
  it('converts nested properties, items, additionalProperties and family members', () => {
    const input = {
      type: 'object',
      additionalProperties: false,
      required: ['@type', 'labels'],
      properties: {
        '@type': { type: 'string', const: 'Member' },
        labels: { type: ['array', 'null'], items: { type: 'string', examples: ['bug'] } },
        owner: { description: 'd', oneOf: [ref, { type: 'null' }] },
        meta: { type: 'object', additionalProperties: { type: ['integer', 'null'] } },
        body: { type: 'string', contentMediaType: 'text/plain' },
      },
    };
    const before = structuredClone(input);
    expect(convertSchema(input, '#/s', () => 'object')).toEqual({
      type: 'object',
      additionalProperties: false,
      required: ['@type', 'labels'],
      properties: {
        '@type': { type: 'string', enum: ['Member'] },
        labels: { type: 'array', nullable: true, items: { type: 'string', example: 'bug' } },
        owner: { description: 'd', type: 'object', nullable: true, allOf: [ref] },
        meta: { type: 'object', additionalProperties: { type: 'integer', nullable: true } },
        body: { type: 'string' },
      },
    });
    expect(input).toEqual(before);
  });
  it('names the nested spot of an unsupported keyword', () => {
    expect(() => convertSchema({ properties: { 'a/b': { items: { prefixItems: [] } } } }, '#/c')).toThrow(
      'at #/c/properties/a~1b/items: keyword "prefixItems"',
    );
  });
  it('refuses boolean schemas', () => {
    expect(() => convertSchema(true, '#/b')).toThrow(/boolean schemas/);
  });
});

describe('the converted unions mean what the 3.1 ones mean (breaking-change check)', () => {
  it('finds no change for a nullable reference or a nullable union of inline branches', async () => {
    const { convertTo30 } = await import('../../scripts/lib/variants/document-30.js');
    const { diffDocuments } = await import('../../scripts/lib/diff/index.js');
    const doc = {
      openapi: '3.1.0',
      info: { title: 'T', version: '1' },
      paths: {
        '/a': {
          get: {
            operationId: 'getA',
            responses: {
              '200': {
                description: 'ok',
                content: {
                  'application/json': {
                    schema: {
                      type: 'object',
                      properties: {
                        value: { oneOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }, { type: 'null' }] },
                        owner: { oneOf: [ref, { type: 'null' }] },
                      },
                    },
                  },
                },
              },
            },
          },
        },
      },
      components: { schemas: { User: { type: 'object', properties: { id: { type: 'integer' } } } } },
    };
    expect(diffDocuments(doc, convertTo30(doc))).toEqual([]);
    // The check can see a difference: the same union without its null is one.
    const narrowed = structuredClone(doc);
    narrowed.paths['/a'].get.responses['200'].content['application/json'].schema.properties.value.oneOf.pop();
    expect(diffDocuments(doc, convertTo30(narrowed)).map((c) => c.kind)).toEqual(['nullability-narrowed']);
  });
});
