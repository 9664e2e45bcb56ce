import type { GroupSpec } from '../model.js';
import { duplicateRow, missingRow } from './row-refusals.js';

/** Read from OneDev's IssueWatchResource at each tag: v12.0.0 renamed the operations (Get -> Get Watch, ...). */

export const issueWatchGroup: GroupSpec = {
  name: 'Issue Watch',
  description:
    'Per-user watch settings of issues: whether a user is notified about an issue\'s activity ' +
    '(`watching: true`) or ignores it (`watching: false`). There is at most one record per user ' +
    'and issue.',
  operations: [
    {
      name: [{ value: 'Get', until: 'v12.0.0' }, { value: 'Get Watch', since: 'v12.0.0' }],
      method: 'GET',
      path: '/issue-watches/{watchId}',
      description: 'Reads one issue watch record by its id.',
      permission:
        'Anyone who can see the issue: access to its project, and for a confidential issue the ' +
        'right to see confidential issues (or having been granted access to that particular issue).',
      parameters: ['issueWatchId'],
      success: { kind: 'json', type: { ref: 'IssueWatch' }, description: 'The watch record.', example: 'IssueWatch' },
      errors: [401, 403, 404],
    },
    {
      name: [{ value: 'Create', until: 'v12.0.0' }, { value: 'Create Watch', since: 'v12.0.0' }],
      method: 'POST',
      path: '/issue-watches',
      description:
        'Records whether a user watches or ignores an issue. A second record for the same user ' +
        'and issue breaks a uniqueness rule and fails with 500; change the existing one with ' +
        'Update instead.',
      permission:
        'A caller who can see the issue, creating the record for themselves (`userId` is their ' +
        'own id); administrators may create records for any user.',
      body: {
        kind: 'json',
        type: { ref: 'IssueWatchCreate' },
        description: 'The issue, the user and the watch state.',
        example: 'IssueWatchCreate',
      },
      success: { kind: 'id', description: 'The id of the new watch record.' },
      errors: [400, 401, 403, 404, 500, 'validation'],
      effect: {
        changes: [{ create: 'IssueWatch' }],
        refuses: [missingRow('Issue', 'issueId'), duplicateRow(['issueId', 'userId'])],
      },
    },
    {
      name: [{ value: 'Update', until: 'v12.0.0' }, { value: 'Update Watch', since: 'v12.0.0' }],
      method: 'POST',
      path: '/issue-watches/{watchId}',
      description:
        'Changes the watch state of an existing record; `issueId` and `userId` cannot be ' +
        'changed and are ignored.',
      permission:
        'The user the record belongs to, or anyone allowed to manage issues of the issue\'s ' +
        'project (project managers and administrators included).',
      parameters: ['issueWatchId'],
      body: {
        kind: 'json',
        type: { ref: 'IssueWatchUpdate' },
        update: 'merge',
        description: 'The properties to change.',
        example: 'IssueWatchUpdate',
      },
      success: { kind: 'empty', description: 'The record was updated.' },
      errors: [400, 401, 403, 404, 500, 'validation'],
      effect: { changes: [{ update: 'IssueWatch', at: { param: 'watchId' } }] },
    },
    {
      name: [{ value: 'Delete', until: 'v12.0.0' }, { value: 'Delete Watch', since: 'v12.0.0' }],
      method: 'DELETE',
      path: '/issue-watches/{watchId}',
      description:
        'Removes a watch record; the user falls back to the default notification rules for the issue.',
      permission:
        'The user the record belongs to, or anyone allowed to manage issues of the issue\'s project.',
      parameters: ['issueWatchId'],
      success: { kind: 'empty', description: 'The record was removed.' },
      errors: [401, 403, 404],
      effect: { changes: [{ remove: 'IssueWatch', at: { param: 'watchId' } }] },
    },
  ],
};
