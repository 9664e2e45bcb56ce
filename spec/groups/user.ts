import type { Cascade, EffectRefusal, EffectSpec, GroupSpec, ReleaseText } from '../model.js';

/**
 * The User group, read from OneDev's UserResource at each tag. v12.0.0 renamed most operations,
 * answered non-administrators with 403 instead of 401, added the password policy and Convert To
 * Service Account, and made Disable/Enable/Convert need an active subscription; v12.0.1 closed Get
 * User Id to anonymous callers; v13.1.3 replaced `serviceAccount` with `type`; v13.1.7 refused
 * taken names with 406; v14.1.0 put `id` into the account summary; v15.0.0 added workspace and
 * package queries; v15.1.7 added AI settings; v16.2.1 changed what the review/assignment lists
 * are described with (the records themselves did not change).
 */

const SELF_OR_ADMIN = 'The user themself, or a site administrator.';
const ADMIN_ONLY = 'Site administrators only.';
/** v11.x refused non-administrators with Shiro's "unauthenticated" error. */
const ADMIN_ONLY_401 = 'Site administrators only; anyone else gets 401, even when signed in.';
const SUBSCRIPTION =
  'Needs an active enterprise subscription: without one the server answers 406 before looking at anything else.';
const VALIDATION_FAILS = 'A body that breaks a validation rule is refused (a validation failure).';
/** v12.0.0 made the operation need an active subscription: a text with and without that sentence. */
const subscriptionFrom12 = (text: string): ReleaseText[] => [
  { value: text, until: 'v12.0.0' },
  { value: `${text} ${SUBSCRIPTION}`, since: 'v12.0.0' },
];
/** v12.0.0 answered non-administrators with 403 instead of Shiro's 401. */
const ADMIN_ONLY_FROM_11: ReleaseText[] = [
  { value: ADMIN_ONLY_401, until: 'v12.0.0' },
  { value: ADMIN_ONLY, since: 'v12.0.0' },
];
/** A login name or email address another user has: ExplicitException (500), NotAcceptableException from v13.1.7. */
const TAKEN_FAILS = 'fails with 500';
const TAKEN_REFUSED = 'is refused (406)';

// ----- effects ---------------------------------------------------------------------------------

/** A login name another user has: ExplicitException (500) until v13.1.7, then 406. */
const NAME_TAKEN: readonly EffectRefusal[] = [
  { until: 'v13.1.7', when: { duplicate: ['name'] }, status: 500, message: 'Login name is already used by another user' },
  { since: 'v13.1.7', when: { duplicate: ['name'] }, status: 406, message: 'Login name is already used by another user' },
];

/** From v12.0.0 Disable, Enable and Convert answer this before anything else on a server without a subscription. */
const NO_SUBSCRIPTION: EffectRefusal = {
  since: 'v12.0.0',
  when: { subscription: true },
  status: 406,
  message: 'This operation requires active subscription',
};

/**
 * Disable, Enable and Convert refuse the path ids up to the root's (1): the root account and the
 * built-in system accounts (-1, -2). UserData carries `id` from v14.1.0, so only from then on can
 * the condition name it.
 */
const NOT_NORMAL_IDS = [1, -1, -2];
const notNormal = (message: string): EffectRefusal => ({
  since: 'v14.1.0',
  when: { property: 'id', in: NOT_NORMAL_IDS },
  status: 400,
  message,
});

/** What goes with a deleted account (the kinds the API lists whose user or owner it was). */
const USER_CASCADE: readonly Cascade[] = [
  { record: 'EmailAddress', field: 'ownerId' },
  { record: 'SshKey', field: 'ownerId' },
  { record: 'AccessToken', field: 'ownerId' },
  { record: 'Membership', field: 'userId' },
  { record: 'UserAuthorization', field: 'userId' },
  { record: 'PullRequestReview', field: 'userId' },
  { record: 'PullRequestAssignment', field: 'userId' },
  { record: 'PullRequestWatch', field: 'userId' },
  { record: 'IssueWatch', field: 'userId' },
  { record: 'IssueVote', field: 'userId' },
  { record: 'IssueWork', field: 'userId' },
  { record: 'IssueQueryPersonalization', field: 'userId' },
  { record: 'PullRequestQueryPersonalization', field: 'userId' },
  { record: 'BuildQueryPersonalization', field: 'userId' },
  { record: 'CommitQueryPersonalization', field: 'userId' },
  { record: 'CodeCommentQueryPersonalization', field: 'userId' },
];
/** Workspace query personalizations exist from v15.0.0; workspaces are listed by the API from v16.3.0. */
const WORKSPACE_QUERY_CASCADE: Cascade = { record: 'WorkspaceQueryPersonalization', field: 'userId' };
const WORKSPACE_CASCADE: Cascade = { record: 'Workspace', field: 'userId' };

