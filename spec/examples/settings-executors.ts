import type { ExampleTable } from '../model.js';

// ----- job executors -----

const builtInRegistryLogin = {
  registryUrl: '@server_url@',
  userName: '@job_token@',
  password: 'Kq7vX2mRb9TnLw4ZpE1sYc8HdJ0aUf3g',
};

const dockerHubLogin = {
  registryUrl: null,
  userName: 'acme-ci',
  password: 'dckr_pat_4nV8qLx2TzR6wYp0sK9mJb3HcE7u',
};

const serverDockerExecutor = {
  '@type': 'ServerDockerExecutor',
  enabled: true,
  name: 'server-docker',
  jobMatch: null,
  htmlReportPublishEnabled: false,
  sitePublishEnabled: false,
  registryLogins: [builtInRegistryLogin],
  runOptions: null,
  alwaysPullImage: true,
  dockerExecutable: null,
  mountDockerSock: false,
  dockerSockPath: null,
  dockerBuilder: 'onedev',
  networkOptions: null,
  cpuLimit: null,
  memoryLimit: '4g',
  concurrency: null,
};

const remoteDockerExecutor = {
  '@type': 'RemoteDockerExecutor',
  enabled: true,
  name: 'linux-agents',
  jobMatch: '"Project" is "acme/**"',
  htmlReportPublishEnabled: true,
  sitePublishEnabled: false,
  registryLogins: [builtInRegistryLogin, dockerHubLogin],
  runOptions: '--shm-size=1g',
  alwaysPullImage: true,
  dockerExecutable: null,
  mountDockerSock: false,
  dockerSockPath: null,
  dockerBuilder: 'onedev',
  networkOptions: null,
  cpuLimit: '2',
  memoryLimit: '6g',
  concurrency: '4',
  agentQuery: '"Os" is "Linux" and "Arch" is "amd64"',
};

const serverShellExecutor = {
  '@type': 'ServerShellExecutor',
  enabled: false,
  name: 'server-shell',
  jobMatch: '"Job" is "deploy docs"',
  htmlReportPublishEnabled: false,
  sitePublishEnabled: true,
  concurrency: '1',
};

const remoteShellExecutor = {
  '@type': 'RemoteShellExecutor',
  enabled: true,
  name: 'macos-agents',
  jobMatch: '"Job" is "build ios app"',
  htmlReportPublishEnabled: false,
  sitePublishEnabled: false,
  concurrency: null,
  agentQuery: '"Os" is "Mac OS X"',
};

const kubernetesExecutor = {
  '@type': 'KubernetesExecutor',
  enabled: true,
  name: 'k8s-prod',
  jobMatch: null,
  htmlReportPublishEnabled: false,
  sitePublishEnabled: false,
  nodeSelector: [{ labelName: 'kubernetes.io/os', labelValue: 'linux' }],
  clusterRole: null,
  registryLogins: [builtInRegistryLogin],
  buildWithPV: true,
  storageClass: 'fast-ssd',
  storageSize: '20Gi',
  serviceLocators: [
    {
      serviceNames: 'postgres mysql',
      serviceImages: null,
      nodeSelector: [{ labelName: 'node-role.acme.io/storage', labelValue: 'true' }],
    },
  ],
  configFile: null,
  kubeCtlPath: null,
  cpuRequest: '250m',
  memoryRequest: '256Mi',
  cpuLimit: '2',
  memoryLimit: '4Gi',
  alwaysPullImage: true,
};

/*
 * The same executors in other releases. v11.11.0 still calls the applicable-jobs filter
 * `jobRequirement`; from v15.1.0 `concurrency` is a number and the Kubernetes executor always
 * uses a persistent build volume (no `buildWithPV`) and spells `kubectlPath` in lower case.
 */

/** An executor as v11.11.0 writes it: `jobMatch` under its earlier name, in the same place. */
const withJobRequirement = (executor: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(executor).map(([key, value]) => [key === 'jobMatch' ? 'jobRequirement' : key, value]));

const remoteDockerExecutorV15 = { ...remoteDockerExecutor, concurrency: 4 };
const serverShellExecutorV15 = { ...serverShellExecutor, concurrency: 1 };
const { buildWithPV: _buildWithPV, kubeCtlPath: _kubeCtlPath, ...kubernetesExecutorCommon } = kubernetesExecutor;
const kubernetesExecutorV15 = { ...kubernetesExecutorCommon, kubectlPath: null };

// ----- mail services -----

const smtpExplicitSsl = { '@type': 'SmtpExplicitSsl', trustAll: false, port: 587 };
const smtpImplicitSsl = { '@type': 'SmtpImplicitSsl', trustAll: false, port: 465 };
const smtpWithoutSsl = { '@type': 'SmtpWithoutSsl', port: 25 };
const imapImplicitSsl = { '@type': 'ImapImplicitSsl', trustAll: false, port: 993 };
const imapExplicitSsl = { '@type': 'ImapExplicitSsl', trustAll: false, port: 143 };
const imapWithoutSsl = { '@type': 'ImapWithoutSsl', port: 143 };

