import type { Field, SchemaTable } from '../model.js';

/**
 * Server-wide settings areas of the Setting group (except the issue, job executor, mail service
 * (until v13.0.8), SSO connector and contributed areas, which live in their own modules). Settings
 * beans have no request variants: the same shape is read and written, and a Set replaces the whole
 * area. Release annotations follow the beans under OneDev's model/support/administration.
 */

/**
 * A settings bean posted to its Set operation is read into a new bean: a property left out keeps
 * the value the Java field starts with (not the stored one). Said on each `optional` property.
 */
const leftOut = (value: string) => ` Left out of a request, it becomes ${value}.`;

const LDAP_PACKAGE = 'io.onedev.server.plugin.authenticator.ldap';

/** Fields every external authenticator has (declared on the abstract base class). */
const authenticatorFields: Record<string, Field> = {
  defaultGroup: {
    type: 'string',
    nullable: true,
    description:
      'Name of a group that newly authenticated users join when the external system supplies no ' +
      'group membership; null for none.',
  },
  timeout: {
    type: 'int32',
    description: 'Network timeout in seconds for talking to the external system (300 unless changed).',
  },
};

/** Fields of the generic LDAP authenticator, inherited by the Active Directory one. */
const ldapFields: Record<string, Field> = {
  ...authenticatorFields,
  ldapUrl: {
    type: 'string',
    description: 'URL of the directory server, e.g. `ldap://ldap.example.com` or `ldaps://ldap.example.com:636`.',
  },
  authenticationRequired: {
    type: 'boolean',
    description:
      'Whether OneDev binds with the manager account before searching; when false the search is anonymous.',
  },
  managerDN: {
    type: 'string',
    nullable: true,
    description:
      'Distinguished name OneDev binds with to search the directory; used only when ' +
      '`authenticationRequired` is true.',
  },
  managerPassword: {
    type: 'string',
    nullable: true,
    description:
      'Password of the manager account, stored and returned as plain text; used only when ' +
      '`authenticationRequired` is true.',
  },
  userSearchBases: {
    type: { array: 'string' },
    nullable: true,
    description: 'Directory nodes under which user entries are looked up, e.g. `ou=people,dc=example,dc=com`.',
  },
  userSearchFilter: {
    type: 'string',
    nullable: true,
    description:
      'LDAP filter locating the user entry, with `{0}` standing for the login name, e.g. ' +
      '`(&(uid={0})(objectclass=person))`.',
  },
  userFullNameAttribute: {
    type: 'string',
    nullable: true,
    description: 'Entry attribute holding the full name (`displayName` unless changed); null to not retrieve it.',
  },
  userEmailAttribute: {
    type: 'string',
    nullable: true,
    description: 'Entry attribute holding the email address (`mail` unless changed).',
  },
  userSshKeyAttribute: {
    type: 'string',
    nullable: true,
    description: 'Entry attribute holding SSH public keys to sync into OneDev; null to leave SSH keys alone.',
  },
  groupRetrieval: {
    type: { ref: 'GroupRetrieval' },
    description: 'How the user\'s group memberships are found (by default they are not retrieved).',
  },
};

/** Properties the three mail connectors share (each class declares its own copy). */
const mailConnectorFields = {
  systemAddress: {
    type: 'string',
    nullable: true,
    description:
      'Address notifications are sent from. When incoming mail is checked, replies to it (with ' +
      'sub-addressing, e.g. `onedev+abc@example.com`) become issue and pull request comments. ' +
      'Required on a Set, and must be an email address.',
  },
  concurrency: {
    since: 'v16.5.3',
    type: 'int32',
    description: 'Most mail-sending sessions that may run at the same time (2 unless changed; at least 1).',
  },
  timeout: {
    type: 'int32',
    description: 'Seconds to wait for the mail servers (60 unless changed; at least 5).',
  },
} satisfies Record<string, Field>;

