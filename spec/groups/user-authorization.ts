import type { EffectRefusal, GroupSpec } from '../model.js';

/**
 * The User Authorization group, read from OneDev's UserAuthorizationResource at each tag: v12.0.0
 * renamed the operations (Get -> Get Authorization, ...) and recorded changes in the audit log.
 */

const MANAGERS =
  'Site administrators, and users allowed to manage the project the record belongs to (a role ' +
  'with project management permission on it).';

/** The same role on the same project twice breaks a unique constraint of the database. */
const SAME_GRANT: EffectRefusal = { when: { duplicate: ['userId', 'projectId', 'roleId'] }, status: 500, message: 'could not execute statement' };

export const userAuthorizationGroup: GroupSpec = {
  name: 'User Authorization',
  description:
    'Project roles granted to users personally: each record gives one user one role on one ' +
    'project (and its child projects), besides roles through groups and default roles. There is ' +
    'no update: delete the record and create another. List a user\'s records with User Get Authorizations.',
  operations: [
    {
      name: [{ value: 'Get', until: 'v12.0.0' }, { value: 'Get Authorization', since: 'v12.0.0' }],
      method: 'GET',
      path: '/user-authorizations/{authorizationId}',
      description: 'Reads one user authorization by its id.',
      permission: MANAGERS,
      parameters: ['userAuthorizationId'],
      success: {
        kind: 'json',
        type: { ref: 'UserAuthorization' },
        description: 'The user authorization.',
        example: 'UserAuthorization',
      },
      errors: [401, 403, 404],
    },
    {
      name: [{ value: 'Create', until: 'v12.0.0' }, { value: 'Create Authorization', since: 'v12.0.0' }],
      method: 'POST',
      path: '/user-authorizations',
      description:
        'Gives a user a role on a project. Giving the same role on the same project twice, or ' +
        'leaving out an id, fails with 500.',
      permission: MANAGERS,
      body: {
        kind: 'json',
        type: { ref: 'UserAuthorizationCreate' },
        description: 'The project, the user and the role.',
        example: 'UserAuthorizationCreate',
      },
      success: { kind: 'id', description: 'The id of the new user authorization.' },
      errors: [400, 401, 403, 404, 500, 'validation'],
      effect: { changes: [{ create: 'UserAuthorization' }], refuses: [SAME_GRANT] },
    },
    {
      name: [{ value: 'Delete', until: 'v12.0.0' }, { value: 'Delete Authorization', since: 'v12.0.0' }],
      method: 'DELETE',
      path: '/user-authorizations/{authorizationId}',
      description: 'Takes a personally granted project role away from a user.',
      permission: MANAGERS,
      parameters: ['userAuthorizationId'],
      success: { kind: 'empty', description: 'The user authorization was removed.' },
      errors: [401, 403, 404],
      effect: { changes: [{ remove: 'UserAuthorization', at: { param: 'authorizationId' } }] },
    },
  ],
};
