/**
 * Each published release's `webhooks` against a table written from that tag's source
 * (test/fixtures/webhooks/<tag>.tsv, by scripts/onedev-source.ts): the same events, each under the
 * same event type, and each payload with the same properties, JSON types and nullability, compared
 * both ways. Every event's example validates against its payload; every payload is in components.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SchemaObject } from 'openapi3-ts/oas31';
import { describe, expect, it } from 'vitest';
import { createValidator, errorsOf } from '../support/ajv.js';
import { committedDocument, resolveRef, ROOT, SUPPORTED_RELEASES, type SupportedRelease } from '../helpers.js';

type Hook = { post: { 'x-onedev-event-type': string; requestBody: { content: Record<string, { schema: { $ref: string }; examples: Record<string, { $ref: string }> }> } } };

/** `<event>\t<event type>\t<property>\t<json type>\t<nullable>` rows of a release's fixture. */
function fixture(release: SupportedRelease): string[] {
  return readFileSync(join(ROOT, 'test/fixtures/webhooks', `${release}.tsv`), 'utf8')
    .split('\n')
    .filter((line) => line.trim() && !line.startsWith('#'))
    .sort();
}

/** A JSON Schema's JSON type and whether it admits null, as the fixture writes them. */
function jsonType(doc: object, schema: SchemaObject): [string, 'yes' | 'no'] {
  if (schema.oneOf) {
    const branches = schema.oneOf.map((b) => resolveRef<SchemaObject>(doc as never, b));
    const real = branches.filter((b) => b.type !== 'null');
    return [jsonType(doc, real[0]!)[0], branches.length > real.length ? 'yes' : 'no'];
  }
  const resolved = resolveRef<SchemaObject>(doc as never, schema);
  const types = [resolved.type].flat().filter((t): t is NonNullable<typeof t> => t !== undefined);
  const real = types.filter((t) => t !== 'null');
  expect(real, JSON.stringify(schema)).toHaveLength(1);
  return [real[0]!, types.includes('null') ? 'yes' : 'no'];
}

/** The same rows, from the release's description. */
function described(release: SupportedRelease): string[] {
  const doc = committedDocument(release);
  const rows: string[] = [];
  for (const [event, hook] of Object.entries((doc as unknown as { webhooks: Record<string, Hook> }).webhooks)) {
    const schema = resolveRef<SchemaObject>(doc, hook.post.requestBody.content['application/json']!.schema);
    for (const [property, value] of Object.entries(schema.properties ?? {})) {
      const [type, nullable] = jsonType(doc, value as SchemaObject);
      rows.push([event, hook.post['x-onedev-event-type'], property, type, nullable].join('\t'));
    }
  }
  return rows.sort();
}

describe.each(SUPPORTED_RELEASES)('web hooks of %s', (release) => {
  const doc = committedDocument(release);
  const hooks = (doc as unknown as { webhooks: Record<string, Hook> }).webhooks;

  it('are the events, event types and payload properties (JSON type, nullability) of the table written from its source, both ways', () => {
    const want = fixture(release);
    const have = described(release);
    expect(want.length).toBeGreaterThan(100);
    expect(have.filter((row) => !want.includes(row)), 'in the description, not in the source table').toEqual([]);
    expect(want.filter((row) => !have.includes(row)), 'in the source table, not in the description').toEqual([]);
  });

  it('each payload is an object schema in components that requires every property, with an example that validates', () => {
    const validator = createValidator(doc);
    for (const [event, hook] of Object.entries(hooks)) {
      const media = hook.post.requestBody.content['application/json']!;
      const schema = resolveRef<SchemaObject>(doc, media.schema);
      expect(media.schema.$ref, event).toMatch(/^#\/components\/schemas\/\w+Payload$/);
      expect(schema.required?.slice().sort(), event).toEqual(Object.keys(schema.properties ?? {}).sort());
      const example = resolveRef<{ value: unknown }>(doc, Object.values(media.examples)[0]).value;
      const validate = validator.compile(media.schema);
      expect(validate(example), `${event}: ${errorsOf(validate).join('; ')}`).toBe(true);
      expect(schema.examples, `${event}'s schema carries the same example`).toEqual([example]);
    }
  });

  it('each names its event type, OneDev\'s headers, the 200 OneDev wants, and no credentials of ours', () => {
    for (const [event, hook] of Object.entries(hooks)) {
      const post = hook.post as unknown as { security: unknown[]; parameters: Array<{ name: string; in: string; required: boolean }>; responses: Record<string, unknown>; operationId: string };
      expect(post.operationId).toBe(`webhook${event}`);
      expect(post.security).toEqual([]);
      expect(post.parameters.filter((p) => p.in === 'header' && p.required).map((p) => p.name)).toEqual(['X-OneDev-Signature', 'Accept-Charset']);
      expect(Object.keys(post.responses)).toEqual(['200', 'default']);
    }
  });
});

describe.each(SUPPORTED_RELEASES)('the %s variants', (release) => {
  const read = (file: string) => JSON.parse(readFileSync(join(ROOT, 'generated/releases', release, file), 'utf8')) as Record<string, any>;
  const doc = committedDocument(release) as unknown as { webhooks: Record<string, Hook> };
  const payloads = Object.values(doc.webhooks).map((h) => h.post.requestBody.content['application/json']!.schema.$ref.split('/').pop()!);

  it('3.0 has no `webhooks`, keeps every payload schema, and its description says so, naming them', () => {
    const v30 = read('openapi-3.0.json');
    expect(v30.webhooks).toBeUndefined();
    for (const name of payloads) {
      expect(v30.components.schemas[name], name).toBeDefined();
      expect(v30.info.description).toContain(`\`${name}\``);
    }
    expect(v30.info.description).toContain(`leaves out the ${payloads.length} events`);
  });

  it('the dereferenced file keeps `webhooks`, each payload inlined', () => {
    const deref = read('openapi.deref.json');
    expect(Object.keys(deref.webhooks)).toEqual(Object.keys(doc.webhooks));
    for (const [name, item] of Object.entries(deref.webhooks as Record<string, any>)) {
      const schema = item.post.requestBody.content['application/json'].schema;
      expect(schema.$ref, name).toBeUndefined();
      expect(Object.keys(schema.properties), name).toContain('projectId');
    }
  });
});

describe('across releases', () => {
  const types = (release: SupportedRelease) => new Set(Object.values((committedDocument(release) as unknown as { webhooks: Record<string, Hook> }).webhooks).map((h) => h.post['x-onedev-event-type']));
  it('WORKSPACE is selectable only in the newest release; the six other event types in all', () => {
    for (const release of SUPPORTED_RELEASES) {
      expect([...types(release)].sort(), release).toEqual(
        ['BUILD', 'CODE_COMMENT', 'CODE_PUSH', 'ISSUE', 'PACKAGE', 'PULL_REQUEST', ...(release === 'v16.5.6' ? ['WORKSPACE'] : [])].sort(),
      );
    }
  });

  it('says custom headers only from v14.1.6 on, and where payloads carry no `type`, how to tell events apart', () => {
    for (const release of SUPPORTED_RELEASES) {
      const post = Object.values((committedDocument(release) as unknown as { webhooks: Record<string, { post: Record<string, unknown> }> }).webhooks)[0]!.post;
      const typed = ['v14.1.9', 'v15.1.8', 'v16.5.6'].includes(release);
      expect(post['x-onedev-custom-headers'], release).toBe(typed);
      expect(String(post.description), release).toMatch(typed ? /names its event class in `type`/ : /carry no `type` property/);
    }
  });
});
