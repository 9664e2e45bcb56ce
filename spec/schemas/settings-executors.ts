import type { Field, SchemaTable } from '../model.js';

/*
 * Settings areas `job-executors`, `mail-service`, `sso-connectors` and `contributed-settings`,
 * with the releases each property lives in. Every value whose Java type is abstract or an
 * interface carries `@type` with the simple class name of the concrete class; concrete nested
 * beans carry no type tag.
 */

// ---------------------------------------------------------------------------------------------
// Job executors. Every executor lists all of its properties below; the properties that several
// executors share (OneDev declares them on a common superclass) are named here once.
// ---------------------------------------------------------------------------------------------

const executorEnabled: Field = {
  type: 'boolean',
  description:
    'Whether the executor takes jobs. A disabled executor is skipped when OneDev picks one, and a ' +
    'job that names it explicitly fails. New executors are enabled unless this says otherwise.',
};

const executorName: Field = {
  type: 'string',
  nullable: true,
  description:
    'Name of the executor, which job definitions use to ask for it. It also prefixes docker ' +
    'networks and Kubernetes namespaces, so the web UI only accepts letters, digits and inner ' +
    'hyphens (DNS-label style). Expected to be set and unique; the REST endpoint does not check.',
};

/** The applicable-jobs filter under its first wire name. */
const executorJobRequirement: Field = {
  until: 'v11.11.1',
  type: 'string',
  nullable: true,
  description:
    'Which jobs may use this executor, written in the job-match query language of the ' +
    '"Applicable Jobs" field (criteria on projects, jobs, branches, users...), e.g. ' +
    '`"Project" is "my-org/**" and "Job" is "release"`. Null means any job. Later releases call ' +
    'this property `jobMatch`.',
};

/** The applicable-jobs filter of the docker and Kubernetes executors. */
const executorJobMatch: Field = {
  since: 'v11.11.1',
  type: 'string',
  nullable: true,
  description:
    'Which jobs may use this executor, written in the job-match query language of the ' +
    '"Applicable Jobs" field (criteria on projects, jobs, branches, users...), e.g. ' +
    '`"Project" is "my-org/**" and "Job" is "release"`. Null means any job. Before v11.11.1 ' +
    'this property was called `jobRequirement`.',
};

/** The shell executors' filter: from v15.0.1 it must be set, and null matches no job at all. */
const shellExecutorJobMatch: Field[] = [
  {
    since: 'v11.11.1',
    until: 'v15.0.1',
    type: 'string',
    nullable: true,
    description:
      'Which jobs may use this executor, written in the job-match query language of the ' +
      '"Applicable Jobs" field (criteria on projects, jobs, branches, users...), e.g. ' +
      '`"Project" is "my-org/**" and "Job" is "release"`. Null means any job. Before v11.11.1 ' +
      'this property was called `jobRequirement`.',
  },
  {
    since: 'v15.0.1',
    type: 'string',
    nullable: true,
    description:
      'Which jobs may use this executor, written in the job-match query language of the ' +
      '"Applicable Jobs" field, e.g. `"Project" is "my-org/**" and "Job" is "release"`. ' +
      'Shell jobs run with the rights of the OneDev or agent process, so a Set must name the ' +
      'jobs (an empty value is refused with 406). A null left over from older releases lets no ' +
      'job use the executor.',
  },
];

const executorHtmlReportPublishEnabled: Field = {
  type: 'boolean',
  description:
    'Whether jobs run by this executor may publish HTML reports. Published reports are served ' +
    'as they are, so only enable it for executors restricted to trusted jobs.',
};

const executorSitePublishEnabled: Field = {
  type: 'boolean',
  description:
    'Whether jobs run by this executor may publish a project site, which OneDev serves as ' +
    'static files. Only enable it for executors restricted to trusted jobs.',
};

const registryLoginsField: Field = {
  type: { array: { ref: 'RegistryLogin' } },
  description:
    'Credentials for container registries used when pulling and pushing images. Empty list when ' +
    'none are configured.',
};

const agentQueryField: Field = {
  type: 'string',
  nullable: true,
  description:
    'Which agents may run jobs for this executor, as an agent query (the web UI\'s "Agent ' +
    'Selector"), e.g. `"Os" is "Linux" and "Arch" is "amd64"`. Null means any online agent.',
};

