import type { Field, SchemaTable } from '../model.js';

/**
 * Users and what hangs off them, read from OneDev's UserResource, EmailAddressResource and
 * UserAuthorizationResource and the entities they return, at each tag. The account summary kept
 * one set of properties under two Java names (BasicSetting until v12.0.0, then UserData); it is
 * `UserData` here in every release, so clients keep one type.
 */

const id = (what: string): Field => ({ type: 'int64', readOnly: true, description: `Id of the ${what}.` });

/** The `g:`/`p:` key convention of saved-query watches and subscriptions. */
const QUERY_KEYS =
  'Keys name saved queries: `g:<name>` for a query shared by the server (or, per project, by the ' +
  'project), `p:<name>` for one of the user\'s own.';

const LOGIN_NAME_PATTERN = { pattern: '^\\w[\\w.-]*$' };

/** The project and user of a per-project query personalization. */
const PERSONALIZATION_OWNER: Record<string, Field> = {
  projectId: { type: 'int64', description: 'Id of the project the personal queries belong to.' },
  userId: { type: 'int64', description: 'Id of the user.' },
};

const namedQuery = (what: string, example: string): Record<string, Field> => ({
  name: { type: 'string', description: `Name of the saved ${what} query, as its menu shows it.` },
  query: {
    type: 'string',
    nullable: true,
    description: `The ${what} query text, e.g. \`${example}\`; null matches everything.`,
  },
});

