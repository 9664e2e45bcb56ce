/** `check` and `write` over fixtures rendered from a small repository, in a scratch project folder. */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fieldsAt, parseFieldChanges } from '../../../scripts/lib/source/field-history.js';
import { FIELD_CHANGES, fieldBasePath, firstDifference, fixtureFiles, syncFixtures } from '../../../scripts/lib/source/fixtures.js';
import { GitRepo } from '../../../scripts/lib/source/git.js';
import { OneDevSource } from '../../../scripts/lib/source/onedev.js';
import { fieldKey, parseFields } from '../../../scripts/lib/source/tables.js';
import { javaRepo } from './java-repo.js';

const files = (extra: string) => ({
  'io/onedev/server/model/support/WebHook.java': `package io.onedev.server.model.support;
    public class WebHook { public enum EventType { CODE_PUSH { public boolean includes(Object e) { return e instanceof io.onedev.server.event.project.RefUpdated; } } } }`,
  'io/onedev/server/event/project/RefUpdated.java': 'package io.onedev.server.event.project; public class RefUpdated { private Long projectId; }',
  'io/onedev/server/model/Build.java': `package io.onedev.server.model; public class Build { private Long id; ${extra} }`,
  'io/onedev/server/rest/resource/BuildResource.java': `package io.onedev.server.rest.resource;
    import io.onedev.server.model.Build;
    @Path("/builds") public class BuildResource { @GET @Path("/{buildId}") public Build getBuild(@PathParam("buildId") Long id) { return null; } }`,
});
const repo = javaRepo({ t1: files(''), t2: files('private String version;'), t3: files('private String version;') });
const root = mkdtempSync(join(tmpdir(), 'onedev-source-root-'));
afterAll(() => {
  repo.remove();
  rmSync(root, { recursive: true, force: true });
});
const TAGS = ['t1', 't2', 't3'];

describe('syncFixtures', () => {
  const source = new OneDevSource(new GitRepo(repo.gitDir));
  const fixtures = fixtureFiles(source, TAGS, ['t3']);

  it('lists the published tags’ route and web-hook tables, the lifespans and the field history', () => {
    expect(fixtures.map((f) => f.path)).toEqual([
      'test/fixtures/routes/t3.tsv',
      'test/fixtures/routes/lifespans.tsv',
      'test/fixtures/webhooks/t3.tsv',
      'test/fixtures/fields/t1.tsv',
      'test/fixtures/fields/changes.tsv',
    ]);
  });

  it('writes what is missing, then finds everything the same', () => {
    expect(syncFixtures(fixtures, root, 'check').map((s) => s.status)).toEqual(['differs', 'differs', 'differs', 'differs', 'differs']);
    expect(syncFixtures(fixtures, root, 'write').map((s) => s.status)).toEqual(['written', 'written', 'written', 'written', 'written']);
    expect(syncFixtures(fixtures, root, 'check').map((s) => s.status)).toEqual(['same', 'same', 'same', 'same', 'same']);
    const changes = parseFieldChanges(readFileSync(join(root, FIELD_CHANGES), 'utf8'));
    expect(changes.map((c) => `${c.tag} ${c.change} ${c.javaClass} ${c.property} ${c.type}`)).toEqual(['t2 + Build version string']);
    const base = parseFields(readFileSync(join(root, fieldBasePath('t1')), 'utf8'));
    expect(fieldsAt(base, changes, TAGS, 't3').map(fieldKey).sort()).toEqual(source.fields('t3').map(fieldKey).sort());
  });

  it('reports the first line where a committed fixture differs from the source', () => {
    const file = join(root, 'test/fixtures/routes/t3.tsv');
    writeFileSync(file, readFileSync(file, 'utf8').replace('getBuild', 'fetchBuild'));
    const [routes] = syncFixtures(fixtures, root, 'check');
    expect(routes).toEqual({
      path: 'test/fixtures/routes/t3.tsv',
      status: 'differs',
      difference: 'line 2: committed "Build\\tGet Build\\tGET\\t/builds/{buildId}\\tBuildResource\\tfetchBuild", source says "Build\\tGet Build\\tGET\\t/builds/{buildId}\\tBuildResource\\tgetBuild"',
    });
    expect(firstDifference('a\nb', 'a')).toBe('line 2: committed "(end)", source says "b"');
  });
});
