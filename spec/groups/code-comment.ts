import type { GroupSpec } from '../model.js';
import { sentenceSince } from './release-text.js';

/**
 * Read from OneDev's CodeCommentResource at each tag: v12.0.0 renamed both operations (Get -> Get
 * Comment, Delete -> Delete Comment) and writes deletions to the project's audit log.
 */

export const codeCommentGroup: GroupSpec = {
  name: 'Code Comment',
  description:
    'Comments on lines of code, made while browsing a repository or reviewing a pull request. ' +
    'This group reads and deletes them by id; they are written in the web UI.',
  operations: [
    {
      name: [{ value: 'Get', until: 'v12.0.0' }, { value: 'Get Comment', since: 'v12.0.0' }],
      method: 'GET',
      path: '/code-comments/{commentId}',
      description: 'Reads one code comment: its text, where it is attached and the comparison it was made in.',
      permission: 'Anyone who can read the code of the comment\'s project.',
      parameters: ['codeCommentId'],
      success: { kind: 'json', type: { ref: 'CodeComment' }, description: 'The code comment.', example: 'CodeComment' },
      errors: [401, 403, 404],
    },
    {
      name: [{ value: 'Delete', until: 'v12.0.0' }, { value: 'Delete Comment', since: 'v12.0.0' }],
      method: 'DELETE',
      path: '/code-comments/{commentId}',
      description: sentenceSince(
        'v12.0.0',
        'Deletes a code comment together with its replies and status changes.',
        'The deletion is written to the project\'s audit log.',
      ),
      permission:
        'The comment\'s author, or a user who may manage code comments of the project (project ' +
        'managers and administrators included).',
      parameters: ['codeCommentId'],
      success: { kind: 'empty', description: 'The code comment was deleted.' },
      errors: [401, 403, 404],
      effect: { changes: [{ remove: 'CodeComment', at: { param: 'commentId' } }] },
    },
  ],
};
