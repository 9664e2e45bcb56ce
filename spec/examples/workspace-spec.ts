import type { ExampleTable } from '../model.js';

/**
 * Workspace specs (v15.0.0 until v16.0.0, where Get Forks shows the stored Project record): the
 * `node-dev` spec, which robin/webapp (the fork of acme/webapp) carries; the Workspace examples of
 * later releases name a spec of that name.
 */

const bashShell = {
  '@type': 'CustomLinuxShell',
  shell: 'bash',
  setupCommands: 'npm ci',
};

const npmToken = { name: 'NPM_TOKEN', secret: true, value: null, secretValue: 'npm_Zq8rT1vLx4Kd9WmB2pHy' };
const nodeEnv = { name: 'NODE_ENV', secret: false, value: 'development', secretValue: null };
const npmrc = { path: '/root/.npmrc', content: '//registry.npmjs.org/:_authToken=${NPM_TOKEN}\n' };
const devServer = { name: 'Dev server', command: 'npm run dev' };
const editorConfig = { key: 'editor-config', paths: ['/root/.config/nvim'], changeDetectionExcludes: null };
const npmCache = {
  key: 'npm',
  checksumFiles: 'package-lock.json',
  paths: ['/root/.npm'],
  uploadStrategy: 'UPLOAD_IF_NOT_EXACT_MATCH',
  changeDetectionExcludes: null,
  uploadProjectPath: null,
  uploadAccessToken: null,
};
const builtInRegistry = { registryUrl: '@server_url@', userName: '@workspace_token@', password: 'x7Qm2Lr9TbV4kZp1sWc8NfYh3JdG6uEa0oRiKtMn' };

/** The spec as stored; `description` came with v15.1.6 (see WORKSPACE_SPEC_CHANGES). */
export const nodeDevSpec = {
  name: 'node-dev',
  provisioner: null,
  runInContainer: true,
  image: 'node:22-bookworm',
  shell: bashShell,
  envVars: [nodeEnv, npmToken],
  configFiles: [npmrc],
  shortcutConfigs: [devServer],
  userDatas: [editorConfig],
  cacheConfigs: [npmCache],
  retrieveLfs: false,
  runAs: '0:0',
  containerPorts: [5173],
  registryLogins: [builtInRegistry],
};
export const nodeDevSpecV15_1_6 = { ...nodeDevSpec, description: 'Node 22 with the dev server on port 5173.' };

export const workspaceSpecExamples: ExampleTable = {
  WorkspaceSpec: {
    since: 'v15.0.0',
    until: 'v16.0.0',
    summary: 'Spec node-dev: Node 22 in a container, with an npm cache',
    value: nodeDevSpec,
    changes: [{ since: 'v15.1.6', set: { description: nodeDevSpecV15_1_6.description } }],
  },
  WorkspaceDefaultShell: {
    since: 'v15.0.0',
    until: 'v16.0.0',
    summary: 'The platform\'s shell, installing dependencies first',
    value: { '@type': 'DefaultShell', setupCommands: 'npm ci' },
  },
  WorkspaceCustomLinuxShell: {
    since: 'v15.0.0',
    until: 'v16.0.0',
    summary: 'Bash, installing dependencies first',
    value: bashShell,
  },
  WorkspacePowerShell: {
    since: 'v15.0.0',
    until: 'v16.0.0',
    summary: 'PowerShell 7 without setup commands',
    value: { '@type': 'PowerShell', powershell: 'pwsh', setupCommands: null },
  },
  WorkspaceEnvVar: { since: 'v15.0.0', until: 'v16.0.0', summary: 'A secret variable', value: npmToken },
  WorkspaceConfigFile: { since: 'v15.0.0', until: 'v16.0.0', summary: 'An npm configuration file', value: npmrc },
  WorkspaceShortcutConfig: { since: 'v15.0.0', until: 'v16.0.0', summary: 'Start the dev server', value: devServer },
  WorkspaceUserData: { since: 'v15.0.0', until: 'v16.0.0', summary: 'Editor configuration kept per user', value: editorConfig },
  WorkspaceCacheConfig: { since: 'v15.0.0', until: 'v16.0.0', summary: 'The npm cache, keyed by the lock file', value: npmCache },
  WorkspaceRegistryLogin: {
    since: 'v15.0.0',
    until: 'v16.0.0',
    summary: 'Login to OneDev\'s built-in registry',
    value: builtInRegistry,
  },
};
