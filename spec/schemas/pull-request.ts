import type { Field, ObjectSchema, SchemaTable } from '../model.js';

/** Concrete change kinds recorded on a pull request's timeline (all subclasses of PullRequestChangeData). */
const CHANGE_DATA_MEMBERS = [
  'PullRequestApproveData',
  'PullRequestAutoMergeChangeData',
  'PullRequestCommentRemovedData',
  'PullRequestDescriptionChangeData',
  'PullRequestDiscardData',
  'PullRequestMergeData',
  'PullRequestMergeStrategyChangeData',
  'PullRequestReferencedFromCodeCommentData',
  'PullRequestReferencedFromIssueData',
  'PullRequestReferencedFromPullRequestData',
  'PullRequestReopenData',
  'PullRequestRequestedForChangesData',
  'PullRequestSourceBranchDeleteData',
  'PullRequestSourceBranchRestoreData',
  'PullRequestTargetBranchChangeData',
  'PullRequestTitleChangeData',
] as const;

/** The abstract base class declares no properties; members add their own. */
const changeDataBase: Record<string, Field> = {};

function changeData(name: string, description: string, fields: Record<string, Field> = {}): ObjectSchema {
  return {
    kind: 'object',
    description,
    discriminator: { property: '@type', value: name },
    fields: { ...changeDataBase, ...fields },
  };
}

const reactionCount = (what: string): Field => ({
  type: 'int32',
  description: `How many users reacted with ${what}.`,
});

