import type { EffectRefusal, EffectSpec, EffectStep, GroupSpec, Lifespan, OperationSpec, RecordAt } from '../model.js';
import { missingProject, missingRow } from './row-refusals.js';

const READ_PERMISSION = 'Anyone who can read the code of the target project.';
const MODIFY_PERMISSION =
  'The submitter of the request, one of its assignees, or a user who may manage pull requests of the target project.';

// Effects shared by several operations (spec/model.ts, EffectSpec).

/** The request the path names. */
const THE_REQUEST: RecordAt = { param: 'requestId' };

/** The review (or assignment) of the request by the user the path names. */
const BY_PATH_USER = { requestId: { param: 'requestId' }, userId: { param: 'userId' } } as const;

/** A note sent with a state change is posted as a comment by the caller; no body, no comment. */
const NOTE_AS_COMMENT: EffectStep = { count: 'PullRequest', at: THE_REQUEST, property: 'commentCount', by: 1, onlyWithBody: true };

/** The request's source branch, in its source project's repository. */
const SOURCE_BRANCH = { ref: 'branch', project: { subject: 'sourceProjectId' }, name: { subject: 'sourceBranch' } } as const;

/** Closing stamps the close date; the server derives the duration from the submit date. */
const CLOSE_NOW = { closeDate: { now: true }, duration: { elapsedSince: 'submitDate' } } as const;

const CLOSED = ['MERGED', 'DISCARDED'] as const;

/** The issues of the target project that the request's description says it fixes (`Fixes #1`). */
const FIXED_ISSUES: RecordAt = { referencedIn: 'description', pattern: 'fixes', project: 'targetProjectId' };

/**
 * Merging closes the issues the request fixes, the state change adding a comment to each (as
 * recorded on a fresh server, whose issue setting closes fixed issues on the default branch).
 */
const CLOSE_FIXED: readonly EffectStep[] = [
  { set: 'Issue', at: FIXED_ISSUES, values: { state: { const: 'Closed' }, stateOrdinal: { stateOrdinal: 'state' } } },
  { count: 'Issue', at: FIXED_ISSUES, property: 'commentCount', by: 1 },
];

/** Merge and discard refuse a closed request with these words. */
const ALREADY_CLOSED: EffectRefusal = { when: { property: 'status', in: CLOSED }, status: 406, message: 'Pull request already closed' };

/** Merge strategy and auto merge refuse a closed request with these. */
const IS_CLOSED: EffectRefusal = { when: { property: 'status', in: CLOSED }, status: 406, message: 'Pull request is closed' };

/**
 * Opening a request from a branch to itself (the same project and branch on both sides), or for a
 * change another open request already covers (the same projects and branches): refused after the
 * projects are found, with 400 until v12.0.9 and 406 from then on.
 */
const requestRefusals = (status: 400 | 406, span: Lifespan): readonly EffectRefusal[] => [
  { ...span, when: { same: ['sourceProjectId', 'targetProjectId'], and: [['sourceBranch', 'targetBranch']] }, status, message: 'Source and target are the same' },
  {
    ...span,
    when: { duplicate: ['targetProjectId', 'sourceProjectId', 'targetBranch', 'sourceBranch'], only: { status: 'OPEN' } },
    status,
    message: 'Another pull request already opened for this change',
  },
];

/**
 * Opening a request: the caller is its submitter. The reviews and assignments it asks for (one
 * record per listed id) and the request's number are beyond the vocabulary; a project id naming
 * no project is answered with 404 when the server first looks at it. Projects are read as Project
 * records before v12.0.0 and as ProjectData from then on.
 */
const OPEN_REQUEST: EffectSpec = {
  changes: [
    { create: 'PullRequest', values: { status: { const: 'OPEN' }, submitterId: { caller: 'id' }, submitDate: { now: true } } },
    // The server asks the listed reviewers for a review and assigns the listed assignees.
    { create: 'PullRequestReview', each: 'reviewerIds', values: { requestId: { subject: 'id' }, userId: { element: true }, status: { const: 'PENDING' }, statusDate: { now: true } } },
    { create: 'PullRequestAssignment', each: 'assigneeIds', values: { requestId: { subject: 'id' }, userId: { element: true } } },
  ],
  refuses: [
    ...(['targetProjectId', 'sourceProjectId'] as const).flatMap((field) => [...missingProject(field)]),
    ...requestRefusals(400, { until: 'v12.0.9' }),
    ...requestRefusals(406, { since: 'v12.0.9' }),
  ],
};

