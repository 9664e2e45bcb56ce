/** Document-level 3.1 -> 3.0 rewrites, on a small fixture document. */
import { describe, expect, it } from 'vitest';
import {
  convertTo30,
  infoSummaryToDescription,
  licenseIdentifierToUrl,
} from '../../scripts/lib/variants/document-30.js';

const fixture = () => ({
  openapi: '3.1.0',
  jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
  info: { title: 'T', version: '1', summary: 'Short.', description: 'Long.', license: { name: 'MIT', identifier: 'MIT' } },
  paths: {
    '/things/{id}': {
      parameters: [{ $ref: '#/components/parameters/id', description: 'sibling' }],
      post: {
        requestBody: {
          content: { 'application/json': { schema: { type: 'string', contentMediaType: 'text/plain' }, example: 'x' } },
        },
        responses: {
          '200': {
            description: 'ok',
            content: {
              'application/json': {
                schema: { oneOf: [{ $ref: '#/components/schemas/Thing' }, { type: 'null' }] },
                examples: { default: { $ref: '#/components/examples/Thing', summary: 'sibling' } },
              },
            },
          },
          '404': { $ref: '#/components/responses/NotFound' },
        },
      },
    },
  },
  components: {
    parameters: { id: { name: 'id', in: 'path', required: true, schema: { type: 'integer', examples: [7] } } },
    responses: {
      NotFound: { description: 'no', content: { 'text/plain': { schema: { type: 'string', const: 'gone' } } } },
    },
    schemas: { Thing: { type: 'object', properties: { n: { type: ['integer', 'null'] } } } },
    examples: { Thing: { value: { n: 1 } } },
  },
});

describe('convertTo30', () => {
  const out = convertTo30(fixture()) as any;

  it('sets the version and drops jsonSchemaDialect', () => {
    expect(out.openapi).toBe('3.0.3');
    expect(out).not.toHaveProperty('jsonSchemaDialect');
  });
  it('moves info.summary into the description and the SPDX id into a URL', () => {
    expect(out.info).toEqual({
      title: 'T',
      version: '1',
      description: 'Short.\n\nLong.',
      license: { name: 'MIT', url: 'https://spdx.org/licenses/MIT.html' },
    });
  });
  it('strips siblings of non-schema references', () => {
    expect(out.paths['/things/{id}'].parameters).toEqual([{ $ref: '#/components/parameters/id' }]);
    const media = out.paths['/things/{id}'].post.responses['200'].content['application/json'];
    expect(media.examples.default).toEqual({ $ref: '#/components/examples/Thing' });
  });
  it('converts schemas in operations, parameters, responses and components', () => {
    const op = out.paths['/things/{id}'].post;
    expect(op.requestBody.content['application/json'].schema).toEqual({ type: 'string' });
    // A nullable reference takes the `type` of the component it points at.
    expect(op.responses['200'].content['application/json'].schema).toEqual({
      type: 'object',
      nullable: true,
      allOf: [{ $ref: '#/components/schemas/Thing' }],
    });
    expect(op.responses['404']).toEqual({ $ref: '#/components/responses/NotFound' });
    expect(out.components.parameters.id.schema).toEqual({ type: 'integer', example: 7 });
    expect(out.components.responses.NotFound.content['text/plain'].schema).toEqual({ type: 'string', enum: ['gone'] });
    expect(out.components.schemas.Thing.properties.n).toEqual({ type: 'integer', nullable: true });
  });
  it('does not touch its input', () => {
    const input = fixture();
    convertTo30(input);
    expect(input).toEqual(fixture());
  });
  it('refuses what 3.0 cannot say, naming the spot', () => {
    expect(() => convertTo30({ ...fixture(), openapi: '3.0.3' })).toThrow(/expected an OpenAPI 3.1 document/);
    const bad = fixture() as any;
    bad.components.schemas.Thing.properties.n = { type: 'null' };
    expect(() => convertTo30(bad)).toThrow('at #/components/schemas/Thing/properties/n: type "null"');
    const noResponses = fixture() as any;
    delete noResponses.paths['/things/{id}'].post.responses;
    expect(() => convertTo30(noResponses)).toThrow(/#\/paths\/~1things~1\{id\}\/post: an operation without responses/);
  });
});

describe('web hooks', () => {
  const hook = { post: { requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/PingPayload' } } } }, responses: { '200': { description: 'ok' } } } };
  it('leaves `webhooks` out, keeps the payload schemas, and says so in the description, naming them', () => {
    const input = fixture() as any;
    input.components.schemas.PingPayload = { type: 'object', properties: { at: { type: ['string', 'null'] } } };
    const out = convertTo30({ ...input, webhooks: { Ping: hook } }) as any;
    expect(out.webhooks).toBeUndefined();
    expect(out.components.schemas.PingPayload.properties.at).toEqual({ type: 'string', nullable: true });
    expect(out.info.description).toMatch(/leaves out the 1 events[\s\S]*`PingPayload`/);
  });
  it('adds nothing to a document without web hooks', () => {
    expect((convertTo30(fixture()) as any).info.description).toBe((convertTo30({ ...fixture(), webhooks: {} }) as any).info.description);
    expect((convertTo30(fixture()) as any).info.description ?? '').not.toMatch(/web hooks/i);
  });
});

describe('info rewrites alone', () => {
  it('leave info without summary or identifier as it is', () => {
    const info = { title: 'T', version: '1', license: { name: 'MIT', url: 'https://x' } };
    expect(licenseIdentifierToUrl(infoSummaryToDescription(info))).toEqual(info);
  });
  it('use the summary as the description when there is none', () => {
    expect(infoSummaryToDescription({ summary: 'S' })).toEqual({ description: 'S' });
  });
});