const dockerRunOptions: Field = {
  type: 'string',
  nullable: true,
  description:
    'Extra `docker run` options for job containers, separated by spaces (quote an option that ' +
    'contains spaces). Options that would break job control, such as `--name`, `--rm`, `-d` ' +
    'or `-w`, are refused by the web UI.',
};

const dockerAlwaysPullImage: Field = {
  type: 'boolean',
  description:
    'Whether images are always pulled before running containers or building images, so that ' +
    'another job on the same machine cannot swap in a tampered local image. Defaults to true.',
};

const dockerExecutable: Field = {
  type: 'string',
  nullable: true,
  description: 'Path to the docker command, e.g. `/usr/local/bin/docker`; null uses `docker` found on the PATH.',
};

const dockerMountDockerSock: Field = {
  type: 'boolean',
  description:
    'Whether the docker socket is mounted into job containers so job commands can run docker. ' +
    'This hands those jobs control of the host\'s docker daemon.',
};

const dockerSockPath: Field = {
  type: 'string',
  nullable: true,
  description:
    'Docker socket to talk to; null uses the platform default (`/var/run/docker.sock` on Linux, ' +
    '`//./pipe/docker_engine` on Windows).',
};

const dockerBuilder: Field = {
  type: 'string',
  description:
    'Name of the docker buildx builder used for image builds; OneDev creates it when missing. ' +
    'Defaults to `onedev`.',
};

const dockerNetworkOptions: Field = {
  type: 'string',
  nullable: true,
  description:
    'Extra `docker network create` options for the per-job network, separated by spaces. ' +
    'Driver options are refused by the web UI.',
};

const dockerCpuLimit: Field = {
  type: 'string',
  nullable: true,
  description: 'CPU limit of each job or service container, passed as docker `--cpus` (e.g. `2` or `1.5`); null means no limit.',
};

const dockerMemoryLimit: Field = {
  type: 'string',
  nullable: true,
  description: 'Memory limit of each job or service container, passed as docker `--memory` (e.g. `4g`); null means no limit.',
};

/** How many jobs run at once: a numeric string at first, an integer from v15.1.0. */
const serverDockerConcurrency: Field[] = [
  {
    until: 'v15.1.0',
    type: 'string',
    nullable: true,
    description:
      'How many jobs and services may run at once, as a decimal number in a string (e.g. `"4"`). ' +
      'Null means the number of CPU cores of the machine running them.',
  },
  {
    since: 'v15.1.0',
    type: 'int32',
    nullable: true,
    constraints: { minimum: 1 },
    description:
      'How many jobs and services may run at once (at least 1). Null means the number of CPU ' +
      'cores of the server.',
  },
];

const remoteDockerConcurrency: Field[] = [
  {
    until: 'v15.1.0',
    type: 'string',
    nullable: true,
    description:
      'How many jobs and services each matching agent may run at once, as a decimal number in ' +
      'a string. Null means the number of CPU cores of the agent.',
  },
  {
    since: 'v15.1.0',
    type: 'int32',
    nullable: true,
    constraints: { minimum: 1 },
    description:
      'How many jobs and services each matching agent may run at once (at least 1). Null means ' +
      'the number of CPU cores of the agent.',
  },
];

const serverShellConcurrency: Field[] = [
  {
    until: 'v15.1.0',
    type: 'string',
    nullable: true,
    description:
      'How many jobs may run at once, as a decimal number in a string (e.g. `"2"`). Null means ' +
      'the number of CPU cores of the machine running them.',
  },
  {
    since: 'v15.1.0',
    type: 'int32',
    nullable: true,
    constraints: { minimum: 1 },
    description: 'How many jobs may run at once (at least 1). Null means the number of CPU cores of the server.',
  },
];

const remoteShellConcurrency: Field[] = [
  {
    until: 'v15.1.0',
    type: 'string',
    nullable: true,
    description:
      'How many jobs each matching agent may run at once, as a decimal number in a string. ' +
      'Null means the number of CPU cores of the agent.',
  },
  {
    since: 'v15.1.0',
    type: 'int32',
    nullable: true,
    constraints: { minimum: 1 },
    description:
      'How many jobs each matching agent may run at once (at least 1). Null means the number of ' +
      'CPU cores of the agent.',
  },
];

// ---------------------------------------------------------------------------------------------
// Mail services
// ---------------------------------------------------------------------------------------------

