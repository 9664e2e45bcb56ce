import type { GroupSpec, OperationSpec } from '../model.js';

/**
 * The Artifact group, read from OneDev's ArtifactResource at each tag. The routes did not change
 * from v11.11.0 to v16.5.6; v16.1.0 let everyone who can access a project read the artifacts of
 * all its builds (job privileges no longer hide them).
 */

const ACCESS_BUILD =
  'Anyone allowed to see builds of this job in the build\'s project (the "access build" job ' +
  'privilege, granted by the project\'s roles or by anonymous access), or an administrator.';

/** From v16.1.0 on. */
const ACCESS_PROJECT =
  'Anyone who can access the build\'s project (through a role, a group, a default role or ' +
  'anonymous access), or an administrator. Job privileges no longer limit who reads artifacts.';

const MANAGE_JOB = 'Users with the "manage job" privilege for the build\'s job in its project, or an administrator.';

/**
 * OneDev's Get Artifact Info and Delete Artifact routes glue an optional path to the segment before
 * it (`{artifactPath:(/.*)?}`), which many tools cannot route; each is described as two operations,
 * the URL without a path and the URL with it (spec/model.ts, `splitRoute`).
 */
/** Artifacts are files in the build's storage, read through Get Info and Download, not records. */
const ARTIFACT_FILES = 'artifacts are stored files of the build, not records a step can name';

const INFO_ROUTE = '/artifacts/{buildId}/infos{artifactPath:(/.*)?}';
const DELETE_ROUTE = '/artifacts/{buildId}{artifactPath:(/.*)?}';

const INFO_ERRORS = {
  noContent: 'Nothing is stored at the path (or the build has no artifacts at all).',
  errors: [401, 403, 404, 500],
} as const satisfies Partial<OperationSpec>;

/** The artifact root is a directory; the server writes it without `@type` (spec/schemas/job.ts). */
const ROOT_ANSWER = {
  success: {
    kind: 'json',
    type: { ref: 'DirectoryInfo' },
    description: 'The artifact root: a directory whose `path` is null, with its entries.',
    example: 'DirectoryInfo',
  },
  ...INFO_ERRORS,
} as const satisfies Partial<OperationSpec>;

const INFO_ANSWER = {
  success: {
    kind: 'json',
    type: { ref: 'ArtifactInfo' },
    description: 'The file or directory at the path, without `@type`: a directory has `children`, a file `length` and `mediaType`.',
    example: 'DirectoryInfo',
  },
  ...INFO_ERRORS,
} as const satisfies Partial<OperationSpec>;

const getRootInfo: OperationSpec = {
  name: 'Get Artifact Info',
  method: 'GET',
  path: '/artifacts/{buildId}/infos',
  splitRoute: { route: INFO_ROUTE, part: 'root' },
  description:
    'Lists the artifact root of a build: the directories and files at the top, each with its path. ' +
    'Browse further with the nested form of this operation (Get Artifact Info at a path).',
  permission: ACCESS_BUILD,
  parameters: ['buildId'],
  ...ROOT_ANSWER,
};

const getInfo: OperationSpec = {
  name: 'Get Artifact Info',
  method: 'GET',
  path: '/artifacts/{buildId}/infos/{artifactPath}',
  splitRoute: { route: INFO_ROUTE, part: 'nested' },
  description:
    'Tells what is stored at a path of a build\'s artifacts: a file (size, time, media type) or a ' +
    'directory with its entries. Entries carry their path from the artifact root: pass it here to ' +
    'go further down. The artifact root itself is listed by the root form of this operation.',
  permission: ACCESS_BUILD,
  parameters: ['buildId', 'artifactEntryPath'],
  ...INFO_ANSWER,
};

const download: OperationSpec = {
  name: 'Download Artifact',
  method: 'GET',
  path: '/artifacts/{buildId}/contents/{artifactPath}',
  description:
    'Downloads one artifact file of a build, streamed as it is read from storage (also from ' +
    'another server of a cluster). A path that is not a file fails: the server answers 500 or ' +
    'cuts the stream short, so check the path with Get Artifact Info first.',
  permission: ACCESS_BUILD,
  parameters: ['buildId', 'artifactPath'],
  success: {
    kind: 'binary',
    description: 'The file\'s content, whatever its type.',
    mediaType: 'application/octet-stream',
  },
  errors: [
    401,
    403,
    404,
    // The storage server's answer for a missing file makes KubernetesHelper.checkStatus throw.
    { status: 500, message: 'Server Error', meaning: 'The path names no file of the build\'s artifacts (nothing, or a directory), or the server failed.' },
  ],
};

export const artifactGroup: GroupSpec = {
  name: 'Artifact',
  description:
    'Files a build published (or that were uploaded to it): browse, download, upload and delete ' +
    'them. Artifacts are addressed by build id, which differs from the build number: find the ' +
    'id with Build\'s Query Builds and the build\'s reference as the query, unquoted ' +
    '(`path/to/project#100` or `PROJECTKEY-100`). Artifact paths may span several URL segments; send their ' +
    'slashes as they are.',
  operations: [
    { ...getRootInfo, until: 'v16.1.0' },
    { ...getRootInfo, since: 'v16.1.0', permission: ACCESS_PROJECT },
    { ...getInfo, until: 'v16.1.0' },
    { ...getInfo, since: 'v16.1.0', permission: ACCESS_PROJECT },
    { ...download, until: 'v16.1.0' },
    { ...download, since: 'v16.1.0', permission: ACCESS_PROJECT },
    {
      name: 'Upload Artifact',
      method: 'POST',
      path: '/artifacts/{buildId}/{artifactPath}',
      description:
        'Stores the request body as an artifact file of a build, creating the directories on the ' +
        'way and replacing a file already at that path. The build may be finished. The body is ' +
        'streamed to storage, so large files are fine.',
      permission: MANAGE_JOB,
      parameters: ['buildId', 'artifactPath'],
      body: { kind: 'binary', description: 'The file\'s content.' },
      success: { kind: 'empty', description: 'The file was stored.' },
      errors: [401, 403, 404, 500],
      effect: { changes: [], none: ARTIFACT_FILES },
    },
    {
      name: 'Delete Artifact',
      method: 'DELETE',
      path: '/artifacts/{buildId}',
      splitRoute: { route: DELETE_ROUTE, part: 'root' },
      description: 'Deletes every artifact of a build (the whole artifact root).',
      permission: MANAGE_JOB,
      parameters: ['buildId'],
      success: { kind: 'empty', description: 'The artifacts were deleted.' },
      errors: [401, 403, 404, 500],
      effect: { changes: [], none: ARTIFACT_FILES },
    },
    {
      name: 'Delete Artifact',
      method: 'DELETE',
      path: '/artifacts/{buildId}/{artifactPath}',
      splitRoute: { route: DELETE_ROUTE, part: 'nested' },
      description:
        'Deletes an artifact file of a build. Careful with the path of a directory: the server then ' +
        'deletes all of the build\'s artifacts, not just that directory (it removes the artifact ' +
        'root), as the root form of this operation does. A path where nothing is stored fails with 500.',
      permission: MANAGE_JOB,
      parameters: ['buildId', 'artifactEntryPath'],
      success: { kind: 'empty', description: 'The artifact was deleted.' },
      errors: [401, 403, 404, 500],
      effect: { changes: [], none: ARTIFACT_FILES },
    },
  ],
};
