import type { Field, SchemaTable, Versioned } from '../model.js';

/**
 * A protection rule's `userMatch`. v13.0.0 dropped its default (`anyone`) and its not-empty rule,
 * null then meaning any user; v13.0.2 restored both.
 */
const userMatch = (what: string): Versioned<Field> => [
  { until: 'v13.0.0', type: 'string', description: `${what}.` },
  {
    since: 'v13.0.0',
    until: 'v13.0.2',
    type: 'string',
    nullable: true,
    optional: true,
    description: `${what}; null, or left out of a request, applies the rule to any user.`,
  },
  { since: 'v13.0.2', type: 'string', description: `${what}.` },
];

/**
 * A project's settings as Get Setting / Update Setting carry them (ProjectResource.ProjectSetting),
 * and the beans inside, read from OneDev's model at each tag. The same beans also appear in the
 * Project entity that Get Forks returned from v12.0.0 until v16.0.0 (spec/schemas/project.ts).
 * Named queries, board specs and transition specs reuse the server-wide settings' schemas.
 */
export const projectSettingsSchemas: SchemaTable = {
  ProjectSetting: {
    kind: 'object',
    description:
      'Every setting of one project that lives outside the project record: branch and tag ' +
      'protection, issue, build, package and pull request settings, saved queries, web hooks and ' +
      'plugin settings. Update Setting replaces all of it, so send back a complete value.',
    fields: {
      branchProtections: {
        type: { array: { ref: 'BranchProtection' } },
        description:
          'Branch protection rules of this project, in order; for a branch, the first enabled rule ' +
          'matching it and the user applies, then the parent project\'s rules.',
      },
      tagProtections: {
        type: { array: { ref: 'TagProtection' } },
        description: 'Tag protection rules of this project, in order, applied like branch protection rules.',
      },
      issueSetting: { type: { ref: 'ProjectIssueSetting' }, description: 'Issue list, board and timesheet settings.' },
      buildSetting: {
        type: { ref: 'ProjectBuildSetting' },
        description: 'Job properties and secrets, build retention and the build list\'s settings.',
      },
      packSetting: { type: { ref: 'ProjectPackSetting' }, description: 'The package list\'s settings.' },
      pullRequestSetting: {
        type: { ref: 'ProjectPullRequestSetting' },
        description: 'Pull request defaults (merge strategy, assignees) and saved queries.',
      },
      workspaceSetting: {
        since: 'v15.0.0',
        type: { ref: 'ProjectWorkspaceSetting' },
        description: 'The workspace list\'s settings.',
      },
      namedCommitQueries: {
        type: { array: { ref: 'NamedCommitQuery' } },
        nullable: true,
        description: 'Saved commit queries of the project; null to use the parent project\'s (or the defaults).',
      },
      namedCodeCommentQueries: {
        type: { array: { ref: 'NamedCodeCommentQuery' } },
        nullable: true,
        description: 'Saved code comment queries of the project; null to use the parent project\'s (or the defaults).',
      },
      webHooks: {
        type: { array: { ref: 'WebHook' } },
        description: 'Web hooks: URLs the server posts to when events of the chosen kinds happen in the project.',
      },
      contributedSettings: {
        type: { array: { ref: 'ContributedProjectSetting' } },
        description:
          'Settings of the project contributed by plugins, at most one per `@type` (a later one of ' +
          'the same type replaces an earlier one). A stock server ships the Discord, ntfy and Slack ' +
          'notification plugins; a project that configured none of them has an empty list.',
      },
    },
  },

  // ----- code protection -------------------------------------------------------------------------
  BranchProtection: {
    kind: 'object',
    description: 'A rule restricting what users may do to the branches it covers.',
    fields: {
      enabled: { type: 'boolean', description: 'Whether the rule is in force. New rules start enabled.' },
      branches: {
        type: 'string',
        description:
          'Space-separated branch patterns the rule covers, with `*`, `**` and `?` as wildcards; ' +
          'prefix a pattern with `-` to exclude it. Example: `main release/**`.',
      },
      userMatch: userMatch(
        'Which users the rule applies to, in the user-match language of the web UI (e.g. `anyone`, ' +
          '`user(robin)`, `group(Developers)`, `anyone except group(Admins)`)',
      ),
      preventForcedPush: { type: 'boolean', description: 'Refuse forced pushes to the branches.' },
      preventDeletion: { type: 'boolean', description: 'Refuse deleting the branches.' },
      preventCreation: { type: 'boolean', description: 'Refuse creating branches matching the patterns.' },
      commitSignatureRequired: {
        type: 'boolean',
        description: 'Require a valid signature on the head commit of every update.',
      },
      enforceConventionalCommits: {
        until: 'v14.0.8',
        type: 'boolean',
        description: 'Require commit messages to follow the Conventional Commits format.',
      },
      commitTypes: {
        until: 'v14.0.8',
        type: { array: 'string' },
        description: 'Allowed commit types when Conventional Commits are enforced; empty allows any type.',
      },
      commitScopes: {
        until: 'v14.0.8',
        type: { array: 'string' },
        description: 'Allowed commit scopes when Conventional Commits are enforced; empty allows any scope.',
      },
      checkCommitMessageFooter: {
        until: 'v14.0.8',
        type: 'boolean',
        description: 'Also check the message footer against `commitMessageFooterPattern`.',
      },
      commitMessageFooterPattern: {
        until: 'v14.0.8',
        type: 'string',
        nullable: true,
        description: 'Regular expression the footer must match when the footer is checked; null otherwise.',
      },
      commitTypesForFooterCheck: {
        until: 'v14.0.8',
        type: { array: 'string' },
        description: 'Commit types whose footer is checked; empty checks every type.',
      },
      // v14.0.8 folded the Conventional Commits fields into a pluggable checker.
      commitMessageChecker: {
        since: 'v14.0.8',
        type: { ref: 'CommitMessageChecker' },
        nullable: true,
        description:
          'How messages of non-merge commits are checked; null for no check. Replaced the separate ' +
          'Conventional Commits properties of earlier releases.',
      },
      maxCommitMessageLineLength: {
        type: 'int32',
        nullable: true,
        description: 'Longest allowed line of a commit message (at least 40); null for no limit.',
      },
      disallowedFileTypes: {
        since: 'v13.0.10',
        type: { array: 'string' },
        description: 'File extensions (such as `exe`) that pushes may not add; empty allows every type.',
      },
      reviewRequirement: {
        type: 'string',
        nullable: true,
        description:
          'Who must approve changes to the branches, in the web UI\'s reviewer language (e.g. ' +
          '`robin group(Reviewers):2`); null when no review is required.',
      },
      jobNames: {
        type: { array: 'string' },
        description: 'Jobs whose builds must succeed before changes reach the branches.',
      },
      fileProtections: {
        type: { array: { ref: 'FileProtection' } },
        description: 'Extra review and build requirements for changes to particular files.',
      },
      requireStrictBuilds: {
        type: 'boolean',
        description:
          'When the target branch moves, require the required builds to run again on the pull ' +
          'request\'s new merge commit instead of accepting builds of the previous one.',
      },
    },
  },
  FileProtection: {
    kind: 'object',
    description: 'Review and build requirements for changes to files matching some paths.',
    fields: {
      paths: {
        type: 'string',
        description: 'Space-separated path patterns, with `*`, `**` and `?` as wildcards; `-` excludes.',
      },
      reviewRequirement: {
        type: 'string',
        nullable: true,
        description: 'Who must approve changes to these files, in the reviewer language; null for nobody.',
      },
      jobNames: { type: { array: 'string' }, description: 'Jobs that must succeed for changes to these files.' },
    },
  },
  CommitMessageChecker: {
    since: 'v14.0.8',
    kind: 'family',
    description: 'A check commit messages must pass; `@type` names the kind of check.',
    discriminator: '@type',
    members: ['ConventionalCommitChecker', 'RegexpCommitChecker'],
  },
  ConventionalCommitChecker: {
    since: 'v14.0.8',
    kind: 'object',
    description: 'Requires messages in the Conventional Commits format, optionally with limited types and scopes.',
    discriminator: { property: '@type', value: 'ConventionalCommitChecker' },
    fields: {
      commitTypes: { type: { array: 'string' }, description: 'Allowed commit types; empty allows any type.' },
      commitScopes: { type: { array: 'string' }, description: 'Allowed scopes; empty allows any scope.' },
      checkCommitMessageFooter: {
        type: 'boolean',
        description: 'Also check the message footer against `commitMessageFooterPattern`.',
      },
      commitMessageFooterPattern: {
        type: 'string',
        nullable: true,
        description: 'Regular expression the footer must match when the footer is checked; null otherwise.',
      },
      commitTypesForFooterCheck: {
        type: { array: 'string' },
        description: 'Commit types whose footer is checked; empty checks every type.',
      },
    },
  },
  RegexpCommitChecker: {
    since: 'v14.0.8',
    kind: 'object',
    description: 'Requires messages matching a regular expression.',
    discriminator: { property: '@type', value: 'RegexpCommitChecker' },
    fields: {
      pattern: { type: 'string', description: 'Regular expression a commit message must match.' },
      explanation: {
        type: 'string',
        nullable: true,
        description: 'Text shown to the pusher when a message does not match; null for a generic one.',
      },
    },
  },
  TagProtection: {
    kind: 'object',
    description: 'A rule restricting what users may do to the tags it covers.',
    fields: {
      enabled: { type: 'boolean', description: 'Whether the rule is in force. New rules start enabled.' },
      tags: {
        type: 'string',
        description: 'Space-separated tag patterns, with `*`, `**` and `?` as wildcards; `-` excludes. Example: `v*`.',
      },
      userMatch: userMatch('Which users the rule applies to, in the user-match language (e.g. `anyone`)'),
      preventUpdate: { type: 'boolean', description: 'Refuse moving the tags to another commit.' },
      preventDeletion: { type: 'boolean', description: 'Refuse deleting the tags.' },
      preventCreation: { type: 'boolean', description: 'Refuse creating tags matching the patterns.' },
      commitSignatureRequired: { type: 'boolean', description: 'Require a valid signature on tagged commits.' },
      disallowedFileTypes: {
        since: 'v13.0.10',
        type: { array: 'string' },
        description: 'File extensions (such as `exe`) the tagged commits may not add; empty allows every type.',
      },
    },
  },

  // ----- issues ----------------------------------------------------------------------------------
  ProjectIssueSetting: {
    kind: 'object',
    description:
      'Issue settings of one project. A null list means "use the parent project\'s, or the ' +
      'server-wide default".',
    fields: {
      listFields: {
        type: { array: 'string' },
        nullable: true,
        description: 'Fields shown as columns of the issue list; null to inherit.',
      },
      listLinks: {
        type: { array: 'string' },
        nullable: true,
        description: 'Link names shown in the issue list; null to inherit.',
      },
      boardSpecs: {
        type: { array: { ref: 'BoardSpec' } },
        nullable: true,
        description: 'Issue boards of the project; null to inherit.',
      },
      namedQueries: {
        type: { array: { ref: 'NamedIssueQuery' } },
        nullable: true,
        description: 'Saved issue queries of the project; null to inherit.',
      },
      transitionSpecs: {
        since: 'v15.0.6',
        type: { array: { ref: 'TransitionSpec' } },
        description: 'State transitions of this project, used besides the server-wide ones; empty for none.',
      },
      timesheetSettings: {
        type: { map: { ref: 'TimesheetSetting' } },
        description: 'Timesheets of the project, by name (only where time tracking is on).',
      },
      branchPrefix: {
        since: 'v15.1.0',
        type: 'string',
        nullable: true,
        description: 'Prefix of branch names created for issues; null for the default.',
      },
    },
  },
  TimesheetSetting: {
    kind: 'object',
    description: 'A saved timesheet: which logged work it shows and how it groups it.',
    fields: {
      rowType: {
        type: { enum: ['ISSUES', 'USERS'] },
        description: 'Whether rows are issues or users.',
      },
      issueQuery: {
        type: 'string',
        nullable: true,
        description: 'Issue query selecting the issues whose work is shown; null for all issues.',
      },
      dateRangeType: { type: { enum: ['MONTH', 'WEEK'] }, description: 'Length of the period shown.' },
      groupBy: {
        type: 'string',
        nullable: true,
        description: 'What rows are grouped by (`Project` by default, or an issue field); null for no grouping.',
      },
    },
  },

  // ----- builds ----------------------------------------------------------------------------------
  ProjectBuildSetting: {
    kind: 'object',
    description: 'Build settings of one project: values jobs can use, retention, and the build list.',
    fields: {
      listParams: {
        type: { array: 'string' },
        nullable: true,
        description: 'Job parameters shown as columns of the build list; null to inherit.',
      },
      namedQueries: {
        type: { array: { ref: 'NamedBuildQuery' } },
        nullable: true,
        description: 'Saved build queries of the project; null to inherit.',
      },
      jobProperties: {
        type: { array: { ref: 'JobProperty' } },
        description: 'Properties the build spec can refer to as `@property:<name>@`.',
      },
      jobSecrets: {
        type: { array: { ref: 'JobSecret' } },
        description:
          'Secrets the build spec can refer to as `@secret:<name>@`. Their values are sent in clear ' +
          'text to whoever may manage the project.',
      },
      buildPreservations: {
        type: { array: { ref: 'BuildPreservation' } },
        description: 'Which builds are kept when old builds are cleaned up; empty to keep all.',
      },
      defaultFixedIssueFilters: {
        type: { array: { ref: 'DefaultFixedIssueFilter' } },
        description: 'Default filters of the issues a build shows as fixed, per job.',
      },
      cachePreserveDays: {
        type: 'int32',
        nullable: true,
        description: 'Days a job cache is kept after its last use; null to inherit.',
      },
    },
  },
  JobProperty: {
    kind: 'object',
    description: 'A named value jobs of the project can use.',
    fields: {
      name: { type: 'string', description: 'Name, referred to as `@property:<name>@` in the build spec.' },
      value: { type: 'string', description: 'The value.' },
      archived: {
        type: 'boolean',
        description: 'Archived properties are only visible to builds of old commits that still refer to them.',
      },
    },
  },
  JobSecret: {
    kind: 'object',
    description: 'A secret value jobs of the project can use; hidden from build logs.',
    fields: {
      name: { type: 'string', description: 'Name, referred to as `@secret:<name>@` in the build spec.' },
      value: { type: 'string', description: 'The secret itself, in clear text.' },
      authorization: {
        type: 'string',
        nullable: true,
        description:
          'Which jobs may use the secret, in the job-match language of the web UI (e.g. ' +
          '`on branch "main"`; new secrets start with `on branch "**"`); null lets every job use ' +
          'it, jobs of pull requests from forks included.',
      },
      archived: {
        type: 'boolean',
        description: 'Archived secrets are only visible to builds of old commits that still refer to them.',
      },
    },
  },
  BuildPreservation: {
    kind: 'object',
    description: 'A rule keeping some builds when old builds are deleted.',
    fields: {
      condition: {
        type: 'string',
        nullable: true,
        description: 'Build query selecting the builds to keep; null for all builds.',
      },
      count: {
        type: 'int32',
        nullable: true,
        description: 'How many of the newest matching builds to keep; null for all of them.',
      },
    },
  },
  DefaultFixedIssueFilter: {
    kind: 'object',
    description: 'The issue query a build of some jobs uses by default to show the issues it fixed.',
    fields: {
      jobNames: { type: 'string', description: 'Space-separated job name patterns the filter applies to.' },
      issueQuery: { type: 'string', description: 'Issue query applied to the fixed issues.' },
    },
  },

  // ----- packages, pull requests, workspaces -----------------------------------------------------
  ProjectPackSetting: {
    kind: 'object',
    description: 'Package settings of one project.',
    fields: {
      namedQueries: {
        type: { array: { ref: 'NamedPackQuery' } },
        nullable: true,
        description: 'Saved package queries of the project; null to inherit.',
      },
    },
  },
  ProjectPullRequestSetting: {
    kind: 'object',
    description: 'Pull request settings of one project.',
    fields: {
      namedQueries: {
        type: { array: { ref: 'NamedPullRequestQuery' } },
        nullable: true,
        description: 'Saved pull request queries of the project; null to inherit.',
      },
      defaultMergeStrategy: {
        type: { ref: 'MergeStrategy' },
        nullable: true,
        description: 'Merge strategy new pull requests start with; null to inherit.',
      },
      defaultAssignees: {
        type: { array: 'string' },
        description: 'Login names of users assigned to new pull requests; empty for none.',
      },
      deleteSourceBranchAfterMerge: {
        type: 'boolean',
        nullable: true,
        description: 'Whether a merged pull request\'s source branch is deleted; null to inherit.',
      },
    },
  },
  ProjectWorkspaceSetting: {
    since: 'v15.0.0',
    kind: 'object',
    description: 'Workspace settings of one project.',
    fields: {
      namedQueries: {
        type: { array: { ref: 'NamedWorkspaceQuery' } },
        nullable: true,
        description: 'Saved workspace queries of the project; null to inherit.',
      },
    },
  },

  // ----- web hooks -------------------------------------------------------------------------------
  WebHook: {
    kind: 'object',
    description: 'A URL the server posts a JSON notice to when events of the chosen kinds happen.',
    fields: {
      postUrl: { type: 'string', description: 'URL the notices are posted to.' },
      eventTypes: {
        type: {
          array: {
            enum: [
              'CODE_PUSH',
              'PULL_REQUEST',
              'ISSUE',
              'CODE_COMMENT',
              'BUILD',
              'PACKAGE',
              { value: 'WORKSPACE', since: 'v16.3.0' },
            ],
          },
        },
        description: 'Kinds of events that trigger a notice.',
      },
      secret: {
        type: 'string',
        description: 'Shared secret the server sends with each notice so the receiver can trust it.',
      },
      headers: {
        since: 'v14.1.6',
        type: { array: { ref: 'WebHookHeader' } },
        description: 'Extra HTTP headers sent with each notice.',
      },
    },
  },
  WebHookHeader: {
    since: 'v14.1.6',
    kind: 'object',
    description: 'An HTTP header a web hook sends.',
    fields: {
      name: { type: 'string', description: 'Header name.' },
      value: { type: 'string', description: 'Header value.' },
    },
  },

  // ----- plugin settings -------------------------------------------------------------------------
  ContributedProjectSetting: {
    kind: 'family',
    description:
      'A project setting contributed by a plugin; `@type` is the simple name of its class. The ' +
      'stock server\'s plugins contribute channel notifications to Discord, ntfy and Slack.',
    discriminator: '@type',
    members: ['DiscordNotificationSetting', 'NtfyNotificationSetting', 'SlackNotificationSetting'],
  },
  DiscordNotificationSetting: {
    kind: 'object',
    description: 'Notifications of project events posted to Discord channels through their web hook URLs.',
    discriminator: { property: '@type', value: 'DiscordNotificationSetting' },
    fields: {
      notifications: { type: { array: { ref: 'ChannelNotification' } }, description: 'One entry per channel.' },
    },
  },
  NtfyNotificationSetting: {
    kind: 'object',
    description: 'Notifications of project events posted to ntfy topics.',
    discriminator: { property: '@type', value: 'NtfyNotificationSetting' },
    fields: {
      notifications: { type: { array: { ref: 'ChannelNotification' } }, description: 'One entry per topic.' },
    },
  },
  SlackNotificationSetting: {
    kind: 'object',
    description: 'Notifications of project events posted to Slack channels through incoming web hooks.',
    discriminator: { property: '@type', value: 'SlackNotificationSetting' },
    fields: {
      notifications: { type: { array: { ref: 'ChannelNotification' } }, description: 'One entry per channel.' },
    },
  },
  ChannelNotification: {
    kind: 'object',
    description: 'Which events of the project are posted to one chat channel, each kind optionally filtered by a query.',
    fields: {
      webhookUrl: { type: 'string', description: 'The channel\'s web hook URL (http or https).' },
      issues: { type: 'boolean', description: 'Post issue events.' },
      issueQuery: {
        type: 'string',
        nullable: true,
        description: 'Issue query limiting the issues posted about; null for all.',
      },
      pullRequests: { type: 'boolean', description: 'Post pull request events.' },
      pullRequestQuery: {
        type: 'string',
        nullable: true,
        description: 'Pull request query limiting the pull requests posted about; null for all.',
      },
      builds: { type: 'boolean', description: 'Post build events.' },
      buildQuery: {
        type: 'string',
        nullable: true,
        description: 'Build query limiting the builds posted about; null for all.',
      },
      codePush: { type: 'boolean', description: 'Post pushes.' },
      commitQuery: {
        type: 'string',
        nullable: true,
        description: 'Commit query limiting the pushed commits posted about; null for all.',
      },
      codeComments: { type: 'boolean', description: 'Post code comment events.' },
      codeCommentQuery: {
        type: 'string',
        nullable: true,
        description: 'Code comment query limiting the comments posted about; null for all.',
      },
    },
  },
};
