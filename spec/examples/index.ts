import type { ExampleTable } from '../model.js';
import { commonExamples } from './common.js';
import { pullRequestExamples } from './pull-request.js';
import { pullRequestRecordsExamples } from './pull-request-records.js';
import { buildExamples } from './build.js';
import { packageExamples } from './package.js';
import { labelSpecExamples } from './label-spec.js';
import { accessExamples } from './access.js';
import { issueRecordsExamples } from './issue-records.js';
import { settingsCoreExamples } from './settings-core.js';
import { settingsIssueExamples } from './settings-issue.js';
import { settingsExecutorsExamples } from './settings-executors.js';
import { sshKeyExamples } from './ssh-key.js';
import { userExamples } from './user.js';
import { accessTokenExamples } from './access-token.js';
import { ssoProviderExamples } from './sso-provider.js';
import { projectExamples } from './project.js';
import { repositoryExamples } from './repository.js';
import { workspaceExamples } from './workspace.js';
import { workspaceSpecExamples } from './workspace-spec.js';
import { issueExamples } from './issue.js';
import { codeCommentExamples } from './code-comment.js';
import { agentExamples } from './agent.js';
import { jobExamples } from './job.js';

/**
 * Every module's table; the builder rejects a name defined twice. The examples are one world, and
 * the mock serves them as its first records: a reference (`projectId`, `submitterId`,
 * `reviewerIds`, ...) names a record another example shows (the projects are in project.ts, the
 * accounts in user.ts) or one every server has (the root account, id 1).
 * test/spec/example-references.test.ts checks this at every published release.
 */
export const examplesModules: Record<string, ExampleTable> = {
  common: commonExamples,
  'pull-request': pullRequestExamples,
  'pull-request-records': pullRequestRecordsExamples,
  'build': buildExamples,
  'package': packageExamples,
  'label-spec': labelSpecExamples,
  'access': accessExamples,
  'issue-records': issueRecordsExamples,
  'settings-core': settingsCoreExamples,
  'settings-issue': settingsIssueExamples,
  'settings-executors': settingsExecutorsExamples,
  'ssh-key': sshKeyExamples,
  'user': userExamples,
  'access-token': accessTokenExamples,
  'sso-provider': ssoProviderExamples,
  'project': projectExamples,
  'repository': repositoryExamples,
  'workspace': workspaceExamples,
  'workspace-spec': workspaceSpecExamples,
  'issue': issueExamples,
  'code-comment': codeCommentExamples,
  'agent': agentExamples,
  'job': jobExamples,
};