/** Approve and Request For Changes alike: the server passes the same approval flag for both. */
const APPROVE: EffectSpec = {
  changes: [
    {
      set: 'PullRequestReview',
      at: { where: { requestId: { param: 'requestId' }, userId: { caller: 'id' } } },
      values: { status: { const: 'APPROVED' }, statusDate: { now: true } },
    },
    NOTE_AS_COMMENT,
  ],
  refuses: [
    {
      when: { property: 'status', in: ['EXCLUDED'] },
      status: 406,
      message: 'You are not reviewer of this pull request. Add your option as comment instead',
    },
  ],
};

/** What goes with a deleted request: the records that name it (code comments only lose the link). */
const REQUEST_PARTS = [
  'PullRequestLabel', 'PullRequestUpdate', 'PullRequestReview', 'PullRequestAssignment', 'Build',
  'PullRequestComment', 'PullRequestChange', 'PullRequestWatch',
].map((record) => ({ record, field: 'requestId' }));

/** Set Merge Strategy: the strategy is the body; the server also turns auto merge off (not expressible: a nested property). */
const SET_STRATEGY: EffectStep = { set: 'PullRequest', at: THE_REQUEST, values: { mergeStrategy: { body: true } } };

/** Set Auto Merge: the request's auto merge becomes the body's switch and commit message. */
const SET_AUTO_MERGE: EffectStep = { set: 'PullRequest', at: THE_REQUEST, values: { autoMerge: { body: true } } };

/** The GET sub-resources share their shape: load the request, check code read access, answer JSON. */
function read(
  name: OperationSpec['name'],
  suffix: string,
  description: string,
  success: OperationSpec['success'],
  extra: Partial<OperationSpec> = {},
): OperationSpec {
  return {
    name,
    method: 'GET',
    path: `/pulls/{requestId}${suffix}`,
    description,
    permission: READ_PERMISSION,
    parameters: ['requestId'],
    success,
    errors: [401, 403, 404],
    ...extra,
  };
}

