import type { SchemaTable } from '../model.js';

/**
 * Code comments, read from OneDev's CodeComment entity and its embedded Mark and CompareContext at
 * each tag (their wire shape did not change from v11.11.0 to v16.5.6). The line range is OneDev's
 * PlanarRange from its commons library, written field by field.
 */
export const codeCommentSchemas: SchemaTable = {
  CodeComment: {
    kind: 'object',
    description:
      'A comment on lines of a file at a commit, made while browsing code or reviewing a pull ' +
      'request. Replies and status changes are separate records and are not part of this object.',
    fields: {
      id: { type: 'int64', readOnly: true, description: 'Id of the code comment.' },
      projectId: { type: 'int64', description: 'Id of the project whose code is commented.' },
      userId: { type: 'int64', description: 'Id of the user who wrote the comment.' },
      content: {
        type: 'string',
        description: 'The comment text, in Markdown (up to 100000 characters).',
        constraints: { maxLength: 100000 },
      },
      createDate: { type: 'date-time', description: 'When the comment was written.' },
      lastActivity: {
        type: { ref: 'LastActivity' },
        description: 'The latest activity on the comment (written, replied to, resolved, ...).',
      },
      replyCount: { type: 'int32', description: 'How many replies the comment has.' },
      mark: { type: { ref: 'CodeCommentMark' }, description: 'Which lines of which file at which commit the comment is on.' },
      compareContext: {
        type: { ref: 'CodeCommentCompareContext' },
        description: 'The comparison the comment was written in, so the web UI can show it the same way.',
      },
      resolved: { type: 'boolean', description: 'Whether the comment has been marked as resolved.' },
      uuid: {
        type: 'string',
        description: 'Random unique key of the comment; it also names the folder of its attachments.',
      },
    },
  },

  CodeCommentMark: {
    kind: 'object',
    description: 'The place a code comment is attached to: a line range of a file at a commit.',
    fields: {
      commitHash: { type: 'string', description: 'Commit the comment was made on (40 hex digits).' },
      path: { type: 'string', description: 'Path of the file inside the repository, e.g. `src/main/App.java`.' },
      range: { type: { ref: 'PlanarRange' }, description: 'The commented text: a range of lines and columns.' },
    },
  },

  PlanarRange: {
    kind: 'object',
    description:
      'A stretch of text in a file, from a row and column to a row and column. Rows count from 0 ' +
      '(the web UI shows row 0 as line 1).',
    fields: {
      fromRow: { type: 'int32', description: 'Row the range starts on, counted from 0.' },
      fromColumn: { type: 'int32', description: 'Column the range starts at, counted from 0.' },
      toRow: { type: 'int32', description: 'Row the range ends on, counted from 0.' },
      toColumn: { type: 'int32', description: 'Column the range ends at.' },
      tabWidth: { type: 'int32', description: 'Tab width the columns were counted with (1: a tab is one column).' },
    },
  },

  CodeCommentCompareContext: {
    kind: 'object',
    description:
      'The comparison a code comment was written in: the two commits the web UI compared and how ' +
      'it showed the difference.',
    fields: {
      pullRequestId: {
        type: 'int64',
        nullable: true,
        description: 'Id of the pull request the comment was written on; null for a comment made outside a pull request.',
      },
      oldCommitHash: { type: 'string', description: 'Commit on the left (old) side of the comparison.' },
      newCommitHash: { type: 'string', description: 'Commit on the right (new) side of the comparison.' },
      pathFilter: {
        type: 'string',
        nullable: true,
        // No `*/` in the text: it would close the doc comments generators write it into.
        description:
          'File filter the comparison was shown with, e.g. `src/*.java` (`**` stands for any number ' +
          'of directories); null when none.',
      },
      whitespaceOption: {
        type: { enum: ['IGNORE_TRAILING', 'IGNORE_LEADING', 'IGNORE_CHANGE', 'IGNORE_ALL', 'DO_NOT_IGNORE'] },
        description: 'Which whitespace differences the comparison ignored.',
      },
    },
  },
};
