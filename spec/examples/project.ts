import type { ExampleChange, ExampleTable } from '../model.js';
import { compareTags } from '../releases.js';
import { nodeDevSpec, nodeDevSpecV15_1_6 } from './workspace-spec.js';

/**
 * Examples of the Project, Project Label and Version groups: project `acme/webapp` (id 7, key
 * `WEB`) and `acme/ui-kit` (id 12, key `UI`) under `acme` (id 3), and the fork `robin/webapp`
 * (id 19) under Robin's own `robin` (id 15). The other groups' examples live in these projects.
 */

const GIT_PACK_CONFIG = { windowMemory: null, packSizeLimit: '1g', threads: null, window: null };
const CODE_ANALYSIS = { analysisFiles: null };

/** Project record fields shared by the v11 entity and ProjectData. */
const webapp = {
  parentId: 3,
  forkedFromId: null,
  name: 'webapp',
  path: 'acme/webapp',
  description: 'Customer-facing web application of **Acme**.',
  createDate: '2024-03-18T10:41:07.512+08:00',
  codeManagement: true,
  packManagement: true,
  issueManagement: true,
  timeTracking: false,
  serviceDeskEmailAddress: null,
  gitPackConfig: GIT_PACK_CONFIG,
  codeAnalysisSetting: CODE_ANALYSIS,
};

const acme = {
  parentId: null,
  forkedFromId: null,
  name: 'acme',
  path: 'acme',
  description: null,
  createDate: '2024-03-18T10:39:52.004+08:00',
  codeManagement: false,
  packManagement: false,
  issueManagement: true,
  timeTracking: false,
  serviceDeskEmailAddress: 'support@acme.example.com',
  gitPackConfig: { windowMemory: null, packSizeLimit: null, threads: null, window: null },
  codeAnalysisSetting: CODE_ANALYSIS,
};

const uiKit = {
  ...webapp,
  name: 'ui-kit',
  path: 'acme/ui-kit',
  description: 'Shared UI components of **Acme**, published to npm as `@acme/ui-kit`.',
  createDate: '2024-09-02T15:12:40.230+08:00',
  issueManagement: false,
};

const robinsSpace = {
  ...acme,
  name: 'robin',
  path: 'robin',
  description: 'Robin\'s own projects.',
  createDate: '2025-05-02T16:19:58.412+08:00',
  issueManagement: false,
  serviceDeskEmailAddress: null,
};

const robinsFork = {
  ...webapp,
  parentId: 15,
  forkedFromId: 7,
  path: 'robin/webapp',
  description: 'Robin\'s fork for the login rework.',
  createDate: '2025-05-02T16:20:33.871+08:00',
  packManagement: false,
  issueManagement: false,
};

// ----- project settings --------------------------------------------------------------------------

const conventionalCommits = {
  commitTypes: ['feat', 'fix', 'docs', 'chore'],
  commitScopes: [],
  checkCommitMessageFooter: false,
  commitMessageFooterPattern: null,
  commitTypesForFooterCheck: [],
};

const protectMainBase = {
  enabled: true,
  branches: 'main release/**',
  userMatch: 'anyone except group(Maintainers)',
  preventForcedPush: true,
  preventDeletion: true,
  preventCreation: true,
  commitSignatureRequired: false,
  maxCommitMessageLineLength: 100,
  reviewRequirement: 'group(Reviewers):1',
  jobNames: ['ci'],
  fileProtections: [{ paths: 'db/migrations/**', reviewRequirement: 'robin', jobNames: [] }],
  requireStrictBuilds: false,
};

/** Until v14.0.8 the Conventional Commits check was part of the rule itself. */
const protectMainV11 = { ...protectMainBase, enforceConventionalCommits: true, ...conventionalCommits };
const protectMainV13 = { ...protectMainV11, disallowedFileTypes: ['exe', 'dll'] };
const protectMainV14 = {
  ...protectMainBase,
  commitMessageChecker: { '@type': 'ConventionalCommitChecker', ...conventionalCommits },
  disallowedFileTypes: ['exe', 'dll'],
};

