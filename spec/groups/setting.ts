import type { ErrorStatus, GroupSpec, OperationSpec, RequestBodySpec, SuccessSpec, TypeExpr } from '../model.js';

const ADMIN_ONLY =
  'Administrators only. Anonymous callers get 401 and signed-in users who are not administrators get 403.';

const GET_ERRORS: readonly ErrorStatus[] = [401, 403];
/** 400: malformed JSON, unknown properties, a missing or unknown `@type`/`@class`, or a null body where one is required. */
const SET_ERRORS: readonly ErrorStatus[] = [400, 401, 403];

interface Area {
  /** Path segment after `/settings/`. */
  path: string;
  getName: string;
  setName: string;
  type: TypeExpr;
  example: string;
  /** What the area holds, as a noun phrase ("the general system settings"). */
  what: string;
  getDescription?: string;
  setDescription: string;
  /** Set for areas that may hold no value: why Get then answers 204. */
  noContent?: string;
  /** Set takes the JSON literal `null` (or no body) to clear the area. */
  clearable?: boolean;
}

function get(area: Area): OperationSpec {
  const success: SuccessSpec = {
    kind: 'json',
    type: area.type,
    description: `The current value of ${area.what}.`,
    example: area.example,
  };
  return {
    name: area.getName,
    method: 'GET',
    path: `/settings/${area.path}`,
    description: area.getDescription ?? `Reads ${area.what}.`,
    permission: ADMIN_ONLY,
    success,
    ...(area.noContent ? { noContent: area.noContent } : {}),
    errors: GET_ERRORS,
  };
}

function set(area: Area): OperationSpec {
  const body: RequestBodySpec = {
    kind: 'json',
    type: area.type,
    description: area.clearable
      ? `The complete new value of ${area.what}, or \`null\` (or no body) to clear it.`
      : `The complete new value of ${area.what}.`,
    example: area.example,
    ...(area.clearable ? { nullable: true } : {}),
  };
  return {
    name: area.setName,
    method: 'POST',
    path: `/settings/${area.path}`,
    description: area.setDescription,
    permission: ADMIN_ONLY,
    body,
    success: { kind: 'empty', description: 'The setting was saved.' },
    errors: SET_ERRORS,
  };
}

const REPLACES =
  'The body replaces the stored value as a whole: send every property (read the area first, ' +
  'change it, post it back). The server does not run the web UI\'s form checks on it, so an ' +
  'inconsistent value is stored as sent.';

const NULL_BODY_REFUSED = 'A `null` or empty body is refused with 400.';

