import type { Field, SchemaTable } from '../model.js';

/**
 * Workspace specs as the stored Project record carries them (`Project.workspaceSpecs`), read from
 * OneDev's model/support/workspace/spec/ classes. The REST API shows them only through Get Forks,
 * which wrote stored records from v15.0.0 (when workspaces came) until v16.0.0 (when it answered
 * ProjectData instead), so every schema here lives in that span. v15.1.6 added the spec's
 * `description`; nothing else changed on the wire in between.
 */

const SINCE = 'v15.0.0';
const UNTIL = 'v16.0.0';

/** `setupCommands`, which every shell has (WorkspaceShell's own field). */
const SETUP_COMMANDS: Field = {
  type: 'string',
  nullable: true,
  description:
    'Commands run once to prepare the workspace, from the directory holding the cloned ' +
    'repository, after caches and user data are restored and config files written; null for none.',
};

export const workspaceSpecSchemas: SchemaTable = {
  WorkspaceSpec: {
    since: SINCE,
    until: UNTIL,
    kind: 'object',
    description:
      'A workspace spec of a project: how OneDev provisions a development workspace (on the host ' +
      'or in a container), what it prepares in it, and what it keeps between workspaces.',
    fields: {
      name: { type: 'string', description: 'Name of the spec, unique in the project; workspaces refer to it as `specName`.' },
      description: {
        since: 'v15.1.6',
        type: 'string',
        nullable: true,
        description: 'What the spec is for, as free text; null when not given.',
      },
      provisioner: {
        type: 'string',
        nullable: true,
        description:
          'Name of the workspace provisioner (set up by an administrator) to use; null lets the ' +
          'server pick the first enabled one that applies to the project.',
      },
      runInContainer: { type: 'boolean', description: 'Whether the workspace runs inside a container (of `image`) rather than on the host.' },
      image: {
        type: 'string',
        nullable: true,
        description:
          'Container image to run the workspace in; it needs git, git-lfs, curl and tmux. Set when ' +
          '`runInContainer` is true, otherwise possibly null.',
      },
      shell: { type: { ref: 'WorkspaceShell' }, description: 'The shell of the workspace\'s terminals and setup commands.' },
      envVars: { type: { array: { ref: 'WorkspaceEnvVar' } }, description: 'Environment variables of the workspace, possibly none.' },
      configFiles: {
        type: { array: { ref: 'WorkspaceConfigFile' } },
        description: 'Files written into the container before setup (used when `runInContainer` is true), possibly none.',
      },
      shortcutConfigs: {
        type: { array: { ref: 'WorkspaceShortcutConfig' } },
        description: 'Commands offered at the top of the workspace page; the first is opened when the workspace starts.',
      },
      userDatas: {
        type: { array: { ref: 'WorkspaceUserData' } },
        description:
          'Directories kept per user across workspaces (used when `runInContainer` is true): saved ' +
          'when a workspace is deleted, restored into the next one of the same user.',
      },
      cacheConfigs: {
        type: { array: { ref: 'WorkspaceCacheConfig' } },
        description: 'Caches restored into the workspace and uploaded again when it is deleted, possibly none.',
      },
      retrieveLfs: { type: 'boolean', description: 'Whether Git LFS files are fetched along with the repository.' },
      runAs: {
        type: 'string',
        nullable: true,
        description: 'User and group ids the container runs as, `<uid>:<gid>` (new specs start with `0:0`); used when `runInContainer` is true.',
      },
      containerPorts: {
        type: { array: 'int32' },
        description: 'Container ports to expose; each is mapped to a random host port shown on the workspace page.',
      },
      registryLogins: {
        type: { array: { ref: 'WorkspaceRegistryLogin' } },
        description: 'Registry credentials that take precedence over the provisioner\'s for pulling `image`, possibly none.',
      },
    },
  },
  WorkspaceShell: {
    since: SINCE,
    until: UNTIL,
    kind: 'family',
    description: 'The shell a workspace runs its terminals and setup commands with.',
    discriminator: '@type',
    members: ['WorkspaceDefaultShell', 'WorkspaceCustomLinuxShell', 'WorkspacePowerShell'],
  },
  WorkspaceDefaultShell: {
    since: SINCE,
    until: UNTIL,
    kind: 'object',
    description: 'The platform\'s own shell: `sh` on Linux, the batch interpreter on Windows.',
    discriminator: { property: '@type', value: 'DefaultShell' },
    fields: { setupCommands: SETUP_COMMANDS },
  },
  WorkspaceCustomLinuxShell: {
    since: SINCE,
    until: UNTIL,
    kind: 'object',
    description: 'A shell executable of your choice on Linux.',
    discriminator: { property: '@type', value: 'CustomLinuxShell' },
    fields: {
      shell: { type: 'string', description: 'The shell executable, e.g. `bash` (the default) or `zsh`.' },
      setupCommands: SETUP_COMMANDS,
    },
  },
  WorkspacePowerShell: {
    since: SINCE,
    until: UNTIL,
    kind: 'object',
    description: 'PowerShell.',
    discriminator: { property: '@type', value: 'PowerShell' },
    fields: {
      powershell: { type: 'string', description: 'The PowerShell executable, e.g. `powershell.exe` (the default) or `pwsh`.' },
      setupCommands: SETUP_COMMANDS,
    },
  },
  WorkspaceEnvVar: {
    since: SINCE,
    until: UNTIL,
    kind: 'object',
    description: 'An environment variable of a workspace, with a plain or a secret value.',
    fields: {
      name: { type: 'string', description: 'Name of the variable.' },
      secret: { type: 'boolean', description: 'Whether the value is secret: then it is in `secretValue`, and `value` is not used.' },
      value: { type: 'string', nullable: true, description: 'The value when `secret` is false; otherwise possibly null.' },
      secretValue: {
        type: 'string',
        nullable: true,
        description: 'The value when `secret` is true, in clear text as stored; otherwise possibly null.',
      },
    },
  },
  WorkspaceConfigFile: {
    since: SINCE,
    until: UNTIL,
    kind: 'object',
    description: 'A file written into a workspace\'s container before its setup commands run.',
    fields: {
      path: { type: 'string', description: 'Absolute path of the file in the container.' },
      content: { type: 'string', description: 'What the file holds; `@...@` variables in it are filled in.' },
    },
  },
  WorkspaceShortcutConfig: {
    since: SINCE,
    until: UNTIL,
    kind: 'object',
    description: 'A named command offered on the workspace page.',
    fields: {
      name: { type: 'string', description: 'Label of the shortcut.' },
      command: { type: 'string', description: 'Command run in a terminal of the workspace when the shortcut is opened.' },
    },
  },
  WorkspaceUserData: {
    since: SINCE,
    until: UNTIL,
    kind: 'object',
    description: 'Directories of one user kept across that user\'s workspaces, whatever the project.',
    fields: {
      key: { type: 'string', description: 'Identifies the data: workspaces whose specs use the same key share it.' },
      paths: { type: { array: 'string' }, description: 'Absolute paths of the directories to keep (1 to 100).' },
      changeDetectionExcludes: {
        type: 'string',
        nullable: true,
        description:
          'Files under the paths whose changes do not count as a change (wildcards `*`, `**`, `?`; ' +
          'separated by spaces); null for none.',
      },
    },
  },
  WorkspaceCacheConfig: {
    since: SINCE,
    until: UNTIL,
    kind: 'object',
    description:
      'A cache of a workspace: looked up by key in the project and then its ancestors, restored ' +
      'when the workspace starts, and uploaded after the workspace is deleted as `uploadStrategy` says.',
    fields: {
      key: { type: 'string', description: 'Cache key; with the checksum of `checksumFiles` it identifies the cache.' },
      checksumFiles: {
        type: 'string',
        nullable: true,
        description:
          'Files (lock files, for instance) whose checksum is part of the cache\'s identity; ' +
          'wildcards allowed, separated by spaces. Null means an empty checksum.',
      },
      paths: {
        type: { array: 'string' },
        description: 'Directories to cache (1 to 100), relative to the workspace\'s working directory unless absolute (absolute only in a container).',
      },
      uploadStrategy: {
        // An enum of OneDev's k8shelper library; these are its constants the server's editor offers.
        type: { enum: ['UPLOAD_IF_NOT_EXACT_MATCH', 'UPLOAD_IF_CHANGED'] },
        description:
          'When to upload: `UPLOAD_IF_NOT_EXACT_MATCH` (the default) when no cache matched both key ' +
          'and checksum, `UPLOAD_IF_CHANGED` when files under the paths changed.',
      },
      changeDetectionExcludes: {
        type: 'string',
        nullable: true,
        description: 'With `UPLOAD_IF_CHANGED`: files under the paths whose changes are ignored (wildcards, separated by spaces); null for none.',
      },
      uploadProjectPath: {
        type: 'string',
        nullable: true,
        description: 'Path of the project the cache is uploaded to; null for the workspace\'s own project.',
      },
      uploadAccessToken: {
        type: 'string',
        nullable: true,
        description: 'Access token allowed to upload caches to `uploadProjectPath`, in clear text; null when uploading to the own project.',
      },
    },
  },
  WorkspaceRegistryLogin: {
    since: SINCE,
    until: UNTIL,
    kind: 'object',
    description: 'Credentials for one container registry, used when pulling a workspace\'s image.',
    fields: {
      registryUrl: {
        type: 'string',
        nullable: true,
        description: 'Registry address; null means Docker Hub. For OneDev\'s built-in registry use the variable `@server_url@`.',
      },
      userName: {
        type: 'string',
        description: 'User name at the registry. For the built-in registry `@workspace_token@`, with an access token as the password.',
      },
      password: { type: 'string', description: 'Password or access token for the registry, in clear text as stored.' },
    },
  },
};
