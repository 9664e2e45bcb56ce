/**
 * How each update applies its body (issue 16, item 8), read from OneDev's source: an entity posted to
 * `POST /<resource>/{id}` is read into the stored record loaded by the path id (EntityDeserializer),
 * so a property left out keeps its value; a resource's own data bean (ProjectData, UserUpdateData,
 * the settings of a project or an account) is copied over the record, so a property left out takes
 * its default.
 */
import { describe, expect, it } from 'vitest';
import type { RequestBodyObject, SchemaObject } from 'openapi3-ts/oas31';
import { UPDATE_TEXT } from '../../scripts/lib/transform-operation.js';
import { committedDocument, operationsOf, SUPPORTED_RELEASES } from '../helpers.js';

type Body = RequestBodyObject & { 'x-onedev-update'?: 'merge' | 'replace'; 'x-onedev-raw-text'?: boolean };

/** POST paths whose body is merged into the stored entity; every other update replaces. */
const MERGED = [
  '/access-token-authorizations/{authorizationId}',
  '/access-tokens/{accessTokenId}',
  '/groups/{groupId}',
  '/issue-watches/{watchId}',
  '/issue-works/{workId}',
  '/iterations/{iterationId}',
  '/label-specs/{labelSpecId}',
  '/milestones/{milestoneId}',
  '/pull-request-reviews/{reviewId}',
  '/pull-request-watches/{watchId}',
  '/roles/{roleId}',
  '/sso-providers/{ssoProviderId}',
];
const REPLACED = ['/users/{userId}', '/users/{userId}/ai-setting', '/users/{userId}/queries-and-watches', '/projects/{projectId}/setting'];

describe.each(SUPPORTED_RELEASES)('%s', (release) => {
  const doc = committedDocument(release);
  const updates = operationsOf(doc).filter(({ operation }) => (operation.requestBody as Body | undefined)?.['x-onedev-update']);

  it('every POST /<resource>/{id} with a JSON body says how it applies it', () => {
    const silent = operationsOf(doc)
      .filter(({ method, path, operation }) => {
        const body = operation.requestBody as Body | undefined;
        return method === 'POST' && /^\/[^/]+\/\{[^}]+\}$/.test(path) && body?.content?.['application/json'] && !body['x-onedev-raw-text'];
      })
      .filter(({ operation }) => !(operation.requestBody as Body)['x-onedev-update'])
      .map(({ operation }) => operation.operationId);
    expect(silent).toEqual([]);
  });

  it('entities are merged, data beans replace, as the source reads', () => {
    for (const { path, operation } of updates) {
      const mode = (operation.requestBody as Body)['x-onedev-update'];
      // Update Project took the Project entity until v12.0.0, its own ProjectData bean since.
      const expected = MERGED.includes(path) || (path === '/projects/{projectId}' && release === 'v11.11.4') ? 'merge' : 'replace';
      expect(mode, operation.operationId).toBe(expected);
      if (expected === 'replace') expect(REPLACED.includes(path) || path === '/projects/{projectId}', operation.operationId).toBe(true);
      expect((operation.requestBody as Body).description, operation.operationId).toContain(UPDATE_TEXT[mode!]);
    }
    expect(updates.length).toBeGreaterThanOrEqual(13);
  });

  it('an <Entity>Update schema\'s note agrees with the operation that takes it', () => {
    for (const { operation } of updates) {
      const ref = ((operation.requestBody as Body).content!['application/json']!.schema as { $ref?: string }).$ref;
      const name = ref?.split('/').pop();
      if (!name?.endsWith('Update')) continue;
      const schema = doc.components!.schemas![name] as SchemaObject;
      const merged = (operation.requestBody as Body)['x-onedev-update'] === 'merge';
      expect(schema.description, name).toMatch(merged ? /applies only the properties present/ : /a property left out takes its default/);
      if (merged) expect(schema.required, name).toBeUndefined();
    }
  });
});

it('Update Project no longer claims what the info text contradicts: it replaces, and says so once', () => {
  const update = operationsOf(committedDocument('v16.5.6')).find((o) => o.operation.operationId === 'projectUpdateProject')!;
  expect((update.operation.requestBody as Body)['x-onedev-update']).toBe('replace');
  expect(update.operation.description).not.toMatch(/takes its default/);
});