const mailTimeoutField: Field = {
  type: 'int32',
  description:
    'Timeout in seconds for talking to the mail servers. Defaults to 60; the web UI asks for at least 5.',
};

const systemAddressField: Field = {
  type: 'string',
  nullable: true,
  description:
    'Email address used as sender of notifications. When incoming mail is checked, replies to ' +
    'this address (with sub-addressing such as `onedev+xyz@example.com`) become issue and pull ' +
    'request comments. Expected to be set.',
};

const pollIntervalField: Field = {
  type: 'int32',
  description: 'Seconds between two checks of the inbox. Defaults to 60; the web UI asks for at least 10.',
};

const trustAllField: Field = {
  type: 'boolean',
  description:
    'Whether to skip checking the mail server\'s TLS certificate (for self-signed certificates). ' +
    'This exposes credentials to man-in-the-middle attacks; importing the certificate into ' +
    'OneDev\'s trust store is the safer choice.',
};

// ---------------------------------------------------------------------------------------------
// SSO connectors
// ---------------------------------------------------------------------------------------------

const ssoBaseFields: Record<string, Field> = {
  name: {
    type: 'string',
    nullable: true,
    description:
      'Name of the provider, shown on the login button and used as the last segment of the ' +
      'callback URL `<server url>/~sso/callback/<name>`. Expected to be set and unique.',
  },
  defaultGroup: {
    type: 'string',
    nullable: true,
    description:
      'Name of a group that users signing in through this connector are added to when the ' +
      'provider supplies no group information; null adds them to none.',
  },
};

const openIdFields = {
  ...ssoBaseFields,
  configurationDiscoveryUrl: {
    type: 'string',
    nullable: true,
    description:
      'The provider\'s discovery document, e.g. ' +
      '`https://openid.example.com/.well-known/openid-configuration` (use HTTPS).',
  },
  clientId: {
    type: 'string',
    nullable: true,
    description: 'Client id the provider assigned when OneDev was registered as a client application.',
  },
  clientSecret: {
    type: 'string',
    nullable: true,
    description: 'Client secret the provider issued for OneDev. Stored and returned as plain text.',
  },
  requestScopes: {
    type: 'string',
    description: 'Space-separated OpenID scopes asked for at login. Defaults to `openid email profile`.',
  },
  groupsClaim: {
    type: 'string',
    nullable: true,
    description:
      'Claim that lists the groups of the signed-in user (e.g. `groups`); null means group ' +
      'membership is not taken from the provider.',
  },
  buttonImageUrl: {
    type: 'string',
    description:
      'Image shown on the login button. A new connector holds the bundled OpenID logo, ' +
      '`/wicket/resource/io.onedev.server.plugin.sso.openid.OpenIdConnector/openid.png`.',
  },
} satisfies Record<string, Field>;

/** The same properties, for the preset connectors that fix some of them in code. */
function presetOpenIdFields(provider: string): Record<string, Field> {
  const ignored = ` Not used for ${provider}: the connector fixes this value in code.`;
  return {
    ...openIdFields,
    configurationDiscoveryUrl: {
      ...openIdFields.configurationDiscoveryUrl,
      description: 'Kept from the OpenID base type; normally null.' + ignored,
    },
    requestScopes: { ...openIdFields.requestScopes, description: 'Kept from the OpenID base type.' + ignored },
    groupsClaim: { ...openIdFields.groupsClaim, description: 'Kept from the OpenID base type; normally null.' + ignored },
    buttonImageUrl: {
      ...openIdFields.buttonImageUrl,
      description: 'Kept from the OpenID base type (the generic OpenID logo path).' + ignored,
    },
  };
}

// ---------------------------------------------------------------------------------------------

