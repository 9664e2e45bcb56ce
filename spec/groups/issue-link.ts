import type { EffectCondition, GroupSpec } from '../model.js';
import { missingRow } from './row-refusals.js';

/**
 * Read from OneDev's IssueLinkResource at each tag: v12.0.0 renamed the operations (Get -> Get Link,
 * ...); v12.0.5 made Create Link need access to both issues and link rights in both projects, and
 * answers a refused link with 406 instead of 400.
 */

/** Create Link from v12.0.5 on: both ends must be allowed, not just one. */
const CREATE_PERMISSION_BOTH =
  'A signed-in user who can see both issues and is allowed to edit links of the link spec in ' +
  'the source issue\'s project and in the target issue\'s project: a role that lists the spec ' +
  'among its editable links, or the right to manage issues there (project managers and ' +
  'administrators included).';

const LINK_PERMISSION =
  'A signed-in user allowed to edit links of the link spec in the source issue\'s project or in ' +
  'the target issue\'s project: a role that lists the spec among its editable links, or the ' +
  'right to manage issues there (project managers and administrators included).';

/** A link from an issue to itself, refused after the permission checks. */
const SELF_LINK: { when: EffectCondition } = { when: { same: ['sourceId', 'targetId'] } };
const SELF_LINK_MESSAGE = 'Can not link to self';

export const issueLinkGroup: GroupSpec = {
  name: 'Issue Link',
  description:
    'Typed relations between two issues, each an instance of a link spec from the server\'s ' +
    'issue settings (for example "Child Issue" with its opposite "Parent Issue", or a symmetric ' +
    '"Related"). Links are added and removed, never edited.',
  operations: [
    {
      name: [{ value: 'Get', until: 'v12.0.0' }, { value: 'Get Link', since: 'v12.0.0' }],
      method: 'GET',
      path: '/issue-links/{linkId}',
      description: 'Reads one issue link by its id.',
      permission: 'Anyone who can see at least one of the two linked issues.',
      parameters: ['linkId'],
      success: { kind: 'json', type: { ref: 'IssueLink' }, description: 'The link.', example: 'IssueLink' },
      errors: [401, 403, 404],
    },
    {
      name: [{ value: 'Create', until: 'v12.0.0' }, { value: 'Create Link', since: 'v12.0.0' }],
      until: 'v12.0.5',
      method: 'POST',
      path: '/issue-links',
      description:
        'Links two issues with a link spec. The server refuses with 400: linking an issue to ' +
        'itself; a link that already exists for the same spec and issues; a second link of a ' +
        'spec (or of its opposite side) that allows only one; and an issue the spec\'s issue ' +
        'filter (or its opposite side\'s filter) does not accept.',
      permission: LINK_PERMISSION,
      body: {
        kind: 'json',
        type: { ref: 'IssueLinkCreate' },
        description: 'The source issue, the target issue and the link spec.',
        example: 'IssueLinkCreate',
      },
      success: { kind: 'id', description: 'The id of the new link.' },
      errors: [400, 401, 403, 404, 500, 'validation'],
      effect: {
        changes: [{ create: 'IssueLink' }],
        refuses: [missingRow('Issue', 'sourceId'), { ...SELF_LINK, status: 400, message: SELF_LINK_MESSAGE }],
      },
    },
    {
      name: 'Create Link',
      since: 'v12.0.5',
      method: 'POST',
      path: '/issue-links',
      description:
        'Links two issues with a link spec. The server refuses with 406, naming the reason: ' +
        'linking an issue to itself; a link that already exists for the same spec and issues; a ' +
        'second link of a spec (or of its opposite side) that allows only one; and an issue the ' +
        'spec\'s issue filter (or its opposite side\'s filter) does not accept.',
      permission: CREATE_PERMISSION_BOTH,
      body: {
        kind: 'json',
        type: { ref: 'IssueLinkCreate' },
        description: 'The source issue, the target issue and the link spec.',
        example: 'IssueLinkCreate',
      },
      success: { kind: 'id', description: 'The id of the new link.' },
      errors: [400, 401, 403, 404, 406, 500, 'validation'],
      effect: {
        changes: [{ create: 'IssueLink' }],
        refuses: [
          missingRow('Issue', 'sourceId'),
          missingRow('Issue', 'targetId'),
          // The link's own check: an exception the resource turned into 406 until v13.0.7, a
          // validation failure (400) from then on; v15.1.0 reworded it.
          { ...SELF_LINK, status: 406, message: SELF_LINK_MESSAGE, until: 'v13.0.7' },
          { ...SELF_LINK, status: 400, message: SELF_LINK_MESSAGE, since: 'v13.0.7', until: 'v15.1.0' },
          { ...SELF_LINK, status: 400, message: 'Cannot link to self', since: 'v15.1.0' },
        ],
      },
    },
    {
      name: [{ value: 'Delete', until: 'v12.0.0' }, { value: 'Delete Link', since: 'v12.0.0' }],
      method: 'DELETE',
      path: '/issue-links/{linkId}',
      description: 'Removes a link between two issues; the issues themselves are untouched.',
      permission: LINK_PERMISSION,
      parameters: ['linkId'],
      success: { kind: 'empty', description: 'The link was removed.' },
      errors: [401, 403, 404],
      effect: { changes: [{ remove: 'IssueLink', at: { param: 'linkId' } }] },
    },
  ],
};
