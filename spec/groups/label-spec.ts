import type { GroupSpec } from '../model.js';

const ADMIN = 'Administrators only.';

export const labelSpecGroup: GroupSpec = {
  name: 'Label Spec',
  description:
    'Server-wide label definitions (a name and a colour). Projects, builds, pull requests and ' +
    'packages carry labels by pointing at a label spec; deleting a spec removes it from all of them.',
  operations: [
    {
      name: 'Get',
      method: 'GET',
      path: '/label-specs/{labelSpecId}',
      description: 'Reads one label spec by its id.',
      permission: ADMIN,
      parameters: ['labelSpecId'],
      success: {
        kind: 'json',
        type: { ref: 'LabelSpec' },
        description: 'The label spec.',
        example: 'LabelSpec',
      },
      errors: [401, 403, 404],
    },
    {
      name: 'Query',
      method: 'GET',
      path: '/label-specs',
      description:
        'Lists label specs, optionally only those whose name matches a pattern, one page at a time.',
      permission: ADMIN,
      parameters: ['nameFilter', 'offset', 'countUnlimited'],
      success: {
        kind: 'json',
        type: { array: { ref: 'LabelSpec' } },
        description: 'The page of label specs, possibly empty.',
        example: 'LabelSpecList',
      },
      errors: [400, 401, 403],
    },
    {
      name: 'Create',
      method: 'POST',
      path: '/label-specs',
      description:
        'Defines a new label. The server does not check that the name is unused; a body without ' +
        '`name` fails with 500.',
      permission: ADMIN,
      body: {
        kind: 'json',
        type: { ref: 'LabelSpecCreate' },
        description: 'The label name and, optionally, its colour.',
        example: 'LabelSpecCreate',
      },
      success: { kind: 'id', description: 'The id of the new label spec.' },
      errors: [400, 401, 403, 500],
    },
    {
      name: 'Update',
      method: 'POST',
      path: '/label-specs/{labelSpecId}',
      description:
        'Changes a label spec: the server loads the record named by the path and applies only ' +
        'the properties present in the body, keeping the others.',
      permission: ADMIN,
      parameters: ['labelSpecId'],
      body: {
        kind: 'json',
        type: { ref: 'LabelSpecUpdate' },
        description: 'The properties to change.',
        example: 'LabelSpecUpdate',
      },
      success: { kind: 'empty', description: 'The label spec was updated.' },
      errors: [400, 401, 403, 404, 500],
    },
    {
      name: 'Delete',
      method: 'DELETE',
      path: '/label-specs/{labelSpecId}',
      description:
        'Deletes a label spec and, with it, every label that refers to it on projects, builds, ' +
        'pull requests and packages.',
      permission: ADMIN,
      parameters: ['labelSpecId'],
      success: { kind: 'empty', description: 'The label spec was deleted.' },
      errors: [401, 403, 404],
    },
  ],
};
