import type { Cascade, CreateDefault, EffectRefusal, EffectSpec, EffectValue, GroupSpec, OperationSpec, ReleaseText } from '../model.js';
import { missingProject } from './row-refusals.js';

/**
 * The Project group, read from OneDev's ProjectResource at each tag. v12.0.0 renamed five
 * operations and moved reads and writes from the Project entity to the ProjectData bean (whose
 * `id` came in v12.0.1); v12.0.10 added Get Project Id; v15.0.0 added workspace settings; v15.0.6
 * made forking need code read permission on the original; v16.0.0 made Get Forks answer ProjectData (until
 * then it answered stored records, settings and job secrets included); v16.2.0 dropped the
 * contribution `type` of Get Top Contributors.
 */

const ACCESS =
  'Anyone who can access the project (through a role, a group, a default role, or anonymous ' +
  'access when the server allows it), or an administrator.';

const READ_ANY =
  'Any caller (anonymous ones only when the server allows anonymous access); the answer only holds ' +
  'projects the caller can access.';

const MANAGE =
  'Users allowed to manage the project (a role with the "manage project" permission, on this ' +
  'project or an ancestor), or an administrator.';

const CREATE =
  'To create a root project, an administrator or a member of a group with the "create root ' +
  'projects" option; to create a child, a user allowed to create children of ' +
  'the parent project (the "create children" permission), or an administrator.';

/** v15.0.6 made forking need code read permission on the original. */
const CREATE_PROJECT: ReleaseText[] = [
  { value: CREATE, until: 'v15.0.6' },
  { value: `${CREATE} Making a fork (\`forkedFromId\`) also needs permission to read the code of the original.`, since: 'v15.0.6' },
];

const UPDATE =
  `${MANAGE} Moving the project under another parent (or to the root) also needs permission to ` +
  'create projects there.';

const SETTING_REPLACED =
  'Replaces every setting Get Setting reads with the body, as a whole: send back a complete ' +
  'value (an area left out is reset to empty).';
/** The audit log came with v12.0.0. */
const SETTING_AUDITED = 'The change is recorded in the audit log.';

const PROJECT_DELETE =
  'Deletes the project together with its child projects, repository, issues, pull requests, builds ' +
  'and packages; its forks are kept. A project that server settings still refer to is refused ' +
  'with 500 and a message saying where it is used.';

/** A project's path follows its parent's (children moved with it keep their old paths in the mock). */
const PROJECT_PATH: EffectValue = { path: { parent: 'parentId', name: 'name' } };

/**
 * What a new project holds where the create body is silent (Project's field initializers): code,
 * issue and package management on; the pack and analysis settings' members null until set.
 */
function projectDefaults(record: 'Project' | 'ProjectData'): Readonly<Record<string, CreateDefault>> {
  const since12 = record === 'ProjectData';
  return {
    codeManagement: true,
    issueManagement: true,
    ...(since12 ? { packManagement: true } : {}),
    gitPackConfig: { windowMemory: null, packSizeLimit: null, threads: null, window: null },
    codeAnalysisSetting: { analysisFiles: null },
  };
}

/** A sibling of the same name refuses a project made or changed (a root project's siblings are the other roots). */
const NAME_TAKEN: readonly EffectRefusal[] = [
  { when: { duplicate: ['parentId', 'name'], only: { parentId: null } }, status: 500, message: 'Name \'<name>\' is already used by another root project' },
  { when: { duplicate: ['parentId', 'name'] }, status: 500, message: 'Name \'<name>\' is already used by another project under \'<parentId.path>\'' },
];

/**
 * Create's effect: the record is `Project` until v12.0.0, `ProjectData` from then on. The parent is
 * read first; a sibling of the same name is refused (for a root project the message says
 * "another root project"). The path is the parent's path and the name (PROJECT_PATH).
 */
const createProject = (record: 'Project' | 'ProjectData'): EffectSpec => ({
  changes: [
    { create: record, values: { createDate: { now: true }, path: PROJECT_PATH }, defaults: projectDefaults(record) },
    // The server makes its creator the new project's owner (Role.OWNER_ID).
    { create: 'UserAuthorization', values: { projectId: { subject: 'id' }, userId: { caller: 'id' }, roleId: { const: 1 } } },
  ],
  refuses: [
    ...missingProject('parentId'),
    ...NAME_TAKEN,
  ],
});

