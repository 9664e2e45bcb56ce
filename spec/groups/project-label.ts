import type { GroupSpec } from '../model.js';
import { sentenceSince } from './release-text.js';
import { duplicateRow, missingProject } from './row-refusals.js';

/**
 * The Project Label group, read from OneDev's ProjectLabelResource at each tag. v12.0.0 renamed
 * Create and Delete to Add Label and Remove Label and recorded both in the project's audit log.
 */

const MANAGE =
  'Users allowed to manage the labelled project (a role with the "manage project" permission), or an administrator.';

export const projectLabelGroup: GroupSpec = {
  name: 'Project Label',
  description:
    'Labels attached to projects: each attachment links a project to a label spec (see the Label ' +
    'Spec group). List a project\'s labels with the Project group\'s Get Labels.',
  operations: [
    {
      name: [{ value: 'Create', until: 'v12.0.0' }, { value: 'Add Label', since: 'v12.0.0' }],
      method: 'POST',
      path: '/project-labels',
      description: sentenceSince(
        'v12.0.0',
        'Attaches a label spec to a project. Attaching the same spec twice makes the database write fail with 500.',
        'The change is recorded in the project\'s audit log.',
      ),
      permission: MANAGE,
      body: {
        kind: 'json',
        type: { ref: 'ProjectLabelCreate' },
        description: 'The project and the label spec.',
        example: 'ProjectLabelCreate',
      },
      success: { kind: 'id', description: 'The id of the new label attachment.' },
      errors: [400, 401, 403, 404, 500, 'validation'],
      effect: {
        changes: [{ create: 'ProjectLabel' }],
        refuses: [...missingProject('projectId'), duplicateRow(['projectId', 'specId'])],
      },
    },
    {
      name: [{ value: 'Delete', until: 'v12.0.0' }, { value: 'Remove Label', since: 'v12.0.0' }],
      method: 'DELETE',
      path: '/project-labels/{projectLabelId}',
      description: sentenceSince(
        'v12.0.0',
        'Detaches a label from its project (the label spec itself stays).',
        'The change is recorded in the project\'s audit log.',
      ),
      permission: MANAGE,
      parameters: ['projectLabelId'],
      success: { kind: 'empty', description: 'The label was detached.' },
      errors: [401, 403, 404],
      effect: { changes: [{ remove: 'ProjectLabel', at: { param: 'projectLabelId' } }] },
    },
  ],
};
