import type { GroupSpec } from '../model.js';

/**
 * The Package Blob group, read from OneDev's PackBlobResource (help-page name "Package Blob") at
 * each tag. Nothing changed from v11.11.0 to v16.5.6.
 */

export const packBlobGroup: GroupSpec = {
  name: 'Package Blob',
  description:
    'The stored files of packages: find a blob by its SHA-256 and download its content. A ' +
    'package\'s blobs are listed with Package\'s Get Blobs.',
  operations: [
    {
      name: 'Find By Hash',
      method: 'GET',
      path: '/package-blobs',
      description:
        'Finds the blob a project\'s package storage holds for a SHA-256 hash. Both parameters are ' +
        'optional on the wire, but nothing is found without either.',
      permission:
        'Any caller (anonymous ones only when the server allows anonymous access). The server ' +
        'checks no package permission here: the answer only shows that the blob exists and its ' +
        'hashes and size; downloading it needs read access.',
      parameters: ['packBlobProjectId', 'packBlobHash'],
      success: { kind: 'json', type: { ref: 'PackBlob' }, description: 'The blob.', example: 'PackBlob' },
      noContent: 'The project holds no blob with that hash.',
      errors: [401, 404],
    },
    {
      name: 'Download Blob',
      method: 'GET',
      path: '/package-blobs/{packBlobId}/content',
      description:
        'Downloads the content of a package blob (for a container image: a manifest, config or ' +
        'layer), streamed from storage.',
      permission:
        'Anyone with the "read package" permission on the blob\'s project (through its roles, or ' +
        'anonymous access when the server allows it), or an administrator.',
      parameters: ['packBlobId'],
      success: {
        kind: 'binary',
        description: 'The blob\'s bytes.',
        mediaType: 'application/octet-stream',
      },
      errors: [401, 403, 404, 500],
    },
  ],
};
