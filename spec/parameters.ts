import type { ParameterSpec, ParameterTable } from './model.js';

/** A numeric record id in a path: OneDev answers 404 for an unknown or non-numeric one. */
function idParam(name: string, what: string, example: number): ParameterSpec {
  return {
    name,
    in: 'path',
    required: true,
    type: 'int64',
    description: `Id of the ${what}. Not a number shown in the web UI: ids are internal keys.`,
    example,
  };
}

const PAGE_LIMIT_NON_ADMIN = 'At most 100 for callers who are not administrators';

/**
 * Every parameter of the catalogue, keyed by the name operations use to refer to it.
 * Path parameters carry the seed's names; collection reads share `offset` and their `count`.
 */
export const parameters: ParameterTable = {
  // The query operation was renamed Query Pull Requests in v12.0.0.
  requestId: [
    {
      ...idParam('requestId', 'pull request', 42),
      until: 'v12.0.0',
      description:
        'Id of the pull request, which differs from its number. Turn a number into an id with ' +
        'Query Basic Info and the query `"Number" is "path/to/project#100"` or `"Number" is "KEY-100"`.',
    },
    {
      ...idParam('requestId', 'pull request', 42),
      since: 'v12.0.0',
      description:
        'Id of the pull request, which differs from its number. Turn a number into an id with ' +
        'Query Pull Requests and the query `"Number" is "path/to/project#100"` or `"Number" is "KEY-100"`.',
    },
  ],
  // The query operation was renamed Query Builds in v12.0.0.
  buildId: [
    {
      ...idParam('buildId', 'build', 2031),
      until: 'v12.0.0',
      description:
        'Id of the build, which differs from its number. Turn a number into an id with Query ' +
        'Basic Info and the query `"Number" is "path/to/project#100"` or `"Number" is "KEY-100"`.',
    },
    {
      ...idParam('buildId', 'build', 2031),
      since: 'v12.0.0',
      description:
        'Id of the build, which differs from its number. Turn a number into an id with Query ' +
        'Builds and the query `"Number" is "path/to/project#100"` or `"Number" is "KEY-100"`.',
    },
  ],
  groupId: idParam('groupId', 'group', 5),
  labelSpecId: idParam('labelSpecId', 'label spec', 3),
  roleId: idParam('roleId', 'role', 2),
  packId: idParam('packId', 'package', 17),
  commentId: idParam('commentId', 'pull request comment', 311),
  pullRequestWatchId: idParam('watchId', 'pull request watch', 77),
  issueWatchId: idParam('watchId', 'issue watch', 88),
  iterationId: idParam('iterationId', 'iteration', 9),
  workId: idParam('workId', 'issue work record', 14),
  milestoneId: { ...idParam('milestoneId', 'milestone', 4), until: 'v12.0.0' },
  authorizationId: idParam('authorizationId', 'base authorization', 21),
  assignmentId: idParam('assignmentId', 'pull request assignment', 63),
  reviewId: idParam('reviewId', 'pull request review', 58),
  reviewerUserId: {
    ...idParam('userId', 'user to add to or remove from the reviewers of the pull request', 5),
    since: 'v16.2.1',
  },
  assigneeUserId: {
    ...idParam('userId', 'user to assign to or unassign from the pull request', 4),
    since: 'v16.2.1',
  },
  preferredAttachmentName: {
    since: 'v12.0.0',
    name: 'preferredAttachmentName',
    in: 'path',
    required: true,
    type: 'string',
    description:
      'File name to store the attachment under. The server keeps it unless the name is taken, ' +
      'in which case it adds `_2`, `_3`, ... before the extension; `..` is replaced by `-`. ' +
      'Percent-encode characters that are not allowed in a path segment.',
    example: 'retry.log',
  },
  membershipId: idParam('membershipId', 'membership', 31),
  linkId: idParam('linkId', 'issue link', 19),
  voteId: idParam('voteId', 'issue vote', 26),
  sshKeyId: idParam('sshKeyId', 'SSH key', 12),
  groupName: {
    name: 'name',
    in: 'path',
    required: true,
    type: 'string',
    description: 'Exact name of the group.',
    example: 'Developers',
  },
  roleName: {
    name: 'name',
    in: 'path',
    required: true,
    type: 'string',
    description: 'Exact name of the role.',
    example: 'Code Writer',
  },
  offset: {
    name: 'offset',
    in: 'query',
    required: true,
    type: 'int32',
    constraints: { minimum: 0 },
    description:
      'How many matching records to skip. Required: the server has no default. Page through ' +
      'a collection by adding the page size until a page comes back shorter than asked.',
    example: 0,
  },
  // From v12.0.9 a count over the limit is refused with 406 instead of 400.
  countLimitedForNonAdmins: [
    {
      until: 'v12.0.9',
      name: 'count',
      in: 'query',
      required: true,
      type: 'int32',
      constraints: { minimum: 0 },
      description: `How many records to return at most. Required: the server has no default. ${PAGE_LIMIT_NON_ADMIN} (400 otherwise); administrators may ask for more.`,
      example: 100,
    },
    {
      since: 'v12.0.9',
      name: 'count',
      in: 'query',
      required: true,
      type: 'int32',
      constraints: { minimum: 0 },
      description: `How many records to return at most. Required: the server has no default. ${PAGE_LIMIT_NON_ADMIN} (406 otherwise); administrators may ask for more.`,
      example: 100,
    },
  ],
  countLimited: [
    {
      until: 'v12.0.9',
      name: 'count',
      in: 'query',
      required: true,
      type: 'int32',
      constraints: { minimum: 0, maximum: 100 },
      description:
        'How many records to return at most. Required: the server has no default. At most 100 ' +
        'for every caller, administrators included (400 otherwise).',
      example: 100,
    },
    {
      since: 'v12.0.9',
      name: 'count',
      in: 'query',
      required: true,
      type: 'int32',
      constraints: { minimum: 0, maximum: 100 },
      description:
        'How many records to return at most. Required: the server has no default. At most 100 ' +
        'for every caller, administrators included (406 otherwise).',
      example: 100,
    },
  ],
  countUnlimited: {
    name: 'count',
    in: 'query',
    required: true,
    type: 'int32',
    constraints: { minimum: 0 },
    description:
      'How many records to return at most. Required: the server has no default, and this ' +
      'collection sets no upper limit.',
    example: 100,
  },
  // How a bad query is refused: 400 until v12.0.9, 406 until v16.5.2, then 406 only for syntax errors.
  pullRequestQuery: [
    {
      until: 'v12.0.9',
      name: 'query',
      in: 'query',
      required: false,
      type: 'string',
      description:
        'A filter in the query language of the web UI\'s pull request list, e.g. `"Status" is ' +
        '"Open"` or `"Number" is "path/to/project#100"`; leave it out to match every pull request ' +
        'the caller can see. A query that does not parse is answered with 400.',
      example: '"Status" is "Open" and "Target Branch" is "main"',
    },
    {
      since: 'v12.0.9',
      until: 'v16.5.2',
      name: 'query',
      in: 'query',
      required: false,
      type: 'string',
      description:
        'A filter in the query language of the web UI\'s pull request list, e.g. `"Status" is ' +
        '"Open"` or `"Number" is "path/to/project#100"`; leave it out to match every pull request ' +
        'the caller can see. A query that does not parse is answered with 406.',
      example: '"Status" is "Open" and "Target Branch" is "main"',
    },
    {
      since: 'v16.5.2',
      name: 'query',
      in: 'query',
      required: false,
      type: 'string',
      description:
        'A filter in the query language of the web UI\'s pull request list, e.g. `"Status" is ' +
        '"Open"` or `"Number" is "path/to/project#100"`; leave it out to match every pull request ' +
        'the caller can see. A query with a syntax error is answered with 406 ("Invalid query"); ' +
        'one that parses but uses a criterion the list does not support is answered with 500.',
      example: '"Status" is "Open" and "Target Branch" is "main"',
    },
  ],
  // Same refusal history as pullRequestQuery: 400, then 406 from v12.0.9, then from v16.5.2 406
  // only for syntax errors (an unknown field or criterion fails with 500).
  buildQuery: [
    {
      until: 'v12.0.9',
      name: 'query',
      in: 'query',
      required: false,
      type: 'string',
      description:
        'A filter in the query language of the web UI\'s build list, e.g. `"Job" is "Release"` or ' +
        '`"Number" is "KEY-100"`; leave it out to match every build the caller can see. A query ' +
        'that does not parse is answered with 400.',
      example: '"Job" is "ci" and successful',
    },
    {
      since: 'v12.0.9',
      until: 'v16.5.2',
      name: 'query',
      in: 'query',
      required: false,
      type: 'string',
      description:
        'A filter in the query language of the web UI\'s build list, e.g. `"Job" is "Release"` or ' +
        '`"Number" is "KEY-100"`; leave it out to match every build the caller can see. A query ' +
        'that does not parse is answered with 406.',
      example: '"Job" is "ci" and successful',
    },
    {
      since: 'v16.5.2',
      name: 'query',
      in: 'query',
      required: false,
      type: 'string',
      description:
        'A filter in the query language of the web UI\'s build list, e.g. `"Job" is "Release"` or ' +
        '`"Number" is "KEY-100"`; leave it out to match every build the caller can see. A query ' +
        'with a syntax error is answered with 406 ("Invalid query"); one that parses but names a ' +
        'field or criterion the build list does not know is answered with 500.',
      example: '"Job" is "ci" and successful',
    },
  ],
  packageQuery: [
    {
      until: 'v12.0.9',
      name: 'query',
      in: 'query',
      required: false,
      type: 'string',
      description:
        'A filter in the query language of the web UI\'s package list, e.g. `"Type" is "Container ' +
        'Image"`; leave it out to match every package the caller can see. A query that does not ' +
        'parse is answered with 400.',
      example: '"Type" is "Container Image"',
    },
    {
      since: 'v12.0.9',
      until: 'v16.5.2',
      name: 'query',
      in: 'query',
      required: false,
      type: 'string',
      description:
        'A filter in the query language of the web UI\'s package list, e.g. `"Type" is "Container ' +
        'Image"`; leave it out to match every package the caller can see. A query that does not ' +
        'parse is answered with 406.',
      example: '"Type" is "Container Image"',
    },
    {
      since: 'v16.5.2',
      name: 'query',
      in: 'query',
      required: false,
      type: 'string',
      description:
        'A filter in the query language of the web UI\'s package list, e.g. `"Type" is "Container ' +
        'Image"`; leave it out to match every package the caller can see. A query with a syntax ' +
        'error is answered with 406 ("Invalid query"); one that parses but names a field or ' +
        'criterion the package list does not know is answered with 500.',
      example: '"Type" is "Container Image"',
    },
  ],
  // Delete Packs (v16.1.0) reads the same language, but leaving the query out deletes everything visible.
  packageDeleteQuery: {
    since: 'v16.1.0',
    name: 'query',
    in: 'query',
    required: false,
    type: 'string',
    description:
      'Which packages to delete, in the query language of the web UI\'s package list, e.g. ' +
      '`"Project" is "acme/webapp" and "Type" is "NPM"`. Leaving it out matches every package the ' +
      'caller can see, so all of them are deleted. A query that does not parse is answered with 406.',
    example: '"Type" is "Container Image" and "Name" is "acme/webapp"',
  },
  nameFilter: {
    name: 'name',
    in: 'query',
    required: false,
    type: 'string',
    description:
      'Only records whose name matches: case-insensitive, `*` matches any run of characters. ' +
      'Leave it out to match all.',
    example: 'dev*',
  },
};