export const userSchemas: SchemaTable = {
  // ----- the account ---------------------------------------------------------------------------
  UserData: {
    kind: 'object',
    usage: 'response',
    description:
      'A user account as the User operations show it: a summary the server builds, without ' +
      'password, email addresses or settings. OneDev\'s code names it BasicSetting before v12.0.0 ' +
      'and UserData after; the properties did not change then.',
    fields: {
      id: {
        since: 'v14.1.0',
        type: 'int64',
        readOnly: true,
        description:
          'Id of the user: what other operations take as `userId`, `ownerId` and the like. Servers ' +
          'before v14.1.0 leave it out (look the id up by login name with Get User Id).',
      },
      disabled: {
        type: 'boolean',
        description: 'Whether the account is disabled: a disabled user can neither sign in nor use the API.',
      },
      serviceAccount: {
        until: 'v13.1.3',
        type: 'boolean',
        description:
          'Whether this is a service account: an account for scripts and integrations that works ' +
          'with access tokens only, without password or email addresses.',
      },
      type: {
        since: 'v13.1.3',
        type: { enum: ['ORDINARY', 'SERVICE', 'AI'] },
        description:
          'Kind of account. `ORDINARY`: a person, signing in with a password or through SSO; ' +
          '`SERVICE`: a service account for scripts and integrations (access tokens only, no ' +
          'password, no email addresses); `AI`: an AI agent that works on issues and pull requests.',
      },
      name: { type: 'string', description: 'Login name, unique on the server.' },
      fullName: { type: 'string', nullable: true, description: 'Display name, or null when none is set.' },
      notifyOwnEvents: {
        type: 'boolean',
        description:
          'Whether the user also gets notifications about what they did themselves. Always false ' +
          'for service accounts.',
      },
      aiSetting: {
        since: 'v15.1.7',
        type: { ref: 'AiSetting' },
        nullable: true,
        description:
          'Model and behaviour of an `AI` account; null for every other kind. Includes the ' +
          'model\'s API key in clear text.',
      },
    },
  },

  UserCreateData: {
    kind: 'object',
    usage: 'request',
    description:
      'A new account. The server first checks the body with its validation rules: a failure is ' +
      'refused as a validation failure (see the operation\'s errors).',
    fields: {
      serviceAccount: {
        until: 'v13.1.3',
        type: 'boolean',
        description:
          '`true` creates a service account, which keeps no password, email address or ' +
          'notification choice. Defaults to false.',
      },
      type: {
        since: 'v13.1.3',
        type: { enum: ['ORDINARY', 'SERVICE', 'AI'] },
        requiredOnCreate: true,
        description:
          'Kind of account to create: `ORDINARY` (a person), `SERVICE` (scripts and integrations) ' +
          'or `AI` (an AI agent). Has no default: leaving it out makes the creation fail.',
      },
      name: {
        type: 'string',
        requiredOnCreate: true,
        constraints: LOGIN_NAME_PATTERN,
        description:
          'Login name: a letter, digit or underscore, then letters, digits, `_`, `-` or `.`; ' +
          '`new`, `onedev` and `unknown` are reserved. A name another user has is refused ' +
          '(500; 406 from v13.1.7).',
      },
      password: [
        {
          until: 'v12.0.0',
          type: 'string',
          requiredOnCreate: true,
          description:
            'Initial password. Validation asks for it whatever the kind of account, although a ' +
            'service account does not keep it.',
        },
        {
          since: 'v12.0.0',
          until: 'v15.1.7',
          type: 'string',
          requiredOnCreate: true,
          description:
            'Initial password; must satisfy the password policy of the Security Setting. ' +
            'Validation asks for it whatever the kind of account, although only a person\'s ' +
            'account keeps it.',
        },
        {
          // `@DependsOn(type=ORDINARY)` beside `@NotEmpty` from v15.1.7: checked only for a person's account.
          since: 'v15.1.7',
          type: 'string',
          requiredWhen: { property: 'type', values: ['ORDINARY'] },
          description:
            'Initial password of an `ORDINARY` account; it must satisfy the password policy of the ' +
            'Security Setting. Ignored for the other kinds.',
        },
      ],
      fullName: { type: 'string', nullable: true, description: 'Display name; null or left out for none.' },
      emailAddress: [
        {
          until: 'v15.1.7',
          type: 'string',
          requiredOnCreate: true,
          description:
            'Primary email address of a person\'s account, verified from the start. Validation ' +
            'asks for a well-formed address whatever the kind of account (a service or AI account ' +
            'does not keep it). An address another user has is refused (500; 406 from v13.1.7).',
        },
        {
          since: 'v15.1.7',
          type: 'string',
          requiredWhen: { property: 'type', values: ['ORDINARY'] },
          description:
            'Primary email address of an `ORDINARY` account, verified from the start; ignored for ' +
            'the other kinds. An address another user has is refused with 406.',
        },
      ],
      notifyOwnEvents: {
        type: 'boolean',
        description:
          'Whether the user also gets notifications about their own actions. Defaults to false; ' +
          'only a person\'s account keeps it.',
      },
      aiSetting: {
        // `@DependsOn(type=AI)` beside `@NotNull`.
        since: 'v15.1.7',
        type: { ref: 'AiSetting' },
        requiredWhen: { property: 'type', values: ['AI'] },
        description: 'Model and behaviour of an `AI` account; ignored for the other kinds.',
      },
    },
  },

  UserUpdateData: {
    kind: 'object',
    usage: 'request',
    description:
      'New login name, display name and notification choice of a user (a `fullName` left out ' +
      'clears the display name, a `notifyOwnEvents` left out turns the notifications off). ' +
      'OneDev\'s code names it BasicSettingUpdateData before v12.0.0.',
    fields: {
      name: {
        type: 'string',
        requiredOnCreate: true,
        constraints: LOGIN_NAME_PATTERN,
        description:
          'Login name; send the current one to keep it. Same rules as on creation; a name another ' +
          'user has is refused (500; 406 from v13.1.7). A new name is carried over to the places ' +
          'that refer to the user by name.',
      },
      fullName: { type: 'string', nullable: true, description: 'Display name; null or left out clears it.' },
      notifyOwnEvents: {
        type: 'boolean',
        description:
          'Whether the user also gets notifications about their own actions; left out means false. ' +
          'Ignored for service accounts.',
      },
      keepEmailAddressesPrivate: {
        since: 'v16.5.0',
        type: 'boolean',
        nullable: true,
        description:
          'Whether the user\'s email addresses stay hidden: commits the server makes for the user ' +
          'then carry `<login name>@<no-reply domain>` instead of the primary address. Null or ' +
          'left out keeps the current choice.',
      },
    },
  },

  // ----- AI accounts ---------------------------------------------------------------------------
  AiSetting: {
    since: 'v15.1.7',
    kind: 'object',
    description: 'How an `AI` account works: the language model it talks to and what it may do on its own.',
    fields: {
      modelSetting: {
        type: { ref: 'AiModelSetting' },
        nullable: true,
        description: 'The language model the account uses; null until one is configured.',
      },
      entitleToAll: {
        type: 'boolean',
        description:
          'Whether every user and project may call on this AI account. When false, only users, ' +
          'groups and projects entitled to it explicitly (in the web UI) may; administrators always may.',
      },
      systemPrompt: {
        type: 'string',
        nullable: true,
        description: 'Extra instructions given to the model in every conversation, or null for none.',
      },
      pullRequestAssigneeResponsibilities: {
        since: 'v16.4.0',
        type: { array: { enum: ['MERGE_IF_ACCEPTABLE', 'FIX_FAILED_BUILDS', 'RESOLVE_MERGE_CONFLICTS'] } },
        description:
          'What the account does with pull requests assigned to it, also those opened by people: ' +
          'merge them when acceptable, fix failed builds, resolve merge conflicts. Defaults to ' +
          '`FIX_FAILED_BUILDS` and `RESOLVE_MERGE_CONFLICTS`.',
      },
      proactive: {
        since: 'v16.2.3',
        type: 'boolean',
        description:
          'Whether the account follows the comments of issues and pull requests it takes part in ' +
          'and acts when it sees a need, without being asked. Defaults to false.',
      },
      maxLoopCount: {
        since: 'v16.3.0',
        type: 'int32',
        description:
          'How many rounds the account may go through on one task before it stops (a guard ' +
          'against prompts that make it loop). Defaults to 3; values below 1 count as 3.',
      },
    },
  },

  AiModelSetting: {
    since: 'v15.1.7',
    kind: 'object',
    description: 'A chat model behind an OpenAI-compatible API (chat completions).',
    fields: {
      baseUrl: {
        type: 'string',
        nullable: true,
        description:
          'Base URL of the OpenAI-compatible endpoint, e.g. `https://api.openai.com/v1`; it must ' +
          'support HTTP/2. Expected to be set.',
      },
      apiKey: {
        type: 'string',
        nullable: true,
        description: 'API key sent to the endpoint, or null for none. Stored and returned in clear text.',
      },
      name: { type: 'string', nullable: true, description: 'Model name, e.g. `gpt-4.1`. Expected to be set.' },
      timeoutSeconds: {
        type: 'int32',
        description: 'Seconds to wait for an answer of the model. Defaults to 30; the web UI asks for at least 5.',
      },
    },
  },

  // ----- email addresses -----------------------------------------------------------------------
  EmailAddress: {
    kind: 'object',
    description:
      'One email address of a user. A user has one primary address (where notifications go); ' +
      'an address can belong to one user only. Whether an address is verified is read with ' +
      'Is Email Address Verified (Get Verified before v12.0.0).',
    requests: ['create'],
    fields: {
      id: id('email address'),
      value: {
        type: 'string',
        requiredOnCreate: true,
        description:
          'The address. The server stores it in lower case; it must be well formed (a validation ' +
          'failure) and not belong to any user.',
      },
      primary: {
        type: 'boolean',
        readOnly: true,
        description:
          'Whether this is the user\'s primary address. A user\'s first address becomes primary; ' +
          'move the mark with Set As Primary.',
      },
      git: {
        until: 'v16.5.0',
        type: 'boolean',
        readOnly: true,
        description:
          'Whether this is the address written into commits the server makes for the user (web ' +
          'edits, merges). A user\'s first address gets the mark; move it with Use For Git Operations.',
      },
      open: {
        until: 'v16.5.0',
        type: 'boolean',
        readOnly: true,
        description:
          'Whether the address is public: shown to other users. At most one address of a user is ' +
          'public; from v12.0.0 Set As Public and Set As Private change it.',
      },
      ownerId: {
        type: 'int64',
        immutable: true,
        requiredOnCreate: true,
        description: 'Id of the user the address belongs to.',
      },
    },
  },

  // ----- project roles of users ----------------------------------------------------------------
  UserAuthorization: {
    kind: 'object',
    description:
      'A role a user holds on one project, granted personally (besides roles through groups, ' +
      'default roles and access tokens). A user holds a given role on a project at most once.',
    requests: ['create'],
    fields: {
      id: id('user authorization'),
      projectId: { type: 'int64', requiredOnCreate: true, description: 'Id of the project the role applies to.' },
      userId: { type: 'int64', requiredOnCreate: true, description: 'Id of the user holding the role.' },
      roleId: { type: 'int64', requiredOnCreate: true, description: 'Id of the role granted.' },
    },
  },

  // ----- records listed per user ---------------------------------------------------------------
  // From v16.2.1 the PullRequestReview/PullRequestAssignment schemas describe the Pull Request
  // group's id-less lists; the user's lists still return the stored records, id included.
  PullRequestReviewRecord: {
    since: 'v16.2.1',
    kind: 'object',
    description:
      'A stored review slot of a pull request, with its record id, as Get Pull Request Reviews ' +
      'of a user lists it (reviewers taken off the request included, with status `EXCLUDED`).',
    fields: {
      id: id('review'),
      userId: { type: 'int64', description: 'Id of the reviewer.' },
      requestId: { type: 'int64', description: 'Id of the reviewed pull request.' },
      status: {
        type: { enum: ['PENDING', 'APPROVED', 'REQUESTED_FOR_CHANGES', 'EXCLUDED'] },
        description:
          'Where the review stands: `PENDING` (asked, no answer yet), `APPROVED`, ' +
          '`REQUESTED_FOR_CHANGES`, or `EXCLUDED` (taken off the request).',
      },
      statusDate: { type: 'date-time', description: 'When the status was last set.' },
    },
  },
  PullRequestAssignmentRecord: {
    since: 'v16.2.1',
    kind: 'object',
    description:
      'A stored assignment of a user to a pull request, with its record id, as Get Pull Request ' +
      'Assignments of a user lists it.',
    fields: {
      id: id('assignment'),
      userId: { type: 'int64', description: 'Id of the assigned user.' },
      requestId: { type: 'int64', description: 'Id of the pull request.' },
    },
  },

  // ----- saved queries and their watches -------------------------------------------------------
  QueriesAndWatches: {
    kind: 'object',
    description:
      'A user\'s own saved queries of the server-wide lists (projects, issues, pull requests, ' +
      'builds; from v15.0.0 also packages and workspaces) and which saved queries they watch or ' +
      'subscribe to. Set Queries And Watches replaces all of it: send every property (a missing ' +
      'one fails with 500).',
    fields: {
      projectQueries: { type: { array: { ref: 'NamedProjectQuery' } }, description: 'Saved project queries, in menu order.' },
      issueQueries: { type: { array: { ref: 'NamedIssueQuery' } }, description: 'Saved issue queries, in menu order.' },
      issueQueryWatches: {
        type: { map: 'boolean' },
        description:
          'Issue queries whose new matches the user is told about (`true`) or explicitly ignores ' +
          '(`false`). ' + QUERY_KEYS,
      },
      pullRequestQueries: {
        type: { array: { ref: 'NamedPullRequestQuery' } },
        description: 'Saved pull request queries, in menu order.',
      },
      pullRequestQueryWatches: {
        type: { map: 'boolean' },
        description: 'Pull request queries the user watches (`true`) or explicitly ignores (`false`). ' + QUERY_KEYS,
      },
      buildQueries: { type: { array: { ref: 'NamedBuildQuery' } }, description: 'Saved build queries, in menu order.' },
      buildQuerySubscriptions: {
        type: { array: 'string', uniqueItems: true },
        description: 'Build queries whose finished builds the user is notified of. ' + QUERY_KEYS,
      },
      packQueries: {
        since: 'v15.0.0',
        type: { array: { ref: 'NamedPackQuery' } },
        description: 'Saved package queries, in menu order.',
      },
      packQuerySubscriptions: {
        since: 'v15.0.0',
        type: { array: 'string', uniqueItems: true },
        description: 'Package queries whose newly published packages the user is notified of. ' + QUERY_KEYS,
      },
      workspaceQueries: {
        since: 'v15.0.0',
        type: { array: { ref: 'NamedWorkspaceQuery' } },
        description: 'Saved workspace queries, in menu order.',
      },
      workspaceQuerySubscriptions: {
        since: 'v15.0.0',
        type: { array: 'string', uniqueItems: true },
        description: 'Workspace queries the user subscribes to. ' + QUERY_KEYS,
      },
    },
  },

  NamedCodeCommentQuery: {
    kind: 'object',
    description: 'A saved code comment query with a display name.',
    fields: namedQuery('code comment', 'unresolved'),
  },
  NamedCommitQuery: {
    kind: 'object',
    description: 'A saved commit query with a display name.',
    fields: namedQuery('commit', 'authored by me'),
  },
  NamedPackQuery: {
    kind: 'object',
    description: 'A saved package query with a display name.',
    fields: namedQuery('package', '"Type" is "NPM"'),
  },

  BuildQueryPersonalization: {
    kind: 'object',
    description: 'A user\'s own saved build queries of one project, and their build subscriptions there.',
    fields: {
      id: id('personalization'),
      ...PERSONALIZATION_OWNER,
      queries: { type: { array: { ref: 'NamedBuildQuery' } }, description: 'The user\'s saved build queries of the project.' },
      querySubscriptions: {
        type: { array: 'string', uniqueItems: true },
        description: 'Build queries of the project whose finished builds the user is notified of. ' + QUERY_KEYS,
      },
    },
  },
  CodeCommentQueryPersonalization: {
    kind: 'object',
    description: 'A user\'s own saved code comment queries of one project.',
    fields: {
      id: id('personalization'),
      ...PERSONALIZATION_OWNER,
      queries: {
        type: { array: { ref: 'NamedCodeCommentQuery' } },
        description: 'The user\'s saved code comment queries of the project.',
      },
    },
  },
  CommitQueryPersonalization: {
    kind: 'object',
    description: 'A user\'s own saved commit queries of one project, and their commit subscriptions there.',
    fields: {
      id: id('personalization'),
      ...PERSONALIZATION_OWNER,
      queries: { type: { array: { ref: 'NamedCommitQuery' } }, description: 'The user\'s saved commit queries of the project.' },
      querySubscriptions: {
        type: { array: 'string', uniqueItems: true },
        description: 'Commit queries of the project whose new commits the user is notified of. ' + QUERY_KEYS,
      },
    },
  },
  IssueQueryPersonalization: {
    kind: 'object',
    description: 'A user\'s own saved issue queries of one project, and the issue queries they watch there.',
    fields: {
      id: id('personalization'),
      ...PERSONALIZATION_OWNER,
      queries: { type: { array: { ref: 'NamedIssueQuery' } }, description: 'The user\'s saved issue queries of the project.' },
      queryWatches: {
        type: { map: 'boolean' },
        description: 'Issue queries of the project the user watches (`true`) or explicitly ignores (`false`). ' + QUERY_KEYS,
      },
    },
  },
  PullRequestQueryPersonalization: {
    kind: 'object',
    description:
      'A user\'s own saved pull request queries of one project, and the pull request queries they watch there.',
    fields: {
      id: id('personalization'),
      ...PERSONALIZATION_OWNER,
      queries: {
        type: { array: { ref: 'NamedPullRequestQuery' } },
        description: 'The user\'s saved pull request queries of the project.',
      },
      queryWatches: {
        type: { map: 'boolean' },
        description:
          'Pull request queries of the project the user watches (`true`) or explicitly ignores (`false`). ' + QUERY_KEYS,
      },
    },
  },
  WorkspaceQueryPersonalization: {
    since: 'v15.0.0',
    kind: 'object',
    description: 'A user\'s own saved workspace queries of one project, and their subscriptions there.',
    fields: {
      id: id('personalization'),
      ...PERSONALIZATION_OWNER,
      queries: {
        type: { array: { ref: 'NamedWorkspaceQuery' } },
        description: 'The user\'s saved workspace queries of the project.',
      },
      querySubscriptions: {
        type: { array: 'string', uniqueItems: true },
        description: 'Workspace queries of the project the user subscribes to. ' + QUERY_KEYS,
      },
    },
  },
};
