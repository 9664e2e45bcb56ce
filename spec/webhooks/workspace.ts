/** WORKSPACE: events of one workspace (WorkspaceEvent and its subclasses), selectable from v16.3.0. */
import { webhookModule } from './common.js';

const SINCE = 'v16.3.0';

export const workspaceWebhooks = webhookModule({
  eventType: 'WORKSPACE',
  since: SINCE,
  tag: 'Workspace events',
  description:
    'Web hooks that select WORKSPACE receive the events of the project\'s workspaces (development environments ' +
    'OneDev provisions on an executor). Every payload names the workspace by `workspaceId`; read it with the Workspace group.',
  fields: {
    workspaceId: { type: 'int64', description: 'Id of the workspace.' },
  },
  events: [
    {
      name: 'WorkspaceCreated',
      since: SINCE,
      sent: 'A workspace was created.',
      example: { workspaceId: 18 },
      causes: [{ route: 'POST /workspaces', values: { workspaceId: 'answer', projectId: 'body.projectId' } }],
    },
    {
      name: 'WorkspacePending',
      since: SINCE,
      sent: 'A workspace is waiting to be provisioned (for an executor, or after it was reprovisioned).',
      example: { workspaceId: 18 },
    },
    {
      name: 'WorkspaceActive',
      since: SINCE,
      sent: 'A workspace is provisioned and running.',
      example: { workspaceId: 18 },
    },
    {
      name: 'WorkspaceInactive',
      since: SINCE,
      sent: 'A workspace stopped running (it was stopped, failed or its executor went away).',
      example: { workspaceId: 18 },
    },
    {
      name: 'WorkspaceTerminalOpened',
      since: SINCE,
      sent: 'Someone opened a terminal in a workspace.',
      example: { workspaceId: 18 },
    },
  ],
});
