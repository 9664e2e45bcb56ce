import type { GroupSpec } from '../model.js';
import { duplicateRow, missingRow } from './row-refusals.js';

/**
 * The Package Label group, read from OneDev's PackLabelResource (help-page name "Package Label")
 * at each tag. v12.0.0 renamed its operations (Create -> Create Label, Delete -> Delete Label).
 */

const WRITE_PACK = 'Anyone with the "write package" permission on the package\'s project, or an administrator.';

export const packLabelGroup: GroupSpec = {
  name: 'Package Label',
  description:
    'Attaching labels to packages and taking them off. A label is a label spec (see the Label ' +
    'Spec group) attached to one package; list a package\'s labels with Package\'s Get Labels.',
  operations: [
    {
      name: [{ value: 'Create', until: 'v12.0.0' }, { value: 'Create Label', since: 'v12.0.0' }],
      method: 'POST',
      path: '/package-labels',
      description:
        'Attaches a label spec to a package. A package carries each label at most once: ' +
        'attaching it again, or leaving `packId` out, fails with 500. A `null` body is refused ' +
        '(a validation failure).',
      permission: WRITE_PACK,
      body: {
        kind: 'json',
        type: { ref: 'PackLabelCreate' },
        description: 'The package and the label spec.',
        example: 'PackLabelCreate',
      },
      success: { kind: 'id', description: 'The id of the new package label.' },
      errors: [400, 401, 403, 404, 500, 'validation'],
      effect: {
        changes: [{ create: 'PackLabel' }],
        refuses: [missingRow('Pack', 'packId'), duplicateRow(['packId', 'specId'])],
      },
    },
    {
      name: [{ value: 'Delete', until: 'v12.0.0' }, { value: 'Delete Label', since: 'v12.0.0' }],
      method: 'DELETE',
      path: '/package-labels/{packLabelId}',
      description: 'Takes a label off a package. The label spec itself stays.',
      permission: WRITE_PACK,
      parameters: ['packLabelId'],
      success: { kind: 'empty', description: 'The label was taken off.' },
      errors: [401, 403, 404],
      effect: { changes: [{ remove: 'PackLabel', at: { param: 'packLabelId' } }] },
    },
  ],
};
