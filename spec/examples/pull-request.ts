import type { ExampleChange, ExampleTable } from '../model.js';

const BASE = '3f9c1e0b7d2a4c6e8f1a3b5d7c9e0f2a4b6c8d0e';
const HEAD = 'a81d4c2e9b7f03652e1d8c4b7a9f0e3d6c2b1a95';
const TARGET_HEAD = '5e2b9d7c1a4f8e3b6d0c2a9f7e5b3d1c8a6f4e20';
const MERGE = 'c47e2a9d1b5f8e3c6a0d4b7f2e9c1a5d8b3f6e07';

const openRequest = {
  id: 42,
  status: 'OPEN',
  title: 'Retry failed webhook deliveries',
  description: 'Retries a webhook delivery up to 3 times with exponential backoff.\n\nFixes #311',
  submitterId: 3,
  numberScopeId: 7,
  targetProjectId: 7,
  targetBranch: 'main',
  sourceProjectId: 7,
  sourceBranch: 'feature/webhook-retry',
  baseCommitHash: BASE,
  buildCommitHash: MERGE,
  submitDate: '2025-06-30T14:05:11.482+08:00',
  closeDate: null,
  duration: null,
  submitTimeGroups: { day: 20269, week: 20269, month: 20240 },
  closeTimeGroups: null,
  mergeStrategy: 'CREATE_MERGE_COMMIT',
  uuid: '6f1b2c9e-4d3a-4b8e-9a71-2c5d8e0f3b64',
  number: 128,
  commentCount: 2,
  thumbsUpCount: 1,
  thumbsDownCount: 0,
  smileCount: 0,
  tadaCount: 0,
  confusedCount: 0,
  heartCount: 0,
  rocketCount: 0,
  eyesCount: 0,
  descriptionRevisionCount: 1,
  lastActivity: { userId: 7, date: '2025-07-01T09:42:03.117+08:00', description: 'commented' },
  autoMerge: { enabled: false, userId: null, commitMessage: null },
  codeCommentsUpdateDate: '2025-07-01T09:40:55.904+08:00',
  checkError: null,
};

const mergedRequest = {
  id: 39,
  status: 'MERGED',
  title: 'Upgrade Jetty to 9.4.57',
  description: null,
  submitterId: 7,
  numberScopeId: 7,
  targetProjectId: 7,
  targetBranch: 'main',
  sourceProjectId: 7,
  sourceBranch: 'deps/jetty-9.4.57',
  baseCommitHash: '0b3d5f7a9c1e2d4f6a8b0c2e4d6f8a0b2c4e6d8f',
  buildCommitHash: 'e19a3c5b7d2f4a6c8e0b1d3f5a7c9e2b4d6f8a01',
  submitDate: '2025-06-23T10:17:45.210+08:00',
  closeDate: '2025-06-27T16:31:08.664+08:00',
  duration: 368003454,
  submitTimeGroups: { day: 20262, week: 20262, month: 20240 },
  closeTimeGroups: { day: 20266, week: 20262, month: 20240 },
  mergeStrategy: 'SQUASH_SOURCE_BRANCH_COMMITS',
  uuid: 'b2d94e1a-7c3f-4e65-8a0d-91f2c6b8e3a7',
  number: 125,
  commentCount: 0,
  thumbsUpCount: 0,
  thumbsDownCount: 0,
  smileCount: 0,
  tadaCount: 1,
  confusedCount: 0,
  heartCount: 0,
  rocketCount: 0,
  eyesCount: 0,
  descriptionRevisionCount: 0,
  lastActivity: { userId: 3, date: '2025-06-27T16:31:08.665+08:00', description: 'merged' },
  autoMerge: { enabled: true, userId: 3, commitMessage: null },
  codeCommentsUpdateDate: null,
  checkError: null,
};

/** How a pull request reads in later releases. */
const PULL_REQUEST_CHANGES: readonly ExampleChange[] = [
  // v12.0.9 stopped recording who switched auto merge.
  { since: 'v12.0.9', set: { autoMerge: { enabled: false, commitMessage: null } } },
  // v15.1.0 replaced the rocket reaction with a tick.
  { since: 'v15.1.0', set: { tickCount: 0 }, drop: ['rocketCount'] },
];

