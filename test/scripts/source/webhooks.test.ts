/**
 * Web-hook tables from a small event tree: which classes an event type includes, and their
 * payload properties with the nullability rule.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { Classpath } from '../../../scripts/lib/source/classpath.js';
import { GitRepo } from '../../../scripts/lib/source/git.js';
import { formatWebHooks, parseWebHooks } from '../../../scripts/lib/source/tables.js';
import { eventTypes, webHookRows } from '../../../scripts/lib/source/webhooks.js';
import { javaRepo } from './java-repo.js';

const EVENTS = 'io/onedev/server/event/project/';
const webHook = (extra: string) => `package io.onedev.server.model.support;
  import io.onedev.server.event.project.RefUpdated;
  import io.onedev.server.event.project.build.BuildEvent;
  public class WebHook implements java.io.Serializable {
    public enum EventType {
      CODE_PUSH { @Override public boolean includes(Object event) { return event instanceof RefUpdated; } },
      BUILD { @Override public boolean includes(Object event) { return event instanceof BuildEvent; } }${extra};
      public abstract boolean includes(Object event);
    }
    private String postUrl;
  }`;
const projectEvent = (typeGetter: boolean) => `package io.onedev.server.event.project;
  import javax.annotation.Nullable;
  public abstract class ProjectEvent extends io.onedev.server.event.Event {
    private static final long serialVersionUID = 1L;
    private final Long projectId;
    private final Long userId;
    private final Date date;
    private transient Object commentText;
    public ProjectEvent(@Nullable User user, Date date, Project project) {
      userId = User.idOf(user);
      this.date = date;
      projectId = project.getId();
    }
    @Nullable public User getUser() { return null; }
    ${typeGetter ? '@JsonProperty("type") public String getType() { return getClass().getSimpleName(); }' : ''}
  }`;
const files = (typeGetter: boolean, extraType = '') => ({
  'io/onedev/server/model/support/WebHook.java': webHook(extraType),
  'io/onedev/server/event/Event.java': 'package io.onedev.server.event; public abstract class Event { @JsonIgnore private final Object sourcePage = null; }',
  [`${EVENTS}ProjectEvent.java`]: projectEvent(typeGetter),
  [`${EVENTS}RefUpdated.java`]: `package io.onedev.server.event.project;
    public class RefUpdated extends ProjectEvent {
      private final String refName;
      private final ObjectId oldCommitId;
      private final ObjectId newCommitId;
      public RefUpdated(@Nullable User user, Project project, String refName, ObjectId oldCommitId, ObjectId newCommitId) {
        super(user, new Date(), project);
        this.refName = refName; this.oldCommitId = oldCommitId; this.newCommitId = newCommitId;
      }
    }`,
  [`${EVENTS}ProjectDeleted.java`]: 'package io.onedev.server.event.project; public class ProjectDeleted extends ProjectEvent { private final Long deletedId = null; }',
  [`${EVENTS}build/BuildEvent.java`]: `package io.onedev.server.event.project.build;
    import io.onedev.server.event.project.ProjectEvent;
    public abstract class BuildEvent extends ProjectEvent { private final Long buildId = null; }`,
  [`${EVENTS}build/BuildFinished.java`]: `package io.onedev.server.event.project.build;
    public class BuildFinished extends BuildEvent {
      private final boolean successful = true;
      private final java.util.List<Long> fixedIssueIds = null;
      public static class Retried extends BuildFinished { private int attempt; }
    }`,
  [`${EVENTS}build/BuildNote.java`]: 'package io.onedev.server.event.project.build; public interface BuildNote { String getNote(); }',
});

const repo = javaRepo({ v1: files(false), v2: files(true, ',\n WORKSPACE { @Override public boolean includes(Object event) { return false; } }') });
afterAll(() => repo.remove());
const git = new GitRepo(repo.gitDir);
const table = (tag: string) => webHookRows(new Classpath(git, tag)).map((r) => [r.event, r.eventType, r.property, r.type, r.nullable ? 'yes' : 'no'].join(' '));

describe('web-hook tables', () => {
  it('reads each event type and the classes its includes() tests for', () => {
    expect(eventTypes(new Classpath(git, 'v2')).map((t) => [t.name, t.includes.map((c) => c.decl.name)])).toEqual([
      ['CODE_PUSH', ['RefUpdated']],
      ['BUILD', ['BuildEvent']],
      ['WORKSPACE', []],
    ]);
  });

  it('lists every concrete included event (member classes too) with its payload, sorted by event, then property', () => {
    expect(table('v1')).toEqual([
      'BuildFinished BUILD buildId integer no',
      'BuildFinished BUILD date string no',
      'BuildFinished BUILD fixedIssueIds array no',
      'BuildFinished BUILD projectId integer no',
      'BuildFinished BUILD successful boolean no',
      'BuildFinished BUILD userId integer yes',
      'RefUpdated CODE_PUSH date string no',
      'RefUpdated CODE_PUSH newCommitId string no',
      'RefUpdated CODE_PUSH oldCommitId string no',
      'RefUpdated CODE_PUSH projectId integer no',
      'RefUpdated CODE_PUSH refName string no',
      'RefUpdated CODE_PUSH userId integer yes',
      'Retried BUILD attempt integer no',
      'Retried BUILD buildId integer no',
      'Retried BUILD date string no',
      'Retried BUILD fixedIssueIds array no',
      'Retried BUILD projectId integer no',
      'Retried BUILD successful boolean no',
      'Retried BUILD userId integer yes',
    ]);
  });

  it('adds the type property at the tags whose ProjectEvent has the @JsonProperty getter', () => {
    expect(table('v2').filter((r) => r.includes(' type '))).toEqual([
      'BuildFinished BUILD type string no',
      'RefUpdated CODE_PUSH type string no',
      'Retried BUILD type string no',
    ]);
  });

  it('writes the agreed format, which reads back to the same rows', () => {
    const rows = webHookRows(new Classpath(git, 'v2'));
    const text = formatWebHooks(rows, 'v2');
    const lines = text.split('\n');
    expect(lines.filter((l) => l.startsWith('#')).join('\n')).toContain('nullable: primitives never');
    expect(lines.find((l) => !l.startsWith('#'))).toBe('BuildFinished\tBUILD\tbuildId\tinteger\tno');
    expect(parseWebHooks(text)).toEqual(rows);
  });

  it('fails clearly when the tag has no WebHook.EventType', () => {
    const bare = javaRepo({ v1: { 'io/onedev/server/model/Project.java': 'package io.onedev.server.model; public class Project {}' } });
    try {
      expect(() => webHookRows(new Classpath(new GitRepo(bare.gitDir), 'v1'))).toThrow(
        'v1: no io.onedev.server.model.support.WebHook.EventType in the repository',
      );
    } finally {
      bare.remove();
    }
  });
});
