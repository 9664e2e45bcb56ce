import type { ExampleTable } from '../model.js';

const LDAP_PACKAGE = 'io.onedev.server.plugin.authenticator.ldap';

const systemGit = { '@type': 'SystemGit' };
const specifiedGit = { '@type': 'SpecifiedGit', gitPath: '/usr/local/bin/git' };
const systemCurl = { '@type': 'SystemCurl' };
const specifiedCurl = { '@type': 'SpecifiedCurl', curlPath: '/usr/bin/curl' };

const doNotRetrieveGroups = { '@type': 'DoNotRetrieveGroups' };
const getGroupsUsingAttribute = {
  '@type': 'GetGroupsUsingAttribute',
  userGroupsAttribute: 'memberOf',
  groupNameAttribute: 'cn',
};
const searchGroupsUsingFilter = {
  '@type': 'SearchGroupsUsingFilter',
  groupSearchBase: 'ou=groups,dc=example,dc=com',
  groupSearchFilter: '(&(uniqueMember={0})(objectclass=groupOfUniqueNames))',
  groupNameAttribute: 'cn',
};

const ldapAuthenticator = {
  '@class': `${LDAP_PACKAGE}.LdapAuthenticator`,
  defaultGroup: 'Developers',
  timeout: 300,
  ldapUrl: 'ldaps://ldap.example.com:636',
  authenticationRequired: true,
  managerDN: 'cn=onedev,ou=services,dc=example,dc=com',
  managerPassword: 'Xq7!vR2m#Lp9',
  userSearchBases: ['ou=people,dc=example,dc=com'],
  userSearchFilter: '(&(uid={0})(objectclass=person))',
  userFullNameAttribute: 'displayName',
  userEmailAttribute: 'mail',
  userSshKeyAttribute: null,
  groupRetrieval: searchGroupsUsingFilter,
};

const activeDirectoryAuthenticator = {
  '@class': `${LDAP_PACKAGE}.ActiveDirectoryAuthenticator`,
  defaultGroup: null,
  timeout: 300,
  ldapUrl: 'ldap://ad.corp.example.com',
  authenticationRequired: true,
  managerDN: 'onedev-svc@corp.example.com',
  managerPassword: 'k3Y#pw-2025',
  userSearchBases: ['cn=Users,dc=corp,dc=example,dc=com'],
  userSearchFilter: null,
  userFullNameAttribute: 'displayName',
  userEmailAttribute: 'mail',
  userSshKeyAttribute: null,
  groupRetrieval: doNotRetrieveGroups,
  groupSearchBase: 'cn=Users,dc=corp,dc=example,dc=com',
};

// Mail connectors (v13.0.8 on): the mail service values of earlier releases under new type names.
const smtpImapConnector = {
  '@type': 'SmtpImapConnector',
  smtpHost: 'smtp.example.com',
  sslSetting: { '@type': 'SmtpExplicitSsl', trustAll: false, port: 587 },
  smtpUser: 'onedev@example.com',
  smtpPassword: 'p7Qz!vR2wL9s',
  systemAddress: 'onedev@example.com',
  inboxPollSetting: {
    imapHost: 'imap.example.com',
    sslSetting: { '@type': 'ImapImplicitSsl', trustAll: false, port: 993 },
    imapUser: 'onedev@example.com',
    imapPassword: 'p7Qz!vR2wL9s',
    pollInterval: 60,
  },
  timeout: 60,
};

const office365Connector = {
  '@type': 'Office365Connector',
  clientId: '6f1c2d9e-8b3a-4c57-9e0d-2a4b6c8d0e1f',
  tenantId: 'b2d4f6a8-1c3e-4a5b-8d7f-9e0a1b2c3d4e',
  clientSecret: 'Xq58Q~w3Rt.9yUiOp2AsDfGhJkL7zXcVbNm1',
  userPrincipalName: 'onedev@example.onmicrosoft.com',
  refreshToken: '0.AXkA9vb2sNbVvEy8aT1_Q2mC3dE4fG5hI6jK7lM8nO9pQ0rS',
  systemAddress: 'onedev@example.onmicrosoft.com',
  inboxPollSetting: { pollInterval: 60 },
  timeout: 60,
};

const gmailConnector = {
  '@type': 'GmailConnector',
  clientId: '123456789012-4k2j8h6g5f3d1s9a7p0o.apps.googleusercontent.com',
  clientSecret: 'GOCSPX-3vT8kQ1wZr6yLp9sNm2bHc5x',
  accountName: 'ci@example.com',
  refreshToken: '1//0gX3kR8tLm2QwCgYIARAAGBASNwF-L9IrV7pZx4yNs6b',
  systemAddress: 'ci@example.com',
  inboxPollSetting: null,
  timeout: 60,
};

/** v16.5.3 gave every connector a limit on concurrent sending sessions. */
/** A value as a read answers it when its root comes without `@type`. */
function withoutType(value: Record<string, unknown>): Record<string, unknown> {
  const { '@type': _type, ...rest } = value;
  return rest;
}

const CONNECTOR_CONCURRENCY = [{ since: 'v16.5.3', set: { concurrency: 2 } }] as const;

