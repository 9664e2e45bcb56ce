import type { GroupSpec } from '../model.js';

const MANAGE = 'A user allowed to manage issues of the iteration\'s project (project managers and administrators included).';

export const iterationGroup: GroupSpec = {
  name: 'Iteration',
  description:
    'Iterations (sprints, releases) of a project, into which issues are scheduled. They replaced ' +
    'milestones in OneDev v10.9.0. Start and due days are counted in whole days since 1970-01-01.',
  operations: [
    {
      name: 'Get',
      method: 'GET',
      path: '/iterations/{iterationId}',
      description: 'Reads one iteration by its id.',
      permission: 'Anyone who can access the iteration\'s project.',
      parameters: ['iterationId'],
      success: { kind: 'json', type: { ref: 'Iteration' }, description: 'The iteration.', example: 'Iteration' },
      errors: [401, 403, 404],
    },
    {
      name: 'Create',
      method: 'POST',
      path: '/iterations',
      description:
        'Adds an iteration to a project. A name already used by another iteration of the same ' +
        'project breaks a uniqueness rule and fails with 500, as does a missing name.',
      permission: MANAGE,
      body: {
        kind: 'json',
        type: { ref: 'IterationCreate' },
        description: 'The project, name, optional description, days and state of the iteration.',
        example: 'IterationCreate',
      },
      success: { kind: 'id', description: 'The id of the new iteration.' },
      errors: [400, 401, 403, 404, 500],
    },
    {
      name: 'Update',
      method: 'POST',
      path: '/iterations/{iterationId}',
      description:
        'Changes an iteration: rename, re-plan, or open/close it. Only the properties present in ' +
        'the body are applied; `projectId` cannot be changed and is ignored.',
      permission: MANAGE,
      parameters: ['iterationId'],
      body: {
        kind: 'json',
        type: { ref: 'IterationUpdate' },
        description: 'The properties to change.',
        example: 'IterationUpdate',
      },
      success: { kind: 'id', description: 'The id of the updated iteration (the same as `iterationId`).' },
      errors: [400, 401, 403, 404, 500],
    },
    {
      name: 'Delete',
      method: 'DELETE',
      path: '/iterations/{iterationId}',
      description:
        'Deletes an iteration. Issues scheduled into it stay, but are no longer scheduled there.',
      permission: MANAGE,
      parameters: ['iterationId'],
      success: { kind: 'empty', description: 'The iteration was deleted.' },
      errors: [401, 403, 404],
    },
  ],
};
