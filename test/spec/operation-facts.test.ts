/**
 * Operation facts of issue 16 read from OneDev's source: Create Issue Branch answers an existing
 * branch before any permission check (item 4), Trigger Job's refusal is always 401 (item 5), and
 * every read with an integer query parameter declares the 404 a non-integer value gets (item 17).
 */
import { describe, expect, it } from 'vitest';
import type { OperationObject, ParameterObject, SchemaObject } from 'openapi3-ts/oas31';
import { committedDocument, operationsOf, resolveRef, SUPPORTED_RELEASES } from '../helpers.js';

const find = (release: (typeof SUPPORTED_RELEASES)[number], method: string, path: string): OperationObject =>
  operationsOf(committedDocument(release)).find((o) => o.method === method && o.path === path)!.operation;
const isInteger = (schema: SchemaObject | undefined) =>
  schema?.type === 'integer' || (Array.isArray(schema?.type) && schema!.type.includes('integer'));

describe('Create Issue Branch (item 4)', () => {
  it('says an existing branch is answered before any permission check, and when 403 applies', () => {
    const text = find('v16.5.6', 'POST', '/issues/{issueId}/branch').description!;
    const permission = text.slice(text.indexOf('**Permission:**'));
    expect(permission).toMatch(/already carries the issue's number: its name is answered without a permission check/);
    expect(permission).toMatch(/Otherwise a signed-in user allowed to create the suggested branch/);
    expect(text.slice(0, text.indexOf('**Permission:**'))).toMatch(/nothing is created, before any permission check/);
  });
});

describe('Trigger Job answers a refused token with 401, never 403 (item 5)', () => {
  it.each(SUPPORTED_RELEASES)('%s', (release) => {
    for (const method of ['GET', 'POST']) {
      const op = find(release, method, '/trigger-job');
      expect(Object.keys(op.responses!), method).toContain('401');
      expect(Object.keys(op.responses!), method).not.toContain('403');
      expect(op.description).toMatch(/gets 401 with the text body `Not authorized`, never 403, even when the request also carries valid credentials/);
      expect(op.description).not.toMatch(/403 for one with them/);
    }
  });
});

describe('a non-integer query integer is answered 404 (item 17)', () => {
  it.each(SUPPORTED_RELEASES)('%s: every operation with an integer query parameter declares 404', (release) => {
    const doc = committedDocument(release);
    const withInteger = operationsOf(doc).filter(({ operation }) =>
      (operation.parameters ?? []).map((p) => resolveRef<ParameterObject>(doc, p)).some((p) => p.in === 'query' && isInteger(p.schema as SchemaObject)),
    );
    expect(withInteger.length).toBeGreaterThan(10);
    expect(withInteger.filter(({ operation }) => !operation.responses?.['404']).map(({ operation }) => operation.operationId)).toEqual([]);
  });

  it.each([
    ['v16.5.6', ['buildQueryBuilds', 'labelSpecQuerySpecs', 'packageQueryPacks', 'projectQueryProjects', 'workspaceQueryWorkspaces', 'agentQueryAgents', 'agentTokenQueryTokens', 'packageBlobFindByHash']],
  ] as const)('%s: the eight reads that lacked it declare it', (release, ids) => {
    const byId = new Map(operationsOf(committedDocument(release)).map(({ operation }) => [operation.operationId, operation]));
    for (const id of ids) expect(byId.get(id)?.responses?.['404'], id).toEqual({ $ref: '#/components/responses/NotFound' });
  });
});
