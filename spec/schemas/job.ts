import type { Field, SchemaTable, Versioned } from '../model.js';

/**
 * What running jobs takes and what builds leave behind: the Job Run group's request beans
 * (rest/resource/support/JobRun*, JobRunResource.JobRerun) and the Artifact group's
 * ArtifactInfo family (util/artifact). None of them changed between v11.11.0 and v16.5.6.
 */

/** What a file among the artifacts says of itself, asked for by its path or listed in a directory. */
const ARTIFACT_FILE_FIELDS: Record<string, Versioned<Field>> = {
  path: {
    type: 'string',
    description: 'Path of the file relative to the build\'s artifact root, with `/` between segments.',
  },
  lastModified: { type: 'int64', description: 'When the file was last written, in milliseconds since 1970-01-01 UTC.' },
  length: { type: 'int64', description: 'Size of the file in bytes.' },
};

export const jobSchemas: SchemaTable = {
  JobRun: {
    kind: 'family',
    description:
      'What to run, told apart by `@type`: a job on a commit reachable from a ref, or a job on the ' +
      'merge preview of a pull request.',
    discriminator: '@type',
    members: ['JobRunOnCommit', 'JobRunOnPullRequest'],
  },

  JobRunOnCommit: {
    kind: 'object',
    description: 'Runs a job of a project on one commit, for a ref that reaches that commit.',
    discriminator: { property: '@type', value: 'JobRunOnCommit' },
    usage: 'request',
    fields: {
      projectId: { type: 'int64', requiredOnCreate: true, description: 'Id of the project.' },
      commitHash: {
        type: 'string',
        requiredOnCreate: true,
        description: 'Full 40-character SHA-1 of the commit to build; it must be reachable from `refName`.',
        constraints: { pattern: '^[0-9a-fA-F]{40}$' },
      },
      refName: {
        type: 'string',
        requiredOnCreate: true,
        description:
          'Full Git ref the build runs for, starting with `refs/`, e.g. `refs/heads/main` or ' +
          '`refs/tags/v4.2.0`. Jobs see it as the build\'s branch or tag.',
      },
      jobName: { type: 'string', requiredOnCreate: true, description: 'Name of the job in the commit\'s build spec.' },
      params: {
        type: { map: { array: 'string' } },
        description:
          'Job parameters: each name maps to its values, normally one; several for a parameter the ' +
          'build spec allows to take several. Every parameter the job declares must be given, and ' +
          'no other. Leave it out, or send `{}`, for a job without parameters; `null` is refused.',
      },
      reason: {
        type: 'string',
        requiredOnCreate: true,
        description: 'Why the build is run; shown as the build\'s submit reason.',
      },
    },
  },

  JobRunOnPullRequest: {
    kind: 'object',
    description:
      'Runs a job on the merge preview of a pull request: the commit that merging it into its ' +
      'target branch would make. The build is attached to the pull request.',
    discriminator: { property: '@type', value: 'JobRunOnPullRequest' },
    usage: 'request',
    fields: {
      pullRequestId: {
        type: 'int64',
        requiredOnCreate: true,
        description: 'Id (not number) of the pull request whose merge preview is built.',
      },
      jobName: {
        type: 'string',
        requiredOnCreate: true,
        description: 'Name of the job in the merge preview\'s build spec.',
      },
      params: {
        type: { map: { array: 'string' } },
        description:
          'Job parameters: each name maps to its values, normally one; several for a parameter the ' +
          'build spec allows to take several. Every parameter the job declares must be given, and ' +
          'no other. Leave it out, or send `{}`, for a job without parameters; `null` is refused.',
      },
      reason: {
        type: 'string',
        requiredOnCreate: true,
        description: 'Why the build is run; shown as the build\'s submit reason.',
      },
    },
  },

  JobRerun: {
    kind: 'object',
    description: 'Which finished build to run again, and why.',
    usage: 'request',
    fields: {
      buildId: { type: 'int64', requiredOnCreate: true, description: 'Id (not number) of the build to run again.' },
      reason: {
        type: 'string',
        requiredOnCreate: true,
        description: 'Why the build is run again; becomes its new submit reason.',
      },
    },
  },

  // OneDev's ArtifactInfo is an abstract class, but the server writes the value Get Artifact Info
  // answers as its concrete class, without `@type` (spec/model.ts, RootDiscriminator): only the
  // entries of a listing carry it (ArtifactEntry). The roots are plain shapes, told apart by their
  // properties.
  ArtifactInfo: {
    kind: 'alias',
    description:
      'What a build\'s artifact storage holds at a path: a directory with its entries, or a file. ' +
      'The server writes it without `@type` (the entries inside keep theirs): a directory is the ' +
      'one with `children`, a file the one with `length` and `mediaType`.',
    type: { oneOf: [{ ref: 'DirectoryInfo' }, { ref: 'FileInfo' }] },
  },

  FileInfo: {
    kind: 'object',
    description:
      'A file among a build\'s artifacts, asked for by its own path. Written without `@type` ' +
      '(the `FileInfo` kind of a listing\'s entries).',
    usage: 'response',
    fields: {
      ...ARTIFACT_FILE_FIELDS,
      mediaType: {
        type: 'string',
        description:
          'Media type the server guesses from the file, `application/octet-stream` when it cannot tell.',
      },
    },
  },

  DirectoryInfo: {
    kind: 'object',
    description:
      'A directory among a build\'s artifacts (or the artifact root itself), with its entries. ' +
      'Written without `@type` (the `DirectoryInfo` kind of a listing\'s entries).',
    usage: 'response',
    fields: {
      path: {
        type: 'string',
        nullable: true,
        description:
          'Path of the directory relative to the build\'s artifact root, with `/` between segments; ' +
          'null for the root itself.',
      },
      lastModified: {
        type: 'int64',
        description: 'When the directory last changed, in milliseconds since 1970-01-01 UTC.',
      },
      children: {
        type: { array: { ref: 'ArtifactEntry' } },
        description:
          'The entries directly inside the directory: subdirectories first, then files, each sorted ' +
          'by path. Only the directory asked for is listed: ask for a subdirectory\'s own info to see ' +
          'inside it.',
      },
    },
  },

  // The entries of a listing are built without contents or media type, so they have schemas of
  // their own: DirectoryInfo does not contain itself. A directory entry's `children: null` is left
  // out (a reader ignores keys it does not know; its description names it); a file entry's
  // `mediaType` is described as the null it always is.
  ArtifactEntry: {
    kind: 'family',
    description:
      'One entry of a directory listing, told apart by `@type` as a path\'s own info is: a ' +
      'subdirectory (without its entries) or a file.',
    discriminator: '@type',
    members: ['ArtifactFileEntry', 'ArtifactDirectoryEntry'],
  },

  ArtifactFileEntry: {
    kind: 'object',
    description: 'A file inside a listed directory.',
    discriminator: { property: '@type', value: 'FileInfo' },
    usage: 'response',
    fields: {
      ...ARTIFACT_FILE_FIELDS,
      mediaType: {
        type: 'string',
        nullable: true,
        description:
          'Always null in a listing: the server guesses the media type only when the file\'s own ' +
          'info is asked for.',
      },
    },
  },

  ArtifactDirectoryEntry: {
    kind: 'object',
    description:
      'A directory inside a listed directory. The server also writes `children: null` here: ask for ' +
      'the directory\'s own info to list it.',
    discriminator: { property: '@type', value: 'DirectoryInfo' },
    usage: 'response',
    fields: {
      path: {
        type: 'string',
        description: 'Path of the directory relative to the build\'s artifact root, with `/` between segments.',
      },
      lastModified: {
        type: 'int64',
        description: 'When the directory last changed, in milliseconds since 1970-01-01 UTC.',
      },
    },
  },
};
