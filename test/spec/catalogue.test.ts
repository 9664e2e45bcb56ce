/** The catalogue against the seed: every operation of its 20 groups at v11.11.4, exactly, and nothing else. */
import { describe, expect, it } from 'vitest';
import type { ParameterObject } from 'openapi3-ts/oas31';
import { RAW_TEXT_OPERATIONS, operationsOf, pinnedOperationIds, resolveRef, seedDocument, seedRows } from '../helpers.js';

/** The seed fixes v11.11.4's operations; the other releases are checked against their route tables. */
const doc = seedDocument();
const SEED_GROUPS = [...new Set(seedRows.map((r) => r.group))];
/** The seed's groups; v11.11.4 also describes the other resource classes of its source (issue 12). */
const ops = operationsOf(doc).filter((o) => SEED_GROUPS.includes(o.operation.tags?.[0] ?? ''));
const key = (r: { group: string; name: string; method: string; path: string }) =>
  `${r.group} | ${r.name} | ${r.method} ${r.path}`;
const docRows = ops.map(({ method, path, operation }) => ({
  group: operation.tags?.[0] ?? '(no tag)',
  name: operation.summary ?? '(no summary)',
  method,
  path,
}));

describe('operations against the seed', () => {
  it('the fixture holds the 132 operations of 20 groups', () => {
    expect(seedRows).toHaveLength(132);
    expect(new Set(seedRows.map((r) => r.group)).size).toBe(20);
  });

  it('has no operation the seed lacks', () => {
    const seed = new Set(seedRows.map(key));
    expect(docRows.map(key).filter((k) => !seed.has(k))).toEqual([]);
  });

  it('lacks no operation of the seed', () => {
    const documented = new Set(docRows.map(key));
    expect(seedRows.map(key).filter((k) => !documented.has(k))).toEqual([]);
  });

  it('tags each operation with exactly its group, and declares the 20 tags in seed order', () => {
    for (const { operation } of ops) expect(operation.tags).toHaveLength(1);
    // The seed's groups come first, in its order; groups beyond the seed follow.
    expect(doc.tags?.map((t) => t.name).slice(0, SEED_GROUPS.length)).toEqual(SEED_GROUPS);
    for (const tag of doc.tags ?? []) expect(tag.description?.length ?? 0).toBeGreaterThan(20);
  });

  it('keeps the pinned operationIds of the seed (a rename must be deliberate)', () => {
    const pinned = new Set(pinnedOperationIds.map((p) => `${p.id} ${p.method} ${p.path}`));
    const actual = ops.map(({ method, path, operation }) => `${operation.operationId} ${method} ${path}`);
    expect(actual.filter((row) => !pinned.has(row))).toEqual([]);
    expect(actual).toHaveLength(seedRows.length);
  });

  it('uses URL-safe, unique operationIds', () => {
    const ids = ops.map((o) => o.operation.operationId!);
    expect(new Set(ids).size).toBe(132);
    for (const id of ids) expect(id).toMatch(/^[a-z][A-Za-z0-9]*$/);
  });
});

