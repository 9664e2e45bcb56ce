import type { Field, ObjectSchema, SchemaTable, Versioned } from '../model.js';

/**
 * Issues and their comments and activity log, read from OneDev's Issue and IssueComment entities,
 * IssueResource's own beans and the IssueChangeData classes, at each tag. Records an issue holds
 * (watches, votes, works, links, iterations) live in issue-records.ts.
 */

const reactionCount = (what: string): Field => ({
  type: 'int32',
  description: `How many users reacted with ${what}.`,
});

/**
 * Time-tracking numbers of an issue (all in minutes). From v15.0.6 IssueResource removes them from
 * the issue it answers when the caller may not see time tracking in the issue's project.
 */
const TIME_TRACKING_SHOWN =
  'the caller may see time tracking in the issue\'s project (a role with time-tracking access, ' +
  'issue managers, administrators)';
const timeTracking = (description: string): Versioned<Field> => [
  { type: 'int32', until: 'v15.0.6', description },
  { type: 'int32', since: 'v15.0.6', description, presentWhen: TIME_TRACKING_SHOWN },
];

/**
 * The issue as Jackson writes it. Get Issue (from v16.0.2) adds `branch` to the same properties,
 * so both schemas share this record rather than repeating forty fields.
 */
const ISSUE_FIELDS: Record<string, Versioned<Field>> = {
  id: { type: 'int64', readOnly: true, description: 'Id of the issue (not its number).' },
  state: {
    type: 'string',
    description: 'Name of the issue\'s state, one of the states of the issue settings, e.g. `Open`.',
  },
  stateOrdinal: {
    type: 'int32',
    description: 'Position of `state` among the states of the issue settings (0 for the first).',
  },
  title: {
    type: 'string',
    description: 'Title (up to 255 characters; longer titles are cut).',
    constraints: { maxLength: 255 },
  },
  description: {
    type: 'string',
    nullable: true,
    description: 'Markdown description; null when none was given (up to 100000 characters).',
    constraints: { maxLength: 100000 },
  },
  numberScopeId: {
    type: 'int64',
    description:
      'Id of the project whose counter issued `number`: the root of the project\'s fork tree (the ' +
      'project itself when it is not a fork).',
  },
  projectId: { type: 'int64', description: 'Id of the project the issue belongs to.' },
  movedToId: {
    since: 'v16.5.0',
    type: 'int64',
    nullable: true,
    description:
      'Set when the issue was moved to another project: this record is then a stub left behind and ' +
      'this is the id of the issue it became. Null for an issue that was not moved.',
  },
  submitterId: { type: 'int64', description: 'Id of the user who opened the issue.' },
  submitDate: { type: 'date-time', description: 'When the issue was opened.' },
  onBehalfOf: {
    type: { ref: 'InternetAddress' },
    nullable: true,
    description:
      'The outside sender the issue was opened for, when it came in by mail through the service ' +
      'desk; null otherwise.',
  },
  voteCount: { type: 'int32', description: 'How many users voted for the issue.' },
  commentCount: { type: 'int32', description: 'How many comments the issue has.' },
  thumbsUpCount: reactionCount('thumbs up'),
  thumbsDownCount: reactionCount('thumbs down'),
  smileCount: reactionCount('a smile'),
  tadaCount: reactionCount('tada'),
  confusedCount: reactionCount('confused'),
  heartCount: reactionCount('a heart'),
  // The rocket reaction became a tick in v15.1.0.
  rocketCount: { ...reactionCount('a rocket'), until: 'v15.1.0' },
  eyesCount: reactionCount('eyes'),
  tickCount: { ...reactionCount('a tick'), since: 'v15.1.0' },
  totalEstimatedTime: timeTracking(
    'Estimated time in minutes, the issue\'s own estimate plus those of its sub-issues (time tracking).',
  ),
  totalSpentTime: timeTracking(
    'Spent time in minutes, the work logged on the issue plus that of its sub-issues (time tracking).',
  ),
  ownEstimatedTime: timeTracking('Estimated time in minutes of the issue itself (time tracking).'),
  ownSpentTime: timeTracking('Minutes of work logged on the issue itself (time tracking).'),
  progress: timeTracking(
    'Spent time as a percentage of the estimated time, or -1 when nothing is estimated (time tracking).',
  ),
  descriptionRevisionCount: {
    type: 'int32',
    description: 'How many times the description has been edited after opening.',
  },
  uuid: {
    type: 'string',
    description: 'Random unique key of the issue; it also names the folder of its attachments.',
  },
  number: {
    type: 'int64',
    description: 'Number shown in the web UI (`#311`), unique within `numberScopeId`.',
  },
  messageId: {
    type: 'string',
    nullable: true,
    description:
      'Message-ID of the email the issue was opened from (service desk); null for issues opened otherwise.',
  },
  lastActivity: { type: { ref: 'LastActivity' }, description: 'The latest activity on the issue.' },
  confidential: {
    type: 'boolean',
    description:
      'Whether the issue is confidential: only its submitter, users it was shared with and users ' +
      'allowed to see confidential issues of the project can see it.',
  },
  pinDate: {
    type: 'date-time',
    nullable: true,
    description: 'When the issue was pinned to the top of the project\'s issue list; null when it is not pinned.',
  },
  boardPosition: { type: 'int32', description: 'Sort position of the issue on issue boards.' },
  externalParticipants: {
    type: { array: { ref: 'InternetAddress' }, uniqueItems: true },
    description:
      'Outside mail addresses that take part in the issue through the service desk (they get its ' +
      'notifications by mail); empty for most issues.',
  },
};


