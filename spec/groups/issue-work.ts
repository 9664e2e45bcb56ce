import type { EffectSpec, ErrorStatus, GroupSpec } from '../model.js';
import { missingRow } from './row-refusals.js';

/**
 * Read from OneDev's IssueWorkResource at each tag: v12.0.0 renamed the operations (Get -> Get Work,
 * ...); from v12.0.5 Create Work refuses a missing subscription or time tracking with 406 instead
 * of 500 (Get Work still answers 500 without a subscription).
 */

const SUBSCRIPTION =
  'This operation needs an active OneDev Enterprise subscription; without one the server ' +
  'answers 500 with a generic error text.';

/** Create Work from v12.0.5 on (Get Work still answers 500). */
const SUBSCRIPTION_406 =
  'This operation needs an active OneDev Enterprise subscription; without one the server ' +
  'answers 406 ("This feature requires an active subscription").';

const READ_PERMISSION =
  'Anyone who can see the issue: access to its project, and for a confidential issue the ' +
  'right to see confidential issues (or having been granted access to that particular issue).';

const LOG_PERMISSION =
  'A caller who can see the issue, logging work for themselves (`userId` is their own id); ' +
  'administrators may log work for any user.';

/**
 * Create Work's effect: the subscription check comes first (how it is refused changed in
 * v12.0.5), then the issue is read. The record's `date` is the server's clock. Adding the minutes
 * to the issue's spent times is beyond a count step (it moves by one).
 */
const logWork = (unlicensed: { status: ErrorStatus; message: string }): EffectSpec => ({
  changes: [{ create: 'IssueWork', values: { date: { now: true } } }],
  refuses: [{ when: { subscription: true }, ...unlicensed }, missingRow('Issue', 'issueId')],
});

export const issueWorkGroup: GroupSpec = {
  name: 'Issue Work',
  description:
    'Time-tracking entries: minutes a user spent on an issue. Time tracking is an Enterprise ' +
    'feature: reading and logging work need an active subscription and, for logging, a project ' +
    'with time tracking enabled; otherwise the server refuses the request (each operation says ' +
    'with which status).',
  operations: [
    {
      name: [{ value: 'Get', until: 'v12.0.0' }, { value: 'Get Work', since: 'v12.0.0' }],
      method: 'GET',
      path: '/issue-works/{workId}',
      description: `Reads one work record by its id. ${SUBSCRIPTION}`,
      permission: READ_PERMISSION,
      parameters: ['workId'],
      success: { kind: 'json', type: { ref: 'IssueWork' }, description: 'The work record.', example: 'IssueWork' },
      errors: [401, 403, 404, 500],
    },
    {
      name: [{ value: 'Create', until: 'v12.0.0' }, { value: 'Create Work', since: 'v12.0.0' }],
      until: 'v12.0.5',
      method: 'POST',
      path: '/issue-works',
      description:
        'Logs time spent on an issue; the server stamps the record with the current time. ' +
        `${SUBSCRIPTION} It also answers 500 when time tracking is not enabled for the issue's ` +
        'project (both checks run before the permission check).',
      permission: LOG_PERMISSION,
      body: {
        kind: 'json',
        type: { ref: 'IssueWorkCreate' },
        description: 'The issue, the user, the minutes spent and an optional note.',
        example: 'IssueWorkCreate',
      },
      success: { kind: 'id', description: 'The id of the new work record.' },
      errors: [400, 401, 403, 404, 500, 'validation'],
      effect: logWork({ status: 500, message: 'Server Error' }),
    },
    {
      name: 'Create Work',
      since: 'v12.0.5',
      method: 'POST',
      path: '/issue-works',
      description:
        'Logs time spent on an issue; the server stamps the record with the current time. ' +
        `${SUBSCRIPTION_406} It also answers 406 ("Time tracking not enabled for project") when ` +
        'time tracking is not enabled for the issue\'s project (both checks run before the ' +
        'permission check).',
      permission: LOG_PERMISSION,
      body: {
        kind: 'json',
        type: { ref: 'IssueWorkCreate' },
        description: 'The issue, the user, the minutes spent and an optional note.',
        example: 'IssueWorkCreate',
      },
      success: { kind: 'id', description: 'The id of the new work record.' },
      errors: [400, 401, 403, 404, 406, 500, 'validation'],
      effect: logWork({ status: 406, message: 'This feature requires an active subscription' }),
    },
    {
      name: [{ value: 'Update', until: 'v12.0.0' }, { value: 'Update Work', since: 'v12.0.0' }],
      method: 'POST',
      path: '/issue-works/{workId}',
      description:
        'Changes the minutes or the note of a work record; `issueId` and `userId` cannot be ' +
        'changed and `date` is ignored. Unlike ' +
        'Get and Create, this operation does not check the subscription or the project\'s ' +
        'time-tracking setting.',
      permission:
        'The user who logged the work, or anyone allowed to manage issues of the issue\'s project ' +
        '(project managers and administrators included).',
      parameters: ['workId'],
      body: {
        kind: 'json',
        type: { ref: 'IssueWorkUpdate' },
        update: 'merge',
        description: 'The properties to change.',
        example: 'IssueWorkUpdate',
      },
      success: { kind: 'empty', description: 'The record was updated.' },
      errors: [400, 401, 403, 404, 500, 'validation'],
      effect: { changes: [{ update: 'IssueWork', at: { param: 'workId' } }] },
    },
    {
      name: [{ value: 'Delete', until: 'v12.0.0' }, { value: 'Delete Work', since: 'v12.0.0' }],
      method: 'DELETE',
      path: '/issue-works/{workId}',
      description:
        'Removes a work record. Like Update, it does not check ' +
        'the subscription.',
      permission:
        'The user who logged the work, or anyone allowed to manage issues of the issue\'s project.',
      parameters: ['workId'],
      success: { kind: 'empty', description: 'The record was removed.' },
      errors: [401, 403, 404],
      effect: { changes: [{ remove: 'IssueWork', at: { param: 'workId' } }] },
    },
  ],
};