const protectTagsV11 = {
  enabled: true,
  tags: 'v*',
  userMatch: 'anyone except group(Maintainers)',
  preventUpdate: true,
  preventDeletion: true,
  preventCreation: true,
  commitSignatureRequired: false,
};

const sprintBoard = {
  name: 'Sprint board',
  baseQuery: null,
  backlogBaseQuery: '"State" is "Open"',
  identifyField: 'State',
  columns: ['Open', 'In Progress', 'Closed'],
  iterationPrefix: null,
  displayFields: ['State', 'Iteration'],
  displayLinks: [],
};

/** The board list is given (not null): from v13.1.1 Update Setting fails on a null one. */
const issueSettingV12 = {
  listFields: null,
  listLinks: null,
  boardSpecs: [sprintBoard],
  namedQueries: [{ name: 'Open bugs', query: '"State" is "Open" and "Type" is "Bug"' }],
  timesheetSettings: {
    'Monthly by user': { rowType: 'USERS', issueQuery: null, dateRangeType: 'MONTH', groupBy: 'Project' },
  },
};
/** Up to v11.11.x boards also carried the web editor's `editColumns`. */
const issueSettingV11 = { ...issueSettingV12, boardSpecs: [{ ...sprintBoard, editColumns: null }] };
const issueSettingV15 = { ...issueSettingV12, transitionSpecs: [] };
const issueSettingV15_1 = { ...issueSettingV15, branchPrefix: null };

const buildSetting = {
  listParams: null,
  namedQueries: null,
  jobProperties: [{ name: 'deployHost', value: 'staging.acme.example.com', archived: false }],
  jobSecrets: [
    { name: 'registry-password', value: 'pR7!kq2Zx', authorization: 'on branch "main"', archived: false },
  ],
  buildPreservations: [{ condition: '"Job" is "release"', count: 20 }],
  defaultFixedIssueFilters: [],
  cachePreserveDays: null,
};

const pullRequestSetting = {
  namedQueries: null,
  defaultMergeStrategy: 'SQUASH_SOURCE_BRANCH_COMMITS',
  defaultAssignees: ['robin'],
  deleteSourceBranchAfterMerge: true,
};

const deployHook = {
  postUrl: 'https://deploy.acme.example.com/hooks/onedev',
  eventTypes: ['CODE_PUSH', 'BUILD'],
  secret: 'Xo3q9VbZr1TgY7mLw2Pe',
};

const slack = {
  '@type': 'SlackNotificationSetting',
  notifications: [
    {
      webhookUrl: 'https://hooks.slack.com/services/T0ACME/B0WEBAPP/4fQ2nPz8LkJ',
      issues: true,
      issueQuery: '"Type" is "Bug"',
      pullRequests: true,
      pullRequestQuery: null,
      builds: true,
      buildQuery: 'failed',
      codePush: false,
      commitQuery: null,
      codeComments: false,
      codeCommentQuery: null,
    },
  ],
};

/** How the settings example reads on later releases (each change replaces whole areas). */
/** acme/webapp's settings as the first releases read them (SETTING_CHANGES follows the later ones). */
const projectSetting = {
  branchProtections: [protectMainV11],
  tagProtections: [protectTagsV11],
  issueSetting: issueSettingV11,
  buildSetting,
  packSetting: { namedQueries: null },
  pullRequestSetting,
  namedCommitQueries: null,
  namedCodeCommentQueries: [{ name: 'Unresolved', query: 'unresolved' }],
  webHooks: [deployHook],
  contributedSettings: [slack],
};

/** Update Setting's checks refused a project's own boards from v13.0.5 until v13.1.1: then it inherits them. */
const SAVABLE_BOARDS: readonly ExampleChange[] = [
  { since: 'v13.0.5', set: { issueSetting: { ...issueSettingV12, boardSpecs: null } } },
  { since: 'v13.1.1', set: { issueSetting: issueSettingV12 } },
];

