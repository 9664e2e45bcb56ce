/** CODE_PUSH: a ref moved (RefUpdated). */
import type { OneDevTag } from '../releases.js';
import { COMMIT_ID, webhookModule, ZERO_COMMIT } from './common.js';

/** From this tag a push's RefUpdated names the pushing user (before it, every RefUpdated has none). */
const USER_ON_REF_UPDATES_SINCE: OneDevTag = 'v13.0.0';

const OLD = '5e2b9d7c1a4f8e3b6d0c2a9f7e5b3d1c8a6f4e20';
const NEW = 'a81d4c2e9b7f03652e1d8c4b7a9f0e3d6c2b1a95';

export const codePushWebhooks = webhookModule({
  eventType: 'CODE_PUSH',
  tag: 'Code push events',
  description:
    'Web hooks that select CODE_PUSH receive one event: a branch or tag was created, moved or deleted. ' +
    'The payload names the ref and its old and new commit; read the commits through the Repository group.',
  fields: {},
  events: [
    {
      name: 'RefUpdated',
      sent:
        'A branch or tag was created, moved or deleted: a push, a merged pull request, a branch or tag made or ' +
        'removed in the web UI or through the REST API. A created ref has an old commit of 40 zeros, a deleted one ' +
        'a new commit of 40 zeros.',
      fields: {
        userId: [
          {
            until: USER_ON_REF_UPDATES_SINCE,
            type: 'int64',
            nullable: true,
            description: 'Always null: these releases post ref updates without the user who made them.',
          },
          {
            since: USER_ON_REF_UPDATES_SINCE,
            type: 'int64',
            nullable: true,
            description:
              'Id of the user who pushed over Git, or whose build step pulled the ref from elsewhere; null when the ref ' +
              'was created or deleted in the web UI, through the REST API or by OneDev itself (a merge, say).',
          },
        ],
        refName: { type: 'string', description: 'The full name of the ref, e.g. `refs/heads/main` or `refs/tags/v2.1.0`.' },
        oldCommitId: {
          type: 'string',
          constraints: COMMIT_ID,
          description: 'The commit the ref pointed to before; 40 zeros when the ref was created.',
        },
        newCommitId: {
          type: 'string',
          constraints: COMMIT_ID,
          description: 'The commit the ref points to now; 40 zeros when the ref was deleted.',
        },
      },
      // A push by user 3 where the push carries its user; before that, no user.
      example: { userId: null, refName: 'refs/heads/main', oldCommitId: OLD, newCommitId: NEW },
      changes: [{ since: USER_ON_REF_UPDATES_SINCE, set: { userId: 3 } }],
      causes: [
        {
          route: 'POST /repositories/{projectId}/branches',
          values: {
            projectId: 'path.projectId',
            userId: 'none',
            refName: 'refs/heads/{body.branchName}',
            oldCommitId: ZERO_COMMIT,
            newCommitId: 'GET /repositories/{path.projectId}/branches/{body.branchName} commitHash',
          },
        },
        {
          route: 'DELETE /repositories/{projectId}/branches/{branch}',
          values: { projectId: 'path.projectId', userId: 'none', refName: 'refs/heads/{path.branch}', newCommitId: ZERO_COMMIT },
        },
        {
          route: 'POST /repositories/{projectId}/tags',
          values: {
            projectId: 'path.projectId',
            userId: 'none',
            refName: 'refs/tags/{body.tagName}',
            oldCommitId: ZERO_COMMIT,
            newCommitId: 'GET /repositories/{path.projectId}/tags/{body.tagName} commitHash',
          },
        },
        {
          route: 'DELETE /repositories/{projectId}/tags/{tag}',
          values: { projectId: 'path.projectId', userId: 'none', refName: 'refs/tags/{path.tag}', newCommitId: ZERO_COMMIT },
        },
        {
          route: 'POST /issues/{issueId}/branch',
          since: 'v16.0.2',
          values: { projectId: 'GET /issues/{path.issueId} projectId', userId: 'none', refName: 'refs/heads/{answer}', oldCommitId: ZERO_COMMIT },
        },
      ],
    },
  ],
});
