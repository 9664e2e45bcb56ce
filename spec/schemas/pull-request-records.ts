import type { SchemaTable } from '../model.js';

/**
 * Records hanging off a pull request: comments, watches, assignments and reviews.
 * Each refers to its pull request through `requestId` and never embeds it.
 */
export const pullRequestRecordsSchemas: SchemaTable = {
  PullRequestComment: {
    kind: 'object',
    description:
      'A comment posted on a pull request\'s activity stream. Reactions and the edit history ' +
      'are kept as separate records and are not part of this object.',
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
          'Id of the user the comment is posted as. Unless the caller is an administrator it ' +
          'must be the caller\'s own user id.',
      },
      content: {
        type: 'string',
        requiredOnCreate: true,
        description:
          'The comment text, in Markdown. The server keeps at most 100000 characters and cuts ' +
          'longer text short instead of refusing it. Change it later with Update, which takes ' +
          'the new text as a raw body.',
      },
      requestId: {
        type: 'int64',
        immutable: true,
        requiredOnCreate: true,
        description: 'Id of the pull request the comment belongs to.',
      },
      // Read-only on the wire from v12.0.0: a sent value is ignored.
      revisionCount: [
        {
          until: 'v12.0.0',
          type: 'int32',
          description:
            'How many times the text has been edited. The server adds one on every Update that ' +
            'changes the text; leave it out (0) when creating.',
        },
        {
          since: 'v12.0.0',
          type: 'int32',
          readOnly: true,
          description:
            'How many times the text has been edited. The server adds one on every Update that ' +
            'changes the text.',
        },
      ],
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

  PullRequestWatch: {
    kind: 'object',
    description:
      'A user\'s explicit choice to follow or to ignore a pull request, overriding the default ' +
      'notification rules for that request. There is at most one per user and pull request.',
    requests: ['create', 'update'],
    fields: {
      id: { type: 'int64', readOnly: true, description: 'Id of the watch record.' },
      requestId: {
        type: 'int64',
        immutable: true,
        requiredOnCreate: true,
        description: 'Id of the watched pull request.',
      },
      userId: {
        type: 'int64',
        immutable: true,
        requiredOnCreate: true,
        description:
          'Id of the user the setting is for. Unless the caller is an administrator it must be ' +
          'the caller\'s own user id.',
      },
      watching: {
        type: 'boolean',
        description:
          '`true`: the user is notified of the pull request\'s activity; `false`: the user ' +
          'ignores it and gets no notifications for it. Defaults to `false` when left out on create.',
      },
    },
  },

  // From v16.2.1 assignments and reviews are only listed, through the Pull Request group's Get
  // Assignments and Get Reviews, which leave out the record id.
  PullRequestAssignment: [
    {
      until: 'v16.2.1',
      kind: 'object',
      description:
        'Assignment of a user to a pull request. Assignees are expected to take care of the ' +
        'request (for example merge it), and may modify it. There is at most one per user and ' +
        'pull request; an assignment is added or removed, never edited.',
      requests: ['create'],
      fields: {
        id: { type: 'int64', readOnly: true, description: 'Id of the assignment.' },
        userId: {
          type: 'int64',
          immutable: true,
          requiredOnCreate: true,
          description: 'Id of the assigned user.',
        },
        requestId: {
          type: 'int64',
          immutable: true,
          requiredOnCreate: true,
          description: 'Id of the pull request the user is assigned to.',
        },
      },
    },
    {
      since: 'v16.2.1',
      kind: 'object',
      usage: 'response',
      description:
        'Assignment of a user to a pull request, as Get Assignments lists it (without a record ' +
        'id). Assignees are expected to take care of the request (for example merge it), and may ' +
        'modify it. Assign and unassign users with Add Assignee and Remove Assignee.',
      fields: {
        userId: { type: 'int64', description: 'Id of the assigned user.' },
        requestId: { type: 'int64', description: 'Id of the pull request the user is assigned to.' },
      },
    },
  ],

  PullRequestReview: [
    {
      until: 'v16.2.1',
      kind: 'object',
      description:
        'A reviewer\'s slot on a pull request and where that review stands. There is at most one ' +
        'per user and pull request; the pull request\'s submitter can never be a reviewer.',
      requests: ['create', 'update'],
      fields: {
        id: { type: 'int64', readOnly: true, description: 'Id of the review.' },
        // Who may add whom changed in v12.0.8 (see the Create operation).
        userId: [
          {
            until: 'v12.0.8',
            type: 'int64',
            immutable: true,
            requiredOnCreate: true,
            description:
              'Id of the reviewer. Unless the caller is an administrator it must be the caller\'s ' +
              'own user id. Must not be the pull request\'s submitter.',
          },
          {
            since: 'v12.0.8',
            type: 'int64',
            immutable: true,
            requiredOnCreate: true,
            description:
              'Id of the reviewer: any user, when the caller may modify the pull request. Must ' +
              'not be the pull request\'s submitter.',
          },
        ],
        requestId: {
          type: 'int64',
          immutable: true,
          requiredOnCreate: true,
          description: 'Id of the reviewed pull request, which must not be merged.',
        },
        status: {
          type: { enum: ['PENDING', 'APPROVED', 'REQUESTED_FOR_CHANGES', 'EXCLUDED'] },
          description:
            'Where the review stands. `PENDING`: the reviewer has been asked and has not ' +
            'answered yet (saving this state announces a review request); `APPROVED`: the ' +
            'reviewer approved the changes; `REQUESTED_FOR_CHANGES`: the reviewer asked for ' +
            'changes; `EXCLUDED`: the reviewer was taken off the request (saving this state ' +
            'announces the removal, and such reviews are left out of the pull request\'s Get ' +
            'Reviews). Defaults to `PENDING` when left out on create.',
        },
        statusDate: {
          type: 'date-time',
          readOnly: true,
          description:
            'When the status was last set. The server fills it in; sending `status` (even an ' +
            'unchanged one) moves it to the current time.',
        },
      },
    },
    {
      since: 'v16.2.1',
      kind: 'object',
      usage: 'response',
      description:
        'A reviewer of a pull request and where that review stands, as Get Reviews lists it ' +
        '(without a record id; reviewers taken off the request are not listed). Ask and remove ' +
        'reviewers with Add Reviewer and Remove Reviewer; a reviewer answers with Approve.',
      fields: {
        userId: { type: 'int64', description: 'Id of the reviewer.' },
        requestId: { type: 'int64', description: 'Id of the reviewed pull request.' },
        status: {
          type: { enum: ['PENDING', 'APPROVED', 'REQUESTED_FOR_CHANGES', 'EXCLUDED'] },
          description:
            'Where the review stands. `PENDING`: the reviewer has been asked and has not ' +
            'answered yet; `APPROVED`: the reviewer approved the changes; ' +
            '`REQUESTED_FOR_CHANGES`: the reviewer asked for changes; `EXCLUDED`: the reviewer ' +
            'was taken off the request (never listed by Get Reviews).',
        },
        statusDate: { type: 'date-time', description: 'When the status was last set.' },
      },
    },
  ],
};
