import type { ExampleChange, ExampleTable } from '../model.js';

/**
 * Issue 1543 of project 7 (`acme/webapp`), number 311: the issue of the examples of the Issue group.
 * The core leaves out what differs between releases (reaction and time-tracking counts).
 */
const issueCore = {
  id: 1543,
  state: 'Open',
  stateOrdinal: 0,
  title: 'Webhook deliveries are not retried after a timeout',
  description: 'When the receiver times out, the delivery is marked failed and never retried.\n\nSeen on 4.2.0.',
  numberScopeId: 7,
  projectId: 7,
  submitterId: 3,
  submitDate: '2025-06-28T08:31:20.518+00:00',
  onBehalfOf: null,
  voteCount: 2,
  commentCount: 1,
  thumbsUpCount: 1,
  thumbsDownCount: 0,
  smileCount: 0,
  tadaCount: 0,
  confusedCount: 0,
  heartCount: 0,
  eyesCount: 0,
  descriptionRevisionCount: 0,
  uuid: '0c7e52a4-93d1-4f6b-b8a2-5e1d9f3c7a60',
  number: 311,
  messageId: null,
  lastActivity: { userId: 5, date: '2025-07-01T10:02:37.944+00:00', description: 'commented' },
  confidential: false,
  pinDate: null,
  boardPosition: 4,
  externalParticipants: [],
};

/** The issue as v11.11.4 writes it. */
const issue = {
  ...issueCore,
  rocketCount: 0,
  totalEstimatedTime: 240,
  totalSpentTime: 90,
  ownEstimatedTime: 240,
  ownSpentTime: 90,
  progress: 37,
};

/** A service-desk issue: opened by mail on behalf of an outside sender. */
const serviceDeskIssue = {
  ...issue,
  id: 1550,
  state: 'Closed',
  stateOrdinal: 2,
  title: 'Cannot download the 4.2.0 installer',
  description: 'The download link on the release page answers 404.',
  submitterId: 1,
  submitDate: '2025-06-29T21:14:03.102+00:00',
  onBehalfOf: { address: 'jane@example.com', personal: 'Jane Doe', encodedPersonal: null },
  voteCount: 0,
  commentCount: 2,
  thumbsUpCount: 0,
  totalEstimatedTime: 0,
  totalSpentTime: 0,
  ownEstimatedTime: 0,
  ownSpentTime: 0,
  progress: -1,
  uuid: '5d2f8e61-0a7b-4c39-9e14-b6a3c0d2f875',
  number: 314,
  messageId: '<CAF3x9q1Zt@mail.example.com>',
  lastActivity: { userId: 3, date: '2025-06-30T07:40:12.310+00:00', description: 'changed state to "Closed"' },
  boardPosition: 0,
  externalParticipants: [{ address: 'jane@example.com', personal: 'Jane Doe', encodedPersonal: null }],
};

/** Issue #308, linked as a child of #311: Sam's part of the fix. */
const childIssue = {
  ...issue,
  id: 1520,
  title: 'Queue failed webhook deliveries for another attempt',
  description: 'Part of #311: keep a failed delivery and try it again later.',
  submitterId: 7,
  submitDate: '2025-06-25T02:18:44.630+00:00',
  voteCount: 0,
  commentCount: 0,
  thumbsUpCount: 0,
  totalEstimatedTime: 120,
  totalSpentTime: 0,
  ownEstimatedTime: 120,
  ownSpentTime: 0,
  progress: 0,
  uuid: 'e3a17c52-8d09-4b6e-a2f4-91c6d0b57e38',
  number: 308,
  lastActivity: { userId: 5, date: '2025-07-01T10:01:02.517+00:00', description: 'linked a parent issue' },
  boardPosition: 2,
};

/**
 * From v15.0.6 the time-tracking properties are only there for callers who may see time tracking
 * (the examples show a caller who may not); v15.1.0 turned the rocket reaction into a tick;
 * v16.5.0 added the moved-to reference.
 */
