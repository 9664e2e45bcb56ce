/**
 * Two answers OneDev gives that its reading missed and a running v16.5.6 server showed (issue 37,
 * items 2 and 3), held at every published release:
 * - 415 for a POST not labelled JSON: every resource class but the job trigger's consumes JSON
 *   (`@Consumes(application/json)`), so every POST but the trigger's and the uploads' documents it;
 *   a POST whose Java method takes no entity documents an optional JSON body the server ignores.
 * - 400, not 404, for a missing id on the reads that return the row they loaded untouched.
 * The expected lists below were read from OneDev's resource classes at every tag (methods with
 * `@POST` and no entity parameter; `@GET` methods returning `service.load(id)` unread).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { OpenAPIObject, OperationObject, RequestBodyObject, ResponseObject } from 'openapi3-ts/oas31';
import { describe, expect, it } from 'vitest';
import { compareTags } from '../../spec/releases.js';
import { createValidator } from '../support/ajv.js';
import { committedDocument, operationsOf, resolveRef, ROOT, SUPPORTED_RELEASES, type SupportedRelease } from '../helpers.js';

const since = (release: string, tag: string): boolean => compareTags(release as never, tag as never) >= 0;

/** POSTs whose Java method takes no entity at every tag (the job trigger's aside), and those that came later. */
const BODYLESS_POSTS = ['/agent-tokens', '/users/{userId}/disable', '/users/{userId}/enable'];
const BODYLESS_LATER = ['/pulls/{requestId}/reviewers/{userId}', '/pulls/{requestId}/assignees/{userId}', '/users/{userId}/convert-to-service-account', '/issues/{issueId}/branch', '/workspaces/{workspaceId}/reprovision'];

/** The reads that answer a missing id with 400, their model class, and for which callers. */
const MISSING_ID_400: ReadonlyArray<{ path: string; model: string; callers: 'everyone' | 'administrators'; since?: string }> = [
  { path: '/memberships/{membershipId}', model: 'Membership', callers: 'everyone' },
  { path: '/agents/{agentId}', model: 'Agent', callers: 'everyone' },
  { path: '/agent-tokens/{tokenId}', model: 'AgentToken', callers: 'everyone' },
  { path: '/groups/{groupId}', model: 'Group', callers: 'everyone' },
  { path: '/label-specs/{labelSpecId}', model: 'LabelSpec', callers: 'everyone' },
  { path: '/roles/{roleId}', model: 'Role', callers: 'everyone' },
  { path: '/sso-providers/{ssoProviderId}', model: 'SsoProvider', callers: 'everyone', since: 'v13.1.7' },
  { path: '/access-tokens/{accessTokenId}', model: 'AccessToken', callers: 'administrators' },
  { path: '/email-addresses/{emailAddressId}', model: 'EmailAddress', callers: 'administrators' },
  { path: '/ssh-keys/{sshKeyId}', model: 'SshKey', callers: 'administrators' },
];

const UNSUPPORTED = 'HTTP 415 Unsupported Media Type';

function response(doc: OpenAPIObject, operation: OperationObject, status: string): ResponseObject | undefined {
  const found = operation.responses?.[status];
  return found === undefined ? undefined : resolveRef<ResponseObject>(doc, found);
}
const exampleOf = (r: ResponseObject | undefined): unknown => r?.content?.['text/plain']?.example;

