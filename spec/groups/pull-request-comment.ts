import type { GroupSpec } from '../model.js';
import { missingRow } from './row-refusals.js';

export const pullRequestCommentGroup: GroupSpec = {
  name: 'Pull Request Comment',
  description:
    'Comments on a pull request\'s activity stream. List the comments of a pull request with ' +
    'the Pull Request group\'s Get Comments; here one comment is read, posted, edited or removed. ' +
    'Editing replaces the text and keeps the old text as a revision.',
  operations: [
    {
      name: 'Get',
      method: 'GET',
      path: '/pull-request-comments/{commentId}',
      description: 'Reads one pull request comment by its id.',
      permission: 'Anyone allowed to read the code of the pull request\'s target project.',
      parameters: ['commentId'],
      success: {
        kind: 'json',
        type: { ref: 'PullRequestComment' },
        description: 'The comment.',
        example: 'PullRequestComment',
      },
      errors: [401, 403, 404],
    },
    {
      name: 'Create',
      method: 'POST',
      path: '/pull-request-comments',
      description:
        'Posts a comment on a pull request. The server stamps the posting time, raises the ' +
        'pull request\'s comment count and sends the same notifications as a comment posted in ' +
        'the web UI. ' +
        'A body without `requestId`, `userId` or `content` fails on the server (500), and ids ' +
        'that name no pull request or user are answered with 404.',
      permission:
        'Anyone allowed to read the code of the target project, posting as themselves ' +
        '(`userId` is the caller); administrators may post as any user.',
      body: {
        kind: 'json',
        type: { ref: 'PullRequestCommentCreate' },
        description: 'The pull request, the author and the text.',
        example: 'PullRequestCommentCreate',
      },
      success: { kind: 'id', description: 'The id of the new comment.' },
      errors: [400, 401, 403, 404, 500, 'validation'],
      effect: {
        changes: [
          { create: 'PullRequestComment', values: { date: { now: true }, revisionCount: { const: 0 } } },
          { count: 'PullRequest', at: { field: 'requestId' }, property: 'commentCount', by: 1 },
        ],
        refuses: [missingRow('PullRequest', 'requestId')],
      },
    },
    {
      name: 'Update',
      method: 'POST',
      path: '/pull-request-comments/{commentId}',
      description:
        'Replaces the text of a comment. The body is the new text itself, not JSON: send it ' +
        'without quotes (quotes would become part of the comment). When the text differs from ' +
        'the stored one, the server saves it, adds one to `revisionCount` and records the old ' +
        'and new text as a revision by the caller; an identical text changes nothing. Text ' +
        'longer than 100000 characters is cut short.',
      permission:
        'The comment\'s author, or anyone allowed to manage pull requests of the target project.',
      parameters: ['commentId'],
      body: {
        kind: 'raw-text',
        required: true,
        description: 'The new comment text (Markdown), sent as-is without JSON quoting.',
        example:
          'Looks good overall. Could you add a test for the empty-branch case in `MergeHelper`? ' +
          'Edit: never mind, found it in `MergeHelperTest`.',
      },
      success: { kind: 'empty', description: 'The text was saved (or was already the same).' },
      errors: [400, 401, 403, 404, 'validation'],
      effect: {
        changes: [
          { set: 'PullRequestComment', at: { param: 'commentId' }, values: { content: { body: true } } },
          { count: 'PullRequestComment', at: { param: 'commentId' }, property: 'revisionCount', by: 1 },
        ],
      },
    },
    {
      name: 'Delete',
      method: 'DELETE',
      path: '/pull-request-comments/{commentId}',
      description:
        'Removes a comment together with its reactions and edit history.',
      permission:
        'The comment\'s author, or anyone allowed to manage pull requests of the target project.',
      parameters: ['commentId'],
      success: { kind: 'empty', description: 'The comment was removed.' },
      errors: [401, 403, 404],
      effect: {
        changes: [
          { remove: 'PullRequestComment', at: { param: 'commentId' } },
          { count: 'PullRequest', at: { field: 'requestId' }, property: 'commentCount', by: -1 },
        ],
      },
    },
  ],
};
