import type { Field, SchemaTable } from '../model.js';

const id = (what: string): Field => ({ type: 'int64', readOnly: true, description: `Id of the ${what}.` });

/** Shared shape of the issue field set members: they only differ in which list they carry. */
const fieldSetMember = (value: string, description: string, fields: Record<string, Field> = {}) => ({
  kind: 'object' as const,
  description,
  discriminator: { property: '@type' as const, value },
  fields,
});

/** The properties of a job privilege; unchanged across the supported releases. */
const JOB_PRIVILEGE_FIELDS: Record<string, Field> = {
  jobNames: {
    type: 'string',
    nullable: true,
    description:
      'Space-separated job names; `*` and `?` are wildcards and a leading `-` excludes, e.g. ' +
      '`* -Release`. Should always be set: the web UI refuses an empty value, the API does not check.',
  },
  manageJob: {
    type: 'boolean',
    description: 'Administrative permission over the jobs, including deleting builds; implies the other flags.',
  },
  runJob: {
    type: 'boolean',
    description: 'May run the jobs manually; implies access to logs, pipelines and all reports.',
  },
  accessLog: { type: 'boolean', description: 'May read build logs.' },
  accessPipeline: { type: 'boolean', description: 'May view the build pipeline.' },
  accessibleReports: {
    type: 'string',
    nullable: true,
    description:
      'Space-separated names of published reports the holder may read (`*`/`?` wildcards, ' +
      'leading `-` excludes), or null for none.',
  },
};

