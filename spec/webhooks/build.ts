/** BUILD: events of one build (BuildEvent and its subclasses). */
import { webhookModule } from './common.js';

export const buildWebhooks = webhookModule({
  eventType: 'BUILD',
  tag: 'Build events',
  description:
    'Web hooks that select BUILD receive the events of the builds of the hook\'s project (or of its children): one ' +
    'per step of a build\'s life. Every payload names the build by `buildId`; read it, and its status, with Get Build.',
  fields: {
    buildId: { type: 'int64', description: 'Id of the build (not its number).' },
  },
  events: [
    {
      name: 'BuildSubmitted',
      sent: 'A build was submitted: a job was run (by a user, a trigger, a pull request, a schedule or the REST API) or rebuilt.',
      example: { buildId: 2031, userId: 7 },
      causes: [
        { route: 'POST /job-runs', values: { buildId: 'answer', projectId: 'body.projectId' } },
        { route: 'POST /trigger-job', values: { projectId: 'GET /builds/{answer} projectId', buildId: 'answer' } },
      ],
    },
    {
      name: 'BuildPending',
      sent: 'A build is waiting for a job executor or an agent, or for the builds it depends on.',
      example: { buildId: 2031, userId: null },
    },
    {
      name: 'BuildRunning',
      sent: 'A build started running on a job executor.',
      example: { buildId: 2031, userId: null },
    },
    {
      name: 'BuildFinished',
      sent: 'A build finished: successful, failed, cancelled or timed out (read its status).',
      example: { buildId: 2031, userId: null },
    },
    {
      name: 'BuildUpdated',
      sent: 'Something shown about a running or finished build changed: its version or description (set by a step or a user), or its log when a watcher asked.',
      example: { buildId: 2031, userId: null },
    },
    {
      name: 'BuildRetrying',
      until: 'v15.0.0',
      sent: 'A failed build is being run again under the job\'s retry condition.',
      example: { buildId: 2031, userId: null },
    },
    {
      name: 'BuildResumed',
      sent:
        'A build paused at a step that waits for someone resumed. The class exists and BUILD selects it, but no code of ' +
        'the releases we describe sends it: a receiver may get it from a plugin or a later server.',
      example: { buildId: 2031, userId: null },
    },
  ],
});
