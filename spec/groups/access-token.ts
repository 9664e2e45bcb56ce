import type { EffectRefusal, GroupSpec } from '../model.js';
import { missingIdAnswers } from '../responses.js';
import { missingRow } from './row-refusals.js';

/**
 * The Access Token group, read from OneDev's AccessTokenResource at each tag. v12.0.0 renamed the
 * operations (Get -> Get Token, ...), answered a taken name on update with 400 instead of 500, and
 * started recording changes made for other users in the audit log.
 */

const OWNER_OR_ADMIN = 'The token\'s owner, or a site administrator.';

/** A taken name among the owner's tokens. */
const NAME_TAKEN = 'Name already used by another access token of the owner';
const nameTaken = (status: 400 | 500, span: { since?: 'v12.0.0'; until?: 'v12.0.0' } = {}): EffectRefusal => ({
  ...span,
  when: { duplicate: ['ownerId', 'name'] },
  status,
  message: NAME_TAKEN,
});

export const accessTokenGroup: GroupSpec = {
  name: 'Access Token',
  description:
    'Access tokens: secrets that sign API calls and git over HTTP in a user\'s name. Send one as ' +
    'the password of HTTP Basic (with the owner\'s login name) or as `Authorization: Bearer ' +
    '<value>`. A token either carries all its owner\'s permissions or only the project roles ' +
    'granted to it (Access Token Authorization). List a user\'s tokens with User Get Access Tokens.',
  operations: [
    {
      name: [{ value: 'Get', until: 'v12.0.0' }, { value: 'Get Token', since: 'v12.0.0' }],
      method: 'GET',
      path: '/access-tokens/{accessTokenId}',
      description: 'Reads one access token by its id, the secret `value` included.',
      permission: OWNER_OR_ADMIN,
      parameters: ['accessTokenId'],
      success: { kind: 'json', type: { ref: 'AccessToken' }, description: 'The token.', example: 'AccessToken' },
      errors: [401, 403, ...missingIdAnswers('AccessToken', 'administrators')],
    },
    {
      name: 'Get Authorizations',
      method: 'GET',
      path: '/access-tokens/{accessTokenId}/authorizations',
      description:
        'Lists the project roles granted to the token, one record per project and role. They only ' +
        'count while the token\'s `hasOwnerPermissions` is false. Not paged.',
      permission: OWNER_OR_ADMIN,
      parameters: ['accessTokenId'],
      success: {
        kind: 'json',
        type: { array: { ref: 'AccessTokenAuthorization' } },
        description: 'The token\'s project roles (possibly empty).',
        example: 'AccessTokenAuthorizationList',
      },
      errors: [401, 403, 404],
      lists: { fields: ['tokenId'] },
    },
    {
      name: [{ value: 'Create', until: 'v12.0.0' }, { value: 'Create Token', since: 'v12.0.0' }],
      method: 'POST',
      path: '/access-tokens',
      description:
        'Creates an access token for a user. The server generates the secret: read it with Get ' +
        'Token using the id this answers with. Refused with 500 when the owner is disabled, when ' +
        'the owner already has a token of that name, or when `name` or `ownerId` is missing.',
      permission: 'The user named by `ownerId` for their own tokens, or a site administrator for anyone.',
      body: {
        kind: 'json',
        type: { ref: 'AccessTokenCreate' },
        description: 'The new token.',
        example: 'AccessTokenCreate',
      },
      success: { kind: 'id', description: 'The id of the new token.' },
      errors: [400, 401, 403, 404, 500, 'validation'],
      effect: {
        // The secret `value` is generated too; no effect value stands for a fresh secret.
        changes: [{ create: 'AccessToken', values: { createDate: { now: true } } }],
        refuses: [
          // The owner is first read by the disabled-owner check, which meets a missing row (404).
          missingRow('UserData', 'ownerId', 'User'),
          nameTaken(500),
        ],
      },
    },
    {
      name: [{ value: 'Update', until: 'v12.0.0' }, { value: 'Update Token', since: 'v12.0.0' }],
      method: 'POST',
      path: '/access-tokens/{accessTokenId}',
      // A taken name: ExplicitException (500) until v12.0.0, then BadRequestException.
      description: [
        { value: 'Changes a token. The owner and the secret never change. A name another token of the owner has fails with 500.', until: 'v12.0.0' },
        { value: 'Changes a token. The owner and the secret never change. A name another token of the owner has is refused with 400.', since: 'v12.0.0' },
      ],
      permission: OWNER_OR_ADMIN,
      parameters: ['accessTokenId'],
      body: {
        kind: 'json',
        type: { ref: 'AccessTokenUpdate' },
        update: 'merge',
        description: 'The properties to change.',
        example: 'AccessTokenUpdate',
      },
      success: { kind: 'empty', description: 'The token was updated.' },
      errors: [400, 401, 403, 404, 500, 'validation'],
      effect: {
        changes: [{ update: 'AccessToken', at: { param: 'accessTokenId' } }],
        // ExplicitException (500) until v12.0.0, then BadRequestException.
        refuses: [nameTaken(500, { until: 'v12.0.0' }), nameTaken(400, { since: 'v12.0.0' })],
      },
    },
    {
      name: [{ value: 'Delete', until: 'v12.0.0' }, { value: 'Delete Token', since: 'v12.0.0' }],
      method: 'DELETE',
      path: '/access-tokens/{accessTokenId}',
      description: 'Deletes a token together with its project roles; calls signed with it are refused from then on.',
      permission: OWNER_OR_ADMIN,
      parameters: ['accessTokenId'],
      success: { kind: 'empty', description: 'The token was deleted.' },
      errors: [401, 403, 404],
      effect: {
        changes: [{ remove: 'AccessToken', at: { param: 'accessTokenId' }, cascade: [{ record: 'AccessTokenAuthorization', field: 'tokenId' }] }],
      },
    },
  ],
};
