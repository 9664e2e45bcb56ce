import type { EffectRefusal, GroupSpec } from '../model.js';
import { missingIdAnswers, NEGATIVE_PAGE, NEGATIVE_PAGE_FAILS } from '../responses.js';

/**
 * The Group group, read from OneDev's GroupResource at each tag: v12.0.0 renamed six operations;
 * from v12.0.9 bad query parameters are refused with 406 instead of 400.
 */

const ADMIN_ONLY = 'Site administrators only.';

/** Group names are unique (a database constraint). */
const NAME_TAKEN: EffectRefusal = { when: { duplicate: ['name'] }, status: 500, message: 'could not execute statement' };

export const groupGroup: GroupSpec = {
  name: 'Group',
  description:
    'User groups. A group can make its members site administrators, let them create root ' +
    'projects, require two-factor authentication of them, and carry roles on projects. ' +
    'Members are managed with the Membership operations; the project roles of a group are ' +
    'read here. Everything but the lookup of an id by name is for site administrators.',
  operations: [
    {
      name: [{ value: 'Get Basic Info', until: 'v12.0.0' }, { value: 'Get Group', since: 'v12.0.0' }],
      method: 'GET',
      path: '/groups/{groupId}',
      description: 'Reads one group by its id (its own properties, without members or project roles).',
      permission: ADMIN_ONLY,
      parameters: ['groupId'],
      success: { kind: 'json', type: { ref: 'Group' }, description: 'The group.', example: 'Group' },
      errors: [401, 403, ...missingIdAnswers('Group', 'everyone')],
    },
    {
      name: 'Get Authorizations',
      method: 'GET',
      path: '/groups/{groupId}/authorizations',
      description:
        'Lists the roles the group holds on projects, one record per project and role. The ' +
        'whole list comes back at once; it is not paged.',
      permission: ADMIN_ONLY,
      parameters: ['groupId'],
      success: {
        kind: 'json',
        type: { array: { ref: 'GroupAuthorization' } },
        description: 'The project roles of the group (possibly empty).',
        example: 'GroupAuthorizationList',
      },
      errors: [401, 403, 404],
    },
    {
      name: 'Get Memberships',
      method: 'GET',
      path: '/groups/{groupId}/memberships',
      description:
        'Lists the memberships of the group, one per member user. The whole list comes back ' +
        'at once; it is not paged. Remove a member by deleting its membership.',
      permission: ADMIN_ONLY,
      parameters: ['groupId'],
      success: {
        kind: 'json',
        type: { array: { ref: 'Membership' } },
        description: 'The memberships of the group (possibly empty).',
        example: 'MembershipList',
      },
      errors: [401, 403, 404],
    },
    {
      name: [{ value: 'Query Basic Info', until: 'v12.0.0' }, { value: 'Query Groups', since: 'v12.0.0' }],
      until: 'v12.0.9',
      method: 'GET',
      path: '/groups',
      description:
        'Pages through groups, optionally only those whose whole name matches `name` ' +
        '(case-insensitive; `*` stands for any run of characters, so `dev*` finds names ' +
        'starting with "dev"). No particular order is promised. A `count` or `offset` that ' +
        'is not an integer is answered with 404, a missing one or an unknown parameter with 400. ' + NEGATIVE_PAGE,
      permission: ADMIN_ONLY,
      parameters: ['nameFilter', 'offset', 'countUnlimited'],
      success: {
        kind: 'json',
        type: { array: { ref: 'Group' } },
        description: 'One page of groups.',
        example: 'GroupList',
      },
      errors: [400, 401, 403, 404, NEGATIVE_PAGE_FAILS],
    },
    {
      name: 'Query Groups',
      since: 'v12.0.9',
      method: 'GET',
      path: '/groups',
      description:
        'Pages through groups, optionally only those whose whole name matches `name` ' +
        '(case-insensitive; `*` stands for any run of characters, so `dev*` finds names ' +
        'starting with "dev"). No particular order is promised. A `count` or `offset` that ' +
        'is not an integer is answered with 404, a missing one or an unknown parameter with 406. ' + NEGATIVE_PAGE,
      permission: ADMIN_ONLY,
      parameters: ['nameFilter', 'offset', 'countUnlimited'],
      success: {
        kind: 'json',
        type: { array: { ref: 'Group' } },
        description: 'One page of groups.',
        example: 'GroupList',
      },
      errors: [401, 403, 404, 406, NEGATIVE_PAGE_FAILS],
    },
    {
      name: [{ value: 'Get Id', until: 'v12.0.0' }, { value: 'Get Group Id', since: 'v12.0.0' }],
      method: 'GET',
      path: '/groups/ids/{name}',
      description: 'Looks a group up by its exact name and answers with its id as a bare JSON number.',
      permission:
        'Any signed-in user; also anonymous callers when the server allows anonymous access. ' +
        'No administrator check is made.',
      parameters: ['groupName'],
      success: { kind: 'id', description: 'The id of the group, e.g. `5`.' },
      errors: [401, { status: 404, message: 'HTTP 404 Not Found', meaning: 'No group has that name.' }],
    },
    {
      name: [{ value: 'Create', until: 'v12.0.0' }, { value: 'Create Group', since: 'v12.0.0' }],
      method: 'POST',
      path: '/groups',
      description:
        'Creates a group. Members and project roles are added afterwards (Membership Create ' +
        'for members). A missing or already used name fails with 500.',
      permission: ADMIN_ONLY,
      body: {
        kind: 'json',
        type: { ref: 'GroupCreate' },
        description: 'The new group.',
        example: 'GroupCreate',
      },
      success: { kind: 'id', description: 'The id of the new group.' },
      errors: [400, 401, 403, 500, 'validation'],
      effect: { changes: [{ create: 'Group' }], refuses: [NAME_TAKEN] },
    },
    {
      name: [{ value: 'Update', until: 'v12.0.0' }, { value: 'Update Group', since: 'v12.0.0' }],
      method: 'POST',
      path: '/groups/{groupId}',
      description:
        'Changes a group. A new name is carried over to the places that refer to the group ' +
        'by name (branch and tag protections, job secret authorizations, settings); a name already ' +
        'used by another group fails with 500.',
      permission: ADMIN_ONLY,
      parameters: ['groupId'],
      body: {
        kind: 'json',
        type: { ref: 'GroupUpdate' },
        update: 'merge',
        description: 'The properties to change.',
        example: 'GroupUpdate',
      },
      success: { kind: 'empty', description: 'The group was updated.' },
      errors: [400, 401, 403, 404, 500, 'validation'],
      effect: { changes: [{ update: 'Group', at: { param: 'groupId' } }], refuses: [NAME_TAKEN] },
    },
    {
      name: [{ value: 'Delete', until: 'v12.0.0' }, { value: 'Delete Group', since: 'v12.0.0' }],
      method: 'DELETE',
      path: '/groups/{groupId}',
      description:
        'Deletes a group together with its memberships and project roles. Refused with 500 ' +
        '(the message says where) while project settings such as branch or tag protections, ' +
        'or global settings, still refer to the group by name.',
      permission: ADMIN_ONLY,
      parameters: ['groupId'],
      success: { kind: 'empty', description: 'The group was deleted.' },
      errors: [401, 403, 404, 500],
      effect: {
        changes: [
          {
            remove: 'Group',
            at: { param: 'groupId' },
            cascade: [
              { record: 'Membership', field: 'groupId' },
              { record: 'GroupAuthorization', field: 'groupId' },
            ],
          },
        ],
      },
    },
  ],
};
