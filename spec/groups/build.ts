import type { GroupSpec, OperationSpec } from '../model.js';

/**
 * The Build group, read from OneDev's BuildResource at each tag. v12.0.0 renamed three operations
 * (Get Basic Info, Query Basic Info, Delete), v12.0.4 added Set Description, and v16.1.0 let everyone
 * who can access a project read all of its builds (job privileges no longer hide builds).
 */

const ACCESS =
  'Anyone allowed to see builds of this job in the build\'s project (the "access build" job ' +
  'privilege, granted by the project\'s roles or by anonymous access), or an administrator.';

/** From v16.1.0 on. */
const ACCESS_PROJECT =
  'Anyone who can access the build\'s project (through a role, a group, a default role or ' +
  'anonymous access), or an administrator. Job privileges no longer limit who sees builds.';

const MANAGE_JOB = 'Users with the "manage job" privilege for this build\'s job in its project, or an administrator.';

const QUERY_PERMISSION =
  'Any caller (anonymous ones only when the server allows anonymous access); the page only ' +
  'holds builds the caller may access.';

// The five reads of one build's records. Each is listed twice below: with the job-based permission
// up to v16.1.0, and with the project-based one from then on.
const getBuild: OperationSpec = {
  name: [{ value: 'Get Basic Info', until: 'v12.0.0' }, { value: 'Get Build', since: 'v12.0.0' }],
  method: 'GET',
  path: '/builds/{buildId}',
  description:
    'Reads one build: job, commit, status, timing and the ids of related records. Labels, ' +
    'parameters and dependencies are separate operations.',
  permission: ACCESS,
  parameters: ['buildId'],
  success: { kind: 'json', type: { ref: 'Build' }, description: 'The build.', example: 'Build' },
  errors: [401, 403, 404],
};

const getLabels: OperationSpec = {
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
};

const getParams: OperationSpec = {
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
};

const getDependencies: OperationSpec = {
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
  lists: { fields: ['dependentId'] },
};

const getDependents: OperationSpec = {
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
  lists: { fields: ['dependencyId'] },
};

const getFixedIssueIds: OperationSpec = {
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
};