/** Concrete kinds of issue change (subclasses of IssueChangeData), stable from v11.11.0 to v16.5.6. */
const CHANGE_DATA_MEMBERS = [
  'IssueBatchUpdateData',
  'IssueCommentRemoveData',
  'IssueConfidentialChangeData',
  'IssueDescriptionChangeData',
  'IssueFieldChangeData',
  'IssueIterationAddData',
  'IssueIterationChangeData',
  'IssueIterationRemoveData',
  'IssueLinkAddData',
  'IssueLinkRemoveData',
  'IssueOwnEstimatedTimeChangeData',
  'IssueOwnSpentTimeChangeData',
  'IssueProjectChangeData',
  'IssueReferencedFromCodeCommentData',
  'IssueReferencedFromIssueData',
  'IssueReferencedFromPullRequestData',
  'IssueStateChangeData',
  'IssueTitleChangeData',
  'IssueTotalEstimatedTimeChangeData',
  'IssueTotalSpentTimeChangeData',
] as const;

function changeData(name: string, description: string, fields: Record<string, Field> = {}): ObjectSchema {
  return { kind: 'object', description, discriminator: { property: '@type', value: name }, fields };
}

/** Field values before and after, shared by the field, state and batch changes (IssueFieldChangeData). */
const FIELD_CHANGE: Record<string, Field> = {
  oldFields: {
    type: { map: { ref: 'FieldInput' } },
    description: 'Custom fields that had a value before the change, keyed by field name.',
  },
  newFields: {
    type: { map: { ref: 'FieldInput' } },
    description: 'Custom fields that have a value after the change, keyed by field name.',
  },
};

const STATE_CHANGE: Record<string, Field> = {
  oldState: { type: 'string', description: 'State before the change.' },
  newState: { type: 'string', description: 'State after the change.' },
};

const LINK_CHANGE: Record<string, Field> = {
  linkName: { type: 'string', description: 'Name of the link as seen from this issue, e.g. `Child Issue`.' },
  opposite: {
    type: 'boolean',
    description: 'Whether `linkName` is the opposite name of the link spec (the link seen from its other end).',
  },
  linkedIssueNumber: {
    type: 'string',
    description: 'Reference of the other issue, e.g. `#1520` or `acme/webapp#1520`.',
  },
};

const TIME_CHANGE = (what: string): Record<string, Field> => ({
  oldValue: { type: 'int32', description: `${what} before the change, in minutes.` },
  newValue: { type: 'int32', description: `${what} after the change, in minutes.` },
});

