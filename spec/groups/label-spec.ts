import type { GroupSpec } from '../model.js';
import { missingIdAnswers, NEGATIVE_PAGE, NEGATIVE_PAGE_FAILS } from '../responses.js';

/**
 * The Label Spec group, read from OneDev's LabelSpecResource at each tag. v12.0.0 renamed every
 * operation (Get Spec, Query Specs, ...); from v12.0.1 any signed-in user may read label specs.
 */

const ADMIN = 'Administrators only.';

const SIGNED_IN = 'Any signed-in user; anonymous callers get 401.';

export const labelSpecGroup: GroupSpec = {
  name: 'Label Spec',
  description:
    'Server-wide label definitions (a name and a colour). Projects, builds, pull requests and ' +
    'packages carry labels by pointing at a label spec; deleting a spec removes it from all of them.',
  operations: [
    {
      name: [{ value: 'Get', until: 'v12.0.0' }, { value: 'Get Spec', since: 'v12.0.0' }],
      until: 'v12.0.1',
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
      errors: [401, 403, ...missingIdAnswers('LabelSpec', 'everyone')],
    },
    {
      name: 'Get Spec',
      since: 'v12.0.1',
      method: 'GET',
      path: '/label-specs/{labelSpecId}',
      description: 'Reads one label spec by its id.',
      permission: SIGNED_IN,
      parameters: ['labelSpecId'],
      success: {
        kind: 'json',
        type: { ref: 'LabelSpec' },
        description: 'The label spec.',
        example: 'LabelSpec',
      },
      errors: [401, ...missingIdAnswers('LabelSpec', 'everyone')],
    },
    {
      name: [{ value: 'Query', until: 'v12.0.0' }, { value: 'Query Specs', since: 'v12.0.0' }],
      until: 'v12.0.1',
      method: 'GET',
      path: '/label-specs',
      description:
        'Lists label specs, optionally only those whose name matches a pattern, one page at a time. ' + NEGATIVE_PAGE,
      permission: ADMIN,
      parameters: ['nameFilter', 'offset', 'countUnlimited'],
      success: {
        kind: 'json',
        type: { array: { ref: 'LabelSpec' } },
        description: 'The page of label specs, possibly empty.',
        example: 'LabelSpecList',
      },
      errors: [400, 401, 403, 404, NEGATIVE_PAGE_FAILS],
    },
    {
      name: 'Query Specs',
      since: 'v12.0.1',
      method: 'GET',
      path: '/label-specs',
      description:
        'Lists label specs, optionally only those whose name matches a pattern, one page at a ' +
        'time. Useful to find the id of a label by its name. ' + NEGATIVE_PAGE,
      permission: SIGNED_IN,
      parameters: ['nameFilter', 'offset', 'countUnlimited'],
      success: {
        kind: 'json',
        type: { array: { ref: 'LabelSpec' } },
        description: 'The page of label specs, possibly empty.',
        example: 'LabelSpecList',
      },
      errors: [400, 401, 404, NEGATIVE_PAGE_FAILS],
    },
    {
      name: [{ value: 'Create', until: 'v12.0.0' }, { value: 'Create Spec', since: 'v12.0.0' }],
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
      errors: [400, 401, 403, 500, 'validation'],
      // No uniqueness rule: the recorded server accepted a second spec of the same name.
      effect: { changes: [{ create: 'LabelSpec' }] },
    },
    {
      name: [{ value: 'Update', until: 'v12.0.0' }, { value: 'Update Spec', since: 'v12.0.0' }],
      method: 'POST',
      path: '/label-specs/{labelSpecId}',
      description:
        'Changes a label spec (the record named by the path).',
      permission: ADMIN,
      parameters: ['labelSpecId'],
      body: {
        kind: 'json',
        type: { ref: 'LabelSpecUpdate' },
        update: 'merge',
        description: 'The properties to change.',
        example: 'LabelSpecUpdate',
      },
      success: { kind: 'empty', description: 'The label spec was updated.' },
      errors: [400, 401, 403, 404, 500, 'validation'],
      effect: { changes: [{ update: 'LabelSpec', at: { param: 'labelSpecId' } }] },
    },
    {
      name: [{ value: 'Delete', until: 'v12.0.0' }, { value: 'Delete Spec', since: 'v12.0.0' }],
      method: 'DELETE',
      path: '/label-specs/{labelSpecId}',
      description:
        'Deletes a label spec and, with it, every label that refers to it on projects, builds, ' +
        'pull requests and packages.',
      permission: ADMIN,
      parameters: ['labelSpecId'],
      success: { kind: 'empty', description: 'The label spec was deleted.' },
      errors: [401, 403, 404],
      effect: {
        changes: [
          {
            remove: 'LabelSpec',
            at: { param: 'labelSpecId' },
            cascade: [
              { record: 'ProjectLabel', field: 'specId' },
              { record: 'BuildLabel', field: 'specId' },
              { record: 'PackLabel', field: 'specId' },
              { record: 'PullRequestLabel', field: 'specId' },
            ],
          },
        ],
      },
    },
  ],
};