export const buildGroup: GroupSpec = {
  name: 'Build',
  description:
    'CI/CD builds: one run of a job on a commit. Builds are addressed by id, which differs from ' +
    'the build number shown in the web UI; find the id by querying `GET /builds` with the build\'s ' +
    'reference as the query, unquoted (`path/to/project#100` or `PROJECTKEY-100`). Builds are ' +
    'read and deleted here (and, from v12.0.4, given a description); running jobs is not part ' +
    'of this group.',
  operations: [
    { ...getBuild, until: 'v16.1.0' },
    { ...getBuild, name: 'Get Build', since: 'v16.1.0', permission: ACCESS_PROJECT },
    { ...getLabels, until: 'v16.1.0' },
    { ...getLabels, since: 'v16.1.0', permission: ACCESS_PROJECT },
    { ...getParams, until: 'v16.1.0' },
    { ...getParams, since: 'v16.1.0', permission: ACCESS_PROJECT },
    { ...getDependencies, until: 'v16.1.0' },
    { ...getDependencies, since: 'v16.1.0', permission: ACCESS_PROJECT },
    { ...getDependents, until: 'v16.1.0' },
    { ...getDependents, since: 'v16.1.0', permission: ACCESS_PROJECT },
    { ...getFixedIssueIds, until: 'v16.1.0' },
    { ...getFixedIssueIds, since: 'v16.1.0', permission: ACCESS_PROJECT },
    {
      name: 'Query Basic Info',
      until: 'v12.0.0',
      method: 'GET',
      path: '/builds',
      description:
        'Lists builds of all projects that match a query, one page at a time, ordered by the ' +
        'query\'s `order by` and then newest submission first. Builds the caller may not see ' +
        'are left out rather than refused.',
      permission: QUERY_PERMISSION,
      parameters: ['buildQuery', 'offset', 'countLimitedForNonAdmins'],
      success: {
        kind: 'json',
        type: { array: { ref: 'Build' } },
        description: 'The page of builds, possibly empty.',
        example: 'BuildList',
      },
      errors: [400, 401, 404],
    },
    {
      name: 'Query Builds',
      since: 'v12.0.0',
      until: 'v16.1.0',
      method: 'GET',
      path: '/builds',
      description:
        'Lists builds of all projects that match a query, one page at a time, ordered by the ' +
        'query\'s `order by` and then newest submission first. Builds the caller may not see ' +
        'are left out rather than refused. To turn a build number into an id, query its reference ' +
        'itself, unquoted (`path/to/project#100`).',
      permission: QUERY_PERMISSION,
      parameters: ['buildQuery', 'offset', 'countLimitedForNonAdmins'],
      success: {
        kind: 'json',
        type: { array: { ref: 'Build' } },
        description: 'The page of builds, possibly empty.',
        example: 'BuildList',
      },
      errors: [400, 401, 404],
    },
    {
      name: 'Query Builds',
      since: 'v16.1.0',
      method: 'GET',
      path: '/builds',
      description:
        'Lists builds of all projects that match a query, one page at a time, ordered by the ' +
        'query\'s `order by` and then newest submission first. The page holds builds of every ' +
        'job in the projects the caller can access; other builds are left out rather than ' +
        'refused. To turn a build number into an id, query its reference itself, unquoted ' +
        '(`path/to/project#100`).',
      permission:
        'Any caller (anonymous ones only when the server allows anonymous access); the page only ' +
        'holds builds of projects the caller can access.',
      parameters: ['buildQuery', 'offset', 'countLimitedForNonAdmins'],
      success: {
        kind: 'json',
        type: { array: { ref: 'Build' } },
        description: 'The page of builds, possibly empty.',
        example: 'BuildList',
      },
      errors: [401, 404],
    },
    {
      name: 'Set Description',
      since: 'v12.0.4',
      method: 'POST',
      path: '/builds/{buildId}/description',
      description:
        'Replaces the Markdown description of a build. The body is the new text itself, not a ' +
        'JSON string: quotes sent around it become part of the description. A change is ' +
        'recorded in the project\'s audit log; sending the current text again changes nothing.',
      permission: MANAGE_JOB,
      parameters: ['buildId'],
      body: {
        kind: 'raw-text',
        description:
          'The new description as plain Markdown text (up to 12000 characters; a longer one makes ' +
          'the database write fail with 500).',
        required: false,
        example: 'Release candidate 3 for 4.2.0: includes the webhook retry fix (#311).',
      },
      success: { kind: 'empty', description: 'The description was set.' },
      errors: [401, 403, 404, 500],
      effect: { changes: [{ set: 'Build', at: { param: 'buildId' }, values: { description: { body: true } } }] },
    },
    {
      name: [{ value: 'Delete', until: 'v12.0.0' }, { value: 'Delete Build', since: 'v12.0.0' }],
      method: 'DELETE',
      path: '/builds/{buildId}',
      description:
        'Deletes a build together with its labels, parameters, dependency records and metrics, ' +
        'and also the packages it published. Its log and artifacts are removed from storage ' +
        'after the deletion commits.',
      permission: MANAGE_JOB,
      parameters: ['buildId'],
      success: { kind: 'empty', description: 'The build was deleted.' },
      errors: [401, 403, 404],
      effect: {
        changes: [
          {
            remove: 'Build',
            at: { param: 'buildId' },
            cascade: [
              { record: 'BuildLabel', field: 'buildId' },
              { record: 'BuildParam', field: 'buildId' },
              { record: 'BuildDependence', field: 'dependentId' },
              { record: 'BuildDependence', field: 'dependencyId' },
              { record: 'Pack', field: 'buildId' },
            ],
          },
        ],
      },
    },
  ],
};