export const pullRequestSchemas: SchemaTable = {
  MergeStrategy: {
    kind: 'alias',
    description:
      'How the source branch lands on the target branch: `CREATE_MERGE_COMMIT` always writes a ' +
      'merge commit; `CREATE_MERGE_COMMIT_IF_NECESSARY` fast-forwards when it can and writes a ' +
      'merge commit otherwise; `SQUASH_SOURCE_BRANCH_COMMITS` folds every source commit into one ' +
      'new commit; `REBASE_SOURCE_BRANCH_COMMITS` replays the source commits on top of the target.',
    type: {
      enum: [
        'CREATE_MERGE_COMMIT',
        'CREATE_MERGE_COMMIT_IF_NECESSARY',
        'SQUASH_SOURCE_BRANCH_COMMITS',
        'REBASE_SOURCE_BRANCH_COMMITS',
      ],
    },
  },

  TimeGroups: {
    kind: 'object',
    description:
      'Calendar buckets of one instant, kept for statistics: each value is a count of days since ' +
      '1970-01-01 (in the server\'s time zone) of the day itself, of the Monday starting its week ' +
      'and of the first day of its month.',
    fields: {
      day: { type: 'int32', description: 'Epoch day of the date itself.' },
      week: { type: 'int32', description: 'Epoch day of the Monday on or before the date.' },
      month: { type: 'int32', description: 'Epoch day of the first day of the date\'s month.' },
    },
  },

  LastActivity: {
    kind: 'object',
    description: 'The most recent thing that happened on a pull request, shown in pull request lists.',
    fields: {
      userId: {
        type: 'int64',
        nullable: true,
        description: 'Id of the user who acted; null when the activity was not done by a user.',
      },
      date: { type: 'date-time', description: 'When it happened.' },
      description: {
        type: 'string',
        description: 'Short text naming the activity, e.g. `opened`, `commented` or `added commits`.',
      },
    },
  },

  AutoMerge: {
    kind: 'object',
    description:
      'Auto-merge state of a pull request: when enabled, the server merges the request as soon as ' +
      'every merge condition (reviews, required builds, no conflicts) is met.',
    fields: {
      enabled: { type: 'boolean', description: 'Whether auto merge is switched on.' },
      userId: {
        type: 'int64',
        nullable: true,
        until: 'v12.0.9',
        description: 'Id of the user who last switched auto merge on or off; null if nobody ever did.',
      },
      commitMessage: {
        type: 'string',
        nullable: true,
        description:
          'Commit message to use for the merge or squash commit; null to use the default message ' +
          '(built from the request number and title).',
      },
    },
  },

  MergePreview: {
    kind: 'object',
    description:
      'The result of test-merging the source head into the target head with the request\'s merge ' +
      'strategy. The server computes it in the background after every change to either branch.',
    fields: {
      targetHeadCommitHash: {
        type: 'string',
        description: 'Commit of the target branch the preview was computed against (40 hex digits).',
      },
      headCommitHash: {
        type: 'string',
        description: 'Head commit of the pull request (latest update) the preview was computed for.',
      },
      mergeStrategy: { type: { ref: 'MergeStrategy' }, description: 'Strategy the preview used.' },
      mergeCommitHash: {
        type: 'string',
        nullable: true,
        description:
          'Commit that merging would produce (equal to `headCommitHash` when a fast-forward is ' +
          'possible); null when the branches conflict.',
      },
    },
  },

  PullRequest: {
    kind: 'object',
    description:
      'A pull request: a proposal to bring the commits of a source branch into a target branch. ' +
      'Child records (labels, reviews, assignments, comments, watches, updates, changes, builds) ' +
      'are not embedded; read them with the sub-resources of the Pull Request group.',
    fields: {
      id: { type: 'int64', readOnly: true, description: 'Id of the pull request (not its number).' },
      status: {
        type: { enum: ['OPEN', 'MERGED', 'DISCARDED'] },
        description: 'Whether the request is still open, was merged, or was discarded (closed unmerged).',
      },
      title: {
        type: 'string',
        description: 'Title (up to 255 characters; longer titles are cut).',
        constraints: { maxLength: 255 },
      },
      description: {
        type: 'string',
        nullable: true,
        description: 'Markdown description; null when none was given (up to 100000 characters).',
        constraints: { maxLength: 100000 },
      },
      submitterId: { type: 'int64', description: 'Id of the user who opened the request.' },
      numberScopeId: {
        type: 'int64',
        description:
          'Id of the project whose counter issued `number`: the root of the target project\'s fork ' +
          'tree (the target project itself when it is not a fork).',
      },
      targetProjectId: { type: 'int64', description: 'Id of the project the changes are proposed to.' },
      targetBranch: { type: 'string', description: 'Branch the changes are proposed to, e.g. `main`.' },
      sourceProjectId: {
        type: 'int64',
        nullable: true,
        description: 'Id of the project holding the source branch; null once that project is deleted.',
      },
      sourceBranch: { type: 'string', description: 'Branch holding the proposed commits.' },
      baseCommitHash: {
        type: 'string',
        description: 'Merge base of source and target when the request was opened (40 hex digits).',
      },
      buildCommitHash: {
        type: 'string',
        nullable: true,
        description:
          'Commit that pull request builds run on (the merge preview commit); null when no build ' +
          'commit has been set up yet, e.g. while there are conflicts.',
      },
      submitDate: { type: 'date-time', description: 'When the request was opened.' },
      closeDate: {
        type: 'date-time',
        nullable: true,
        description: 'When the request was last merged or discarded; null if it was never closed.',
      },
      duration: {
        type: 'int64',
        nullable: true,
        description: 'Milliseconds from opening to the last close; null if it was never closed.',
      },
      submitTimeGroups: {
        type: { ref: 'TimeGroups' },
        description: 'Day, week and month buckets of `submitDate`, used for statistics.',
      },
      closeTimeGroups: {
        type: { ref: 'TimeGroups' },
        nullable: true,
        description: 'Day, week and month buckets of `closeDate`; null if the request was never closed.',
      },
      mergeStrategy: {
        type: { ref: 'MergeStrategy' },
        description: 'Strategy used when the request is merged.',
      },
      uuid: {
        type: 'string',
        description: 'Random unique key of the request; it also names the folder of its attachments.',
      },
      number: {
        type: 'int64',
        description: 'Number shown in the web UI (`#128`), unique within `numberScopeId`.',
      },
      commentCount: { type: 'int32', description: 'How many comments the request has.' },
      thumbsUpCount: reactionCount('thumbs up'),
      thumbsDownCount: reactionCount('thumbs down'),
      smileCount: reactionCount('a smile'),
      tadaCount: reactionCount('tada'),
      confusedCount: reactionCount('confused'),
      heartCount: reactionCount('a heart'),
      // The rocket reaction became a tick in v15.1.0.
      rocketCount: { ...reactionCount('a rocket'), until: 'v15.1.0' },
      eyesCount: reactionCount('eyes'),
      tickCount: { ...reactionCount('a tick'), since: 'v15.1.0' },
      descriptionRevisionCount: {
        type: 'int32',
        description: 'How many times the description has been edited after opening.',
      },
      lastActivity: {
        type: { ref: 'LastActivity' },
        description: 'The latest activity on the request.',
      },
      autoMerge: { type: { ref: 'AutoMerge' }, description: 'Auto-merge settings of the request.' },
      codeCommentsUpdateDate: {
        type: 'date-time',
        nullable: true,
        description: 'When a code comment on the request was last added or changed; null if never.',
      },
      checkError: {
        type: 'string',
        nullable: true,
        description:
          'Error met by the server\'s last background check of the request (e.g. a failure to ' +
          'compute the merge preview); null when the check succeeded. While set, the request cannot be merged.',
        constraints: { maxLength: 1024 },
      },
    },
  },

  PullRequestOpenData: {
    kind: 'object',
    description:
      'What is needed to open a pull request. The caller becomes its submitter; the server works ' +
      'out the merge base and the first update itself.',
    usage: 'request',
    fields: {
      targetProjectId: {
        type: 'int64',
        requiredOnCreate: true,
        description: 'Id of the project to merge into.',
      },
      sourceProjectId: {
        type: 'int64',
        requiredOnCreate: true,
        description: 'Id of the project holding the source branch: the target project itself or one of its forks.',
      },
      targetBranch: {
        type: 'string',
        requiredOnCreate: true,
        description: 'Existing branch of the target project to merge into, e.g. `main`.',
      },
      sourceBranch: {
        type: 'string',
        requiredOnCreate: true,
        description: 'Existing branch of the source project holding the changes.',
      },
      title: {
        type: 'string',
        requiredOnCreate: true,
        description: 'Title of the new request (longer than 255 characters is cut).',
      },
      description: {
        type: 'string',
        nullable: true,
        description: 'Markdown description; leave out or null for none.',
      },
      mergeStrategy: {
        type: { ref: 'MergeStrategy' },
        nullable: true,
        description:
          'Merge strategy of the request. Left out, it is `CREATE_MERGE_COMMIT`; sent as null, the ' +
          'target project\'s default strategy applies.',
      },
      // From v12.0.8 the server also takes null for both lists.
      reviewerIds: [
        {
          until: 'v12.0.8',
          type: { array: 'int64' },
          description:
            'Ids of users to ask for a review, in addition to those the branch protection rules ' +
            'require. The submitter may not be among them (406). Defaults to none.',
        },
        {
          since: 'v12.0.8',
          type: { array: 'int64' },
          nullable: true,
          description:
            'Ids of users to ask for a review, in addition to those the branch protection rules ' +
            'require. The submitter may not be among them (406). Left out or null: none.',
        },
      ],
      assigneeIds: [
        {
          until: 'v12.0.8',
          type: { array: 'int64' },
          description:
            'Ids of users to assign. Left out or empty, the target project\'s default assignees are used.',
        },
        {
          since: 'v12.0.8',
          type: { array: 'int64' },
          nullable: true,
          description:
            'Ids of users to assign. Left out, null or empty, the target project\'s default assignees are used.',
        },
      ],
    },
  },

  AutoMergeData: {
    kind: 'object',
    description: 'Switches auto merge of a pull request on or off.',
    usage: 'request',
    fields: {
      enabled: {
        type: 'boolean',
        description: 'True to turn auto merge on, false to turn it off. Left out, it counts as false.',
      },
      commitMessage: {
        type: 'string',
        nullable: true,
        description:
          'Commit message for the merge or squash commit; left out or null to use the default ' +
          'message. When the strategy writes a commit it must satisfy the target branch\'s ' +
          'commit-message rules (406 otherwise).',
      },
    },
  },

  PullRequestLabel: {
    kind: 'object',
    description: 'A label attached to a pull request.',
    // Created by the Pull Request Label group.
    requests: ['create'],
    fields: {
      id: { type: 'int64', readOnly: true, description: 'Id of the label attachment.' },
      requestId: {
        type: 'int64',
        immutable: true,
        requiredOnCreate: true,
        description: 'Id of the labelled pull request.',
      },
      specId: {
        type: 'int64',
        requiredOnCreate: true,
        description: 'Id of the label spec (the label\'s name and colour).',
      },
    },
  },

  PullRequestUpdate: {
    kind: 'object',
    description:
      'One update of a pull request: a new head of the source branch. The first update is made ' +
      'when the request is opened; later ones each time commits are pushed to the source branch.',
    fields: {
      id: { type: 'int64', readOnly: true, description: 'Id of the update.' },
      requestId: { type: 'int64', description: 'Id of the pull request.' },
      headCommitHash: {
        type: 'string',
        description: 'Head commit of the source branch after this update (40 hex digits).',
      },
      targetHeadCommitHash: {
        type: 'string',
        description: 'Head commit of the target branch at the time of the update.',
      },
      date: { type: 'date-time', description: 'When the update was recorded.' },
    },
  },

  PullRequestChange: {
    kind: 'object',
    description:
      'One entry of a pull request\'s activity log: a state change or an edit, who made it and when. ' +
      'What happened is given by `data`, whose `@type` names the kind of change.',
    fields: {
      id: { type: 'int64', readOnly: true, description: 'Id of the change.' },
      requestId: { type: 'int64', description: 'Id of the pull request.' },
      userId: { type: 'int64', description: 'Id of the user who made the change.' },
      date: { type: 'date-time', description: 'When the change was made.' },
      data: { type: { ref: 'PullRequestChangeData' }, description: 'What changed.' },
    },
  },

  PullRequestChangeData: {
    kind: 'family',
    description:
      'The kind of a pull request change and its details. `@type` is the simple class name of the kind.',
    discriminator: '@type',
    members: CHANGE_DATA_MEMBERS,
  },

  PullRequestApproveData: changeData('PullRequestApproveData', 'A reviewer approved the request.'),
  PullRequestAutoMergeChangeData: changeData(
    'PullRequestAutoMergeChangeData',
    'Auto merge was switched on or off.',
    { enabled: { type: 'boolean', description: 'True when auto merge was switched on, false when off.' } },
  ),
  PullRequestCommentRemovedData: changeData(
    'PullRequestCommentRemovedData',
    'A comment of the request was deleted.',
  ),
  PullRequestDescriptionChangeData: changeData(
    'PullRequestDescriptionChangeData',
    'The description was edited.',
    {
      oldDescription: {
        type: 'string',
        description: 'Description before the edit; an empty string when there was none.',
      },
      newDescription: {
        type: 'string',
        description: 'Description after the edit; an empty string when it was removed.',
      },
    },
  ),
  PullRequestDiscardData: changeData('PullRequestDiscardData', 'The request was discarded (closed without merging).'),
  PullRequestMergeData: changeData('PullRequestMergeData', 'The request was closed as merged.', {
    reason: {
      type: 'string',
      nullable: true,
      description:
        'Null when the request was merged through OneDev; a short text when the server found the ' +
        'changes already merged into the target branch by other means.',
    },
  }),
  PullRequestMergeStrategyChangeData: changeData(
    'PullRequestMergeStrategyChangeData',
    'The merge strategy was changed (this also switches auto merge off).',
    {
      oldStrategy: { type: { ref: 'MergeStrategy' }, description: 'Strategy before the change.' },
      newStrategy: { type: { ref: 'MergeStrategy' }, description: 'Strategy after the change.' },
    },
  ),
  PullRequestReferencedFromCodeCommentData: changeData(
    'PullRequestReferencedFromCodeCommentData',
    'A code comment mentioned the request.',
    { commentId: { type: 'int64', description: 'Id of the code comment that mentions the request.' } },
  ),
  PullRequestReferencedFromIssueData: changeData(
    'PullRequestReferencedFromIssueData',
    'An issue mentioned the request.',
    { issueId: { type: 'int64', description: 'Id of the issue that mentions the request.' } },
  ),
  PullRequestReferencedFromPullRequestData: changeData(
    'PullRequestReferencedFromPullRequestData',
    'Another pull request mentioned this one.',
    { requestId: { type: 'int64', description: 'Id of the pull request that mentions this one.' } },
  ),
  PullRequestReopenData: changeData('PullRequestReopenData', 'The closed request was reopened.'),
  PullRequestRequestedForChangesData: changeData(
    'PullRequestRequestedForChangesData',
    'A reviewer asked for changes.',
  ),
  PullRequestSourceBranchDeleteData: changeData(
    'PullRequestSourceBranchDeleteData',
    'The source branch was deleted through the request.',
  ),
  PullRequestSourceBranchRestoreData: changeData(
    'PullRequestSourceBranchRestoreData',
    'The deleted source branch was recreated at the request\'s head commit.',
  ),
  PullRequestTargetBranchChangeData: changeData(
    'PullRequestTargetBranchChangeData',
    'The target branch was changed.',
    {
      oldBranch: { type: 'string', description: 'Target branch before the change.' },
      newBranch: { type: 'string', description: 'Target branch after the change.' },
    },
  ),
  PullRequestTitleChangeData: changeData('PullRequestTitleChangeData', 'The title was edited.', {
    oldTitle: { type: 'string', description: 'Title before the edit.' },
    newTitle: { type: 'string', description: 'Title after the edit.' },
  }),
};