const ISSUE_CHANGES: readonly ExampleChange[] = [
  {
    since: 'v15.0.6',
    drop: ['totalEstimatedTime', 'totalSpentTime', 'ownEstimatedTime', 'ownSpentTime', 'progress'],
  },
  { since: 'v15.1.0', set: { tickCount: 0 }, drop: ['rocketCount'] },
  { since: 'v16.5.0', set: { movedToId: null } },
];

/** Get Issue from v16.0.2: no time tracking shown, a tick count, and the issue's branch. */
const issueWithBranch = { ...issueCore, tickCount: 0, branch: 'issue-311-retry-webhook-deliveries' };

const comment = {
  id: 2207,
  date: '2025-07-01T10:02:37.940+00:00',
  userId: 5,
  content: 'Reproduced with a receiver that sleeps 40 s. The retry queue never sees the delivery.',
  issueId: 1543,
  revisionCount: 0,
  onBehalfOf: null,
};

/** v16.3.0 added the Message-ID of the email a comment came from. */
const COMMENT_CHANGES: readonly ExampleChange[] = [{ since: 'v16.3.0', set: { messageId: null } }];

export const issueExamples: ExampleTable = {
  Issue: { summary: 'Open issue #311 of project 7', value: issue, changes: ISSUE_CHANGES },
  IssueWithBranch: {
    since: 'v16.0.2',
    summary: 'Issue #311 with the branch that works on it',
    value: issueWithBranch,
    changes: [{ since: 'v16.5.0', set: { movedToId: null } }],
  },
  IssueList: {
    summary: 'A page of three issues, one of them opened through the service desk',
    value: [issue, serviceDeskIssue, childIssue],
    changes: ISSUE_CHANGES,
  },
  IssueFieldValues: {
    summary: 'Custom field values of an issue',
    value: { Type: 'Bug', Priority: 'Major', Assignees: ['robin', 'alice'], 'Due Date': null },
  },
  IssueFieldValuesUpdate: {
    summary: 'Set the priority and the assignees',
    value: { Priority: 'Critical', Assignees: ['alice'] },
  },
  IssueOpenData: {
    summary: 'Open a bug in project 7',
    value: {
      projectId: 7,
      title: 'Webhook deliveries are not retried after a timeout',
      description: 'When the receiver times out, the delivery is marked failed and never retried.',
      confidential: false,
      iterationIds: [9],
      fields: { Type: 'Bug', Priority: 'Major' },
    },
  },
  StateTransitionData: [
    {
      until: 'v12.0.5',
      summary: 'Close the issue as fixed, clearing the assignees',
      value: {
        state: 'Closed',
        fields: { Resolution: 'Fixed' },
        removeFields: ['Assignees'],
        comment: 'Fixed by the retry queue in 4.2.1.',
      },
    },
    {
      since: 'v12.0.5',
      summary: 'Close the issue as fixed',
      value: { state: 'Closed', fields: { Resolution: 'Fixed' }, comment: 'Fixed by the retry queue in 4.2.1.' },
    },
  ],
  IssueConfidentialFlag: { summary: 'Make the issue confidential', value: true },
  IssueOwnEstimatedTime: [
    { until: 'v12.0.5', summary: 'Estimate four hours (the number is stored as minutes)', value: 240 },
    { since: 'v12.0.5', summary: 'Estimate four hours, in minutes', value: 240 },
  ],
  IssueIterationIds: { summary: 'Schedule the issue into iterations 9 and 10', value: [9, 10] },
  IssueChangeList: {
    summary: 'The activity log of issue 1543',
    value: [
      {
        id: 8810,
        issueId: 1543,
        userId: 3,
        date: '2025-06-28T08:45:02.004+00:00',
        data: {
          '@type': 'IssueTitleChangeData',
          oldTitle: 'Webhooks not retried',
          newTitle: 'Webhook deliveries are not retried after a timeout',
        },
      },
      {
        id: 8817,
        issueId: 1543,
        userId: 5,
        date: '2025-06-30T16:20:44.871+00:00',
        data: {
          '@type': 'IssueFieldChangeData',
          oldFields: { Priority: { name: 'Priority', type: 'Enumeration', values: ['Normal'] } },
          newFields: { Priority: { name: 'Priority', type: 'Enumeration', values: ['Major'] } },
        },
      },
      {
        id: 8821,
        issueId: 1543,
        userId: 5,
        date: '2025-07-01T09:58:10.226+00:00',
        data: {
          '@type': 'IssueStateChangeData',
          oldFields: {},
          newFields: { Assignees: { name: 'Assignees', type: 'User', values: ['alice'] } },
          oldState: 'Open',
          newState: 'In Progress',
        },
      },
      {
        id: 8822,
        issueId: 1543,
        userId: 5,
        date: '2025-07-01T10:01:02.517+00:00',
        data: { '@type': 'IssueLinkAddData', linkName: 'Child Issue', opposite: false, linkedIssueNumber: '#308' },
      },
    ],
  },
  IssueCommentList: {
    summary: 'The comments of issue 1543',
    value: [comment],
    changes: COMMENT_CHANGES,
  },
  IssueWorkList: {
    summary: 'Work logged on issue 1543',
    value: [
      {
        id: 14,
        issueId: 1543,
        userId: 3,
        date: '2025-06-30T06:05:11.482+00:00',
        minutes: 90,
        note: 'Reproduced the timeout with a slow receiver',
      },
    ],
  },
  IterationList: {
    summary: 'The iterations issue 1543 is scheduled into',
    value: [
      {
        id: 9,
        projectId: 7,
        name: 'Sprint 27',
        description: 'Stabilise the **release-2.4** branch and finish the agent upgrade.',
        startDay: 20270,
        dueDay: 20283,
        closed: false,
      },
    ],
  },
  IssueVoteList: {
    summary: 'Votes for issue 1543',
    value: [
      { id: 26, issueId: 1543, userId: 3, date: '2025-07-02T01:17:45.903+00:00' },
      { id: 27, issueId: 1543, userId: 7, date: '2025-07-02T03:40:10.118+00:00' },
    ],
  },
  IssueWatchList: {
    summary: 'Watch records of issue 1543',
    value: [
      { id: 88, issueId: 1543, userId: 3, watching: true },
      { id: 90, issueId: 1543, userId: 9, watching: false },
    ],
  },
  IssueLinkList: {
    summary: 'Links of issue 1543 (it is the parent of issue 1520)',
    value: [{ id: 19, sourceId: 1543, targetId: 1520, specId: 2 }],
    changes: [{ since: 'v13.1.7', set: { position: 0 } }],
  },
  FixCommitList: {
    summary: 'Commits that say they fix issue #311',
    value: [{ projectId: 7, commitHash: 'a81d4c2e9b7f03652e1d8c4b7a9f0e3d6c2b1a95' }],
  },
  // One example per kind of issue change (the members of the IssueChangeData family).
  IssueBatchUpdateData: {
    summary: 'State, iterations and a field changed in one batch edit',
    value: {
      '@type': 'IssueBatchUpdateData',
      oldFields: { Priority: { name: 'Priority', type: 'Enumeration', values: ['Normal'] } },
      newFields: { Priority: { name: 'Priority', type: 'Enumeration', values: ['Major'] } },
      oldState: 'Open',
      newState: 'In Progress',
      oldConfidential: false,
      newConfidential: false,
      oldIterations: [],
      newIterations: ['Sprint 27'],
    },
  },
  IssueCommentRemoveData: { summary: 'A comment was deleted', value: { '@type': 'IssueCommentRemoveData' } },
  IssueConfidentialChangeData: {
    summary: 'Made confidential',
    value: { '@type': 'IssueConfidentialChangeData', oldConfidential: false, newConfidential: true },
  },
  IssueDescriptionChangeData: {
    summary: 'Description edited',
    value: {
      '@type': 'IssueDescriptionChangeData',
      oldDescription: '',
      newDescription: 'When the receiver times out, the delivery is marked failed and never retried.',
    },
  },
  IssueFieldChangeData: {
    summary: 'Priority raised',
    value: {
      '@type': 'IssueFieldChangeData',
      oldFields: { Priority: { name: 'Priority', type: 'Enumeration', values: ['Normal'] } },
      newFields: { Priority: { name: 'Priority', type: 'Enumeration', values: ['Major'] } },
    },
  },
  IssueIterationAddData: {
    summary: 'Scheduled into an iteration',
    value: { '@type': 'IssueIterationAddData', iteration: 'Sprint 27' },
  },
  IssueIterationChangeData: {
    summary: 'Moved to the next iteration',
    value: { '@type': 'IssueIterationChangeData', oldIterations: ['Sprint 27'], newIterations: ['Sprint 28'] },
  },
  IssueIterationRemoveData: {
    summary: 'Taken out of an iteration',
    value: { '@type': 'IssueIterationRemoveData', iteration: 'Sprint 27' },
  },
  IssueLinkAddData: {
    summary: 'Issue #308 linked as a child',
    value: { '@type': 'IssueLinkAddData', linkName: 'Child Issue', opposite: false, linkedIssueNumber: '#308' },
  },
  IssueLinkRemoveData: {
    summary: 'Link to the parent issue removed',
    value: { '@type': 'IssueLinkRemoveData', linkName: 'Parent Issue', opposite: true, linkedIssueNumber: '#290' },
  },
  IssueOwnEstimatedTimeChangeData: {
    summary: 'Estimate raised from two to four hours',
    value: { '@type': 'IssueOwnEstimatedTimeChangeData', oldValue: 120, newValue: 240 },
  },
  IssueOwnSpentTimeChangeData: {
    summary: 'Ninety minutes of work logged',
    value: { '@type': 'IssueOwnSpentTimeChangeData', oldValue: 0, newValue: 90 },
  },
  IssueProjectChangeData: {
    summary: 'Moved to another project',
    value: { '@type': 'IssueProjectChangeData', oldProject: 'acme/webapp', newProject: 'acme/webhooks' },
  },
  IssueReferencedFromCodeCommentData: {
    summary: 'Mentioned in code comment 418',
    value: { '@type': 'IssueReferencedFromCodeCommentData', commentId: 418 },
  },
  IssueReferencedFromIssueData: {
    summary: 'Mentioned in issue 1550',
    value: { '@type': 'IssueReferencedFromIssueData', issueId: 1550 },
  },
  IssueReferencedFromPullRequestData: {
    summary: 'Mentioned in pull request 42',
    value: { '@type': 'IssueReferencedFromPullRequestData', requestId: 42 },
  },
  IssueStateChangeData: {
    summary: 'Closed as fixed',
    value: {
      '@type': 'IssueStateChangeData',
      oldFields: {},
      newFields: { Resolution: { name: 'Resolution', type: 'Enumeration', values: ['Fixed'] } },
      oldState: 'In Progress',
      newState: 'Closed',
    },
  },
  IssueTitleChangeData: {
    summary: 'Title edited',
    value: {
      '@type': 'IssueTitleChangeData',
      oldTitle: 'Webhooks not retried',
      newTitle: 'Webhook deliveries are not retried after a timeout',
    },
  },
  IssueTotalEstimatedTimeChangeData: {
    summary: 'A sub-issue\'s estimate raised the total',
    value: { '@type': 'IssueTotalEstimatedTimeChangeData', oldValue: 240, newValue: 480 },
  },
  IssueTotalSpentTimeChangeData: {
    summary: 'Work logged on a sub-issue raised the total',
    value: { '@type': 'IssueTotalSpentTimeChangeData', oldValue: 90, newValue: 150 },
  },
  IssueComment: { summary: 'A comment on issue 1543', value: comment, changes: COMMENT_CHANGES },
  IssueCommentCreate: {
    summary: 'Comment on issue 1543 as user 5',
    value: {
      issueId: 1543,
      userId: 5,
      content: 'Reproduced with a receiver that sleeps 40 s. The retry queue never sees the delivery.',
    },
  },
};
