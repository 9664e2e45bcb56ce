import type { SchemaTable } from '../model.js';

export const packageSchemas: SchemaTable = {
  Pack: {
    kind: 'object',
    description:
      'A package version published to a project\'s package registry. Its blobs and labels are ' +
      'read with the Package group\'s sub-resources; the registry-specific metadata is never written out.',
    fields: {
      id: { type: 'int64', readOnly: true, description: 'Id of the package.' },
      projectId: { type: 'int64', description: 'Id of the project whose registry holds the package.' },
      // v16.0.4 added the Cargo registry (and Maven snapshots started to count as pre-releases).
      type: [
        {
          until: 'v16.0.4',
          type: 'string',
          description:
            'Registry type: `Container Image`, `Maven`, `NPM`, `NuGet`, `PyPi`, `RubyGems` or `Helm` ' +
            '(plugins may add others).',
        },
        {
          since: 'v16.0.4',
          type: 'string',
          description:
            'Registry type: `Container Image`, `Maven`, `NPM`, `NuGet`, `PyPi`, `RubyGems`, `Helm` ' +
            'or `Cargo` (plugins may add others).',
        },
      ],
      name: {
        type: 'string',
        description: 'Package name within its type, e.g. `onedev/server` or `io.onedev:server-core`.',
      },
      version: { type: 'string', description: 'Version (for container images: the tag or digest).' },
      prerelease: [
        {
          until: 'v16.0.4',
          type: 'boolean',
          description: 'Whether the version is a pre-release. Only NuGet and RubyGems packages set it; others are always false.',
        },
        {
          since: 'v16.0.4',
          type: 'boolean',
          description:
            'Whether the version is a pre-release. Set for NuGet, RubyGems and Cargo versions with ' +
            'a pre-release part and for Maven `-SNAPSHOT` versions; always false for other types.',
        },
      ],
      userId: {
        type: 'int64',
        description:
          'Id of the user who published the package; `-2` (the built-in unknown user) once that ' +
          'account has been deleted.',
      },
      buildId: {
        type: 'int64',
        nullable: true,
        description: 'Id of the build that published the package; null when published outside a build.',
      },
      publishDate: { type: 'date-time', description: 'When the package was published.' },
    },
  },

  PackBlob: {
    kind: 'object',
    description: 'A stored file (blob) of a package, identified by its SHA-256 within the project.',
    fields: {
      id: { type: 'int64', readOnly: true, description: 'Id of the blob.' },
      projectId: { type: 'int64', description: 'Id of the project that stores the blob.' },
      sha256Hash: { type: 'string', description: 'Hex SHA-256 of the content.' },
      sha512Hash: {
        type: 'string',
        nullable: true,
        description: 'Hex SHA-512 of the content; null until the server first needs it (computed on demand).',
      },
      md5Hash: {
        type: 'string',
        nullable: true,
        description: 'Hex MD5 of the content; null until the server first needs it (computed on demand).',
      },
      sha1Hash: {
        type: 'string',
        nullable: true,
        description: 'Hex SHA-1 of the content; null until the server first needs it (computed on demand).',
      },
      size: { type: 'int64', description: 'Size in bytes.' },
      createDate: { type: 'date-time', description: 'When the blob was uploaded.' },
    },
  },

  PackLabel: {
    kind: 'object',
    description: 'A label attached to a package.',
    // Created with the Package Label group (issue 12).
    requests: ['create'],
    fields: {
      id: { type: 'int64', readOnly: true, description: 'Id of the label assignment.' },
      packId: { type: 'int64', immutable: true, requiredOnCreate: true, description: 'Id of the labelled package.' },
      specId: { type: 'int64', requiredOnCreate: true, description: 'Id of the label spec (see the Label Spec group).' },
    },
  },
};
