import type { ErrorUse, GroupSpec, OperationSpec } from '../model.js';

/**
 * The Trigger Job group, read from OneDev's TriggerJobResource at each tag. v12.0.2 made `branch`
 * and `tag` optional (the default branch is used without either); v12.0.9 refused bad parameters
 * with 406 instead of 400, and v13.0.10 refused an unknown ref with 406 instead of 400.
 */

const PERMISSION =
  'Whoever holds the access token in `access-token`: the token must be allowed to run this job ' +
  '(the "run job" privilege in the project, through its owner or its own project roles). The ' +
  'call itself needs no credentials; anonymous calls are accepted even where the server refuses ' +
  'other anonymous API calls. A refusal is 401 for a call without credentials, 403 for one with them.';

// 400: a missing or empty required parameter, an unknown job, and (until v12.0.9) the refusals
// listed in the description; 406 from v12.0.9; 500 for a missing build spec (and, before
// v13.0.7, invalid job parameters).
const ERRORS: readonly ErrorUse[] = [400, 401, 403, { status: 406, since: 'v12.0.9' }, 500];

const trigger: Omit<OperationSpec, 'name' | 'method'> = {
  path: '/trigger-job',
  description:
    'Runs a job of a project on the head of a branch or tag, with everything in the URL: meant ' +
    'for webhooks and tools that can only call a URL. The access token in the query both ' +
    'authenticates and authorizes the call. The answer is the id of the build: a new one, or the ' +
    'existing build of the same job, commit, ref and parameters; when that build has finished it ' +
    'is run again (same id, its `submitSequence` goes up). Follow the build with Build\'s Get ' +
    'Build and the Build Log Stream group. Refused: an unknown project path or token, both ' +
    '`branch` and `tag` (400; 406 from v12.0.9), a branch or tag that does not exist (400; 406 ' +
    'from v13.0.10), a job the build spec lacks (400), a commit without a build spec (500), and ' +
    'job parameters that do not match the job\'s declarations (500; 406 from v13.0.7; 400 from v15.1.0).',
  permission: PERMISSION,
  parameters: ['triggerProject', 'triggerBranch', 'triggerTag', 'triggerJob', 'triggerAccessToken', 'triggerJobParams'],
  success: { kind: 'id', description: 'The id (not number) of the triggered build.' },
  errors: ERRORS,
  credentials: 'none',
};

export const triggerJobGroup: GroupSpec = {
  name: 'Trigger Job',
  description:
    'Running a job by calling one URL: project, ref, job, job parameters and an access token are ' +
    'all query parameters, so no JSON body and no Authorization header are needed. The Job Run ' +
    'group does the same with a JSON body and the caller\'s own credentials, and can also build ' +
    'a particular commit or a pull request. GET and POST behave the same.',
  operations: [
    { ...trigger, name: 'Trigger Job Via Get', method: 'GET' },
    {
      ...trigger,
      name: 'Trigger Job Via Post',
      method: 'POST',
      description: `${trigger.description} A request body, if any, is ignored.`,
    },
  ],
};
