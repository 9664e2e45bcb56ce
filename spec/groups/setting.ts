import type { EffectSpec, ErrorUse, GroupSpec, ReleaseText, SuccessSpec } from '../model.js';

/**
 * The Setting group: one Get and one Set per area under `/settings/`, read from OneDev's
 * SettingResource at each tag. Areas come and go (`sso-connectors` until v12.0.9, `workspace`
 * from v15.0.0); the mail area switched its type to the MailConnector family in v13.0.8.
 */

const ADMIN_ONLY =
  'Administrators only. Anonymous callers get 401 and signed-in users who are not administrators get 403.';

const GET_ERRORS: readonly ErrorUse[] = [401, 403];
/**
 * 400: malformed JSON, unknown properties, a missing or unknown `@type`/`@class`. A `@NotNull` body
 * sent as null, and from v13.0.5 (`@Valid`) a value breaking the form's rules, fail validation.
 */
const SET_ERRORS: readonly ErrorUse[] = [400, 401, 403, 'validation'];
/** The areas that may be cleared with `null` had no constraint until v13.0.5 added `@Valid`. */
const SET_CLEARABLE_ERRORS: readonly ErrorUse[] = [400, 401, 403, { status: 'validation', since: 'v13.0.5' }];
/** Set System Setting also refuses a server URL other than the ingress URL: 406 from v12.0.9. */
const SET_SYSTEM_ERRORS: readonly ErrorUse[] = [400, 401, 403, { status: 406, since: 'v12.0.9' }, 'validation'];

const SAVED: SuccessSpec = { kind: 'empty', description: 'The setting was saved.' };

/** Every Set stores its body as the area's new value, which the Get at the same path answers from then on. */
const REPLACED: EffectSpec = { changes: [{ setting: 'replace' }] };

const REPLACES =
  'The body replaces the stored value as a whole: send every property (read the area first, ' +
  'change it, post it back).';

/**
 * A Set description in its two wordings: v13.0.5 made the server check the value with the web
 * UI's form rules (`@Valid` on the body); before, it stored an inconsistent value as sent.
 */
const checkedFrom13_0_5 = (text: (checks: string) => string): ReleaseText[] => [
  { until: 'v13.0.5', value: text(STORED_AS_SENT) },
  { since: 'v13.0.5', value: text(CHECKED) },
];
const STORED_AS_SENT = 'The server stores it without the web UI\'s form checks, so an inconsistent value is stored as sent.';
const CHECKED = 'The server checks it with the web UI\'s form rules and refuses one that breaks them (a validation failure).';

const NULL_BODY_REFUSED = 'A `null` or empty body is refused (a validation failure).';

