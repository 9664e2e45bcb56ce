/** The client step: generated/operations.ts is a complete, exact table of the document's operations. */
import { describe, expect, it } from 'vitest';
import type { OpenAPIObject, ParameterObject } from 'openapi3-ts/oas31';
import { operationRows, renderOperations } from '../../../scripts/lib/steps/client.js';
import { CatalogueError } from '../../../scripts/lib/problems.js';
import { operationTable } from '../../../generated/operations.js';
import { committedDocument, operationsOf, pinnedOperationIds, resolveRef } from '../../helpers.js';

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
    expect(renderOperations(operationRows(doc))).toBe(renderOperations(operationRows(structuredClone(doc))));
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
});
