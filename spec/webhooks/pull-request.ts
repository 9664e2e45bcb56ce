/** PULL_REQUEST: events of one pull request (PullRequestEvent and its subclasses). */
import type { Field, WebhookCause } from '../model.js';
import { mailAddresses, renamedAddresses, webhookModule } from './common.js';

/** A pull request's project, read back after the write (the payload names the target project). */
const PROJECT_OF_REQUEST = 'GET /pulls/{path.requestId} targetProjectId';

/** Operations on one pull request that record a change (PullRequestChanged). */
const changeRoutes = [
  'POST /pulls/{requestId}/title',
  'POST /pulls/{requestId}/description',
  'POST /pulls/{requestId}/merge-strategy',
  'POST /pulls/{requestId}/reopen',
  'POST /pulls/{requestId}/discard',
  'POST /pulls/{requestId}/merge',
];

const onRequest = (route: string, extra: Record<string, string> = {}, span: Pick<WebhookCause, 'since' | 'until'> = {}): WebhookCause => ({
  route,
  ...span,
  values: { requestId: 'path.requestId', projectId: PROJECT_OF_REQUEST, ...extra },
});


const codeComment: Record<string, Field> = {
  commentId: { type: 'int64', description: 'Id of the code comment (see the Code Comment group).' },
};