/** What goes with a deleted project (child projects, of the same kind, go too). */
const PROJECT_PARTS: readonly Cascade[] = [
  { record: 'Issue', field: 'projectId' },
  { record: 'PullRequest', field: 'targetProjectId' },
  { record: 'Build', field: 'projectId' },
  { record: 'Pack', field: 'projectId' },
  { record: 'Iteration', field: 'projectId' },
  { record: 'ProjectLabel', field: 'projectId' },
  { record: 'CodeComment', field: 'projectId' },
  { record: 'BaseAuthorization', field: 'projectId' },
  { record: 'GroupAuthorization', field: 'projectId' },
  { record: 'UserAuthorization', field: 'projectId' },
  { record: 'AccessTokenAuthorization', field: 'projectId' },
];

const getProjectV11: OperationSpec = {
  name: 'Get Basic Info',
  until: 'v12.0.0',
  method: 'GET',
  path: '/projects/{projectId}',
  description: 'Reads a project: name, path, parent, fork origin and what it manages.',
  permission: ACCESS,
  parameters: ['projectId'],
  success: { kind: 'json', type: { ref: 'Project' }, description: 'The project.', example: 'Project' },
  errors: [401, 403, 404],
};

const getForks: OperationSpec = {
  name: 'Get Forks',
  method: 'GET',
  path: '/projects/{projectId}/forks',
  description: [
    {
      value: 'Lists the projects forked directly from this one (forks of forks are not included), as Get Basic Info answers them.',
      until: 'v12.0.0',
    },
    {
      // Until v16.0.0 (where the operation answers ProjectData instead).
      value:
        'Lists the projects forked directly from this one (forks of forks are not included). The ' +
        'server writes the stored records as they are: each carries every setting of the fork ' +
        '(branch protections, web hooks, build settings with job secrets in clear text, ...), ' +
        'whatever the caller may see otherwise.',
      since: 'v12.0.0',
    },
  ],
  permission: ACCESS,
  parameters: ['projectId'],
  success: {
    kind: 'json',
    type: { array: { ref: 'Project' } },
    description: 'The forks, possibly none.',
    example: 'ProjectForkList',
  },
  errors: [401, 403, 404],
  lists: { fields: ['forkedFromId'] },
};

