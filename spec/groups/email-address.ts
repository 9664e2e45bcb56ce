import type { EffectRefusal, EffectSpec, GroupSpec } from '../model.js';
import { missingIdAnswers } from '../responses.js';
import { missingRow } from './row-refusals.js';

/**
 * The Email Address group, read from OneDev's EmailAddressResource at each tag. v12.0.0 renamed
 * four operations and added Set As Public / Set As Private; v13.1.3 refused AI accounts like
 * service accounts; v16.5.0 dropped the public and git marks (a per-user privacy choice replaced
 * them, see User Update user) and answered refused creations with 406 instead of 500.
 */

const OWNER_OR_ADMIN = 'The address\'s owner, or a site administrator.';

/** Marks are set by posting the address id as a bare JSON number. */
const ID_BODY = {
  kind: 'json',
  type: 'int64',
  description: 'The id of the email address, as a bare JSON number (e.g. `14`).',
  example: 'EmailAddressId',
} as const;

// ----- effects ---------------------------------------------------------------------------------

/**
 * An owner id no user has: the server meets the missing row when it first reads the owner (404,
 * Hibernate's message naming the id sent; 42 stands for it).
 */
const OWNER_MISSING: EffectRefusal = missingRow('UserData', 'ownerId', 'User');
const ADDRESS_TAKEN = 'This email address is already used by another user';

/** A mark set on the address the body names. */
const marked = (property: 'open', value: boolean): EffectSpec => ({
  changes: [{ set: 'EmailAddress', at: { body: 'whole' }, values: { [property]: { const: value } } }],
});

/** A mark only one address of a user has: set on the one the body names, taken off the owner's others. */
const markedAlone = (property: 'primary' | 'git'): EffectSpec => ({
  changes: [
    { set: 'EmailAddress', at: { body: 'whole' }, values: { [property]: { const: true } } },
    { set: 'EmailAddress', at: { others: { ownerId: { subject: 'ownerId' } } }, values: { [property]: { const: false } } },
  ],
});

