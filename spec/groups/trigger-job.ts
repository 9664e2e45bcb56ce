import type { EffectSpec, ErrorUse, GroupSpec, Lifespan, OperationSpec, ReleaseText } from '../model.js';

/**
 * The Trigger Job group, read from OneDev's TriggerJobResource at each tag. v12.0.2 made `branch`
 * and `tag` optional (the default branch is used without either); v12.0.9 refused bad parameters
 * with 406 instead of 400, and v13.0.10 refused an unknown ref with 406 instead of 400.
 */

// The resource binds the token's identity to the thread, checks it, and unbinds the thread's
// identity in a `finally` block; the refusal is mapped afterwards, for a caller that looks anonymous.
const PERMISSION =
  'Whoever holds the access token in `access-token`: the token must be allowed to run this job ' +
  '(the "run job" privilege in the project, through its owner or its own project roles). The ' +
  'call itself needs no credentials; anonymous calls are accepted even where the server refuses ' +
  'other anonymous API calls. A token that may not run the job gets 401 with the text body ' +
  '`Not authorized`, never 403, even when the request also carries valid credentials: the ' +
  'server checks the token under the token\'s identity, then clears the thread\'s identity (the ' +
  'request\'s own included) before it turns the refusal into an answer, which it therefore ' +
  'gives as to an anonymous caller.';

// 400: an unknown job, and (until v12.0.9) the refusals listed in the description; 406 from
// v12.0.9; 500 for a missing build spec. `@NotEmpty` on `project`, `job` and `access-token`
// (validation); job parameters the job does not declare fail the server's own check.
const ERRORS: readonly ErrorUse[] = [400, 401, { status: 406, since: 'v12.0.9' }, 500, 'validation', 'validation-check'];

/** What the operation does, before its refusals. */
const WHAT =
  'Runs a job of a project on the head of a branch or tag, with everything in the URL: meant ' +
  'for webhooks and tools that can only call a URL. The access token in the query both ' +
  'authenticates and authorizes the call. The answer is the id of the build: a new one, or the ' +
  'existing build of the same job, commit, ref and parameters; when that build has finished it ' +
  'is run again (same id, its `submitSequence` goes up). Follow the build with Build\'s Get ' +
  'Build and the Build Log Stream group.';
const OTHER_REFUSALS =
  'a commit without a build spec is refused with 500, and job parameters that do not match the ' +
  'job\'s declarations as a validation failure of the server\'s check. An empty `project`, `job` ' +
  'or `access-token` is refused as a validation failure.';
// An unknown project or token and both refs get the bad-query-parameter status at every tag (400,
// 406 from v12.0.9); a missing ref got 400 until v13.0.10, so it differs from them in between.
const REFUSED_AS_PARAMETERS =
  `${WHAT} Refused as bad query parameters: an unknown project path or token, both \`branch\` and ` +
  `\`tag\`, and a branch or tag that does not exist. A job the build spec lacks is refused with 400; ${OTHER_REFUSALS}`;
const DESCRIPTION: readonly ReleaseText[] = [
  { value: REFUSED_AS_PARAMETERS, until: 'v12.0.9' },
  {
    value:
      `${WHAT} Refused as bad query parameters: an unknown project path or token, and both ` +
      `\`branch\` and \`tag\`. Refused with 400: a branch or tag that does not exist, and a job the ` +
      `build spec lacks; ${OTHER_REFUSALS}`,
    since: 'v12.0.9',
    until: 'v13.0.10',
  },
  { value: REFUSED_AS_PARAMETERS, since: 'v13.0.10' },
];

/** The build a trigger makes, of the project the query names by path, at its branch or tag, running its job. */
function triggered(project: 'Project' | 'ProjectData', span: Lifespan): EffectSpec {
  return {
    ...span,
    changes: [
      {
        create: 'Build',
        values: {
          submitDate: { now: true },
          status: { const: 'WAITING' },
          submitSequence: { const: 1 },
          submitReason: { const: 'Triggered via restful api' },
          projectId: { idOf: project, by: 'path', value: { query: 'project' } },
          refName: { firstOf: [{ query: 'branch', prefix: 'refs/heads/' }, { query: 'tag', prefix: 'refs/tags/' }] },
          jobName: { query: 'job' },
        },
      },
    ],
  };
}

const trigger: Omit<OperationSpec, 'name' | 'method'> = {
  path: '/trigger-job',
  description: DESCRIPTION,
  permission: PERMISSION,
  parameters: ['triggerProject', 'triggerBranch', 'triggerTag', 'triggerJob', 'triggerAccessToken', 'triggerJobParams'],
  success: { kind: 'id', description: 'The id (not number) of the triggered build.' },
  errors: ERRORS,
  credentials: 'none',
  // A GET that writes: both methods make the build. The submitter is the token's owner, whom the
  // mock cannot tell from the token.
  effect: [triggered('Project', { until: 'v12.0.0' }), triggered('ProjectData', { since: 'v12.0.0' })],
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
      // TriggerJobResource consumes any media type: nothing is refused for its Content-Type.
      consumes: 'any',
      description: DESCRIPTION.map((text) => ({ ...text, value: `${text.value} A request body, if any, is ignored.` })),
    },
  ],
};
