import type { EffectRefusal, EffectSpec, EffectValue, GroupSpec, OperationSpec, RefKind } from '../model.js';

/**
 * The Repository group: a project's Git repository (branches, tags, commits, files), read from
 * OneDev's RepositoryResource at each tag. The operations did not change between v11.11.0 and
 * v16.5.6; how refusals are answered did (400, then 406 from v12.0.9), Set Default Branch needs
 * "manage project" from v15.0.6, and Delete Branch refused branches with workspaces in v15.0.x.
 */

const READ_CODE =
  'Anyone allowed to read the project\'s code (a role with code read permission, a default role, ' +
  'or anonymous access when the server allows it), or an administrator.';

const WRITE_CODE = 'Users allowed to write the project\'s code (a role with code write permission), or an administrator.';

const MANAGE =
  'Users allowed to manage the project (a role with the "manage project" permission), or an administrator.';

/** InvalidParamException, then NotAcceptableException: the status bad query parameters get at each release. */
const REFUSED = 'like a bad query parameter';

/** A file edit makes a commit, which no step can write: a later Get File shows it on a server. */
const FILE_EDIT: EffectSpec = { changes: [], none: 'changes a file with a new commit, which the effects do not hold' };

const PROJECT: EffectValue = { param: 'projectId' };

/** Creating a ref that exists is refused: with 400 until v12.0.9, then 406, in the same words. */
function createRef(ref: RefKind, nameField: string, words: string): EffectSpec[] {
  const step = { ref, action: 'create', project: PROJECT, name: { bodyField: nameField }, revision: { bodyField: 'revision' } } as const;
  const refusal = (status: 400 | 406): EffectRefusal => ({ when: { refExists: ref, project: PROJECT, name: { bodyField: nameField } }, status, message: `${words} '<${nameField}>' already exists` });
  return [
    { until: 'v12.0.9', changes: [step], refuses: [refusal(400)] },
    { since: 'v12.0.9', changes: [step], refuses: [refusal(406)] },
  ];
}

function deleteRef(ref: RefKind, param: string): EffectSpec {
  return { changes: [{ ref, action: 'delete', project: PROJECT, name: { param } }] };
}

const setDefaultBranch: OperationSpec = {
  name: 'Set Default Branch',
  method: 'POST',
  path: '/repositories/{projectId}/default-branch',
  description:
    'Makes a branch the default branch (the repository\'s `HEAD`). Unlike other ' +
    'text bodies of the API, this one is read as JSON: send the branch name as a JSON string, ' +
    'quotes included (`"main"`); a bare name fails with 500.',
  permission: WRITE_CODE,
  parameters: ['projectId'],
  body: {
    kind: 'json',
    type: 'string',
    description: 'The branch name as a JSON string, without `refs/heads/`.',
    example: 'DefaultBranchName',
  },
  success: { kind: 'empty', description: 'The default branch was set.' },
  errors: [400, 401, 403, 404, 500, 'validation'],
  // Get Default Branch reads the name back (as bare text).
  effect: { changes: [{ setting: 'replace' }] },
};

