/**
 * Schema facts of issue 16 read from OneDev's source: project bodies that leave Git pack and code
 * analysis values to their defaults (item 2), the protection rules' `userMatch` of v13.0.0..v13.0.2
 * (item 9), typed plugin settings and issue field values (item 13), and the commit reads' named
 * `field` values (item 15).
 */
import { describe, expect, it } from 'vitest';
import type { OpenAPIObject, ParameterObject, RequestBodyObject, SchemaObject } from 'openapi3-ts/oas31';
import { createValidator, errorsOf } from '../support/ajv.js';
import { committedDocument, operationsOf, resolveRef, SUPPORTED_RELEASES } from '../helpers.js';
import { tagDocument } from '../support/tag-documents.js';

const built = new Map<string, OpenAPIObject>();
const docAt = (tag: string) => built.get(tag) ?? built.set(tag, tagDocument(tag)).get(tag)!;
const schemaOf = (doc: OpenAPIObject, name: string) => doc.components!.schemas![name] as SchemaObject;

describe('project bodies take `gitPackConfig: {}` and `codeAnalysisSetting: {}` (item 2)', () => {
  it.each(SUPPORTED_RELEASES)('%s: create and update', (release) => {
    const doc = committedDocument(release);
    const validator = createValidator(doc);
    const bodies = operationsOf(doc).filter(({ method, path }) => method === 'POST' && (path === '/projects' || path === '/projects/{projectId}'));
    expect(bodies).toHaveLength(2);
    for (const { operation } of bodies) {
      const media = (operation.requestBody as RequestBodyObject).content['application/json']!;
      const example = resolveRef<{ value: Record<string, unknown> }>(doc, Object.values(media.examples!)[0]).value;
      const body = { ...example, gitPackConfig: {}, codeAnalysisSetting: {} };
      const validate = validator.compile(media.schema);
      expect(validate(body), `${operation.operationId}: ${errorsOf(validate).join('; ')}`).toBe(true);
    }
    for (const name of ['GitPackConfig', 'CodeAnalysisSetting']) {
      const schema = schemaOf(doc, name);
      expect(schema.required, name).toBeUndefined();
      for (const property of Object.values(schema.properties!)) expect(property).toMatchObject({ type: ['string', 'null'] });
    }
  });
});

describe('BranchProtection and TagProtection userMatch (item 9)', () => {
  it.each([
    ['v12.0.10', true],
    ['v13.0.0', false],
    ['v13.0.1', false],
    ['v13.0.2', true],
    ['v16.5.6', true],
  ])('%s: required and non-null %s', (tag, required) => {
    const doc = docAt(tag);
    const validator = createValidator(doc);
    for (const name of ['BranchProtection', 'TagProtection']) {
      const schema = schemaOf(doc, name);
      expect(schema.required!.includes('userMatch'), name).toBe(required);
      expect(schema.properties!.userMatch, name).toMatchObject({ type: required ? 'string' : ['string', 'null'] });
      const example = Object.fromEntries(Object.keys(schema.properties!).map((key) => [key, null]));
      const withoutUserMatch = Object.fromEntries(Object.entries(example).filter(([key]) => key !== 'userMatch'));
      const validate = validator.compile({ properties: { userMatch: schema.properties!.userMatch }, required: schema.required?.filter((r) => r === 'userMatch') });
      expect(validate(withoutUserMatch), name).toBe(!required);
      expect(validate({ userMatch: null }), name).toBe(!required);
    }
  });
});

describe('typed plugin settings and issue field values (item 13)', () => {
  it.each(SUPPORTED_RELEASES)('%s', (release) => {
    const doc = committedDocument(release);
    const validator = createValidator(doc);
    const plugin = validator.compile({ $ref: '#/components/schemas/ContributedAdministrationSetting' });
    expect(schemaOf(doc, 'ContributedAdministrationSetting')).toMatchObject({ type: 'object', required: ['@type'] });
    expect(plugin({ '@type': 'ExamplePluginSetting', anything: 1 })).toBe(true);
    expect(plugin({ anything: 1 })).toBe(false);
    expect(plugin('text')).toBe(false);

    const values = validator.compile({ $ref: '#/components/schemas/IssueFieldValues' });
    expect(values({ Type: 'Bug', Assignees: ['robin', 'jane'], Due: null })).toBe(true);
    expect(values({ Priority: 3 })).toBe(false);
    expect(values({ Assignees: [1] })).toBe(false);
    expect(values({ Flag: { nested: true } })).toBe(false);
  });
});

describe('the commit reads\' `field` values are a named schema (item 15)', () => {
  it.each([
    ['v16.1.0', true],
    ['v16.2.0', false],
  ])('%s: CommitDetail, LINE_CHANGES listed %s', (tag, lineChanges) => {
    const doc = docAt(tag);
    const params = operationsOf(doc)
      .flatMap(({ operation }) => (operation.parameters ?? []).map((p) => resolveRef<ParameterObject>(doc, p)))
      .filter((p) => p.name === 'field');
    expect(params.length).toBeGreaterThan(0);
    for (const param of params) expect(param.schema).toMatchObject({ type: 'array', items: { $ref: '#/components/schemas/CommitDetail' } });
    expect((schemaOf(doc, 'CommitDetail').enum as string[]).includes('LINE_CHANGES')).toBe(lineChanges);
  });

  it.each(SUPPORTED_RELEASES)('%s: no parameter carries an inline enum', (release) => {
    const doc = committedDocument(release);
    const inline = Object.entries(doc.components!.parameters ?? {}).filter(([, p]) => JSON.stringify((p as ParameterObject).schema).includes('"enum"'));
    expect(inline.map(([key]) => key)).toEqual([]);
  });
});
