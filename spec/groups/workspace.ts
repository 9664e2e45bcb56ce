import type { GroupSpec } from '../model.js';
import { missingRow } from './row-refusals.js';

/**
 * The Workspace group (v16.3.0 on), read from OneDev's WorkspaceResource. From v16.5.2 only
 * query syntax errors are refused with 406 (other query problems fail with 500).
 */

const CREATE_WORKSPACES =
  'Users allowed to create workspaces in the workspace\'s project (a role with the "create ' +
  'workspaces" permission), or an administrator.';

const OWNER_OR_MANAGER =
  'The workspace\'s owner, users allowed to manage workspaces of its project, or an administrator.';

export const workspaceGroup: GroupSpec = {
  name: 'Workspace',
  since: 'v16.3.0',
  description:
    'Workspaces: development environments provisioned from a project\'s workspace specs and checked ' +
    'out at a commit. They are addressed by id, which differs from the workspace number shown in ' +
    'the web UI: find the id with Query Workspaces and the workspace\'s reference as the query, ' +
    'unquoted (`acme/webapp#12`).',
  operations: [
    {
      name: 'Get Workspace',
      method: 'GET',
      path: '/workspaces/{workspaceId}',
      description: 'Reads a workspace: its project, owner, spec, commit, status and where it runs.',
      permission: CREATE_WORKSPACES,
      parameters: ['workspaceId'],
      success: { kind: 'json', type: { ref: 'Workspace' }, description: 'The workspace.', example: 'Workspace' },
      errors: [401, 403, 404],
    },
    {
      name: 'Query Workspaces',
      method: 'GET',
      path: '/workspaces',
      description:
        'Lists workspaces of all projects that match a query, one page at a time. Workspaces the ' +
        'caller may not see are left out rather than refused.',
      permission:
        'Any caller (anonymous ones only when the server allows anonymous access); the page only ' +
        'holds workspaces the caller may see.',
      parameters: ['workspaceQuery', 'offset', 'countLimitedForNonAdmins'],
      success: {
        kind: 'json',
        type: { array: { ref: 'Workspace' } },
        description: 'The page of workspaces, possibly empty.',
        example: 'WorkspaceList',
      },
      errors: [400, 401, 404],
    },
    {
      name: 'Create Workspace',
      method: 'POST',
      path: '/workspaces',
      description:
        'Creates a workspace for the caller in a project, from one of the project\'s workspace specs ' +
        'and at an existing commit, optionally for a branch, an issue or a pull request of the same ' +
        'project; it is then provisioned in the background (status `PENDING`). An unknown spec, ' +
        'commit, issue or pull request, or one of another project, is refused with 406.',
      permission: 'Signed-in users allowed to create workspaces in the project, or an administrator.',
      body: {
        kind: 'json',
        type: { ref: 'WorkspaceCreateData' },
        description: 'What to create the workspace from.',
        example: 'WorkspaceCreateData',
      },
      success: { kind: 'id', description: 'The new workspace\'s id.' },
      errors: [400, 401, 403, 404, 406, { status: 'validation', since: 'v16.3.0' }],
      // The project's workspace specs and the commit are checked between the project and the
      // issue (406, beyond the conditions: a fresh server has no spec).
      effect: {
        changes: [
          {
            create: 'Workspace',
            values: {
              userId: { caller: 'id' },
              status: { const: 'PENDING' },
              createDate: { now: true },
              requestId: { bodyField: 'pullRequestId' },
              forTaskAutomation: { const: false },
            },
          },
        ],
        refuses: [
          missingRow('ProjectData', 'projectId', 'Project'),
          { when: { missing: 'Issue', field: 'issueId' }, status: 406, message: 'Issue not found by id: <id>' },
          { when: { missing: 'PullRequest', field: 'pullRequestId' }, status: 406, message: 'Pull request not found by id: <id>' },
        ],
      },
    },
    {
      name: 'Reprovision Workspace',
      method: 'POST',
      path: '/workspaces/{workspaceId}/reprovision',
      description:
        'Starts an inactive workspace again: it goes back to `PENDING` and is provisioned anew. A ' +
        'workspace that is not `INACTIVE` is refused with 406.',
      permission: OWNER_OR_MANAGER,
      parameters: ['workspaceId'],
      success: { kind: 'empty', description: 'The workspace is being provisioned again.' },
      errors: [401, 403, 404, 406],
      effect: {
        changes: [
          {
            set: 'Workspace',
            at: { param: 'workspaceId' },
            values: { status: { const: 'PENDING' }, activeDate: { unset: true }, inactiveDate: { unset: true } },
          },
        ],
        refuses: [{ when: { property: 'status', in: ['PENDING', 'ACTIVE'] }, status: 406, message: 'Only inactive workspaces can be reprovisioned' }],
      },
    },
    {
      name: 'Delete Workspace',
      method: 'DELETE',
      path: '/workspaces/{workspaceId}',
      description:
        'Deletes a workspace, whatever its status. The deletion is recorded in the project\'s ' +
        'audit log.',
      permission: OWNER_OR_MANAGER,
      parameters: ['workspaceId'],
      success: { kind: 'empty', description: 'The workspace was deleted.' },
      errors: [401, 403, 404],
      effect: { changes: [{ remove: 'Workspace', at: { param: 'workspaceId' } }] },
    },
  ],
};