export const projectGroup: GroupSpec = {
  name: 'Project',
  description:
    'Projects: Git repositories with their issues, pull requests, builds and packages, arranged in a ' +
    'tree (`acme/webapp` is project `webapp` under project `acme`). Operations take the project id, ' +
    'not its path. **Finding a project id from its path:** from v12.0.10 call Get Project Id, ' +
    '`GET /projects/ids/acme/webapp`, which answers with the bare id; on older servers query ' +
    '`GET /projects?query="Path" is "acme/webapp"&offset=0&count=1` and read `id` from the one ' +
    'record (v12.0.0 itself leaves `id` out of project records; there the id can only be read from ' +
    'another record that refers to the project). Settings (protection rules, job secrets, web ' +
    'hooks, ...) are read and replaced as a whole with Get Setting and Update Setting; labels are ' +
    'attached with the Project Label group, roles with the Base, Group and User Authorization groups.',
  operations: [
    getProjectV11,
    {
      name: 'Get Project',
      since: 'v12.0.0',
      method: 'GET',
      path: '/projects/{projectId}',
      description: 'Reads a project: name, key, path, parent, fork origin and what it manages.',
      permission: ACCESS,
      parameters: ['projectId'],
      success: { kind: 'json', type: { ref: 'ProjectData' }, description: 'The project.', example: 'ProjectData' },
      errors: [401, 403, 404],
    },
    {
      name: 'Get Project Id',
      since: 'v12.0.10',
      method: 'GET',
      path: '/projects/ids/{path}',
      description:
        'Turns a project path into the project id the other operations take: ' +
        '`GET /projects/ids/acme/webapp` answers `7`. The whole path must match, ' +
        'ignoring case (no wildcards). A path that names no project and a project the caller may not access are ' +
        'both answered with 404, so the answer does not reveal hidden projects.',
      permission: ACCESS,
      parameters: ['projectPath'],
      success: { kind: 'id', description: 'The id of the project with that path.' },
      errors: [
        401,
        { status: 404, message: 'Project not found or inaccessible: acme/webapp', meaning: 'No project has that path, or the caller may not access it; the body names the path.' },
      ],
    },
    {
      name: 'Get Clone URL',
      method: 'GET',
      path: '/projects/{projectId}/clone-url',
      description: (
        [
          ['', { until: 'v13.1.0' }],
          [' (both ending in `.git`)', { since: 'v13.1.0' }],
        ] as const
      ).map(([ending, span]) => ({
        ...span,
        value:
          `Reads the URLs to clone the project's repository with over HTTP(S) and SSH${ending}. Cloning ` +
          'needs code read permission; these URLs are given to anyone who can access the project.',
      })),
      permission: ACCESS,
      parameters: ['projectId'],
      success: { kind: 'json', type: { ref: 'CloneUrl' }, description: 'The clone URLs.', example: 'CloneUrl' },
      errors: [401, 403, 404],
    },
    {
      name: 'Get Setting',
      method: 'GET',
      path: '/projects/{projectId}/setting',
      description: (
        [
          ['', { until: 'v15.0.0' }],
          [', workspace', { since: 'v15.0.0' }],
        ] as const
      ).map(([workspace, span]) => ({
        ...span,
        value:
          'Reads every setting of the project that is not part of the project record: branch and tag ' +
          `protection, issue, build, package, pull request${workspace} settings, saved queries, web ` +
          'hooks and plugin settings. Job secrets are included in clear text. Only the project\'s ' +
          'own settings are returned, not those it inherits from its parents.',
      })),
      permission: MANAGE,
      parameters: ['projectId'],
      success: {
        kind: 'json',
        type: { ref: 'ProjectSetting' },
        description: 'The project\'s settings.',
        example: 'ProjectSetting',
      },
      errors: [401, 403, 404],
    },
    { ...getForks, until: 'v16.0.0' },
    {
      ...getForks,
      since: 'v16.0.0',
      description: 'Lists the projects forked directly from this one (forks of forks are not included).',
      success: {
        kind: 'json',
        type: { array: { ref: 'ProjectData' } },
        description: 'The forks, possibly none.',
        example: 'ProjectForkList',
      },
    },
    {
      name: 'Get Base Authorizations',
      method: 'GET',
      path: '/projects/{projectId}/base-authorizations',
      description:
        'Lists the default roles of the project: roles every user who can sign in (and anonymous ' +
        'visitors, when allowed) holds on it. Add or remove them with the Base Authorization group.',
      permission: MANAGE,
      parameters: ['projectId'],
      success: {
        kind: 'json',
        type: { array: { ref: 'BaseAuthorization' } },
        description: 'The default roles, possibly none.',
        example: 'ProjectBaseAuthorizationList',
      },
      errors: [401, 403, 404],
    },
    {
      name: 'Get Group Authorizations',
      method: 'GET',
      path: '/projects/{projectId}/group-authorizations',
      description: 'Lists the roles groups hold on the project (set directly on it, not inherited from parents).',
      permission: MANAGE,
      parameters: ['projectId'],
      success: {
        kind: 'json',
        type: { array: { ref: 'GroupAuthorization' } },
        description: 'The group roles, possibly none.',
        example: 'ProjectGroupAuthorizationList',
      },
      errors: [401, 403, 404],
    },
    {
      name: 'Get User Authorizations',
      method: 'GET',
      path: '/projects/{projectId}/user-authorizations',
      description: 'Lists the roles users hold personally on the project (set directly on it, not inherited).',
      permission: MANAGE,
      parameters: ['projectId'],
      success: {
        kind: 'json',
        type: { array: { ref: 'UserAuthorization' } },
        description: 'The user roles, possibly none.',
        example: 'ProjectUserAuthorizationList',
      },
      errors: [401, 403, 404],
    },
    {
      name: 'Get Labels',
      method: 'GET',
      path: '/projects/{projectId}/labels',
      description:
        'Lists the labels attached to the project; each names a label spec by id. Attach and detach ' +
        'them with the Project Label group.',
      permission: ACCESS,
      parameters: ['projectId'],
      success: {
        kind: 'json',
        type: { array: { ref: 'ProjectLabel' } },
        description: 'The labels, possibly none.',
        example: 'ProjectLabelList',
      },
      errors: [401, 403, 404],
    },
    {
      name: 'Query Basic Info',
      until: 'v12.0.0',
      method: 'GET',
      path: '/projects',
      description:
        'Lists the projects that match a query, one page at a time, in the order the query\'s ' +
        '`order by` asks for. Projects the caller cannot access are left out rather than ' +
        'refused. To find the id of a project path, query `"Path" is "acme/webapp"`.',
      permission: READ_ANY,
      parameters: ['projectQuery', 'offset', 'countLimitedForNonAdmins'],
      success: {
        kind: 'json',
        type: { array: { ref: 'Project' } },
        description: 'The page of projects, possibly empty.',
        example: 'ProjectList',
      },
      errors: [400, 401, 404],
    },
    {
      name: 'Query Projects',
      since: 'v12.0.0',
      method: 'GET',
      path: '/projects',
      // v12.0.0's records lack `id`; v12.0.10 added Get Project Id.
      description: (
        [
          ['To find a project by path, query `"Path" is "acme/webapp"` (the records of this release carry no `id`).', { until: 'v12.0.1' }],
          ['To find the id of a project path, query `"Path" is "acme/webapp"`.', { since: 'v12.0.1', until: 'v12.0.10' }],
          ['To find the id of a project path, call Get Project Id (or query `"Path" is "acme/webapp"`).', { since: 'v12.0.10' }],
        ] as const
      ).map(([byPath, span]) => ({
        ...span,
        value:
          'Lists the projects that match a query, one page at a time, in the order the query\'s ' +
          `\`order by\` asks for. Projects the caller cannot access are left out rather than refused. ${byPath}`,
      })),
      permission: READ_ANY,
      parameters: ['projectQuery', 'offset', 'countLimitedForNonAdmins'],
      success: {
        kind: 'json',
        type: { array: { ref: 'ProjectData' } },
        description: 'The page of projects, possibly empty.',
        example: 'ProjectDataList',
      },
      errors: [400, 401, 404],
    },
    {
      name: 'Query Iterations',
      method: 'GET',
      path: '/projects/{projectId}/iterations',
      description:
        'Lists iterations the project can use (its own and those of its ancestor projects) that ' +
        'match every filter given, one page at a time.',
      permission: ACCESS,
      parameters: [
        'projectId',
        'iterationNameFilter',
        'iterationStartBefore',
        'iterationStartAfter',
        'iterationDueBefore',
        'iterationDueAfter',
        'iterationClosed',
        'offset',
        'countLimited',
      ],
      success: {
        kind: 'json',
        type: { array: { ref: 'Iteration' } },
        description: 'The page of iterations, possibly empty.',
        example: 'ProjectIterationList',
      },
      errors: [
        400,
        401,
        403,
        404,
        // DateUtils.parseISO8601Date (Joda's ISO parser) throws on a value it cannot read.
        { status: 500, message: 'Server Error', meaning: 'A date filter the server cannot read as an ISO 8601 date (`startBefore`, `startAfter`, `dueBefore`, `dueAfter`), or the server failed.' },
      ],
    },
    {
      name: 'Get Top Contributors',
      method: 'GET',
      path: '/projects/{projectId}/top-contributors',
      description: (
        [
          ['by the chosen `type` (commits, added or deleted lines)', { until: 'v16.2.0' }],
          ['by commits', { since: 'v16.2.0' }],
        ] as const
      ).map(([ranking, span]) => ({
        ...span,
        value:
          'Ranks the authors of commits on the default branch within a period of days, most ' +
          `contributing first ${ranking}, with per-day figures. Figures come from the server's ` +
          'commit index, which may lag just-pushed commits. For an administrator a project id that ' +
          'names no project fails with 500 (`Active server not found for project id: <id>`) rather ' +
          'than 404: the server looks for the project\'s storage before it reads the project.',
      })),
      permission: ACCESS,
      parameters: [
        'projectId',
        { key: 'contributionType', until: 'v16.2.0' },
        'contributionSinceDate',
        'contributionUntilDate',
        'countLimited',
      ],
      success: {
        kind: 'json',
        type: { array: { ref: 'GitContributor' } },
        description: 'The top contributors, possibly none.',
        example: 'GitContributorList',
      },
      errors: [
        400,
        401,
        403,
        404,
        // An administrator's check does not read the project: the commit index asks for its active server first.
        {
          status: 500,
          message: 'Active server not found for project id: 999',
          meaning:
            'No project has the id and the caller is an administrator (the body names the id), or a date is not ' +
            '`yyyy-MM-dd`, or the server failed.',
        },
        'validation',
      ],
    },
    {
      name: 'Create',
      until: 'v12.0.0',
      method: 'POST',
      path: '/projects',
      description:
        'Creates a project (with an empty repository) under `parentId`, or as a root project ' +
        'without it. A name used by a sibling is refused with 500.',
      permission: CREATE,
      body: {
        kind: 'json',
        type: { ref: 'ProjectCreate' },
        description: 'The new project.',
        example: 'ProjectCreate',
      },
      success: { kind: 'id', description: 'The new project\'s id.' },
      errors: [400, 401, 403, 404, 500, 'validation'],
      effect: createProject('Project'),
    },
    {
      name: 'Create Project',
      since: 'v12.0.0',
      method: 'POST',
      path: '/projects',
      // v13.1.4 made a fork copy the original's repository and settings.
      description: (
        [
          ['only the link is recorded (the fork\'s repository starts empty and its settings are its own)', { until: 'v13.1.4' }],
          [
            'the fork gets a copy of the original\'s repository and of its build, package, pull ' +
              'request and issue settings, as forking in the web UI does',
            { since: 'v13.1.4' },
          ],
        ] as const
      ).map(([fork, span]) => ({
        ...span,
        value:
          'Creates a project under `parentId`, or as a root project without it. With `forkedFromId` ' +
          `the project is a fork of that project; ${fork}. A name used by a sibling is refused with ` +
          '500. The creation is recorded in the audit log.',
      })),
      permission: CREATE_PROJECT,
      body: {
        kind: 'json',
        type: { ref: 'ProjectDataCreate' },
        description: 'The new project. `gitPackConfig` and `codeAnalysisSetting` must be given (their properties may be null).',
        example: 'ProjectDataCreate',
      },
      success: { kind: 'id', description: 'The new project\'s id.' },
      errors: [400, 401, 403, 404, 500, 'validation'],
      effect: createProject('ProjectData'),
    },
    {
      name: 'Update Basic Info',
      until: 'v12.0.0',
      method: 'POST',
      path: '/projects/{projectId}',
      description:
        'Changes a project\'s record. Changing `parentId` moves the project (with its children) under another parent; a name used by a ' +
        'sibling, or a parent inside the project itself, is refused with 500.',
      permission: UPDATE,
      parameters: ['projectId'],
      body: {
        kind: 'json',
        type: { ref: 'ProjectUpdate' },
        update: 'merge',
        description: 'The properties to change.',
        example: 'ProjectUpdate',
      },
      success: { kind: 'empty', description: 'The project was updated.' },
      errors: [400, 401, 403, 404, 500, 'validation'],
      effect: { changes: [{ update: 'Project', at: { param: 'projectId' }, values: { path: PROJECT_PATH } }], refuses: NAME_TAKEN },
    },
    {
      name: 'Update Project',
      since: 'v12.0.0',
      method: 'POST',
      path: '/projects/{projectId}',
      description:
        'Replaces a project\'s record with the body (no `parentId` moves the project to the ' +
        'root, no `description` clears it): read the project, change it and post it back. Changing ' +
        '`parentId` moves the project with its children; a name used by a sibling, or a parent ' +
        'inside the project itself, is refused with 500. The change is recorded in the audit log.',
      permission: UPDATE,
      parameters: ['projectId'],
      body: {
        kind: 'json',
        type: { ref: 'ProjectDataCreate' },
        description:
          'The complete new record (the shape of a create body; `id`, `path` and `createDate` are ' +
          'ignored). `gitPackConfig` and `codeAnalysisSetting` must be given (`{}` leaves every ' +
          'value of theirs to its default).',
        example: 'ProjectDataReplace',
        update: 'replace',
      },
      success: { kind: 'empty', description: 'The project was updated.' },
      errors: [400, 401, 403, 404, 500, 'validation'],
      // The server replaces the record (what the body leaves out is cleared); the step merges.
      effect: { changes: [{ update: 'ProjectData', at: { param: 'projectId' }, values: { path: PROJECT_PATH } }], refuses: NAME_TAKEN },
    },
    {
      name: 'Update Setting',
      method: 'POST',
      path: '/projects/{projectId}/setting',
      // v13.0.5 added `@Valid` to the body; v13.1.1 replaced it with the resource's own check.
      description: [
        { until: 'v12.0.0', value: `${SETTING_REPLACED} The value is stored as sent, without the web UI\'s checks.` },
        { since: 'v12.0.0', until: 'v13.0.5', value: `${SETTING_REPLACED} The value is stored as sent, without the web UI\'s checks. ${SETTING_AUDITED}` },
        {
          since: 'v13.0.5',
          until: 'v13.1.1',
          value:
            `${SETTING_REPLACED} It is checked with the web UI\'s rules, a value breaking one being refused (a validation failure). ` +
            'The checks refuse every board of `issueSetting.boardSpecs` (`issueSetting.boardSpecs[0].editColumns: ' +
            'At least two columns need to be defined`: they count the columns of the web editor\'s working copy, ' +
            'which a request cannot fill), so a project with boards of its own cannot be saved back as read; ' +
            `null there (inherit the boards) passes. ${SETTING_AUDITED}`,
        },
        {
          since: 'v13.1.1',
          value:
            `${SETTING_REPLACED} It is checked with the web UI\'s rules; a value breaking one fails with ` +
            '500 and the property path and the rule\'s message. `issueSetting.boardSpecs` must be a ' +
            'list: null (inherit the boards) fails with 500, so a project inheriting its boards cannot ' +
            `be saved back as read; an empty list means no boards. ${SETTING_AUDITED}`,
        },
      ],
      permission: MANAGE,
      parameters: ['projectId'],
      body: {
        kind: 'json',
        type: { ref: 'ProjectSetting' },
        description: 'The complete new settings of the project.',
        update: 'replace',
        example: 'ProjectSettingToSave',
      },
      success: { kind: 'empty', description: 'The settings were saved.' },
      errors: [
        400,
        401,
        403,
        404,
        // v13.1.1: the resource iterates the boards, then throws the first broken rule as an ExplicitException.
        { status: 500, until: 'v13.1.1' },
        {
          status: 500,
          since: 'v13.1.1',
          message: 'issueSetting.boardSpecs[0].editColumns: At least two columns need to be defined',
          meaning:
            'The value breaks one of the web UI\'s rules (the body gives the property path and the rule), ' +
            'or `issueSetting.boardSpecs` is null (the body is then `Server Error`), or the server failed.',
        },
        'validation',
      ],
      // Get Setting reads the whole value back at the same path.
      effect: { changes: [{ setting: 'replace' }] },
    },
    {
      name: [{ value: 'Delete', until: 'v12.0.0' }, { value: 'Delete Project', since: 'v12.0.0' }],
      method: 'DELETE',
      path: '/projects/{projectId}',
      description: PROJECT_DELETE,
      permission: MANAGE,
      parameters: ['projectId'],
      success: { kind: 'empty', description: 'The project was deleted.' },
      errors: [401, 403, 404, 500],
      effect: [
        { until: 'v12.0.0', changes: [{ remove: 'Project', at: { param: 'projectId' }, cascade: PROJECT_PARTS }] },
        { since: 'v12.0.0', until: 'v16.3.0', changes: [{ remove: 'ProjectData', at: { param: 'projectId' }, cascade: PROJECT_PARTS }] },
        {
          since: 'v16.3.0',
          changes: [{ remove: 'ProjectData', at: { param: 'projectId' }, cascade: [...PROJECT_PARTS, { record: 'Workspace', field: 'projectId' }] }],
        },
      ],
    },
  ],
};
