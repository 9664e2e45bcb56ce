import type { GroupSpec } from '../model.js';
import { missingIdAnswers } from '../responses.js';

/** Read from OneDev's MembershipResource at each tag: v12.0.0 renamed the operations (Get -> Get Membership, ...). */

const ADMIN_ONLY = 'Site administrators only.';

export const membershipGroup: GroupSpec = {
  name: 'Membership',
  description:
    'Memberships put users into groups. There is no update: to move a user, delete one ' +
    'membership and create another. List a group\'s memberships with Group Get Memberships.',
  operations: [
    {
      name: [{ value: 'Get', until: 'v12.0.0' }, { value: 'Get Membership', since: 'v12.0.0' }],
      method: 'GET',
      path: '/memberships/{membershipId}',
      description: 'Reads one membership by its id.',
      permission: ADMIN_ONLY,
      parameters: ['membershipId'],
      success: {
        kind: 'json',
        type: { ref: 'Membership' },
        description: 'The membership.',
        example: 'Membership',
      },
      errors: [401, 403, ...missingIdAnswers('Membership', 'everyone')],
    },
    {
      name: [{ value: 'Create', until: 'v12.0.0' }, { value: 'Create Membership', since: 'v12.0.0' }],
      method: 'POST',
      path: '/memberships',
      description:
        'Adds a user to a group. Both ids must exist; a user already in the group, or a ' +
        'missing id, fails with 500.',
      permission: ADMIN_ONLY,
      body: {
        kind: 'json',
        type: { ref: 'MembershipCreate' },
        description: 'The user and the group.',
        example: 'MembershipCreate',
      },
      success: { kind: 'id', description: 'The id of the new membership.' },
      errors: [400, 401, 403, 404, 500, 'validation'],
      effect: {
        changes: [{ create: 'Membership' }],
        // A user is in a group once (a unique constraint on the pair).
        refuses: [{ when: { duplicate: ['userId', 'groupId'] }, status: 500, message: 'could not execute statement' }],
      },
    },
    {
      name: [{ value: 'Delete', until: 'v12.0.0' }, { value: 'Delete Membership', since: 'v12.0.0' }],
      method: 'DELETE',
      path: '/memberships/{membershipId}',
      description: 'Removes a user from a group.',
      permission: ADMIN_ONLY,
      parameters: ['membershipId'],
      success: { kind: 'empty', description: 'The membership was removed.' },
      errors: [401, 403, 404],
      effect: { changes: [{ remove: 'Membership', at: { param: 'membershipId' } }] },
    },
  ],
};
