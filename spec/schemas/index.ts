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
};