const specifiedValue = { '@type': 'SpecifiedValue', value: ['Normal'] };
const scriptingValue = { '@type': 'ScriptingValue', scriptName: 'determine-support-tier' };
const ignoreValue = { '@type': 'IgnoreValue' };

const passwordPolicy = {
  minLength: 12,
  mustContainUppercase: true,
  mustContainLowercase: true,
  mustContainNumber: true,
  mustContainSpecial: false,
};

const tpl = (subject: string) =>
  '<%\n' +
  '    if (htmlVersion) {\n' +
  `        print "<p>${subject}</p><p><a href=\\"\${eventUrl}\\">Open in OneDev</a></p>"\n` +
  '    } else {\n' +
  `        print "${subject}\\n\\n\${eventUrl}"\n` +
  '    }\n' +
  '%>';

export const settingsCoreExamples: ExampleTable = {
  SystemSetting: {
    summary: 'General server settings',
    value: {
      serverUrl: 'https://onedev.example.com',
      sshRootUrl: 'ssh://onedev.example.com:6611',
      gitLocation: systemGit,
      curlLocation: systemCurl,
      disableAutoUpdateCheck: false,
      disableDashboard: false,
      useAvatarService: true,
      avatarServiceUrl: 'https://secure.gravatar.com/avatar/',
    },
    changes: [
      { since: 'v13.0.10', set: { sessionTimeout: 30 } },
      { since: 'v15.1.0', set: { defaultForkRoot: 'forks' } },
      { since: 'v16.5.0', set: { noreplyEmailDomain: 'noreply.example.com' } },
    ],
  },
  SystemGit: { summary: 'Git from the system path', value: systemGit },
  SpecifiedGit: { summary: 'Git at a given path', value: specifiedGit },
  SystemCurl: { summary: 'curl from the system path', value: systemCurl },
  SpecifiedCurl: { summary: 'curl at a given path', value: specifiedCurl },

  Authenticator: { summary: 'An LDAP authenticator', value: ldapAuthenticator },
  LdapAuthenticator: { summary: 'Generic LDAP with group search', value: ldapAuthenticator },
  ActiveDirectoryAuthenticator: {
    summary: 'Active Directory with group lookup',
    value: activeDirectoryAuthenticator,
  },
  DoNotRetrieveGroups: { summary: 'Groups are managed in OneDev only', value: doNotRetrieveGroups },
  GetGroupsUsingAttribute: { summary: 'Groups from the memberOf attribute', value: getGroupsUsingAttribute },
  SearchGroupsUsingFilter: { summary: 'Groups found by a group search', value: searchGroupsUsingFilter },

  BackupSetting: { summary: 'Back up the database at 1:00 every night', value: { schedule: '0 0 1 * * ?' } },

  GlobalBuildSetting: {
    summary: 'Saved build queries and list columns',
    value: {
      namedQueries: [
        { name: 'All', query: null },
        { name: 'Successful', query: 'successful' },
        { name: 'Failed', query: 'failed' },
        { name: 'Running', query: 'running' },
        { name: 'Build recently', query: '"Submit Date" is since "last week"' },
      ],
      listParams: ['environment'],
    },
  },

  // v15.0.0 renamed `authorization` to `jobAuthorization` and added the workspace properties.
  GroovyScriptList: [
    {
      until: 'v15.0.0',
      summary: 'Two Groovy scripts',
      value: [
        {
          name: 'determine-support-tier',
          content: [
            'def email = issue.submitter?.email ?: ""',
            'return email.endsWith("@bigcustomer.com") ? "Premium" : "Standard"',
          ],
          canBeUsedByBuildJobs: false,
          authorization: null,
        },
        {
          name: 'release-version',
          content: ['return new Date().format("yyyy.MM.dd")'],
          canBeUsedByBuildJobs: true,
          authorization: '"Project" is "backend" and "Branch" is "main"',
        },
      ],
    },
    {
      since: 'v15.0.0',
      summary: 'Two Groovy scripts',
      value: [
        {
          name: 'determine-support-tier',
          content: [
            'def email = issue.submitter?.email ?: ""',
            'return email.endsWith("@bigcustomer.com") ? "Premium" : "Standard"',
          ],
          canBeUsedByBuildJobs: false,
          jobAuthorization: null,
          canBeUsedByWorkspaceSpecs: false,
          applicableWorkspaceProjects: null,
        },
        {
          name: 'release-version',
          content: ['return new Date().format("yyyy.MM.dd")'],
          canBeUsedByBuildJobs: true,
          jobAuthorization: '"Project" is "backend" and "Branch" is "main"',
          canBeUsedByWorkspaceSpecs: true,
          applicableWorkspaceProjects: 'backend/**',
        },
      ],
    },
  ],

  MailConnector: {
    since: 'v13.0.8',
    summary: 'SMTP with STARTTLS, replies read over IMAPS',
    value: smtpImapConnector,
    changes: CONNECTOR_CONCURRENCY,
  },
  // What a read answers: the same value without the root's `@type` (spec/model.ts, rootDiscriminator).
  MailConnectorUntagged: {
    since: 'v13.0.8',
    summary: 'SMTP with STARTTLS, replies read over IMAPS (as read: no @type at the root)',
    value: withoutType(smtpImapConnector),
    changes: CONNECTOR_CONCURRENCY,
  },
  SmtpImapConnector: {
    since: 'v13.0.8',
    summary: 'SMTP with STARTTLS, replies read over IMAPS',
    value: smtpImapConnector,
    changes: CONNECTOR_CONCURRENCY,
  },
  Office365Connector: {
    since: 'v13.0.8',
    summary: 'Microsoft 365 with incoming mail checked every minute',
    value: office365Connector,
    changes: CONNECTOR_CONCURRENCY,
  },
  GmailConnector: {
    since: 'v13.0.8',
    summary: 'Gmail, sending only',
    value: gmailConnector,
    changes: CONNECTOR_CONCURRENCY,
  },

  ServiceDeskSetting: {
    summary: 'Issues by email for support projects',
    value: {
      issueCreationSettings: [
        {
          applicableProjects: 'support/**',
          confidential: true,
          issueFields: [
            { name: 'Type', secret: false, valueProvider: { '@type': 'SpecifiedValue', value: ['Support Request'] } },
            { name: 'Priority', secret: false, valueProvider: scriptingValue },
            { name: 'Assignees', secret: false, valueProvider: ignoreValue },
          ],
        },
        { applicableProjects: null, confidential: true, issueFields: [] },
      ],
    },
  },
  SpecifiedValue: { summary: 'A given field value', value: specifiedValue },
  ScriptingValue: { summary: 'A value computed by a script', value: scriptingValue },
  IgnoreValue: { summary: 'No value', value: ignoreValue },

  EmailTemplates: {
    summary: 'Email templates (shortened)',
    value: {
      issueNotification: tpl('${eventSummary}'),
      pullRequestNotification: tpl('${eventSummary}'),
      buildNotification: tpl('${eventSummary}'),
      packNotification: tpl('${eventSummary}'),
      commitNotification: tpl('${eventSummary}'),
      issueNotificationUnsubscribed: tpl('You no longer receive emails about this issue.'),
      pullRequestNotificationUnsubscribed: tpl('You no longer receive emails about this pull request.'),
      serviceDeskIssueOpened: tpl('Your request was filed as ${issue.reference}.'),
      serviceDeskIssueOpenFailed: tpl('Your request could not be filed: ${exception.message}'),
      userInvitation: tpl('You are invited to join OneDev.'),
      emailVerification: tpl('Please verify your email address.'),
      passwordReset: tpl('Reset your OneDev password.'),
      stopwatchOverdue: tpl('A stopwatch on ${issue.reference} is still running.'),
      alert: tpl('${alert.subject}'),
    },
    changes: [{ since: 'v15.0.0', set: { workspaceNotification: tpl('${eventSummary}') } }],
  },

  GlobalProjectSetting: {
    summary: 'Saved project queries',
    value: {
      namedQueries: [
        { name: 'All projects', query: null },
        { name: 'My projects', query: 'owned by me' },
      ],
    },
  },

  GlobalWorkspaceSetting: {
    since: 'v15.0.0',
    summary: 'Saved workspace queries',
    value: {
      namedQueries: [
        { name: 'All', query: null },
        { name: 'Active', query: 'active' },
        { name: 'Created by me', query: 'created by me' },
      ],
    },
  },

  GlobalPullRequestSetting: {
    summary: 'Saved pull request queries',
    value: {
      namedQueries: [
        { name: 'Open', query: 'open' },
        { name: 'To be reviewed by me', query: 'to be reviewed by me' },
        { name: 'Submitted recently', query: '"Submit Date" is since "last week"' },
        { name: 'Merged', query: 'merged' },
        { name: 'All', query: null },
      ],
    },
  },

  SecuritySetting: {
    summary: 'Sign-up limited to one domain, 2FA enforced',
    value: {
      enableAnonymousAccess: false,
      enableSelfRegister: true,
      allowedSelfRegisterEmailDomain: 'example.com',
      enableSelfDeregister: false,
      defaultGroupName: 'Developers',
      enforce2FA: true,
      corsAllowedOrigins: ['https://dashboard.example.com'],
    },
    changes: [
      { since: 'v12.0.0', set: { passwordPolicy: passwordPolicy } },
      { since: 'v16.5.0', set: { disableInternalLogin: false } },
    ],
  },
  PasswordPolicy: { since: 'v12.0.0', summary: 'At least 12 characters with mixed case and digits', value: passwordPolicy },

  SshSetting: {
    summary: 'SSH host key (shortened)',
    value: {
      pemPrivateKey:
        '-----BEGIN RSA PRIVATE KEY-----\n' +
        'MIIEowIBAAKCAQEAwK7nJ9yQ2m0Zp8Vt3nB5r1uXg4sLq6Yd0fE2hTz9cWk8Rj1a\n' +
        '...\n' +
        '-----END RSA PRIVATE KEY-----\n',
    },
  },
};
