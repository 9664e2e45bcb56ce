/**
 * The maintainer tool's reading of Java: declarations, modifiers, annotations and types, from
 * small sources written for the tests.
 */
import { describe, expect, it } from 'vitest';
import { annotationOf, annotationString, typeText, type TypeDecl } from '../../../scripts/lib/source/java-model.js';
import { JavaSyntaxError, parseJava, supertypeNames } from '../../../scripts/lib/source/java-parse.js';

const only = (source: string): TypeDecl => {
  const file = parseJava(source, 'Test.java');
  expect(file.types).toHaveLength(1);
  return file.types[0]!;
};

describe('parseJava', () => {
  it('reads the package and the imports (static imports are not types)', () => {
    const file = parseJava(
      `package io.onedev.server.model;
       import java.util.List;
       import static java.util.Objects.requireNonNull;
       import io.onedev.server.model.support.*;
       import javax.persistence.ManyToOne;
       class A {}`,
      'A.java',
    );
    expect(file.packageName).toBe('io.onedev.server.model');
    expect(file.imports).toEqual({ List: 'java.util.List', ManyToOne: 'javax.persistence.ManyToOne' });
    expect(file.wildcardImports).toEqual(['io.onedev.server.model.support']);
  });

  it('reads fields with their modifiers, annotations, generic and array types, one per declarator', () => {
    const cls = only(`
      public class Build extends AbstractEntity {
        private static final long serialVersionUID = 1L;
        @ManyToOne(fetch=FetchType.LAZY) @JoinColumn(nullable=false)
        private Project project;
        private transient Map<String, List<Long>> cache = new HashMap<>(), other;
        @JsonIgnore private int[] matrix[];
        @Column(length = 10 + 5) private @Nullable String note;
      }`);
    expect(cls.fields.map((f) => [f.name, typeText(f.type), f.modifiers.join(' ')])).toEqual([
      ['serialVersionUID', 'long', 'private static final'],
      ['project', 'Project', 'private'],
      ['cache', 'Map<String, List<Long>>', 'private transient'],
      ['other', 'Map<String, List<Long>>', 'private transient'],
      ['matrix', 'int[][]', 'private'],
      ['note', 'String', 'private'],
    ]);
    const project = cls.fields[1]!;
    expect(project.annotations.map((a) => a.name)).toEqual(['ManyToOne', 'JoinColumn']);
    expect(annotationOf(project, 'JoinColumn')!.values).toEqual({ nullable: false });
    expect(annotationOf(project, 'ManyToOne')!.values).toEqual({ fetch: { expr: 'FetchType.LAZY' } });
    expect(cls.fields[4]!.annotations.map((a) => a.name)).toEqual(['JsonIgnore']);
    expect(cls.fields[5]!.annotations.map((a) => a.name)).toEqual(['Column', 'Nullable']);
    expect(cls.fields[5]!.annotations[0]!.values.length).toEqual({ expr: '10 + 5' });
    expect(cls.fields[4]!.line).toBe(7);
  });

  it('reads the superclass and interfaces, type parameters and wildcards', () => {
    const cls = only(`public abstract class Holder<T extends Serializable> extends Base<List<? extends T>> implements Comparable<Holder<?>>, java.io.Serializable {}`);
    expect(cls.modifiers).toEqual(['public', 'abstract']);
    expect(cls.typeParams).toEqual(['T']);
    expect(typeText(cls.superclass!)).toBe('Base<List<? extends T>>');
    expect(cls.interfaces.map(typeText)).toEqual(['Comparable<Holder<?>>', 'java.io.Serializable']);
  });

  it('reads annotation values: strings (joined when concatenated), numbers, booleans, lists, other expressions', () => {
    const cls = only(`
      @Api(order=-200, name="Package", description="first " + "second", internal=true)
      @Path("/packages") @Produces({MediaType.APPLICATION_JSON, "text/plain"})
      class PackResource {}`);
    expect(annotationOf(cls, 'Api')!.values).toEqual({ order: -200, name: 'Package', description: 'first second', internal: true });
    expect(annotationString(annotationOf(cls, 'Path'))).toBe('/packages');
    expect(annotationOf(cls, 'Produces')!.values.value).toEqual([{ expr: 'MediaType.APPLICATION_JSON' }, 'text/plain']);
  });

  it('reads JAX-RS methods: HTTP annotations, paths with regular expressions, parameters and their annotations', () => {
    const cls = only(`
      @Path("/artifacts")
      public class ArtifactResource {
        @Api(order=200) @GET @Path("/{buildId}/contents/{artifactPath:(.*)}")
        public Response download(@PathParam("buildId") Long buildId, @PathParam("artifactPath") String path, @QueryParam("x") @Nullable String x) { return null; }
        @POST @Path("/{buildId}{artifactPath:(/.*)?}")
        public void upload(@PathParam("buildId") Long buildId, InputStream input, String... rest) {}
        private static String helper() { return "a\\"b"; }
      }`);
    const [download, upload, helper] = cls.methods;
    expect(download!.annotations.map((a) => a.name)).toEqual(['Api', 'GET', 'Path']);
    expect(annotationString(annotationOf(download!, 'Path'))).toBe('/{buildId}/contents/{artifactPath:(.*)}');
    expect(download!.params.map((p) => [p.name, typeText(p.type), p.annotations.map((a) => a.name).join(',')])).toEqual([
      ['buildId', 'Long', 'PathParam'],
      ['path', 'String', 'PathParam'],
      ['x', 'String', 'QueryParam,Nullable'],
    ]);
    expect(annotationString(annotationOf(upload!, 'Path'))).toBe('/{buildId}{artifactPath:(/.*)?}');
    expect(upload!.returnType).toBeNull();
    expect(upload!.params.map((p) => p.varargs)).toEqual([false, false, true]);
    expect(helper!.modifiers).toEqual(['private', 'static']);
    expect(typeText(helper!.returnType!)).toBe('String');
  });

  it('reads getters with @JsonProperty and @JsonIgnore, abstract methods without a body', () => {
    const cls = only(`
      abstract class Event {
        @JsonProperty("type") public String getType() { return getClass().getSimpleName(); }
        @JsonIgnore public Project getProject() { return null; }
        public abstract String getActivity();
      }`);
    expect(cls.methods.map((m) => [m.name, m.annotations.map((a) => a.name).join(','), m.hasBody])).toEqual([
      ['getType', 'JsonProperty', true],
      ['getProject', 'JsonIgnore', true],
      ['getActivity', '', false],
    ]);
    expect(annotationString(annotationOf(cls.methods[0]!, 'JsonProperty'))).toBe('type');
  });

  it('reads enums: constants, their bodies and the types their methods test with instanceof', () => {
    const cls = only(`
      public enum EventType {
        CODE_PUSH {
          @Override public boolean includes(Object event) { return event instanceof RefUpdated; }
        },
        BUILD {
          @Override public boolean includes(Object event) { return event instanceof BuildEvent || event instanceof io.onedev.JobEvent j && j.isFinished(); }
        },
        NONE;
        public boolean includes(Object event) { return false; }
      }`);
    expect(cls.kind).toBe('enum');
    expect(cls.enumConstants.map((c) => [c.name, c.methods.flatMap((m) => m.instanceofTypes.map(typeText))])).toEqual([
      ['CODE_PUSH', ['RefUpdated']],
      ['BUILD', ['BuildEvent', 'io.onedev.JobEvent']],
      ['NONE', []],
    ]);
    expect(cls.methods.map((m) => m.name)).toEqual(['includes']);
  });

  it('reads member types, interfaces (constants are static) and records', () => {
    const cls = only(`
      public class WebHook implements Serializable {
        public enum EventType { A, B }
        public static class Header { private String name; }
        interface Named { String PREFIX = "x"; String getName(); default boolean isSet() { return true; } }
        record Pair(String left, @Nullable Long right) {}
      }`);
    expect(cls.members.map((m) => [m.name, m.kind])).toEqual([
      ['EventType', 'enum'],
      ['Header', 'class'],
      ['Named', 'interface'],
      ['Pair', 'record'],
    ]);
    const named = cls.members[2]!;
    expect(named.fields.map((f) => [f.name, f.modifiers.includes('static')])).toEqual([['PREFIX', true]]);
    expect(named.methods.map((m) => [m.name, m.hasBody])).toEqual([
      ['getName', false],
      ['isSet', true],
    ]);
    const pair = cls.members[3]!;
    expect(pair.fields.map((f) => [f.name, typeText(f.type), f.annotations.map((a) => a.name).join(',')])).toEqual([
      ['left', 'String', ''],
      ['right', 'Long', 'Nullable'],
    ]);
  });

  it('reads constructors: parameters with annotations, and what each field is assigned from', () => {
    const cls = only(`
      class PullRequestChanged {
        private final Long changeId;
        private final String note;
        private Long userId;
        PullRequestChanged(PullRequestChange change, @Nullable String note, @Nullable User user) {
          super(change.getRequest());
          changeId = change.getId();
          this.note = note;
          if (user != null) userId = User.idOf(user);
          count += 1;
        }
      }`);
    const [ctor] = cls.constructors;
    expect(ctor!.params.map((p) => [p.name, p.annotations.map((a) => a.name).join(',')])).toEqual([
      ['change', ''],
      ['note', 'Nullable'],
      ['user', 'Nullable'],
    ]);
    expect(ctor!.assignments).toEqual([
      { field: 'changeId', names: ['change', 'getId'] },
      { field: 'note', names: ['note'] },
      { field: 'userId', names: ['User', 'idOf', 'user'] },
    ]);
  });

  it('reads class literals and the methods of anonymous classes in a body', () => {
    const cls = only(`
      public class SlackModule extends AbstractPluginModule {
        @Override protected void configure() {
          contribute(ProjectSettingContribution.class, new ProjectSettingContribution() {
            @Override public List<Class<? extends ContributedProjectSetting>> getSettingClasses() {
              return Lists.newArrayList(SlackNotificationSetting.class, io.onedev.Other.class);
            }
          });
        }
      }`);
    const [configure] = cls.methods;
    expect(configure!.classLiterals.map(typeText)).toEqual(['ProjectSettingContribution', 'SlackNotificationSetting', 'io.onedev.Other']);
    expect(configure!.anonymousMethods.map((m) => [m.name, typeText(m.returnType!), m.classLiterals.map(typeText).join(',')])).toEqual([
      ['getSettingClasses', 'List<Class<? extends ContributedProjectSetting>>', 'SlackNotificationSetting,io.onedev.Other'],
    ]);
  });

  it('names the file and the position of a syntax error', () => {
    const source = 'package a;\nclass Broken {\n  int x = ;\n}\n';
    let error: unknown;
    try {
      parseJava(source, 'v16.5.6:server-core/src/main/java/a/Broken.java');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(JavaSyntaxError);
    const syntax = error as JavaSyntaxError;
    expect(syntax.origin).toBe('v16.5.6:server-core/src/main/java/a/Broken.java');
    expect([syntax.line, syntax.column]).toEqual([3, 11]);
    expect(syntax.message).toMatch(/^v16\.5\.6:server-core\/src\/main\/java\/a\/Broken\.java:3:11: Java syntax error: .+/);
    expect(syntax.message).not.toContain('Sad sad panda');
  });

  it('names the position of a lexing error too', () => {
    expect(() => parseJava('class A {\n  String s = "open;\n}', 'A.java')).toThrow(/^A\.java:2:\d+: Java syntax error/);
  });
});

describe('supertypeNames', () => {
  it('lists the names written in extends, implements and permits lists, qualified or generic', () => {
    expect(supertypeNames('class A extends JobExecutor {}')).toEqual(['JobExecutor']);
    expect(supertypeNames('class A extends Base implements Serializable,\n   JobExecutor {}')).toEqual(['Base', 'JobExecutor', 'Serializable']);
    expect(supertypeNames('class A extends io.onedev.JobExecutor {}')).toEqual(['JobExecutor', 'io', 'onedev']);
    expect(supertypeNames('class A implements Comparable<A>, JobExecutor {}')).toEqual(['A', 'Comparable', 'JobExecutor']);
    expect(supertypeNames('sealed interface S permits X, Y {}')).toEqual(['X', 'Y']);
  });
  it('leaves out names in strings, comments, fields, calls and bodies', () => {
    expect(supertypeNames('class A { String s = "extends JobExecutor"; // extends JobExecutor\n }')).toEqual([]);
    expect(supertypeNames('class A { JobExecutor executor; void f() { new JobExecutor(); } }')).toEqual([]);
  });
});