export const pullRequestGroup: GroupSpec = {
  name: 'Pull Request',
  description:
    'Pull requests and their state. Operations address a request by its id, which is not the ' +
    'number shown in the web UI: find the id with the query read of `GET /pulls` (Query Basic ' +
    'Info; Query Pull Requests from v12.0.0) and the request\'s reference as the query, unquoted ' +
    '(`path/to/project#100`). State changes that the request\'s current state does ' +
    'not allow (merging a closed request, reopening an open one, ...) are answered with 406 and ' +
    'a plain-text reason. Several operations take a bare text body (a title, a note, a commit ' +
    'message): send the text itself, not a JSON-quoted string.',
  operations: [
    read(
      [
        { value: 'Get Basic Info', until: 'v12.0.0' },
        { value: 'Get Pull Request', since: 'v12.0.0' },
      ],
      '',
      'Reads the pull request\'s own properties (child records are separate reads).',
      {
        kind: 'json',
        type: { ref: 'PullRequest' },
        description: 'The pull request.',
        example: 'PullRequest',
      },
    ),
    read('Get Labels', '/labels', 'Lists the labels attached to the pull request.', {
      kind: 'json',
      type: { array: { ref: 'PullRequestLabel' } },
      description: 'The label attachments; empty when the request has none.',
      example: 'PullRequestLabelList',
    }),
    read(
      'Get Merge Preview',
      '/merge-preview',
      'Reads the result of test-merging the request. For an open request only a preview that ' +
        'matches the current heads of both branches and the current merge strategy is returned; ' +
        'while the server is still computing one, the answer is 204. For a closed request the ' +
        'last computed preview is returned, if any.',
      {
        kind: 'json',
        type: { ref: 'MergePreview' },
        description: 'The up-to-date merge preview.',
        example: 'MergePreview',
      },
      {
        noContent:
          'No usable preview: for an open request it has not been computed yet or is outdated; ' +
          'for a closed request none was ever stored.',
      },
    ),
    read('Get Assignments', '/assignments', 'Lists who the pull request is assigned to.', {
      kind: 'json',
      type: { array: { ref: 'PullRequestAssignment' } },
      description: 'The assignments.',
      example: 'PullRequestAssignmentList',
    }),
    read(
      'Get Reviews',
      '/reviews',
      'Lists the reviews of the pull request: pending, approved and changes-requested ones. ' +
        'Reviewers who were excluded (no longer required) are left out.',
      {
        kind: 'json',
        type: { array: { ref: 'PullRequestReview' } },
        description: 'The reviews.',
        example: 'PullRequestReviewList',
      },
      { lists: { fields: ['requestId'], except: { status: 'EXCLUDED' } } },
    ),
    read('Get Comments', '/comments', 'Lists the comments of the pull request.', {
      kind: 'json',
      type: { array: { ref: 'PullRequestComment' } },
      description: 'The comments.',
      example: 'PullRequestCommentList',
    }),
    read(
      'Get Watches',
      '/watches',
      'Lists the watch records of the pull request: users who explicitly watch or ignore it.',
      {
        kind: 'json',
        type: { array: { ref: 'PullRequestWatch' } },
        description: 'The watch records.',
        example: 'PullRequestWatchList',
      },
    ),
    read(
      'Get Updates',
      '/updates',
      'Lists the updates of the pull request (each new head of the source branch), oldest first.',
      {
        kind: 'json',
        type: { array: { ref: 'PullRequestUpdate' } },
        description: 'The updates, ordered by id.',
        example: 'PullRequestUpdateList',
      },
    ),
    read(
      'Get Current Builds',
      '/current-builds',
      'Lists the builds that ran on the request\'s current build commit (the merge preview commit). ' +
        'Builds of earlier build commits are left out.',
      {
        kind: 'json',
        type: { array: { ref: 'Build' } },
        description: 'The builds of the current build commit; empty when there are none.',
        example: 'BuildList',
      },
    ),
    read(
      'Get Changes',
      '/changes',
      'Lists the activity log of the pull request: state changes and edits, each with its kind in `data`.',
      {
        kind: 'json',
        type: { array: { ref: 'PullRequestChange' } },
        description: 'The changes.',
        example: 'PullRequestChangeList',
      },
    ),
    read(
      'Get Fixed Issue Ids',
      '/fixed-issue-ids',
      'Lists the ids of the issues the pull request fixes, as parsed from the messages of its ' +
        'commits and from its title and description (e.g. `Fixes #311`).',
      {
        kind: 'json',
        type: { array: 'int64', uniqueItems: true },
        description: 'Issue ids (not numbers), each once, in no particular order.',
        example: 'PullRequestFixedIssueIds',
      },
    ),
    {
      name: [
        { value: 'Query Basic Info', until: 'v12.0.0' },
        { value: 'Query Pull Requests', since: 'v12.0.0' },
      ],
      method: 'GET',
      path: '/pulls',
      description:
        'Lists pull requests matching a query, one page at a time, across every project the ' +
        'caller can read code of. Unless the query sorts otherwise, the most recently active ' +
        'requests come first. Use it also to turn a pull request number into its id.',
      permission: 'Any caller; only requests of projects whose code the caller can read are returned.',
      parameters: ['pullRequestQuery', 'offset', 'countLimitedForNonAdmins'],
      success: {
        kind: 'json',
        type: { array: { ref: 'PullRequest' } },
        description: 'The matching pull requests of the page; empty past the last match.',
        example: 'PullRequestList',
      },
      // From v12.0.9 a count over the limit and a query that does not parse are refused with 406.
      errors: [{ status: 400, until: 'v12.0.9' }, 401, 404, { status: 406, since: 'v12.0.9' }],
    },
    {
      name: [
        { value: 'Create', until: 'v12.0.0' },
        { value: 'Create Pull Request', since: 'v12.0.0' },
      ],
      until: 'v12.0.9',
      method: 'POST',
      path: '/pulls',
      description:
        'Opens a pull request from a source branch to a target branch. The caller becomes the ' +
        'submitter; the server computes the merge base, records the first update, adds the ' +
        'reviewers that branch protection requires plus those asked for, and assigns the given ' +
        'users (or the project\'s default assignees). Refused with 400 when source and target are ' +
        'the same, when another open request already covers the change, when the change is ' +
        'already merged, or when the branches share no history; refused with 406 when a ' +
        'requested reviewer is the submitter; 500 when branch protection requires more reviewers ' +
        'than there are candidates.',
      permission: 'A signed-in user who can read the code of both the target and the source project.',
      body: {
        kind: 'json',
        type: { ref: 'PullRequestOpenData' },
        description: 'Source, target, title and optional reviewers and assignees.',
        example: 'PullRequestOpenData',
      },
      success: { kind: 'id', description: 'The id of the new pull request (not its number).' },
      errors: [400, 401, 403, 404, 406, 500, 'validation'],
      effect: OPEN_REQUEST,
    },
    {
      name: 'Create Pull Request',
      since: 'v12.0.9',
      method: 'POST',
      path: '/pulls',
      // v15.1.0 made listing assignees need write access to the target's code.
      description: (
        [
          ['', { until: 'v15.1.0' }],
          [
            ' Listing assignees also needs the caller to have write access to the target project\'s ' +
              'code (406 otherwise; the server checks the caller, not each assignee).',
            { since: 'v15.1.0' },
          ],
        ] as const
      ).map(([assignees, span]) => ({
        ...span,
        value:
          'Opens a pull request from a source branch to a target branch. The caller becomes the ' +
          'submitter; the server computes the merge base, records the first update, adds the ' +
          'reviewers that branch protection requires plus those asked for, and assigns the given ' +
          'users (or the project\'s default assignees). Refused with 406 when source and target are ' +
          'the same, when another open request already covers the change, when the change is ' +
          'already merged, when the branches share no history, or when a requested reviewer is the ' +
          `submitter.${assignees} 500 when branch protection requires more reviewers than there are candidates.`,
      })),
      permission: 'A signed-in user who can read the code of both the target and the source project.',
      body: {
        kind: 'json',
        type: { ref: 'PullRequestOpenData' },
        description: 'Source, target, title and optional reviewers and assignees.',
        example: 'PullRequestOpenData',
      },
      success: { kind: 'id', description: 'The id of the new pull request (not its number).' },
      errors: [400, 401, 403, 404, 406, 500, 'validation'],
      effect: OPEN_REQUEST,
    },
    {
      name: 'Set Title',
      method: 'POST',
      path: '/pulls/{requestId}/title',
      description:
        'Changes the title and records the change in the activity log (nothing is recorded when ' +
        'the title is unchanged). A title over 255 characters is cut.',
      permission: MODIFY_PERMISSION,
      parameters: ['requestId'],
      body: {
        kind: 'raw-text',
        description: 'The new title as plain text; an empty one is refused (a validation failure).',
        required: true,
        example: 'Retry failed webhook deliveries with backoff',
      },
      success: { kind: 'empty', description: 'The title was set.' },
      errors: [401, 403, 404, 'validation'],
      effect: { changes: [{ set: 'PullRequest', at: THE_REQUEST, values: { title: { body: true } } }] },
    },
    {
      name: 'Set Description',
      method: 'POST',
      path: '/pulls/{requestId}/description',
      description:
        'Replaces the Markdown description, keeps the previous text as a revision and records the ' +
        'change in the activity log. Issues and pull requests mentioned in the new text get a ' +
        'back reference. A description over 100000 characters is refused with 500.',
      permission: MODIFY_PERMISSION,
      parameters: ['requestId'],
      body: {
        kind: 'raw-text',
        description: 'The new description as plain Markdown text.',
        required: false,
        example: 'Retries a webhook delivery up to 3 times with exponential backoff.\n\nFixes #311',
      },
      success: { kind: 'empty', description: 'The description was set.' },
      errors: [401, 403, 404, 500],
      effect: {
        changes: [
          { set: 'PullRequest', at: THE_REQUEST, values: { description: { body: true } } },
          { count: 'PullRequest', at: THE_REQUEST, property: 'descriptionRevisionCount', by: 1 },
        ],
      },
    },
    {
      name: 'Add Reviewer',
      since: 'v16.2.1',
      method: 'POST',
      path: '/pulls/{requestId}/reviewers/{userId}',
      description:
        'Asks a user to review the pull request and announces the request for review. A user who ' +
        'was taken off the reviewers is asked again (the review goes back to `PENDING`); a current ' +
        'reviewer is left as is. Refused with 406 when the user is the request\'s submitter or ' +
        'cannot read the code of the target project.',
      permission: MODIFY_PERMISSION,
      parameters: ['requestId', 'reviewerUserId'],
      success: { kind: 'empty', description: 'The user is a reviewer of the request.' },
      errors: [401, 403, 404, 406],
      effect: {
        changes: [
          { set: 'PullRequestReview', at: { where: BY_PATH_USER }, values: { status: { const: 'PENDING' }, statusDate: { now: true } } },
        ],
      },
    },
    {
      name: 'Approve',
      since: 'v16.2.1',
      method: 'POST',
      path: '/pulls/{requestId}/approve',
      description:
        'Approves the pull request as the caller\'s own review: the caller\'s review becomes ' +
        '`APPROVED` and the approval is recorded in the activity log. Refused with 406 when the ' +
        'caller is not a reviewer of the request (or was taken off the reviewers); leave a ' +
        'comment instead.',
      permission: 'A signed-in user who is a reviewer of the request.',
      parameters: ['requestId'],
      body: {
        kind: 'raw-text',
        description:
          'Optional note, added to the request as a comment by the caller; blank text adds no comment.',
        required: false,
        example: 'Tested locally against the staging webhook receiver; looks good.',
      },
      success: { kind: 'empty', description: 'The approval was recorded.' },
      errors: [401, 404, 406],
      effect: APPROVE,
    },
    {
      name: 'Request For Changes',
      since: 'v16.2.1',
      method: 'POST',
      path: '/pulls/{requestId}/request-for-changes',
      description:
        'Meant to record that the caller, as a reviewer, asks for changes. The server handles it ' +
        'exactly like Approve (it passes the same approval flag), so the ' +
        'caller\'s review becomes `APPROVED` and the activity log shows an approval; the note is ' +
        'still added as a comment. Refused with 406 when the caller is not a reviewer of the ' +
        'request (or was taken off the reviewers).',
      permission: 'A signed-in user who is a reviewer of the request.',
      parameters: ['requestId'],
      body: {
        kind: 'raw-text',
        description:
          'Optional note, added to the request as a comment by the caller; blank text adds no comment.',
        required: false,
        example: 'Please cap the retry delay; 2^n grows past the receiver timeout after 6 tries.',
      },
      success: { kind: 'empty', description: 'The review was recorded (as an approval; see above).' },
      errors: [401, 404, 406],
      effect: APPROVE,
    },
    {
      name: 'Remove Reviewer',
      since: 'v16.2.1',
      method: 'DELETE',
      path: '/pulls/{requestId}/reviewers/{userId}',
      description:
        'Takes a user off the reviewers of the pull request (the review becomes `EXCLUDED` and is ' +
        'no longer listed by Get Reviews). Nothing happens when the user is not a reviewer. ' +
        'Refused with 406 when branch protection requires this user\'s review.',
      permission: MODIFY_PERMISSION,
      parameters: ['requestId', 'reviewerUserId'],
      success: { kind: 'empty', description: 'The user is no longer a reviewer of the request.' },
      errors: [401, 403, 404, 406],
      effect: {
        changes: [
          { set: 'PullRequestReview', at: { where: BY_PATH_USER }, values: { status: { const: 'EXCLUDED' }, statusDate: { now: true } } },
        ],
      },
    },
    {
      name: 'Add Assignee',
      since: 'v16.2.1',
      method: 'POST',
      path: '/pulls/{requestId}/assignees/{userId}',
      description:
        'Assigns a user to the pull request and announces it on the activity stream. Nothing ' +
        'happens when the user is already assigned. Refused with 406 when the user has no write ' +
        'access to the code of the target project.',
      permission: MODIFY_PERMISSION,
      parameters: ['requestId', 'assigneeUserId'],
      success: { kind: 'empty', description: 'The user is assigned to the request.' },
      errors: [401, 403, 404, 406],
      // A set by request and user adds the assignment only when it is not there yet.
      effect: { changes: [{ set: 'PullRequestAssignment', at: { where: BY_PATH_USER }, values: BY_PATH_USER }] },
    },
    {
      name: 'Remove Assignee',
      since: 'v16.2.1',
      method: 'DELETE',
      path: '/pulls/{requestId}/assignees/{userId}',
      description:
        'Unassigns a user from the pull request and announces it on the activity stream. Nothing ' +
        'happens when the user is not assigned.',
      permission: MODIFY_PERMISSION,
      parameters: ['requestId', 'assigneeUserId'],
      success: { kind: 'empty', description: 'The user is not assigned to the request.' },
      errors: [401, 403, 404],
      effect: { changes: [{ remove: 'PullRequestAssignment', at: { where: BY_PATH_USER } }] },
    },
    {
      name: 'Set Merge Strategy',
      until: 'v12.0.8',
      method: 'POST',
      path: '/pulls/{requestId}/merge-strategy',
      description:
        'Changes how the request will be merged and records the change in the activity log. ' +
        'Changing the strategy also switches auto merge off; the merge preview is recomputed.',
      permission: MODIFY_PERMISSION,
      parameters: ['requestId'],
      body: {
        kind: 'json',
        type: { ref: 'MergeStrategy' },
        description: 'The strategy as a JSON string, quotes included, e.g. `"SQUASH_SOURCE_BRANCH_COMMITS"`.',
        example: 'MergeStrategy',
      },
      success: { kind: 'empty', description: 'The strategy was set.' },
      errors: [400, 401, 403, 404, 'validation'],
      effect: { changes: [SET_STRATEGY] },
    },
    {
      name: 'Set Merge Strategy',
      since: 'v12.0.8',
      method: 'POST',
      path: '/pulls/{requestId}/merge-strategy',
      description:
        'Changes how the request will be merged and records the change in the activity log. ' +
        'Changing the strategy also switches auto merge off; the merge preview is recomputed. ' +
        'Refused with 406 when the request is merged or discarded.',
      permission: MODIFY_PERMISSION,
      parameters: ['requestId'],
      body: {
        kind: 'json',
        type: { ref: 'MergeStrategy' },
        description: 'The strategy as a JSON string, quotes included, e.g. `"SQUASH_SOURCE_BRANCH_COMMITS"`.',
        example: 'MergeStrategy',
      },
      success: { kind: 'empty', description: 'The strategy was set.' },
      errors: [400, 401, 403, 404, 406, 'validation'],
      effect: { changes: [SET_STRATEGY], refuses: [IS_CLOSED] },
    },
    {
      name: 'Set Auto Merge',
      until: 'v12.0.8',
      method: 'POST',
      path: '/pulls/{requestId}/auto-merge',
      description:
        'Switches auto merge on or off. Turning it on when every merge condition is already met ' +
        'merges the request at once (with `commitMessage`, or the default message); otherwise ' +
        'the server merges it later, as soon as the conditions hold. Answered with 406 when the ' +
        'request is closed, when turning off auto merge that is already off, or when the commit ' +
        'message breaks the target branch\'s commit-message rules (checked whenever the merge ' +
        'strategy writes a commit).',
      permission:
        'While auto merge is on: the user who turned it on, or a user who may manage pull ' +
        'requests of the target project. While it is off: a user with write access to the ' +
        'target project\'s code.',
      parameters: ['requestId'],
      body: {
        kind: 'json',
        type: { ref: 'AutoMergeData' },
        description: 'Whether auto merge should be on, and the commit message to merge with.',
        example: 'AutoMergeData',
      },
      success: { kind: 'empty', description: 'Auto merge was set, or the request was merged right away.' },
      errors: [400, 401, 403, 404, 406, 500, 'validation'],
      effect: { changes: [SET_AUTO_MERGE], refuses: [IS_CLOSED] },
    },
    {
      name: 'Set Auto Merge',
      since: 'v12.0.8',
      method: 'POST',
      path: '/pulls/{requestId}/auto-merge',
      description:
        'Switches auto merge on or off; once on, the server merges the request as soon as every ' +
        'merge condition holds, with `commitMessage` or the default message. Turning it on is ' +
        'refused with 406 when the request could be merged right now (merge it directly instead). ' +
        'Also answered with 406 when the request is closed, or when the commit message (the ' +
        'default one when none is given) breaks the target branch\'s commit-message rules, which ' +
        'apply whenever the merge strategy writes a commit. A blank message counts as none.',
      permission:
        'Someone who may modify the request (submitter, assignee or pull request manager) and ' +
        'who also has write access to the target project\'s code.',
      parameters: ['requestId'],
      body: {
        kind: 'json',
        type: { ref: 'AutoMergeData' },
        description: 'Whether auto merge should be on, and the commit message to merge with.',
        example: 'AutoMergeData',
      },
      success: { kind: 'empty', description: 'Auto merge was switched on or off.' },
      errors: [400, 401, 403, 404, 406, 'validation'],
      effect: { changes: [SET_AUTO_MERGE], refuses: [IS_CLOSED] },
    },
    {
      name: [
        { value: 'Reopen', until: 'v12.0.0' },
        { value: 'Reopen Pull Request', since: 'v12.0.0' },
      ],
      method: 'POST',
      path: '/pulls/{requestId}/reopen',
      description:
        'Reopens a merged or discarded pull request. Answered with 406 when the request is ' +
        'already open, when the target branch, the source project or the source branch no longer ' +
        'exists, when another request for the same change is open or merged, or when the source ' +
        'branch is already merged into the target branch.',
      permission: MODIFY_PERMISSION,
      parameters: ['requestId'],
      body: {
        kind: 'raw-text',
        description: 'Optional note, added to the request as a comment by the caller.',
        required: false,
        example: 'Reopening: the fix is needed on main after all.',
      },
      success: { kind: 'empty', description: 'The request is open again.' },
      errors: [401, 403, 404, 406],
      effect: {
        // The close date and duration of the last closing stay as they were.
        changes: [{ set: 'PullRequest', at: THE_REQUEST, values: { status: { const: 'OPEN' } } }, NOTE_AS_COMMENT],
        refuses: [{ when: { property: 'status', in: ['OPEN'] }, status: 406, message: 'Pull request already opened' }],
      },
    },
    {
      name: [
        { value: 'Discard', until: 'v12.0.0' },
        { value: 'Discard Pull Request', since: 'v12.0.0' },
      ],
      method: 'POST',
      path: '/pulls/{requestId}/discard',
      description:
        'Closes an open pull request without merging it. Answered with 406 when the request is ' +
        'already merged or discarded.',
      permission: MODIFY_PERMISSION,
      parameters: ['requestId'],
      body: {
        kind: 'raw-text',
        description: 'Optional note, added to the request as a comment by the caller.',
        required: false,
        example: 'Superseded by #131.',
      },
      success: { kind: 'empty', description: 'The request was discarded.' },
      errors: [401, 403, 404, 406],
      effect: {
        changes: [{ set: 'PullRequest', at: THE_REQUEST, values: { status: { const: 'DISCARDED' }, ...CLOSE_NOW } }, NOTE_AS_COMMENT],
        refuses: [ALREADY_CLOSED],
      },
    },
    {
      name: [
        { value: 'Merge', until: 'v12.0.0' },
        { value: 'Merge Pull Request', since: 'v12.0.0' },
      ],
      method: 'POST',
      path: '/pulls/{requestId}/merge',
      description:
        'Merges the pull request into its target branch with its merge strategy, using the ' +
        'computed merge preview. Answered with 406 when the request is closed, when its ' +
        'background check failed, when no up-to-date merge preview exists yet, when there are ' +
        'conflicts, when reviews are still awaited, when required builds have not passed, when ' +
        'a required signature is missing on the head commit, when commit messages break the ' +
        'branch rules, or when the given merge commit message breaks them. If the project is set ' +
        'to delete merged branches, the source branch is deleted afterwards when allowed.',
      permission: 'A signed-in user with write access to the target project\'s code.',
      parameters: ['requestId'],
      body: {
        kind: 'raw-text',
        description:
          'Commit message for the merge or squash commit, as plain text. When the strategy writes ' +
          'such a commit the message is checked against the target branch\'s commit-message rules; ' +
          'it is not used for a rebase or a fast-forward.',
        required: false,
        example: 'Merges pull request #128\n\nRetry failed webhook deliveries',
      },
      success: { kind: 'empty', description: 'The request was merged.' },
      errors: [401, 403, 404, 406, 500],
      effect: {
        changes: [{ set: 'PullRequest', at: THE_REQUEST, values: { status: { const: 'MERGED' }, ...CLOSE_NOW } }, ...CLOSE_FIXED],
        refuses: [ALREADY_CLOSED],
      },
    },
    {
      name: 'Delete Source Branch',
      method: 'POST',
      path: '/pulls/{requestId}/delete-source-branch',
      description:
        'Deletes the source branch of a merged pull request and records it in the activity log. ' +
        'Answered with 406 when the request is not merged, when the source project or branch no ' +
        'longer exists, when the source branch is its project\'s default branch, when the merge ' +
        'preview is missing, when the branch has moved since the merge, or when other open pull ' +
        'requests target that branch.',
      permission:
        'Someone who may modify the request (submitter, assignee or pull request manager) and ' +
        'who may also delete the source branch (write access to the source project\'s code, with ' +
        'no branch protection forbidding deletion).',
      parameters: ['requestId'],
      body: {
        kind: 'raw-text',
        description: 'Optional note, added to the request as a comment by the caller.',
        required: false,
        example: 'Branch no longer needed after the merge.',
      },
      success: { kind: 'empty', description: 'The source branch was deleted.' },
      errors: [401, 403, 404, 406],
      effect: {
        changes: [NOTE_AS_COMMENT, { ...SOURCE_BRANCH, action: 'delete' }],
        refuses: [{ when: { property: 'status', in: ['OPEN', 'DISCARDED'] }, status: 406, message: 'Pull request not merged' }],
      },
    },
    {
      name: 'Restore Source Branch',
      method: 'POST',
      path: '/pulls/{requestId}/restore-source-branch',
      description:
        'Recreates the deleted source branch of a closed pull request at the request\'s latest ' +
        'head commit and records it in the activity log. Answered with 406 when the source ' +
        'project no longer exists or the branch already exists; an open request whose branch is ' +
        'missing fails with 500.',
      permission:
        'Someone who may modify the request (submitter, assignee or pull request manager) and ' +
        'who has write access to the source project\'s code.',
      parameters: ['requestId'],
      body: {
        kind: 'raw-text',
        description: 'Optional note, added to the request as a comment by the caller.',
        required: false,
        example: 'Restoring the branch to continue work on a follow-up.',
      },
      success: { kind: 'empty', description: 'The source branch was restored.' },
      errors: [401, 403, 404, 406, 500],
      // Recreated where it pointed when deleted (the request's head then).
      effect: { changes: [NOTE_AS_COMMENT, { ...SOURCE_BRANCH, action: 'create' }] },
    },
    {
      name: 'Upload Attachment',
      since: 'v12.0.0',
      method: 'POST',
      path: '/pulls/{requestId}/attachments/{preferredAttachmentName}',
      description:
        'Stores a file among the attachments of the pull request and answers with the path the ' +
        'server serves it under, relative to the server URL (for example ' +
        '`/~downloads/projects/5/attachments/6f1b2c9e-4d3a-4b8e-9a71-2c5d8e0f3b64/retry.log`), ready to ' +
        'link from the description or a comment. OneDev writes that path as plain text, without JSON ' +
        'quotes. When the project already holds an attachment of that name for the request, the ' +
        'server adds `_2`, `_3`, ... before the extension; `..` in the name becomes `-`. A file over ' +
        'the upload limit of the server\'s performance settings is refused with 413.',
      permission: MODIFY_PERMISSION,
      parameters: ['requestId', 'preferredAttachmentName'],
      body: { kind: 'binary', description: 'The content of the file.' },
      success: {
        kind: 'raw-text',
        description: 'Where the stored file can be downloaded, relative to the server URL.',
        example: '/~downloads/projects/5/attachments/6f1b2c9e-4d3a-4b8e-9a71-2c5d8e0f3b64/retry.log',
      },
      errors: [401, 403, 404, 413],
      effect: { changes: [], none: 'the file is kept for download outside the REST API' },
    },
    {
      name: [
        { value: 'Delete', until: 'v12.0.0' },
        { value: 'Delete Pull Request', since: 'v12.0.0' },
      ],
      method: 'DELETE',
      path: '/pulls/{requestId}',
      description:
        'Deletes the pull request together with its labels, updates, reviews, assignments, ' +
        'comments, changes, watches and builds. This cannot be undone.',
      permission: 'A user who may manage pull requests of the target project.',
      parameters: ['requestId'],
      success: { kind: 'empty', description: 'The pull request was deleted.' },
      errors: [401, 403, 404],
      effect: { changes: [{ remove: 'PullRequest', at: THE_REQUEST, cascade: REQUEST_PARTS }] },
    },
  ],
};