describe.each(SUPPORTED_RELEASES)('at %s', (release: SupportedRelease) => {
  const doc = committedDocument(release);
  const operations = operationsOf(doc);
  const validator = createValidator(doc);

  it('documents 415, with the server\'s text, on every POST that consumes JSON, and on no GET or DELETE', () => {
    const missing: string[] = [];
    for (const { method, path, operation } of operations) {
      const body = operation.requestBody ? resolveRef<RequestBodyObject>(doc, operation.requestBody) : undefined;
      const upload = body?.content?.['application/octet-stream'] !== undefined;
      const shouldHave = method.toLowerCase() === 'post' && !upload && path !== '/trigger-job';
      const has = response(doc, operation, '415');
      if (shouldHave && exampleOf(has) !== UNSUPPORTED) missing.push(`${method} ${path}`);
      if (!shouldHave && has) missing.push(`${method} ${path} (should not)`);
    }
    expect(missing).toEqual([]);
    expect(operations.filter((o) => o.operation.responses?.['415']).length).toBeGreaterThan(60);
  });

  it('gives each POST that reads no body an optional JSON body that takes {} and is marked ignored', () => {
    const expected = BODYLESS_POSTS;
    const ignored = operations
      .filter(({ operation }) => operation.requestBody && resolveRef<RequestBodyObject>(doc, operation.requestBody)['x-onedev-ignored-body'] === true)
      .map(({ method, path, operation }) => {
        const body = resolveRef<RequestBodyObject>(doc, operation.requestBody!);
        expect(method.toLowerCase()).toBe('post');
        expect(body.required).toBe(false);
        const schema = body.content!['application/json']!.schema!;
        expect(validator.compile(schema)({}), `${path} takes {}`).toBe(true);
        return path;
      });
    for (const route of expected) expect(ignored, route).toContain(route);
    // Routes that came later: each present one is a bodyless POST too.
    const later = BODYLESS_LATER.filter((route) => doc.paths?.[route]?.post);
    for (const route of later) expect(ignored, route).toContain(route);
    expect(ignored.sort()).toEqual([...expected, ...later].sort());
    if (release === 'v16.5.6') expect(ignored).toHaveLength(8);
  });

  it('answers a missing id with 400 and Hibernate\'s message on the reads that return the row untouched, 404 elsewhere', () => {
    const listed = MISSING_ID_400.filter((entry) => !entry.since || since(release, entry.since));
    for (const { path, model, callers } of listed) {
      const read = doc.paths![path]!.get!;
      expect(read['x-onedev-missing-id'], path).toEqual({ status: 400, callers });
      const bad = response(doc, read, '400');
      expect(exampleOf(bad), path).toBe(`No row with the given identifier exists: [io.onedev.server.model.${model}#42]`);
      expect(bad!.description).toMatch(/No record has the id in the path/);
      // A non-numeric id (and, for the owner-checked reads, a caller who is no administrator) still gets 404.
      expect(response(doc, read, '404'), path).toBeDefined();
      if (callers === 'administrators') expect(bad!.description).toMatch(/site administrator/);
    }
    const others = operations.filter((o) => o.operation['x-onedev-missing-id'] !== undefined).map((o) => o.path);
    expect(others.sort()).toEqual(listed.map((l) => l.path).sort());
    // Users, issues, builds and the rest answer 404 with the missing row.
    for (const path of ['/users/{userId}', '/issues/{issueId}', '/builds/{buildId}']) {
      const read = doc.paths![path]!.get!;
      expect(read['x-onedev-missing-id']).toBeUndefined();
      expect(String(exampleOf(response(doc, read, '404')))).toMatch(/^No row with the given identifier exists/);
    }
  });
});

describe('the recorded answers of a v16.5.6 server (transcript lines in the fixture)', () => {
  const doc = committedDocument('v16.5.6');
  const recorded = readFileSync(join(ROOT, 'test/fixtures/real-server/content-type-and-missing-id.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { line: number; operationId: string; status: number; requestHeaders: Record<string, string>; responseBody: string });
  const byId = new Map(operationsOf(doc).map((o) => [o.operation.operationId, o.operation]));

  it.each(recorded.map((r) => [r.line, r] as const))('line %i: the status is documented, and a 400/404/415 says what the server said', (_line, answer) => {
    const operation = byId.get(answer.operationId)!;
    expect(operation, answer.operationId).toBeDefined();
    const documented = response(doc, operation, String(answer.status));
    expect(documented, `${answer.operationId} ${answer.status}`).toBeDefined();
    const example = String(exampleOf(documented));
    // The examples name id 42; the server named the id asked for. The shared 404 names a pull request.
    if (answer.status === 400 || answer.status === 415) expect(answer.responseBody.replace(/#\d+\]/, '#42]')).toBe(example);
    const row = /^No row with the given identifier exists: \[io\.onedev\.server\.model\.\w+#\d+\]$/;
    if (answer.status === 404) {
      expect(answer.responseBody).toMatch(row);
      expect(example).toMatch(row);
    }
    if (answer.status === 415) expect(answer.requestHeaders['content-type']).toBeUndefined();
  });
});
