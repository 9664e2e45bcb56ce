/** ISSUE: events of one issue (IssueEvent and its subclasses). */
import type { WebhookCause } from '../model.js';
import { mailAddresses, renamedAddresses, webhookModule } from './common.js';

/** Operations on one issue that record a change (IssueChanged). */
const changeRoutes = [
  'POST /issues/{issueId}/title',
  'POST /issues/{issueId}/description',
  'POST /issues/{issueId}/confidential',
  'POST /issues/{issueId}/fields',
  'POST /issues/{issueId}/state-transitions',
];

const onIssue = (route: string, extra: Record<string, string> = {}, span: Pick<WebhookCause, 'since' | 'until'> = {}): WebhookCause => ({
  route,
  ...span,
  values: { issueId: 'path.issueId', projectId: 'GET /issues/{path.issueId} projectId', ...extra },
});


export const issueWebhooks = webhookModule({
  eventType: 'ISSUE',
  tag: 'Issue events',
  description:
    'Web hooks that select ISSUE receive the events of the issues of the hook\'s project (or of its children). Every ' +
    'payload names the issue by `issueId`; read it with Get Issue.',
  fields: {
    issueId: { type: 'int64', description: 'Id of the issue (not its number).' },
    sendNotifications: {
      type: 'boolean',
      description: 'Whether OneDev notifies the issue\'s watchers of this event; false when a service account caused it.',
    },
  },
  events: [
    {
      name: 'IssueOpened',
      sent: 'An issue was opened (in the web UI, by email, by a service desk address or through the REST API).',
      fields: mailAddresses('issue'),
      example: { projectId: 7, issueId: 1543, sendNotifications: true, notifiedEmailAddresses: [] },
      changes: renamedAddresses,
      causes: [{ route: 'POST /issues', values: { issueId: 'answer', projectId: 'body.projectId' } }],
    },
    {
      name: 'IssueChanged',
      sent:
        'Something about an issue changed and OneDev recorded it in the issue\'s activities: its title, description, ' +
        'state, fields, iterations, confidentiality, links or project. Read the change with the issue\'s changes.',
      fields: {
        changeId: { type: 'int64', description: 'Id of the recorded change (one of the issue\'s changes).' },
        comment: { type: 'string', nullable: true, description: 'The comment given with the change (e.g. with a state transition); null when none was given.' },
      },
      example: { projectId: 7, issueId: 1543, userId: 5, sendNotifications: true, changeId: 8822, comment: null },
      causes: changeRoutes.map((route) => onIssue(route)),
    },
    {
      name: 'IssueCommentCreated',
      sent: 'Someone commented on an issue (in the web UI, by email or through the REST API).',
      fields: {
        commentId: { type: 'int64', description: 'Id of the new comment (see the Issue Comment group).' },
        ...mailAddresses('comment'),
      },
      example: { projectId: 7, issueId: 1543, userId: 5, sendNotifications: true, commentId: 2207, notifiedEmailAddresses: [] },
      changes: renamedAddresses,
      causes: [
        {
          route: 'POST /issue-comments',
          values: { commentId: 'answer', issueId: 'body.issueId', projectId: 'GET /issues/{body.issueId} projectId' },
        },
      ],
    },
    {
      name: 'IssueCommentEdited',
      sent: 'An issue comment was edited.',
      fields: { commentId: { type: 'int64', description: 'Id of the comment.' } },
      example: { projectId: 7, issueId: 1543, userId: 5, sendNotifications: true, commentId: 2207 },
      causes: [
        {
          route: 'POST /issue-comments/{commentId}',
          values: { commentId: 'path.commentId', issueId: 'GET /issue-comments/{path.commentId} issueId' },
        },
      ],
    },
    {
      name: 'IssueCommitsAttached',
      sent: 'OneDev found new commits that mention an issue (while indexing pushed commits) and attached them to it. Sent on behalf of OneDev\'s system user, whose id is -1.',
      example: { projectId: 7, issueId: 1543, userId: -1, sendNotifications: true },
    },
    {
      name: 'IssueBranchCreated',
      since: 'v15.1.0',
      sent:
        'A branch named after an issue (its number in OneDev\'s issue-branch form, e.g. `issue-311-...`) was created, ' +
        'so the issue now has a branch to work on. Web hooks that select CODE_PUSH get the RefUpdated of the same branch.',
      fields: { branch: { type: 'string', description: 'Name of the new branch (without `refs/heads/`).' } },
      example: { projectId: 7, issueId: 1543, sendNotifications: true, branch: 'issue-311-webhook-deliveries-are-not-retried' },
      // The ref update behind it has no user, so OneDev names its system account (id -1).
      causes: [onIssue('POST /issues/{issueId}/branch', { branch: 'answer', userId: '-1' }, { since: 'v16.0.2' })],
    },
  ],
});