describe('operation details', () => {
  it('describes every operation and states who may call it', () => {
    for (const { operation } of ops) {
      expect(operation.description, operation.operationId).toMatch(/\*\*Permission:\*\* \S/);
    }
  });

  it('types path ids as int64 and group/role names as strings', () => {
    for (const { path, operation } of ops) {
      for (const p of operation.parameters ?? []) {
        const param = resolveRef<ParameterObject>(doc, p);
        if (param.in !== 'path') continue;
        expect(param.required).toBe(true);
        const expected = param.name === 'name' ? { type: 'string' } : { type: 'integer', format: 'int64' };
        expect(param.schema, `${path} ${param.name}`).toMatchObject(expected);
      }
    }
  });

  it('gives every collection read required offset and count, and the right filter', () => {
    const collections = ops.filter((o) => o.method === 'GET' && /^(Query|Query Basic Info)$/.test(o.operation.summary!));
    expect(collections.map((c) => c.path).sort()).toEqual(['/builds', '/groups', '/label-specs', '/packages', '/pulls', '/roles']);
    for (const { path, operation } of collections) {
      const params = (operation.parameters ?? []).map((p) => resolveRef<ParameterObject>(doc, p));
      const byName = Object.fromEntries(params.map((p) => [p.name, p]));
      expect(byName.offset?.required, path).toBe(true);
      expect(byName.count?.required, path).toBe(true);
      const filter = ['/pulls', '/builds', '/packages'].includes(path) ? 'query' : 'name';
      expect(byName[filter]?.required, path).toBe(false);
      expect(Object.keys(byName).sort()).toEqual(['count', 'offset', filter].sort());
    }
    const count = (path: string) =>
      resolveRef<ParameterObject>(doc, collections.find((c) => c.path === path)!.operation.parameters!.find((p) => resolveRef<ParameterObject>(doc, p).name === 'count'));
    expect(count('/roles').schema).toMatchObject({ maximum: 100 });
    for (const path of ['/pulls', '/builds', '/packages']) expect(count(path).description).toMatch(/100/);
    for (const path of ['/groups', '/label-specs']) expect((count(path).schema as { maximum?: number }).maximum).toBeUndefined();
  });

  it('answers errors as text/plain through shared responses, validation failures also as JSON-labelled answers', () => {
    for (const { operation } of ops) {
      const statuses = Object.keys(operation.responses ?? {});
      expect(statuses, operation.operationId).toContain('401');
      for (const status of statuses.filter((s) => Number(s) >= 400)) {
        const ref = (operation.responses![status] as { $ref?: string }).$ref;
        const response = resolveRef<{ content: Record<string, { schema?: { $ref?: string } }> }>(doc, operation.responses![status]);
        if (ref === undefined) {
          // An operation's own wording of a status (a lookup by name's 404) is still the shared plain-text error.
          expect(response.content['text/plain']?.schema?.$ref, `${operation.operationId} ${status}`).toBe('#/components/schemas/ErrorMessage');
        } else {
          expect(ref, `${operation.operationId} ${status}`).toMatch(/^#\/components\/responses\//);
        }
        // Validation failures are also labelled `application/json` (the mapper sets no media type).
        const expected = ref?.endsWith('OrInvalid') ? ['text/plain', 'application/json'] : ['text/plain'];
        expect(Object.keys(response.content), `${operation.operationId} ${status}`).toEqual(expected);
      }
    }
  });

  it('marks the four Milestone operations deprecated in favour of Iterations', () => {
    const milestone = ops.filter((o) => o.operation.tags?.[0] === 'Milestone');
    expect(milestone).toHaveLength(4);
    for (const { operation } of milestone) {
      expect(operation.deprecated).toBe(true);
      expect(operation.description).toMatch(/10\.9\.0/);
      expect(operation.description).toMatch(/[Ii]teration/);
    }
    expect(ops.filter((o) => o.operation.deprecated)).toHaveLength(4);
  });

  it('lets exactly the four clearable settings areas take a null body', () => {
    const optional = ops.filter((o) => (o.operation.requestBody as { content?: Record<string, { schema?: { oneOf?: unknown[] } }> } | undefined)?.content?.['application/json']?.schema?.oneOf?.some((b) => JSON.stringify(b) === '{"type":"null"}'));
    expect(optional.map((o) => o.operation.operationId).sort()).toEqual(
      ['settingSetAuthenticator', 'settingSetBackupSetting', 'settingSetMailService', 'settingSetServiceDeskSetting'],
    );
    for (const { operation } of optional) {
      expect((operation.requestBody as { required: boolean }).required).toBe(false);
      const schema = (operation.requestBody as { content: Record<string, { schema: { oneOf?: unknown[] } }> }).content['application/json']!.schema;
      expect(schema.oneOf).toContainEqual({ type: 'null' });
    }
  });

  it('marks the raw-text bodies, and only those', () => {
    const raw = ops
      .filter((o) => (o.operation.requestBody as Record<string, unknown> | undefined)?.['x-onedev-raw-text'])
      .map((o) => o.operation.operationId)
      .sort();
    expect(raw).toEqual([...RAW_TEXT_OPERATIONS].sort());
    // Each shows the real bytes in a curl sample: the example text, unquoted.
    for (const { operation } of ops.filter((o) => raw.includes(o.operation.operationId))) {
      const example = (operation.requestBody as { content: Record<string, { example: string }> }).content['application/json']!.example;
      const sample = (operation as { 'x-codeSamples'?: Array<{ source: string }> })['x-codeSamples']?.[0]?.source ?? '';
      expect(sample).toContain(`--data-binary '${example.replaceAll("'", "'\\''")}'`);
      expect(sample).toContain("Content-Type: application/json");
    }
  });
});

describe('document-level parts', () => {
  it('names the described OneDev release, a license and a contact', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info['x-onedev-version']).toBe('v11.11.4');
    expect(doc.info.license?.identifier).toBe('MIT');
    expect(doc.info.contact?.name).toBeTruthy();
  });

  it('has a server with an origin variable and the /~api base, after a complete default URL for generators', () => {
    expect(doc.servers).toHaveLength(2);
    expect(new URL(doc.servers![0]!.url).pathname).toBe('/~api');
    expect(doc.servers![1]!.url).toBe('{origin}/~api');
    expect(doc.servers![1]!.variables?.origin?.default).toMatch(/^https?:\/\//);
  });

  it('applies Basic and Bearer security to every operation', () => {
    expect(doc.components?.securitySchemes).toMatchObject({
      basicAuth: { type: 'http', scheme: 'basic' },
      bearerAuth: { type: 'http', scheme: 'bearer' },
    });
    expect(doc.security).toEqual([{ basicAuth: [] }, { bearerAuth: [] }]);
    for (const { operation } of ops) expect(operation.security).toBeUndefined();
  });

  it('explains ids vs numbers and the reference lookup every release takes', () => {
    expect(doc.info.description).toContain('`path/to/project#100` or `PROJECTKEY-100`');
    expect(doc.info.description).toContain('unquoted');
  });
});
