import type { EffectRefusal, GroupSpec } from '../model.js';
import { missingIdAnswers } from '../responses.js';

/**
 * The Sso Provider group, read from OneDev's SsoProviderResource (added in v13.1.7; SSO providers
 * became records of their own in v12.0.9, when the Setting group's sso-connectors area went away).
 */

const ADMIN_ONLY = 'Site administrators only.';

const NAME_TAKEN: EffectRefusal = { when: { duplicate: ['name'] }, status: 406, message: 'Name is already used by another SSO provider' };

export const ssoProviderGroup: GroupSpec = {
  name: 'Sso Provider',
  since: 'v13.1.7',
  description:
    'Single-sign-on providers offered on the login page (OpenID Connect, GitHub, Entra ID, ' +
    'Twitch, Discord). Each has a unique name, which ends its callback URL ' +
    '`<server url>/~sso/callback/<name>`. Everything here is for site administrators.',
  operations: [
    {
      name: 'Get Sso Provider',
      method: 'GET',
      path: '/sso-providers/{ssoProviderId}',
      description: 'Reads one SSO provider by its id, client secret included.',
      permission: ADMIN_ONLY,
      parameters: ['ssoProviderId'],
      success: { kind: 'json', type: { ref: 'SsoProvider' }, description: 'The SSO provider.', example: 'SsoProvider' },
      errors: [401, 403, ...missingIdAnswers('SsoProvider', 'everyone')],
    },
    {
      name: 'List Sso Providers',
      method: 'GET',
      path: '/sso-providers',
      description: 'Lists every SSO provider. Not paged.',
      permission: ADMIN_ONLY,
      success: {
        kind: 'json',
        type: { array: { ref: 'SsoProvider' } },
        description: 'All SSO providers (possibly none).',
        example: 'SsoProviderList',
      },
      errors: [401, 403],
    },
    {
      name: 'Get Sso Provider Id',
      method: 'GET',
      path: '/sso-providers/ids/{name}',
      description: 'Looks an SSO provider up by its exact name and answers with its id as a bare JSON number.',
      permission: ADMIN_ONLY,
      parameters: ['ssoProviderName'],
      success: { kind: 'id', description: 'The id of the SSO provider, e.g. `2`.' },
      errors: [401, 403, { status: 404, message: 'HTTP 404 Not Found', meaning: 'No SSO provider has that name.' }],
    },
    {
      name: 'Create Sso Provider',
      method: 'POST',
      path: '/sso-providers',
      description:
        'Adds an SSO provider. A name another provider has is refused with 406; a missing name ' +
        'or connector fails with 500. The creation is recorded in the audit log.',
      permission: ADMIN_ONLY,
      body: {
        kind: 'json',
        type: { ref: 'SsoProviderCreate' },
        description: 'The new provider.',
        example: 'SsoProviderCreate',
      },
      success: { kind: 'id', description: 'The id of the new SSO provider.' },
      errors: [400, 401, 403, 406, 500, 'validation'],
      effect: { changes: [{ create: 'SsoProvider' }], refuses: [NAME_TAKEN] },
    },
    {
      name: 'Update Sso Provider',
      method: 'POST',
      path: '/sso-providers/{ssoProviderId}',
      description:
        'Changes an SSO provider (a connector sent replaces the stored one as a whole). A name ' +
        'another ' +
        'provider has is refused with 406. The change is recorded in the audit log.',
      permission: ADMIN_ONLY,
      parameters: ['ssoProviderId'],
      body: {
        kind: 'json',
        type: { ref: 'SsoProviderUpdate' },
        update: 'merge',
        description: 'The properties to change.',
        example: 'SsoProviderUpdate',
      },
      success: { kind: 'empty', description: 'The SSO provider was updated.' },
      errors: [400, 401, 403, 404, 406, 500, 'validation'],
      effect: { changes: [{ update: 'SsoProvider', at: { param: 'ssoProviderId' } }], refuses: [NAME_TAKEN] },
    },
    {
      name: 'Delete Sso Provider',
      method: 'DELETE',
      path: '/sso-providers/{ssoProviderId}',
      description:
        'Deletes an SSO provider. Accounts that signed in through it stay, but can no longer sign ' +
        'in that way.',
      permission: ADMIN_ONLY,
      parameters: ['ssoProviderId'],
      success: { kind: 'empty', description: 'The SSO provider was deleted.' },
      errors: [401, 403, 404],
      effect: { changes: [{ remove: 'SsoProvider', at: { param: 'ssoProviderId' } }] },
    },
  ],
};
