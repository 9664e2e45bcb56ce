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

const PAGE_LIMIT_NON_ADMIN =
  'At most 100 for callers who are not administrators (400 otherwise); administrators may ask for more.';

/**
 * Every parameter of the catalogue, keyed by the name operations use to refer to it.
 * Path parameters carry the seed's names; collection reads share `offset` and their `count`.
 */
export const parameters: ParameterTable = {
  requestId: {
    ...idParam('requestId', 'pull request', 42),
    description:
      'Id of the pull request, which differs from its number. Turn a number into an id with ' +
      'Query Basic Info and the query `"Number" is "path/to/project#100"` or `"Number" is "KEY-100"`.',
  },
  buildId: {
    ...idParam('buildId', 'build', 2031),
    description:
      'Id of the build, which differs from its number. Turn a number into an id with Query ' +
      'Basic Info and the query `"Number" is "path/to/project#100"` or `"Number" is "KEY-100"`.',
  },
  groupId: idParam('groupId', 'group', 5),
  labelSpecId: idParam('labelSpecId', 'label spec', 3),
  roleId: idParam('roleId', 'role', 2),
  packId: idParam('packId', 'package', 17),
  commentId: idParam('commentId', 'pull request comment', 311),
  pullRequestWatchId: idParam('watchId', 'pull request watch', 77),
  issueWatchId: idParam('watchId', 'issue watch', 88),
  iterationId: idParam('iterationId', 'iteration', 9),
  workId: idParam('workId', 'issue work record', 14),
  milestoneId: idParam('milestoneId', 'milestone', 4),
  authorizationId: idParam('authorizationId', 'base authorization', 21),
  assignmentId: idParam('assignmentId', 'pull request assignment', 63),
  reviewId: idParam('reviewId', 'pull request review', 58),
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
  countLimitedForNonAdmins: {
    name: 'count',
    in: 'query',
    required: true,
    type: 'int32',
    constraints: { minimum: 0 },
    description: `How many records to return at most. Required: the server has no default. ${PAGE_LIMIT_NON_ADMIN}`,
    example: 100,
  },
  countLimited: {
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
  pullRequestQuery: {
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
  buildQuery: {
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
  packageQuery: {
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
