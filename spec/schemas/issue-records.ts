import type { Field, SchemaTable } from '../model.js';

/** The record id every entity carries. */
function idField(what: string): Field {
  return { type: 'int64', readOnly: true, description: `Id of the ${what}, assigned by the server.` };
}

export const issueRecordsSchemas: SchemaTable = {
  IssueWatch: {
    kind: 'object',
    description:
      'Whether one user follows one issue. A user has at most one watch record per issue: ' +
      '`watching: true` means they get notified of the issue\'s activity, `watching: false` ' +
      'means they explicitly ignore it (no record at all means the default rules apply).',
    requests: ['create', 'update'],
    fields: {
      id: idField('watch record'),
      issueId: {
        type: 'int64',
        immutable: true,
        requiredOnCreate: true,
        description: 'Id of the watched issue. Set on creation and never changed afterwards.',
      },
      userId: {
        type: 'int64',
        immutable: true,
        requiredOnCreate: true,
        description:
          'Id of the watching user. Set on creation and never changed afterwards; only ' +
          'administrators may create a watch for someone other than themselves.',
      },
      watching: {
        type: 'boolean',
        description:
          '`true` to receive notifications about the issue, `false` to ignore it. Defaults to ' +
          '`false` when left out of a create body.',
      },
    },
  },

  IssueWork: {
    kind: 'object',
    description:
      'Time a user logged against an issue (a time-tracking entry). Only available on ' +
      'servers with an active Enterprise subscription, for issues of projects that have time ' +
      'tracking enabled.',
    requests: ['create', 'update'],
    fields: {
      id: idField('work record'),
      issueId: {
        type: 'int64',
        immutable: true,
        requiredOnCreate: true,
        description: 'Id of the issue the time was spent on. Set on creation, never changed.',
      },
      userId: {
        type: 'int64',
        immutable: true,
        requiredOnCreate: true,
        description:
          'Id of the user who did the work. Set on creation, never changed; only administrators ' +
          'may log work on behalf of another user.',
      },
      date: {
        type: 'date-time',
        readOnly: true,
        description:
          'When the record was created. Set by the server to the current time; a value sent in ' +
          'a request body is ignored.',
      },
      minutes: {
        type: 'int32',
        requiredOnCreate: true,
        description:
          'Time spent, in minutes. Left out of a create body it is stored as 0; the server does ' +
          'not check the value.',
      },
      note: {
        type: 'string',
        nullable: true,
        description:
          'Free-text note on what was done, or null. Up to 1000 characters; longer text makes ' +
          'the database write fail.',
        constraints: { maxLength: 1000 },
      },
    },
  },

  IssueLink: {
    kind: 'object',
    description:
      'A typed relation between two issues (for example "Child Issue" / "Parent Issue"), as ' +
      'defined by one of the server\'s link specs. Links are created and deleted, never edited.',
    requests: ['create'],
    fields: {
      id: idField('link'),
      sourceId: {
        type: 'int64',
        requiredOnCreate: true,
        description:
          'Id of the source issue. With a link spec that has an opposite side, the source issue ' +
          'lists the target under the spec\'s name (e.g. "Child Issue") and the target lists the ' +
          'source under the opposite name (e.g. "Parent Issue"); with a symmetric spec both ends ' +
          'are equivalent.',
      },
      targetId: {
        type: 'int64',
        requiredOnCreate: true,
        description: 'Id of the target issue: the issue the source issue links to. Must differ from the source.',
      },
      specId: {
        type: 'int64',
        requiredOnCreate: true,
        description:
          'Id of the link spec (the link type configured in the server\'s issue settings) that ' +
          'this link is an instance of.',
      },
      position: {
        since: 'v13.1.7',
        type: 'int32',
        readOnly: true,
        description:
          'Sort position of the link among the links of the same spec on its issues, used to show ' +
          'linked issues in the order users arranged them. The server puts a new link after the ' +
          'existing ones; a value sent in a request body is ignored.',
      },
    },
  },

  IssueVote: {
    kind: 'object',
    description:
      'One user\'s vote for an issue. A user votes at most once per issue; votes are created ' +
      'and deleted, never edited.',
    requests: ['create'],
    fields: {
      id: idField('vote'),
      issueId: {
        type: 'int64',
        immutable: true,
        requiredOnCreate: true,
        description: 'Id of the issue voted for.',
      },
      userId: {
        type: 'int64',
        immutable: true,
        requiredOnCreate: true,
        description:
          'Id of the voting user; only administrators may cast a vote in someone else\'s name.',
      },
      date: {
        type: 'date-time',
        readOnly: true,
        description: 'When the vote was cast. Set by the server; a value sent in a request body is ignored.',
      },
    },
  },

  Iteration: {
    kind: 'object',
    description:
      'A planning period (sprint, release) of a project that issues can be scheduled into. ' +
      'Replaced milestones from OneDev v10.9.0 on. Start and due days are whole calendar days ' +
      'counted from 1970-01-01, not timestamps.',
    requests: ['create', 'update'],
    fields: {
      id: idField('iteration'),
      projectId: {
        type: 'int64',
        immutable: true,
        requiredOnCreate: true,
        description:
          'Id of the project that owns the iteration (its child projects can use it too). Set ' +
          'on creation and never changed afterwards.',
      },
      name: {
        type: 'string',
        requiredOnCreate: true,
        description:
          'Name of the iteration, unique within its project (a duplicate makes the write fail ' +
          'with 500). Up to 255 characters.',
        constraints: { maxLength: 255 },
      },
      description: {
        type: 'string',
        nullable: true,
        description:
          'Markdown description, or null. Up to 15000 characters; longer text makes the ' +
          'database write fail.',
        constraints: { maxLength: 15000 },
      },
      startDay: {
        type: 'epoch-day',
        nullable: true,
        description:
          'First day of the iteration as a count of days since 1970-01-01 (e.g. 20270 is ' +
          '2025-07-01), or null when not planned.',
      },
      dueDay: {
        type: 'epoch-day',
        nullable: true,
        description:
          'Last day of the iteration as a count of days since 1970-01-01, or null when there ' +
          'is no due day. The server does not check that it comes after `startDay`.',
      },
      closed: {
        type: 'boolean',
        description: 'Whether the iteration is closed. Defaults to `false` (open) when left out of a create body.',
      },
    },
  },

  // Kept for the seed's v11.11.4 description only (see spec/groups/milestone.ts).
  Milestone: {
    until: 'v12.0.0',
    kind: 'object',
    description:
      'A project milestone as OneDev v10.8.0 stored it (this describes v10.8.0). Servers from ' +
      'v10.9.0 on have no milestones: they were turned into Iterations, whose start and due ' +
      'values are epoch days instead of timestamps.',
    requests: ['create', 'update'],
    fields: {
      id: {
        type: 'int64',
        readOnly: true,
        description:
          'Id of the milestone, assigned by the server. Leave it out of request bodies: unlike ' +
          'later releases, v10.8.0 did not ignore an `id` sent in a body and would act on the ' +
          'record with that id.',
      },
      projectId: {
        type: 'int64',
        immutable: true,
        requiredOnCreate: true,
        description: 'Id of the project that owns the milestone. Set on creation and never changed afterwards.',
      },
      name: {
        type: 'string',
        requiredOnCreate: true,
        description:
          'Name of the milestone, unique within its project (a duplicate makes the write fail ' +
          'with 500). Up to 255 characters.',
        constraints: { maxLength: 255 },
      },
      description: {
        type: 'string',
        nullable: true,
        description:
          'Markdown description, or null. Up to 15000 characters; longer text makes the ' +
          'database write fail.',
        constraints: { maxLength: 15000 },
      },
      startDate: {
        type: 'date-time',
        nullable: true,
        description: 'When the milestone starts, or null when not planned.',
      },
      dueDate: {
        type: 'date-time',
        nullable: true,
        description: 'When the milestone is due, or null when it has no due date.',
      },
      closed: {
        type: 'boolean',
        description: 'Whether the milestone is closed. Defaults to `false` (open) when left out of a create body.',
      },
    },
  },
};
