import type { GroupSpec } from '../model.js';

const ACCESS =
  'Anyone allowed to see builds of this job in the build\'s project (the "access build" job ' +
  'privilege, granted by the project\'s roles or by anonymous access), or an administrator.';

export const buildGroup: GroupSpec = {
  name: 'Build',
  description:
    'CI/CD builds: one run of a job on a commit. Builds are addressed by id, which differs from ' +
    'the build number shown in the web UI; find the id with Query Basic Info and a query such as ' +
    '`"Number" is "path/to/project#100"` or `"Number" is "PROJECTKEY-100"`. Builds are read and ' +
    'deleted here; running jobs is not part of this group.',
  operations: [
    {
      name: 'Get Basic Info',
      method: 'GET',
      path: '/builds/{buildId}',
      description:
        'Reads one build: job, commit, status, timing and the ids of related records. Labels, ' +
        'parameters and dependencies are separate operations.',
      permission: ACCESS,
      parameters: ['buildId'],
      success: { kind: 'json', type: { ref: 'Build' }, description: 'The build.', example: 'Build' },
      errors: [401, 403, 404],
    },
    {
      name: 'Get Labels',
      method: 'GET',
      path: '/builds/{buildId}/labels',
      description: 'Lists the labels attached to a build; each names a label spec by id.',
      permission: ACCESS,
      parameters: ['buildId'],
      success: {
        kind: 'json',
        type: { array: { ref: 'BuildLabel' } },
        description: 'The labels, possibly none.',
        example: 'BuildLabelList',
      },
      errors: [401, 403, 404],
    },
    {
      name: 'Get Params',
      method: 'GET',
      path: '/builds/{buildId}/params',
      description:
        'Lists the job parameters the build ran with, one record per value. Values of secret ' +
        'parameters are replaced by `*****`.',
      permission: ACCESS,
      parameters: ['buildId'],
      success: {
        kind: 'json',
        type: { array: { ref: 'BuildParam' } },
        description: 'The parameter values, possibly none.',
        example: 'BuildParamList',
      },
      errors: [401, 403, 404],
    },
    {
      name: 'Get Dependencies',
      method: 'GET',
      path: '/builds/{buildId}/dependencies',
      description:
        'Lists the builds this build depends on (its `dependentId` is this build). Other builds ' +
        'are given by id only; the caller may lack access to some of them.',
      permission: ACCESS,
      parameters: ['buildId'],
      success: {
        kind: 'json',
        type: { array: { ref: 'BuildDependence' } },
        description: 'The dependency records, possibly none.',
        example: 'BuildDependenceList',
      },
      errors: [401, 403, 404],
    },
    {
      name: 'Get Dependents',
      method: 'GET',
      path: '/builds/{buildId}/dependents',
      description: 'Lists the builds that depend on this build (their `dependencyId` is this build).',
      permission: ACCESS,
      parameters: ['buildId'],
      success: {
        kind: 'json',
        type: { array: { ref: 'BuildDependence' } },
        description: 'The dependency records, possibly none.',
        example: 'BuildDependentList',
      },
      errors: [401, 403, 404],
    },
    {
      name: 'Get Fixed Issue Ids',
      method: 'GET',
      path: '/builds/{buildId}/fixed-issue-ids',
      description:
        'Lists the ids (not numbers) of issues that commit messages mark as fixed between the ' +
        'previous successful build of the same job stream and this build. Empty when there is ' +
        'no earlier successful build. The server walks Git history, so this can be slow.',
      permission: ACCESS,
      parameters: ['buildId'],
      success: {
        kind: 'json',
        type: { array: 'int64', uniqueItems: true },
        description: 'Issue ids, in no particular order.',
        example: 'BuildFixedIssueIds',
      },
      errors: [401, 403, 404],
    },
    {
      name: 'Query Basic Info',
      method: 'GET',
      path: '/builds',
      description:
        'Lists builds of all projects that match a query, one page at a time, ordered by the ' +
        'query\'s `order by` and then newest submission first. Builds the caller may not see ' +
        'are left out rather than refused.',
      permission:
        'Any caller (anonymous ones only when the server allows anonymous access); the page only ' +
        'holds builds the caller may access. Non-administrators may ask for at most 100 records.',
      parameters: ['buildQuery', 'offset', 'countLimitedForNonAdmins'],
      success: {
        kind: 'json',
        type: { array: { ref: 'Build' } },
        description: 'The page of builds, possibly empty.',
        example: 'BuildList',
      },
      errors: [400, 401],
    },
    {
      name: 'Delete',
      method: 'DELETE',
      path: '/builds/{buildId}',
      description:
        'Deletes a build together with its labels, parameters, dependency records and metrics, ' +
        'and also the packages it published. Its log and artifacts are removed from storage ' +
        'after the deletion commits.',
      permission: 'Users with the "manage job" privilege for this build\'s job in its project, or an administrator.',
      parameters: ['buildId'],
      success: { kind: 'empty', description: 'The build was deleted.' },
      errors: [401, 403, 404],
    },
  ],
};