const smtpImapMailService = {
  '@type': 'SmtpImapMailService',
  smtpHost: 'smtp.example.com',
  sslSetting: smtpExplicitSsl,
  smtpUser: 'onedev@example.com',
  smtpPassword: 'p7Qz!vR2wL9s',
  systemAddress: 'onedev@example.com',
  inboxPollSetting: {
    imapHost: 'imap.example.com',
    sslSetting: imapImplicitSsl,
    imapUser: 'onedev@example.com',
    imapPassword: 'p7Qz!vR2wL9s',
    pollInterval: 60,
  },
  timeout: 60,
};

const office365MailService = {
  '@type': 'Office365MailService',
  clientId: '6f1c2d9e-8b3a-4c57-9e0d-2a4b6c8d0e1f',
  tenantId: 'b2d4f6a8-1c3e-4a5b-8d7f-9e0a1b2c3d4e',
  clientSecret: 'Xq58Q~w3Rt.9yUiOp2AsDfGhJkL7zXcVbNm1',
  userPrincipalName: 'onedev@example.onmicrosoft.com',
  refreshToken: '0.AXkA9vb2sNbVvEy8aT1_Q2mC3dE4fG5hI6jK7lM8nO9pQ0rS',
  systemAddress: 'onedev@example.onmicrosoft.com',
  inboxPollSetting: { pollInterval: 60 },
  timeout: 60,
};

const gmailMailService = {
  '@type': 'GmailMailService',
  clientId: '123456789012-4k2j8h6g5f3d1s9a7p0o.apps.googleusercontent.com',
  clientSecret: 'GOCSPX-3vT8kQ1wZr6yLp9sNm2bHc5x',
  accountName: 'ci@example.com',
  refreshToken: '1//0gX3kR8tLm2QwCgYIARAAGBASNwF-L9IrV7pZx4yNs6b',
  systemAddress: 'ci@example.com',
  inboxPollSetting: null,
  timeout: 60,
};

// ----- SSO connectors -----

const openIdButton = '/wicket/resource/io.onedev.server.plugin.sso.openid.OpenIdConnector/openid.png';

const openIdConnector = {
  '@type': 'OpenIdConnector',
  name: 'Okta',
  defaultGroup: 'Developers',
  configurationDiscoveryUrl: 'https://acme.okta.com/.well-known/openid-configuration',
  clientId: '0oa8k2j3h4g5f6d7s8a9',
  clientSecret: 'Fh3kL9pQ2wE5rT8yU1iO4aS7dG0jZ6xC',
  requestScopes: 'openid email profile groups',
  groupsClaim: 'groups',
  buttonImageUrl: openIdButton,
};

const gitHubConnector = {
  '@type': 'GitHubConnector',
  name: 'GitHub',
  defaultGroup: null,
  configurationDiscoveryUrl: null,
  clientId: 'Iv1.8a61f9b3a7aba766',
  clientSecret: '9f4c2e7b1d8a3f6e0c5b2a9d7e4f1c8b3a6d0e2f',
  requestScopes: 'openid email profile',
  groupsClaim: null,
  buttonImageUrl: openIdButton,
};

const entraIdConnector = {
  '@type': 'EntraIdConnector',
  name: 'EntraID',
  defaultGroup: null,
  configurationDiscoveryUrl: null,
  clientId: '3c9e1a7b-5d2f-4e8a-b6c0-7f1d2e3a4b5c',
  clientSecret: 'Yt48Q~pL2kM9nB5vC1xZ7aS3dF6gH0jK4lQwE',
  requestScopes: 'openid email profile',
  groupsClaim: null,
  buttonImageUrl: openIdButton,
  tenantId: 'b2d4f6a8-1c3e-4a5b-8d7f-9e0a1b2c3d4e',
  retrieveGroups: true,
};

const twitchConnector = {
  '@type': 'TwitchConnector',
  name: 'Twitch',
  defaultGroup: 'Community',
  configurationDiscoveryUrl: null,
  clientId: 'w8k2m5q1z7x4c9v3b6n0l2j5h8g1f4',
  clientSecret: 'r3t6y9u2i5o8p1a4s7d0f3g6h9j2k5',
  requestScopes: 'openid email profile',
  groupsClaim: null,
  buttonImageUrl: openIdButton,
};

const discordConnector = {
  '@type': 'DiscordConnector',
  name: 'Discord',
  defaultGroup: 'Community',
  clientId: '1098765432109876543',
  clientSecret: 'aB3dE6gH9jK2mN5pQ8sT1vW4yZ7bC0eF',
  serverId: '912345678901234567',
};

