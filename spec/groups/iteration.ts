import type { GroupSpec } from '../model.js';
import { duplicateRow, missingProject } from './row-refusals.js';

/** Read from OneDev's IterationResource at each tag: v12.0.0 renamed the operations (Get -> Get Iteration, ...). */

const MANAGE = 'A user allowed to manage issues of the iteration\'s project (project managers and administrators included).';

export const iterationGroup: GroupSpec = {
  name: 'Iteration',
  description:
    'Iterations (sprints, releases) of a project, into which issues are scheduled. They replaced ' +
    'milestones in OneDev v10.9.0. Start and due days are counted in whole days since 1970-01-01.',
  operations: [
    {
      name: [{ value: 'Get', until: 'v12.0.0' }, { value: 'Get Iteration', since: 'v12.0.0' }],
      method: 'GET',
      path: '/iterations/{iterationId}',
      description: 'Reads one iteration by its id.',
      permission: 'Anyone who can access the iteration\'s project.',
      parameters: ['iterationId'],
      success: { kind: 'json', type: { ref: 'Iteration' }, description: 'The iteration.', example: 'Iteration' },
      errors: [401, 403, 404],
    },
    {
      name: [{ value: 'Create', until: 'v12.0.0' }, { value: 'Create Iteration', since: 'v12.0.0' }],
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
      errors: [400, 401, 403, 404, 500, 'validation'],
      effect: {
        changes: [{ create: 'Iteration' }],
        refuses: [...missingProject('projectId'), duplicateRow(['projectId', 'name'])],
      },
    },
    {
      name: [{ value: 'Update', until: 'v12.0.0' }, { value: 'Update Iteration', since: 'v12.0.0' }],
      method: 'POST',
      path: '/iterations/{iterationId}',
      description:
        'Changes an iteration: rename, re-plan, or open/close it; `projectId` cannot be changed ' +
        'and is ignored.',
      permission: MANAGE,
      parameters: ['iterationId'],
      body: {
        kind: 'json',
        type: { ref: 'IterationUpdate' },
        update: 'merge',
        description: 'The properties to change.',
        example: 'IterationUpdate',
      },
      success: { kind: 'id', description: 'The id of the updated iteration (the same as `iterationId`).' },
      errors: [400, 401, 403, 404, 500, 'validation'],
      effect: { changes: [{ update: 'Iteration', at: { param: 'iterationId' } }] },
    },
    {
      name: [{ value: 'Delete', until: 'v12.0.0' }, { value: 'Delete Iteration', since: 'v12.0.0' }],
      method: 'DELETE',
      path: '/iterations/{iterationId}',
      description:
        'Deletes an iteration. Issues scheduled into it stay, but are no longer scheduled there.',
      permission: MANAGE,
      parameters: ['iterationId'],
      success: { kind: 'empty', description: 'The iteration was deleted.' },
      errors: [401, 403, 404],
      effect: { changes: [{ remove: 'Iteration', at: { param: 'iterationId' } }] },
    },
  ],
};
