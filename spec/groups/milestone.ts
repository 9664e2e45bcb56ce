import type { GroupSpec } from '../model.js';
import { duplicateRow } from './row-refusals.js';

const DEPRECATED =
  'Only servers up to v10.8.0 have this operation: from v10.9.0 on milestones were replaced by ' +
  'iterations; use the Iteration group instead.';

const MANAGE =
  'A user allowed to manage issues of the milestone\'s project (project managers and administrators included).';

export const milestoneGroup: GroupSpec = {
  name: 'Milestone',
  // The seed keeps this v10.8.0 group in the 11.x description; later descriptions drop it.
  until: 'v12.0.0',
  description:
    'Project milestones as OneDev v10.8.0 served them; this group describes that release. From ' +
    'v10.9.0 on the server has no `/milestones` resource: milestones became iterations (see the ' +
    'Iteration group), with epoch-day numbers instead of timestamps for start and due.',
  operations: [
    {
      name: 'Get',
      method: 'GET',
      path: '/milestones/{milestoneId}',
      description: 'Reads one milestone by its id (v10.8.0 and earlier).',
      permission: 'Anyone who can access the milestone\'s project.',
      parameters: ['milestoneId'],
      success: { kind: 'json', type: { ref: 'Milestone' }, description: 'The milestone.', example: 'Milestone' },
      errors: [401, 403, 404],
      deprecated: DEPRECATED,
    },
    {
      name: 'Create',
      method: 'POST',
      path: '/milestones',
      description:
        'Adds a milestone to a project (v10.8.0 and earlier). A name already used by another ' +
        'milestone of the same project breaks a uniqueness rule and fails with 500, as does a ' +
        'missing name. Do not send `id`: this release did not ignore it.',
      permission: MANAGE,
      body: {
        kind: 'json',
        type: { ref: 'MilestoneCreate' },
        description: 'The project, name, optional description, dates and state of the milestone.',
        example: 'MilestoneCreate',
      },
      success: { kind: 'id', description: 'The id of the new milestone.' },
      errors: [400, 401, 403, 404, 500],
      deprecated: DEPRECATED,
      effect: { changes: [{ create: 'Milestone' }], refuses: [duplicateRow(['projectId', 'name'])] },
    },
    {
      name: 'Update',
      method: 'POST',
      path: '/milestones/{milestoneId}',
      description:
        'Changes a milestone (v10.8.0 and earlier); `projectId` cannot be changed and is ignored.',
      permission: MANAGE,
      parameters: ['milestoneId'],
      body: {
        kind: 'json',
        type: { ref: 'MilestoneUpdate' },
        update: 'merge',
        description: 'The properties to change.',
        example: 'MilestoneUpdate',
      },
      success: { kind: 'id', description: 'The id of the updated milestone (the same as `milestoneId`).' },
      errors: [400, 401, 403, 404, 500],
      deprecated: DEPRECATED,
      effect: { changes: [{ update: 'Milestone', at: { param: 'milestoneId' } }] },
    },
    {
      name: 'Delete',
      method: 'DELETE',
      path: '/milestones/{milestoneId}',
      description:
        'Deletes a milestone (v10.8.0 and earlier). Issues scheduled into it stay, but are no ' +
        'longer scheduled there.',
      permission: MANAGE,
      parameters: ['milestoneId'],
      success: { kind: 'empty', description: 'The milestone was deleted.' },
      errors: [401, 403, 404],
      deprecated: DEPRECATED,
      effect: { changes: [{ remove: 'Milestone', at: { param: 'milestoneId' } }] },
    },
  ],
};
