import type { GroupSpec } from '../model.js';
import { missingRow } from './row-refusals.js';

export const pullRequestWatchGroup: GroupSpec = {
  name: 'Pull Request Watch',
  description:
    'Per-user watch settings of pull requests: whether a user follows a request\'s activity ' +
    '(`watching: true`) or ignores it (`watching: false`), overriding the default notification ' +
    'rules. Without a record the defaults apply. List a pull request\'s watches with the Pull ' +
    'Request group\'s Get Watches.',
  operations: [
    {
      name: 'Get',
      method: 'GET',
      path: '/pull-request-watches/{watchId}',
      description: 'Reads one pull request watch record by its id.',
      permission: 'Anyone allowed to read the code of the pull request\'s target project.',
      parameters: ['pullRequestWatchId'],
      success: {
        kind: 'json',
        type: { ref: 'PullRequestWatch' },
        description: 'The watch record.',
        example: 'PullRequestWatch',
      },
      errors: [401, 403, 404],
    },
    {
      name: 'Create',
      method: 'POST',
      path: '/pull-request-watches',
      description:
        'Records whether a user follows or ignores a pull request. A user has at most one ' +
        'record per pull request: creating a second one breaks a database constraint (500), so ' +
        'change an existing record with Update instead. A body without `requestId` or `userId` ' +
        'also fails on the server (500); ids that name no pull request or user are answered with 404.',
      permission:
        'Anyone allowed to read the code of the target project, for their own user (`userId` ' +
        'is the caller); administrators may create records for any user.',
      body: {
        kind: 'json',
        type: { ref: 'PullRequestWatchCreate' },
        description: 'The pull request, the user and the watch choice.',
        example: 'PullRequestWatchCreate',
      },
      success: { kind: 'id', description: 'The id of the new watch record.' },
      errors: [400, 401, 403, 404, 500, 'validation'],
      effect: {
        changes: [{ create: 'PullRequestWatch' }],
        refuses: [
          missingRow('PullRequest', 'requestId'),
          // Users who took part in a request already watch it, so a first call may meet this too.
          { when: { duplicate: ['requestId', 'userId'] }, status: 500, message: 'could not execute statement' },
        ],
      },
    },
    {
      name: 'Update',
      method: 'POST',
      path: '/pull-request-watches/{watchId}',
      description:
        'Changes a watch record; `requestId` and `userId` cannot be changed and are ignored, so in practice this flips ' +
        '`watching`.',
      permission:
        'The user the record belongs to, or anyone allowed to manage pull requests of the ' +
        'target project.',
      parameters: ['pullRequestWatchId'],
      body: {
        kind: 'json',
        type: { ref: 'PullRequestWatchUpdate' },
        update: 'merge',
        description: 'The properties to change.',
        example: 'PullRequestWatchUpdate',
      },
      success: { kind: 'empty', description: 'The record was updated.' },
      errors: [400, 401, 403, 404, 'validation'],
      effect: { changes: [{ update: 'PullRequestWatch', at: { param: 'watchId' } }] },
    },
    {
      name: 'Delete',
      method: 'DELETE',
      path: '/pull-request-watches/{watchId}',
      description:
        'Removes a watch record; the user falls back to the default notification rules for ' +
        'that pull request.',
      permission:
        'The user the record belongs to, or anyone allowed to manage pull requests of the ' +
        'target project.',
      parameters: ['pullRequestWatchId'],
      success: { kind: 'empty', description: 'The record was removed.' },
      errors: [401, 403, 404],
      effect: { changes: [{ remove: 'PullRequestWatch', at: { param: 'watchId' } }] },
    },
  ],
};
