import type { GroupSpec } from '../model.js';
import { duplicateRow, missingRow } from './row-refusals.js';

/**
 * The Build Label group, read from OneDev's BuildLabelResource at each tag. v12.0.0 renamed its
 * operations (Create -> Create Label, Delete -> Delete Label); nothing else changed.
 */

const MANAGE_JOB =
  'Users with the "manage job" privilege for the build\'s job in its project, or an administrator.';

export const buildLabelGroup: GroupSpec = {
  name: 'Build Label',
  description:
    'Attaching labels to builds and taking them off. A label is a label spec (see the Label Spec ' +
    'group) attached to one build; list a build\'s labels with Build\'s Get Labels.',
  operations: [
    {
      name: [{ value: 'Create', until: 'v12.0.0' }, { value: 'Create Label', since: 'v12.0.0' }],
      method: 'POST',
      path: '/build-labels',
      description:
        'Attaches a label spec to a build. A build carries each label at most once: attaching it ' +
        'again, or leaving `buildId` out, fails with 500. A `null` body is refused (a validation ' +
        'failure).',
      permission: MANAGE_JOB,
      body: {
        kind: 'json',
        type: { ref: 'BuildLabelCreate' },
        description: 'The build and the label spec.',
        example: 'BuildLabelCreate',
      },
      success: { kind: 'id', description: 'The id of the new build label.' },
      errors: [400, 401, 403, 404, 500, 'validation'],
      effect: {
        changes: [{ create: 'BuildLabel' }],
        refuses: [missingRow('Build', 'buildId'), duplicateRow(['buildId', 'specId'])],
      },
    },
    {
      name: [{ value: 'Delete', until: 'v12.0.0' }, { value: 'Delete Label', since: 'v12.0.0' }],
      method: 'DELETE',
      path: '/build-labels/{buildLabelId}',
      description: 'Takes a label off a build. The label spec itself stays.',
      permission: MANAGE_JOB,
      parameters: ['buildLabelId'],
      success: { kind: 'empty', description: 'The label was taken off.' },
      errors: [401, 403, 404],
      effect: { changes: [{ remove: 'BuildLabel', at: { param: 'buildLabelId' } }] },
    },
  ],
};
