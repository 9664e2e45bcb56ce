import type { ExampleTable } from '../model.js';

export const codeCommentExamples: ExampleTable = {
  CodeComment: {
    summary: 'A comment on two lines of a file, written while reviewing pull request 42',
    value: {
      id: 418,
      projectId: 7,
      userId: 7,
      content: 'This retries forever when the receiver keeps failing; cap it at `maxAttempts`.',
      createDate: '2025-07-01T09:40:55.901+08:00',
      lastActivity: { userId: 3, date: '2025-07-01T11:02:19.360+08:00', description: 'replied' },
      replyCount: 1,
      mark: {
        commitHash: 'a81d4c2e9b7f03652e1d8c4b7a9f0e3d6c2b1a95',
        path: 'src/main/java/com/acme/webhook/DeliveryQueue.java',
        range: { fromRow: 41, fromColumn: 0, toRow: 42, toColumn: 38, tabWidth: 4 },
      },
      compareContext: {
        pullRequestId: 42,
        oldCommitHash: '3f9c1e0b7d2a4c6e8f1a3b5d7c9e0f2a4b6c8d0e',
        newCommitHash: 'a81d4c2e9b7f03652e1d8c4b7a9f0e3d6c2b1a95',
        pathFilter: null,
        whitespaceOption: 'IGNORE_TRAILING',
      },
      resolved: false,
      uuid: '9b4e07d2-61c8-4a3f-8e5d-2c7a1f0b3e96',
    },
  },
};
