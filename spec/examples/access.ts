import { freshRoleExample, freshRolesExample } from '../fresh-server.js';
import type { ExampleTable } from '../model.js';

const developers = {
  id: 5,
  name: 'Developers',
  description: 'Everyone working on the product code base',
  administrator: false,
  createRootProjects: true,
  enforce2FA: false,
};

const admins = {
  id: 1,
  name: 'Administrators',
  description: null,
  administrator: true,
  createRootProjects: false,
  enforce2FA: true,
};

/** Named in acme/webapp's branch protection (`group(Maintainers)`). */
const maintainers = {
  id: 6,
  name: 'Maintainers',
  description: 'May push to protected branches and tags',
  administrator: false,
  createRootProjects: false,
  enforce2FA: true,
};

export const accessExamples: ExampleTable = {
  Group: { summary: 'A group of developers', value: developers },
  GroupList: { summary: 'A page of groups', value: [admins, developers, maintainers] },
  GroupCreate: {
    summary: 'Create a group of release managers',
    value: {
      name: 'Release Managers',
      description: 'People allowed to tag and publish releases',
      administrator: false,
      createRootProjects: false,
      enforce2FA: true,
    },
  },
  GroupUpdate: {
    summary: 'Require two-factor authentication for the group',
    value: { enforce2FA: true },
  },
  GroupAuthorizationList: {
    summary: 'Roles the group holds on two projects',
    value: [
      { id: 44, projectId: 7, groupId: 5, roleId: 2 },
      { id: 45, projectId: 12, groupId: 5, roleId: 3 },
    ],
  },

  Membership: { summary: 'User 3 in group 5', value: { id: 31, userId: 3, groupId: 5 } },
  MembershipList: {
    summary: 'Members of group 5',
    value: [
      { id: 31, userId: 3, groupId: 5 },
      { id: 36, userId: 7, groupId: 5 },
    ],
  },
  MembershipCreate: { summary: 'Add user 5 to group 5', value: { userId: 5, groupId: 5 } },

  BaseAuthorization: {
    summary: 'Code Reader as a default role of project 7',
    value: { id: 21, projectId: 7, roleId: 3 },
  },
  BaseAuthorizationCreate: {
    summary: 'Make Code Reader a default role of project 7',
    value: { projectId: 7, roleId: 3 },
  },

  // As setup makes them (spec/fresh-server.ts), with the Role fields later releases added.
  Role: { summary: 'The Code Writer role', ...freshRoleExample('Code Writer') },
  RoleList: { summary: 'A page of roles', ...freshRolesExample(['Project Owner', 'Code Writer', 'Code Reader']) },
  RoleCreate: {
    summary: 'Create a role for release engineers',
    value: {
      name: 'Release Engineer',
      description: 'Reads code and runs the release job',
      manageProject: false,
      createChildren: false,
      managePullRequests: false,
      manageCodeComments: false,
      codePrivilege: 'READ',
      packPrivilege: 'WRITE',
      manageIssues: false,
      accessConfidentialIssues: false,
      accessTimeTracking: false,
      scheduleIssues: false,
      editableIssueFields: { '@type': 'IncludeIssueFields', includeFields: ['Type', 'Priority'] },
      manageBuilds: false,
      uploadCache: true,
      jobPrivileges: [
        {
          jobNames: 'release deploy-*',
          manageJob: false,
          runJob: true,
          accessLog: false,
          accessPipeline: false,
          accessibleReports: null,
        },
        {
          jobNames: '* -release -deploy-*',
          manageJob: false,
          runJob: false,
          accessLog: true,
          accessPipeline: true,
          accessibleReports: 'junit coverage',
        },
      ],
    },
  },
  RoleUpdate: {
    summary: 'Let the role manage pull requests and stop it from editing issue fields',
    value: {
      managePullRequests: true,
      editableIssueFields: { '@type': 'NoneIssueFields' },
    },
  },

  AllIssueFields: { summary: 'Every issue field', value: { '@type': 'AllIssueFields' } },
  ExcludeIssueFields: {
    summary: 'Every issue field but Assignees',
    value: { '@type': 'ExcludeIssueFields', excludeFields: ['Assignees'] },
  },
  IncludeIssueFields: {
    summary: 'Only the Type and Priority fields',
    value: { '@type': 'IncludeIssueFields', includeFields: ['Type', 'Priority'] },
  },
  NoneIssueFields: { summary: 'No issue field', value: { '@type': 'NoneIssueFields' } },
};
