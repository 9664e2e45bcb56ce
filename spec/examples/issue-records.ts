import type { ExampleTable } from '../model.js';

export const issueRecordsExamples: ExampleTable = {
  IssueWatch: {
    summary: 'User 3 watches issue 1543',
    value: { id: 88, issueId: 1543, userId: 3, watching: true },
  },
  IssueWatchCreate: {
    summary: 'Start watching issue 1543 as user 3',
    value: { issueId: 1543, userId: 3, watching: true },
  },
  IssueWatchUpdate: {
    summary: 'Switch the watch to ignoring the issue',
    value: { watching: false },
  },

  IssueWork: {
    summary: 'Ninety minutes logged on issue 1543',
    value: {
      id: 14,
      issueId: 1543,
      userId: 3,
      date: '2025-06-30T06:05:11.482+00:00',
      minutes: 90,
      note: 'Reproduced the flaky checkout step of the ci job and added a retry',
    },
  },
  IssueWorkCreate: {
    summary: 'Log 90 minutes on issue 1543 as user 3',
    value: {
      issueId: 1543,
      userId: 3,
      minutes: 90,
      note: 'Reproduced the flaky checkout step of the ci job and added a retry',
    },
  },
  IssueWorkUpdate: {
    summary: 'Correct the logged time and note',
    value: { minutes: 120, note: 'Reproduced the flaky checkout step, added a retry and a regression test' },
  },

  IssueLink: {
    summary: 'Issue 1520 linked as a child of issue 1543',
    value: { id: 19, sourceId: 1543, targetId: 1520, specId: 2 },
    changes: [{ since: 'v13.1.7', set: { position: 3 } }],
  },
  IssueLinkCreate: {
    summary: 'Link issue 1520 to issue 1543 with link spec 2',
    value: { sourceId: 1543, targetId: 1520, specId: 2 },
  },

  IssueVote: {
    summary: 'A vote of user 3 for issue 1543',
    value: { id: 26, issueId: 1543, userId: 3, date: '2025-07-02T01:17:45.903+00:00' },
  },
  IssueVoteCreate: {
    summary: 'Vote for issue 1543 as user 3',
    value: { issueId: 1543, userId: 3 },
  },

  Iteration: {
    summary: 'A two-week iteration of project 7',
    value: {
      id: 9,
      projectId: 7,
      name: 'Sprint 27',
      description: 'Stabilise the **release-2.4** branch and finish the agent upgrade.',
      startDay: 20270,
      dueDay: 20283,
      closed: false,
    },
  },
  IterationCreate: {
    summary: 'Plan an iteration from 2025-07-01 to 2025-07-14',
    value: {
      projectId: 7,
      name: 'Sprint 27',
      description: 'Stabilise the **release-2.4** branch and finish the agent upgrade.',
      startDay: 20270,
      dueDay: 20283,
      closed: false,
    },
  },
  IterationUpdate: {
    summary: 'Extend the due day to 2025-07-16 and close the iteration',
    value: { dueDay: 20285, closed: true },
  },

  // The Milestone group lives only in the seed's v11.11.4 description.
  Milestone: {
    until: 'v12.0.0',
    summary: 'A milestone of project 7 (v10.8.0)',
    value: {
      id: 4,
      projectId: 7,
      name: '2.4.0',
      description: 'Features and fixes shipped with release 2.4.0.',
      startDate: '2024-05-06T00:00:00.000+00:00',
      dueDate: '2024-06-28T00:00:00.000+00:00',
      closed: false,
    },
  },
  MilestoneCreate: {
    until: 'v12.0.0',
    summary: 'Create milestone 2.4.0 in project 7',
    value: {
      projectId: 7,
      name: '2.4.0',
      description: 'Features and fixes shipped with release 2.4.0.',
      startDate: '2024-05-06T00:00:00.000+00:00',
      dueDate: '2024-06-28T00:00:00.000+00:00',
      closed: false,
    },
  },
  MilestoneUpdate: {
    until: 'v12.0.0',
    summary: 'Close the milestone',
    value: { closed: true },
  },
};
