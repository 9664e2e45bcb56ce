import type { ExampleChange, ExampleTable } from '../model.js';

/**
 * The accounts other examples name: robin (3), kim (5), sam (7), alice (9, disabled) and the
 * service account ci-bot (12). `type` replaced `serviceAccount` (v13.1.3), `id` came in v14.1.0,
 * `aiSetting` in v15.1.7.
 */
const robin = { disabled: false, serviceAccount: false, name: 'robin', fullName: 'Robin Shen', notifyOwnEvents: false };
const ciBot = { disabled: false, serviceAccount: true, name: 'ci-bot', fullName: 'CI Bot', notifyOwnEvents: false };
const alice = { disabled: true, serviceAccount: false, name: 'alice', fullName: null, notifyOwnEvents: true };
const kim = { disabled: false, serviceAccount: false, name: 'kim', fullName: 'Kim Tran', notifyOwnEvents: false };
const sam = { disabled: false, serviceAccount: false, name: 'sam', fullName: 'Sam Okafor', notifyOwnEvents: true };

/** How robin's summary reads in later releases. */
const ROBIN_CHANGES: readonly ExampleChange[] = [
  { since: 'v13.1.3', drop: ['serviceAccount'], set: { type: 'ORDINARY' } },
  { since: 'v14.1.0', set: { id: 3 } },
  { since: 'v15.1.7', set: { aiSetting: null } },
];

const content =
  'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIJv2kQeY6Zq3tJ0c4bq4Ylq0WmH1v6Yc3p3n9m2sQe8R robin@laptop';

/**
 * Robin (user 3) reviewed Sam's pull request 39 and is assigned to his own 42 and to 39. From
 * v16.2.1 the user's review and assignment lists are described by the *Record schemas.
 */
const reviews = [
  { id: 55, userId: 3, requestId: 39, status: 'APPROVED', statusDate: '2025-06-26T11:05:37.402+08:00' },
];
const assignments = [
  { id: 63, userId: 3, requestId: 42 },
  { id: 80, userId: 3, requestId: 39 },
];

const aiSetting = {
  modelSetting: {
    baseUrl: 'https://api.openai.com/v1',
    apiKey: 'sk-example-0000000000000000',
    name: 'gpt-4.1',
    timeoutSeconds: 60,
  },
  entitleToAll: true,
  systemPrompt: 'Answer in English and keep changes small.',
};