const SETTING_CHANGES: readonly ExampleChange[] = [
  { since: 'v12.0.0', set: { issueSetting: issueSettingV12 } },
  { since: 'v13.0.10', set: { branchProtections: [protectMainV13], tagProtections: [{ ...protectTagsV11, disallowedFileTypes: [] }] } },
  { since: 'v14.0.8', set: { branchProtections: [protectMainV14] } },
  { since: 'v14.1.6', set: { webHooks: [{ ...deployHook, headers: [{ name: 'X-Acme-Team', value: 'web' }] }] } },
  { since: 'v15.0.0', set: { workspaceSetting: { namedQueries: null } } },
  { since: 'v15.0.6', set: { issueSetting: issueSettingV15 } },
  { since: 'v15.1.0', set: { issueSetting: issueSettingV15_1 } },
];

/** The fork as Get Forks wrote the stored entity from v12.0.0 until v16.0.0. */
const forkEntity = {
  id: 19,
  forkedFromId: 7,
  parentId: 15,
  lastEventDateId: 44,
  name: 'webapp',
  path: 'robin/webapp',
  pathLen: 12,
  key: null,
  description: robinsFork.description,
  branchProtections: [],
  tagProtections: [],
  contributedSettings: {},
  createDate: robinsFork.createDate,
  codeManagement: true,
  packManagement: false,
  issueManagement: false,
  timeTracking: false,
  gitPackConfig: GIT_PACK_CONFIG,
  codeAnalysisSetting: CODE_ANALYSIS,
  serviceDeskEmailAddress: null,
  issueSetting: { listFields: null, listLinks: null, boardSpecs: null, namedQueries: null, timesheetSettings: {} },
  buildSetting: {
    listParams: null,
    namedQueries: null,
    jobProperties: [],
    jobSecrets: [],
    buildPreservations: [],
    defaultFixedIssueFilters: [],
    cachePreserveDays: null,
  },
  pullRequestSetting: { namedQueries: null, defaultMergeStrategy: null, defaultAssignees: [], deleteSourceBranchAfterMerge: null },
  packSetting: { namedQueries: null },
  namedCommitQueries: null,
  namedCodeCommentQueries: null,
  webHooks: [],
};

const FORK_ENTITY_CHANGES: readonly ExampleChange[] = [
  { since: 'v12.0.3', drop: ['lastEventDateId'], set: { lastActivityDateId: 44 } },
  { since: 'v14.1.6', set: { aiSetting: { excludedReviewFiles: null } } },
  { since: 'v15.0.0', set: { workspaceSpecs: [nodeDevSpec], workspaceSetting: { namedQueries: null } } },
  { since: 'v15.0.6', set: { issueSetting: { ...forkEntity.issueSetting, transitionSpecs: [] } } },
  { since: 'v15.1.0', set: { issueSetting: { ...forkEntity.issueSetting, transitionSpecs: [], branchPrefix: null } } },
  { since: 'v15.1.6', set: { workspaceSpecs: [nodeDevSpecV15_1_6] } },
];

/** What a create or replace body sends for acme/webapp (no server-set properties). */
const webappBody = {
  parentId: 3,
  name: 'webapp',
  key: 'WEB',
  description: webapp.description,
  codeManagement: true,
  packManagement: true,
  issueManagement: true,
  timeTracking: false,
  serviceDeskEmailAddress: null,
  gitPackConfig: GIT_PACK_CONFIG,
  codeAnalysisSetting: CODE_ANALYSIS,
};

