import type { EffectRefusal, GroupSpec } from '../model.js';

/** Read from OneDev's BaseAuthorizationResource at each tag: v12.0.0 renamed the operations (Get -> Get Authorization, ...). */

const MANAGERS =
  'Site administrators, and users allowed to manage the project the record belongs to ' +
  '(a role with project management permission on it, granted personally, through a group ' +
  'or as a default role).';

/** The same role on the same project twice breaks a unique constraint of the database. */
const SAME_GRANT: EffectRefusal = { when: { duplicate: ['projectId', 'roleId'] }, status: 500, message: 'could not execute statement' };

export const baseAuthorizationGroup: GroupSpec = {
  name: 'Base Authorization',
  description:
    'Default roles of projects. A base authorization gives one role on one project to every ' +
    'signed-in user (and to anonymous visitors when the server allows anonymous access); it ' +
    'also applies to the project\'s child projects. There is no update: delete the record ' +
    'and create another.',
  operations: [
    {
      name: [{ value: 'Get', until: 'v12.0.0' }, { value: 'Get Authorization', since: 'v12.0.0' }],
      method: 'GET',
      path: '/base-authorizations/{authorizationId}',
      description: 'Reads one base authorization by its id.',
      permission: MANAGERS,
      parameters: ['authorizationId'],
      success: {
        kind: 'json',
        type: { ref: 'BaseAuthorization' },
        description: 'The base authorization.',
        example: 'BaseAuthorization',
      },
      errors: [401, 403, 404],
    },
    {
      name: [{ value: 'Create', until: 'v12.0.0' }, { value: 'Create Authorization', since: 'v12.0.0' }],
      method: 'POST',
      path: '/base-authorizations',
      description:
        'Makes a role a default role of a project. Giving a project the same role twice, or ' +
        'leaving out `projectId` or `roleId`, fails with 500.',
      permission: MANAGERS,
      body: {
        kind: 'json',
        type: { ref: 'BaseAuthorizationCreate' },
        description: 'The project and the role.',
        example: 'BaseAuthorizationCreate',
      },
      success: { kind: 'id', description: 'The id of the new base authorization.' },
      errors: [400, 401, 403, 404, 500, 'validation'],
      effect: { changes: [{ create: 'BaseAuthorization' }], refuses: [SAME_GRANT] },
    },
    {
      name: [{ value: 'Delete', until: 'v12.0.0' }, { value: 'Delete Authorization', since: 'v12.0.0' }],
      method: 'DELETE',
      path: '/base-authorizations/{authorizationId}',
      description: 'Removes a default role from a project.',
      permission: MANAGERS,
      parameters: ['authorizationId'],
      success: { kind: 'empty', description: 'The base authorization was removed.' },
      errors: [401, 403, 404],
      effect: { changes: [{ remove: 'BaseAuthorization', at: { param: 'authorizationId' } }] },
    },
  ],
};
