/** Dereferencing: references replaced by their targets, input untouched, a cycle refused by name. */
import { describe, expect, it } from 'vitest';
import { RecursiveSchemaError, dereference } from '../../scripts/lib/variants/dereference.js';

const base = (schemas: Record<string, unknown>) => ({
  openapi: '3.1.0',
  info: { title: 'T', version: '1' },
  paths: {
    '/a': {
      get: {
        parameters: [{ $ref: '#/components/parameters/q' }],
        responses: {
          '200': {
            description: 'ok',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/A' } } },
          },
        },
      },
    },
  },
  components: { parameters: { q: { name: 'q', in: 'query', schema: { type: 'string' } } }, schemas },
});

describe('dereference', () => {
  it('inlines parameters and nested schemas, and keeps a $ref sibling description', async () => {
    const input = base({
      A: { type: 'object', properties: { b: { $ref: '#/components/schemas/B', description: 'the b' } } },
      B: { type: 'integer' },
    });
    const before = structuredClone(input);
    const out = (await dereference(input)) as any;
    expect(out.paths['/a'].get.parameters[0]).toEqual({ name: 'q', in: 'query', schema: { type: 'string' } });
    const schema = out.paths['/a'].get.responses['200'].content['application/json'].schema;
    expect(schema.properties.b).toMatchObject({ type: 'integer', description: 'the b' });
    expect(JSON.stringify(out)).not.toContain('$ref');
    expect(input).toEqual(before);
  });

  it('refuses a schema that contains itself, naming the reference that closes the cycle', async () => {
    const input = base({ A: { type: 'object', properties: { parent: { $ref: '#/components/schemas/A' } } } });
    const error = await dereference(input).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RecursiveSchemaError);
    expect((error as RecursiveSchemaError).where).toBe('#/components/schemas/A/properties/parent');
    expect((error as Error).message).toContain('closes a cycle');
  });
});