const FIELD_VALUES_TEXT =
  'Custom field values keyed by field name (the names of the server\'s issue settings, e.g. ' +
  '`Type`, `Priority`, `Assignees`). Each value is a string, an array of strings for a field that ' +
  'takes several values, or null for a field without a value. Values are written as the web UI ' +
  'shows them: a choice\'s text, a user\'s login name, a date as `yyyy-MM-dd`, a number in decimal.';

export const issueSchemas: SchemaTable = {
  Issue: {
    kind: 'object',
    usage: 'response',
    description:
      'An issue: its own properties, without child records (comments, changes, watches, votes, ' +
      'works, links, iterations and custom fields are separate reads of the Issue group, though ' +
      'Query Issues can add the custom fields).',
    fields: {
      ...ISSUE_FIELDS,
      fields: {
        type: { array: { ref: 'IssueField' } },
        presentWhen: 'the issue is listed by Query Issues asked with `withFields=true`',
        description:
          'The issue\'s stored custom field records, one per value (a field with several values ' +
          'has several records, in `ordinal` order); a field without a value has none.',
      },
    },
  },

  IssueField: {
    kind: 'object',
    usage: 'response',
    description: 'One stored value of an issue\'s custom field (OneDev\'s IssueField entity).',
    fields: {
      id: { type: 'int64', readOnly: true, description: 'Id of the record.' },
      issueId: { type: 'int64', description: 'Id of the issue.' },
      name: { type: 'string', description: 'Name of the field, as the issue settings define it, e.g. `Priority`.' },
      value: {
        type: 'string',
        nullable: true,
        description: 'The value as text, as the web UI stores it (a choice\'s text, a login name, a date as `yyyy-MM-dd`).',
      },
      type: { type: { ref: 'IssueFieldType' }, description: 'Kind of the field.' },
      ordinal: { type: 'int64', description: 'Position of this value among the field\'s values.' },
    },
  },

  IssueFieldType: {
    kind: 'alias',
    description: 'Kind of a custom field, as its records store it.',
    type: {
      enum: [
        'Checkbox', 'Text', 'Date', 'Date Time', 'Secret', 'Integer', 'Float', 'Commit', 'Enumeration',
        'User', 'Group', 'Issue', 'Iteration', 'Build', 'Pull Request',
      ],
    },
  },

  IssueWithBranch: {
    since: 'v16.0.2',
    kind: 'object',
    usage: 'response',
    description:
      'An issue as Get Issue answers it from v16.0.2: the properties of an issue in a query ' +
      'result (without custom fields), plus the branch that works on it.',
    fields: {
      ...ISSUE_FIELDS,
      branch: {
        type: 'string',
        nullable: true,
        description:
          'Branch of the issue\'s project whose name carries this issue\'s number (as Create Branch ' +
          'names it, e.g. `issue-311-retry-webhooks`); null when there is none.',
      },
    },
  },

  InternetAddress: {
    kind: 'object',
    description:
      'A mail address with an optional display name (a Java mail address object written field by field).',
    fields: {
      address: { type: 'string', description: 'The address itself, e.g. `jane@example.com`.' },
      personal: {
        type: 'string',
        nullable: true,
        description: 'Display name, e.g. `Jane Doe`; null when the sender gave none.',
      },
      encodedPersonal: {
        type: 'string',
        nullable: true,
        description: 'The display name as encoded in a mail header (RFC 2047); null when not encoded.',
      },
    },
  },

  IssueFieldValues: {
    kind: 'alias',
    description: FIELD_VALUES_TEXT,
    type: { map: { ref: 'IssueFieldValue' } },
  },
  IssueFieldValue: {
    kind: 'alias',
    nullable: true,
    description:
      'The value of one custom field: a string, an array of strings for a field that takes ' +
      'several values, or null for a field without a value.',
    type: { oneOf: ['string', { array: 'string' }] },
  },

  IssueOpenData: {
    kind: 'object',
    usage: 'request',
    description:
      'What is needed to open an issue. The caller becomes its submitter and the issue starts in ' +
      'the first state of the issue settings.',
    fields: {
      projectId: { type: 'int64', requiredOnCreate: true, description: 'Id of the project to open the issue in.' },
      title: {
        type: 'string',
        requiredOnCreate: true,
        description: 'Title of the new issue (longer than 255 characters is cut).',
      },
      description: {
        type: 'string',
        nullable: true,
        description: 'Markdown description; leave out or null for none.',
      },
      confidential: {
        type: 'boolean',
        description: 'Whether the issue is confidential. Left out, it is not.',
      },
      // int (hours in the help text, stored as minutes) until v12.0.5, then an optional Integer.
      ownEstimatedTime: [
        {
          until: 'v12.0.5',
          type: 'int32',
          description:
            'Own estimated time. The help page of these releases calls it hours, but the server ' +
            'stores the number unchanged and time tracking counts in minutes. Left out, 0.',
        },
        {
          since: 'v12.0.5',
          type: 'int32',
          nullable: true,
          description:
            'Own estimated time in minutes. Only with an active subscription (406 otherwise), in a ' +
            'project with time tracking enabled (406 otherwise), by a caller who may schedule ' +
            'issues (403 otherwise). Leave it out or null to set none.',
        },
      ],
      iterationIds: [
        {
          until: 'v12.0.5',
          type: { array: 'int64' },
          description:
            'Ids of iterations to schedule the issue into; each must belong to the issue\'s project ' +
            'or one of its parents (400 otherwise). Needs the right to schedule issues. Left out, none.',
        },
        {
          since: 'v12.0.5',
          type: { array: 'int64' },
          nullable: true,
          description:
            'Ids of iterations to schedule the issue into; each must belong to the issue\'s project ' +
            'or one of its parents (400 otherwise). Needs the right to schedule issues. Left out, ' +
            'null or empty: none.',
        },
      ],
      fields: {
        type: { ref: 'IssueFieldValues' },
        description:
          'Values of custom fields, keyed by field name. A name the issue settings do not define is ' +
          'refused, and so is a field the caller may not edit (403). Fields left out get their ' +
          'default values; from v12.0.5 a required field that ends up without a value is refused ' +
          '(Create Issue says with which status). Left out, none are set.',
      },
    },
  },

  StateTransitionData: [
    {
      until: 'v12.0.5',
      kind: 'object',
      usage: 'request',
      description: 'Moves an issue to another state through one of the manual transitions of the issue settings.',
      fields: {
        state: {
          type: 'string',
          requiredOnCreate: true,
          description: 'Name of the state to move to; must not be empty.',
        },
        fields: {
          type: { ref: 'IssueFieldValues' },
          description: 'Custom field values to set along with the transition, keyed by field name. Left out, none.',
        },
        removeFields: {
          type: { array: 'string', uniqueItems: true },
          description: 'Names of custom fields to clear with the transition. Left out, none.',
        },
        comment: {
          type: 'string',
          nullable: true,
          description: 'Optional comment posted with the transition.',
        },
      },
    },
    {
      since: 'v12.0.5',
      kind: 'object',
      usage: 'request',
      description:
        'Moves an issue to another state through one of the manual transitions of the issue ' +
        'settings. Which fields are cleared is decided by the transition, not by the caller.',
      fields: {
        state: {
          type: 'string',
          requiredOnCreate: true,
          description: 'Name of the state to move to; must not be empty.',
        },
        fields: {
          type: { ref: 'IssueFieldValues' },
          description:
            'Custom field values to set along with the transition, keyed by field name; only the ' +
            'fields the transition prompts for are applied. Left out, none.',
        },
        comment: {
          type: 'string',
          nullable: true,
          description: 'Optional comment posted with the transition.',
        },
      },
    },
  ],

  FixCommit: {
    kind: 'object',
    usage: 'response',
    description: 'A commit whose message says it fixes the issue (e.g. `Fixes #311`).',
    fields: {
      projectId: { type: 'int64', description: 'Id of the project the commit was found in.' },
      commitHash: { type: 'string', description: 'Hash of the commit (40 hex digits).' },
    },
  },

  IssueComment: {
    kind: 'object',
    description:
      'A comment on an issue. Reactions and the edit history are kept as separate records and are ' +
      'not part of this object.',
    requests: ['create'],
    fields: {
      id: { type: 'int64', readOnly: true, description: 'Id of the comment.' },
      date: {
        type: 'date-time',
        readOnly: true,
        description: 'When the comment was posted; the server sets it and ignores a sent value.',
      },
      userId: {
        type: 'int64',
        immutable: true,
        requiredOnCreate: true,
        description:
          'Id of the user the comment is posted as. Unless the caller is an administrator it must ' +
          'be the caller\'s own user id (find it with the User group\'s Get Me).',
      },
      content: {
        type: 'string',
        requiredOnCreate: true,
        description:
          'The comment text, in Markdown (up to 100000 characters). Change it later with Update ' +
          'Comment, which takes the new text as a raw body.',
        constraints: { maxLength: 100000 },
      },
      issueId: {
        type: 'int64',
        immutable: true,
        requiredOnCreate: true,
        description: 'Id of the issue the comment belongs to.',
      },
      // Read-only on the wire from v12.0.0: a sent value is ignored.
      revisionCount: [
        {
          until: 'v12.0.0',
          type: 'int32',
          description:
            'How many times the text has been edited. The server adds one on every update that ' +
            'changes the text; leave it out (0) when creating.',
        },
        {
          since: 'v12.0.0',
          type: 'int32',
          readOnly: true,
          description:
            'How many times the text has been edited. The server adds one on every update that ' +
            'changes the text.',
        },
      ],
      onBehalfOf: {
        type: { ref: 'InternetAddress' },
        nullable: true,
        description:
          'The outside sender the comment was posted for, when it came in by mail through the ' +
          'service desk; null otherwise. Leave it out when creating.',
      },
      messageId: {
        since: 'v16.3.0',
        type: 'string',
        nullable: true,
        description:
          'Message-ID of the email the comment was created from (a reply by email), which keeps ' +
          'the server from adding the same email twice; null for comments posted otherwise.',
      },
    },
  },

  IssueChange: {
    kind: 'object',
    description:
      'One entry of an issue\'s activity log: a state change or an edit, who made it and when. ' +
      'What happened is given by `data`, whose `@type` names the kind of change.',
    fields: {
      id: { type: 'int64', readOnly: true, description: 'Id of the change.' },
      issueId: { type: 'int64', description: 'Id of the issue.' },
      userId: { type: 'int64', description: 'Id of the user who made the change.' },
      date: { type: 'date-time', description: 'When the change was made.' },
      data: { type: { ref: 'IssueChangeData' }, description: 'What changed.' },
    },
  },

  IssueChangeData: {
    kind: 'family',
    description: 'The kind of an issue change and its details. `@type` is the simple class name of the kind.',
    discriminator: '@type',
    members: CHANGE_DATA_MEMBERS,
  },

  FieldInput: {
    kind: 'object',
    description: 'The value of one custom field as a change record keeps it.',
    fields: {
      name: { type: 'string', description: 'Name of the field.' },
      type: { type: 'string', description: 'Kind of the field, e.g. `Enumeration`, `User`, `Date`, `Text`.' },
      values: {
        type: { array: 'string' },
        description: 'The values as text (one for a single-value field).',
      },
    },
  },

  IssueBatchUpdateData: changeData(
    'IssueBatchUpdateData',
    'Several properties were changed at once (a batch edit from the issue list).',
    {
      ...FIELD_CHANGE,
      ...STATE_CHANGE,
      oldConfidential: { type: 'boolean', description: 'Confidentiality before the change.' },
      newConfidential: { type: 'boolean', description: 'Confidentiality after the change.' },
      oldIterations: { type: { array: 'string' }, description: 'Names of the iterations before the change.' },
      newIterations: { type: { array: 'string' }, description: 'Names of the iterations after the change.' },
    },
  ),
  IssueCommentRemoveData: changeData('IssueCommentRemoveData', 'A comment of the issue was deleted.'),
  IssueConfidentialChangeData: changeData('IssueConfidentialChangeData', 'The issue was made confidential or public.', {
    oldConfidential: { type: 'boolean', description: 'Confidentiality before the change.' },
    newConfidential: { type: 'boolean', description: 'Confidentiality after the change.' },
  }),
  IssueDescriptionChangeData: changeData('IssueDescriptionChangeData', 'The description was edited.', {
    oldDescription: {
      type: 'string',
      description: 'Description before the edit; an empty string when there was none.',
    },
    newDescription: {
      type: 'string',
      description: 'Description after the edit; an empty string when it was removed.',
    },
  }),
  IssueFieldChangeData: changeData('IssueFieldChangeData', 'Custom field values were changed.', FIELD_CHANGE),
  IssueIterationAddData: changeData('IssueIterationAddData', 'The issue was scheduled into an iteration.', {
    iteration: { type: 'string', description: 'Name of the iteration.' },
  }),
  IssueIterationChangeData: changeData('IssueIterationChangeData', 'The set of iterations of the issue was replaced.', {
    oldIterations: { type: { array: 'string' }, description: 'Names of the iterations before the change.' },
    newIterations: { type: { array: 'string' }, description: 'Names of the iterations after the change.' },
  }),
  IssueIterationRemoveData: changeData('IssueIterationRemoveData', 'The issue was taken out of an iteration.', {
    iteration: { type: 'string', description: 'Name of the iteration.' },
  }),
  IssueLinkAddData: changeData('IssueLinkAddData', 'A link to another issue was added.', LINK_CHANGE),
  IssueLinkRemoveData: changeData('IssueLinkRemoveData', 'A link to another issue was removed.', LINK_CHANGE),
  IssueOwnEstimatedTimeChangeData: changeData(
    'IssueOwnEstimatedTimeChangeData',
    'The issue\'s own estimated time was changed.',
    TIME_CHANGE('Own estimated time'),
  ),
  IssueOwnSpentTimeChangeData: changeData(
    'IssueOwnSpentTimeChangeData',
    'The time logged on the issue itself changed.',
    TIME_CHANGE('Own spent time'),
  ),
  IssueProjectChangeData: changeData('IssueProjectChangeData', 'The issue was moved to another project.', {
    oldProject: { type: 'string', description: 'Path of the project before the move.' },
    newProject: { type: 'string', description: 'Path of the project after the move.' },
  }),
  IssueReferencedFromCodeCommentData: changeData(
    'IssueReferencedFromCodeCommentData',
    'A code comment mentioned the issue.',
    { commentId: { type: 'int64', description: 'Id of the code comment that mentions the issue.' } },
  ),
  IssueReferencedFromIssueData: changeData('IssueReferencedFromIssueData', 'Another issue mentioned this one.', {
    issueId: { type: 'int64', description: 'Id of the issue that mentions this one.' },
  }),
  IssueReferencedFromPullRequestData: changeData(
    'IssueReferencedFromPullRequestData',
    'A pull request mentioned the issue.',
    { requestId: { type: 'int64', description: 'Id of the pull request that mentions the issue.' } },
  ),
  IssueStateChangeData: changeData(
    'IssueStateChangeData',
    'The issue moved to another state (field values changed by the transition come along).',
    { ...FIELD_CHANGE, ...STATE_CHANGE },
  ),
  IssueTitleChangeData: changeData('IssueTitleChangeData', 'The title was edited.', {
    oldTitle: { type: 'string', description: 'Title before the edit.' },
    newTitle: { type: 'string', description: 'Title after the edit.' },
  }),
  IssueTotalEstimatedTimeChangeData: changeData(
    'IssueTotalEstimatedTimeChangeData',
    'The total estimated time (own plus sub-issues) changed.',
    TIME_CHANGE('Total estimated time'),
  ),
  IssueTotalSpentTimeChangeData: changeData(
    'IssueTotalSpentTimeChangeData',
    'The total spent time (own plus sub-issues) changed.',
    TIME_CHANGE('Total spent time'),
  ),
};