const changeExamples = {
  PullRequestApproveData: { summary: 'A reviewer approved', value: { '@type': 'PullRequestApproveData' } },
  PullRequestAutoMergeChangeData: {
    summary: 'Auto merge switched on',
    value: { '@type': 'PullRequestAutoMergeChangeData', enabled: true },
  },
  PullRequestCommentRemovedData: {
    summary: 'A comment was deleted',
    value: { '@type': 'PullRequestCommentRemovedData' },
  },
  PullRequestDescriptionChangeData: {
    summary: 'Description edited',
    value: {
      '@type': 'PullRequestDescriptionChangeData',
      oldDescription: 'Retries a webhook delivery with exponential backoff.',
      newDescription: 'Retries a webhook delivery up to 3 times with exponential backoff.\n\nFixes #311',
    },
  },
  PullRequestDiscardData: { summary: 'Request discarded', value: { '@type': 'PullRequestDiscardData' } },
  PullRequestMergeData: { summary: 'Merged through OneDev', value: { '@type': 'PullRequestMergeData', reason: null } },
  PullRequestMergeStrategyChangeData: {
    summary: 'Merge strategy changed',
    value: {
      '@type': 'PullRequestMergeStrategyChangeData',
      oldStrategy: 'CREATE_MERGE_COMMIT',
      newStrategy: 'SQUASH_SOURCE_BRANCH_COMMITS',
    },
  },
  PullRequestReferencedFromCodeCommentData: {
    summary: 'Mentioned in a code comment',
    value: { '@type': 'PullRequestReferencedFromCodeCommentData', commentId: 418 },
  },
  PullRequestReferencedFromIssueData: {
    summary: 'Mentioned in an issue',
    value: { '@type': 'PullRequestReferencedFromIssueData', issueId: 1543 },
  },
  PullRequestReferencedFromPullRequestData: {
    summary: 'Mentioned in another pull request',
    value: { '@type': 'PullRequestReferencedFromPullRequestData', requestId: 39 },
  },
  PullRequestReopenData: { summary: 'Request reopened', value: { '@type': 'PullRequestReopenData' } },
  PullRequestRequestedForChangesData: {
    summary: 'A reviewer asked for changes',
    value: { '@type': 'PullRequestRequestedForChangesData' },
  },
  PullRequestSourceBranchDeleteData: {
    summary: 'Source branch deleted',
    value: { '@type': 'PullRequestSourceBranchDeleteData' },
  },
  PullRequestSourceBranchRestoreData: {
    summary: 'Source branch restored',
    value: { '@type': 'PullRequestSourceBranchRestoreData' },
  },
  PullRequestTargetBranchChangeData: {
    summary: 'Target branch changed',
    value: { '@type': 'PullRequestTargetBranchChangeData', oldBranch: 'develop', newBranch: 'main' },
  },
  PullRequestTitleChangeData: {
    summary: 'Title edited',
    value: {
      '@type': 'PullRequestTitleChangeData',
      oldTitle: 'Webhook retries',
      newTitle: 'Retry failed webhook deliveries',
    },
  },
};

export const pullRequestExamples: ExampleTable = {
  PullRequest: { summary: 'An open pull request', value: openRequest, changes: PULL_REQUEST_CHANGES },
  PullRequestList: {
    summary: 'A page of pull requests',
    value: [openRequest, mergedRequest],
    changes: PULL_REQUEST_CHANGES,
  },
  PullRequestLabelList: {
    summary: 'Labels of a pull request',
    value: [
      { id: 71, requestId: 42, specId: 3 },
      { id: 72, requestId: 42, specId: 8 },
    ],
  },
  PullRequestLabelCreate: {
    summary: 'Attach label spec 5 to pull request 42',
    value: { requestId: 42, specId: 5 },
  },
  MergePreview: {
    summary: 'A merge preview without conflicts',
    value: {
      targetHeadCommitHash: TARGET_HEAD,
      headCommitHash: HEAD,
      mergeStrategy: 'CREATE_MERGE_COMMIT',
      mergeCommitHash: MERGE,
    },
  },
  PullRequestUpdateList: {
    summary: 'Updates of a pull request, oldest first',
    value: [
      {
        id: 310,
        requestId: 42,
        headCommitHash: '9d8c7b6a5f4e3d2c1b0a9f8e7d6c5b4a3f2e1d0c',
        targetHeadCommitHash: BASE,
        date: '2025-06-30T14:05:11.501+08:00',
      },
      {
        id: 318,
        requestId: 42,
        headCommitHash: HEAD,
        targetHeadCommitHash: TARGET_HEAD,
        date: '2025-07-01T08:12:37.049+08:00',
      },
    ],
  },
  PullRequestChangeList: {
    summary: 'Activity log of a pull request',
    value: [
      {
        id: 1207,
        requestId: 42,
        userId: 3,
        date: '2025-06-30T15:20:44.317+08:00',
        data: changeExamples.PullRequestTitleChangeData.value,
      },
      {
        id: 1213,
        requestId: 42,
        userId: 5,
        date: '2025-07-01T09:38:12.880+08:00',
        data: changeExamples.PullRequestApproveData.value,
      },
      {
        id: 1214,
        requestId: 42,
        userId: 3,
        date: '2025-07-01T09:45:02.006+08:00',
        data: changeExamples.PullRequestAutoMergeChangeData.value,
      },
    ],
  },
  PullRequestFixedIssueIds: { summary: 'Ids of issues the request fixes (its description says "Fixes #311")', value: [1543] },
  PullRequestOpenData: {
    summary: 'Open a request from a feature branch to main',
    value: {
      targetProjectId: 7,
      sourceProjectId: 7,
      targetBranch: 'main',
      sourceBranch: 'feature/webhook-retry',
      title: 'Retry failed webhook deliveries',
      description: 'Retries a webhook delivery up to 3 times with exponential backoff.\n\nFixes #311',
      mergeStrategy: 'SQUASH_SOURCE_BRANCH_COMMITS',
      reviewerIds: [5],
      assigneeIds: [3],
    },
  },
  MergeStrategy: { summary: 'Squash on merge', value: 'SQUASH_SOURCE_BRANCH_COMMITS' },
  AutoMergeData: {
    summary: 'Turn auto merge on with a custom message',
    value: {
      enabled: true,
      commitMessage: 'Merges pull request #128\n\nRetry failed webhook deliveries',
    },
  },
  ...changeExamples,
};