/** The root account cannot be deleted (500); the message lost its "can not" in v15.1.0. */
const ROOT_UNDELETABLE: readonly EffectRefusal[] = [
  { since: 'v14.1.0', until: 'v15.1.0', when: { property: 'id', in: [1] }, status: 500, message: 'Root user can not be deleted' },
  { since: 'v15.1.0', when: { property: 'id', in: [1] }, status: 500, message: 'Root user cannot be deleted' },
];
const deleteUser = (cascade: readonly Cascade[]): Pick<EffectSpec, 'changes' | 'refuses'> => ({
  changes: [{ remove: 'UserData', at: { param: 'userId' }, cascade }],
  refuses: ROOT_UNDELETABLE,
});

/** Passwords are stored hashed and never answered. */
const PASSWORD_UNREAD: EffectSpec = { changes: [], none: 'a password is never read back through the API' };

/**
 * A new account, enabled. A person's account also gets its primary email address, which no step
 * here writes: that record's ownerId is the new account's id, which no effect value names.
 */
const MAKE_USER = { create: 'UserData', values: { disabled: { const: false } } } as const;
// The address given becomes the new user's primary one, a record of its own (linked by the user's
// id, which user records carry from v14.1.0).
const MAKE_PRIMARY_ADDRESS = {
  create: 'EmailAddress',
  ifBodyField: 'emailAddress',
  values: { value: { bodyField: 'emailAddress' }, ownerId: { subject: 'id' }, primary: { const: true } },
} as const;
/**
 * A new person's email address that another user has (any of its addresses): refused after the
 * login name's check, like it 500 until v13.1.7 and 406 from then on. Only a person's account is
 * checked (a service account has no address to compare).
 */
const ADDRESS_IN_USE = 'Email address is already used by another user';
const ADDRESS_TAKEN_BY_ANOTHER: readonly EffectRefusal[] = [
  { until: 'v13.1.7', when: { duplicate: ['emailAddress'], of: 'EmailAddress', as: ['value'] }, status: 500, message: ADDRESS_IN_USE },
  { since: 'v13.1.7', when: { duplicate: ['emailAddress'], of: 'EmailAddress', as: ['value'] }, status: 406, message: ADDRESS_IN_USE },
];
const CREATED: readonly EffectSpec[] = [
  { until: 'v14.1.0', changes: [MAKE_USER], refuses: [...NAME_TAKEN, ...ADDRESS_TAKEN_BY_ANOTHER] },
  { since: 'v14.1.0', changes: [MAKE_USER, MAKE_PRIMARY_ADDRESS], refuses: [...NAME_TAKEN, ...ADDRESS_TAKEN_BY_ANOTHER] },
];
const UPDATED: EffectSpec = { changes: [{ update: 'UserData', at: { param: 'userId' } }], refuses: NAME_TAKEN };