export const userExamples: ExampleTable = {
  UserData: { summary: 'A person\'s account', value: robin, changes: ROBIN_CHANGES },
  UserDataMe: {
    summary: 'The caller\'s own account (from v14.1.0 with its id)',
    value: robin,
    changes: ROBIN_CHANGES,
  },
  // A list mixes kinds of account, so each era is written out.
  UserDataList: [
    {
      until: 'v13.1.3',
      summary: 'A page of accounts',
      value: [alice, ciBot, kim, robin, sam],
    },
    {
      since: 'v13.1.3',
      until: 'v14.1.0',
      summary: 'A page of accounts (no ids before v14.1.0)',
      value: [
        { disabled: true, type: 'ORDINARY', name: 'alice', fullName: null, notifyOwnEvents: true },
        { disabled: false, type: 'SERVICE', name: 'ci-bot', fullName: 'CI Bot', notifyOwnEvents: false },
        { disabled: false, type: 'ORDINARY', name: 'kim', fullName: 'Kim Tran', notifyOwnEvents: false },
        { disabled: false, type: 'ORDINARY', name: 'robin', fullName: 'Robin Shen', notifyOwnEvents: false },
        { disabled: false, type: 'ORDINARY', name: 'sam', fullName: 'Sam Okafor', notifyOwnEvents: true },
      ],
    },
    {
      since: 'v14.1.0',
      summary: 'A page of accounts',
      value: [
        { id: 9, disabled: true, type: 'ORDINARY', name: 'alice', fullName: null, notifyOwnEvents: true },
        { id: 12, disabled: false, type: 'SERVICE', name: 'ci-bot', fullName: 'CI Bot', notifyOwnEvents: false },
        { id: 5, disabled: false, type: 'ORDINARY', name: 'kim', fullName: 'Kim Tran', notifyOwnEvents: false },
        { id: 3, disabled: false, type: 'ORDINARY', name: 'robin', fullName: 'Robin Shen', notifyOwnEvents: false },
        { id: 7, disabled: false, type: 'ORDINARY', name: 'sam', fullName: 'Sam Okafor', notifyOwnEvents: true },
      ],
      changes: [{ since: 'v15.1.7', set: { aiSetting: null } }],
    },
  ],
  UserCreateData: {
    summary: 'Create a person\'s account',
    value: {
      serviceAccount: false,
      name: 'jdoe',
      password: 'c0rrect-Horse-battery',
      fullName: 'Jane Doe',
      emailAddress: 'jane.doe@example.com',
      notifyOwnEvents: false,
    },
    changes: [{ since: 'v13.1.3', drop: ['serviceAccount'], set: { type: 'ORDINARY' } }],
  },
  UserUpdateData: {
    summary: 'Rename an account, keeping its other settings',
    value: { name: 'jane', fullName: 'Jane Doe', notifyOwnEvents: false },
    changes: [{ since: 'v16.5.0', set: { keepEmailAddressesPrivate: true } }],
  },
  AiSetting: {
    since: 'v15.1.7',
    summary: 'An AI account talking to an OpenAI-compatible model',
    value: aiSetting,
    changes: [
      { since: 'v16.2.3', set: { proactive: false } },
      { since: 'v16.3.0', set: { maxLoopCount: 3 } },
      { since: 'v16.4.0', set: { pullRequestAssigneeResponsibilities: ['FIX_FAILED_BUILDS', 'RESOLVE_MERGE_CONFLICTS'] } },
    ],
  },
  AiModelSetting: { since: 'v15.1.7', summary: 'An OpenAI model', value: aiSetting.modelSetting },

  // What belongs to a user
  UserAccessTokenList: {
    summary: 'Access tokens of user 3',
    value: [
      {
        id: 8,
        name: 'ci',
        ownerId: 3,
        value: 'Vf3k9QmT2xLr7Hc1Np8Zs4Wd6Jy0Ba5E',
        hasOwnerPermissions: false,
        createDate: '2025-06-12T08:30:00.000+00:00',
        expireDate: '2026-06-12T00:00:00.000+00:00',
      },
      {
        id: 11,
        name: 'laptop',
        ownerId: 3,
        value: 'Qw7Er2Ty9Ui4Op1As6Df3Gh8Jk5Lz0Xc',
        hasOwnerPermissions: true,
        createDate: '2025-07-01T10:00:00.000+00:00',
        expireDate: null,
      },
    ],
  },
  UserEmailAddressList: {
    summary: 'Email addresses of user 3',
    value: [
      { id: 14, value: 'robin@example.com', primary: true, git: true, open: false, ownerId: 3 },
      { id: 15, value: 'robin.shen@example.org', primary: false, git: false, open: true, ownerId: 3 },
    ],
    changes: [{ since: 'v16.5.0', drop: ['git', 'open'] }],
  },
  UserAuthorizationList: {
    summary: 'Roles user 3 holds on two projects',
    value: [
      { id: 52, projectId: 7, userId: 3, roleId: 2 },
      { id: 53, projectId: 12, userId: 3, roleId: 1 },
    ],
  },
  UserMembershipList: {
    summary: 'Groups user 3 belongs to',
    value: [
      { id: 31, userId: 3, groupId: 5 },
      { id: 40, userId: 3, groupId: 6 },
    ],
  },
  UserPullRequestReviewList: { until: 'v16.2.1', summary: 'Reviews of user 3', value: reviews },
  UserPullRequestReviewRecordList: { since: 'v16.2.1', summary: 'Reviews of user 3, with their record ids', value: reviews },
  UserPullRequestAssignmentList: { until: 'v16.2.1', summary: 'Pull requests user 3 is assigned to', value: assignments },
  UserPullRequestAssignmentRecordList: {
    since: 'v16.2.1',
    summary: 'Pull requests user 3 is assigned to, with the record ids',
    value: assignments,
  },
  UserPullRequestWatchList: {
    summary: 'Pull requests user 3 watches or ignores',
    value: [
      { id: 79, requestId: 42, userId: 3, watching: true },
      { id: 84, requestId: 39, userId: 3, watching: false },
    ],
  },
  UserIssueVoteList: {
    summary: 'Votes of user 3',
    value: [{ id: 26, issueId: 1543, userId: 3, date: '2025-07-02T01:17:45.903+00:00' }],
  },
  UserIssueWatchList: {
    summary: 'Issues user 3 watches or ignores',
    value: [
      { id: 88, issueId: 1543, userId: 3, watching: true },
      { id: 95, issueId: 1520, userId: 3, watching: false },
    ],
  },
  UserSshKeyList: { summary: 'SSH keys of user 3', value: [{ id: 12, content, ownerId: 3 }] },

  // Saved queries
  QueriesAndWatches: {
    summary: 'Saved queries of user 3 and what they watch',
    value: {
      projectQueries: [{ name: 'My projects', query: 'owned by me' }],
      issueQueries: [{ name: 'Assigned to me', query: '"Assignees" is me and "State" is "Open"' }],
      issueQueryWatches: { 'g:Open': false, 'p:Assigned to me': true },
      pullRequestQueries: [{ name: 'To review', query: 'to be reviewed by me' }],
      pullRequestQueryWatches: { 'p:To review': true },
      buildQueries: [{ name: 'Failed', query: 'failed' }],
      buildQuerySubscriptions: ['p:Failed'],
    },
    changes: [
      {
        since: 'v15.0.0',
        set: { packQueries: [], packQuerySubscriptions: [], workspaceQueries: [], workspaceQuerySubscriptions: [] },
      },
    ],
  },
  BuildQueryPersonalizationList: {
    summary: 'Build queries of user 3 in project 7',
    value: [
      {
        id: 4,
        projectId: 7,
        userId: 3,
        queries: [{ name: 'Release builds', query: '"Job" is "release"' }],
        querySubscriptions: ['p:Release builds'],
      },
    ],
  },
  CodeCommentQueryPersonalizationList: {
    summary: 'Code comment queries of user 3 in project 7',
    value: [{ id: 5, projectId: 7, userId: 3, queries: [{ name: 'Mine', query: 'created by me' }] }],
  },
  CommitQueryPersonalizationList: {
    summary: 'Commit queries of user 3 in project 7',
    value: [
      {
        id: 6,
        projectId: 7,
        userId: 3,
        queries: [{ name: 'Main branch', query: 'branch(main)' }],
        querySubscriptions: ['p:Main branch'],
      },
    ],
  },
  IssueQueryPersonalizationList: {
    summary: 'Issue queries of user 3 in project 7',
    value: [
      {
        id: 7,
        projectId: 7,
        userId: 3,
        queries: [{ name: 'Bugs', query: '"Type" is "Bug"' }],
        queryWatches: { 'p:Bugs': true, 'g:Open': false },
      },
    ],
  },
  PullRequestQueryPersonalizationList: {
    summary: 'Pull request queries of user 3 in project 7',
    value: [
      {
        id: 8,
        projectId: 7,
        userId: 3,
        queries: [{ name: 'Into main', query: '"Target Branch" is "main"' }],
        queryWatches: { 'p:Into main': true },
      },
    ],
  },
  WorkspaceQueryPersonalizationList: {
    since: 'v15.0.0',
    summary: 'Workspace queries of user 3 in project 7',
    value: [{ id: 9, projectId: 7, userId: 3, queries: [{ name: 'Active', query: 'active' }], querySubscriptions: [] }],
  },

  // Email addresses
  EmailAddress: {
    summary: 'The primary address of user 3',
    value: { id: 14, value: 'robin@example.com', primary: true, git: true, open: false, ownerId: 3 },
    changes: [{ since: 'v16.5.0', drop: ['git', 'open'] }],
  },
  EmailAddressCreate: { summary: 'Add an address to user 3', value: { value: 'robin.shen@example.org', ownerId: 3 } },
  EmailAddressId: { summary: 'Id of email address 14, as the whole body', value: 14 },
  EmailAddressVerified: { summary: 'The address is verified', value: true },

  // Project roles
  UserAuthorization: { summary: 'User 3 holds role 2 on project 7', value: { id: 52, projectId: 7, userId: 3, roleId: 2 } },
  UserAuthorizationCreate: { summary: 'Give user 3 role 2 on project 7', value: { projectId: 7, userId: 3, roleId: 2 } },
  GroupAuthorization: { summary: 'Group 5 holds role 2 on project 7', value: { id: 44, projectId: 7, groupId: 5, roleId: 2 } },
  GroupAuthorizationCreate: { summary: 'Give group 5 role 2 on project 7', value: { projectId: 7, groupId: 5, roleId: 2 } },
};
