import type { SchemaTable } from '../model.js';

/**
 * SSO providers (v13.1.7 on), read from OneDev's SsoProvider entity and the SsoConnector classes
 * of the SSO plugins. Until v12.0.9 the connectors were a settings area with their own name and
 * default group (spec/schemas/settings-executors.ts); from v12.0.9 the provider record holds
 * those, and the connectors keep only their sign-in details. The same component names are used
 * again here for that later shape: no release has both.
 */
export const ssoProviderSchemas: SchemaTable = {
  SsoProvider: {
    since: 'v13.1.7',
    kind: 'object',
    description:
      'A single-sign-on provider offered on the login page. Users signing in through it are ' +
      'created or matched in OneDev from the identity the provider returns.',
    requests: ['create', 'update'],
    fields: {
      id: { type: 'int64', readOnly: true, description: 'Id of the SSO provider.' },
      name: {
        type: 'string',
        requiredOnCreate: true,
        description:
          'Unique name, shown on the login button and used as the last segment of the callback ' +
          'URL to register with the provider: `<server url>/~sso/callback/<name>`. A name another ' +
          'provider has is refused with 406.',
      },
      defaultGroupId: {
        type: 'int64',
        nullable: true,
        description: 'Id of the group users created through this provider join, or null for none.',
      },
      connector: {
        type: { ref: 'SsoConnector' },
        requiredOnCreate: true,
        description: 'How to talk to the provider. On update, a connector sent replaces the stored one as a whole.',
      },
    },
  },

  SsoConnector: {
    since: 'v13.1.7',
    kind: 'family',
    description: 'The sign-in details of an SSO provider, told apart by `@type`: generic OpenID Connect or a preset service.',
    discriminator: '@type',
    members: ['OpenIdConnector', 'GitHubConnector', 'EntraIdConnector', 'TwitchConnector', 'DiscordConnector'],
  },
  OpenIdConnector: {
    since: 'v13.1.7',
    kind: 'object',
    description: 'Any OpenID Connect provider (Okta, Keycloak, Google...), configured through its discovery document.',
    discriminator: { property: '@type', value: 'OpenIdConnector' },
    fields: {
      configurationDiscoveryUrl: {
        type: 'string',
        nullable: true,
        description:
          'The provider\'s discovery document, e.g. ' +
          '`https://openid.example.com/.well-known/openid-configuration`. Expected to be set.',
      },
      clientId: {
        type: 'string',
        nullable: true,
        description: 'Client id the provider gave OneDev when it was registered as a client. Expected to be set.',
      },
      clientSecret: {
        type: 'string',
        nullable: true,
        description: 'Client secret the provider issued for OneDev. Stored and returned in clear text.',
      },
      requestScopes: {
        type: 'string',
        description: 'Space-separated scopes asked for at sign-in. Defaults to `openid email profile`.',
      },
      groupsClaim: {
        type: 'string',
        nullable: true,
        description:
          'Claim that lists the signed-in user\'s groups (e.g. `groups`); null when group ' +
          'membership is not taken from the provider.',
      },
      buttonImageUrl: {
        type: 'string',
        description:
          'Image on the login button. Defaults to the bundled OpenID logo, ' +
          '`/wicket/resource/io.onedev.server.plugin.sso.openid.OpenIdConnector/openid.png`.',
      },
    },
  },
  GitHubConnector: {
    since: 'v13.1.7',
    kind: 'object',
    description:
      'Sign-in with GitHub accounts through a GitHub OAuth app. Endpoints, scopes and button image ' +
      'are fixed in code: only `clientId` and `clientSecret` matter; the other properties are kept ' +
      'and ignored.',
    discriminator: { property: '@type', value: 'GitHubConnector' },
    fields: {
      configurationDiscoveryUrl: { type: 'string', nullable: true, description: 'Not used for GitHub; normally null.' },
      clientId: { type: 'string', nullable: true, description: 'Client id of the GitHub OAuth app. Expected to be set.' },
      clientSecret: {
        type: 'string',
        nullable: true,
        description: 'Client secret of the GitHub OAuth app. Stored and returned in clear text.',
      },
      requestScopes: { type: 'string', description: 'Not used for GitHub: the scopes are fixed in code.' },
      groupsClaim: { type: 'string', nullable: true, description: 'Not used for GitHub; normally null.' },
      buttonImageUrl: { type: 'string', description: 'Not used for GitHub: the button shows the GitHub logo.' },
    },
  },
  EntraIdConnector: {
    since: 'v13.1.7',
    kind: 'object',
    description:
      'Sign-in with Microsoft Entra ID (Azure AD) accounts. The discovery URL comes from ' +
      '`tenantId` and the scopes are fixed in code.',
    discriminator: { property: '@type', value: 'EntraIdConnector' },
    fields: {
      configurationDiscoveryUrl: { type: 'string', nullable: true, description: 'Not used for Entra ID; normally null.' },
      clientId: {
        type: 'string',
        nullable: true,
        description: 'Application (client) id of the app registered in Entra ID. Expected to be set.',
      },
      clientSecret: {
        type: 'string',
        nullable: true,
        description: 'Client secret of the app registered in Entra ID. Stored and returned in clear text.',
      },
      requestScopes: { type: 'string', description: 'Not used for Entra ID: the scopes are fixed in code.' },
      groupsClaim: {
        type: 'string',
        nullable: true,
        description: 'Not used for Entra ID (`retrieveGroups` decides); normally null.',
      },
      buttonImageUrl: { type: 'string', description: 'Not used for Entra ID: the button shows the Microsoft logo.' },
      tenantId: {
        type: 'string',
        nullable: true,
        description: 'Directory (tenant) id of the app registered in Entra ID. Expected to be set.',
      },
      retrieveGroups: {
        type: 'boolean',
        description:
          'Whether the user\'s groups are read from the `groups` claim (group ids, turned into ' +
          'group names through Microsoft Graph). The app needs the groups claim configured.',
      },
    },
  },
  TwitchConnector: {
    since: 'v13.1.7',
    kind: 'object',
    description:
      'Sign-in with twitch.tv accounts. Endpoints, scopes and button image are fixed in code: only ' +
      '`clientId` and `clientSecret` matter.',
    discriminator: { property: '@type', value: 'TwitchConnector' },
    fields: {
      configurationDiscoveryUrl: { type: 'string', nullable: true, description: 'Not used for Twitch; normally null.' },
      clientId: { type: 'string', nullable: true, description: 'Client id of the Twitch application. Expected to be set.' },
      clientSecret: {
        type: 'string',
        nullable: true,
        description: 'Client secret of the Twitch application. Stored and returned in clear text.',
      },
      requestScopes: { type: 'string', description: 'Not used for Twitch: the scopes are fixed in code.' },
      groupsClaim: { type: 'string', nullable: true, description: 'Not used for Twitch; normally null.' },
      buttonImageUrl: { type: 'string', description: 'Not used for Twitch: the button shows the Twitch logo.' },
    },
  },
  DiscordConnector: {
    since: 'v13.1.7',
    kind: 'object',
    description:
      'Sign-in with discord.com accounts through a Discord OAuth2 application, optionally only for ' +
      'members of one Discord server.',
    discriminator: { property: '@type', value: 'DiscordConnector' },
    fields: {
      clientId: { type: 'string', nullable: true, description: 'OAuth2 client id of the Discord application. Expected to be set.' },
      clientSecret: {
        type: 'string',
        nullable: true,
        description: 'OAuth2 client secret of the Discord application. Stored and returned in clear text.',
      },
      serverId: {
        type: 'string',
        nullable: true,
        description: 'Id of a Discord server (guild) whose members alone may sign in; null lets any Discord user in.',
      },
    },
  },
};
