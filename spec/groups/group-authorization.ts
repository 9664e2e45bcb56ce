import type { EffectRefusal, GroupSpec } from '../model.js';

/**
 * The Group Authorization group, read from OneDev's GroupAuthorizationResource at each tag: v12.0.0
 * renamed the operations (Get -> Get Authorization, ...) and recorded changes in the project's audit log.
 */

const MANAGERS =
  'Site administrators, and users allowed to manage the project the record belongs to (a role ' +
  'with project management permission on it).';

/** The same role on the same project twice breaks a unique constraint of the database. */
const SAME_GRANT: EffectRefusal = { when: { duplicate: ['groupId', 'projectId', 'roleId'] }, status: 500, message: 'could not execute statement' };

export const groupAuthorizationGroup: GroupSpec = {
  name: 'Group Authorization',
  description:
    'Project roles of user groups: each record gives every member of one group one role on one ' +
    'project (and its child projects). There is no update: delete the record and create ' +
    'another. List a group\'s records with Group Get Authorizations.',
  operations: [
    {
      name: [{ value: 'Get', until: 'v12.0.0' }, { value: 'Get Authorization', since: 'v12.0.0' }],
      method: 'GET',
      path: '/group-authorizations/{authorizationId}',
      description: 'Reads one group authorization by its id.',
      permission: MANAGERS,
      parameters: ['groupAuthorizationId'],
      success: {
        kind: 'json',
        type: { ref: 'GroupAuthorization' },
        description: 'The group authorization.',
        example: 'GroupAuthorization',
      },
      errors: [401, 403, 404],
    },
    {
      name: [{ value: 'Create', until: 'v12.0.0' }, { value: 'Create Authorization', since: 'v12.0.0' }],
      method: 'POST',
      path: '/group-authorizations',
      description:
        'Gives a group a role on a project. Giving the same role on the same project twice, or ' +
        'leaving out an id, fails with 500.',
      permission: MANAGERS,
      body: {
        kind: 'json',
        type: { ref: 'GroupAuthorizationCreate' },
        description: 'The project, the group and the role.',
        example: 'GroupAuthorizationCreate',
      },
      success: { kind: 'id', description: 'The id of the new group authorization.' },
      errors: [400, 401, 403, 404, 500, 'validation'],
      effect: { changes: [{ create: 'GroupAuthorization' }], refuses: [SAME_GRANT] },
    },
    {
      name: [{ value: 'Delete', until: 'v12.0.0' }, { value: 'Delete Authorization', since: 'v12.0.0' }],
      method: 'DELETE',
      path: '/group-authorizations/{authorizationId}',
      description: 'Takes a project role away from a group.',
      permission: MANAGERS,
      parameters: ['groupAuthorizationId'],
      success: { kind: 'empty', description: 'The group authorization was removed.' },
      errors: [401, 403, 404],
      effect: { changes: [{ remove: 'GroupAuthorization', at: { param: 'authorizationId' } }] },
    },
  ],
};
