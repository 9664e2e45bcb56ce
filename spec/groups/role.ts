import type { EffectRefusal, EffectSpec, GroupSpec } from '../model.js';
import { missingIdAnswers } from '../responses.js';

/**
 * The Role group, read from OneDev's RoleResource at each tag. v12.0.0 renamed every operation and
 * stopped resetting a role's issue-link permissions on Create and Update; v12.0.1 closed Get Role
 * Id to anonymous callers; v12.0.9 refuses bad query parameters with 406 instead of 400.
 */

const ADMIN_ONLY = 'Site administrators only.';

/** Role names are unique (a database constraint). */
const NAME_TAKEN: EffectRefusal = { when: { duplicate: ['name'] }, status: 500, message: 'could not execute statement' };
const CREATED: EffectSpec = { changes: [{ create: 'Role' }], refuses: [NAME_TAKEN] };
const UPDATED: EffectSpec = { changes: [{ update: 'Role', at: { param: 'roleId' } }], refuses: [NAME_TAKEN] };

/** From v12.0.0 the server leaves the issue-link permissions alone. */
const LINKS_KEPT =
  'Which issue links the role may edit cannot be set through the API: the web UI\'s ' +
  '"editable issue links" are not part of the JSON (a property of that name is silently ' +
  'ignored).';

const LINKS_NOTE =
  'Which issue links the role may edit cannot be set through the API: the web UI\'s ' +
  '"editable issue links" are not part of the JSON (a property of that name is silently ' +
  'ignored), and the server resets the role\'s issue-link permissions to none on every ';