export const pullRequestWebhooks = webhookModule({
  eventType: 'PULL_REQUEST',
  tag: 'Pull request events',
  description:
    'Web hooks that select PULL_REQUEST receive the events of pull requests whose target project is the hook\'s ' +
    'project (or one of its children). Every payload names the pull request by `requestId`; read it with Get Pull Request.',
  fields: {
    requestId: { type: 'int64', description: 'Id of the pull request (not its number).' },
  },
  events: [
    {
      name: 'PullRequestOpened',
      sent: 'A pull request was opened.',
      example: { requestId: 42 },
      causes: [{ route: 'POST /pulls', values: { requestId: 'answer', projectId: 'body.targetProjectId' } }],
    },
    {
      name: 'PullRequestChanged',
      sent:
        'Something about a pull request changed and OneDev recorded it in the pull request\'s activities: its title, ' +
        'description, target branch or merge strategy, a review verdict, or its state (merged, discarded, reopened). ' +
        'Read the change with the pull request\'s changes.',
      fields: {
        changeId: { type: 'int64', description: 'Id of the recorded change (one of the pull request\'s changes).' },
        note: { type: 'string', nullable: true, description: 'The note given with the change (e.g. why it was discarded); null when none was given.' },
      },
      example: { requestId: 42, changeId: 1213, note: null },
      causes: changeRoutes.map((route) => onRequest(route)),
    },
    {
      name: 'PullRequestUpdated',
      sent: 'New commits arrived on the source branch of an open pull request (an update). Sent by OneDev itself: `userId` is null.',
      fields: { updateId: { type: 'int64', description: 'Id of the update (one of the pull request\'s updates).' } },
      example: { requestId: 42, userId: null, updateId: 318 },
    },
    {
      name: 'PullRequestCommentCreated',
      sent: 'Someone commented on a pull request (in the web UI, by email or through the REST API).',
      fields: {
        commentId: { type: 'int64', description: 'Id of the new comment (see the Pull Request Comment group).' },
        ...mailAddresses('comment'),
      },
      example: { requestId: 42, commentId: 315, notifiedEmailAddresses: [] },
      changes: renamedAddresses,
      causes: [
        {
          route: 'POST /pull-request-comments',
          values: { commentId: 'answer', requestId: 'body.requestId', projectId: 'GET /pulls/{body.requestId} targetProjectId' },
        },
      ],
    },
    {
      name: 'PullRequestCommentEdited',
      sent: 'A pull request comment was edited.',
      fields: { commentId: { type: 'int64', description: 'Id of the comment.' } },
      example: { requestId: 42, commentId: 315 },
      causes: [
        {
          route: 'POST /pull-request-comments/{commentId}',
          values: {
            commentId: 'path.commentId',
            requestId: 'GET /pull-request-comments/{path.commentId} requestId',
          },
        },
      ],
    },
    {
      name: 'PullRequestAssigned',
      sent: 'A user was made an assignee of a pull request.',
      fields: { assigneeId: { type: 'int64', description: 'Id of the user assigned.' } },
      example: { requestId: 42, assigneeId: 7 },
      causes: [
        { route: 'POST /pull-request-assignments', until: 'v16.2.1', values: { requestId: 'body.requestId', assigneeId: 'body.userId', projectId: 'GET /pulls/{body.requestId} targetProjectId' } },
        onRequest('POST /pulls/{requestId}/assignees/{userId}', { assigneeId: 'path.userId' }, { since: 'v16.2.1' }),
      ],
    },
    {
      name: 'PullRequestUnassigned',
      sent: 'A user stopped being an assignee of a pull request.',
      fields: { assigneeId: { type: 'int64', description: 'Id of the user no longer assigned.' } },
      example: { requestId: 42, assigneeId: 7 },
      causes: [onRequest('DELETE /pulls/{requestId}/assignees/{userId}', { assigneeId: 'path.userId' }, { since: 'v16.2.1' })],
    },
    {
      name: 'PullRequestReviewRequested',
      sent: 'A user was asked to review a pull request (by someone, or by OneDev applying the branch\'s review rules).',
      fields: { reviewerId: { type: 'int64', description: 'Id of the user asked to review.' } },
      example: { requestId: 42, reviewerId: 7 },
      causes: [onRequest('POST /pulls/{requestId}/reviewers/{userId}', { reviewerId: 'path.userId' }, { since: 'v16.2.1' })],
    },
    {
      name: 'PullRequestReviewerRemoved',
      sent: 'A reviewer was taken off a pull request.',
      fields: { reviewerId: { type: 'int64', description: 'Id of the user no longer reviewing.' } },
      example: { requestId: 42, reviewerId: 7 },
      causes: [onRequest('DELETE /pulls/{requestId}/reviewers/{userId}', { reviewerId: 'path.userId' }, { since: 'v16.2.1' })],
    },
    {
      name: 'PullRequestBuildCommitUpdated',
      sent: 'OneDev computed a new commit to build for a pull request (the merge of its source into its target), after an update or a target change. Sent by OneDev itself.',
      example: { requestId: 42, userId: null },
    },
    {
      name: 'PullRequestMergePreviewUpdated',
      sent: 'OneDev computed a new merge preview for a pull request (what merging it now would give). Sent by OneDev itself.',
      example: { requestId: 42, userId: null },
    },
    {
      name: 'PullRequestCheckFailed',
      sent: 'OneDev failed to check a pull request (its merge preview, reviews or branches); the pull request shows the error. Sent by OneDev itself.',
      example: { requestId: 42, userId: null },
    },
    {
      name: 'PullRequestBuildEvent',
      sent: 'A build of an open pull request\'s current build commit changed status (submitted, pending, running, finished). Sent by OneDev itself.',
      fields: { buildId: { type: 'int64', description: 'Id of the build.' } },
      example: { requestId: 42, userId: null, buildId: 2031 },
    },
    {
      name: 'PullRequestCodeCommentCreated',
      sent: 'A code comment was added on a pull request\'s changes. Web hooks that select CODE_COMMENT get a CodeCommentCreated for the same comment.',
      fields: codeComment,
      example: { requestId: 42, commentId: 418 },
    },
    {
      name: 'PullRequestCodeCommentReplyCreated',
      sent: 'Someone replied to a code comment made on a pull request\'s changes.',
      fields: { ...codeComment, replyId: { type: 'int64', description: 'Id of the reply.' } },
      example: { requestId: 42, commentId: 418, replyId: 140 },
    },
    {
      name: 'PullRequestCodeCommentStatusChanged',
      sent: 'A code comment made on a pull request\'s changes was resolved or reopened.',
      fields: {
        ...codeComment,
        changeId: { type: 'int64', description: 'Id of the status change.' },
        note: { type: 'string', nullable: true, description: 'The note given with the change; null when none was given.' },
      },
      example: { requestId: 42, commentId: 418, changeId: 31, note: 'Fixed in the latest update.' },
    },
  ],
});