export const settingsExecutorsSchemas: SchemaTable = {
  // ----- job executors -----
  JobExecutor: {
    kind: 'family',
    description:
      'A job executor: where and how CI/CD jobs run. The list order matters: a job that names no ' +
      'executor runs on the first enabled executor whose applicable-jobs filter matches it. ' +
      'With an empty list OneDev tries to discover a usable executor itself.',
    discriminator: '@type',
    members: [
      'ServerDockerExecutor',
      'RemoteDockerExecutor',
      'ServerShellExecutor',
      'RemoteShellExecutor',
      'KubernetesExecutor',
    ],
  },
  ServerDockerExecutor: {
    kind: 'object',
    description: 'Runs jobs as docker containers on the OneDev server itself (not available when OneDev runs inside Kubernetes).',
    discriminator: { property: '@type', value: 'ServerDockerExecutor' },
    fields: {
      enabled: executorEnabled,
      name: executorName,
      jobRequirement: executorJobRequirement,
      jobMatch: executorJobMatch,
      htmlReportPublishEnabled: executorHtmlReportPublishEnabled,
      sitePublishEnabled: executorSitePublishEnabled,
      registryLogins: registryLoginsField,
      runOptions: dockerRunOptions,
      alwaysPullImage: dockerAlwaysPullImage,
      dockerExecutable: dockerExecutable,
      mountDockerSock: dockerMountDockerSock,
      dockerSockPath: dockerSockPath,
      dockerBuilder: dockerBuilder,
      networkOptions: dockerNetworkOptions,
      cpuLimit: dockerCpuLimit,
      memoryLimit: dockerMemoryLimit,
      concurrency: serverDockerConcurrency,
    },
  },
  RemoteDockerExecutor: {
    kind: 'object',
    description:
      'Runs jobs as docker containers on machines connected as OneDev agents. Has the server docker ' +
      'executor\'s properties plus an agent selector; `concurrency` counts per agent.',
    discriminator: { property: '@type', value: 'RemoteDockerExecutor' },
    fields: {
      enabled: executorEnabled,
      name: executorName,
      jobRequirement: executorJobRequirement,
      jobMatch: executorJobMatch,
      htmlReportPublishEnabled: executorHtmlReportPublishEnabled,
      sitePublishEnabled: executorSitePublishEnabled,
      registryLogins: registryLoginsField,
      runOptions: dockerRunOptions,
      alwaysPullImage: dockerAlwaysPullImage,
      dockerExecutable: dockerExecutable,
      mountDockerSock: dockerMountDockerSock,
      dockerSockPath: dockerSockPath,
      dockerBuilder: dockerBuilder,
      networkOptions: dockerNetworkOptions,
      cpuLimit: dockerCpuLimit,
      memoryLimit: dockerMemoryLimit,
      concurrency: remoteDockerConcurrency,
      agentQuery: agentQueryField,
    },
  },
  ServerShellExecutor: {
    kind: 'object',
    description:
      'Runs job commands directly in a shell of the OneDev server, with the rights of the server ' +
      'process. Only suitable for trusted jobs.',
    discriminator: { property: '@type', value: 'ServerShellExecutor' },
    fields: {
      enabled: executorEnabled,
      name: executorName,
      jobRequirement: executorJobRequirement,
      jobMatch: shellExecutorJobMatch,
      htmlReportPublishEnabled: executorHtmlReportPublishEnabled,
      sitePublishEnabled: executorSitePublishEnabled,
      concurrency: serverShellConcurrency,
    },
  },
  RemoteShellExecutor: {
    kind: 'object',
    description:
      'Runs job commands in a shell on machines connected as OneDev agents, with the rights of ' +
      'the agent process. Only suitable for trusted jobs.',
    discriminator: { property: '@type', value: 'RemoteShellExecutor' },
    fields: {
      enabled: executorEnabled,
      name: executorName,
      jobRequirement: executorJobRequirement,
      jobMatch: shellExecutorJobMatch,
      htmlReportPublishEnabled: executorHtmlReportPublishEnabled,
      sitePublishEnabled: executorSitePublishEnabled,
      concurrency: remoteShellConcurrency,
      agentQuery: agentQueryField,
    },
  },
  KubernetesExecutor: {
    kind: 'object',
    description:
      'Runs jobs as pods in a Kubernetes cluster, one namespace per job; no agents needed. Job ' +
      'pods reach back to OneDev through the server URL of the system setting.',
    discriminator: { property: '@type', value: 'KubernetesExecutor' },
    fields: {
      enabled: executorEnabled,
      name: executorName,
      jobRequirement: executorJobRequirement,
      jobMatch: executorJobMatch,
      htmlReportPublishEnabled: executorHtmlReportPublishEnabled,
      sitePublishEnabled: executorSitePublishEnabled,
      nodeSelector: {
        type: { array: { ref: 'NodeSelectorEntry' } },
        description: 'Node labels job pods must be scheduled on; empty list for no restriction.',
      },
      clusterRole: {
        type: 'string',
        nullable: true,
        description:
          'Cluster role bound to the job pods\' service account, needed when job commands talk ' +
          'to the Kubernetes API themselves; null binds none.',
      },
      registryLogins: registryLoginsField,
      buildWithPV: {
        until: 'v15.1.0',
        type: 'boolean',
        description:
          'Whether the job\'s intermediate files go on a dynamically provisioned persistent volume ' +
          'instead of an `emptyDir` volume.',
      },
      storageClass: [
        {
          until: 'v15.1.0',
          type: 'string',
          nullable: true,
          description:
            'Storage class for the build volume when `buildWithPV` is on; null uses the cluster\'s ' +
            'default class. Its reclaim policy should be `Delete`.',
        },
        {
          since: 'v15.1.0',
          type: 'string',
          nullable: true,
          description:
            'Storage class of the persistent volume each job gets for its build files; null uses ' +
            'the cluster\'s default class. Its reclaim policy should be `Delete`, since the volume ' +
            'only holds temporary files.',
        },
      ],
      storageSize: [
        {
          until: 'v15.1.0',
          type: 'string',
          nullable: true,
          description:
            'Size of the build volume when `buildWithPV` is on, in Kubernetes quantity notation ' +
            '(e.g. `10Gi`). Needed only in that case.',
        },
        {
          since: 'v15.1.0',
          type: 'string',
          description:
            'Size requested for the persistent build volume of each job, in Kubernetes quantity ' +
            'notation. Defaults to `10Gi`; a Set without it is refused.',
        },
      ],
      serviceLocators: {
        type: { array: { ref: 'ServiceLocator' } },
        description:
          'Rules placing the service pods a job declares; the first matching locator wins, and ' +
          'without a match the executor\'s own node selector applies. Empty list when none.',
      },
      configFile: {
        type: 'string',
        nullable: true,
        description: 'Absolute path of the kubeconfig file kubectl uses; null lets kubectl find its configuration itself.',
      },
      kubeCtlPath: {
        until: 'v15.1.0',
        type: 'string',
        nullable: true,
        description: 'Absolute path of kubectl, e.g. `/usr/bin/kubectl`; null searches the PATH.',
      },
      kubectlPath: {
        since: 'v15.1.0',
        type: 'string',
        nullable: true,
        description:
          'Absolute path of kubectl, e.g. `/usr/bin/kubectl`; null searches the PATH. Called ' +
          '`kubeCtlPath` before v15.1.0.',
      },
      cpuRequest: [
        {
          until: 'v15.0.0',
          type: 'string',
          description: 'CPU request of each job or service pod, in Kubernetes notation. Defaults to `250m`.',
        },
        {
          since: 'v15.0.0',
          type: 'string',
          description: 'CPU request of each job or service pod, in Kubernetes notation. Defaults to `100m`.',
        },
      ],
      memoryRequest: {
        type: 'string',
        description: 'Memory request of each job or service pod, in Kubernetes notation. Defaults to `256Mi`.',
      },
      cpuLimit: {
        type: 'string',
        nullable: true,
        description: 'CPU limit of each job or service pod (e.g. `2`); null means no limit.',
      },
      memoryLimit: {
        type: 'string',
        nullable: true,
        description: 'Memory limit of each job or service pod (e.g. `4Gi`); null means no limit.',
      },
      alwaysPullImage: {
        type: 'boolean',
        description:
          'Whether images are always pulled (pull policy `Always`), so that another job on the ' +
          'same node cannot swap in a tampered image. Defaults to true.',
      },
    },
  },
  RegistryLogin: {
    kind: 'object',
    description: 'Credentials for one container registry.',
    fields: {
      registryUrl: {
        type: 'string',
        nullable: true,
        description:
          'Registry address; null means Docker Hub. For OneDev\'s built-in registry use the ' +
          'variable `@server_url@`.',
      },
      userName: {
        type: 'string',
        nullable: true,
        description:
          'User name at the registry. For the built-in registry `@job_token@` logs in as the ' +
          'running job. Expected to be set.',
      },
      password: {
        type: 'string',
        nullable: true,
        description:
          'Password or access token for the registry. Stored and returned as plain text. Expected to be set.',
      },
    },
  },
  NodeSelectorEntry: {
    kind: 'object',
    description: 'One node label a pod must be scheduled on.',
    fields: {
      labelName: { type: 'string', nullable: true, description: 'Node label name, e.g. `kubernetes.io/os`. Expected to be set.' },
      labelValue: { type: 'string', nullable: true, description: 'Required value of the label, e.g. `linux`. Expected to be set.' },
    },
  },
  ServiceLocator: {
    kind: 'object',
    description: 'Places the service pods of a job (databases, caches...) on particular nodes.',
    fields: {
      serviceNames: {
        type: 'string',
        nullable: true,
        description:
          'Space-separated service names this rule applies to; `*` and `?` are wildcards and a ' +
          'leading `-` excludes. Null matches every name.',
      },
      serviceImages: {
        type: 'string',
        nullable: true,
        description:
          'Space-separated image patterns this rule applies to, with path wildcards (`**`, `*`, ' +
          '`?`) and `-` to exclude. Null matches every image.',
      },
      nodeSelector: {
        type: { array: { ref: 'NodeSelectorEntry' } },
        description: 'Node labels the matching service pods must be scheduled on; the web UI asks for at least one.',
      },
    },
  },

  // ----- mail services -----
  MailService: {
    until: 'v13.0.8',
    kind: 'family',
    description:
      'How OneDev sends notification mail and, optionally, reads replies from an inbox. The ' +
      'server answers 204 to a read while no mail service is configured.',
    discriminator: '@type',
    members: ['SmtpImapMailService', 'Office365MailService', 'GmailMailService'],
  },
  SmtpImapMailService: {
    until: 'v13.0.8',
    kind: 'object',
    description: 'Sends mail through an SMTP server and, optionally, reads incoming mail over IMAP.',
    discriminator: { property: '@type', value: 'SmtpImapMailService' },
    fields: {
      smtpHost: { type: 'string', nullable: true, description: 'Host name of the SMTP server. Expected to be set.' },
      sslSetting: {
        type: { ref: 'SmtpSslSetting' },
        description: 'How the SMTP connection is secured, with its port. New settings start with STARTTLS on port 587.',
      },
      smtpUser: { type: 'string', nullable: true, description: 'SMTP user name; null sends without authentication.' },
      smtpPassword: {
        type: 'string',
        nullable: true,
        description: 'SMTP password. Stored and returned as plain text.',
      },
      systemAddress: systemAddressField,
      inboxPollSetting: {
        type: { ref: 'SmtpImapInboxPollSetting' },
        nullable: true,
        description: 'IMAP inbox to check for replies; null turns incoming mail off.',
      },
      timeout: mailTimeoutField,
    },
  },
  SmtpImapInboxPollSetting: {
    kind: 'object',
    description:
      'The IMAP inbox an SMTP/IMAP mail service checks for incoming mail. Sub-addressing must work ' +
      'for the system address, since OneDev uses it to tell conversations apart.',
    fields: {
      imapHost: { type: 'string', nullable: true, description: 'Host name of the IMAP server. Expected to be set.' },
      sslSetting: {
        type: { ref: 'ImapSslSetting' },
        description: 'How the IMAP connection is secured, with its port. New settings start with implicit TLS on port 993.',
      },
      imapUser: {
        type: 'string',
        nullable: true,
        description: 'IMAP user name; this account must receive the mail sent to the system address. Expected to be set.',
      },
      imapPassword: {
        type: 'string',
        nullable: true,
        description: 'IMAP password. Stored and returned as plain text. Expected to be set.',
      },
      pollInterval: pollIntervalField,
    },
  },
  SmtpSslSetting: {
    kind: 'family',
    description: 'Transport security of the SMTP connection, each variant with its port.',
    discriminator: '@type',
    members: ['SmtpExplicitSsl', 'SmtpImplicitSsl', 'SmtpWithoutSsl'],
  },
  SmtpExplicitSsl: {
    kind: 'object',
    description: 'Plain connection upgraded with STARTTLS.',
    discriminator: { property: '@type', value: 'SmtpExplicitSsl' },
    fields: {
      trustAll: trustAllField,
      port: { type: 'int32', description: 'SMTP port. Defaults to 587.' },
    },
  },
  SmtpImplicitSsl: {
    kind: 'object',
    description: 'TLS from the first byte (SMTPS).',
    discriminator: { property: '@type', value: 'SmtpImplicitSsl' },
    fields: {
      trustAll: trustAllField,
      port: { type: 'int32', description: 'SMTP port. Defaults to 465.' },
    },
  },
  SmtpWithoutSsl: {
    kind: 'object',
    description: 'Unencrypted SMTP.',
    discriminator: { property: '@type', value: 'SmtpWithoutSsl' },
    fields: {
      port: { type: 'int32', description: 'SMTP port. Defaults to 25.' },
    },
  },
  ImapSslSetting: {
    kind: 'family',
    description: 'Transport security of the IMAP connection, each variant with its port.',
    discriminator: '@type',
    members: ['ImapImplicitSsl', 'ImapExplicitSsl', 'ImapWithoutSsl'],
  },
  ImapImplicitSsl: {
    kind: 'object',
    description: 'TLS from the first byte (IMAPS).',
    discriminator: { property: '@type', value: 'ImapImplicitSsl' },
    fields: {
      trustAll: trustAllField,
      port: { type: 'int32', description: 'IMAP port. Defaults to 993.' },
    },
  },
  ImapExplicitSsl: {
    kind: 'object',
    description: 'Plain connection upgraded with STARTTLS.',
    discriminator: { property: '@type', value: 'ImapExplicitSsl' },
    fields: {
      trustAll: trustAllField,
      port: { type: 'int32', description: 'IMAP port. Defaults to 143.' },
    },
  },
  ImapWithoutSsl: {
    kind: 'object',
    description: 'Unencrypted IMAP.',
    discriminator: { property: '@type', value: 'ImapWithoutSsl' },
    fields: {
      port: { type: 'int32', description: 'IMAP port. Defaults to 143.' },
    },
  },
  Office365MailService: {
    until: 'v13.0.8',
    kind: 'object',
    description:
      'Sends and reads mail through Microsoft 365 with OAuth, using an application registered in ' +
      'Microsoft Entra ID.',
    discriminator: { property: '@type', value: 'Office365MailService' },
    fields: {
      clientId: {
        type: 'string',
        nullable: true,
        description: 'Application (client) id of the app registered in Entra ID. Expected to be set.',
      },
      tenantId: {
        type: 'string',
        nullable: true,
        description: 'Directory (tenant) id of the app registered in Entra ID. Expected to be set.',
      },
      clientSecret: {
        type: 'string',
        nullable: true,
        description: 'Client secret of that app. Stored and returned as plain text. Expected to be set.',
      },
      userPrincipalName: {
        type: 'string',
        nullable: true,
        description:
          'Account that sends and receives the mail, e.g. `onedev@example.onmicrosoft.com`; it ' +
          'must own the registered app. Expected to be set.',
      },
      refreshToken: {
        type: 'string',
        nullable: true,
        description:
          'Long-lived OAuth refresh token of that account, from which access tokens are made. ' +
          'Generate it again after changing the ids, the secret or the account. The server may ' +
          'replace it by itself when the provider rotates it. Expected to be set.',
      },
      systemAddress: systemAddressField,
      inboxPollSetting: {
        type: { ref: 'Office365InboxPollSetting' },
        nullable: true,
        description: 'Whether and how often the account\'s inbox is checked for replies; null turns incoming mail off.',
      },
      timeout: mailTimeoutField,
    },
  },
  Office365InboxPollSetting: {
    kind: 'object',
    description: 'Incoming-mail check of a Microsoft 365 mail service.',
    fields: { pollInterval: pollIntervalField },
  },
  GmailMailService: {
    until: 'v13.0.8',
    kind: 'object',
    description: 'Sends and reads mail through Gmail with OAuth, using a client registered in Google Cloud.',
    discriminator: { property: '@type', value: 'GmailMailService' },
    fields: {
      clientId: {
        type: 'string',
        nullable: true,
        description: 'OAuth client id of this OneDev instance in Google Cloud. Expected to be set.',
      },
      clientSecret: {
        type: 'string',
        nullable: true,
        description: 'OAuth client secret. Stored and returned as plain text. Expected to be set.',
      },
      accountName: {
        type: 'string',
        nullable: true,
        description: 'Gmail account that sends and receives the mail, e.g. `ci@example.com`. Expected to be set.',
      },
      refreshToken: {
        type: 'string',
        nullable: true,
        description:
          'Long-lived OAuth refresh token of that account, from which access tokens are made. ' +
          'Generate it again after changing the client or the account. The server may replace it ' +
          'by itself when Google rotates it. Expected to be set.',
      },
      systemAddress: {
        ...systemAddressField,
        description:
          'Primary or alias address of the Gmail account, used as sender of notifications and, ' +
          'when incoming mail is checked, as the address replies go to. Expected to be set.',
      },
      inboxPollSetting: {
        type: { ref: 'GmailInboxPollSetting' },
        nullable: true,
        description: 'Whether and how often the account\'s inbox is checked for replies; null turns incoming mail off.',
      },
      timeout: mailTimeoutField,
    },
  },
  GmailInboxPollSetting: {
    kind: 'object',
    description: 'Incoming-mail check of a Gmail mail service.',
    fields: { pollInterval: pollIntervalField },
  },

  // ----- SSO connectors -----
  SsoConnector: {
    until: 'v12.0.9',
    kind: 'family',
    description:
      'A single-sign-on provider offered on the login page. Users signing in through it are ' +
      'created or matched in OneDev from the identity the provider returns.',
    discriminator: '@type',
    members: ['OpenIdConnector', 'GitHubConnector', 'EntraIdConnector', 'TwitchConnector', 'DiscordConnector'],
  },
  OpenIdConnector: {
    until: 'v12.0.9',
    kind: 'object',
    description: 'Any OpenID Connect provider (Okta, Keycloak, Google...), configured through its discovery document.',
    discriminator: { property: '@type', value: 'OpenIdConnector' },
    fields: openIdFields,
  },
  GitHubConnector: {
    until: 'v12.0.9',
    kind: 'object',
    description:
      'Sign-in with GitHub accounts through a GitHub OAuth app. Endpoints, scopes and button image ' +
      'are fixed in code; only the name, client credentials and default group matter. The ' +
      'connector is named `GitHub` unless told otherwise.',
    discriminator: { property: '@type', value: 'GitHubConnector' },
    fields: presetOpenIdFields('GitHub'),
  },
  EntraIdConnector: {
    until: 'v12.0.9',
    kind: 'object',
    description:
      'Sign-in with Microsoft Entra ID (Azure AD) accounts. The discovery URL is derived from ' +
      '`tenantId` and the scopes are fixed; the connector is named `EntraID` unless told otherwise.',
    discriminator: { property: '@type', value: 'EntraIdConnector' },
    fields: {
      ...presetOpenIdFields('Entra ID'),
      groupsClaim: {
        ...openIdFields.groupsClaim,
        description:
          'Kept from the OpenID base type; normally null. Not used for Entra ID: `retrieveGroups` decides instead.',
      },
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
    until: 'v12.0.9',
    kind: 'object',
    description:
      'Sign-in with twitch.tv accounts. Endpoints, scopes and button image are fixed in code; the ' +
      'connector is named `Twitch` unless told otherwise.',
    discriminator: { property: '@type', value: 'TwitchConnector' },
    fields: presetOpenIdFields('Twitch'),
  },
  DiscordConnector: {
    until: 'v12.0.9',
    kind: 'object',
    description:
      'Sign-in with discord.com accounts through a Discord OAuth2 application, optionally limited ' +
      'to members of one Discord server. Named `Discord` unless told otherwise.',
    discriminator: { property: '@type', value: 'DiscordConnector' },
    fields: {
      ...ssoBaseFields,
      clientId: { type: 'string', nullable: true, description: 'OAuth2 client id of the Discord application. Expected to be set.' },
      clientSecret: {
        type: 'string',
        nullable: true,
        description: 'OAuth2 client secret of the Discord application. Stored and returned as plain text. Expected to be set.',
      },
      serverId: {
        type: 'string',
        nullable: true,
        description: 'Id of a Discord server (guild); when set, only its members may sign in. Null lets any Discord user in.',
      },
    },
  },

  // ----- contributed settings -----
  ContributedSettings: {
    kind: 'alias',
    description:
      'Administration settings contributed by installed plugins, one object per setting class. ' +
      'A set operation replaces the whole collection. A stock server has no such plugins, reads ' +
      'as an empty list and accepts only an empty list.',
    type: { array: { ref: 'ContributedAdministrationSetting' } },
  },
  ContributedAdministrationSetting: {
    kind: 'object',
    open: true,
    description:
      'One plugin-defined setting object: `@type` with the simple class name of the plugin\'s ' +
      'setting class, followed by that class\'s own properties (not described here: they depend on ' +
      'the plugin). A `@type` no installed plugin registers is refused with 400; the plugins a ' +
      'stock server ships register none.',
    discriminator: { property: '@type' },
    fields: {},
  },
};