export const roleGroup: GroupSpec = {
  name: 'Role',
  description:
    'Roles: named sets of project permissions (code, packages, issues, builds and jobs, ' +
    'project management). Roles are granted on projects to users, groups and access ' +
    'tokens, or to everyone as default roles (see Base Authorization). Everything but the ' +
    'lookup of an id by name is for site administrators.',
  operations: [
    {
      name: [{ value: 'Get', until: 'v12.0.0' }, { value: 'Get Role', since: 'v12.0.0' }],
      method: 'GET',
      path: '/roles/{roleId}',
      description: 'Reads one role by its id.',
      permission: ADMIN_ONLY,
      parameters: ['roleId'],
      success: { kind: 'json', type: { ref: 'Role' }, description: 'The role.', example: 'Role' },
      errors: [401, 403, ...missingIdAnswers('Role', 'everyone')],
    },
    {
      name: [{ value: 'Query', until: 'v12.0.0' }, { value: 'Query Roles', since: 'v12.0.0' }],
      method: 'GET',
      path: '/roles',
      description:
        'Pages through roles, optionally only those whose whole name matches `name` ' +
        '(case-insensitive; `*` stands for any run of characters). No particular order is ' +
        'promised. A `count` or `offset` that is not an integer is answered with 404; a missing ' +
        'one is refused as a bad query parameter.',
      permission: ADMIN_ONLY,
      parameters: ['nameFilter', 'offset', 'countLimited'],
      success: {
        kind: 'json',
        type: { array: { ref: 'Role' } },
        description: 'One page of roles.',
        example: 'RoleList',
      },
      // A `count` over the limit gets the bad-query-parameter status, which the builder adds.
      errors: [401, 403, 404],
    },
    {
      name: [{ value: 'Get Id', until: 'v12.0.0' }, { value: 'Get Role Id', since: 'v12.0.0' }],
      method: 'GET',
      path: '/roles/ids/{name}',
      description: 'Looks a role up by its exact name and answers with its id as a bare JSON number.',
      // v12.0.1 closed the lookup to anonymous callers.
      permission: [
        {
          value:
            'Any signed-in user; also anonymous callers when the server allows anonymous access. ' +
            'No administrator check is made.',
          until: 'v12.0.1',
        },
        {
          value:
            'Any signed-in user; anonymous callers get 401 even when the server allows anonymous ' +
            'access. No administrator check is made.',
          since: 'v12.0.1',
        },
      ],
      parameters: ['roleName'],
      success: { kind: 'id', description: 'The id of the role, e.g. `2`.' },
      errors: [401, { status: 404, message: 'HTTP 404 Not Found', meaning: 'No role has that name.' }],
    },
    {
      name: 'Create',
      until: 'v12.0.0',
      method: 'POST',
      path: '/roles',
      description:
        'Creates a role. Properties left out take their defaults (no permissions, all issue ' +
        'fields editable, time tracking visible). A missing or already used name fails ' +
        'with 500. ' + LINKS_NOTE + 'create.',
      permission: ADMIN_ONLY,
      body: {
        kind: 'json',
        type: { ref: 'RoleCreate' },
        description: 'The new role.',
        example: 'RoleCreate',
      },
      success: { kind: 'id', description: 'The id of the new role.' },
      errors: [400, 401, 403, 500, 'validation'],
      effect: CREATED,
    },
    {
      name: 'Create Role',
      since: 'v12.0.0',
      method: 'POST',
      path: '/roles',
      description:
        'Creates a role. Properties left out take their defaults (no permissions, all issue ' +
        'fields editable, time tracking visible). A missing or already used name fails ' +
        'with 500. ' + LINKS_KEPT + ' A new role starts without issue-link permissions; ' +
        'grant them in the web UI. The creation is recorded in the audit log.',
      permission: ADMIN_ONLY,
      body: {
        kind: 'json',
        type: { ref: 'RoleCreate' },
        description: 'The new role.',
        example: 'RoleCreate',
      },
      success: { kind: 'id', description: 'The id of the new role.' },
      errors: [400, 401, 403, 500, 'validation'],
      effect: CREATED,
    },
    {
      name: 'Update',
      until: 'v12.0.0',
      method: 'POST',
      path: '/roles/{roleId}',
      description:
        'Changes a role (`jobPrivileges` and `editableIssueFields`, when present, are replaced ' +
        'as a whole). ' +
        'A new name is carried over to the settings that refer to the role by name; a name ' +
        'already used by another role fails with 500. ' + LINKS_NOTE +
        'update, so updating a role through the API revokes any issue-link edit permission ' +
        'given to it in the web UI.',
      permission: ADMIN_ONLY,
      parameters: ['roleId'],
      body: {
        kind: 'json',
        type: { ref: 'RoleUpdate' },
        update: 'merge',
        description: 'The properties to change.',
        example: 'RoleUpdate',
      },
      success: { kind: 'empty', description: 'The role was updated.' },
      errors: [400, 401, 403, 404, 500, 'validation'],
      effect: UPDATED,
    },
    {
      name: 'Update Role',
      since: 'v12.0.0',
      method: 'POST',
      path: '/roles/{roleId}',
      description:
        'Changes a role (`jobPrivileges` and `editableIssueFields`, when present, are replaced ' +
        'as a whole). ' +
        'A new name is carried over to the settings that refer to the role by name; a name ' +
        'already used by another role fails with 500. ' + LINKS_KEPT + ' The issue-link ' +
        'permissions given in the web UI are kept as they are. The change is recorded in the audit log.',
      permission: ADMIN_ONLY,
      parameters: ['roleId'],
      body: {
        kind: 'json',
        type: { ref: 'RoleUpdate' },
        update: 'merge',
        description: 'The properties to change.',
        example: 'RoleUpdate',
      },
      success: { kind: 'empty', description: 'The role was updated.' },
      errors: [400, 401, 403, 404, 500, 'validation'],
      effect: UPDATED,
    },
    {
      name: [{ value: 'Delete', until: 'v12.0.0' }, { value: 'Delete Role', since: 'v12.0.0' }],
      method: 'DELETE',
      path: '/roles/{roleId}',
      description:
        'Deletes a role and every grant of it (to users, groups, access tokens and as a ' +
        'default role). Refused with 500 (the message says where) while settings still ' +
        'refer to the role by name.',
      permission: ADMIN_ONLY,
      parameters: ['roleId'],
      success: { kind: 'empty', description: 'The role was deleted.' },
      errors: [401, 403, 404, 500],
      effect: {
        changes: [
          {
            remove: 'Role',
            at: { param: 'roleId' },
            cascade: [
              { record: 'UserAuthorization', field: 'roleId' },
              { record: 'GroupAuthorization', field: 'roleId' },
              { record: 'BaseAuthorization', field: 'roleId' },
              { record: 'AccessTokenAuthorization', field: 'roleId' },
            ],
          },
        ],
      },
    },
  ],
};
