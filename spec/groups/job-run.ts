import type { EffectValue, GroupSpec, RecordAt } from '../model.js';
import { missingProject, missingRow } from './row-refusals.js';

/**
 * The Job Run group, read from OneDev's JobRunResource at each tag. The routes and bodies did not
 * change from v11.11.0 to v16.5.6. What did change is how refusals are answered: the checks the
 * resource makes itself (and job parameter checks) throw validation exceptions, and a body that
 * breaks its own rules fails bean validation; spec/responses.ts (VALIDATION_FAILURES) has how each
 * release answers both.
 */

const RUN_JOB =
  'Users with the "run job" privilege for this job in the project (through a role, a group, a ' +
  'default role or the access token\'s own roles), or an administrator.';

/** What submitting a job writes into its build (Run Build and Rebuild alike). */
const SUBMITTED: Readonly<Record<string, EffectValue>> = {
  submitterId: { caller: 'id' },
  submitDate: { now: true },
  status: { const: 'WAITING' },
  submitReason: { bodyField: 'reason' },
  cancellerId: { unset: true },
};

/** A rebuild starts the build over: the dates and agent of its previous run are cleared. */
const RESUBMITTED: Readonly<Record<string, EffectValue>> = {
  ...SUBMITTED,
  pendingDate: { unset: true },
  runningDate: { unset: true },
  finishDate: { unset: true },
  retryDate: { unset: true },
  agentId: { unset: true },
};

/** Rebuild names its build in the body. */
const REBUILT: RecordAt = { where: { id: { bodyField: 'buildId' } } };

export const jobRunGroup: GroupSpec = {
  name: 'Job Run',
  description:
    'Running CI/CD jobs with the caller\'s own credentials: start a job on a commit or on a pull ' +
    'request\'s merge preview, run a finished build again, or cancel a build. Builds are then read ' +
    'with the Build group (poll Get Build until `status` is final), their logs with the Build Log ' +
    'Stream group and their artifacts with the Artifact group.',
  operations: [
    {
      name: 'Run Build',
      method: 'POST',
      path: '/job-runs',
      description:
        'Submits a job to run. For `JobRunOnCommit` the commit must be reachable from `refName`, ' +
        'which must start with `refs/`; for `JobRunOnPullRequest` the pull request\'s merge preview ' +
        'must be ready and free of conflicts. If a build of the same job, commit, ref and ' +
        'parameters exists, no new build is made: its id is answered, and a finished one is run ' +
        'again under the same id. Jobs it depends on are submitted as well. A missing or invalid ' +
        'property is refused (a validation failure); so are the checks above and job parameters ' +
        'that do not match the job\'s declarations (a validation failure of the server\'s own ' +
        'check). A job the build spec lacks is refused with 400; a commit without a build spec ' +
        'with 500.',
      permission: RUN_JOB,
      body: {
        kind: 'json',
        type: { ref: 'JobRun' },
        description: 'What to run; `@type` says whether it runs on a commit or on a pull request.',
        example: 'JobRunOnCommit',
      },
      success: {
        kind: 'id',
        description: 'The id (not number) of the build; follow it with Build\'s Get Build.',
      },
      errors: [400, 401, 403, 404, 500, 'validation', 'validation-check'],
      // A JobRunOnCommit names its project, a JobRunOnPullRequest its request; the project, ref
      // and commit of a request's build come from its merge preview, beyond the steps.
      effect: {
        changes: [{ create: 'Build', values: { ...SUBMITTED, submitSequence: { const: 1 }, requestId: { bodyField: 'pullRequestId' } } }],
        refuses: [...missingProject('projectId'), missingRow('PullRequest', 'pullRequestId')],
      },
    },
    {
      name: 'Rebuild',
      method: 'POST',
      path: '/job-runs/rebuild',
      description:
        'Runs a finished build again under the same id: its `submitSequence` goes up and its ' +
        'status starts over. Depending on the job\'s settings, builds it depends on and builds ' +
        'that depend on it are run again too. A build that has not finished is left as it is. ' +
        'A missing `buildId` or `reason` is refused (a validation failure).',
      permission: RUN_JOB,
      body: {
        kind: 'json',
        type: { ref: 'JobRerun' },
        description: 'The build to run again and why.',
        example: 'JobRerun',
      },
      success: { kind: 'empty', description: 'The build was submitted again (or had not finished).' },
      errors: [400, 401, 403, 404, 500, 'validation'],
      // The server does this only to a finished build; a step cannot say so.
      effect: {
        changes: [
          { set: 'Build', at: REBUILT, values: RESUBMITTED },
          { count: 'Build', at: REBUILT, property: 'submitSequence', by: 1 },
        ],
        refuses: [missingRow('Build', 'buildId')],
      },
    },
    {
      name: 'Cancel Build',
      method: 'DELETE',
      path: '/job-runs/{buildId}',
      description:
        'Cancels a build that is waiting, pending or running; the caller is recorded as its ' +
        'canceller and its status becomes `CANCELLED` shortly after. A finished build is left as ' +
        'it is. The build is not deleted: use Build\'s Delete Build for that.',
      permission: RUN_JOB,
      parameters: ['buildId'],
      success: { kind: 'empty', description: 'The build was cancelled (or had already finished).' },
      errors: [401, 403, 404],
      // What the build shows once the job has stopped (the recorded read right after still showed
      // it running); the server leaves a finished build as it is, which a step cannot say.
      effect: {
        changes: [{ set: 'Build', at: { param: 'buildId' }, values: { status: { const: 'CANCELLED' }, cancellerId: { caller: 'id' } } }],
      },
    },
  ],
};
