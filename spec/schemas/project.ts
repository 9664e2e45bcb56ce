import type { Field, SchemaTable } from '../model.js';

/**
 * Projects as the Project, Project Label and Version groups carry them, read from OneDev's
 * Project entity and ProjectResource at each tag. Up to v11.11.x the resource read and wrote the
 * Project entity itself; v12.0.0 switched to the ProjectData bean (which gained `id` in v12.0.1),
 * except Get Forks, which kept answering entities until v16.0.0. From v12.0.0 the entity no
 * longer hid its settings from JSON, so those fork records carry every project setting.
 */

const ID: Field = { type: 'int64', readOnly: true, description: 'Id of the project.' };

const FORKED_FROM: Field = {
  type: 'int64',
  nullable: true,
  description: 'Id of the project this one was forked from; null when it is not a fork.',
};

const PARENT: Field = {
  type: 'int64',
  nullable: true,
  description: 'Id of the parent project; null for a root project.',
};

const NAME: Field = {
  type: 'string',
  requiredOnCreate: true,
  description: 'Name of the project, unique among its siblings (a duplicate is refused with 500).',
};

const PATH: Field = {
  type: 'string',
  readOnly: true,
  description: 'Full path: the names of the parent projects and this project, joined by `/` (e.g. `acme/webapp`).',
};

const DESCRIPTION: Field = {
  type: 'string',
  nullable: true,
  description: 'Markdown description of at most 15000 characters; null when there is none.',
};

const CREATE_DATE: Field = { type: 'date-time', readOnly: true, description: 'When the project was created.' };

const CODE_MANAGEMENT: Field = {
  type: 'boolean',
  description: 'Whether the project has a Git repository with code, pull requests and builds (default `true`).',
};
const PACK_MANAGEMENT: Field = {
  type: 'boolean',
  description: 'Whether the project hosts packages (default `true`).',
};
const ISSUE_MANAGEMENT: Field = {
  type: 'boolean',
  description: 'Whether the project tracks issues (default `true`).',
};
const TIME_TRACKING: Field = {
  type: 'boolean',
  description: 'Whether work on issues is estimated and logged (default `false`; needs a subscription).',
};

const SERVICE_DESK: Field = {
  type: 'string',
  nullable: true,
  description: 'Email address that turns incoming mail into issues of this project; null when unused.',
};

const GIT_PACK_CONFIG: Field = {
  type: { ref: 'GitPackConfig' },
  description: 'Git pack settings used when the server packs the repository.',
};
const CODE_ANALYSIS: Field = {
  type: { ref: 'CodeAnalysisSetting' },
  description: 'Which files the code analysis behind the web UI\'s code navigation looks at.',
};

/** Project entity fields that exist in every release's JSON form. */
const PROJECT_COMMON = {
  id: ID,
  forkedFromId: FORKED_FROM,
  parentId: PARENT,
};