export const settingsExecutorsExamples: ExampleTable = {
  // job executors
  JobExecutorList: [
    {
      until: 'v11.11.1',
      summary: 'Executors tried in order: Kubernetes first, then docker agents, then a disabled server shell executor',
      value: [kubernetesExecutor, remoteDockerExecutor, serverDockerExecutor, serverShellExecutor].map(withJobRequirement),
    },
    {
      since: 'v11.11.1',
      until: 'v15.1.0',
      summary: 'Executors tried in order: Kubernetes first, then docker agents, then a disabled server shell executor',
      value: [kubernetesExecutor, remoteDockerExecutor, serverDockerExecutor, serverShellExecutor],
    },
    {
      since: 'v15.1.0',
      summary: 'Executors tried in order: Kubernetes first, then docker agents, then a disabled server shell executor',
      value: [kubernetesExecutorV15, remoteDockerExecutorV15, serverDockerExecutor, serverShellExecutorV15],
    },
  ],
  ServerDockerExecutor: [
    {
      until: 'v11.11.1',
      summary: 'Docker on the OneDev server, logged in to the built-in registry',
      value: withJobRequirement(serverDockerExecutor),
    },
    { since: 'v11.11.1', summary: 'Docker on the OneDev server, logged in to the built-in registry', value: serverDockerExecutor },
  ],
  RemoteDockerExecutor: [
    {
      until: 'v11.11.1',
      summary: 'Docker on Linux amd64 agents, for projects under acme/',
      value: withJobRequirement(remoteDockerExecutor),
    },
    {
      since: 'v11.11.1',
      summary: 'Docker on Linux amd64 agents, for projects under acme/',
      value: remoteDockerExecutor,
      changes: [{ since: 'v15.1.0', set: { concurrency: 4 } }],
    },
  ],
  ServerShellExecutor: [
    {
      until: 'v11.11.1',
      summary: 'A disabled shell executor on the server, for one trusted job',
      value: withJobRequirement(serverShellExecutor),
    },
    {
      since: 'v11.11.1',
      summary: 'A disabled shell executor on the server, for one trusted job',
      value: serverShellExecutor,
      changes: [{ since: 'v15.1.0', set: { concurrency: 1 } }],
    },
  ],
  RemoteShellExecutor: [
    {
      until: 'v11.11.1',
      summary: 'Shell on macOS agents for the iOS build job',
      value: withJobRequirement(remoteShellExecutor),
    },
    { since: 'v11.11.1', summary: 'Shell on macOS agents for the iOS build job', value: remoteShellExecutor },
  ],
  KubernetesExecutor: [
    {
      until: 'v11.11.1',
      summary: 'Kubernetes with persistent build volumes and a service locator',
      value: withJobRequirement(kubernetesExecutor),
    },
    {
      since: 'v11.11.1',
      summary: 'Kubernetes with persistent build volumes and a service locator',
      value: kubernetesExecutor,
      changes: [{ since: 'v15.1.0', set: { kubectlPath: null }, drop: ['buildWithPV', 'kubeCtlPath'] }],
    },
  ],

  // mail services
  MailService: { summary: 'SMTP with STARTTLS, replies read over IMAPS', value: smtpImapMailService },
  // What a read answers: the same value without the root's `@type` (spec/model.ts, rootDiscriminator).
  MailServiceUntagged: {
    until: 'v13.0.8',
    summary: 'SMTP with STARTTLS, replies read over IMAPS (as read: no @type at the root)',
    value: (({ '@type': _type, ...rest }) => rest)(smtpImapMailService),
  },
  SmtpImapMailService: { summary: 'SMTP with STARTTLS, replies read over IMAPS', value: smtpImapMailService },
  Office365MailService: { summary: 'Microsoft 365 with incoming mail checked every minute', value: office365MailService },
  GmailMailService: { summary: 'Gmail, sending only', value: gmailMailService },
  SmtpExplicitSsl: { summary: 'STARTTLS on the submission port', value: smtpExplicitSsl },
  SmtpImplicitSsl: { summary: 'SMTPS on port 465', value: smtpImplicitSsl },
  SmtpWithoutSsl: { summary: 'Plain SMTP on port 25', value: smtpWithoutSsl },
  ImapImplicitSsl: { summary: 'IMAPS on port 993', value: imapImplicitSsl },
  ImapExplicitSsl: { summary: 'IMAP with STARTTLS on port 143', value: imapExplicitSsl },
  ImapWithoutSsl: { summary: 'Plain IMAP on port 143', value: imapWithoutSsl },

  // SSO connectors
  SsoConnectorList: {
    summary: 'Okta through OpenID Connect, GitHub and Discord',
    value: [openIdConnector, gitHubConnector, discordConnector],
  },
  // Until v12.0.9 only: the later connector shape has its own examples (spec/examples/sso-provider.ts).
  OpenIdConnector: { until: 'v12.0.9', summary: 'Okta through OpenID Connect, with groups', value: openIdConnector },
  GitHubConnector: { until: 'v12.0.9', summary: 'GitHub OAuth app', value: gitHubConnector },
  EntraIdConnector: { until: 'v12.0.9', summary: 'Microsoft Entra ID with group retrieval', value: entraIdConnector },
  TwitchConnector: { until: 'v12.0.9', summary: 'Twitch accounts join the Community group', value: twitchConnector },
  DiscordConnector: { until: 'v12.0.9', summary: 'Members of one Discord server', value: discordConnector },

  // contributed settings
  ContributedSettings: {
    summary: 'A server without plugins that contribute administration settings',
    value: [],
  },
};
