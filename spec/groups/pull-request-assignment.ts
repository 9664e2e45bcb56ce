import type { GroupSpec } from '../model.js';
import { missingRow } from './row-refusals.js';

export const pullRequestAssignmentGroup: GroupSpec = {
  name: 'Pull Request Assignment',
  // Replaced by Add Assignee and Remove Assignee of the Pull Request group.
  until: 'v16.2.1',
  description:
    'Assignees of pull requests. Each record assigns one user to one pull request; records are ' +
    'added and removed, never edited, and a merged pull request\'s assignees can no longer ' +
    'change. List a pull request\'s assignments with the Pull Request group\'s Get Assignments.',
  operations: [
    {
      name: 'Get',
      method: 'GET',
      path: '/pull-request-assignments/{assignmentId}',
      description: 'Reads one pull request assignment by its id.',
      permission: 'Anyone allowed to read the code of the pull request\'s target project.',
      parameters: ['assignmentId'],
      success: {
        kind: 'json',
        type: { ref: 'PullRequestAssignment' },
        description: 'The assignment.',
        example: 'PullRequestAssignment',
      },
      errors: [401, 403, 404],
    },
    {
      name: 'Create',
      method: 'POST',
      path: '/pull-request-assignments',
      description:
        'Assigns a user to a pull request and announces the assignment on the request\'s ' +
        'activity stream. Refused with 500 and the message "Pull request is merged" when the ' +
        'pull request is already merged; assigning the same user twice breaks a database ' +
        'constraint (500). A missing body, or one without `requestId` or `userId`, fails on ' +
        'the server (500); ids that name no pull request or user are answered with 404.',
      permission:
        'Anyone who can read the code of the target project and may modify the pull request: ' +
        'its submitter, a current assignee, or anyone allowed to manage pull requests of the project.',
      body: {
        kind: 'json',
        type: { ref: 'PullRequestAssignmentCreate' },
        description: 'The user to assign and the pull request.',
        example: 'PullRequestAssignmentCreate',
      },
      success: { kind: 'id', description: 'The id of the new assignment.' },
      errors: [400, 401, 403, 404, 500],
      effect: {
        changes: [{ create: 'PullRequestAssignment' }],
        refuses: [
          missingRow('PullRequest', 'requestId'),
          { when: { duplicate: ['requestId', 'userId'] }, status: 500, message: 'could not execute statement' },
        ],
      },
    },
    {
      name: 'Delete',
      method: 'DELETE',
      path: '/pull-request-assignments/{assignmentId}',
      description:
        'Unassigns the user from the pull request and announces it on the request\'s activity ' +
        'stream. Refused with 500 and the message "Pull request is merged" when the pull ' +
        'request is already merged.',
      permission:
        'Anyone who can read the code of the target project and may modify the pull request: ' +
        'its submitter, a current assignee, or anyone allowed to manage pull requests of the project.',
      parameters: ['assignmentId'],
      success: { kind: 'empty', description: 'The assignment was removed.' },
      errors: [401, 403, 404, 500],
      effect: { changes: [{ remove: 'PullRequestAssignment', at: { param: 'assignmentId' } }] },
    },
  ],
};
