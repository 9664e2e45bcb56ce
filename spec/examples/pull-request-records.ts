import type { ExampleChange, ExampleTable } from '../model.js';

/** Kim (user 5) reviews Robin's (user 3) pull request 42. */
const comment = {
  id: 311,
  date: '2025-06-30T14:05:11.482+08:00',
  userId: 5,
  content:
    'Looks good overall. Could you add a test for the empty-branch case in `MergeHelper`?',
  requestId: 42,
  revisionCount: 1,
};

const watch = { id: 77, requestId: 42, userId: 5, watching: true };

const assignment = { id: 63, userId: 3, requestId: 42 };

const review = {
  id: 58,
  userId: 5,
  requestId: 42,
  status: 'APPROVED',
  statusDate: '2025-07-01T09:12:44.019+08:00',
};

/** v16.3.0 added the Message-ID of the email a comment came from. */
const COMMENT_CHANGES: readonly ExampleChange[] = [{ since: 'v16.3.0', set: { messageId: null } }];

/** From v16.2.1 assignments and reviews are only listed, without their record id. */
const LISTED_WITHOUT_ID: readonly ExampleChange[] = [{ since: 'v16.2.1', drop: ['id'] }];

export const pullRequestRecordsExamples: ExampleTable = {
  // Comments
  PullRequestComment: { summary: 'A comment on pull request 42', value: comment, changes: COMMENT_CHANGES },
  PullRequestCommentCreate: {
    summary: 'Comment on pull request 42 as user 3',
    value: {
      userId: 3,
      requestId: 42,
      content: 'Rebased onto `main`; the CI failure on `feature/ssh-keys` should be gone now.',
    },
  },
  PullRequestCommentList: {
    summary: 'Comments of pull request 42',
    value: [
      comment,
      {
        id: 315,
        date: '2025-06-30T16:47:03.120+08:00',
        userId: 3,
        content: 'Added `testEmptyBranch` in the latest push.',
        requestId: 42,
        revisionCount: 0,
      },
    ],
    changes: COMMENT_CHANGES,
  },

  // Watches
  PullRequestWatch: { summary: 'User 5 follows pull request 42', value: watch },
  PullRequestWatchCreate: {
    summary: 'Follow pull request 42 as user 5',
    value: { requestId: 42, userId: 5, watching: true },
  },
  PullRequestWatchUpdate: {
    summary: 'Stop notifications for this pull request',
    value: { watching: false },
  },
  PullRequestWatchList: {
    summary: 'Watches of pull request 42',
    value: [watch, { id: 78, requestId: 42, userId: 7, watching: false }],
  },

  // Assignments
  PullRequestAssignment: {
    summary: 'User 3 is assigned to pull request 42',
    value: assignment,
    changes: LISTED_WITHOUT_ID,
  },
  PullRequestAssignmentCreate: {
    until: 'v16.2.1',
    summary: 'Assign user 5 to pull request 42',
    value: { userId: 5, requestId: 42 },
  },
  PullRequestAssignmentList: {
    summary: 'Assignees of pull request 42',
    value: [assignment, { id: 64, userId: 7, requestId: 42 }],
    changes: LISTED_WITHOUT_ID,
  },

  // Reviews
  PullRequestReview: { summary: 'User 5 approved pull request 42', value: review, changes: LISTED_WITHOUT_ID },
  PullRequestReviewCreate: {
    until: 'v16.2.1',
    summary: 'Add user 5 as a reviewer of pull request 42',
    value: { userId: 5, requestId: 42, status: 'PENDING' },
  },
  // From v12.0.8 an update can only take the reviewer off the request.
  PullRequestReviewUpdate: [
    { until: 'v12.0.8', summary: 'Ask for changes', value: { status: 'REQUESTED_FOR_CHANGES' } },
    {
      since: 'v12.0.8',
      until: 'v16.2.1',
      summary: 'Take the reviewer off the pull request',
      value: { status: 'EXCLUDED' },
    },
  ],
  PullRequestReviewList: {
    summary: 'Reviews of pull request 42 (excluded reviewers are not listed)',
    value: [
      review,
      {
        id: 59,
        userId: 7,
        requestId: 42,
        status: 'PENDING',
        statusDate: '2025-06-30T10:20:37.905+08:00',
      },
    ],
    changes: LISTED_WITHOUT_ID,
  },
};
