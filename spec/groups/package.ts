import type { GroupSpec } from '../model.js';

/**
 * The Package group, read from OneDev's PackResource at each tag. v12.0.0 renamed three operations
 * (Get Basic Info, Query Basic Info, Delete); v16.1.0 added Delete Packs (bulk delete by query).
 */

const READ =
  'Anyone with the "read package" permission on the package\'s project (through its roles, or ' +
  'anonymous access when the server allows it), or an administrator.';

export const packageGroup: GroupSpec = {
  name: 'Package',
  description:
    'Packages held by project package registries (container images, Maven, npm, NuGet, PyPI, ' +
    'RubyGems, Helm, and Cargo from v16.0.4). Packages are published with the registry\'s own ' +
    'client; here they are read, listed and deleted.',
  operations: [
    {
      name: [{ value: 'Get Basic Info', until: 'v12.0.0' }, { value: 'Get Pack', since: 'v12.0.0' }],
      method: 'GET',
      path: '/packages/{packId}',
      description: 'Reads one package: its type, name, version, publisher and publishing build.',
      permission: READ,
      parameters: ['packId'],
      success: { kind: 'json', type: { ref: 'Pack' }, description: 'The package.', example: 'Pack' },
      errors: [401, 403, 404],
    },
    {
      name: 'Get Labels',
      method: 'GET',
      path: '/packages/{packId}/labels',
      description: 'Lists the labels attached to a package; each names a label spec by id.',
      permission: READ,
      parameters: ['packId'],
      success: {
        kind: 'json',
        type: { array: { ref: 'PackLabel' } },
        description: 'The labels, possibly none.',
        example: 'PackLabelList',
      },
      errors: [401, 403, 404],
    },
    {
      name: 'Get Blobs',
      method: 'GET',
      path: '/packages/{packId}/blobs',
      description:
        'Lists the stored files that make up a package (for a container image: manifest, ' +
        'config and layers). A blob may be shared by several packages of the same project.',
      permission: READ,
      parameters: ['packId'],
      success: {
        kind: 'json',
        type: { array: { ref: 'PackBlob' } },
        description: 'The blobs, possibly none.',
        example: 'PackBlobList',
      },
      errors: [401, 403, 404],
    },
    {
      name: [{ value: 'Query Basic Info', until: 'v12.0.0' }, { value: 'Query Packs', since: 'v12.0.0' }],
      method: 'GET',
      path: '/packages',
      description:
        'Lists packages of all projects that match a query, one page at a time. Packages of ' +
        'projects the caller may not read are left out rather than refused.',
      permission:
        'Any caller (anonymous ones only when the server allows anonymous access); the page only ' +
        'holds packages the caller may read.',
      parameters: ['packageQuery', 'offset', 'countLimitedForNonAdmins'],
      success: {
        kind: 'json',
        type: { array: { ref: 'Pack' } },
        description: 'The page of packages, possibly empty.',
        example: 'PackList',
      },
      errors: [400, 401, 404],
    },
    {
      name: [{ value: 'Delete', until: 'v12.0.0' }, { value: 'Delete Pack', since: 'v12.0.0' }],
      method: 'DELETE',
      path: '/packages/{packId}',
      description:
        'Deletes a package with its labels and blob references. Blobs no other package uses are ' +
        'cleaned up by the server later.',
      permission: 'Anyone with the "write package" permission on the package\'s project, or an administrator.',
      parameters: ['packId'],
      success: { kind: 'empty', description: 'The package was deleted.' },
      errors: [401, 403, 404],
      effect: { changes: [{ remove: 'Pack', at: { param: 'packId' }, cascade: [{ record: 'PackLabel', field: 'packId' }] }] },
    },
    {
      name: 'Delete Packs',
      since: 'v16.1.0',
      method: 'DELETE',
      path: '/packages',
      description:
        'Deletes every package that matches a query, across all projects the caller can see. ' +
        'The caller must be allowed to write packages in the project of each match: if one match ' +
        'is not writable the request is refused and nothing is deleted. Each deletion is recorded ' +
        'in its project\'s audit log. Leaving the query out matches, and deletes, every visible package.',
      permission:
        'A signed-in user with the "write package" permission on the projects of all matched ' +
        'packages, or an administrator.',
      parameters: ['packageDeleteQuery'],
      success: { kind: 'empty', description: 'The matched packages were deleted (possibly none).' },
      // 404: the query names a login or a label the server does not know (the query language's refusals).
      errors: [401, 403, 404],
      effect: { changes: [], none: 'the packages go by a query, and no step selects records by one' },
    },
  ],
};
