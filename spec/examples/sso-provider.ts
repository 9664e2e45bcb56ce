import type { ExampleTable } from '../model.js';

const keycloak = {
  id: 2,
  name: 'keycloak',
  defaultGroupId: 5,
  connector: {
    '@type': 'OpenIdConnector',
    configurationDiscoveryUrl: 'https://sso.example.com/realms/dev/.well-known/openid-configuration',
    clientId: 'onedev',
    clientSecret: 'b8f1c2d3e4a5968778695a4b3c2d1e0f',
    requestScopes: 'openid email profile',
    groupsClaim: 'groups',
    buttonImageUrl: '/wicket/resource/io.onedev.server.plugin.sso.openid.OpenIdConnector/openid.png',
  },
};

const github = {
  id: 3,
  name: 'github',
  defaultGroupId: null,
  connector: {
    '@type': 'GitHubConnector',
    configurationDiscoveryUrl: null,
    clientId: 'Iv1.8a61f9b3a7aba766',
    clientSecret: '5f4dcc3b5aa765d61d8327deb882cf99a1b2c3d4',
    requestScopes: 'openid email profile',
    groupsClaim: null,
    buttonImageUrl: '/wicket/resource/io.onedev.server.plugin.sso.openid.OpenIdConnector/openid.png',
  },
};

const discordConnector = {
  '@type': 'DiscordConnector',
  clientId: '1093847563829104756',
  clientSecret: 'dQw4w9WgXcQ-example-secret',
  serverId: null,
};

const entraIdConnector = {
  '@type': 'EntraIdConnector',
  configurationDiscoveryUrl: null,
  clientId: '0f8fad5b-d9cb-469f-a165-70867728950e',
  clientSecret: 'Xy8Q~example~secret',
  requestScopes: 'openid email profile',
  groupsClaim: null,
  buttonImageUrl: '/wicket/resource/io.onedev.server.plugin.sso.openid.OpenIdConnector/openid.png',
  tenantId: '7d2a6d3e-5b8f-4c1a-9e2b-0a1b2c3d4e5f',
  retrieveGroups: true,
};

const twitchConnector = {
  '@type': 'TwitchConnector',
  configurationDiscoveryUrl: null,
  clientId: 'wbmytr93xzw8zbg0p1izqyzzc5mbiz',
  clientSecret: 'twitch-example-secret',
  requestScopes: 'openid email profile',
  groupsClaim: null,
  buttonImageUrl: '/wicket/resource/io.onedev.server.plugin.sso.openid.OpenIdConnector/openid.png',
};

export const ssoProviderExamples: ExampleTable = {
  SsoProvider: { since: 'v13.1.7', summary: 'A Keycloak realm as OpenID Connect provider', value: keycloak },
  SsoProviderList: { since: 'v13.1.7', summary: 'Two providers', value: [keycloak, github] },
  SsoProviderCreate: {
    since: 'v13.1.7',
    summary: 'Offer sign-in with Discord to members of any server',
    value: { name: 'discord', defaultGroupId: null, connector: discordConnector },
  },
  SsoProviderUpdate: { since: 'v13.1.7', summary: 'Move new users into group 6', value: { defaultGroupId: 6 } },
  // Named after the connector schemas they illustrate.
  OpenIdConnector: { since: 'v13.1.7', summary: 'A Keycloak realm, with groups', value: keycloak.connector },
  GitHubConnector: { since: 'v13.1.7', summary: 'A GitHub OAuth app', value: github.connector },
  DiscordConnector: { since: 'v13.1.7', summary: 'Discord, open to every Discord user', value: discordConnector },
  EntraIdConnector: { since: 'v13.1.7', summary: 'An Entra ID tenant, with groups', value: entraIdConnector },
  TwitchConnector: { since: 'v13.1.7', summary: 'Twitch', value: twitchConnector },
};
