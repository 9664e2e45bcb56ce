import type { GroupSpec } from '../model.js';
import { missingRow } from './row-refusals.js';

/**
 * Read from OneDev's PullRequestLabelResource: the same two operations, under the same names, at
 * every tag from v11.11.0 to v16.5.6. List a request's labels with the Pull Request group's Get Labels.
 */

const MODIFY =
  'The submitter of the pull request, one of its assignees, or a user who may manage pull ' +
  'requests of the target project.';

export const pullRequestLabelGroup: GroupSpec = {
  name: 'Pull Request Label',
  description:
    'Labels attached to pull requests. Each attachment names a pull request and a label spec (the ' +
    'label\'s name and colour, from the Label Spec group); list them with the Pull Request group\'s ' +
    'Get Labels.',
  operations: [
    {
      name: 'Create',
      method: 'POST',
      path: '/pull-request-labels',
      description:
        'Attaches a label to a pull request. A body without `requestId` or `specId` fails on the ' +
        'server (500), as does attaching a label the request already has (the pair must be ' +
        'unique); ids that name no pull request or label spec are answered with 404.',
      permission: MODIFY,
      body: {
        kind: 'json',
        type: { ref: 'PullRequestLabelCreate' },
        description: 'The pull request and the label spec.',
        example: 'PullRequestLabelCreate',
      },
      success: { kind: 'id', description: 'The id of the new label attachment.' },
      errors: [400, 401, 403, 404, 500, 'validation'],
      effect: {
        changes: [{ create: 'PullRequestLabel' }],
        refuses: [
          missingRow('PullRequest', 'requestId'),
          { when: { duplicate: ['requestId', 'specId'] }, status: 500, message: 'could not execute statement' },
        ],
      },
    },
    {
      name: 'Delete',
      method: 'DELETE',
      path: '/pull-request-labels/{pullRequestLabelId}',
      description: 'Takes a label off a pull request; the label spec itself is kept.',
      permission: MODIFY,
      parameters: ['pullRequestLabelId'],
      success: { kind: 'empty', description: 'The label was taken off.' },
      errors: [401, 403, 404],
      effect: { changes: [{ remove: 'PullRequestLabel', at: { param: 'pullRequestLabelId' } }] },
    },
  ],
};