export const repositoryGroup: GroupSpec = {
  name: 'Repository',
  description:
    'The Git repository of a project, addressed by the project id (find it with the Project group): ' +
    'branches, tags, the commit log, directories and files, and commits that edit one file. Branch ' +
    'and tag names and file paths may hold `/`: the server takes the rest of the URL path for them, ' +
    'so send `/` as it is and percent-encode each segment on its own.',
  operations: [
    {
      name: 'Get Branches',
      method: 'GET',
      path: '/repositories/{projectId}/branches',
      description: 'Lists the names of all branches, without `refs/heads/`.',
      permission: READ_CODE,
      parameters: ['projectId'],
      success: {
        kind: 'json',
        type: { array: 'string' },
        description: 'Branch names, possibly none.',
        example: 'BranchNameList',
      },
      errors: [401, 403, 404],
      answers: { refs: 'branch' },
    },
    {
      name: 'Get Default Branch',
      method: 'GET',
      path: '/repositories/{projectId}/default-branch',
      description:
        'Reads the name of the default branch. The body is the name itself, not a JSON string, ' +
        'although labelled `application/json`.',
      permission: READ_CODE,
      parameters: ['projectId'],
      success: { kind: 'raw-text', description: 'The default branch name, as bare text.', example: 'main' },
      noContent: 'The repository has no default branch yet (it has no commits).',
      errors: [401, 403, 404],
    },
    { ...setDefaultBranch, until: 'v15.0.6' },
    { ...setDefaultBranch, since: 'v15.0.6', permission: MANAGE },
    {
      name: 'Get Branch',
      method: 'GET',
      path: '/repositories/{projectId}/branches/{branch}',
      description: 'Reads a branch: its full ref name and the commit it points to.',
      permission: READ_CODE,
      parameters: ['projectId', 'branchName'],
      success: { kind: 'json', type: { ref: 'RefResponse' }, description: 'The branch.', example: 'BranchRef' },
      errors: [401, 403, 404],
      answers: { refs: 'branch', name: 'branch', missing: 'Branch not found: <name>' },
    },
    {
      name: 'Create Branch',
      method: 'POST',
      path: '/repositories/{projectId}/branches',
      description:
        `Creates a branch at a revision. An existing branch name is refused ${REFUSED}; a revision ` +
        'that does not exist is answered with 404. A branch protection rule preventing the ' +
        'creation, or requiring a signature the head commit lacks, refuses it with 500.',
      permission: WRITE_CODE,
      parameters: ['projectId'],
      body: {
        kind: 'json',
        type: { ref: 'CreateBranchRequest' },
        description: 'The branch to create.',
        example: 'CreateBranchRequest',
      },
      success: { kind: 'empty', description: 'The branch was created.' },
      errors: [400, 401, 403, 404, { status: 406, since: 'v12.0.9' }, 500, 'validation'],
      effect: createRef('branch', 'branchName', 'Branch'),
    },
    {
      name: 'Delete Branch',
      method: 'DELETE',
      path: '/repositories/{projectId}/branches/{branch}',
      description: [
        { value: 'Deletes a branch.', until: 'v15.0.0' },
        {
          value: 'Deletes a branch. A branch with workspaces on it is refused (406).',
          since: 'v15.0.0',
          until: 'v15.1.0',
        },
        { value: 'Deletes a branch.', since: 'v15.1.0' },
      ],
      permission:
        'Users allowed to write the project\'s code whom no branch protection rule prevents from ' +
        'deleting this branch, or an administrator.',
      parameters: ['projectId', 'branchName'],
      success: { kind: 'empty', description: 'The branch was deleted.' },
      errors: [401, 403, 404],
      effect: deleteRef('branch', 'branch'),
    },
    {
      name: 'Get Tags',
      method: 'GET',
      path: '/repositories/{projectId}/tags',
      description: 'Lists the names of all tags, without `refs/tags/`.',
      permission: READ_CODE,
      parameters: ['projectId'],
      success: {
        kind: 'json',
        type: { array: 'string' },
        description: 'Tag names, possibly none.',
        example: 'TagNameList',
      },
      errors: [401, 403, 404],
      answers: { refs: 'tag' },
    },
    {
      name: 'Get Tag',
      method: 'GET',
      path: '/repositories/{projectId}/tags/{tag}',
      description: 'Reads a tag: its full ref name and the commit it tags.',
      permission: READ_CODE,
      parameters: ['projectId', 'tagName'],
      success: { kind: 'json', type: { ref: 'RefResponse' }, description: 'The tag.', example: 'TagRef' },
      errors: [401, 403, 404],
      answers: { refs: 'tag', name: 'tag', missing: 'Tag not found: <name>' },
    },
    {
      name: 'Create Tag',
      method: 'POST',
      path: '/repositories/{projectId}/tags',
      description:
        'Creates an annotated tag at a revision, with the caller as tagger (signed with the ' +
        `server's GPG key when one is set up). An existing tag name is refused ${REFUSED}; a revision ` +
        'that does not exist is answered with 404; a tag protection rule requiring a signature ' +
        'without a server signing key refuses it with 500.',
      permission:
        'Users allowed to write the project\'s code whom no tag protection rule prevents from ' +
        'creating this tag, or an administrator.',
      parameters: ['projectId'],
      body: {
        kind: 'json',
        type: { ref: 'CreateTagRequest' },
        description: 'The tag to create.',
        example: 'CreateTagRequest',
      },
      success: { kind: 'empty', description: 'The tag was created.' },
      errors: [400, 401, 403, 404, { status: 406, since: 'v12.0.9' }, 500, 'validation'],
      effect: createRef('tag', 'tagName', 'Tag'),
    },
    {
      name: 'Delete Tag',
      method: 'DELETE',
      path: '/repositories/{projectId}/tags/{tag}',
      description: 'Deletes a tag.',
      permission:
        'Users allowed to write the project\'s code whom no tag protection rule prevents from ' +
        'deleting this tag, or an administrator.',
      parameters: ['projectId', 'tagName'],
      success: { kind: 'empty', description: 'The tag was deleted.' },
      errors: [401, 403, 404],
      effect: deleteRef('tag', 'tag'),
    },
    {
      name: 'Query Commits',
      method: 'GET',
      path: '/repositories/{projectId}/commits',
      description:
        'Lists commits matching a commit query, newest first unless the query orders them. Each ' +
        'commit carries its hash and the properties asked for with `field`.',
      permission: READ_CODE,
      parameters: ['projectId', 'commitQuery', 'commitCount', 'commitFields'],
      success: {
        kind: 'json',
        type: { array: { ref: 'LogCommit' } },
        description: 'The commits, possibly none.',
        example: 'LogCommitList',
      },
      errors: [400, 401, 403, 404],
    },
    {
      name: 'Get Commit',
      method: 'GET',
      path: '/repositories/{projectId}/commits/{commitHash}',
      description:
        'Reads one commit, with the properties asked for with `field`. A commit the repository does ' +
        'not have is answered with 404.',
      permission: READ_CODE,
      parameters: ['projectId', 'commitHash', 'commitFields'],
      success: { kind: 'json', type: { ref: 'LogCommit' }, description: 'The commit.', example: 'LogCommit' },
      errors: [400, 401, 403, 404],
    },
    {
      name: 'Get Directory',
      method: 'GET',
      path: '/repositories/{projectId}/directories/{revisionAndDirectory}',
      description:
        `Lists the entries of a directory at a revision. A path that is not a directory is refused ${REFUSED}; ` +
        'a revision that does not exist is answered with 404.',
      permission: READ_CODE,
      parameters: ['projectId', 'revisionAndDirectory'],
      success: {
        kind: 'json',
        type: { array: { ref: 'DirectoryChild' } },
        description: 'The directory\'s entries, possibly none.',
        example: 'DirectoryChildList',
      },
      errors: [400, 401, 403, 404, 'validation'],
    },
    {
      name: 'Get File',
      method: 'GET',
      path: '/repositories/{projectId}/files/{revisionAndFile}',
      description:
        'Reads a file at a revision, with its content in Base64 (only the beginning of a very ' +
        `large file: see \`isPartial\`). A path that is not a file is refused ${REFUSED}; a revision ` +
        'that does not exist is answered with 404.',
      permission: READ_CODE,
      parameters: ['projectId', 'revisionAndFile'],
      success: { kind: 'json', type: { ref: 'FileResponse' }, description: 'The file.', example: 'FileResponse' },
      errors: [400, 401, 403, 404, 'validation'],
    },
    {
      name: 'Edit File',
      method: 'POST',
      path: '/repositories/{projectId}/files/{revisionAndFile}',
      description:
        'Creates, replaces or deletes one file with a new commit on a branch, authored by the ' +
        'caller; `@type` in the body says which. In an empty repository the first segment names the ' +
        'branch to create and it becomes the default branch. A first segment that is not a ' +
        `branch, or no file path after it, is refused ${REFUSED}. The commit is signed with the ` +
        'server\'s GPG key when the branch requires signed commits.',
      permission:
        'Users allowed to write the project\'s code, when no branch or file protection rule requires ' +
        'a review, a successful build or a signature the server cannot make for this change, or an administrator.',
      parameters: ['projectId', 'branchAndFile'],
      body: {
        kind: 'json',
        type: { ref: 'FileEditRequest' },
        description: 'What to do with the file, and the commit message.',
        example: 'FileCreateOrUpdateRequest',
      },
      success: {
        kind: 'json',
        type: { ref: 'FileEditResponse' },
        description: 'The commit made.',
        example: 'FileEditResponse',
      },
      errors: [400, 401, 403, 404, 500, 'validation'],
      effect: FILE_EDIT,
    },
  ],
};