export const userGroup: GroupSpec = {
  name: 'User',
  description:
    'User accounts: people, service accounts for scripts, and (from v13.1.3) AI agents. Most ' +
    'operations are for the user themself or for administrators. Start here to find your own ' +
    'user id: Get Me (`GET /users/me`) answers with the account the credentials belong to ' +
    '(from v14.1.0 with its `id`; before, look the id up by login name with Get User Id). ' +
    'The sub-resources list what belongs to a user: access tokens, email addresses, SSH keys, ' +
    'project roles, group memberships, watches, votes and saved queries.',
  operations: [
    // ----- reading accounts --------------------------------------------------------------------
    {
      name: [{ value: 'Get Basic Settings', until: 'v12.0.0' }, { value: 'Get User', since: 'v12.0.0' }],
      method: 'GET',
      path: '/users/{userId}',
      description: [
        { value: 'Reads the summary of one account: login name, display name, kind of account, whether it is disabled.', until: 'v14.1.0' },
        {
          value: 'Reads the summary of one account: its id, login name, display name, kind of account, whether it is disabled.',
          since: 'v14.1.0',
          until: 'v15.1.7',
        },
        {
          value:
            'Reads the summary of one account: its id, login name, display name, kind of account, ' +
            'whether it is disabled, and the settings of an AI account.',
          since: 'v15.1.7',
        },
      ],
      permission: SELF_OR_ADMIN,
      parameters: ['userId'],
      success: { kind: 'json', type: { ref: 'UserData' }, description: 'The account.', example: 'UserData' },
      errors: [401, 403, 404],
    },
    {
      name: [
        { value: 'Get Basic Settings of Current User', until: 'v12.0.0' },
        { value: 'Get Me', since: 'v12.0.0' },
      ],
      until: 'v14.1.0',
      method: 'GET',
      path: '/users/me',
      description:
        'Reads the account the request is authenticated as: the user whose password or access ' +
        'token was sent (for a token, its owner). The answer carries no id on this release: to ' +
        'find your own user id (for `userId`/`ownerId` in other calls), take `name` from here ' +
        'and look it up with Get User Id, `GET /users/ids/{name}`.',
      permission: 'Any signed-in user; an anonymous caller gets 401.',
      success: {
        kind: 'json',
        type: { ref: 'UserData' },
        description: 'The caller\'s own account.',
        example: 'UserDataMe',
      },
      errors: [401],
      answers: 'caller',
    },
    {
      name: 'Get Me',
      since: 'v14.1.0',
      method: 'GET',
      path: '/users/me',
      description:
        'Reads the account the request is authenticated as: the user whose password or access ' +
        'token was sent (for a token, its owner). This is how a script finds its own user id: ' +
        'the answer\'s `id` is the value to pass as `userId`, `ownerId` and the like in other calls.',
      permission: 'Any signed-in user; an anonymous caller gets 401.',
      success: {
        kind: 'json',
        type: { ref: 'UserData' },
        description: 'The caller\'s own account, with its id.',
        example: 'UserDataMe',
      },
      errors: [401],
      answers: 'caller',
    },
    {
      name: [{ value: 'Query Basic Settings', until: 'v12.0.0' }, { value: 'Query Users', since: 'v12.0.0' }],
      method: 'GET',
      path: '/users',
      description:
        'Pages through the accounts in login-name order, optionally only those matching `term`. ' +
        'Built-in system accounts are never listed. A missing `offset` or `count`, or an unknown ' +
        'parameter, is refused as a bad query parameter; one that is not an integer is answered ' +
        'with 404.',
      permission: ADMIN_ONLY,
      parameters: ['userTerm', 'offset', 'countUnlimited'],
      success: {
        kind: 'json',
        type: { array: { ref: 'UserData' } },
        description: 'One page of accounts.',
        example: 'UserDataList',
      },
      errors: [{ status: 400, until: 'v12.0.9' }, 401, 403, 404, { status: 406, since: 'v12.0.9' }],
    },
    {
      name: [{ value: 'Get Id', until: 'v12.0.0' }, { value: 'Get User Id', since: 'v12.0.0' }],
      until: 'v12.0.1',
      method: 'GET',
      path: '/users/ids/{name}',
      description:
        'Looks an account up by its exact login name and answers with its id as a bare JSON number.',
      permission:
        'Any signed-in user; also anonymous callers when the server allows anonymous access. ' +
        'No administrator check is made.',
      parameters: ['userName'],
      success: { kind: 'id', description: 'The id of the user, e.g. `3`.' },
      errors: [401, { status: 404, message: 'HTTP 404 Not Found', meaning: 'No account has that login name.' }],
    },
    {
      name: 'Get User Id',
      since: 'v12.0.1',
      method: 'GET',
      path: '/users/ids/{name}',
      description:
        'Looks an account up by its exact login name and answers with its id as a bare JSON number.',
      permission:
        'Any signed-in user; anonymous callers get 401 even when the server allows anonymous ' +
        'access. No administrator check is made.',
      parameters: ['userName'],
      success: { kind: 'id', description: 'The id of the user, e.g. `3`.' },
      errors: [401, { status: 404, message: 'HTTP 404 Not Found', meaning: 'No account has that login name.' }],
    },

    // ----- what belongs to a user ----------------------------------------------------------------
    {
      name: 'Get Access Tokens',
      method: 'GET',
      path: '/users/{userId}/access-tokens',
      description:
        'Lists the user\'s access tokens, secrets included. The whole list comes back at once; it is not paged.',
      permission: SELF_OR_ADMIN,
      parameters: ['userId'],
      success: {
        kind: 'json',
        type: { array: { ref: 'AccessToken' } },
        description: 'The user\'s access tokens (possibly empty).',
        example: 'UserAccessTokenList',
      },
      errors: [401, 403, 404],
      lists: { fields: ['ownerId'] },
    },
    {
      name: 'Get Email Addresses',
      method: 'GET',
      path: '/users/{userId}/email-addresses',
      description: 'Lists the user\'s email addresses. Service and AI accounts have none.',
      permission: SELF_OR_ADMIN,
      parameters: ['userId'],
      success: {
        kind: 'json',
        type: { array: { ref: 'EmailAddress' } },
        description: 'The user\'s email addresses (possibly empty).',
        example: 'UserEmailAddressList',
      },
      errors: [401, 403, 404],
      lists: { fields: ['ownerId'] },
    },
    {
      name: 'Get Authorizations',
      method: 'GET',
      path: '/users/{userId}/authorizations',
      description:
        'Lists the roles granted to the user personally on projects, one record per project and ' +
        'role (roles through groups or default roles are not listed). Not paged.',
      permission: ADMIN_ONLY,
      parameters: ['userId'],
      success: {
        kind: 'json',
        type: { array: { ref: 'UserAuthorization' } },
        description: 'The user\'s personal project roles (possibly empty).',
        example: 'UserAuthorizationList',
      },
      errors: [401, 403, 404],
    },
    {
      name: 'Get Memberships',
      method: 'GET',
      path: '/users/{userId}/memberships',
      description: 'Lists the groups the user belongs to, as membership records. Not paged.',
      permission: ADMIN_ONLY,
      parameters: ['userId'],
      success: {
        kind: 'json',
        type: { array: { ref: 'Membership' } },
        description: 'The user\'s memberships (possibly empty).',
        example: 'UserMembershipList',
      },
      errors: [401, 403, 404],
    },
    {
      name: 'Get Pull Request Reviews',
      until: 'v16.2.1',
      method: 'GET',
      path: '/users/{userId}/pull-request-reviews',
      description:
        'Lists the user\'s review slots on pull requests, in every state (taken-off ones included). Not paged.',
      permission: SELF_OR_ADMIN,
      parameters: ['userId'],
      success: {
        kind: 'json',
        type: { array: { ref: 'PullRequestReview' } },
        description: 'The user\'s reviews (possibly empty).',
        example: 'UserPullRequestReviewList',
      },
      errors: [401, 403, 404],
    },
    {
      name: 'Get Pull Request Reviews',
      since: 'v16.2.1',
      method: 'GET',
      path: '/users/{userId}/pull-request-reviews',
      description:
        'Lists the user\'s review slots on pull requests, in every state (taken-off ones ' +
        'included), as stored records with their ids. Not paged.',
      permission: SELF_OR_ADMIN,
      parameters: ['userId'],
      success: {
        kind: 'json',
        type: { array: { ref: 'PullRequestReviewRecord' } },
        description: 'The user\'s reviews (possibly empty).',
        example: 'UserPullRequestReviewRecordList',
      },
      errors: [401, 403, 404],
    },
    {
      name: 'Get Issue Votes',
      method: 'GET',
      path: '/users/{userId}/issue-votes',
      description: 'Lists the user\'s votes for issues. Not paged.',
      permission: SELF_OR_ADMIN,
      parameters: ['userId'],
      success: {
        kind: 'json',
        type: { array: { ref: 'IssueVote' } },
        description: 'The user\'s votes (possibly empty).',
        example: 'UserIssueVoteList',
      },
      errors: [401, 403, 404],
    },
    {
      name: 'Get Issue Watches',
      method: 'GET',
      path: '/users/{userId}/issue-watches',
      description:
        'Lists the issues the user explicitly watches or ignores (not those followed by the default rules). Not paged.',
      permission: SELF_OR_ADMIN,
      parameters: ['userId'],
      success: {
        kind: 'json',
        type: { array: { ref: 'IssueWatch' } },
        description: 'The user\'s issue watches (possibly empty).',
        example: 'UserIssueWatchList',
      },
      errors: [401, 403, 404],
    },
    {
      name: 'Get Project Build Query Personalizations',
      method: 'GET',
      path: '/users/{userId}/project-build-query-personalizations',
      description:
        'Lists, per project, the user\'s own saved build queries and build subscriptions. Only ' +
        'projects where the user saved or subscribed to something are listed. Not paged.',
      permission: SELF_OR_ADMIN,
      parameters: ['userId'],
      success: {
        kind: 'json',
        type: { array: { ref: 'BuildQueryPersonalization' } },
        description: 'One record per project (possibly none).',
        example: 'BuildQueryPersonalizationList',
      },
      errors: [401, 403, 404],
    },
    {
      name: 'Get Project Code Comment Query Personalizations',
      method: 'GET',
      path: '/users/{userId}/project-code-comment-query-personalizations',
      description: 'Lists, per project, the user\'s own saved code comment queries. Not paged.',
      permission: SELF_OR_ADMIN,
      parameters: ['userId'],
      success: {
        kind: 'json',
        type: { array: { ref: 'CodeCommentQueryPersonalization' } },
        description: 'One record per project (possibly none).',
        example: 'CodeCommentQueryPersonalizationList',
      },
      errors: [401, 403, 404],
    },
    {
      name: 'Get Project Commit Query Personalizations',
      method: 'GET',
      path: '/users/{userId}/project-commit-query-personalizations',
      description: 'Lists, per project, the user\'s own saved commit queries and commit subscriptions. Not paged.',
      permission: SELF_OR_ADMIN,
      parameters: ['userId'],
      success: {
        kind: 'json',
        type: { array: { ref: 'CommitQueryPersonalization' } },
        description: 'One record per project (possibly none).',
        example: 'CommitQueryPersonalizationList',
      },
      errors: [401, 403, 404],
    },
    {
      // OneDev's own spelling ("Projec") is the help page's name.
      name: 'Get Projec Issue Query Personalizations',
      method: 'GET',
      path: '/users/{userId}/project-issue-query-personalizations',
      description: 'Lists, per project, the user\'s own saved issue queries and issue query watches. Not paged.',
      permission: SELF_OR_ADMIN,
      parameters: ['userId'],
      success: {
        kind: 'json',
        type: { array: { ref: 'IssueQueryPersonalization' } },
        description: 'One record per project (possibly none).',
        example: 'IssueQueryPersonalizationList',
      },
      errors: [401, 403, 404],
    },
    {
      name: 'Get Projec Pull Request Query Personalizations',
      method: 'GET',
      path: '/users/{userId}/project-pull-request-query-personalizations',
      description:
        'Lists, per project, the user\'s own saved pull request queries and pull request query watches. Not paged.',
      permission: SELF_OR_ADMIN,
      parameters: ['userId'],
      success: {
        kind: 'json',
        type: { array: { ref: 'PullRequestQueryPersonalization' } },
        description: 'One record per project (possibly none).',
        example: 'PullRequestQueryPersonalizationList',
      },
      errors: [401, 403, 404],
    },
    {
      name: 'Get Project Workspace Query Personalizations',
      since: 'v15.0.0',
      method: 'GET',
      path: '/users/{userId}/project-workspace-query-personalizations',
      description: 'Lists, per project, the user\'s own saved workspace queries and subscriptions. Not paged.',
      permission: SELF_OR_ADMIN,
      parameters: ['userId'],
      success: {
        kind: 'json',
        type: { array: { ref: 'WorkspaceQueryPersonalization' } },
        description: 'One record per project (possibly none).',
        example: 'WorkspaceQueryPersonalizationList',
      },
      errors: [401, 403, 404],
    },
    {
      name: 'Get Pull Request Assignments',
      until: 'v16.2.1',
      method: 'GET',
      path: '/users/{userId}/pull-request-assignments',
      description: 'Lists the pull requests the user is assigned to, as assignment records. Not paged.',
      permission: SELF_OR_ADMIN,
      parameters: ['userId'],
      success: {
        kind: 'json',
        type: { array: { ref: 'PullRequestAssignment' } },
        description: 'The user\'s assignments (possibly empty).',
        example: 'UserPullRequestAssignmentList',
      },
      errors: [401, 403, 404],
    },
    {
      name: 'Get Pull Request Assignments',
      since: 'v16.2.1',
      method: 'GET',
      path: '/users/{userId}/pull-request-assignments',
      description:
        'Lists the pull requests the user is assigned to, as stored assignment records with their ids. Not paged.',
      permission: SELF_OR_ADMIN,
      parameters: ['userId'],
      success: {
        kind: 'json',
        type: { array: { ref: 'PullRequestAssignmentRecord' } },
        description: 'The user\'s assignments (possibly empty).',
        example: 'UserPullRequestAssignmentRecordList',
      },
      errors: [401, 403, 404],
    },
    {
      name: 'Get Pull Request Watches',
      method: 'GET',
      path: '/users/{userId}/pull-request-watches',
      description: 'Lists the pull requests the user explicitly watches or ignores. Not paged.',
      permission: SELF_OR_ADMIN,
      parameters: ['userId'],
      success: {
        kind: 'json',
        type: { array: { ref: 'PullRequestWatch' } },
        description: 'The user\'s pull request watches (possibly empty).',
        example: 'UserPullRequestWatchList',
      },
      errors: [401, 403, 404],
    },
    {
      name: 'Get Ssh Keys',
      method: 'GET',
      path: '/users/{userId}/ssh-keys',
      description: 'Lists the user\'s public SSH keys. Not paged.',
      permission: SELF_OR_ADMIN,
      parameters: ['userId'],
      success: {
        kind: 'json',
        type: { array: { ref: 'SshKey' } },
        description: 'The user\'s SSH keys (possibly empty).',
        example: 'UserSshKeyList',
      },
      errors: [401, 403, 404],
      lists: { fields: ['ownerId'] },
    },
    {
      name: 'Get Queries And Watches',
      method: 'GET',
      path: '/users/{userId}/queries-and-watches',
      description:
        'Reads the user\'s own saved queries of the server-wide lists, and which saved queries ' +
        'they watch or subscribe to. Change them with Set Queries And Watches.',
      permission: SELF_OR_ADMIN,
      parameters: ['userId'],
      success: {
        kind: 'json',
        type: { ref: 'QueriesAndWatches' },
        description: 'The user\'s saved queries and watches.',
        example: 'QueriesAndWatches',
      },
      errors: [401, 403, 404],
    },

    // ----- creating and changing accounts -------------------------------------------------------
    {
      name: 'Create',
      until: 'v12.0.0',
      method: 'POST',
      path: '/users',
      description:
        'Creates an account: a person\'s (with a password and a verified primary email address) ' +
        'or a service account. ' + VALIDATION_FAILS + ' A login name or email address another ' +
        'user has fails with 500.',
      permission: ADMIN_ONLY_401,
      body: {
        kind: 'json',
        type: { ref: 'UserCreateData' },
        description: 'The new account.',
        example: 'UserCreateData',
      },
      success: { kind: 'id', description: 'The id of the new user.' },
      errors: [400, 401, 500, 'validation'],
      effect: CREATED,
    },
    {
      name: 'Create User',
      since: 'v12.0.0',
      method: 'POST',
      path: '/users',
      description: (
        [
          ['or a service account', TAKEN_FAILS, { until: 'v13.1.3' }],
          ['a service account, or an AI account', TAKEN_FAILS, { since: 'v13.1.3', until: 'v13.1.7' }],
          ['a service account, or an AI account', TAKEN_REFUSED, { since: 'v13.1.7', until: 'v15.1.7' }],
          [
            'a service account, or an AI account',
            // UserCreateData's `@DependsOn` rules (EXT.requiredWhen on the body schema).
            `${TAKEN_REFUSED}. An \`ORDINARY\` account needs \`password\` and \`emailAddress\`, an \`AI\` account \`aiSetting\`; a service account needs neither`,
            { since: 'v15.1.7' },
          ],
        ] as const
      ).map(([kinds, taken, span]) => ({
        ...span,
        value:
          `Creates an account: a person's (with a password and a verified primary email address), ${kinds}. ` +
          `${VALIDATION_FAILS} A login name or email address another user has ${taken}. The creation is recorded in the audit log.`,
      })),
      permission: ADMIN_ONLY,
      body: {
        kind: 'json',
        type: { ref: 'UserCreateData' },
        description: 'The new account.',
        example: 'UserCreateData',
      },
      success: { kind: 'id', description: 'The id of the new user.' },
      // A taken login name or email address: NotAcceptableException from v13.1.7.
      errors: [400, 401, 403, { status: 406, since: 'v13.1.7' }, 500, 'validation'],
      effect: CREATED,
    },
    {
      name: 'Update Basic Settings',
      until: 'v12.0.0',
      method: 'POST',
      path: '/users/{userId}',
      description:
        'Changes the login name, display name and notification choice of an account. ' + VALIDATION_FAILS + ' A login name another ' +
        'user has fails with 500.',
      permission: 'The user themself, or a site administrator; anyone else gets 401, even when signed in.',
      parameters: ['userId'],
      body: {
        kind: 'json',
        type: { ref: 'UserUpdateData' },
        description: 'The new values.',
        update: 'replace',
        example: 'UserUpdateData',
      },
      success: { kind: 'empty', description: 'The account was updated.' },
      errors: [400, 401, 404, 500, 'validation'],
      effect: UPDATED,
    },
    {
      // OneDev's help page spells this one in lower case.
      name: 'Update user',
      since: 'v12.0.0',
      method: 'POST',
      path: '/users/{userId}',
      description: (
        [
          ['', TAKEN_FAILS, { until: 'v13.1.7' }],
          ['', TAKEN_REFUSED, { since: 'v13.1.7', until: 'v16.5.0' }],
          [' (and whether its email addresses stay private; see the body schema)', TAKEN_REFUSED, { since: 'v16.5.0' }],
        ] as const
      ).map(([privacy, taken, span]) => ({
        ...span,
        value:
          `Changes the login name, display name and notification choice of an account${privacy}. ` +
          `${VALIDATION_FAILS} A login name another user has ${taken}. Changes made by an ` +
          'administrator to someone else\'s account are recorded in the audit log.',
      })),
      permission: SELF_OR_ADMIN,
      parameters: ['userId'],
      body: {
        kind: 'json',
        type: { ref: 'UserUpdateData' },
        description: 'The new values.',
        update: 'replace',
        example: 'UserUpdateData',
      },
      success: { kind: 'empty', description: 'The account was updated.' },
      // A taken login name: NotAcceptableException from v13.1.7.
      errors: [400, 401, 403, 404, { status: 406, since: 'v13.1.7' }, 500, 'validation'],
      effect: UPDATED,
    },
    {
      name: [{ value: 'Disable', until: 'v12.0.0' }, { value: 'Disable User', since: 'v12.0.0' }],
      method: 'POST',
      path: '/users/{userId}/disable',
      description: subscriptionFrom12(
        'Disables an account: the user can no longer sign in or use the API. What only an active ' +
        'user needs goes away for good: project roles, group memberships, access tokens, SSH and ' +
        'GPG keys, reviews and assignments, watches, votes and saved queries. Refused with 500 ' +
        '(the message says where) while project or server settings still name the user. The root ' +
        'account (id 1) and the built-in system accounts cannot be disabled (400).',
      ),
      permission: ADMIN_ONLY_FROM_11,
      parameters: ['userId'],
      success: { kind: 'empty', description: 'The account was disabled.' },
      errors: [400, 401, { status: 403, since: 'v12.0.0' }, 404, { status: 406, since: 'v12.0.0' }],
      effect: {
        changes: [{ set: 'UserData', at: { param: 'userId' }, values: { disabled: { const: true } } }],
        refuses: [NO_SUBSCRIPTION, notNormal('Should only disable normal users')],
      },
    },
    {
      name: [{ value: 'Enable', until: 'v12.0.0' }, { value: 'Enable User', since: 'v12.0.0' }],
      method: 'POST',
      path: '/users/{userId}/enable',
      description: subscriptionFrom12(
        'Enables a disabled account again. The root account (id 1) and the built-in system ' +
        'accounts are refused with 400.',
      ),
      permission: ADMIN_ONLY_FROM_11,
      parameters: ['userId'],
      success: { kind: 'empty', description: 'The account was enabled.' },
      errors: [400, 401, { status: 403, since: 'v12.0.0' }, 404, { status: 406, since: 'v12.0.0' }],
      effect: {
        changes: [{ set: 'UserData', at: { param: 'userId' }, values: { disabled: { const: false } } }],
        refuses: [NO_SUBSCRIPTION, notNormal('Should only enable normal users')],
      },
    },
    {
      name: 'Convert To Service Account',
      since: 'v12.0.0',
      method: 'POST',
      path: '/users/{userId}/convert-to-service-account',
      description:
        'Turns a person\'s account into a service account. This cannot be undone and drops ' +
        'what only a person has: password, email addresses, pull request reviews and ' +
        'assignments, watches, votes, saved per-project queries and mentions. The root account ' +
        '(id 1) is refused with 400. ' + SUBSCRIPTION,
      permission: ADMIN_ONLY,
      parameters: ['userId'],
      success: { kind: 'empty', description: 'The account is now a service account.' },
      errors: [400, 401, 403, 404, 406],
      // The account kind was the `serviceAccount` flag until v13.1.3, then `type`.
      effect: [
        {
          until: 'v13.1.3',
          changes: [{ set: 'UserData', at: { param: 'userId' }, values: { serviceAccount: { const: true } } }],
          refuses: [NO_SUBSCRIPTION],
        },
        {
          since: 'v13.1.3',
          changes: [{ set: 'UserData', at: { param: 'userId' }, values: { type: { const: 'SERVICE' } } }],
          refuses: [NO_SUBSCRIPTION, notNormal('Should only convert normal users to service accounts')],
        },
      ],
    },
    {
      name: 'Set Password',
      until: 'v15.1.7',
      method: 'POST',
      path: '/users/{userId}/password',
      description: (
        [
          ['An empty password is', { until: 'v12.0.0' }],
          ['An empty password, and one that breaks the password policy of the Security Setting, is', { since: 'v12.0.0' }],
        ] as const
      ).map(([refused, span]) => ({
        ...span,
        value:
          'Sets the password of an account. An administrator may set anyone\'s. A user setting ' +
          'their own is refused (500) when their account is disabled, is not a person\'s, or signs ' +
          `in through an external system (LDAP, SSO: change it there). ${refused} refused (a ` +
          'validation failure).',
      })),
      permission: SELF_OR_ADMIN,
      parameters: ['userId'],
      body: {
        kind: 'raw-text',
        required: true,
        description: 'The new password.',
        example: 'c0rrect-Horse-battery',
      },
      success: { kind: 'empty', description: 'The password was changed.' },
      errors: [400, 401, 403, 404, 500, 'validation'],
      effect: PASSWORD_UNREAD,
    },
    {
      name: 'Set Password',
      since: 'v15.1.7',
      method: 'POST',
      path: '/users/{userId}/password',
      description:
        'Sets the password of a person\'s account. Refused with 500 for a disabled account or a ' +
        'service or AI account, whoever asks; a user setting their own is also refused when they ' +
        'sign in through an external system (LDAP, SSO: change it there). An empty password, or ' +
        'one that breaks the password policy of the Security Setting, is refused with 400 and the reason.',
      permission: SELF_OR_ADMIN,
      parameters: ['userId'],
      body: {
        kind: 'raw-text',
        required: true,
        description: 'The new password.',
        example: 'c0rrect-Horse-battery',
      },
      success: { kind: 'empty', description: 'The password was changed.' },
      errors: [400, 401, 403, 404, 500, 'validation'],
      effect: PASSWORD_UNREAD,
    },
    {
      name: 'Set Ai Setting',
      since: 'v15.1.7',
      method: 'POST',
      path: '/users/{userId}/ai-setting',
      description:
        'Replaces the model and behaviour settings of an AI account. Refused with 500 for a ' +
        'disabled account or one that is not an AI account. Changes an administrator makes to ' +
        'another account are recorded in the audit log.',
      permission: SELF_OR_ADMIN,
      parameters: ['userId'],
      body: {
        kind: 'json',
        type: { ref: 'AiSetting' },
        description: 'The complete settings.',
        update: 'replace',
        example: 'AiSetting',
      },
      success: { kind: 'empty', description: 'The settings were saved.' },
      errors: [400, 401, 403, 404, 500, 'validation'],
      effect: {
        changes: [{ set: 'UserData', at: { param: 'userId' }, values: { aiSetting: { body: true } } }],
        refuses: [
          // The server's message for a disabled account speaks of a password here.
          { when: { property: 'disabled', in: [true] }, status: 500, message: 'Cannot set password for disabled account' },
          { when: { property: 'type', in: ['ORDINARY', 'SERVICE'] }, status: 500, message: 'Cannot set AI setting for non AI account' },
        ],
      },
    },
    {
      name: 'Reset Two Factor Authentication',
      method: 'DELETE',
      path: '/users/{userId}/two-factor-authentication',
      description:
        'Removes the two-factor authentication set up by a user (for a lost device); they set it ' +
        'up again at their next sign-in if it is required of them. Refused with 500 for a ' +
        'disabled account or one that is not a person\'s.',
      permission: ADMIN_ONLY,
      parameters: ['userId'],
      success: { kind: 'empty', description: 'Two-factor authentication was reset.' },
      errors: [401, 403, 404, 500],
      effect: { changes: [], none: 'a user\'s two-factor setup is not part of anything the API reads' },
    },
    {
      name: 'Set Queries And Watches',
      method: 'POST',
      path: '/users/{userId}/queries-and-watches',
      description:
        'Replaces the user\'s own saved queries of the server-wide lists and their watches and ' +
        'subscriptions: read them with Get Queries And Watches, change them, post them back. ' +
        'Refused with 500 for a disabled account or one that is not a person\'s.',
      permission: SELF_OR_ADMIN,
      parameters: ['userId'],
      body: {
        kind: 'json',
        type: { ref: 'QueriesAndWatches' },
        description: 'Every saved query and watch of the user.',
        update: 'replace',
        example: 'QueriesAndWatches',
      },
      success: { kind: 'empty', description: 'The queries and watches were saved.' },
      errors: [400, 401, 403, 404, 500, 'validation'],
      effect: { changes: [{ setting: 'replace' }] },
    },
    {
      name: 'Add Ssh Key',
      method: 'POST',
      path: '/users/{userId}/ssh-keys',
      description:
        'Registers a public SSH key for the user (the same as Ssh Key Create with this user as ' +
        'owner). The server computes the fingerprint; text that is not an OpenSSH public key, a ' +
        'key already registered, or a disabled account fails with 500.',
      permission: SELF_OR_ADMIN,
      parameters: ['userId'],
      body: {
        kind: 'raw-text',
        required: true,
        description: 'The OpenSSH public key line.',
        example:
          'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIJv2kQeY6Zq3tJ0c4bq4Ylq0WmH1v6Yc3p3n9m2sQe8R robin@laptop',
      },
      success: { kind: 'id', description: 'The id of the new SSH key.' },
      errors: [400, 401, 403, 404, 500, 'validation'],
      effect: {
        changes: [{ create: 'SshKey', values: { content: { body: true }, ownerId: { param: 'userId' } } }],
        // The key's fingerprint is unique: a key registered already fails on the database constraint.
        refuses: [{ when: { duplicate: ['content'] }, status: 500, message: 'could not execute statement' }],
      },
    },
    {
      name: [{ value: 'Delete', until: 'v12.0.0' }, { value: 'Delete User', since: 'v12.0.0' }],
      method: 'DELETE',
      path: '/users/{userId}',
      description:
        'Deletes an account and what belongs to it. Refused with 500 for the root account (id 1), ' +
        'for the caller\'s own account, and while project or server settings still name the user ' +
        '(the message says where).',
      permission: ADMIN_ONLY,
      parameters: ['userId'],
      success: { kind: 'empty', description: 'The account was deleted.' },
      errors: [401, 403, 404, 500],
      effect: [
        { until: 'v15.0.0', ...deleteUser(USER_CASCADE) },
        { since: 'v15.0.0', until: 'v16.3.0', ...deleteUser([...USER_CASCADE, WORKSPACE_QUERY_CASCADE]) },
        { since: 'v16.3.0', ...deleteUser([...USER_CASCADE, WORKSPACE_QUERY_CASCADE, WORKSPACE_CASCADE]) },
      ],
    },
  ],
};
