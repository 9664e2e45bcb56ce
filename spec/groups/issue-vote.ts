import type { GroupSpec } from '../model.js';
import { duplicateRow, missingRow } from './row-refusals.js';

/** Read from OneDev's IssueVoteResource at each tag: v12.0.0 renamed the operations (Get -> Get Vote, ...). */

export const issueVoteGroup: GroupSpec = {
  name: 'Issue Vote',
  description:
    'Users\' votes for issues. Each user votes at most once per issue; the issue keeps a running ' +
    'vote count that creating and deleting votes adjusts.',
  operations: [
    {
      name: [{ value: 'Get', until: 'v12.0.0' }, { value: 'Get Vote', since: 'v12.0.0' }],
      method: 'GET',
      path: '/issue-votes/{voteId}',
      description: 'Reads one vote by its id.',
      permission:
        'Anyone who can see the issue: access to its project, and for a confidential issue the ' +
        'right to see confidential issues (or having been granted access to that particular issue).',
      parameters: ['voteId'],
      success: { kind: 'json', type: { ref: 'IssueVote' }, description: 'The vote.', example: 'IssueVote' },
      errors: [401, 403, 404],
    },
    {
      name: [{ value: 'Create', until: 'v12.0.0' }, { value: 'Create Vote', since: 'v12.0.0' }],
      method: 'POST',
      path: '/issue-votes',
      description:
        'Casts a vote for an issue: adds one to the issue\'s vote count and makes the voter watch ' +
        'the issue. The server stamps the vote with the current time. A second vote by the same ' +
        'user on the same issue breaks a uniqueness rule and fails with 500.',
      permission:
        'A caller who can see the issue, voting for themselves (`userId` is their own id); ' +
        'administrators may cast votes for any user.',
      body: {
        kind: 'json',
        type: { ref: 'IssueVoteCreate' },
        description: 'The issue and the voting user.',
        example: 'IssueVoteCreate',
      },
      success: { kind: 'id', description: 'The id of the new vote.' },
      errors: [400, 401, 403, 404, 500, 'validation'],
      effect: {
        changes: [
          { create: 'IssueVote', values: { date: { now: true } } },
          { count: 'Issue', at: { field: 'issueId' }, property: 'voteCount', by: 1 },
          // The voter watches the issue; the server leaves a watch record the voter already has as it is.
          {
            set: 'IssueWatch',
            at: { where: { issueId: { bodyField: 'issueId' }, userId: { bodyField: 'userId' } } },
            values: { watching: { const: true } },
          },
        ],
        refuses: [missingRow('Issue', 'issueId'), duplicateRow(['issueId', 'userId'])],
      },
    },
    {
      name: [{ value: 'Delete', until: 'v12.0.0' }, { value: 'Delete Vote', since: 'v12.0.0' }],
      method: 'DELETE',
      path: '/issue-votes/{voteId}',
      description: 'Withdraws a vote and takes one off the issue\'s vote count.',
      permission:
        'The user who cast the vote, or anyone allowed to manage issues of the issue\'s project ' +
        '(project managers and administrators included).',
      parameters: ['voteId'],
      success: { kind: 'empty', description: 'The vote was withdrawn.' },
      errors: [401, 403, 404],
      effect: {
        changes: [
          { remove: 'IssueVote', at: { param: 'voteId' } },
          { count: 'Issue', at: { field: 'issueId' }, property: 'voteCount', by: -1 },
        ],
      },
    },
  ],
};
