import type { SchemaTable } from '../model.js';

export const buildSchemas: SchemaTable = {
  Build: {
    kind: 'object',
    description:
      'One run of a CI/CD job on a commit. Child records (labels, parameters, dependencies) are ' +
      'not embedded: read them with the Build group\'s sub-resources. The secret job token is ' +
      'never written out.',
    fields: {
      id: { type: 'int64', readOnly: true, description: 'Id of the build (not its number).' },
      numberScopeId: {
        type: 'int64',
        description:
          'Id of the project whose counter issued `number`: the root of the build project\'s fork ' +
          'tree (the project itself when it is not a fork).',
      },
      projectId: { type: 'int64', description: 'Id of the project the build ran in.' },
      agentId: {
        type: 'int64',
        nullable: true,
        description: 'Id of the agent that ran the job; null when no agent executor was involved.',
      },
      submitterId: {
        type: 'int64',
        description:
          'Id of the user who submitted (triggered) the build; `-2` (the built-in unknown user) once ' +
          'that account has been deleted.',
      },
      cancellerId: {
        type: 'int64',
        nullable: true,
        description:
          'Id of the user who cancelled the build; null unless someone cancelled it, `-2` once that ' +
          'account has been deleted.',
      },
      jobName: { type: 'string', description: 'Name of the job in the build spec, e.g. `ci`.' },
      workspacePath: {
        until: 'v15.0.0',
        type: 'string',
        nullable: true,
        description: 'Path of the job workspace on the executor; null until the job has started.',
      },
      // Renamed in v15.0.0 (the Java field became workDirPath); same meaning.
      workDirPath: {
        since: 'v15.0.0',
        type: 'string',
        nullable: true,
        description:
          'Path of the job\'s working directory on the executor; null until the job has started. ' +
          'Called `workspacePath` before v15.0.0.',
      },
      checkoutPaths: [
        {
          until: 'v15.0.0',
          type: { array: 'string' },
          description:
            'Executor-side paths where checkout steps put the repository (workspace path plus each ' +
            'step\'s checkout path); empty until the job reports its workspace, or when it checks out nothing.',
        },
        {
          since: 'v15.0.0',
          type: { array: 'string' },
          description:
            'Executor-side paths where checkout steps put the repository (working directory plus ' +
            'each step\'s checkout path); empty until the job reports its working directory, or when ' +
            'it checks out nothing.',
        },
      ],
      refName: {
        type: 'string',
        description: 'Full Git ref the build ran for, e.g. `refs/heads/main` or `refs/pull/12/merge`.',
      },
      version: {
        type: 'string',
        nullable: true,
        description: 'Version string the job set for the build; null when the job set none.',
      },
      description: {
        type: 'string',
        nullable: true,
        description: 'Markdown description of the build (up to 12000 characters); null when empty.',
        constraints: { maxLength: 12000 },
      },
      uuid: { type: 'string', description: 'Random UUID of the build, used to group its attachments.' },
      number: {
        type: 'int64',
        description: 'Build number shown in the web UI, unique within `numberScopeId`.',
      },
      submitSequence: {
        type: 'int64',
        description: 'How many times the build has been submitted: 1 at first, incremented on each rebuild.',
      },
      commitHash: { type: 'string', description: 'Full SHA-1 of the commit built.' },
      status: {
        type: {
          enum: ['WAITING', 'PENDING', 'RUNNING', 'FAILED', 'CANCELLED', 'TIMED_OUT', 'SUCCESSFUL'],
        },
        description:
          'Current state. `WAITING` (on dependencies), `PENDING` (for an executor) and `RUNNING` are ' +
          'unfinished; the rest are final.',
      },
      paused: { type: 'boolean', description: 'Whether the running job is paused at a pause step.' },
      submitDate: { type: 'date-time', description: 'When the build was submitted.' },
      pendingDate: {
        type: 'date-time',
        nullable: true,
        description: 'When the build last started waiting for an executor; null if it never did.',
      },
      runningDate: {
        type: 'date-time',
        nullable: true,
        description: 'When the job last started running; null if it never ran.',
      },
      finishDate: {
        type: 'date-time',
        nullable: true,
        description: 'When the build reached a final status; null while unfinished.',
      },
      pendingDuration: {
        type: 'int64',
        nullable: true,
        description: 'Milliseconds spent waiting for an executor; null until known.',
      },
      runningDuration: {
        type: 'int64',
        nullable: true,
        description: 'Milliseconds spent running; null until the build has finished running.',
      },
      retryDate: {
        type: 'date-time',
        nullable: true,
        description: 'When the job was last retried after a failure; null if never retried.',
      },
      finishTimeGroups: {
        type: { ref: 'TimeGroups' },
        nullable: true,
        description: 'Day, week and month buckets of `finishDate` used for statistics; null while unfinished.',
      },
      submitReason: {
        type: 'string',
        description:
          "Why the build was submitted, e.g. `Branch 'main' is updated` or `Pull request is " +
          'opened/updated` (up to 1000 characters).',
        constraints: { maxLength: 1000 },
      },
      requestId: {
        type: 'int64',
        nullable: true,
        description: 'Id of the pull request the build verifies; null for builds outside pull requests.',
      },
      issueId: {
        type: 'int64',
        nullable: true,
        description: 'Id of the issue the build was run from; null for builds not triggered via an issue.',
      },
    },
  },

  BuildParam: {
    kind: 'object',
    description:
      'One value of a job parameter a build ran with. A parameter with several values appears once ' +
      'per value; one with no value appears once with a null value.',
    fields: {
      id: { type: 'int64', readOnly: true, description: 'Id of the parameter record.' },
      buildId: { type: 'int64', description: 'Id of the build.' },
      name: { type: 'string', description: 'Parameter name as declared in the job.' },
      // A free string, not an enum: OneDev stores the parameter spec's display name as text, and
      // old rows keep names that no longer exist (see the description).
      type: {
        type: 'string',
        description:
          'Kind of the parameter: the display name of the job parameter spec, spaces included. ' +
          'Current servers write one of 15 names: `Checkbox`, `Text`, `Date`, `Date Time`, ' +
          '`Secret`, `Integer`, `Float`, `Commit`, `Enumeration`, `User`, `Group`, `Issue`, ' +
          '`Iteration`, `Build` and `Pull Request`. It is not a closed set: builds stored before ' +
          'OneDev v10.9.0 may still say `Milestone`, and builds stored before v11.8.0 may still say ' +
          '`Working Period`, because the upgrades that renamed those kinds (data migrations 167 and ' +
          '196) rewrote only the issue fields, not build parameters. Treat an unknown name as text.',
      },
      value: {
        type: 'string',
        nullable: true,
        description:
          'The value as text; null when the parameter has no value. Always `*****` for `Secret` ' +
          'parameters. `Date` and `Date Time` values are epoch milliseconds written as text.',
      },
    },
  },

  BuildDependence: {
    kind: 'object',
    description: 'A dependency edge between two builds: `dependentId` needed `dependencyId` to run.',
    fields: {
      id: { type: 'int64', readOnly: true, description: 'Id of the dependency record.' },
      dependentId: { type: 'int64', description: 'Id of the build that depends on the other.' },
      dependencyId: { type: 'int64', description: 'Id of the build depended on.' },
      requireSuccessful: {
        type: 'boolean',
        description: 'Whether the dependent build only runs when the dependency succeeded.',
      },
      artifacts: {
        type: 'string',
        nullable: true,
        // No `*/` in the text: it would close the doc comments generators write it into.
        description:
          'Patterns of artifacts copied from the dependency, e.g. `dist/*.jar` (`**` stands for any ' +
          'number of directories); null when none.',
      },
      destinationPath: {
        type: 'string',
        nullable: true,
        description: 'Workspace-relative directory the artifacts are copied to; null for the workspace root.',
      },
    },
  },

  BuildLabel: {
    kind: 'object',
    description: 'A label attached to a build.',
    // Created with the Build Label group (issue 12).
    requests: ['create'],
    fields: {
      id: { type: 'int64', readOnly: true, description: 'Id of the label assignment.' },
      buildId: { type: 'int64', requiredOnCreate: true, description: 'Id of the labelled build.' },
      specId: { type: 'int64', requiredOnCreate: true, description: 'Id of the label spec (see the Label Spec group).' },
    },
  },
};
