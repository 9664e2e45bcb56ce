import type { GroupSpec } from '../model.js';
import { missingRow } from './row-refusals.js';

/**
 * Read from OneDev's IssueCommentResource at each tag: v12.0.0 renamed the operations (Get -> Get
 * Comment, ...); v16.5.6 made Get Comment check access to the issue itself (a confidential issue's
 * comments were readable by anyone with access to its project before).
 */

const AUTHOR_OR_MANAGER = 'The comment\'s author, or a user who may manage issues of the issue\'s project.';

export const issueCommentGroup: GroupSpec = {
  name: 'Issue Comment',
  description:
    'Comments on an issue. List the comments of an issue with the Issue group\'s Get Comments; ' +
    'here one comment is read, posted, edited or removed. Editing replaces the text and keeps ' +
    'the old text as a revision.',
  operations: [
    {
      name: [{ value: 'Get', until: 'v12.0.0' }, { value: 'Get Comment', since: 'v12.0.0' }],
      until: 'v16.5.6',
      method: 'GET',
      path: '/issue-comments/{commentId}',
      description:
        'Reads one issue comment by its id. The server only checks access to the issue\'s ' +
        'project, not whether the issue is confidential.',
      permission: 'Anyone who can access the issue\'s project.',
      parameters: ['issueCommentId'],
      success: { kind: 'json', type: { ref: 'IssueComment' }, description: 'The comment.', example: 'IssueComment' },
      errors: [401, 403, 404],
    },
    {
      name: 'Get Comment',
      since: 'v16.5.6',
      method: 'GET',
      path: '/issue-comments/{commentId}',
      description: 'Reads one issue comment by its id.',
      permission:
        'Anyone who can see the issue: access to its project and, for a confidential issue, the right to see it.',
      parameters: ['issueCommentId'],
      success: { kind: 'json', type: { ref: 'IssueComment' }, description: 'The comment.', example: 'IssueComment' },
      errors: [401, 403, 404],
    },
    {
      name: [{ value: 'Create', until: 'v12.0.0' }, { value: 'Create Comment', since: 'v12.0.0' }],
      method: 'POST',
      path: '/issue-comments',
      description:
        'Posts a comment on an issue. The server stamps the posting time, raises the issue\'s ' +
        'comment count and sends the same notifications as a comment posted in the web UI. A body ' +
        'without `issueId`, `userId` or `content` fails on the server (500), as does an empty ' +
        '`content`; ids that name no issue or user are answered with 404.',
      permission:
        'Anyone who can see the issue, posting as themselves (`userId` is the caller); ' +
        'administrators may post as any user.',
      body: {
        kind: 'json',
        type: { ref: 'IssueCommentCreate' },
        description: 'The issue, the author and the text.',
        example: 'IssueCommentCreate',
      },
      success: { kind: 'id', description: 'The id of the new comment.' },
      errors: [
        400,
        401,
        403,
        404,
        // A v16.5.6 server answered an empty `content` so (the recording); the schema does not refuse it.
        { status: 500, message: 'Server Error', meaning: 'The body lacks `issueId`, `userId` or `content`, or its `content` is empty, or the server failed.' },
        'validation',
      ],
      effect: {
        changes: [
          { create: 'IssueComment', values: { date: { now: true }, revisionCount: { const: 0 } } },
          { count: 'Issue', at: { field: 'issueId' }, property: 'commentCount', by: 1 },
        ],
        refuses: [missingRow('Issue', 'issueId')],
      },
    },
    {
      name: [{ value: 'Update', until: 'v12.0.0' }, { value: 'Update Comment', since: 'v12.0.0' }],
      method: 'POST',
      path: '/issue-comments/{commentId}',
      description:
        'Replaces the text of a comment. The body is the new text itself, not JSON: send it ' +
        'without quotes (quotes would become part of the comment). When the text differs from the ' +
        'stored one, the server saves it, adds one to `revisionCount` and records the old and new ' +
        'text as a revision by the caller; an identical text changes nothing. Text longer than ' +
        '100000 characters is cut short.',
      permission: AUTHOR_OR_MANAGER,
      parameters: ['issueCommentId'],
      body: {
        kind: 'raw-text',
        required: true,
        description: 'The new comment text (Markdown), sent as-is without JSON quoting.',
        example: 'Reproduced with a receiver that sleeps 40 s; the retry queue never sees the delivery. Logs attached.',
      },
      success: { kind: 'empty', description: 'The text was saved (or was already the same).' },
      errors: [400, 401, 403, 404, 'validation'],
      // The server counts a revision only when the text differs; a step cannot say so.
      effect: {
        changes: [
          { set: 'IssueComment', at: { param: 'commentId' }, values: { content: { body: true } } },
          { count: 'IssueComment', at: { param: 'commentId' }, property: 'revisionCount', by: 1 },
        ],
      },
    },
    {
      name: [{ value: 'Delete', until: 'v12.0.0' }, { value: 'Delete Comment', since: 'v12.0.0' }],
      method: 'DELETE',
      path: '/issue-comments/{commentId}',
      description:
        'Removes a comment together with its reactions and edit history, lowers the issue\'s ' +
        'comment count and records the removal in the issue\'s activity log.',
      permission: AUTHOR_OR_MANAGER,
      parameters: ['issueCommentId'],
      success: { kind: 'empty', description: 'The comment was removed.' },
      errors: [401, 403, 404],
      effect: {
        changes: [
          { remove: 'IssueComment', at: { param: 'commentId' } },
          { count: 'Issue', at: { field: 'issueId' }, property: 'commentCount', by: -1 },
        ],
      },
    },
  ],
};