export const projectSchemas: SchemaTable = {
  Project: [
    {
      until: 'v12.0.0',
      kind: 'object',
      description:
        'A project: a Git repository with its issues, pull requests, builds and packages, placed ' +
        'in a tree of projects. Settings are separate (Get Setting).',
      requests: ['create', 'update'],
      fields: {
        ...PROJECT_COMMON,
        name: NAME,
        path: PATH,
        description: DESCRIPTION,
        createDate: CREATE_DATE,
        codeManagement: CODE_MANAGEMENT,
        packManagement: PACK_MANAGEMENT,
        issueManagement: ISSUE_MANAGEMENT,
        timeTracking: TIME_TRACKING,
        gitPackConfig: GIT_PACK_CONFIG,
        codeAnalysisSetting: CODE_ANALYSIS,
        serviceDeskEmailAddress: SERVICE_DESK,
      },
    },
    // Only Get Forks answers this from v12.0.0: the stored entity with all of its settings.
    {
      since: 'v12.0.0',
      until: 'v16.0.0',
      kind: 'object',
      description:
        'A project record as stored, as Get Forks lists them on these releases: the fields of ' +
        'ProjectData plus every setting of the project (the same values Get Setting reads, job ' +
        'secrets included) and a few internal ones.',
      fields: {
        ...PROJECT_COMMON,
        lastEventDateId: {
          until: 'v12.0.3',
          type: 'int64',
          description: 'Id of the internal record holding the project\'s last activity and commit dates.',
        },
        lastActivityDateId: {
          since: 'v12.0.3',
          type: 'int64',
          description: 'Id of the internal record holding the project\'s last activity date.',
        },
        name: NAME,
        path: PATH,
        pathLen: { type: 'int32', description: 'Length of `path`, kept for sorting.' },
        key: {
          type: 'string',
          nullable: true,
          description: 'Project key (two or more upper-case letters) used in references such as `WEB-12`; null when unset.',
        },
        description: DESCRIPTION,
        branchProtections: {
          type: { array: { ref: 'BranchProtection' } },
          description: 'Branch protection rules (see ProjectSetting).',
        },
        tagProtections: { type: { array: { ref: 'TagProtection' } }, description: 'Tag protection rules.' },
        contributedSettings: {
          type: { map: { ref: 'ContributedProjectSetting' } },
          description: 'Plugin settings, keyed by the fully qualified name of their class.',
        },
        createDate: CREATE_DATE,
        workspaceSpecs: {
          since: 'v15.0.0',
          type: { array: { ref: 'WorkspaceSpec' } },
          description: 'Workspace specs of the project, as edited on its workspace settings page, secrets in clear text.',
        },
        codeManagement: CODE_MANAGEMENT,
        packManagement: PACK_MANAGEMENT,
        issueManagement: ISSUE_MANAGEMENT,
        timeTracking: TIME_TRACKING,
        gitPackConfig: GIT_PACK_CONFIG,
        codeAnalysisSetting: CODE_ANALYSIS,
        aiSetting: {
          since: 'v14.1.6',
          type: { ref: 'ProjectAiSetting' },
          description: 'AI settings of the project.',
        },
        serviceDeskEmailAddress: SERVICE_DESK,
        issueSetting: { type: { ref: 'ProjectIssueSetting' }, description: 'Issue settings.' },
        buildSetting: { type: { ref: 'ProjectBuildSetting' }, description: 'Build settings, job secrets included.' },
        pullRequestSetting: { type: { ref: 'ProjectPullRequestSetting' }, description: 'Pull request settings.' },
        packSetting: { type: { ref: 'ProjectPackSetting' }, description: 'Package settings.' },
        workspaceSetting: {
          since: 'v15.0.0',
          type: { ref: 'ProjectWorkspaceSetting' },
          description: 'Workspace settings.',
        },
        namedCommitQueries: {
          type: { array: { ref: 'NamedCommitQuery' } },
          nullable: true,
          description: 'Saved commit queries; null to inherit.',
        },
        namedCodeCommentQueries: {
          type: { array: { ref: 'NamedCodeCommentQuery' } },
          nullable: true,
          description: 'Saved code comment queries; null to inherit.',
        },
        webHooks: { type: { array: { ref: 'WebHook' } }, description: 'Web hooks.' },
      },
    },
  ],

  ProjectData: {
    since: 'v12.0.0',
    kind: 'object',
    description:
      'A project: a Git repository with its issues, pull requests, builds and packages, placed in ' +
      'a tree of projects. Settings are separate (Get Setting). Create and Update send the whole ' +
      'record: a property left out takes its default (a missing `parentId` makes a root project).',
    requests: ['create'],
    fields: {
      id: {
        since: 'v12.0.1',
        type: 'int64',
        readOnly: true,
        description: 'Id of the project (missing from v12.0.0\'s answers).',
      },
      parentId: PARENT,
      forkedFromId: {
        ...FORKED_FROM,
        description:
          'Id of the project this one was forked from; null when it is not a fork. Given on create, ' +
          'the new project starts as a fork (from v13.1.4 with a copy of the repository and of the ' +
          'original\'s settings).',
      },
      name: NAME,
      key: {
        type: 'string',
        nullable: true,
        description:
          'Project key: two or more upper-case letters, unique on the server, used in references ' +
          'such as `WEB-12` instead of `acme/webapp#12`; null (or, from v12.0.9, empty) for none.',
      },
      path: PATH,
      description: DESCRIPTION,
      createDate: CREATE_DATE,
      codeManagement: CODE_MANAGEMENT,
      packManagement: PACK_MANAGEMENT,
      issueManagement: ISSUE_MANAGEMENT,
      timeTracking: TIME_TRACKING,
      serviceDeskEmailAddress: SERVICE_DESK,
      gitPackConfig: { ...GIT_PACK_CONFIG, requiredOnCreate: true },
      codeAnalysisSetting: { ...CODE_ANALYSIS, requiredOnCreate: true },
    },
  },

  GitPackConfig: {
    kind: 'object',
    description:
      'Values for Git\'s `pack.*` settings used when the server packs the repository; null (or ' +
      'left out of a request: every property is optional, `{}` leaves them all to Git) keeps ' +
      'Git\'s default.',
    fields: {
      windowMemory: { type: 'string', nullable: true, optional: true, description: 'Value of `pack.windowMemory`, e.g. `0`.' },
      packSizeLimit: { type: 'string', nullable: true, optional: true, description: 'Value of `pack.packSizeLimit`, e.g. `1g`.' },
      threads: { type: 'string', nullable: true, optional: true, description: 'Value of `pack.threads`, e.g. `0` (one per CPU).' },
      window: { type: 'string', nullable: true, optional: true, description: 'Value of `pack.window`, e.g. `10`.' },
    },
  },
  CodeAnalysisSetting: {
    kind: 'object',
    description: 'Which files the code analysis behind symbol navigation and search covers.',
    fields: {
      analysisFiles: {
        type: 'string',
        nullable: true,
        optional: true,
        description:
          'Space-separated path patterns of the files to analyse; null (or left out of a request) to ' +
          'use the parent project\'s setting (all files for a root project).',
      },
    },
  },
  ProjectAiSetting: {
    since: 'v14.1.6',
    until: 'v16.0.0',
    kind: 'object',
    description: 'AI settings of one project.',
    fields: {
      excludedReviewFiles: {
        type: 'string',
        nullable: true,
        description: 'Path patterns of files the AI reviewer of pull requests skips; null for none.',
      },
    },
  },

  CloneUrl: {
    kind: 'object',
    description: 'The URLs to clone the project\'s repository with.',
    fields: {
      // v13.1.0 appended `.git` to both URLs.
      http: [
        {
          until: 'v13.1.0',
          type: 'string',
          description: 'HTTP(S) clone URL: the server URL followed by the project path, e.g. `https://onedev.example.com/acme/webapp`.',
        },
        {
          since: 'v13.1.0',
          type: 'string',
          description:
            'HTTP(S) clone URL: the server URL followed by the project path and `.git`, e.g. ' +
            '`https://onedev.example.com/acme/webapp.git`.',
        },
      ],
      ssh: [
        {
          until: 'v13.1.0',
          type: 'string',
          description:
            'SSH clone URL: the SSH root URL of the system settings (derived from the server URL when ' +
            'not set) followed by the project path.',
        },
        {
          since: 'v13.1.0',
          type: 'string',
          description:
            'SSH clone URL: the SSH root URL of the system settings (derived from the server URL when ' +
            'not set) followed by the project path and `.git`.',
        },
      ],
    },
  },

  ProjectLabel: {
    kind: 'object',
    description: 'A label attached to a project.',
    requests: ['create'],
    fields: {
      id: { type: 'int64', readOnly: true, description: 'Id of the label attachment.' },
      projectId: {
        type: 'int64',
        immutable: true,
        requiredOnCreate: true,
        description: 'Id of the labelled project.',
      },
      specId: {
        type: 'int64',
        requiredOnCreate: true,
        description: 'Id of the label spec (see the Label Spec group).',
      },
    },
  },

  GitContributor: {
    kind: 'object',
    description: 'One author\'s contributions to the default branch over a period.',
    fields: {
      author: {
        type: { ref: 'PersonIdent' },
        description:
          'The author: name and email as in the commits, or the OneDev account\'s display name and ' +
          'primary email when a verified email address links them. `when` and `tzOffset` hold the ' +
          'time of the request in the server\'s time zone, not a commit time.',
      },
      totalContribution: {
        until: 'v16.2.0',
        type: { ref: 'GitContribution' },
        description: 'Commits and changed lines of the author in the period.',
      },
      totalCommits: {
        since: 'v16.2.0',
        type: 'int32',
        description: 'Number of the author\'s commits in the period.',
      },
      dailyContributions: [
        {
          until: 'v16.2.0',
          type: { map: 'int32' },
          description:
            'Contributions per day, keyed by the day as a number of days since 1970-01-01 (`"20270"` ' +
            'is 2025-07-01); the value counts what `type` asked for. Days without any are left out.',
        },
        {
          since: 'v16.2.0',
          type: { map: 'int32' },
          description:
            'Commits per day, keyed by the day as a number of days since 1970-01-01 (`"20270"` is ' +
            '2025-07-01). Days without commits are left out.',
        },
      ],
    },
  },
  GitContribution: {
    until: 'v16.2.0',
    kind: 'object',
    description: 'Totals of one author\'s commits in a period.',
    fields: {
      commits: { type: 'int32', description: 'Number of commits.' },
      additions: { type: 'int32', description: 'Lines added by them.' },
      deletions: { type: 'int32', description: 'Lines deleted by them.' },
    },
  },

  // The Version group's one bean (until v15.1.0).
  VersionRange: {
    until: 'v15.1.0',
    kind: 'object',
    description: 'A range of versions of a tool that works with this server.',
    fields: {
      minVersion: { type: 'string', nullable: true, description: 'Lowest compatible version; null for no lower bound.' },
      maxVersion: { type: 'string', nullable: true, description: 'Highest compatible version; null for no upper bound.' },
    },
  },
};
