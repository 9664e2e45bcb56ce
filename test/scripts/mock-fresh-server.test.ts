/**
 * The mock's records start from what a fresh OneDev server holds (scripts/lib/mock/builtin-records.ts):
 * the project owner role and the default roles in setup's order, the administrator (id 1), the system accounts (read, never
 * listed), settings a fresh server has none of; and name lookups that find nothing answer 404 in
 * the words the description gives for each operation (the server's own).
 */
import { describe, expect, it } from 'vitest';
import type { OpenAPIObject, ResponseObject } from 'openapi3-ts/oas31';
import { releaseAtLeast } from '../../scripts/lib/mock/conversions.js';
import { MockEngine } from '../../scripts/lib/mock/engine.js';
import { committedDocument, SUPPORTED_RELEASES } from '../helpers.js';
import { ask } from './mock-fixtures.js';

type Rec = Record<string, unknown>;
const JSON_TYPE = { 'content-type': 'application/json' };

describe.each(SUPPORTED_RELEASES)('a fresh server at %s', (release) => {
  const doc = committedDocument(release);
  // The project owner role (Role.OWNER_ID, 1) is made first, then setup's default roles.
  const roles = ['Project Owner', 'Code Writer', 'Code Reader', ...(releaseAtLeast(release, 'v16.0.0') ? ['Workspace Creator'] : []), 'Package Writer', 'Package Reader', 'Issue Manager', 'Issue Reporter'];
  const usersHaveIds = 'id' in ((doc.components?.schemas?.UserData as { properties?: object } | undefined)?.properties ?? {});

  for (const stateful of [false, true]) {
    describe(stateful ? 'stateful' : 'stateless', () => {
      const engine = new MockEngine(doc, { stateful, records: 30 });

      it('lists the default roles first, with the ids setup gives them, then the generated ones', async () => {
        const listed = (await ask(engine, 'GET', '/roles?offset=0&count=100')).json() as Rec[];
        expect(listed.slice(0, roles.length).map((r) => [r.id, r.name])).toEqual(roles.map((name, i) => [i + 1, name]));
        expect(listed).toHaveLength(30);
        expect(new Set(listed.map((r) => r.name)).size).toBe(30);
        expect(new Set(listed.map((r) => r.id)).size).toBe(30);
        const reporter = listed.find((r) => r.name === 'Issue Reporter')!;
        expect(reporter).toMatchObject({ codePrivilege: 'NONE', accessTimeTracking: false });
        expect(listed[0]).toMatchObject({ name: 'Project Owner', manageProject: true, codePrivilege: 'NONE' });
        expect(listed.find((r) => r.name === 'Code Writer')).toMatchObject({ codePrivilege: 'WRITE', packPrivilege: 'WRITE', scheduleIssues: true });
        const found = await ask(engine, 'GET', `/roles/ids/${encodeURIComponent('Issue Reporter')}`);
        expect(found.text).toBe(String(reporter.id));
        expect((await ask(engine, 'GET', `/roles/${reporter.id}`)).json()).toMatchObject({ name: 'Issue Reporter' });
      });

      it('has the roles the description shows as examples exactly as it shows them', async () => {
        const examples = (doc.components?.examples ?? {}) as Record<string, { value?: unknown }>;
        const shown = examples.RoleList?.value as Rec[];
        expect(shown.length).toBeGreaterThan(1);
        for (const role of [...shown, examples.Role?.value as Rec]) {
          expect((await ask(engine, 'GET', `/roles/${role.id}`)).json()).toEqual(role);
        }
      });

      it('has the administrator first among the users, and the system accounts only by id and name', async () => {
        const users = (await ask(engine, 'GET', '/users?offset=0&count=100')).json() as Rec[];
        expect(users[0]).toMatchObject({ name: 'admin', disabled: false, ...(usersHaveIds ? { id: 1 } : {}) });
        expect(users.map((u) => u.name)).not.toContain('onedev');
        if (!usersHaveIds) return;
        expect((await ask(engine, 'GET', '/users/ids/admin')).text).toBe('1');
        expect((await ask(engine, 'GET', '/users/ids/onedev')).text).toBe('-1');
        expect((await ask(engine, 'GET', '/users/-1')).json()).toMatchObject({ id: -1, name: 'onedev', fullName: 'OneDev' });
        expect((await ask(engine, 'GET', '/users/-2')).json()).toMatchObject({ id: -2, name: 'unknown' });
      });
    });
  }

  it('starts a stateful run with the settings a fresh server has none of: cleared ones answer 204, lists are empty', async () => {
    const engine = new MockEngine(doc, { stateful: true, records: 5 });
    expect((await ask(engine, 'GET', '/settings/authenticator')).status).toBe(204);
    expect((await ask(engine, 'GET', '/settings/backup')).status).toBe(204);
    expect((await ask(engine, 'GET', '/settings/job-executors')).json()).toEqual([]);
    expect((await ask(engine, 'GET', '/settings/groovy-scripts')).json()).toEqual([]);
    // A setting written is read back as written (the release's documented example).
    const scripts = (await ask(new MockEngine(doc), 'GET', '/settings/groovy-scripts')).json();
    expect(scripts).not.toEqual([]);
    const written = await ask(engine, 'POST', '/settings/groovy-scripts', { headers: JSON_TYPE, body: JSON.stringify(scripts) });
    expect(written.status, written.text).toBeLessThan(300);
    expect((await ask(engine, 'GET', '/settings/groovy-scripts')).json()).toEqual(scripts);
  });

  it('answers a stateful name lookup that finds nothing with the 404 the description documents for it', async () => {
    const engine = new MockEngine(doc, { stateful: true, records: 5 });
    const documented = (path: string): string => {
      const response = doc.paths?.[path]?.get?.responses?.['404'] as ResponseObject;
      return response.content!['text/plain']!.example as string;
    };
    for (const path of ['/groups/ids/{name}', '/roles/ids/{name}', '/users/ids/{name}', '/sso-providers/ids/{name}']) {
      if (!doc.paths?.[path]) continue;
      // Users listed without ids (before v14.1.0): the mock has no ids to look up, and answers the example's.
      if (path.startsWith('/users') && !usersHaveIds) continue;
      expect(documented(path), path).toBe('HTTP 404 Not Found');
      const answer = await ask(engine, 'GET', path.replace('{name}', 'nobody-has-this-name'));
      expect(answer.status, path).toBe(404);
      expect(answer.text, path).toBe('HTTP 404 Not Found');
    }
    if (doc.paths?.['/projects/ids/{path}']) {
      expect(documented('/projects/ids/{path}')).toBe('Project not found or inaccessible: acme/webapp');
      const answer = await ask(engine, 'GET', '/projects/ids/nobody/has-this');
      expect(answer.status).toBe(404);
      expect(answer.text).toBe('Project not found or inaccessible: nobody/has-this');
    }
  });

  it('lets a flow of OneDev\'s own API work from the built-in records: an authorization for the administrator with a default role', async () => {
    const engine = new MockEngine(doc as OpenAPIObject, { stateful: true, records: 10 });
    if (!usersHaveIds || !doc.paths?.['/user-authorizations']) return;
    const admin = (await ask(engine, 'GET', '/users/ids/admin')).text;
    const writer = (await ask(engine, 'GET', `/roles/ids/${encodeURIComponent('Code Writer')}`)).text;
    expect([admin, writer]).toEqual(['1', '2']);
    const project = ((await ask(engine, 'GET', '/projects?offset=0&count=1')).json() as Rec[])[0]!;
    const created = await ask(engine, 'POST', '/user-authorizations', { headers: JSON_TYPE, body: JSON.stringify({ projectId: project.id, userId: 1, roleId: 2 }) });
    expect(created.status, created.text).toBe(200);
    expect((await ask(engine, 'GET', `/user-authorizations/${created.text}`)).json()).toMatchObject({ userId: 1, roleId: 2 });
  });
});
