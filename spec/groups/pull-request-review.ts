import type { EffectSpec, EffectStep, GroupSpec } from '../model.js';
import { missingRow } from './row-refusals.js';

/** A new review: the status date is the server's; the status is the body's (PENDING when left out). */
const NEW_REVIEW: EffectStep = { create: 'PullRequestReview', values: { statusDate: { now: true } } };

/** Before v15.0.0 a second review of the same user and request breaks a unique constraint. */
const CREATE_ONCE: EffectSpec = {
  changes: [NEW_REVIEW],
  refuses: [
    missingRow('PullRequest', 'requestId'),
    { when: { duplicate: ['requestId', 'userId'] }, status: 500, message: 'could not execute statement' },
  ],
};

export const pullRequestReviewGroup: GroupSpec = {
  name: 'Pull Request Review',
  // Replaced by Add Reviewer, Remove Reviewer, Approve and Request For Changes of the Pull Request group.
  until: 'v16.2.1',
  description:
    'Reviewers of pull requests and the state of each review (pending, approved, changes ' +
    'requested, or excluded). There is no delete: a reviewer is taken off a request by setting ' +
    'the review\'s status to `EXCLUDED`. The submitter of a pull request can never review it, ' +
    'and reviews of a merged pull request can no longer change. List a pull request\'s reviews ' +
    '(excluded ones left out) with the Pull Request group\'s Get Reviews.',
  operations: [
    {
      name: 'Get',
      method: 'GET',
      path: '/pull-request-reviews/{reviewId}',
      description: 'Reads one pull request review by its id, excluded reviews included.',
      permission: 'Anyone allowed to read the code of the pull request\'s target project.',
      parameters: ['reviewId'],
      success: {
        kind: 'json',
        type: { ref: 'PullRequestReview' },
        description: 'The review.',
        example: 'PullRequestReview',
      },
      errors: [401, 403, 404],
    },
    {
      name: 'Create',
      until: 'v12.0.8',
      method: 'POST',
      path: '/pull-request-reviews',
      description:
        'Adds a reviewer to a pull request with the given status (`PENDING` when left out). ' +
        'A `PENDING` review is announced as a review request, an `EXCLUDED` one as a removed ' +
        'reviewer. Refused with 500 when the reviewer is the pull request\'s submitter ("Pull ' +
        'request submitter can not be reviewer") or the pull request is merged ("Pull request ' +
        'is merged"); a second review for the same user and pull request breaks a database ' +
        'constraint (500), so change the existing one with Update. A body without `requestId` ' +
        'or `userId` fails on the server (500); ids that name no pull request or user are ' +
        'answered with 404.',
      permission:
        'Anyone allowed to read the code of the target project, for their own review (`userId` ' +
        'is the caller); administrators may add any user as a reviewer.',
      body: {
        kind: 'json',
        type: { ref: 'PullRequestReviewCreate' },
        description: 'The reviewer, the pull request and the initial status.',
        example: 'PullRequestReviewCreate',
      },
      success: { kind: 'id', description: 'The id of the new review.' },
      errors: [400, 401, 403, 404, 500, 'validation'],
      effect: CREATE_ONCE,
    },
    {
      name: 'Create',
      since: 'v12.0.8',
      until: 'v15.0.0',
      method: 'POST',
      path: '/pull-request-reviews',
      description:
        'Adds a user as a reviewer of a pull request with the given status (`PENDING` when left ' +
        'out). A `PENDING` review is announced as a review request, an `EXCLUDED` one as a ' +
        'removed reviewer. Refused with 500 when the reviewer is the pull request\'s submitter ' +
        '("Pull request submitter can not be reviewer") or the pull request is merged ("Pull ' +
        'request is merged"); a second review for the same user and pull request breaks a ' +
        'database constraint (500). A body without `requestId` or `userId` fails on the server ' +
        '(500); ids that name no pull request or user are answered with 404.',
      permission:
        'Someone who may modify the pull request: its submitter, an assignee, or anyone allowed ' +
        'to manage pull requests of the target project. They may add any user as a reviewer.',
      body: {
        kind: 'json',
        type: { ref: 'PullRequestReviewCreate' },
        description: 'The reviewer, the pull request and the initial status.',
        example: 'PullRequestReviewCreate',
      },
      success: { kind: 'id', description: 'The id of the new review.' },
      errors: [400, 401, 403, 404, 500, 'validation'],
      effect: CREATE_ONCE,
    },
    {
      name: 'Create',
      since: 'v15.0.0',
      method: 'POST',
      path: '/pull-request-reviews',
      description:
        'Adds a user as a reviewer of a pull request with the given status (`PENDING` when left ' +
        'out). A `PENDING` review is announced as a review request, an `EXCLUDED` one as a ' +
        'removed reviewer. When the user already has a review of that pull request, no second one ' +
        'is made: an `EXCLUDED` review is set back to `PENDING` (and announced), any other is left ' +
        'as is, and the id of the existing review is returned. Refused with 500 when the reviewer ' +
        'is the pull request\'s submitter or the pull request is merged ("Pull request is ' +
        'merged"). A body without `requestId` or `userId` fails on the server (500); ids that ' +
        'name no pull request or user are answered with 404.',
      permission:
        'Someone who may modify the pull request: its submitter, an assignee, or anyone allowed ' +
        'to manage pull requests of the target project. They may add any user as a reviewer.',
      body: {
        kind: 'json',
        type: { ref: 'PullRequestReviewCreate' },
        description: 'The reviewer, the pull request and the initial status.',
        example: 'PullRequestReviewCreate',
      },
      success: { kind: 'id', description: 'The id of the new review, or of the user\'s existing one.' },
      errors: [400, 401, 403, 404, 500, 'validation'],
      // The server reuses the user's existing review instead of a second one (an EXCLUDED one goes back
      // to PENDING); no step says "create unless there", so this is the nearest.
      effect: { changes: [NEW_REVIEW], refuses: [missingRow('PullRequest', 'requestId')] },
    },
    {
      name: 'Update',
      until: 'v12.0.8',
      method: 'POST',
      path: '/pull-request-reviews/{reviewId}',
      description:
        'Changes a review; `userId` and `requestId` cannot be changed and are ignored, so in practice this sets `status` (and ' +
        'thereby moves `statusDate` to now). Setting `PENDING` announces a review request ' +
        'again; setting `EXCLUDED` takes the reviewer off the request. Refused with 500 when ' +
        'the pull request is merged ("Pull request is merged") or the reviewer is its ' +
        'submitter ("Pull request submitter can not be reviewer").',
      permission:
        'The reviewer, or anyone allowed to manage pull requests of the target project.',
      parameters: ['reviewId'],
      body: {
        kind: 'json',
        type: { ref: 'PullRequestReviewUpdate' },
        update: 'merge',
        description: 'The properties to change.',
        example: 'PullRequestReviewUpdate',
      },
      success: { kind: 'empty', description: 'The review was updated.' },
      errors: [400, 401, 403, 404, 500, 'validation'],
      // Setting the status moves its date. The server ignores a body's userId and requestId.
      effect: { changes: [{ update: 'PullRequestReview', at: { param: 'reviewId' }, values: { statusDate: { now: true } } }] },
    },
    {
      name: 'Update',
      since: 'v12.0.8',
      method: 'POST',
      path: '/pull-request-reviews/{reviewId}',
      description:
        'Takes a reviewer off a pull request: the only change the server accepts is setting ' +
        '`status` to `EXCLUDED`, which is saved and announced as a removed reviewer. The server ' +
        'first re-applies the branch protection rules; when they require this reviewer, or when ' +
        'the body leaves any other status, the answer is 406 with a message saying that the ' +
        'reviewer is required. `userId` and `requestId` cannot be changed and are ignored. ' +
        'Refused with 500 when the pull request is merged ("Pull request is merged").',
      permission:
        'The reviewer, or someone who may modify the pull request: its submitter, an assignee, ' +
        'or anyone allowed to manage pull requests of the target project.',
      parameters: ['reviewId'],
      body: {
        kind: 'json',
        type: { ref: 'PullRequestReviewUpdate' },
        update: 'merge',
        description: 'The properties to change; in practice `{"status": "EXCLUDED"}`.',
        example: 'PullRequestReviewUpdate',
      },
      success: { kind: 'empty', description: 'The reviewer was taken off the request.' },
      errors: [400, 401, 403, 404, 406, 500, 'validation'],
      // Only EXCLUDED is accepted, so a call that succeeds takes the reviewer off.
      effect: {
        changes: [
          { set: 'PullRequestReview', at: { param: 'reviewId' }, values: { status: { const: 'EXCLUDED' }, statusDate: { now: true } } },
        ],
      },
    },
  ],
};