export const projectExamples: ExampleTable = {
  // ----- v11.11.x: the Project entity -----------------------------------------------------------
  Project: {
    until: 'v12.0.0',
    summary: 'Project acme/webapp',
    value: { id: 7, ...webapp },
  },
  ProjectList: {
    until: 'v12.0.0',
    summary: 'A page of projects',
    value: [
      { id: 3, ...acme },
      { id: 7, ...webapp },
      { id: 12, ...uiKit },
      { id: 15, ...robinsSpace },
      { id: 19, ...robinsFork },
    ],
  },
  ProjectCreate: {
    until: 'v12.0.0',
    summary: 'Create project webapp under project 3 (acme)',
    value: { parentId: 3, name: 'webapp', description: 'Customer-facing web application of **Acme**.' },
  },
  ProjectUpdate: {
    until: 'v12.0.0',
    summary: 'Change the description only',
    value: { description: 'Customer-facing web application and its admin console.' },
  },

  // ----- v12.0.0 on: ProjectData ---------------------------------------------------------------
  // v12.0.0's records lack `id` (added in v12.0.1).
  ProjectData: {
    since: 'v12.0.0',
    summary: 'Project acme/webapp',
    value: { ...webapp, key: 'WEB' },
    changes: [{ since: 'v12.0.1', set: { id: 7 } }],
  },
  ProjectDataList: [
    {
      since: 'v12.0.0',
      until: 'v12.0.1',
      summary: 'The project with path acme/webapp (query `"Path" is "acme/webapp"`)',
      value: [{ ...webapp, key: 'WEB' }],
    },
    {
      since: 'v12.0.1',
      summary: 'A page of projects',
      value: [
        { id: 3, ...acme, key: null },
        { id: 7, ...webapp, key: 'WEB' },
        { id: 12, ...uiKit, key: 'UI' },
        { id: 15, ...robinsSpace, key: null },
        { id: 19, ...robinsFork, key: null },
      ],
    },
  ],
  ProjectDataCreate: {
    since: 'v12.0.0',
    summary: 'Create project webapp under project 3 (acme)',
    value: webappBody,
  },
  ProjectDataReplace: {
    since: 'v12.0.0',
    summary: 'The whole record with a new description (left-out properties would be reset)',
    value: { ...webappBody, description: 'Customer-facing web application and its admin console.' },
  },
  ProjectForkList: [
    {
      until: 'v12.0.0',
      summary: 'Forks of acme/webapp',
      value: [{ id: 19, ...robinsFork }],
    },
    {
      since: 'v12.0.0',
      until: 'v16.0.0',
      summary: 'Forks of acme/webapp, as stored records with their settings',
      value: [forkEntity],
      changes: FORK_ENTITY_CHANGES,
    },
    {
      since: 'v16.0.0',
      summary: 'Forks of acme/webapp',
      value: [{ id: 19, ...robinsFork, key: null }],
    },
  ],
  CloneUrl: {
    summary: 'Clone URLs of acme/webapp',
    value: { http: 'https://onedev.example.com/acme/webapp', ssh: 'ssh://onedev.example.com:6611/acme/webapp' },
    changes: [
      {
        since: 'v13.1.0',
        set: { http: 'https://onedev.example.com/acme/webapp.git', ssh: 'ssh://onedev.example.com:6611/acme/webapp.git' },
      },
    ],
  },
  ProjectSetting: {
    summary: 'Settings of acme/webapp',
    value: projectSetting,
    changes: SETTING_CHANGES,
  },
  // What Update Setting can save: from v13.0.5 until v13.1.1 its checks refuse a project's own boards.
  ProjectSettingToSave: {
    summary: 'Settings of acme/webapp, as Update Setting accepts them',
    value: projectSetting,
    changes: [...SETTING_CHANGES, ...SAVABLE_BOARDS].sort((a, b) => compareTags(a.since, b.since)),
  },
  ProjectBaseAuthorizationList: {
    summary: 'Default roles of project 7',
    value: [{ id: 21, projectId: 7, roleId: 3 }],
  },
  ProjectGroupAuthorizationList: {
    summary: 'Roles groups hold on project 7',
    value: [
      { id: 44, projectId: 7, groupId: 5, roleId: 2 },
      { id: 47, projectId: 7, groupId: 6, roleId: 1 },
    ],
  },
  ProjectUserAuthorizationList: {
    summary: 'Roles users hold personally on project 7',
    value: [{ id: 52, projectId: 7, userId: 3, roleId: 2 }],
  },
  ProjectLabelList: {
    summary: 'Labels attached to project 7',
    value: [
      { id: 23, projectId: 7, specId: 3 },
      { id: 24, projectId: 7, specId: 8 },
    ],
  },
  ProjectLabelCreate: { summary: 'Attach label spec 3 to project 7', value: { projectId: 7, specId: 3 } },
  ProjectIterationList: {
    summary: 'Open iterations of project 7',
    value: [
      {
        id: 9,
        projectId: 7,
        name: 'Sprint 27',
        description: 'Stabilise the **release-2.4** branch and finish the agent upgrade.',
        startDay: 20270,
        dueDay: 20283,
        closed: false,
      },
      { id: 10, projectId: 7, name: 'Sprint 28', description: null, startDay: 20284, dueDay: 20297, closed: false },
    ],
  },
  GitContributorList: [
    {
      until: 'v16.2.0',
      summary: 'Top contributors by commits in the first half of 2025',
      value: [
        {
          author: { name: 'Robin Shen', emailAddress: 'robin@example.com', when: 1751859000000, tzOffset: 480 },
          totalContribution: { commits: 42, additions: 3810, deletions: 1277 },
          dailyContributions: { '20090': 3, '20091': 1, '20140': 5 },
        },
      ],
    },
    {
      since: 'v16.2.0',
      summary: 'Top contributors in the first half of 2025',
      value: [
        {
          author: { name: 'Robin Shen', emailAddress: 'robin@example.com', when: 1751859000000, tzOffset: 480 },
          totalCommits: 42,
          dailyContributions: { '20090': 3, '20091': 1, '20140': 5 },
        },
      ],
    },
  ],

  // ----- members of the settings' families -------------------------------------------------------
  SlackNotificationSetting: { summary: 'Bug reports, pull requests and failed builds to a Slack channel', value: slack },
  DiscordNotificationSetting: {
    summary: 'Pushes to main posted to a Discord channel',
    value: {
      '@type': 'DiscordNotificationSetting',
      notifications: [
        {
          ...slack.notifications[0],
          webhookUrl: 'https://discord.com/api/webhooks/1290381/Qm3kZ8aLp',
          issues: false,
          issueQuery: null,
          pullRequests: false,
          builds: false,
          buildQuery: null,
          codePush: true,
          commitQuery: 'branch(main)',
        },
      ],
    },
  },
  NtfyNotificationSetting: {
    summary: 'Failed builds to an ntfy topic',
    value: {
      '@type': 'NtfyNotificationSetting',
      notifications: [
        {
          ...slack.notifications[0],
          webhookUrl: 'https://ntfy.sh/acme-webapp-builds',
          issues: false,
          issueQuery: null,
          pullRequests: false,
        },
      ],
    },
  },
  ConventionalCommitChecker: {
    since: 'v14.0.8',
    summary: 'Conventional Commits with four allowed types',
    value: { '@type': 'ConventionalCommitChecker', ...conventionalCommits },
  },
  RegexpCommitChecker: {
    since: 'v14.0.8',
    summary: 'Messages must start with an issue key',
    value: {
      '@type': 'RegexpCommitChecker',
      pattern: '^WEB-\\d+: .+',
      explanation: 'Start the message with the issue key, e.g. "WEB-12: fix login".',
    },
  },

  // ----- Version --------------------------------------------------------------------------------
  VersionRange: {
    until: 'v15.1.0',
    summary: 'tod versions this server works with',
    value: { minVersion: '1.0.0', maxVersion: null },
    changes: [
      { since: 'v13.0.0', set: { minVersion: '2.0.0' } },
      { since: 'v14.1.6', set: { minVersion: '2.1.0' } },
    ],
  },
};
