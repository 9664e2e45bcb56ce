import type { SchemaTable } from '../model.js';
import { pullRequestSchemas } from './pull-request.js';
import { pullRequestRecordsSchemas } from './pull-request-records.js';
import { buildSchemas } from './build.js';
import { packageSchemas } from './package.js';
import { labelSpecSchemas } from './label-spec.js';
import { accessSchemas } from './access.js';
import { issueRecordsSchemas } from './issue-records.js';
import { settingsCoreSchemas } from './settings-core.js';
import { settingsIssueSchemas } from './settings-issue.js';
import { settingsExecutorsSchemas } from './settings-executors.js';
import { sshKeySchemas } from './ssh-key.js';
import { userSchemas } from './user.js';
import { accessTokenSchemas } from './access-token.js';
import { ssoProviderSchemas } from './sso-provider.js';
import { projectSchemas } from './project.js';
import { projectSettingsSchemas } from './project-settings.js';
import { repositorySchemas } from './repository.js';
import { workspaceSchemas } from './workspace.js';
import { workspaceSpecSchemas } from './workspace-spec.js';
import { issueSchemas } from './issue.js';
import { codeCommentSchemas } from './code-comment.js';
import { agentSchemas } from './agent.js';
import { jobSchemas } from './job.js';
import { errorSchemas } from './errors.js';

/** Every module's table; the builder rejects a name defined twice. */
export const schemasModules: Record<string, SchemaTable> = {
  'pull-request': pullRequestSchemas,
  'pull-request-records': pullRequestRecordsSchemas,
  'build': buildSchemas,
  'package': packageSchemas,
  'label-spec': labelSpecSchemas,
  'access': accessSchemas,
  'issue-records': issueRecordsSchemas,
  'settings-core': settingsCoreSchemas,
  'settings-issue': settingsIssueSchemas,
  'settings-executors': settingsExecutorsSchemas,
  'ssh-key': sshKeySchemas,
  'user': userSchemas,
  'access-token': accessTokenSchemas,
  'sso-provider': ssoProviderSchemas,
  'project': projectSchemas,
  'project-settings': projectSettingsSchemas,
  'repository': repositorySchemas,
  'workspace': workspaceSchemas,
  'workspace-spec': workspaceSpecSchemas,
  'issue': issueSchemas,
  'code-comment': codeCommentSchemas,
  'agent': agentSchemas,
  'job': jobSchemas,
  'errors': errorSchemas,
};