export const emailAddressGroup: GroupSpec = {
  name: 'Email Address',
  description:
    'Email addresses of users. Each address belongs to one user; a user has one primary address ' +
    'where notifications go. Addresses added by an administrator count as verified; others get ' +
    'a verification email (when mail is set up) and stay unverified until the link in it is ' +
    'followed. List a user\'s addresses with User Get Email Addresses.',
  operations: [
    {
      name: [{ value: 'Get', until: 'v12.0.0' }, { value: 'Get Email Address', since: 'v12.0.0' }],
      method: 'GET',
      path: '/email-addresses/{emailAddressId}',
      description: 'Reads one email address by its id.',
      permission: OWNER_OR_ADMIN,
      parameters: ['emailAddressId'],
      success: {
        kind: 'json',
        type: { ref: 'EmailAddress' },
        description: 'The email address.',
        example: 'EmailAddress',
      },
      errors: [401, 403, ...missingIdAnswers('EmailAddress', 'administrators')],
    },
    {
      name: [{ value: 'Get Verified', until: 'v12.0.0' }, { value: 'Is Email Address Verified', since: 'v12.0.0' }],
      method: 'GET',
      path: '/email-addresses/{emailAddressId}/verified',
      description: 'Tells whether the address has been verified, as a bare JSON `true` or `false`.',
      permission: OWNER_OR_ADMIN,
      parameters: ['emailAddressId'],
      success: {
        kind: 'json',
        type: 'boolean',
        description: 'Whether the address is verified.',
        example: 'EmailAddressVerified',
      },
      errors: [401, 403, 404],
    },
    {
      name: [{ value: 'Create', until: 'v12.0.0' }, { value: 'Create Email Address', since: 'v12.0.0' }],
      until: 'v16.5.0',
      method: 'POST',
      path: '/email-addresses',
      description:
        'Adds an email address to a user. A user\'s first address becomes primary and the one used ' +
        'for git. Created by an administrator it counts as verified; otherwise the server sends a ' +
        'verification email when mail is set up. A malformed address is refused (a validation ' +
        'failure); an address some user already has, or an owner that is disabled ' +
        'or not a person\'s account, fails with 500.',
      permission: 'The user named by `ownerId` for their own addresses, or a site administrator for anyone.',
      body: {
        kind: 'json',
        type: { ref: 'EmailAddressCreate' },
        description: 'The address and its owner.',
        example: 'EmailAddressCreate',
      },
      success: { kind: 'id', description: 'The id of the new email address.' },
      errors: [400, 401, 403, 404, 500, 'validation'],
      effect: {
        changes: [{ create: 'EmailAddress' }],
        refuses: [OWNER_MISSING, { when: { duplicate: ['value'] }, status: 500, message: ADDRESS_TAKEN }],
      },
    },
    {
      name: 'Create Email Address',
      since: 'v16.5.0',
      method: 'POST',
      path: '/email-addresses',
      description:
        'Adds an email address to a user. A user\'s first address becomes primary. Created by an ' +
        'administrator it counts as verified; otherwise the server sends a verification email ' +
        'when mail is set up. A malformed address is refused with 400. Refused with 406: an ' +
        'owner that is disabled or not a person\'s account, an address in the server\'s no-reply ' +
        'domain, or an address some user already has.',
      permission: 'The user named by `ownerId` for their own addresses, or a site administrator for anyone.',
      body: {
        kind: 'json',
        type: { ref: 'EmailAddressCreate' },
        description: 'The address and its owner.',
        example: 'EmailAddressCreate',
      },
      success: { kind: 'id', description: 'The id of the new email address.' },
      errors: [400, 401, 403, 404, 406, 500, 'validation'],
      effect: {
        changes: [{ create: 'EmailAddress' }],
        refuses: [OWNER_MISSING, { when: { duplicate: ['value'] }, status: 406, message: ADDRESS_TAKEN }],
      },
    },
    {
      name: 'Set As Public',
      since: 'v12.0.0',
      until: 'v16.5.0',
      method: 'POST',
      path: '/email-addresses/public',
      description: 'Makes the address the user\'s public one, shown to other users; any other public address of the user turns private.',
      permission: OWNER_OR_ADMIN,
      body: ID_BODY,
      success: { kind: 'id', description: 'The id that was sent.' },
      errors: [400, 401, 403, 404, 'validation'],
      effect: marked('open', true),
    },
    {
      name: 'Set As Private',
      since: 'v12.0.0',
      until: 'v16.5.0',
      method: 'POST',
      path: '/email-addresses/private',
      description: 'Hides the address from other users.',
      permission: OWNER_OR_ADMIN,
      body: ID_BODY,
      success: { kind: 'id', description: 'The id that was sent.' },
      errors: [400, 401, 403, 404, 'validation'],
      effect: marked('open', false),
    },
    {
      name: 'Set As Primary',
      method: 'POST',
      path: '/email-addresses/primary',
      description:
        'Makes the address the user\'s primary one (where notifications go); the previous primary ' +
        'address loses the mark. Refused with 500 for a user who signs in through an external ' +
        'system (LDAP, SSO), whose primary address comes from there.',
      permission: OWNER_OR_ADMIN,
      body: ID_BODY,
      success: { kind: 'id', description: 'The id that was sent.' },
      errors: [400, 401, 403, 404, 500, 'validation'],
      effect: markedAlone('primary'),
    },
    {
      name: 'Use For Git Operations',
      until: 'v16.5.0',
      method: 'POST',
      path: '/email-addresses/git',
      description:
        'Makes the address the one written into commits the server makes for the user (web ' +
        'edits, merges); the previous one loses the mark.',
      permission: OWNER_OR_ADMIN,
      body: ID_BODY,
      success: { kind: 'id', description: 'The id that was sent.' },
      errors: [400, 401, 403, 404, 'validation'],
      effect: markedAlone('git'),
    },
    {
      name: 'Resend Verification Email',
      method: 'POST',
      path: '/email-addresses/resend-verification-email',
      description:
        'Sends the verification email for an address again. Refused with 500 when mail is not ' +
        'set up on the server or the address is already verified.',
      permission: OWNER_OR_ADMIN,
      body: ID_BODY,
      success: { kind: 'id', description: 'The id that was sent.' },
      errors: [400, 401, 403, 404, 500, 'validation'],
      effect: {
        changes: [],
        none: 'it sends an email; no record the API reads changes',
        // Checked before the address's own state (already verified): the mail service first.
        refuses: [{ when: { unset: '/settings/mail-service' }, status: 500, message: 'Unable to send verification email as mail service is not configured' }],
      },
    },
    {
      name: [{ value: 'Delete', until: 'v12.0.0' }, { value: 'Delete Email Address', since: 'v12.0.0' }],
      until: 'v16.5.0',
      method: 'DELETE',
      path: '/email-addresses/{emailAddressId}',
      description:
        'Removes an email address. When it was primary or used for git, the user\'s first ' +
        'remaining address takes over the mark. Refused with 500 for a user\'s last address, and ' +
        'for the primary address of a user who signs in through an external system.',
      permission: OWNER_OR_ADMIN,
      parameters: ['emailAddressId'],
      success: { kind: 'empty', description: 'The email address was removed.' },
      errors: [401, 403, 404, 500],
      effect: { changes: [{ remove: 'EmailAddress', at: { param: 'emailAddressId' } }] },
    },
    {
      name: 'Delete Email Address',
      since: 'v16.5.0',
      method: 'DELETE',
      path: '/email-addresses/{emailAddressId}',
      description:
        'Removes an email address other than the primary one: make another address primary ' +
        'first (Set As Primary). Deleting the primary address is refused: with 500 when it is the ' +
        'user\'s last address or the user signs in through an external system, with 406 otherwise.',
      permission: OWNER_OR_ADMIN,
      parameters: ['emailAddressId'],
      success: { kind: 'empty', description: 'The email address was removed.' },
      errors: [401, 403, 404, 406, 500],
      effect: {
        changes: [{ remove: 'EmailAddress', at: { param: 'emailAddressId' } }],
        refuses: [{ when: { property: 'primary', in: [true] }, status: 406, message: 'Cannot delete primary email address' }],
      },
    },
  ],
};
