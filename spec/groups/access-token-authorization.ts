import type { EffectRefusal, EffectSpec, GroupSpec } from '../model.js';
import { missingRow } from './row-refusals.js';

/**
 * The Access Token Authorization group, read from OneDev's AccessTokenAuthorizationResource at each
 * tag. v12.0.0 renamed the operations (Get -> Get Authorization, ...), made an owner who may not
 * manage the project a 400 instead of a permission error, and kept the token of a record fixed.
 */

const OWNER_OR_ADMIN = 'The owner of the record\'s access token, or a site administrator.';

/** The same role on the same project twice breaks a unique constraint of the database. */
const SAME_GRANT: EffectRefusal = { when: { duplicate: ['tokenId', 'projectId', 'roleId'] }, status: 500, message: 'could not execute statement' };

/** A token id no token has: the server meets the missing row when it reads the token's owner (404). */
const TOKEN_MISSING: EffectRefusal = missingRow('AccessToken', 'tokenId');

const CREATED: EffectSpec = { changes: [{ create: 'AccessTokenAuthorization' }], refuses: [TOKEN_MISSING, SAME_GRANT] };
const UPDATED: EffectSpec = { changes: [{ update: 'AccessTokenAuthorization', at: { param: 'authorizationId' } }], refuses: [SAME_GRANT] };

export const accessTokenAuthorizationGroup: GroupSpec = {
  name: 'Access Token Authorization',
  description:
    'Project roles of access tokens. A token whose `hasOwnerPermissions` is false can do only ' +
    'what these records allow: one role on one project each. The token\'s owner must be allowed ' +
    'to manage the project. List a token\'s records with Access Token Get Authorizations.',
  operations: [
    {
      name: [{ value: 'Get', until: 'v12.0.0' }, { value: 'Get Authorization', since: 'v12.0.0' }],
      method: 'GET',
      path: '/access-token-authorizations/{authorizationId}',
      description: 'Reads one access token authorization by its id.',
      permission: OWNER_OR_ADMIN,
      parameters: ['accessTokenAuthorizationId'],
      success: {
        kind: 'json',
        type: { ref: 'AccessTokenAuthorization' },
        description: 'The authorization.',
        example: 'AccessTokenAuthorization',
      },
      errors: [401, 403, 404],
    },
    {
      name: 'Create',
      until: 'v12.0.0',
      method: 'POST',
      path: '/access-token-authorizations',
      description:
        'Gives an access token a role on a project. When the token\'s owner may not manage the ' +
        'project the caller is refused as if lacking permission (403, or 401 when anonymous). ' +
        'Giving the same role on the same project twice, or leaving out an id, fails with 500.',
      permission: OWNER_OR_ADMIN,
      body: {
        kind: 'json',
        type: { ref: 'AccessTokenAuthorizationCreate' },
        description: 'The token, the project and the role.',
        example: 'AccessTokenAuthorizationCreate',
      },
      success: { kind: 'id', description: 'The id of the new authorization.' },
      errors: [400, 401, 403, 404, 500, 'validation'],
      effect: CREATED,
    },
    {
      name: 'Create Authorization',
      since: 'v12.0.0',
      method: 'POST',
      path: '/access-token-authorizations',
      description:
        'Gives an access token a role on a project. Refused with 400 when the token\'s owner may ' +
        'not manage the project. Giving the same role on the same project twice, or leaving out ' +
        'an id, fails with 500. Records made for another user\'s token are audited.',
      permission: OWNER_OR_ADMIN,
      body: {
        kind: 'json',
        type: { ref: 'AccessTokenAuthorizationCreate' },
        description: 'The token, the project and the role.',
        example: 'AccessTokenAuthorizationCreate',
      },
      success: { kind: 'id', description: 'The id of the new authorization.' },
      errors: [400, 401, 403, 404, 500, 'validation'],
      effect: CREATED,
    },
    {
      name: 'Update',
      until: 'v12.0.0',
      method: 'POST',
      path: '/access-token-authorizations/{authorizationId}',
      description:
        'Changes the project or role of a record. The permission check uses the token of the ' +
        'resulting record, and its owner must ' +
        'be allowed to manage the resulting project (403 otherwise, 401 when anonymous).',
      permission: OWNER_OR_ADMIN,
      parameters: ['accessTokenAuthorizationId'],
      body: {
        kind: 'json',
        type: { ref: 'AccessTokenAuthorizationUpdate' },
        update: 'merge',
        description: 'The properties to change.',
        example: 'AccessTokenAuthorizationUpdate',
      },
      success: { kind: 'empty', description: 'The authorization was updated.' },
      errors: [400, 401, 403, 404, 500, 'validation'],
      effect: UPDATED,
    },
    {
      name: 'Update Authorization',
      since: 'v12.0.0',
      method: 'POST',
      path: '/access-token-authorizations/{authorizationId}',
      description:
        'Changes the project or role of a record (the token stays). Refused with 400 when the ' +
        'token\'s owner may not manage the ' +
        'resulting project.',
      permission: OWNER_OR_ADMIN,
      parameters: ['accessTokenAuthorizationId'],
      body: {
        kind: 'json',
        type: { ref: 'AccessTokenAuthorizationUpdate' },
        update: 'merge',
        description: 'The properties to change.',
        example: 'AccessTokenAuthorizationUpdate',
      },
      success: { kind: 'empty', description: 'The authorization was updated.' },
      errors: [400, 401, 403, 404, 500, 'validation'],
      effect: UPDATED,
    },
    {
      name: [{ value: 'Delete', until: 'v12.0.0' }, { value: 'Delete Authorization', since: 'v12.0.0' }],
      method: 'DELETE',
      path: '/access-token-authorizations/{authorizationId}',
      description: 'Takes a project role away from an access token.',
      permission: OWNER_OR_ADMIN,
      parameters: ['accessTokenAuthorizationId'],
      success: { kind: 'empty', description: 'The authorization was removed.' },
      errors: [401, 403, 404],
      effect: { changes: [{ remove: 'AccessTokenAuthorization', at: { param: 'authorizationId' } }] },
    },
  ],
};
