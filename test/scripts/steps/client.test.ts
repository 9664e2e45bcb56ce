/** The client step: generated/operations.ts is a complete, exact table of the document's operations. */
import { describe, expect, it } from 'vitest';
import type { OpenAPIObject } from 'openapi3-ts/oas31';
import { operationRows, renderOperations } from '../../../scripts/lib/steps/client.js';
import { CatalogueError } from '../../../scripts/lib/problems.js';
import { operationTable } from '../../../generated/operations.js';
import { committedDocument, operationsOf, pinnedOperationIds } from '../../helpers.js';

const doc = committedDocument();

describe('operation table', () => {
  it('has every pinned operation with its method and path, and nothing else (132)', () => {
    const table = Object.entries(operationTable).map(([id, info]) => ({ id, method: info.method, path: info.path }));
    expect(table).toHaveLength(132);
    expect(new Set(table.map((r) => r.id)).size).toBe(132);
    const byId = (a: { id: string }, b: { id: string }) => a.id.localeCompare(b.id);
    expect([...table].sort(byId)).toEqual([...pinnedOperationIds].sort(byId));
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

  it('marks the six collection reads as paged', () => {
    const paged = Object.values(operationTable).filter((info) => info.paged).map((info) => info.path);
    expect(paged.sort()).toEqual(['/builds', '/groups', '/label-specs', '/packages', '/pulls', '/roles']);
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