const namedQueryFields = (what: string, example: string): Record<string, Field> => ({
  name: {
    type: 'string',
    description: `Name of the saved query as shown in the ${what} list's query menu.`,
  },
  query: {
    type: 'string',
    nullable: true,
    description: `The ${what} query text, e.g. \`${example}\`; null matches everything.`,
  },
});

export const settingsCoreSchemas: SchemaTable = {
  // ----- system --------------------------------------------------------------------------------
  SystemSetting: {
    kind: 'object',
    description:
      'General server settings: the public URL, external command lines and avatar options. Set System ' +
      'Setting stores what it is sent: only `serverUrl` is needed, and a property left out takes the ' +
      'value a new setting starts with (each property says which), not the value stored before.',
    fields: {
      serverUrl: {
        type: 'string',
        description:
          'Root URL users reach the server at, with protocol and host and no path, e.g. ' +
          '`https://onedev.example.com`. Set during server setup. A server running behind a ' +
          'Kubernetes ingress only accepts its ingress URL here. Needed in every Set System Setting: ' +
          'without it the setting is stored without a URL until v13.0.5, and refused from then on ' +
          '(a validation failure).',
      },
      sshRootUrl: {
        type: 'string',
        nullable: true,
        optional: true,
        default: null,
        description:
          'Root URL for SSH clone links, starting with `ssh://`, e.g. `ssh://onedev.example.com:6611`; ' +
          'null to derive it from the server URL.' + leftOut('`null`'),
      },
      gitLocation: {
        type: { ref: 'GitLocation' },
        optional: true,
        default: { '@type': 'SystemGit' },
        description: 'Where the git executable comes from.' + leftOut('`{"@type": "SystemGit"}` (the git on the server\'s path)'),
      },
      curlLocation: {
        type: { ref: 'CurlLocation' },
        optional: true,
        default: { '@type': 'SystemCurl' },
        description: 'Where the curl executable used by git hooks comes from.' + leftOut('`{"@type": "SystemCurl"}` (the curl on the server\'s path)'),
      },
      sessionTimeout: [
        {
          since: 'v13.0.10',
          until: 'v14.0.0',
          type: 'int32',
          optional: true,
          default: 30,
          description:
            'Minutes of inactivity after which a web UI session expires (30 unless changed; the ' +
            'server refuses less than 1). Sessions already open keep their old timeout.' + leftOut('`30`'),
        },
        {
          since: 'v14.0.0',
          type: 'int32',
          nullable: true,
          optional: true,
          default: null,
          description:
            'Minutes of inactivity after which a web UI session expires (a value sent must be at ' +
            'least 5); null keeps sessions alive as long as the browser stays open. Sessions ' +
            'already open keep their old timeout.' + leftOut('`null`'),
        },
      ],
      disableAutoUpdateCheck: {
        type: 'boolean',
        optional: true,
        default: false,
        description: 'Whether the web UI stops checking onedev.io for new releases.' + leftOut('`false`'),
      },
      disableDashboard: {
        type: 'boolean',
        optional: true,
        default: false,
        description: 'Whether dashboards are turned off (only effective with an active subscription).' + leftOut('`false`'),
      },
      useAvatarService: {
        type: 'boolean',
        optional: true,
        default: false,
        description: 'Whether user avatars are fetched from a public avatar service.' + leftOut('`false`'),
      },
      avatarServiceUrl: {
        type: 'string',
        optional: true,
        default: 'https://secure.gravatar.com/avatar/',
        description:
          'Base URL of the avatar service; a hash of the email address is appended. Always set: ' +
          '`https://secure.gravatar.com/avatar/` unless changed. Used only when `useAvatarService` is true.' +
          leftOut('`https://secure.gravatar.com/avatar/`'),
      },
      defaultForkRoot: {
        since: 'v15.1.0',
        type: 'string',
        nullable: true,
        optional: true,
        default: 'forks',
        description:
          'Path of the project under which forks made in the web UI are created by default ' +
          '(`<root>/<account>/<project>`), e.g. `forks`; null creates them as `<account>/<project>`. ' +
          'Follows the project when it is moved and is cleared when it is deleted.' + leftOut('`forks`'),
      },
      noreplyEmailDomain: {
        since: 'v16.5.0',
        type: 'string',
        optional: true,
        default: 'noreply.localhost',
        description:
          'Domain of the no-reply addresses used in git operations for users who keep their email ' +
          'private, e.g. `noreply.example.com` (`noreply.localhost` unless changed).' + leftOut('`noreply.localhost`'),
      },
    },
  },
  GitLocation: {
    kind: 'family',
    description: 'Which git executable the server runs: the one on the system path or one at a given path.',
    discriminator: '@type',
    members: ['SystemGit', 'SpecifiedGit'],
  },
  SystemGit: {
    kind: 'object',
    description: 'Use the `git` found on the server\'s system path (the default).',
    discriminator: { property: '@type', value: 'SystemGit' },
    fields: {},
  },
  SpecifiedGit: {
    kind: 'object',
    description: 'Use the git executable at an explicit path.',
    discriminator: { property: '@type', value: 'SpecifiedGit' },
    fields: {
      gitPath: { type: 'string', description: 'Path of the git executable, e.g. `/usr/bin/git`.' },
    },
  },
  CurlLocation: {
    kind: 'family',
    description: 'Which curl executable git hooks use to call back into the server.',
    discriminator: '@type',
    members: ['SystemCurl', 'SpecifiedCurl'],
  },
  SystemCurl: {
    kind: 'object',
    description: 'Use the `curl` found on the server\'s system path (the default).',
    discriminator: { property: '@type', value: 'SystemCurl' },
    fields: {},
  },
  SpecifiedCurl: {
    kind: 'object',
    description: 'Use the curl executable at an explicit path.',
    discriminator: { property: '@type', value: 'SpecifiedCurl' },
    fields: {
      curlPath: { type: 'string', description: 'Path of the curl executable, e.g. `/usr/bin/curl`.' },
    },
  },

  // ----- authenticator -------------------------------------------------------------------------
  Authenticator: {
    kind: 'family',
    description:
      'External password authenticator consulted when a login does not match a local password. ' +
      'Its `@class` property names the fully qualified Java class. The whole value is null when ' +
      'no external authenticator is configured.',
    discriminator: '@class',
    members: ['LdapAuthenticator', 'ActiveDirectoryAuthenticator'],
  },
  LdapAuthenticator: {
    kind: 'object',
    description: 'Authenticates users against a generic LDAP directory.',
    discriminator: { property: '@class', value: `${LDAP_PACKAGE}.LdapAuthenticator` },
    fields: ldapFields,
  },
  ActiveDirectoryAuthenticator: {
    kind: 'object',
    description:
      'Authenticates users against Microsoft Active Directory. It carries the LDAP fields, but ' +
      'the server ignores `userSearchFilter` (it looks users up by `sAMAccountName`) and ' +
      '`groupRetrieval` (groups are searched under `groupSearchBase` when that is set).',
    discriminator: { property: '@class', value: `${LDAP_PACKAGE}.ActiveDirectoryAuthenticator` },
    fields: {
      ...ldapFields,
      managerDN: {
        ...ldapFields.managerDN!,
        description:
          'Account OneDev binds with, written as `<account>@<domain>`, e.g. `manager@example.com`; ' +
          'used only when `authenticationRequired` is true.',
      },
      groupSearchBase: {
        type: 'string',
        nullable: true,
        description:
          'Node under which the user\'s groups (nested ones included) are searched, e.g. ' +
          '`cn=Users,dc=example,dc=com`; null to manage group memberships in OneDev only.',
      },
    },
  },
  GroupRetrieval: {
    kind: 'family',
    description: 'How an LDAP authenticator finds the groups a user belongs to.',
    discriminator: '@type',
    members: ['DoNotRetrieveGroups', 'GetGroupsUsingAttribute', 'SearchGroupsUsingFilter'],
  },
  DoNotRetrieveGroups: {
    kind: 'object',
    description: 'Group memberships are not taken from the directory.',
    discriminator: { property: '@type', value: 'DoNotRetrieveGroups' },
    fields: {},
  },
  GetGroupsUsingAttribute: {
    kind: 'object',
    description: 'Groups are read from an attribute of the user entry that lists group DNs.',
    discriminator: { property: '@type', value: 'GetGroupsUsingAttribute' },
    fields: {
      userGroupsAttribute: {
        type: 'string',
        description: 'User entry attribute listing the DNs of the user\'s groups, e.g. `memberOf`.',
      },
      groupNameAttribute: {
        type: 'string',
        description: 'Group entry attribute whose value is the OneDev group name (`cn` unless changed).',
      },
    },
  },
  SearchGroupsUsingFilter: {
    kind: 'object',
    description: 'Groups are found by searching group entries with a filter that mentions the user.',
    discriminator: { property: '@type', value: 'SearchGroupsUsingFilter' },
    fields: {
      groupSearchBase: {
        type: 'string',
        description: 'Node under which group entries are searched, e.g. `ou=groups,dc=example,dc=com`.',
      },
      groupSearchFilter: {
        type: 'string',
        description:
          'Filter matching the user\'s groups, with `{0}` standing for the user DN, e.g. ' +
          '`(&(uniqueMember={0})(objectclass=groupOfUniqueNames))`.',
      },
      groupNameAttribute: {
        type: 'string',
        description: 'Group entry attribute whose value is the OneDev group name (`cn` unless changed).',
      },
    },
  },

  // ----- backup --------------------------------------------------------------------------------
  BackupSetting: {
    kind: 'object',
    description:
      'Automatic database backup. Backup files go to the `db-backup` folder of the installation ' +
      '(on the lead server of a cluster). The area is null when automatic backup is off.',
    fields: {
      schedule: {
        type: 'string',
        description:
          'Quartz cron expression (seconds minutes hours day-of-month month day-of-week), e.g. ' +
          '`0 0 1 * * ?` for 1:00 every night.',
      },
    },
  },

  // ----- build ---------------------------------------------------------------------------------
  GlobalBuildSetting: {
    kind: 'object',
    description: 'Server-wide build list settings: shared saved queries and the parameters shown as list columns.',
    fields: {
      namedQueries: {
        type: { array: { ref: 'NamedBuildQuery' } },
        description: 'Saved build queries offered to every user, in menu order.',
      },
      listParams: {
        type: { array: 'string' },
        description: 'Names of build parameters displayed as extra columns in build lists.',
      },
    },
  },
  NamedBuildQuery: {
    kind: 'object',
    description: 'A saved build query with a display name.',
    fields: namedQueryFields('build', 'failed'),
  },

  // ----- groovy scripts ------------------------------------------------------------------------
  GroovyScript: {
    kind: 'object',
    description:
      'A Groovy script that can be called by name from fields, job settings and other scriptable places.',
    fields: {
      name: {
        type: 'string',
        description: 'Unique name of the script; it may not start with `builtin:`.',
      },
      content: {
        type: { array: 'string' },
        nullable: true,
        description:
          'The script source, one array element per line. A script posted without content is ' +
          'stored that way and read back as null.',
      },
      canBeUsedByBuildJobs: {
        type: 'boolean',
        description: 'Whether CI/CD jobs may run this script (true unless changed).',
      },
      authorization: {
        until: 'v15.0.0',
        type: 'string',
        nullable: true,
        description:
          'Job match expression restricting which jobs may use the script, e.g. ' +
          '`"Project" is "backend" and "Branch" is "main"`; null allows any job.',
      },
      jobAuthorization: {
        since: 'v15.0.0',
        type: 'string',
        nullable: true,
        description:
          'Job match expression restricting which jobs may use the script, e.g. ' +
          '`"Project" is "backend" and "Branch" is "main"`; null allows any job. Called ' +
          '`authorization` before v15.0.0.',
      },
      canBeUsedByWorkspaceSpecs: {
        since: 'v15.0.0',
        type: 'boolean',
        description: 'Whether workspace specs may run this script (true unless changed).',
      },
      applicableWorkspaceProjects: {
        since: 'v15.0.0',
        type: 'string',
        nullable: true,
        description:
          'Space-separated project path patterns (`**`, `*` and `?` wildcards) whose workspaces ' +
          'may use the script; null for every project.',
      },
    },
  },

  // ----- mail connector (from v13.0.8; the MailService family before) ---------------------------
  MailConnector: {
    since: 'v13.0.8',
    kind: 'family',
    description:
      'The account OneDev sends notification mail through and, optionally, reads replies from. ' +
      'It took over from the mail service family in v13.0.8 with the same kinds and properties, ' +
      'under new `@type` names. The server answers 204 to a read while none is configured.',
    discriminator: '@type',
    members: ['SmtpImapConnector', 'Office365Connector', 'GmailConnector'],
  },
  SmtpImapConnector: {
    since: 'v13.0.8',
    kind: 'object',
    description: 'Sends mail through an SMTP server and, optionally, reads incoming mail over IMAP.',
    discriminator: { property: '@type', value: 'SmtpImapConnector' },
    fields: {
      smtpHost: {
        type: 'string',
        nullable: true,
        description: 'Host name of the SMTP server. Required: a Set without it is refused.',
      },
      sslSetting: {
        type: { ref: 'SmtpSslSetting' },
        description: 'How the SMTP connection is secured, with its port (STARTTLS on port 587 unless changed).',
      },
      smtpUser: { type: 'string', nullable: true, description: 'SMTP user name; null sends without authentication.' },
      smtpPassword: {
        type: 'string',
        nullable: true,
        description: 'SMTP password, stored and returned as plain text.',
      },
      systemAddress: mailConnectorFields.systemAddress,
      inboxPollSetting: {
        type: { ref: 'SmtpImapInboxPollSetting' },
        nullable: true,
        description: 'The IMAP inbox checked for replies; null turns incoming mail off.',
      },
      concurrency: mailConnectorFields.concurrency,
      timeout: mailConnectorFields.timeout,
    },
  },
  Office365Connector: {
    since: 'v13.0.8',
    kind: 'object',
    description:
      'Sends and reads mail through Microsoft 365 with OAuth, using an application registered in ' +
      'Microsoft Entra ID.',
    discriminator: { property: '@type', value: 'Office365Connector' },
    fields: {
      clientId: {
        type: 'string',
        nullable: true,
        description: 'Application (client) id of the app registered in Entra ID. Required on a Set.',
      },
      tenantId: {
        type: 'string',
        nullable: true,
        description: 'Directory (tenant) id of the app registered in Entra ID. Required on a Set.',
      },
      clientSecret: {
        type: 'string',
        nullable: true,
        description: 'Client secret of that app, stored and returned as plain text. Required on a Set.',
      },
      userPrincipalName: {
        type: 'string',
        nullable: true,
        description:
          'Account that sends and receives the mail, e.g. `onedev@example.onmicrosoft.com`; it ' +
          'must own the registered app. Required on a Set.',
      },
      refreshToken: {
        type: 'string',
        nullable: true,
        description:
          'Long-lived OAuth refresh token of that account, from which the server makes access ' +
          'tokens; the server may swap in a new one when the provider rotates it. Required on a Set.',
      },
      systemAddress: mailConnectorFields.systemAddress,
      inboxPollSetting: {
        type: { ref: 'Office365InboxPollSetting' },
        nullable: true,
        description: 'How often the account\'s inbox is checked for replies; null turns incoming mail off.',
      },
      timeout: mailConnectorFields.timeout,
      concurrency: mailConnectorFields.concurrency,
    },
  },
  GmailConnector: {
    since: 'v13.0.8',
    kind: 'object',
    description: 'Sends and reads mail through Gmail with OAuth, using a client registered in Google Cloud.',
    discriminator: { property: '@type', value: 'GmailConnector' },
    fields: {
      clientId: {
        type: 'string',
        nullable: true,
        description: 'OAuth client id of this OneDev instance in Google Cloud. Required on a Set.',
      },
      clientSecret: {
        type: 'string',
        nullable: true,
        description: 'OAuth client secret, stored and returned as plain text. Required on a Set.',
      },
      accountName: {
        type: 'string',
        nullable: true,
        description: 'Gmail account that sends and receives the mail, e.g. `ci@example.com`. Required on a Set.',
      },
      refreshToken: {
        type: 'string',
        nullable: true,
        description:
          'Long-lived OAuth refresh token of that account, from which the server makes access ' +
          'tokens; the server may swap in a new one when Google rotates it. Required on a Set.',
      },
      systemAddress: {
        ...mailConnectorFields.systemAddress,
        description:
          'Primary or alias address of the Gmail account: the sender of notifications and, when ' +
          'the inbox is checked, the address replies go to. Required on a Set.',
      },
      inboxPollSetting: {
        type: { ref: 'GmailInboxPollSetting' },
        nullable: true,
        description: 'How often the account\'s inbox is checked for replies; null turns incoming mail off.',
      },
      concurrency: mailConnectorFields.concurrency,
      timeout: mailConnectorFields.timeout,
    },
  },

  // ----- service desk --------------------------------------------------------------------------
  ServiceDeskSetting: {
    kind: 'object',
    description:
      'Service desk: how issues are opened from emails sent to projects. The area is null while ' +
      'the service desk is not set up.',
    fields: {
      issueCreationSettings: {
        type: { array: { ref: 'IssueCreationSetting' } },
        description:
          'Rules tried in order; the first whose projects match decides how the issue is created. ' +
          'A project matched by no rule does not accept issues by email.',
      },
    },
  },
  IssueCreationSetting: {
    kind: 'object',
    description: 'How issues opened by email are created in the projects the rule applies to.',
    fields: {
      applicableProjects: {
        type: 'string',
        nullable: true,
        description:
          'Space-separated project path patterns (`*` and `**` wildcards, `-` to exclude) this rule ' +
          'applies to; null for every project.',
      },
      confidential: {
        type: 'boolean',
        description: 'Whether issues created under this rule are confidential (true unless changed).',
      },
      issueFields: {
        type: { array: { ref: 'FieldInstance' } },
        description: 'Values given to custom issue fields of created issues.',
      },
    },
  },
  FieldInstance: {
    kind: 'object',
    description: 'A value assigned to a custom issue field.',
    fields: {
      name: { type: 'string', description: 'Name of the issue field.' },
      secret: {
        type: 'boolean',
        description:
          'Whether the value names a job secret instead of being a plain value; issue creation ' +
          'does not use it, so it is normally false.',
      },
      valueProvider: {
        type: { ref: 'ValueProvider' },
        description: 'Where the field value comes from.',
      },
    },
  },
  ValueProvider: {
    kind: 'family',
    description: 'Source of an issue field value: given values, a Groovy script, or none.',
    discriminator: '@type',
    members: ['SpecifiedValue', 'ScriptingValue', 'IgnoreValue'],
  },
  SpecifiedValue: {
    kind: 'object',
    description: 'The field gets the values listed here.',
    discriminator: { property: '@type', value: 'SpecifiedValue' },
    fields: {
      value: {
        type: { array: 'string' },
        description: 'The field values; several for a multi-value field, empty for no value.',
      },
    },
  },
  ScriptingValue: {
    kind: 'object',
    description: 'The field gets the value returned by a Groovy script from the `groovy-scripts` area.',
    discriminator: { property: '@type', value: 'ScriptingValue' },
    fields: {
      scriptName: {
        type: 'string',
        description: 'Name of the Groovy script, or of a built-in script prefixed with `builtin:`.',
      },
    },
  },
  IgnoreValue: {
    kind: 'object',
    description: 'The field is left without a value.',
    discriminator: { property: '@type', value: 'IgnoreValue' },
    fields: {},
  },

  // ----- notification templates ----------------------------------------------------------------
  EmailTemplates: {
    kind: 'object',
    description:
      'Groovy templates of the emails the server sends. Each property holds a whole template; ' +
      'OneDev fills them with its built-in defaults on setup.',
    fields: {
      issueNotification: { type: 'string', description: 'Template of issue notifications.' },
      pullRequestNotification: { type: 'string', description: 'Template of pull request notifications.' },
      buildNotification: { type: 'string', description: 'Template of build notifications.' },
      packNotification: { type: 'string', description: 'Template of package notifications.' },
      workspaceNotification: {
        since: 'v15.0.0',
        type: 'string',
        description: 'Template of workspace notifications.',
      },
      commitNotification: { type: 'string', description: 'Template of commit notifications.' },
      issueNotificationUnsubscribed: {
        type: 'string',
        description: 'Template of the reply sent when someone unsubscribes from issue emails.',
      },
      pullRequestNotificationUnsubscribed: {
        type: 'string',
        description: 'Template of the reply sent when someone unsubscribes from pull request emails.',
      },
      serviceDeskIssueOpened: {
        type: 'string',
        description: 'Template of the reply sent when an email opened an issue through the service desk.',
      },
      serviceDeskIssueOpenFailed: {
        type: 'string',
        description: 'Template of the reply sent when an email could not open an issue.',
      },
      userInvitation: { type: 'string', description: 'Template of user invitation emails.' },
      emailVerification: { type: 'string', description: 'Template of email address verification emails.' },
      passwordReset: { type: 'string', description: 'Template of password reset emails.' },
      stopwatchOverdue: {
        type: 'string',
        description: 'Template of the reminder about a work stopwatch left running.',
      },
      alert: { type: 'string', description: 'Template of system alert emails sent to administrators.' },
    },
  },

  // ----- project -------------------------------------------------------------------------------
  GlobalProjectSetting: {
    kind: 'object',
    description: 'Server-wide project list settings.',
    fields: {
      namedQueries: {
        type: { array: { ref: 'NamedProjectQuery' } },
        description: 'Saved project queries offered to every user, in menu order.',
      },
    },
  },
  NamedProjectQuery: {
    kind: 'object',
    description: 'A saved project query with a display name.',
    fields: namedQueryFields('project', 'owned by me'),
  },

  // ----- pull request --------------------------------------------------------------------------
  GlobalPullRequestSetting: {
    kind: 'object',
    description: 'Server-wide pull request list settings.',
    fields: {
      namedQueries: {
        type: { array: { ref: 'NamedPullRequestQuery' } },
        description: 'Saved pull request queries offered to every user, in menu order.',
      },
    },
  },
  NamedPullRequestQuery: {
    kind: 'object',
    description: 'A saved pull request query with a display name.',
    fields: namedQueryFields('pull request', 'to be reviewed by me'),
  },

  // ----- security ------------------------------------------------------------------------------
  SecuritySetting: {
    kind: 'object',
    description:
      'Sign-up, anonymous access, two-factor and CORS rules. Set Security Setting stores what it is ' +
      'sent: every property may be left out, and one left out takes the value a new setting starts ' +
      'with (each property says which), not the value stored before.',
    fields: {
      enableAnonymousAccess: {
        type: 'boolean',
        optional: true,
        default: false,
        description: 'Whether visitors who are not signed in may read what anonymous users are allowed to.' + leftOut('`false`'),
      },
      disableInternalLogin: {
        since: 'v16.5.0',
        type: 'boolean',
        optional: true,
        default: false,
        description:
          'Whether the password login form is turned off so that users sign in through single ' +
          'sign-on providers only (the web UI offers it only when a provider exists).' + leftOut('`false`'),
      },
      enableSelfRegister: {
        type: 'boolean',
        optional: true,
        default: true,
        description: 'Whether people may create their own accounts (true unless changed).' + leftOut('`true` (not false)'),
      },
      allowedSelfRegisterEmailDomain: {
        optional: true,
        default: null,
        type: 'string',
        nullable: true,
        description:
          'Email domain patterns (`*` and `?` wildcards) self-registered users must have, e.g. ' +
          '`example.com`; null for any domain.' + leftOut('`null`'),
      },
      enableSelfDeregister: {
        optional: true,
        default: false,
        type: 'boolean',
        description: 'Whether users may delete their own accounts.' + leftOut('`false`'),
      },
      passwordPolicy: {
        optional: true,
        default: null,
        since: 'v12.0.0',
        type: { ref: 'PasswordPolicy' },
        nullable: true,
        description: 'Rules the passwords of new users must follow; null enforces none.' + leftOut('`null`'),
      },
      defaultGroupName: {
        optional: true,
        default: null,
        type: 'string',
        nullable: true,
        description: 'Name of the group new users are added to; null for none.' + leftOut('`null`'),
      },
      enforce2FA: {
        optional: true,
        default: false,
        type: 'boolean',
        description: 'Whether every user must set up two-factor authentication.' + leftOut('`false`'),
      },
      corsAllowedOrigins: [
        {
          until: 'v13.0.5',
          type: { array: 'string' },
          optional: true,
          default: [],
          description: 'Origins allowed to call the server from browsers of other sites (CORS), e.g. `https://app.example.com`.' + leftOut('`[]` (an empty list)'),
        },
        {
          // v13.0.5 checks the body (`@Valid`): the list is `@NotNull`.
          since: 'v13.0.5',
          type: { array: 'string' },
          optional: true,
          default: [],
          description:
            'Origins allowed to call the server from browsers of other sites (CORS), e.g. `https://app.example.com`.' +
            leftOut('`[]` (an empty list)') + ' Sent as null, it is refused (a validation failure).',
        },
      ],
    },
  },

  PasswordPolicy: {
    since: 'v12.0.0',
    kind: 'object',
    description: 'Rules a new password must satisfy.',
    fields: {
      minLength: { type: 'int32', description: 'Fewest characters a password may have (8 unless changed).' },
      mustContainUppercase: {
        type: 'boolean',
        description: 'Whether a password needs an upper-case letter (true unless changed).',
      },
      mustContainLowercase: {
        type: 'boolean',
        description: 'Whether a password needs a lower-case letter (true unless changed).',
      },
      mustContainNumber: {
        type: 'boolean',
        description: 'Whether a password needs a digit (true unless changed).',
      },
      mustContainSpecial: {
        type: 'boolean',
        description: 'Whether a password needs a punctuation or symbol character (true unless changed).',
      },
    },
  },

  // ----- workspace -----------------------------------------------------------------------------
  GlobalWorkspaceSetting: {
    since: 'v15.0.0',
    kind: 'object',
    description: 'Server-wide workspace list settings.',
    fields: {
      namedQueries: {
        type: { array: { ref: 'NamedWorkspaceQuery' } },
        description: 'Saved workspace queries offered to every user, in menu order.',
      },
    },
  },
  NamedWorkspaceQuery: {
    since: 'v15.0.0',
    kind: 'object',
    description: 'A saved workspace query with a display name.',
    fields: namedQueryFields('workspace', 'active'),
  },

  // ----- ssh -----------------------------------------------------------------------------------
  SshSetting: {
    kind: 'object',
    description: 'Host key of the built-in SSH server.',
    fields: {
      pemPrivateKey: {
        type: 'string',
        description:
          'The server\'s private host key in PEM form (`-----BEGIN RSA PRIVATE KEY-----` ...); ' +
          'generated at setup. Clients see a host key change when it is replaced.',
      },
    },
  },
};