export const settingGroup: GroupSpec = {
  name: 'Setting',
  description:
    'Server-wide configuration, one area per path under `/settings/`. Each area is read with a Get ' +
    'and replaced as a whole with a Set (send the complete value, not a partial one). Only ' +
    'administrators may read or change settings.',
  operations: [
    // ----- system --------------------------------------------------------------------------------
    {
      name: 'Get System Setting',
      method: 'GET',
      path: '/settings/system',
      description: 'Reads the general system settings (server URL, git and curl executables, avatars).',
      permission: ADMIN_ONLY,
      success: {
        kind: 'json',
        type: { ref: 'SystemSetting' },
        description: 'The current value of the general system settings (server URL, git and curl executables, avatars).',
        example: 'SystemSetting',
      },
      errors: GET_ERRORS,
    },
    {
      name: 'Set System Setting',
      method: 'POST',
      path: '/settings/system',
      description: checkedFrom13_0_5((checks) =>
        `Saves the general system settings. ${REPLACES} ${checks} ${NULL_BODY_REFUSED} On a server deployed ` +
        'behind a Kubernetes ingress, a `serverUrl` other than the ingress URL is refused like a ' +
        'bad query parameter.'),
      permission: ADMIN_ONLY,
      body: {
        kind: 'json',
        type: { ref: 'SystemSetting' },
        description: 'The complete new value of the general system settings (server URL, git and curl executables, avatars).',
        example: 'SystemSetting',
      },
      success: SAVED,
      effect: REPLACED,
      errors: SET_SYSTEM_ERRORS,
    },

    // ----- authenticator -------------------------------------------------------------------------
    {
      name: 'Get Authenticator',
      method: 'GET',
      path: '/settings/authenticator',
      description:
        'Reads the external authenticator. The value carries `@class` with the fully qualified ' +
        'class name of the authenticator type.',
      permission: ADMIN_ONLY,
      success: {
        kind: 'json',
        type: { ref: 'Authenticator' },
        description: 'The current value of the external authenticator (LDAP or Active Directory).',
        example: 'Authenticator',
        // The abstract class names its type info itself (`@JsonTypeInfo(use=Id.CLASS)`), so
        // Jackson writes `@class` for the concrete class at the root too.
        rootDiscriminator: 'written',
      },
      noContent: 'No external authenticator is configured: users sign in with local passwords only.',
      errors: GET_ERRORS,
    },
    {
      name: 'Set Authenticator',
      method: 'POST',
      path: '/settings/authenticator',
      description: checkedFrom13_0_5((checks) =>
        'Saves the external authenticator; `@class` picks its type and must be one of the fully ' +
        `qualified class names listed. ${REPLACES} ${checks} This operation also accepts the JSON literal ` +
        '`null` (or an empty body): it removes the external authenticator.'),
      permission: ADMIN_ONLY,
      body: {
        kind: 'json',
        type: { ref: 'Authenticator' },
        description:
          'The complete new value of the external authenticator (LDAP or Active Directory), or ' +
          '`null` (or no body) to clear it.',
        example: 'Authenticator',
        nullable: true,
      },
      success: SAVED,
      effect: REPLACED,
      errors: SET_CLEARABLE_ERRORS,
    },

    // ----- backup --------------------------------------------------------------------------------
    {
      name: 'Get Backup Setting',
      method: 'GET',
      path: '/settings/backup',
      description: 'Reads the automatic database backup setting.',
      permission: ADMIN_ONLY,
      success: {
        kind: 'json',
        type: { ref: 'BackupSetting' },
        description: 'The current value of the automatic database backup setting.',
        example: 'BackupSetting',
      },
      noContent: 'Automatic database backup is turned off.',
      errors: GET_ERRORS,
    },
    {
      name: 'Set Backup Setting',
      method: 'POST',
      path: '/settings/backup',
      description: checkedFrom13_0_5((checks) =>
        `Saves the automatic database backup schedule. ${REPLACES} ${checks} This operation also accepts ` +
        'the JSON literal `null` (or an empty body): it turns automatic backup off. The cron ' +
        'expression is not checked here; an invalid one makes scheduling fail later.'),
      permission: ADMIN_ONLY,
      body: {
        kind: 'json',
        type: { ref: 'BackupSetting' },
        description:
          'The complete new value of the automatic database backup setting, or `null` (or no body) to clear it.',
        example: 'BackupSetting',
        nullable: true,
      },
      success: SAVED,
      effect: REPLACED,
      errors: SET_CLEARABLE_ERRORS,
    },

    // ----- build ---------------------------------------------------------------------------------
    {
      name: 'Get Build Setting',
      method: 'GET',
      path: '/settings/build',
      description: 'Reads the server-wide build list settings (shared saved queries and parameter columns).',
      permission: ADMIN_ONLY,
      success: {
        kind: 'json',
        type: { ref: 'GlobalBuildSetting' },
        description: 'The current value of the server-wide build list settings (shared saved queries and parameter columns).',
        example: 'GlobalBuildSetting',
      },
      errors: GET_ERRORS,
    },
    {
      name: 'Set Build Setting',
      method: 'POST',
      path: '/settings/build',
      description: checkedFrom13_0_5(
        (checks) => `Saves the server-wide build list settings. ${REPLACES} ${checks} ${NULL_BODY_REFUSED}`,
      ),
      permission: ADMIN_ONLY,
      body: {
        kind: 'json',
        type: { ref: 'GlobalBuildSetting' },
        description: 'The complete new value of the server-wide build list settings (shared saved queries and parameter columns).',
        example: 'GlobalBuildSetting',
      },
      success: SAVED,
      effect: REPLACED,
      errors: SET_ERRORS,
    },

    // ----- groovy scripts ------------------------------------------------------------------------
    {
      name: 'Get Groovy Scripts',
      method: 'GET',
      path: '/settings/groovy-scripts',
      description: 'Reads the Groovy scripts defined on the server, in their configured order.',
      permission: ADMIN_ONLY,
      success: {
        kind: 'json',
        type: { array: { ref: 'GroovyScript' } },
        description: 'The current value of the list of Groovy scripts.',
        example: 'GroovyScriptList',
      },
      errors: GET_ERRORS,
    },
    {
      name: 'Set Groovy Scripts',
      method: 'POST',
      path: '/settings/groovy-scripts',
      description:
        'Replaces the whole list of Groovy scripts: scripts left out of the array are removed. ' +
        `Script names are not checked for uniqueness here. ${NULL_BODY_REFUSED}`,
      permission: ADMIN_ONLY,
      body: {
        kind: 'json',
        type: { array: { ref: 'GroovyScript' } },
        description: 'The complete new value of the list of Groovy scripts.',
        example: 'GroovyScriptList',
      },
      success: SAVED,
      effect: REPLACED,
      errors: SET_ERRORS,
    },

    // ----- issue ---------------------------------------------------------------------------------
    {
      name: 'Get Issue Setting',
      method: 'GET',
      path: '/settings/issue',
      description:
        'Reads the server-wide issue settings (fields, states, state transitions, board and link ' +
        'definitions, saved queries).',
      permission: ADMIN_ONLY,
      success: {
        kind: 'json',
        type: { ref: 'GlobalIssueSetting' },
        description:
          'The current value of the server-wide issue settings (fields, states, state transitions, ' +
          'board and link definitions, saved queries).',
        example: 'GlobalIssueSetting',
      },
      errors: GET_ERRORS,
    },
    {
      name: 'Set Issue Setting',
      method: 'POST',
      path: '/settings/issue',
      description: checkedFrom13_0_5((checks) =>
        `Saves the server-wide issue settings. ${REPLACES} ${checks} ${NULL_BODY_REFUSED} The saved value ` +
        'is marked as not reconciled, so the web UI asks an administrator to resolve issue data ' +
        'that no longer matches the new field and state definitions.').map((text) =>
        text.since === 'v13.0.5'
          ? {
              ...text,
              value:
                `${text.value} The checks refuse every board of \`boardSpecs\` (see the body schema), so ` +
                'the value Get Issue Setting answers on a fresh server, with its State board, cannot be ' +
                'posted back unchanged: a value the API can save has an empty `boardSpecs`, which leaves ' +
                'the server without default boards.',
            }
          : text),
      permission: ADMIN_ONLY,
      body: {
        kind: 'json',
        type: { ref: 'GlobalIssueSetting' },
        description:
          'The complete new value of the server-wide issue settings (fields, states, state ' +
          'transitions, board and link definitions, saved queries).',
        example: 'GlobalIssueSettingToSave',
      },
      success: SAVED,
      effect: [
        { ...REPLACED, until: 'v13.0.5' },
        // The form check counts the columns of the web editor's working copy, which a request
        // cannot fill: the first board given fails it.
        {
          ...REPLACED,
          since: 'v13.0.5',
          refuses: [{ when: { filled: 'boardSpecs' }, status: 400, message: 'setIssueSetting.arg0.boardSpecs[0].editColumns: At least two columns need to be defined' }],
        },
      ],
      errors: SET_ERRORS,
    },

    // ----- job executors -------------------------------------------------------------------------
    {
      name: 'Get Job Executors',
      method: 'GET',
      path: '/settings/job-executors',
      description:
        'Reads the job executors, in the order the server tries them when picking one for a job. ' +
        'Each element carries `@type` naming the executor kind.',
      permission: ADMIN_ONLY,
      success: {
        kind: 'json',
        type: { array: { ref: 'JobExecutor' } },
        description: 'The current value of the list of job executors.',
        example: 'JobExecutorList',
      },
      errors: GET_ERRORS,
    },
    {
      name: 'Set Job Executors',
      method: 'POST',
      path: '/settings/job-executors',
      description:
        'Replaces the whole list of job executors: executors left out of the array are removed, and ' +
        `the array order is the order in which executors are tried. ${NULL_BODY_REFUSED}`,
      permission: ADMIN_ONLY,
      body: {
        kind: 'json',
        type: { array: { ref: 'JobExecutor' } },
        description: 'The complete new value of the list of job executors.',
        example: 'JobExecutorList',
      },
      success: SAVED,
      effect: REPLACED,
      errors: SET_ERRORS,
    },

    // ----- mail: a MailService until v13.0.8, a MailConnector from then on ------------------------
    {
      until: 'v13.0.8',
      name: 'Get Mail Service',
      method: 'GET',
      path: '/settings/mail-service',
      description:
        'Reads the mail service. The value comes without `@type` at its root (nested values, such ' +
        'as its SSL setting, keep theirs): its properties tell which kind of mail service it is.',
      permission: ADMIN_ONLY,
      success: {
        kind: 'json',
        type: { ref: 'MailService' },
        description: 'The current value of the mail service used to send (and optionally receive) email.',
        example: 'MailServiceUntagged',
        rootDiscriminator: 'omitted',
      },
      noContent: 'No mail service is configured: the server sends no email.',
      errors: GET_ERRORS,
    },
    {
      since: 'v13.0.8',
      name: 'Get Mail Connector',
      method: 'GET',
      path: '/settings/mail-service',
      description:
        'Reads the mail connector, the account the server sends (and optionally receives) email ' +
        'through. The value comes without `@type` at its root (nested values, such as its SSL ' +
        'setting, keep theirs): its properties tell which kind of connector it is.',
      permission: ADMIN_ONLY,
      success: {
        kind: 'json',
        type: { ref: 'MailConnector' },
        description: 'The current value of the mail connector.',
        example: 'MailConnectorUntagged',
        rootDiscriminator: 'omitted',
      },
      noContent: 'No mail connector is configured: the server sends no email.',
      errors: GET_ERRORS,
    },
    {
      until: 'v13.0.8',
      name: 'Set Mail Service',
      method: 'POST',
      path: '/settings/mail-service',
      description: checkedFrom13_0_5((checks) =>
        `Saves the mail service; \`@type\` picks its kind. ${REPLACES} ${checks} This operation also accepts ` +
        'the JSON literal `null` (or an empty body): it removes the mail service, which stops ' +
        'all outgoing email.'),
      permission: ADMIN_ONLY,
      body: {
        kind: 'json',
        type: { ref: 'MailService' },
        description:
          'The complete new value of the mail service used to send (and optionally receive) email, ' +
          'or `null` (or no body) to clear it.',
        example: 'MailService',
        nullable: true,
      },
      success: SAVED,
      effect: REPLACED,
      errors: SET_CLEARABLE_ERRORS,
    },
    {
      since: 'v13.0.8',
      name: 'Set Mail Service',
      method: 'POST',
      path: '/settings/mail-service',
      description:
        `Saves the mail connector; \`@type\` picks its kind. ${REPLACES} ${CHECKED} This operation also ` +
        'accepts the JSON literal `null` (or an empty body): it removes the mail connector, which ' +
        'stops all outgoing email.',
      permission: ADMIN_ONLY,
      body: {
        kind: 'json',
        type: { ref: 'MailConnector' },
        description: 'The complete new value of the mail connector, or `null` (or no body) to clear it.',
        example: 'MailConnector',
        nullable: true,
      },
      success: SAVED,
      effect: REPLACED,
      errors: SET_CLEARABLE_ERRORS,
    },

    // ----- service desk --------------------------------------------------------------------------
    {
      name: 'Get Service Desk Setting',
      method: 'GET',
      path: '/settings/service-desk',
      description: 'Reads the service desk setting (how emails open issues).',
      permission: ADMIN_ONLY,
      success: {
        kind: 'json',
        type: { ref: 'ServiceDeskSetting' },
        description: 'The current value of the service desk setting (how emails open issues).',
        example: 'ServiceDeskSetting',
      },
      noContent: 'The service desk has not been set up.',
      errors: GET_ERRORS,
    },
    {
      name: 'Set Service Desk Setting',
      method: 'POST',
      path: '/settings/service-desk',
      description: checkedFrom13_0_5((checks) =>
        `Saves the service desk setting. ${REPLACES} ${checks} This operation also accepts the JSON literal ` +
        '`null` (or an empty body): it clears the service desk setting. Receiving issues by email ' +
        'also needs a mail service that can check incoming mail.'),
      permission: ADMIN_ONLY,
      body: {
        kind: 'json',
        type: { ref: 'ServiceDeskSetting' },
        description:
          'The complete new value of the service desk setting (how emails open issues), or `null` ' +
          '(or no body) to clear it.',
        example: 'ServiceDeskSetting',
        nullable: true,
      },
      success: SAVED,
      effect: REPLACED,
      errors: SET_CLEARABLE_ERRORS,
    },

    // ----- notification templates ----------------------------------------------------------------
    {
      name: 'Get Notificiation Template Setting',
      method: 'GET',
      path: '/settings/notification-template',
      description:
        'Reads the Groovy templates of the emails the server sends (notifications, invitations, ' +
        'verification, password reset, service desk replies, alerts).',
      permission: ADMIN_ONLY,
      success: {
        kind: 'json',
        type: { ref: 'EmailTemplates' },
        description: 'The current value of the email templates.',
        example: 'EmailTemplates',
      },
      noContent:
        'Only after a Set Notification Template Setting call posted `null`: the server then has no templates.',
      errors: GET_ERRORS,
    },
    {
      name: 'Set Notification Template Setting',
      method: 'POST',
      path: '/settings/notification-template',
      description: checkedFrom13_0_5((checks) =>
        `Saves the email templates. ${REPLACES} ${checks} Templates are not compiled here; a broken one ` +
        'shows up when an email is rendered. The server also accepts the JSON literal `null` here ' +
        'and stores it, which leaves it unable to render emails: do not send it.'),
      permission: ADMIN_ONLY,
      body: {
        kind: 'json',
        type: { ref: 'EmailTemplates' },
        description: 'The complete new value of the email templates.',
        example: 'EmailTemplates',
      },
      success: SAVED,
      effect: REPLACED,
      errors: SET_CLEARABLE_ERRORS,
    },

    // ----- project -------------------------------------------------------------------------------
    {
      name: 'Get Project Setting',
      method: 'GET',
      path: '/settings/project',
      description: 'Reads the server-wide project list settings (shared saved queries).',
      permission: ADMIN_ONLY,
      success: {
        kind: 'json',
        type: { ref: 'GlobalProjectSetting' },
        description: 'The current value of the server-wide project list settings (shared saved queries).',
        example: 'GlobalProjectSetting',
      },
      errors: GET_ERRORS,
    },
    {
      name: 'Set Project Setting',
      method: 'POST',
      path: '/settings/project',
      description: checkedFrom13_0_5(
        (checks) => `Saves the server-wide project list settings. ${REPLACES} ${checks} ${NULL_BODY_REFUSED}`,
      ),
      permission: ADMIN_ONLY,
      body: {
        kind: 'json',
        type: { ref: 'GlobalProjectSetting' },
        description: 'The complete new value of the server-wide project list settings (shared saved queries).',
        example: 'GlobalProjectSetting',
      },
      success: SAVED,
      effect: REPLACED,
      errors: SET_ERRORS,
    },

    // ----- pull request --------------------------------------------------------------------------
    {
      name: 'Get Pull Request Setting',
      method: 'GET',
      path: '/settings/pull-request',
      description: 'Reads the server-wide pull request list settings (shared saved queries).',
      permission: ADMIN_ONLY,
      success: {
        kind: 'json',
        type: { ref: 'GlobalPullRequestSetting' },
        description: 'The current value of the server-wide pull request list settings (shared saved queries).',
        example: 'GlobalPullRequestSetting',
      },
      errors: GET_ERRORS,
    },
    {
      name: 'Set Pull Request Setting',
      method: 'POST',
      path: '/settings/pull-request',
      description: checkedFrom13_0_5(
        (checks) => `Saves the server-wide pull request list settings. ${REPLACES} ${checks} ${NULL_BODY_REFUSED}`,
      ),
      permission: ADMIN_ONLY,
      body: {
        kind: 'json',
        type: { ref: 'GlobalPullRequestSetting' },
        description: 'The complete new value of the server-wide pull request list settings (shared saved queries).',
        example: 'GlobalPullRequestSetting',
      },
      success: SAVED,
      effect: REPLACED,
      errors: SET_ERRORS,
    },

    // ----- workspace (from v15.0.0) --------------------------------------------------------------
    {
      since: 'v15.0.0',
      name: 'Get Workspace Setting',
      method: 'GET',
      path: '/settings/workspace',
      description: 'Reads the server-wide workspace list settings (shared saved queries).',
      permission: ADMIN_ONLY,
      success: {
        kind: 'json',
        type: { ref: 'GlobalWorkspaceSetting' },
        description: 'The current value of the server-wide workspace list settings (shared saved queries).',
        example: 'GlobalWorkspaceSetting',
      },
      errors: GET_ERRORS,
    },
    {
      since: 'v15.0.0',
      name: 'Set Workspace Setting',
      method: 'POST',
      path: '/settings/workspace',
      description: `Saves the server-wide workspace list settings. ${REPLACES} ${CHECKED} ${NULL_BODY_REFUSED}`,
      permission: ADMIN_ONLY,
      body: {
        kind: 'json',
        type: { ref: 'GlobalWorkspaceSetting' },
        description: 'The complete new value of the server-wide workspace list settings (shared saved queries).',
        example: 'GlobalWorkspaceSetting',
      },
      success: SAVED,
      effect: REPLACED,
      errors: SET_ERRORS,
    },

    // ----- security ------------------------------------------------------------------------------
    {
      name: 'Get Security Setting',
      method: 'GET',
      path: '/settings/security',
      description:
        'Reads the security setting (anonymous access, self sign-up, two-factor enforcement, CORS).',
      permission: ADMIN_ONLY,
      success: {
        kind: 'json',
        type: { ref: 'SecuritySetting' },
        description:
          'The current value of the security setting (anonymous access, self sign-up, two-factor enforcement, CORS).',
        example: 'SecuritySetting',
      },
      errors: GET_ERRORS,
    },
    {
      name: 'Set Security Setting',
      method: 'POST',
      path: '/settings/security',
      description: checkedFrom13_0_5((checks) =>
        `Saves the security setting. ${REPLACES} ${checks} ${NULL_BODY_REFUSED} Turning anonymous access ` +
        'on lets callers without credentials use read operations their anonymous permissions allow.'),
      permission: ADMIN_ONLY,
      body: {
        kind: 'json',
        type: { ref: 'SecuritySetting' },
        description:
          'The complete new value of the security setting (anonymous access, self sign-up, two-factor enforcement, CORS).',
        example: 'SecuritySetting',
      },
      success: SAVED,
      effect: REPLACED,
      errors: SET_ERRORS,
    },

    // ----- ssh -----------------------------------------------------------------------------------
    {
      name: 'Get Ssh Setting',
      method: 'GET',
      path: '/settings/ssh',
      description: 'Reads the SSH server setting, including the private host key in PEM form.',
      permission: ADMIN_ONLY,
      success: {
        kind: 'json',
        type: { ref: 'SshSetting' },
        description: 'The current value of the SSH server setting (its private host key).',
        example: 'SshSetting',
      },
      errors: GET_ERRORS,
    },
    {
      name: 'Set Ssh Setting',
      method: 'POST',
      path: '/settings/ssh',
      description: checkedFrom13_0_5((checks) =>
        `Saves the SSH server setting. ${REPLACES} ${checks} ${NULL_BODY_REFUSED} The key is not parsed ` +
        'here; clients connecting over SSH see the new host key.'),
      permission: ADMIN_ONLY,
      body: {
        kind: 'json',
        type: { ref: 'SshSetting' },
        description: 'The complete new value of the SSH server setting (its private host key).',
        example: 'SshSetting',
      },
      success: SAVED,
      effect: REPLACED,
      errors: SET_ERRORS,
    },

    // ----- sso connectors (until v12.0.9: single sign-on then left the settings) -----------------
    {
      until: 'v12.0.9',
      name: 'Get Sso Connectors',
      method: 'GET',
      path: '/settings/sso-connectors',
      description:
        'Reads the single sign-on connectors (OpenID Connect and the like). Each element carries ' +
        '`@type` naming the connector kind.',
      permission: ADMIN_ONLY,
      success: {
        kind: 'json',
        type: { array: { ref: 'SsoConnector' } },
        description: 'The current value of the list of single sign-on connectors.',
        example: 'SsoConnectorList',
      },
      errors: GET_ERRORS,
    },
    {
      until: 'v12.0.9',
      name: 'Set Sso Connectors',
      method: 'POST',
      path: '/settings/sso-connectors',
      description:
        'Replaces the whole list of single sign-on connectors: connectors left out of the array ' +
        `are removed. ${NULL_BODY_REFUSED}`,
      permission: ADMIN_ONLY,
      body: {
        kind: 'json',
        type: { array: { ref: 'SsoConnector' } },
        description: 'The complete new value of the list of single sign-on connectors.',
        example: 'SsoConnectorList',
      },
      success: SAVED,
      effect: REPLACED,
      errors: SET_ERRORS,
    },

    // ----- contributed settings ------------------------------------------------------------------
    {
      name: 'Get Contributed Settings',
      method: 'GET',
      path: '/settings/contributed-settings',
      description:
        'Reads the administration settings that plugins add to the server, as an array; each ' +
        'element carries `@type` naming its setting class. A server without such plugins (the ' +
        'stock distribution) answers an empty array.',
      permission: ADMIN_ONLY,
      success: {
        kind: 'json',
        type: { ref: 'ContributedSettings' },
        description: 'The current value of the settings contributed by plugins.',
        example: 'ContributedSettings',
      },
      errors: GET_ERRORS,
    },
    {
      name: 'Set Contributed Settings',
      method: 'POST',
      path: '/settings/contributed-settings',
      description:
        'Replaces all plugin-contributed settings with the array sent: the server keeps one ' +
        'setting per `@type` (a later element of the same type wins) and drops types left out. ' +
        NULL_BODY_REFUSED,
      permission: ADMIN_ONLY,
      body: {
        kind: 'json',
        type: { ref: 'ContributedSettings' },
        description: 'The complete new value of the settings contributed by plugins.',
        example: 'ContributedSettings',
      },
      success: SAVED,
      effect: REPLACED,
      errors: SET_ERRORS,
    },
  ],
};
