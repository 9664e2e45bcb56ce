/**
 * Field tables: the classes the REST resources read or write (bodies, results, nested beans,
 * every member of a polymorphic type), their names in the table, the field history across tags
 * and the checklist of changes between two tags.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { Classpath } from '../../../scripts/lib/source/classpath.js';
import { changesMarkdown } from '../../../scripts/lib/source/changes.js';
import { changedTags, fieldDelta, fieldsAt, formatFieldChanges, parseFieldChanges } from '../../../scripts/lib/source/field-history.js';
import { fieldRows, wireClasses } from '../../../scripts/lib/source/fields.js';
import { GitRepo } from '../../../scripts/lib/source/git.js';
import { OneDevSource } from '../../../scripts/lib/source/onedev.js';
import { fieldKey, formatFields, parseFields, type FieldRow } from '../../../scripts/lib/source/tables.js';
import { javaRepo } from './java-repo.js';

const model = (rest: Record<string, string> = {}) => ({
  'io/onedev/server/model/AbstractEntity.java': 'package io.onedev.server.model; public abstract class AbstractEntity { private Long id; }',
  'io/onedev/server/model/Project.java': `package io.onedev.server.model;
    import io.onedev.server.model.support.ProjectSetting;
    public class Project extends AbstractEntity {
      @ManyToOne private Project parent;
      @OneToMany private java.util.Collection<Build> builds;
      private String name;
      private ProjectSetting setting;
    }`,
  'io/onedev/server/model/Build.java': `package io.onedev.server.model;
    public class Build extends AbstractEntity { @ManyToOne private Project project; private Status status; public enum Status { RUNNING, DONE } }`,
  'io/onedev/server/model/support/ProjectSetting.java': `package io.onedev.server.model.support;
    public class ProjectSetting {
      private java.util.List<Executor> executors;
      private java.util.Map<String, Hook> hooks;
      private Marker marker;
      private java.util.List<ContributedProjectSetting> contributed;
    }`,
  'io/onedev/server/model/support/Marker.java': 'package io.onedev.server.model.support; public class Marker { private static int COUNT; }',
  'io/onedev/server/model/support/ContributedProjectSetting.java': 'package io.onedev.server.model.support; public interface ContributedProjectSetting extends java.io.Serializable {}',
  'io/onedev/server/model/support/ProjectSettingContribution.java': `package io.onedev.server.model.support;
    public interface ProjectSettingContribution { java.util.List<Class<? extends ContributedProjectSetting>> getSettingClasses(); }`,
  'io/onedev/server/model/support/ExampleSetting.java': 'package io.onedev.server.model.support; public class ExampleSetting implements ContributedProjectSetting { private String example; }',
  'server-plugin/server-plugin-slack/src/main/java/io/onedev/server/plugin/slack/SlackSetting.java': `package io.onedev.server.plugin.slack;
    public class SlackSetting implements io.onedev.server.model.support.ContributedProjectSetting { private String channel; }`,
  'server-plugin/server-plugin-slack/src/main/java/io/onedev/server/plugin/slack/SlackModule.java': `package io.onedev.server.plugin.slack;
    import io.onedev.server.model.support.*;
    public class SlackModule extends AbstractPluginModule {
      @Override protected void configure() {
        contribute(ProjectSettingContribution.class, new ProjectSettingContribution() {
          @Override public java.util.List<Class<? extends ContributedProjectSetting>> getSettingClasses() { return Lists.newArrayList(SlackSetting.class); }
        });
      }
    }`,
  'io/onedev/server/model/support/Hook.java': 'package io.onedev.server.model.support; public class Hook { private String url; }',
  'io/onedev/server/model/support/Executor.java': 'package io.onedev.server.model.support; public abstract class Executor { private String name; }',
  'io/onedev/server/model/support/docker/Spec.java': `package io.onedev.server.model.support.docker;
    public class Spec extends io.onedev.server.model.support.Executor { private String image; }`,
  'io/onedev/server/model/support/shell/Spec.java': `package io.onedev.server.model.support.shell;
    public class Spec extends io.onedev.server.model.support.Executor { private String shell; }`,
  'io/onedev/server/model/Unreached.java': 'package io.onedev.server.model; public class Unreached { private String nothing; }',
  'io/onedev/server/rest/resource/ProjectResource.java': `package io.onedev.server.rest.resource;
    import io.onedev.server.model.*;
    @Path("/projects")
    public class ProjectResource {
      @GET @Path("/{projectId}") public Project getProject(@PathParam("projectId") Long projectId) { return null; }
      @GET @Path("/{projectId}/builds") public java.util.Collection<Build> getBuilds(@PathParam("projectId") Long projectId, @QueryParam("q") Unreached q) { return null; }
      @POST public Long create(@NotNull @Valid ProjectData data) { return null; }
      public static class ProjectData { private String name; }
    }`,
  'io/onedev/server/model/support/WebHook.java': `package io.onedev.server.model.support;
    import io.onedev.server.event.project.RefUpdated;
    public class WebHook { public enum EventType { CODE_PUSH { public boolean includes(Object e) { return e instanceof RefUpdated; } } } }`,
  'io/onedev/server/event/project/RefUpdated.java': 'package io.onedev.server.event.project; public class RefUpdated { private Long projectId; }',
  ...rest,
});

const repo = javaRepo({
  v1: model(),
  v2: model({
    'io/onedev/server/model/Build.java': `package io.onedev.server.model;
      public class Build extends AbstractEntity { @ManyToOne private Project project; private int number; }`,
    'io/onedev/server/event/project/RefUpdated.java': 'package io.onedev.server.event.project; public class RefUpdated { private Long projectId; private String refName; }',
    'io/onedev/server/rest/resource/BuildResource.java': `package io.onedev.server.rest.resource;
      import io.onedev.server.model.Build;
      @Path("/builds") public class BuildResource { @Api(name="Get It") @GET @Path("/{buildId}") public Build getBuild(@PathParam("buildId") Long id) { return null; } }`,
    'io/onedev/server/rest/resource/ProjectResource.java': `package io.onedev.server.rest.resource;
      import io.onedev.server.model.*;
      @Path("/projects")
      public class ProjectResource {
        @GET @Path("/{projectId}") public Project getProject(@PathParam("projectId") Long projectId) { return null; }
        @GET @Path("/{projectId}/builds") public java.util.List<java.util.Map<String, Object>> getBuilds(@PathParam("projectId") Long projectId) { return null; }
        @POST public Long create(@NotNull @Valid ProjectData data) { return null; }
        public static class ProjectData { private String name; }
      }`,
  }),
});
afterAll(() => repo.remove());
const git = new GitRepo(repo.gitDir);
const rows = (tag: string) => fieldRows(new Classpath(git, tag)).map((r) => `${r.javaClass} ${r.property} ${r.type}`);

describe('fieldRows', () => {
  it('reaches results, bodies, nested beans, collection and map elements, every concrete member of an abstract type and the contributed settings; not ids, enums or query parameters', () => {
    const reached = wireClasses(new Classpath(git, 'v1'));
    expect(reached.map((w) => w.cls.fqn).sort()).toEqual([
      'io.onedev.server.model.Build',
      'io.onedev.server.model.Project',
      'io.onedev.server.model.support.Hook',
      'io.onedev.server.model.support.Marker',
      'io.onedev.server.model.support.ProjectSetting',
      'io.onedev.server.model.support.docker.Spec',
      'io.onedev.server.model.support.shell.Spec',
      'io.onedev.server.plugin.slack.SlackSetting',
      'io.onedev.server.rest.resource.ProjectResource.ProjectData',
    ]);
    expect(reached.find((w) => w.cls.decl.name === 'Hook')!.via).toBe('ProjectResource.getProject -> Project.setting -> ProjectSetting.hooks -> Hook');
  });

  it('names classes by their simple name (member classes with their outer class), telling apart classes that share one by their package; a class without properties has an empty row', () => {
    expect(rows('v1')).toEqual([
      'Build id integer',
      'Build projectId integer',
      'Build status string',
      'Hook url string',
      'Marker  ',
      'Project id integer',
      'Project name string',
      'Project parentId integer',
      'Project setting object',
      'ProjectResource.ProjectData name string',
      'ProjectSetting contributed array',
      'ProjectSetting executors array',
      'ProjectSetting hooks object',
      'ProjectSetting marker object',
      'SlackSetting channel string',
      'docker.Spec image string',
      'docker.Spec name string',
      'shell.Spec name string',
      'shell.Spec shell string',
    ]);
  });

  it('writes the agreed format, which reads back to the same rows', () => {
    const table = fieldRows(new Classpath(git, 'v1'));
    const text = formatFields(table, 'v1');
    expect(text.split('\n').find((l) => !l.startsWith('#'))).toBe('Build\tid\tinteger');
    expect(parseFields(text)).toEqual(table);
  });
});

describe('field history', () => {
  const v1 = fieldRows(new Classpath(git, 'v1'));
  const v2 = fieldRows(new Classpath(git, 'v2'));
  const sorted = (r: FieldRow[]) => r.map(fieldKey).sort();

  it('records what appears and disappears at a tag, and rebuilds each tag from the first', () => {
    const delta = fieldDelta(v1, v2, 'v2');
    expect(delta.map((c) => `${c.tag} ${c.change} ${c.javaClass} ${c.property} ${c.type}`)).toEqual([
      'v2 + Build number integer',
      'v2 - Build status string',
    ]);
    const text = formatFieldChanges(delta, 'v1', 'v2');
    const parsed = parseFieldChanges(text);
    expect(parsed).toEqual(delta);
    expect(sorted(fieldsAt(v1, parsed, ['v1', 'v2'], 'v2'))).toEqual(sorted(v2));
    expect(sorted(fieldsAt(v1, parsed, ['v1', 'v2'], 'v1'))).toEqual(sorted(v1));
    expect(changedTags(parsed, ['v1', 'v2'])).toEqual(['v2']);
    expect(() => fieldsAt(v1, parsed, ['v1', 'v2'], 'v3')).toThrow('fields: unknown tag v3');
  });
});

describe('changesMarkdown', () => {
  it('lists route, field and web-hook changes between two tags as a checklist', () => {
    const text = changesMarkdown(new OneDevSource(git), 'v1', 'v2');
    expect(text).toContain('# OneDev v1 -> v2');
    expect(text).toContain("- [ ] `Build`: add `number` (integer) (`since: 'v2'`)");
    expect(text).toContain("- [ ] `Build`: `status` (string) is gone (`until: 'v2'`)");
    expect(text).toContain("- [ ] add `GET /builds/{buildId}` (Build / Get It, BuildResource.getBuild) with `since: 'v2'`");
    expect(text).toContain(
      '- [ ] `GET /projects/{projectId}/builds` (Project / Get Builds, ProjectResource.getBuilds) now `returns java.util.List<java.util.Map<String, Object>>`, was `returns java.util.Collection<Build>`',
    );
    expect(text).not.toContain('ProjectResource.create) now');
    expect(text).toContain("- [ ] `RefUpdated (CODE_PUSH)`: add `refName` (string) (`since: 'v2'`)");
    expect(changesMarkdown(new OneDevSource(git), 'v1', 'v1').match(/Nothing changed\./g)).toHaveLength(3);
  });
});
