import type { SchemaTable } from '../model.js';

/**
 * The Repository group's beans (RepositoryResource's nested classes and the Git classes it
 * returns), read at each tag; none changed shape between v11.11.0 and v16.5.6. PersonIdent is
 * JGit's class, written field by field (5.13 and 6.10 have the same four fields).
 */
export const repositorySchemas: SchemaTable = {
  // Get Top Contributors' `type` parameter (GitContribution.Type), which v16.2.0 removed.
  ContributionType: {
    until: 'v16.2.0',
    kind: 'alias',
    description: 'What top contributors are ranked by: commits, lines added or lines deleted.',
    type: { enum: ['COMMITS', 'ADDITIONS', 'DELETIONS'] },
  },
  // The commit reads' `field` parameter (LogCommand.Field); v16.2.0 dropped LINE_CHANGES.
  CommitDetail: {
    kind: 'alias',
    description: 'A property of a commit the commit reads can fill in (their `field` parameter).',
    type: {
      enum: ['PARENTS', 'AUTHOR', 'COMMITTER', 'COMMIT_DATE', 'SUBJECT', 'BODY', 'FILE_CHANGES', { value: 'LINE_CHANGES', until: 'v16.2.0' }],
    },
  },
  PersonIdent: {
    kind: 'object',
    description: 'A Git author or committer as recorded in a commit.',
    fields: {
      name: { type: 'string', description: 'Name as recorded.' },
      emailAddress: { type: 'string', description: 'Email address as recorded.' },
      when: { type: 'int64', description: 'The time, in milliseconds since 1970-01-01T00:00:00Z.' },
      tzOffset: { type: 'int32', description: 'The recorded time zone, in minutes east of UTC (e.g. `480` for UTC+8).' },
    },
  },

  RefResponse: {
    kind: 'object',
    description: 'A branch or tag and the commit it points to.',
    fields: {
      refName: { type: 'string', description: 'Full ref name, e.g. `refs/heads/main` or `refs/tags/v4.2.0`.' },
      commitHash: {
        type: 'string',
        description: 'SHA-1 of the commit the ref points to (for an annotated tag, the tagged commit).',
      },
    },
  },
  CreateBranchRequest: {
    kind: 'object',
    usage: 'request',
    description: 'A branch to create.',
    fields: {
      branchName: {
        type: 'string',
        requiredOnCreate: true,
        description: 'Name of the new branch without `refs/heads/`, e.g. `feature/login`.',
      },
      revision: {
        type: 'string',
        requiredOnCreate: true,
        description: 'Where the branch starts: a commit hash, or a branch or tag name.',
      },
    },
  },
  CreateTagRequest: {
    kind: 'object',
    usage: 'request',
    description: 'A tag to create.',
    fields: {
      tagName: { type: 'string', requiredOnCreate: true, description: 'Name of the new tag without `refs/tags/`, e.g. `v4.2.0`.' },
      tagMessage: {
        type: 'string',
        nullable: true,
        description: 'Message of the tag. The tag is annotated and names the caller as tagger either way.',
      },
      revision: {
        type: 'string',
        requiredOnCreate: true,
        description: 'What to tag: a commit hash, or a branch or tag name.',
      },
    },
  },

  LogCommit: {
    kind: 'object',
    description:
      'A commit as the log lists it. Only `hash` is always filled in; every other property is null ' +
      'unless the request asked for it with `field`.',
    fields: {
      hash: { type: 'string', description: 'Full SHA-1 of the commit.' },
      subject: { type: 'string', nullable: true, description: 'First line of the message (`SUBJECT`).' },
      body: {
        type: 'string',
        nullable: true,
        description: 'The message after its subject (`BODY`), each line trimmed; empty when it has none.',
      },
      commitDate: { type: 'date-time', nullable: true, description: 'When the commit was committed (`COMMIT_DATE`).' },
      committer: { type: { ref: 'PersonIdent' }, nullable: true, description: 'The committer (`COMMITTER`).' },
      author: { type: { ref: 'PersonIdent' }, nullable: true, description: 'The author (`AUTHOR`).' },
      parentHashes: {
        type: { array: 'string' },
        nullable: true,
        description: 'Hashes of the parent commits (`PARENTS`): none for a root commit, two or more for a merge.',
      },
      fileChanges: {
        type: { array: { ref: 'FileChange' } },
        nullable: true,
        description:
          'Files the commit changed compared with its parent (`FILE_CHANGES`), as `git log --name-status` ' +
          'lists them: none for a merge commit, and only files under the query\'s paths when it has some.',
      },
    },
  },
  FileChange: {
    kind: 'object',
    description: 'A file a commit added, deleted, modified or renamed.',
    fields: {
      // With LINE_CHANGES the server reads `git log --numstat`, which names a file by one path unless it was renamed.
      oldPath: [
        { until: 'v16.2.0', type: 'string', nullable: true, description: 'Path before the commit; null for an added file, and with `LINE_CHANGES` for every file not renamed.' },
        { since: 'v16.2.0', type: 'string', nullable: true, description: 'Path before the commit; null for an added file.' },
      ],
      newPath: [
        { until: 'v16.2.0', type: 'string', nullable: true, description: 'Path after the commit; null for a deleted file, except with `LINE_CHANGES`, where a deleted file has its path here.' },
        { since: 'v16.2.0', type: 'string', nullable: true, description: 'Path after the commit; null for a deleted file.' },
      ],
      additions: [
        {
          until: 'v16.2.0',
          type: 'int32',
          description: 'Lines added, when `LINE_CHANGES` was asked for; otherwise (and for binary files) `-1`.',
        },
        { since: 'v16.2.0', type: 'int32', description: 'Always `-1`: line counts are no longer computed.' },
      ],
      deletions: [
        {
          until: 'v16.2.0',
          type: 'int32',
          description: 'Lines deleted, when `LINE_CHANGES` was asked for; otherwise (and for binary files) `-1`.',
        },
        { since: 'v16.2.0', type: 'int32', description: 'Always `-1`: line counts are no longer computed.' },
      ],
    },
  },

  DirectoryChild: {
    kind: 'object',
    description: 'An entry of a directory.',
    fields: {
      path: { type: 'string', description: 'Path of the entry from the repository root, e.g. `src/main`.' },
      isFile: {
        type: 'boolean',
        description: 'Whether it is a regular file; false for directories, symbolic links and submodules.',
      },
    },
  },
  FileResponse: {
    kind: 'object',
    description: 'A file of the repository at some revision, with its content.',
    fields: {
      path: { type: 'string', description: 'Path of the file from the repository root.' },
      sha: { type: 'string', description: 'SHA-1 of the file\'s blob.' },
      base64Content: {
        type: 'string',
        description: 'The content, Base64-encoded (standard alphabet, padded); cut short when `isPartial`.',
      },
      size: { type: 'int64', description: 'Size of the whole file in bytes.' },
      isPartial: {
        type: 'boolean',
        description:
          'True when the file is too large to load and `base64Content` holds only its beginning ' +
          '(still enough to tell its type).',
      },
    },
  },

  FileEditRequest: {
    kind: 'family',
    description:
      'A change to one file, committed to a branch: `FileCreateOrUpdateRequest` writes the file, ' +
      '`FileDeleteRequest` removes it.',
    discriminator: '@type',
    members: ['FileCreateOrUpdateRequest', 'FileDeleteRequest'],
  },
  FileCreateOrUpdateRequest: {
    kind: 'object',
    usage: 'request',
    description: 'Create the file, or replace its content, in one new commit.',
    discriminator: { property: '@type', value: 'FileCreateOrUpdateRequest' },
    fields: {
      commitMessage: { type: 'string', requiredOnCreate: true, description: 'Message of the commit.' },
      base64Content: {
        type: 'string',
        requiredOnCreate: true,
        description: 'The new content, Base64-encoded (standard alphabet).',
      },
    },
  },
  FileDeleteRequest: {
    kind: 'object',
    usage: 'request',
    description: 'Delete the file in one new commit.',
    discriminator: { property: '@type', value: 'FileDeleteRequest' },
    fields: {
      commitMessage: { type: 'string', requiredOnCreate: true, description: 'Message of the commit.' },
    },
  },
  FileEditResponse: {
    kind: 'object',
    description: 'The commit a file edit made.',
    fields: {
      commitHash: { type: 'string', description: 'SHA-1 of the new commit, now the head of the branch.' },
    },
  },
};
