/**
 * Types across files (resolution, inheritance, subtypes) and OneDev's Jackson rules, on a small
 * repository written for the tests.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { Classpath } from '../../../scripts/lib/source/classpath.js';
import { GitRepo, SourceError } from '../../../scripts/lib/source/git.js';
import { beanName, isNullable, propertyJsonType, wireProperties } from '../../../scripts/lib/source/wire.js';
import { javaRepo } from './java-repo.js';

const repo = javaRepo({
  v1: {
    'io/onedev/server/model/AbstractEntity.java': `package io.onedev.server.model;
      public abstract class AbstractEntity implements java.io.Serializable {
        private static final long serialVersionUID = 1L;
        @Id private Long id;
        private transient Object oldVersion;
      }`,
    'io/onedev/server/model/Project.java': `package io.onedev.server.model;
      import java.util.*;
      import javax.persistence.*;
      import com.fasterxml.jackson.annotation.*;
      import io.onedev.server.model.support.*;
      public class Project extends AbstractEntity {
        public enum Visibility { PUBLIC, PRIVATE }
        @ManyToOne @JoinColumn(nullable=false) private Project parent;
        @OneToOne(mappedBy="project") private ProjectStats stats;
        @OneToOne @JoinColumn(name="o_setting") private ProjectStats ownStats;
        @OneToMany(mappedBy="project") private Collection<Build> builds = new ArrayList<>();
        @ManyToMany private Set<Project> friends;
        @Transient private String cachedPath;
        @JsonIgnore private String secret;
        private String hidden;
        private String name;
        private int forks;
        private boolean pendingDelete;
        private Date createDate;
        private Visibility visibility;
        private List<String> topics;
        private Map<String, Integer> counts;
        private byte[] avatar;
        private ProjectSetting setting;
        private ObjectId headCommit;
        @JsonIgnore public String getHidden() { return hidden; }
        public String getDisplayName() { return name; }
        @JsonProperty public String getPath() { return name; }
        @JsonProperty("kind") public String getKindName() { return "project"; }
      }`,
    'io/onedev/server/model/ProjectStats.java': 'package io.onedev.server.model; public class ProjectStats extends AbstractEntity { private int commits; }',
    'io/onedev/server/model/Build.java': 'package io.onedev.server.model; public class Build extends AbstractEntity { private Project project; }',
    'io/onedev/server/model/support/ProjectSetting.java': `package io.onedev.server.model.support;
      public class ProjectSetting implements java.io.Serializable { private Executor executor; }`,
    'io/onedev/server/model/support/Executor.java': 'package io.onedev.server.model.support; public interface Executor { String getName(); }',
    'io/onedev/server/model/support/AbstractExecutor.java': `package io.onedev.server.model.support;
      public abstract class AbstractExecutor
          implements Executor { private String name; }`,
    'io/onedev/server/model/support/DockerExecutor.java': 'package io.onedev.server.model.support; public class DockerExecutor extends AbstractExecutor { private String image; }',
    'io/onedev/server/model/support/ShellExecutor.java': `package io.onedev.server.model.support;
      // mentions DockerExecutor, but does not extend it
      public class ShellExecutor extends AbstractExecutor { private DockerExecutor fallback; }`,
    'io/onedev/server/plugin/k8s/KubernetesExecutor.java': `package io.onedev.server.plugin.k8s;
      import io.onedev.server.model.support.*;
      public class KubernetesExecutor extends DockerExecutor { private String namespace; }`,
    'io/onedev/server/event/Changed.java': `package io.onedev.server.event;
      import javax.annotation.Nullable;
      public class Changed {
        private final Long userId;
        private final String note;
        private final Long changeId;
        @Nullable private final String reason;
        private final String comment;
        private final int count;
        public Changed(@Nullable User user, @Nullable String note, Change change, String reason, String comment, int count) {
          userId = User.idOf(user);
          this.note = note;
          changeId = change.getId();
          this.reason = reason;
          this.comment = comment;
          this.count = count;
        }
        @Nullable public String getComment() { return comment; }
      }`,
  },
});
afterAll(() => repo.remove());

const cp = new Classpath(new GitRepo(repo.gitDir), 'v1');
const find = (fqn: string) => {
  const cls = cp.find(fqn);
  if (!cls) throw new Error(`no ${fqn}`);
  return cls;
};
const wire = (fqn: string) => Object.fromEntries(wireProperties(cp, find(fqn)).map((p) => [p.name, propertyJsonType(cp, p)]));

describe('Classpath', () => {
  it('finds top-level and member types by qualified name', () => {
    expect(find('io.onedev.server.model.Project').decl.name).toBe('Project');
    expect(find('io.onedev.server.model.Project.Visibility').decl.kind).toBe('enum');
    expect(cp.find('io.onedev.server.model.Nothing')).toBeUndefined();
  });

  it('resolves names through member types, imports, the package and on-demand imports', () => {
    const project = find('io.onedev.server.model.Project');
    expect(cp.resolve('Visibility', project)?.fqn).toBe('io.onedev.server.model.Project.Visibility');
    expect(cp.resolve('Build', project)?.fqn).toBe('io.onedev.server.model.Build');
    expect(cp.resolve('ProjectSetting', project)?.fqn).toBe('io.onedev.server.model.support.ProjectSetting');
    expect(cp.resolve('io.onedev.server.model.support.Executor', project)?.fqn).toBe('io.onedev.server.model.support.Executor');
    expect(cp.resolve('String', project)).toBeUndefined();
  });

  it('walks up superclasses and interfaces, and down to subtypes at any depth', () => {
    const k8s = find('io.onedev.server.plugin.k8s.KubernetesExecutor');
    expect(cp.classChain(k8s).map((c) => c.decl.name)).toEqual(['KubernetesExecutor', 'DockerExecutor', 'AbstractExecutor']);
    expect(cp.isSubtypeOf(k8s, find('io.onedev.server.model.support.Executor'))).toBe(true);
    expect(cp.subtypes(find('io.onedev.server.model.support.Executor')).map((c) => c.decl.name)).toEqual([
      'AbstractExecutor',
      'DockerExecutor',
      'ShellExecutor',
      'KubernetesExecutor',
    ]);
    expect(cp.subtypes(find('io.onedev.server.model.support.DockerExecutor')).map((c) => c.decl.name)).toEqual(['KubernetesExecutor']);
    expect(cp.isConcrete(find('io.onedev.server.model.support.AbstractExecutor'))).toBe(false);
  });
});

describe('wireProperties (OneDev Jackson rules)', () => {
  it('keeps fields (inherited ones too) and drops static, transient, @JsonIgnore (field or getter), @Transient, @OneToMany, @ManyToMany and @OneToOne without @JoinColumn', () => {
    expect(Object.keys(wire('io.onedev.server.model.Project'))).toEqual([
      'avatar',
      'counts',
      'createDate',
      'forks',
      'headCommit',
      'id',
      'kind',
      'name',
      'ownStatsId',
      'parentId',
      'path',
      'pendingDelete',
      'setting',
      'topics',
      'visibility',
    ]);
  });

  it('writes entity references as <name>Id integers, and maps Java types to JSON types', () => {
    expect(wire('io.onedev.server.model.Project')).toMatchObject({
      id: 'integer',
      parentId: 'integer',
      ownStatsId: 'integer',
      forks: 'integer',
      pendingDelete: 'boolean',
      createDate: 'string',
      visibility: 'string',
      topics: 'array',
      counts: 'object',
      avatar: 'string',
      setting: 'object',
      headCommit: 'string',
      path: 'string',
    });
  });

  it('adds getters annotated @JsonProperty, under their bean name or the annotation value', () => {
    const props = wireProperties(cp, find('io.onedev.server.model.Project'));
    expect(props.filter((p) => p.getter).map((p) => p.name)).toEqual(['kind', 'path']);
    expect(beanName('getType')).toBe('type');
    expect(beanName('isMinor')).toBe('minor');
    expect(beanName('getURL')).toBe('url');
  });

  it('collects properties through a class chain that crosses packages and modules', () => {
    expect(wire('io.onedev.server.plugin.k8s.KubernetesExecutor')).toEqual({ image: 'string', name: 'string', namespace: 'string' });
  });

  it('says a property is nullable when its field, getter or constructor source is @Nullable, never for primitives', () => {
    const changed = find('io.onedev.server.event.Changed');
    const nullable = Object.fromEntries(wireProperties(cp, changed).map((p) => [p.name, isNullable(cp, changed, p)]));
    expect(nullable).toEqual({ userId: true, note: true, changeId: false, reason: true, comment: true, count: false });
  });
});

describe('GitRepo', () => {
  it('refuses what is not a repository, and a tag it does not have', () => {
    expect(() => new GitRepo('/nonexistent/onedev')).toThrow(SourceError);
    expect(() => new GitRepo('/nonexistent/onedev')).toThrow(/not a git repository/);
    expect(() => new Classpath(new GitRepo(repo.gitDir), 'v9.9.9')).toThrow(/no tag v9\.9\.9/);
  });
});
