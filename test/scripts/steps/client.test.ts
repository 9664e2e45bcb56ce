/**
 * The client step: generated/operations.ts holds a complete, exact table of each published
 * release's operations (the default release's whole, the others as differences), the releases'
 * `paths` types and the known tags.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { OpenAPIObject, ParameterObject } from 'openapi3-ts/oas31';
import { clientStep, operationRows, renderOperations } from '../../../scripts/lib/steps/client.js';
import { CatalogueError } from '../../../scripts/lib/problems.js';
import { DEFAULT_RELEASE, ONEDEV_TAGS, SUPPORTED_RELEASES } from '../../../spec/releases.js';
import { ONEDEV_TAGS as ONEDEV_TAGS_GENERATED, operationTable, PUBLISHED_RELEASES, releaseTableChanges } from '../../../generated/operations.js';
import { operationTableOf } from '../../../src/operation-table.js';
import { releaseOperationTable } from '../../../src/operations.js';
import { committedDocument, operationsOf, pinnedOperationIds, resolveRef, ROOT } from '../../helpers.js';

const doc = committedDocument();

describe('operation table', () => {
  it("has exactly the default release's operations, each with its pinned id, method and path", () => {
    const table = Object.entries(operationTable).map(([id, info]) => `${id} ${info.method} ${info.path}`).sort();
    const documented = operationsOf(doc).map(({ method, path, operation }) => `${operation.operationId} ${method} ${path}`).sort();
    expect(table).toEqual(documented);
    const pinned = new Set(pinnedOperationIds.map((p) => `${p.id} ${p.method} ${p.path}`));
    expect(table.filter((row) => !pinned.has(row))).toEqual([]);
  });

  it('takes rawText from x-onedev-raw-text and tags from the document', () => {
    for (const { method, path, operation } of operationsOf(doc)) {
      const info = operationTable[operation.operationId as keyof typeof operationTable];
      expect(info, operation.operationId).toMatchObject({
        method,
        path,
        tag: operation.tags![0],
        rawText: (operation.requestBody as Record<string, unknown> | undefined)?.['x-onedev-raw-text'] === true,
      });
    }
  });

  it('marks as paged exactly the reads that take offset and count', () => {
    const paged = Object.values(operationTable).filter((info) => info.paged).map((info) => `${info.method} ${info.path}`);
    const withPaging = operationsOf(doc)
      .filter(({ method, operation }) => {
        const names = (operation.parameters ?? []).map((p) => resolveRef<ParameterObject>(doc, p)).filter((p) => p.in === 'query').map((p) => p.name);
        return method === 'GET' && names.includes('offset') && names.includes('count');
      })
      .map(({ method, path }) => `${method} ${path}`);
    expect(paged.sort()).toEqual(withPaging.sort());
    for (const path of ['/builds', '/groups', '/label-specs', '/packages', '/pulls', '/roles']) expect(paged).toContain(`GET ${path}`);
  });

  it('is deterministic', () => {
    const rows = (d: OpenAPIObject) => new Map([[DEFAULT_RELEASE, operationRows(d)]]);
    expect(renderOperations(rows(doc))).toBe(renderOperations(rows(structuredClone(doc))));
  });

  it('names operations the client could not address', () => {
    const broken = structuredClone(doc) as OpenAPIObject;
    delete broken.paths!['/ssh-keys']!.post!.operationId;
    broken.paths!['/ssh-keys']!.post!.tags = [];
    const body = broken.paths!['/pulls/{requestId}/title']!.post!.requestBody as { content: Record<string, unknown> };
    body.content = { 'text/plain': body.content['application/json'] };
    let problems: readonly string[] = [];
    try {
      operationRows(broken);
    } catch (error) {
      if (!(error instanceof CatalogueError)) throw error;
      problems = error.problems;
    }
    expect(problems).toEqual([
      'POST /pulls/{requestId}/title: a raw-text body must be declared as application/json, as OneDev reads it',
      'POST /ssh-keys: no operationId, the client cannot name it',
      'POST /ssh-keys: no tag',
    ]);
  });

  it('names the release too when an older release has a problem', () => {
    const docs = new Map(SUPPORTED_RELEASES.map((tag) => [tag, committedDocument(tag) as OpenAPIObject]));
    const broken = structuredClone(docs.get('v14.1.9')!);
    delete broken.paths!['/ssh-keys']!.post!.operationId;
    docs.set('v14.1.9', broken);
    expect(() => clientStep(docs)).toThrow(/- v14\.1\.9: POST \/ssh-keys: no operationId/);
  });
});

describe('every published release', () => {
  it('lists the published releases, the default last, and every tag of the catalogue', () => {
    expect([...PUBLISHED_RELEASES]).toEqual([...SUPPORTED_RELEASES]);
    expect(PUBLISHED_RELEASES.at(-1)).toBe(DEFAULT_RELEASE);
    expect([...(ONEDEV_TAGS_GENERATED as readonly string[])]).toEqual([...ONEDEV_TAGS]);
  });

  it.each(SUPPORTED_RELEASES)("%s: the client's table equals what that release's 3.1 and 3.0 descriptions say", (tag) => {
    const table = releaseOperationTable(tag);
    expect(table).toEqual(operationTableOf(committedDocument(tag)));
    const doc30 = JSON.parse(readFileSync(join(ROOT, 'generated/releases', tag, 'openapi-3.0.json'), 'utf8')) as unknown;
    expect(operationTableOf(doc30)).toEqual(table);
  });

  it('releases differ in raw-text operations (so each needs its own table)', () => {
    const rawText = (tag: (typeof SUPPORTED_RELEASES)[number]) =>
      Object.values(releaseOperationTable(tag)).filter((o) => o.rawText).map((o) => `${o.method} ${o.path}`).sort();
    const counts = new Set(SUPPORTED_RELEASES.map((tag) => rawText(tag).join('\n')));
    expect(counts.size).toBeGreaterThan(1);
    expect(rawText('v16.5.6')).toContain('POST /pulls/{requestId}/approve');
    expect(rawText('v14.1.9')).not.toContain('POST /pulls/{requestId}/approve');
  });

  it('writes an older release only as its difference from the default: no row repeats the default table', () => {
    const base = operationTable as Record<string, unknown>;
    let repeated = 0;
    let rows = 0;
    for (const change of Object.values(releaseTableChanges)) {
      for (const [operationId, info] of Object.entries(change.with)) {
        rows += 1;
        if (JSON.stringify(base[operationId]) === JSON.stringify(info)) repeated += 1;
      }
      for (const operationId of change.without) expect(Object.hasOwn(base, operationId), operationId).toBe(true);
    }
    expect(repeated).toBe(0);
    // Far fewer rows than five whole tables would have.
    expect(rows).toBeLessThan(Object.keys(base).length * 2);
  });
});