const areas: readonly Area[] = [
  {
    path: 'system',
    getName: 'Get System Setting',
    setName: 'Set System Setting',
    type: { ref: 'SystemSetting' },
    example: 'SystemSetting',
    what: 'the general system settings (server URL, git and curl executables, avatars)',
    setDescription:
      `Saves the general system settings. ${REPLACES} ${NULL_BODY_REFUSED} On a server deployed ` +
      'behind a Kubernetes ingress, a `serverUrl` other than the ingress URL is refused with 400.',
  },
  {
    path: 'authenticator',
    getName: 'Get Authenticator',
    setName: 'Set Authenticator',
    type: { ref: 'Authenticator' },
    example: 'Authenticator',
    what: 'the external authenticator (LDAP or Active Directory)',
    getDescription:
      'Reads the external authenticator. The value carries `@class` with the fully qualified ' +
      'class name of the authenticator type.',
    clearable: true,
    noContent: 'No external authenticator is configured: users sign in with local passwords only.',
    setDescription:
      'Saves the external authenticator; `@class` picks its type and must be one of the fully ' +
      `qualified class names listed. ${REPLACES} This operation also accepts the JSON literal ` +
      '`null` (or an empty body): it removes the external authenticator.',
  },
  {
    path: 'backup',
    getName: 'Get Backup Setting',
    setName: 'Set Backup Setting',
    type: { ref: 'BackupSetting' },
    example: 'BackupSetting',
    what: 'the automatic database backup setting',
    clearable: true,
    noContent: 'Automatic database backup is turned off.',
    setDescription:
      `Saves the automatic database backup schedule. ${REPLACES} This operation also accepts ` +
      'the JSON literal `null` (or an empty body): it turns automatic backup off. The cron ' +
      'expression is not checked here; an invalid one makes scheduling fail later.',
  },
  {
    path: 'build',
    getName: 'Get Build Setting',
    setName: 'Set Build Setting',
    type: { ref: 'GlobalBuildSetting' },
    example: 'GlobalBuildSetting',
    what: 'the server-wide build list settings (shared saved queries and parameter columns)',
    setDescription: `Saves the server-wide build list settings. ${REPLACES} ${NULL_BODY_REFUSED}`,
  },
  {
    path: 'groovy-scripts',
    getName: 'Get Groovy Scripts',
    setName: 'Set Groovy Scripts',
    type: { array: { ref: 'GroovyScript' } },
    example: 'GroovyScriptList',
    what: 'the list of Groovy scripts',
    getDescription: 'Reads the Groovy scripts defined on the server, in their configured order.',
    setDescription:
      'Replaces the whole list of Groovy scripts: scripts left out of the array are removed. ' +
      `Script names are not checked for uniqueness here. ${NULL_BODY_REFUSED}`,
  },
  {
    path: 'issue',
    getName: 'Get Issue Setting',
    setName: 'Set Issue Setting',
    type: { ref: 'GlobalIssueSetting' },
    example: 'GlobalIssueSetting',
    what: 'the server-wide issue settings (fields, states, state transitions, board and link definitions, saved queries)',
    setDescription:
      `Saves the server-wide issue settings. ${REPLACES} ${NULL_BODY_REFUSED} The saved value ` +
      'is marked as not reconciled, so the web UI asks an administrator to resolve issue data ' +
      'that no longer matches the new field and state definitions.',
  },
  {
    path: 'job-executors',
    getName: 'Get Job Executors',
    setName: 'Set Job Executors',
    type: { array: { ref: 'JobExecutor' } },
    example: 'JobExecutorList',
    what: 'the list of job executors',
    getDescription:
      'Reads the job executors, in the order the server tries them when picking one for a job. ' +
      'Each element carries `@type` naming the executor kind.',
    setDescription:
      'Replaces the whole list of job executors: executors left out of the array are removed, and ' +
      `the array order is the order in which executors are tried. ${NULL_BODY_REFUSED}`,
  },
  {
    path: 'mail-service',
    getName: 'Get Mail Service',
    setName: 'Set Mail Service',
    type: { ref: 'MailService' },
    example: 'MailService',
    what: 'the mail service used to send (and optionally receive) email',
    getDescription:
      'Reads the mail service. The value carries `@type` naming the kind of mail service.',
    clearable: true,
    noContent: 'No mail service is configured: the server sends no email.',
    setDescription:
      `Saves the mail service; \`@type\` picks its kind. ${REPLACES} This operation also accepts ` +
      'the JSON literal `null` (or an empty body): it removes the mail service, which stops ' +
      'all outgoing email.',
  },
  {
    path: 'service-desk',
    getName: 'Get Service Desk Setting',
    setName: 'Set Service Desk Setting',
    type: { ref: 'ServiceDeskSetting' },
    example: 'ServiceDeskSetting',
    what: 'the service desk setting (how emails open issues)',
    clearable: true,
    noContent: 'The service desk has not been set up.',
    setDescription:
      `Saves the service desk setting. ${REPLACES} This operation also accepts the JSON literal ` +
      '`null` (or an empty body): it clears the service desk setting. Receiving issues by email ' +
      'also needs a mail service that can check incoming mail.',
  },
  {
    path: 'notification-template',
    getName: 'Get Notificiation Template Setting',
    setName: 'Set Notification Template Setting',
    type: { ref: 'EmailTemplates' },
    example: 'EmailTemplates',
    what: 'the email templates',
    getDescription:
      'Reads the Groovy templates of the emails the server sends (notifications, invitations, ' +
      'verification, password reset, service desk replies, alerts).',
    noContent:
      'Only after a Set Notification Template Setting call posted `null`: the server then has no templates.',
    setDescription:
      `Saves the email templates. ${REPLACES} Templates are not compiled here; a broken one ` +
      'shows up when an email is rendered. The server also accepts the JSON literal `null` here ' +
      'and stores it, which leaves it unable to render emails: do not send it.',
  },
  {
    path: 'project',
    getName: 'Get Project Setting',
    setName: 'Set Project Setting',
    type: { ref: 'GlobalProjectSetting' },
    example: 'GlobalProjectSetting',
    what: 'the server-wide project list settings (shared saved queries)',
    setDescription: `Saves the server-wide project list settings. ${REPLACES} ${NULL_BODY_REFUSED}`,
  },
  {
    path: 'pull-request',
    getName: 'Get Pull Request Setting',
    setName: 'Set Pull Request Setting',
    type: { ref: 'GlobalPullRequestSetting' },
    example: 'GlobalPullRequestSetting',
    what: 'the server-wide pull request list settings (shared saved queries)',
    setDescription: `Saves the server-wide pull request list settings. ${REPLACES} ${NULL_BODY_REFUSED}`,
  },
  {
    path: 'security',
    getName: 'Get Security Setting',
    setName: 'Set Security Setting',
    type: { ref: 'SecuritySetting' },
    example: 'SecuritySetting',
    what: 'the security setting (anonymous access, self sign-up, two-factor enforcement, CORS)',
    setDescription:
      `Saves the security setting. ${REPLACES} ${NULL_BODY_REFUSED} Turning anonymous access ` +
      'on lets callers without credentials use read operations their anonymous permissions allow.',
  },
  {
    path: 'ssh',
    getName: 'Get Ssh Setting',
    setName: 'Set Ssh Setting',
    type: { ref: 'SshSetting' },
    example: 'SshSetting',
    what: 'the SSH server setting (its private host key)',
    getDescription: 'Reads the SSH server setting, including the private host key in PEM form.',
    setDescription:
      `Saves the SSH server setting. ${REPLACES} ${NULL_BODY_REFUSED} The key is not parsed ` +
      'here; clients connecting over SSH see the new host key.',
  },
  {
    path: 'sso-connectors',
    getName: 'Get Sso Connectors',
    setName: 'Set Sso Connectors',
    type: { array: { ref: 'SsoConnector' } },
    example: 'SsoConnectorList',
    what: 'the list of single sign-on connectors',
    getDescription:
      'Reads the single sign-on connectors (OpenID Connect and the like). Each element carries ' +
      '`@type` naming the connector kind.',
    setDescription:
      'Replaces the whole list of single sign-on connectors: connectors left out of the array ' +
      `are removed. ${NULL_BODY_REFUSED}`,
  },
  {
    path: 'contributed-settings',
    getName: 'Get Contributed Settings',
    setName: 'Set Contributed Settings',
    type: { ref: 'ContributedSettings' },
    example: 'ContributedSettings',
    what: 'the settings contributed by plugins',
    getDescription:
      'Reads the administration settings that plugins add to the server, as an array; each ' +
      'element carries `@type` naming its setting class. A server without such plugins (the ' +
      'stock distribution) answers an empty array.',
    setDescription:
      'Replaces all plugin-contributed settings with the array sent: the server keeps one ' +
      'setting per `@type` (a later element of the same type wins) and drops types left out. ' +
      NULL_BODY_REFUSED,
  },
];

export const settingGroup: GroupSpec = {
  name: 'Setting',
  description:
    'Server-wide configuration, one area per path under `/settings/`. Each area is read with a Get ' +
    'and replaced as a whole with a Set (send the complete value, not a partial one). Only ' +
    'administrators may read or change settings.',
  operations: areas.flatMap((area) => [get(area), set(area)]),
};