export const accessSchemas: SchemaTable = {
  Group: {
    kind: 'object',
    description:
      'A group of users. Permissions granted to the group (site administration, creating root ' +
      'projects, roles on projects) apply to every member. Members and project authorizations ' +
      'are separate records, read with Get Memberships and Get Authorizations.',
    requests: ['create', 'update'],
    fields: {
      id: id('group'),
      name: {
        type: 'string',
        requiredOnCreate: true,
        description:
          'Unique name of the group. Renaming a group also rewrites the references to it in ' +
          'branch and tag protections, job settings and global settings.',
      },
      description: { type: 'string', nullable: true, description: 'Free text describing the group, or null.' },
      administrator: {
        type: 'boolean',
        description: 'Whether members are site administrators (full control of the server).',
      },
      createRootProjects: {
        type: 'boolean',
        description:
          'Whether members may create projects at the top level (projects without a parent). ' +
          'Implied for administrator groups.',
      },
      enforce2FA: {
        type: 'boolean',
        description: 'Whether every member must set up two-factor authentication to sign in.',
      },
    },
  },

  GroupAuthorization: {
    kind: 'object',
    description: 'A role a group holds on one project: every member of the group gets that role there.',
    // Created through the Group Authorization operations (issue 12).
    requests: ['create'],
    fields: {
      id: id('authorization'),
      projectId: { type: 'int64', requiredOnCreate: true, description: 'Id of the project the role applies to.' },
      groupId: { type: 'int64', requiredOnCreate: true, description: 'Id of the group holding the role.' },
      roleId: { type: 'int64', requiredOnCreate: true, description: 'Id of the role granted.' },
    },
  },

  Membership: {
    kind: 'object',
    description: 'The fact that a user belongs to a group. A user is in a given group at most once.',
    requests: ['create'],
    fields: {
      id: id('membership'),
      userId: { type: 'int64', requiredOnCreate: true, description: 'Id of the member user.' },
      groupId: { type: 'int64', requiredOnCreate: true, description: 'Id of the group.' },
    },
  },

  BaseAuthorization: {
    kind: 'object',
    description:
      'A default role of a project: every signed-in user (and anonymous visitors, when the ' +
      'server allows anonymous access) holds this role on the project and on its child ' +
      'projects, on top of roles granted personally, through groups or through access tokens. ' +
      'A project lists each role at most once.',
    requests: ['create'],
    fields: {
      id: id('base authorization'),
      projectId: { type: 'int64', requiredOnCreate: true, description: 'Id of the project.' },
      roleId: { type: 'int64', requiredOnCreate: true, description: 'Id of the role given by default.' },
    },
  },

  Role: {
    kind: 'object',
    description:
      'A named set of project permissions. Roles are granted on projects to users, groups, ' +
      'access tokens, or by default to everyone (base authorizations). Several flags only ' +
      'matter when a broader one is off: `manageProject` implies every other permission, ' +
      '`manageIssues` implies the issue permissions, `manageBuilds` implies the job ' +
      'permissions. Which issue links a role may edit is not part of the JSON: see Create and Update.',
    requests: ['create', 'update'],
    fields: {
      id: id('role'),
      name: {
        type: 'string',
        requiredOnCreate: true,
        description:
          'Unique name of the role. Renaming it also updates the settings that refer to it by name.',
      },
      description: { type: 'string', nullable: true, description: 'Free text describing the role, or null.' },
      manageProject: {
        type: 'boolean',
        description: 'Full administrative permission over the project; implies every other flag.',
      },
      createChildren: { type: 'boolean', description: 'May create child projects under the project.' },
      managePullRequests: {
        type: 'boolean',
        description: 'Administrative permission over pull requests, including batch operations; implies write access to code.',
      },
      manageCodeComments: {
        type: 'boolean',
        description: 'Administrative permission over code comments, including batch operations; implies write access to code.',
      },
      codePrivilege: {
        type: { enum: ['NONE', 'READ', 'WRITE'] },
        description:
          'Access to the repository: none, read (clone, browse) or write (push, open pull ' +
          'requests). Defaults to `NONE`.',
      },
      packPrivilege: {
        type: { enum: ['NONE', 'READ', 'WRITE'] },
        description: 'Access to the project\'s packages: none, read (pull) or write (publish). Defaults to `NONE`.',
      },
      manageIssues: {
        type: 'boolean',
        description: 'Administrative permission over issues, including batch operations; implies the other issue permissions.',
      },
      accessConfidentialIssues: { type: 'boolean', description: 'May see issues marked confidential.' },
      accessTimeTracking: {
        type: 'boolean',
        description:
          'May see time tracking data (estimates, spent time) of issues. Defaults to true. ' +
          'Time tracking is an enterprise feature; the flag is stored either way.',
      },
      scheduleIssues: { type: 'boolean', description: 'May put issues into iterations.' },
      editableIssueFields: [
        {
          until: 'v16.0.3',
          type: { ref: 'IssueFieldSet' },
          description:
            'Which custom issue fields the holder may set when opening issues (and edit ' +
            'afterwards). Defaults to all fields.',
        },
        {
          since: 'v16.0.3',
          type: { ref: 'IssueFieldSet' },
          description:
            'Which custom issue fields the holder may set when opening issues and edit afterwards ' +
            'on issues they submitted (on other users\' issues too with ' +
            '`canEditFieldsOfOtherIssues`). Defaults to all fields.',
        },
      ],
      canEditFieldsOfOtherIssues: {
        since: 'v16.0.3',
        type: 'boolean',
        description:
          'May edit the fields allowed by `editableIssueFields` on issues other users submitted, ' +
          'not only on their own. Defaults to false; implied by `manageIssues`.',
      },
      manageBuilds: {
        type: 'boolean',
        description: 'Administrative permission over builds of every job, including batch operations; implies the job privileges.',
      },
      uploadCache: {
        type: 'boolean',
        description: 'May upload job caches that later builds of the project can reuse.',
      },
      jobPrivileges: [
        {
          until: 'v16.1.0',
          type: { array: { ref: 'JobPrivilege' } },
          description:
            'Per-job permissions. Each entry names the jobs it covers and what the holder may do ' +
            'with their builds. An empty list grants nothing on builds (unless `manageBuilds`). ' +
            'On update the list sent replaces the stored one.',
        },
        {
          since: 'v16.1.0',
          type: { array: { ref: 'JobPrivilege' } },
          description:
            'Additional per-job permissions. Everyone who can access the project already sees all ' +
            'of its builds and their artifacts; each entry names the jobs it covers and what more ' +
            'the holder may do with their builds. On update the list sent replaces the stored one.',
        },
      ],
      manageWorkspaces: {
        since: 'v15.0.0',
        type: 'boolean',
        description:
          'Administrative permission over the project\'s workspaces, including batch operations; ' +
          'implies write access to code.',
      },
      createWorkspaces: {
        since: 'v15.1.6',
        type: 'boolean',
        description:
          'May create workspaces on any commit or branch of the project; implies read access to ' +
          'code. Implied by `manageWorkspaces` and by `codePrivilege` `WRITE`.',
      },
    },
  },

  // v16.1.0 made every job's builds visible to whoever can access the project, so matching a job
  // no longer grants anything by itself. The fields did not change.
  JobPrivilege: [
    {
      until: 'v16.1.0',
      kind: 'object',
      description:
        'Permissions on the builds of the jobs matched by `jobNames`. Matching a job always ' +
        'grants seeing its builds and downloading their artifacts.',
      fields: JOB_PRIVILEGE_FIELDS,
    },
    {
      since: 'v16.1.0',
      kind: 'object',
      description:
        'Additional permissions on the builds of the jobs matched by `jobNames`. Seeing builds and ' +
        'downloading artifacts needs no entry: it comes with access to the project.',
      fields: JOB_PRIVILEGE_FIELDS,
    },
  ],

  IssueFieldSet: {
    kind: 'family',
    description:
      'A selection of custom issue fields, told apart by `@type`: all fields, all but some, ' +
      'only some, or none.',
    discriminator: '@type',
    members: ['AllIssueFields', 'ExcludeIssueFields', 'IncludeIssueFields', 'NoneIssueFields'],
  },
  AllIssueFields: fieldSetMember('AllIssueFields', 'Every custom issue field, including fields added later.'),
  ExcludeIssueFields: fieldSetMember(
    'ExcludeIssueFields',
    'Every custom issue field except the listed ones.',
    {
      excludeFields: {
        type: { array: 'string' },
        description: 'Names of the issue fields left out; should name at least one field.',
      },
    },
  ),
  IncludeIssueFields: fieldSetMember(
    'IncludeIssueFields',
    'Only the listed custom issue fields.',
    {
      includeFields: {
        type: { array: 'string' },
        description: 'Names of the issue fields included; should name at least one field.',
      },
    },
  ),
  NoneIssueFields: fieldSetMember('NoneIssueFields', 'No custom issue field.'),
};
