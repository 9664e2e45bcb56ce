/** CODE_PUSH: a ref moved (RefUpdated). */
import { COMMIT_ID, webhookModule, ZERO_COMMIT } from './common.js';

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
      example: { refName: 'refs/heads/main', oldCommitId: OLD, newCommitId: NEW },
      causes: [
        {
          route: 'POST /repositories/{projectId}/branches',
          values: { projectId: 'path.projectId', refName: 'refs/heads/{body.branchName}', oldCommitId: ZERO_COMMIT },
        },
        {
          route: 'DELETE /repositories/{projectId}/branches/{branch}',
          values: { projectId: 'path.projectId', refName: 'refs/heads/{path.branch}', newCommitId: ZERO_COMMIT },
        },
        {
          route: 'POST /repositories/{projectId}/tags',
          values: { projectId: 'path.projectId', refName: 'refs/tags/{body.tagName}', oldCommitId: ZERO_COMMIT },
        },
        {
          route: 'DELETE /repositories/{projectId}/tags/{tag}',
          values: { projectId: 'path.projectId', refName: 'refs/tags/{path.tag}', newCommitId: ZERO_COMMIT },
        },
        {
          route: 'POST /issues/{issueId}/branch',
          since: 'v16.0.2',
          values: { projectId: 'GET /issues/{path.issueId} projectId', refName: 'refs/heads/{answer}', oldCommitId: ZERO_COMMIT },
        },
      ],
    },
  ],
});
