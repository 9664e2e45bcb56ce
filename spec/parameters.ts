import type { ParameterSpec, ParameterTable } from './model.js';
import { agentQuery, buildQuery, commitQuery, issueQuery, packQuery, projectQuery, pullRequestQuery, workspaceQuery } from './queries/index.js';

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

/** OneDev's page size cap (RestConstants.MAX_PAGE_SIZE); the builder states it, from `pageLimit`. */
const MAX_PAGE_SIZE = 100;
/**
 * JAX-RS reads a single-valued query parameter from its first value: the ones after it are never
 * converted, so `count=0&count=x` is `count=0` (a v16.5.6 server answered such a read of
 * `/projects` with 200 and `[]`).
 */
const FIRST_VALUE = 'Sent more than once, only the first value is read; the others are ignored, whatever they hold.';
const COUNT = `How many records to return at most. Required: the server has no default. ${FIRST_VALUE}`;

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
        'Query Basic Info and the reference itself as the query, unquoted: `path/to/project#100` or `KEY-100`.',
    },
    {
      ...idParam('requestId', 'pull request', 42),
      since: 'v12.0.0',
      description:
        'Id of the pull request, which differs from its number. Turn a number into an id with ' +
        'Query Pull Requests and the reference itself as the query, unquoted: `path/to/project#100` or `KEY-100`.',
    },
  ],
  // The query operation was renamed Query Builds in v12.0.0.
  buildId: [
    {
      ...idParam('buildId', 'build', 2031),
      until: 'v12.0.0',
      description:
        'Id of the build, which differs from its number. Turn a number into an id with Query ' +
        'Basic Info and the reference itself as the query, unquoted: `path/to/project#100` or `KEY-100`.',
    },
    {
      ...idParam('buildId', 'build', 2031),
      since: 'v12.0.0',
      description:
        'Id of the build, which differs from its number. Turn a number into an id with Query ' +
        'Builds and the reference itself as the query, unquoted: `path/to/project#100` or `KEY-100`.',
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
    ...idParam('userId', 'user to assign to or unassign from the pull request', 7),
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
  // Users, their tokens, addresses and project roles (issue 12).
  userId: {
    ...idParam('userId', 'user', 3),
    description:
      'Id of the user. Find your own with Get Me (`GET /users/me`), anyone\'s from a login name ' +
      'with Get User Id (`GET /users/ids/{name}`).',
  },
  userName: {
    name: 'name',
    in: 'path',
    required: true,
    type: 'string',
    description: 'Exact login name of the user (as used to sign in), e.g. `robin`.',
    example: 'robin',
  },
  userTerm: {
    name: 'term',
    in: 'query',
    required: false,
    type: 'string',
    description:
      'Only users whose login name, full name or one of whose email addresses contains this text ' +
      '(case-insensitive). Leave it out to list every user.',
    example: 'rob',
    matches: { properties: ['name', 'fullName'], related: [{ record: 'EmailAddress', link: 'ownerId', property: 'value' }] },
  },
  accessTokenId: idParam('accessTokenId', 'access token', 8),
  accessTokenAuthorizationId: idParam('authorizationId', 'access token authorization', 17),
  emailAddressId: idParam('emailAddressId', 'email address', 14),
  groupAuthorizationId: idParam('authorizationId', 'group authorization', 44),
  userAuthorizationId: idParam('authorizationId', 'user authorization', 52),
  ssoProviderId: { ...idParam('ssoProviderId', 'SSO provider', 2), since: 'v13.1.7' },
  ssoProviderName: {
    since: 'v13.1.7',
    name: 'name',
    in: 'path',
    required: true,
    type: 'string',
    description: 'Exact name of the SSO provider (the last segment of its callback URL), e.g. `keycloak`.',
    example: 'keycloak',
  },
  // Issues, their comments, code comments and pull request labels (issue 12).
  // The query read was renamed Query Issues in v12.0.0.
  issueId: [
    {
      ...idParam('issueId', 'issue', 1543),
      until: 'v12.0.0',
      description:
        'Id of the issue, which differs from its number. Turn a number into an id with Query ' +
        'and the reference itself as the query, unquoted: `path/to/project#100` or `KEY-100`.',
    },
    {
      ...idParam('issueId', 'issue', 1543),
      since: 'v12.0.0',
      description:
        'Id of the issue, which differs from its number. Turn a number into an id with Query ' +
        'Issues and the reference itself as the query, unquoted: `path/to/project#100` or `KEY-100`.',
    },
  ],
  issueCommentId: idParam('commentId', 'issue comment', 2207),
  codeCommentId: idParam('commentId', 'code comment', 418),
  pullRequestLabelId: idParam('pullRequestLabelId', 'pull request label (the attachment of a label to a pull request)', 71),
  // The fields and criteria of the issue query language, and how a bad query is refused: 400 until
  // v12.0.9, then 406; from v16.5.2 406 only for syntax errors (an unknown field fails with 500).
  // The rocket reaction count became a tick count in v15.1.0.
  issueQuery: {
    name: 'query',
    in: 'query',
    required: false,
    type: 'string',
    description:
      'Which issues to list, in the query language of the web UI\'s issue list; leave it out to match every issue the caller can see.',
    queryLanguage: issueQuery,
    example: '"State" is "Open" and "Type" is "Bug" order by "Submit Date" desc',
  },
  withFields: {
    name: 'withFields',
    in: 'query',
    required: false,
    type: 'boolean',
    description:
      'When `true`, each issue in the answer also carries `fields`: its stored custom field ' +
      'records (`id`, `issueId`, `name`, `value`, `type`, `ordinal`). Left out or `false`, no ' +
      '`fields` property is added.',
    example: true,
  },
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
      `a collection by adding the page size until a page comes back shorter than asked. ${FIRST_VALUE}`,
    example: 0,
  },
  // The limit and the status a larger count gets are the builder's to write, from `pageLimit`.
  countLimitedForNonAdmins: {
    name: 'count',
    in: 'query',
    required: true,
    type: 'int32',
    constraints: { minimum: 0 },
    description: COUNT,
    pageLimit: { maximum: MAX_PAGE_SIZE, appliesTo: 'non-administrators' },
    example: 100,
  },
  countLimited: {
    name: 'count',
    in: 'query',
    required: true,
    type: 'int32',
    constraints: { minimum: 0 },
    description: COUNT,
    pageLimit: { maximum: MAX_PAGE_SIZE, appliesTo: 'everyone' },
    example: 100,
  },
  countUnlimited: {
    name: 'count',
    in: 'query',
    required: true,
    type: 'int32',
    constraints: { minimum: 0 },
    description: `${COUNT} This collection sets no upper limit.`,
    example: 100,
  },
  // How a bad query is refused: 400 until v12.0.9, 406 until v16.5.2, then 406 only for syntax errors.
  pullRequestQuery: {
    name: 'query',
    in: 'query',
    required: false,
    type: 'string',
    description:
      'Which pull requests to list, in the query language of the web UI\'s pull request list; leave it out to match every pull request the caller can see.',
    queryLanguage: pullRequestQuery,
    example: 'open and "Target Branch" is "main"',
  },
  // Same refusal history as pullRequestQuery: 400, then 406 from v12.0.9, then from v16.5.2 406
  // only for syntax errors (an unknown field or criterion fails with 500).
  buildQuery: {
    name: 'query',
    in: 'query',
    required: false,
    type: 'string',
    description:
      'Which builds to list, in the query language of the web UI\'s build list; leave it out to match every build the caller can see.',
    queryLanguage: buildQuery,
    example: '"Job" is "ci" and successful',
  },
  packageQuery: {
    name: 'query',
    in: 'query',
    required: false,
    type: 'string',
    description:
      'Which packages to list, in the query language of the web UI\'s package list; leave it out to match every package the caller can see.',
    queryLanguage: packQuery,
    example: '"Type" is "Container Image"',
  },
  // Delete Packs (v16.1.0) reads the same language, but leaving the query out deletes everything visible.
  packageDeleteQuery: {
    since: 'v16.1.0',
    name: 'query',
    in: 'query',
    required: false,
    type: 'string',
    description:
      'Which packages to delete, in the query language of the web UI\'s package list. Leaving it out matches every package the caller can see, so all of them are deleted.',
    queryLanguage: packQuery,
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
  // ----- projects, repositories and workspaces (issue 12) ----------------------------------------
  // How to find a project id changed: by query (Query Basic Info, then Query Projects from v12.0.0),
  // then by path with Get Project Id from v12.0.10.
  projectId: [
    {
      ...idParam('projectId', 'project', 7),
      until: 'v12.0.0',
      description:
        'Id of the project, not its path. Find the id of a path with Query Basic Info ' +
        '(`GET /projects`) and the query `"Path" is "acme/webapp"`.',
    },
    {
      // v12.0.0's ProjectData lacks `id`: its Query Projects finds a project but cannot tell its id.
      ...idParam('projectId', 'project', 7),
      since: 'v12.0.0',
      until: 'v12.0.1',
      description:
        'Id of the project, not its path. Query Projects (`GET /projects`) with the query ' +
        '`"Path" is "acme/webapp"` finds a project by path, but at this release its answers do ' +
        'not carry the id.',
    },
    {
      ...idParam('projectId', 'project', 7),
      since: 'v12.0.1',
      until: 'v12.0.10',
      description:
        'Id of the project, not its path. Find the id of a path with Query Projects ' +
        '(`GET /projects`) and the query `"Path" is "acme/webapp"`.',
    },
    {
      ...idParam('projectId', 'project', 7),
      since: 'v12.0.10',
      description:
        'Id of the project, not its path. Turn a path into the id with Get Project Id ' +
        '(`GET /projects/ids/acme/webapp`).',
    },
  ],
  projectPath: {
    since: 'v12.0.10',
    name: 'path',
    in: 'path',
    required: true,
    type: 'string',
    multiSegment: true,
    description:
      'Full path of the project, parent projects included, e.g. `acme/webapp` (what the web UI ' +
      'shows after the server URL). It spans several path segments: send each `/` as it is ' +
      '(never as `%2F`) and percent-encode each segment on its own (a space as `%20`). The whole ' +
      'path must match, ignoring case; no wildcards.',
    example: 'acme/webapp',
  },
  projectQuery: {
    name: 'query',
    in: 'query',
    required: false,
    type: 'string',
    description:
      'Which projects to list, in the query language of the web UI\'s project list; leave it out to list every project the caller can access. To find a project by its path, query `"Path" is "acme/webapp"` and read `id` from the answer.',
    queryLanguage: projectQuery,
    example: '"Path" is "acme/webapp"',
  },
  projectLabelId: idParam('projectLabelId', 'project label (the attachment of a label to a project)', 23),
  iterationNameFilter: {
    name: 'name',
    in: 'query',
    required: false,
    type: 'string',
    description:
      'Only the iteration with this name, compared case-insensitively (no wildcards). Leave it out ' +
      'to match all.',
    example: 'Sprint 27',
  },
  iterationStartBefore: {
    name: 'startBefore',
    in: 'query',
    required: false,
    type: 'string',
    description:
      'Only iterations starting on or before the day of this ISO 8601 date (the server\'s time ' +
      'zone decides the day). A value the server cannot read fails with 500.',
    example: '2025-07-31T00:00:00+08:00',
  },
  iterationStartAfter: {
    name: 'startAfter',
    in: 'query',
    required: false,
    type: 'string',
    description: 'Only iterations starting on or after the day of this ISO 8601 date.',
    example: '2025-07-01T00:00:00+08:00',
  },
  iterationDueBefore: {
    name: 'dueBefore',
    in: 'query',
    required: false,
    type: 'string',
    description: 'Only iterations due on or before the day of this ISO 8601 date.',
    example: '2025-08-31T00:00:00+08:00',
  },
  iterationDueAfter: {
    name: 'dueAfter',
    in: 'query',
    required: false,
    type: 'string',
    description: 'Only iterations due on or after the day of this ISO 8601 date.',
    example: '2025-07-15T00:00:00+08:00',
  },
  iterationClosed: {
    name: 'closed',
    in: 'query',
    required: false,
    type: 'boolean',
    description: '`true` for closed iterations only, `false` for open ones only; leave it out for both.',
    example: false,
  },
  contributionType: {
    until: 'v16.2.0',
    name: 'type',
    in: 'query',
    required: true,
    type: { ref: 'ContributionType' },
    description:
      'What to rank contributors by and what `dailyContributions` counts: commits, or lines added, ' +
      'or lines deleted.',
    example: 'COMMITS',
  },
  contributionSinceDate: {
    name: 'sinceDate',
    in: 'query',
    required: true,
    type: 'string',
    constraints: { pattern: '^\\d{4}-\\d{2}-\\d{2}$' },
    description: 'First day counted, as `yyyy-MM-dd`. Another format fails with 500.',
    example: '2025-01-01',
  },
  contributionUntilDate: {
    name: 'untilDate',
    in: 'query',
    required: true,
    type: 'string',
    constraints: { pattern: '^\\d{4}-\\d{2}-\\d{2}$' },
    description: 'Last day counted, as `yyyy-MM-dd`.',
    example: '2025-06-30',
  },
  branchName: {
    name: 'branch',
    in: 'path',
    required: true,
    type: 'string',
    multiSegment: true,
    description:
      'Name of the branch without `refs/heads/`, e.g. `main` or `feature/login`. It spans several ' +
      'path segments when it holds `/`: send each `/` as it is (never as `%2F`) and percent-encode ' +
      'each segment on its own.',
    example: 'feature/login',
  },
  tagName: {
    name: 'tag',
    in: 'path',
    required: true,
    type: 'string',
    multiSegment: true,
    description:
      'Name of the tag without `refs/tags/`, e.g. `v4.2.0` or `releases/2025-06`. It spans several ' +
      'path segments when it holds `/`: send each `/` as it is (never as `%2F`) and percent-encode ' +
      'each segment on its own.',
    example: 'v4.2.0',
  },
  commitHash: {
    name: 'commitHash',
    in: 'path',
    required: true,
    type: 'string',
    description:
      'The commit: its full 40-digit SHA-1, or anything Git resolves to a commit (an abbreviated ' +
      'hash, a branch or a tag name).',
    example: '9c3e4f1a7b2d8e6c5a4f3b2e1d0c9b8a7f6e5d4c',
  },
  revisionAndDirectory: {
    name: 'revisionAndDirectory',
    in: 'path',
    required: true,
    type: 'string',
    multiSegment: true,
    description:
      'A revision (branch, tag or commit hash) followed by the path of a directory inside it, ' +
      'e.g. `main/src/main/java`; the revision alone lists the root. The server takes the shortest ' +
      'leading part that names a revision as the revision, so `release/4.2/src` reads `4.2/src` of ' +
      'a branch `release` if there is one. A revision or path that does not exist is answered with ' +
      '404. It spans several path segments: send each `/` as it is (never as `%2F`) and ' +
      'percent-encode each segment on its own.',
    example: 'main/src',
  },
  revisionAndFile: {
    name: 'revisionAndFile',
    in: 'path',
    required: true,
    type: 'string',
    multiSegment: true,
    description:
      'A revision (branch, tag or commit hash) followed by the path of a file inside it, e.g. ' +
      '`main/docs/README.md` or `v4.2.0/pom.xml`. The server takes the shortest leading part that ' +
      'names a revision as the revision (mind branches whose names extend others, such as ' +
      '`release` and `release/4.2`). A revision or file that does not exist is answered with 404. ' +
      'It spans several path segments: send each `/` as it is (never as `%2F`) and percent-encode ' +
      'each segment on its own (a space as `%20`).',
    example: 'main/docs/README.md',
  },
  // The server names it `branchAndFile`; OpenAPI forbids a second path that differs from Get
  // File's only by the parameter's name, so Edit File shares `{revisionAndFile}` (names are not
  // on the wire).
  branchAndFile: {
    name: 'revisionAndFile',
    in: 'path',
    required: true,
    type: 'string',
    multiSegment: true,
    description:
      'For Edit File, a branch name (not a tag or commit) followed by the path of the file to ' +
      'write, e.g. `main/docs/README.md` (the server calls it `branchAndFile`). In an empty ' +
      'repository the first segment is taken as the branch to create. It spans several path ' +
      'segments: send each `/` as it is (never as `%2F`) and percent-encode each segment on its ' +
      'own (a space as `%20`).',
    example: 'main/docs/README.md',
  },
  // Refusals as for the other queries: 400, then 406 from v12.0.9, then 406 only for syntax errors.
  commitQuery: {
    name: 'query',
    in: 'query',
    required: false,
    type: 'string',
    description:
      'Which commits to list, in the query language of the web UI\'s commit list; without a revision, commits of every branch are listed. A branch, tag or commit the repository lacks is answered with 404.',
    queryLanguage: commitQuery,
    example: 'since tag(v4.0.0) until tag(v4.2.0) path(src/**)',
  },
  // RepositoryResource.MAX_COMMITS.
  commitCount: {
    name: 'count',
    in: 'query',
    required: true,
    type: 'int32',
    constraints: { minimum: 0 },
    description:
      'How many commits to return at most, newest first. Required: the server has no default. There ' +
      'is no offset: narrow the query instead.',
    pageLimit: { maximum: 10000, appliesTo: 'everyone' },
    example: 100,
  },
  // LINE_CHANGES went away in v16.2.0 (line statistics were dropped).
  commitFields: [
    {
      until: 'v16.2.0',
      name: 'field',
      in: 'query',
      required: false,
      type: { array: { ref: 'CommitDetail' } },
      description:
        'Which properties of each commit to fill in; repeat the parameter for several ' +
        '(`field=SUBJECT&field=AUTHOR`). `hash` is always there; the others stay null unless asked ' +
        'for. `FILE_CHANGES` lists the changed files; `LINE_CHANGES` lists them too and counts the ' +
        'added and deleted lines of each. Leave it out to get hashes only. A name not in the list ' +
        'fails with 500.',
      example: ['SUBJECT', 'AUTHOR', 'COMMIT_DATE'],
    },
    {
      since: 'v16.2.0',
      name: 'field',
      in: 'query',
      required: false,
      type: { array: { ref: 'CommitDetail' } },
      description:
        'Which properties of each commit to fill in; repeat the parameter for several ' +
        '(`field=SUBJECT&field=AUTHOR`). `hash` is always there; the others stay null unless asked ' +
        'for. `FILE_CHANGES` lists the changed files (without line counts). Leave it out to get ' +
        'hashes only. A name not in the list (such as the former `LINE_CHANGES`) fails with 500.',
      example: ['SUBJECT', 'AUTHOR', 'COMMIT_DATE'],
    },
  ],
  workspaceId: { ...idParam('workspaceId', 'workspace', 18), since: 'v16.3.0' },
  // WorkspaceQuery (v16.3.0); from v16.5.2 only syntax errors are refused with 406.
  workspaceQuery: {
    since: 'v16.3.0',
    name: 'query',
    in: 'query',
    required: false,
    type: 'string',
    description:
      'Which workspaces to list, in the query language of the web UI\'s workspace list; leave it out to list every workspace the caller can see. To turn a workspace number into an id, query `acme/webapp#12`.',
    queryLanguage: workspaceQuery,
    example: 'active and "Project" is "acme/webapp"',
  },
  // ----- jobs, builds' artifacts and logs, agents, package blobs and labels (issue 12) ----------
  // Trigger Job's query parameters. The resource reads every other query parameter as a job
  // parameter (the server's unknown-parameter check skips it), and authenticates with `access-token`.
  triggerProject: {
    name: 'project',
    in: 'query',
    required: true,
    type: 'string',
    // `@NotEmpty` on the Java parameter: an empty value fails validation.
    constraints: { minLength: 1 },
    description:
      'Path of the project whose job to run, e.g. `acme/webapp` (its path, not its id). An unknown ' +
      'path is refused as a bad query parameter.',
    example: 'acme/webapp',
  },
  // v12.0.2 made both optional: with neither, the default branch is used.
  triggerBranch: [
    {
      until: 'v12.0.2',
      name: 'branch',
      in: 'query',
      required: false,
      type: 'string',
      description:
        'Branch to run the job on, without `refs/heads/`, e.g. `main`. Give exactly one of `branch` ' +
        'and `tag`: neither, or both, is refused as a bad query parameter.',
      example: 'main',
    },
    {
      since: 'v12.0.2',
      name: 'branch',
      in: 'query',
      required: false,
      type: 'string',
      description:
        'Branch to run the job on, without `refs/heads/`, e.g. `main`. Give `branch` or `tag`, not ' +
        'both (refused as a bad query parameter); with neither, the project\'s default branch is used.',
      example: 'main',
    },
  ],
  triggerTag: [
    {
      until: 'v12.0.2',
      name: 'tag',
      in: 'query',
      required: false,
      type: 'string',
      description:
        'Tag to run the job on, without `refs/tags/`, e.g. `v4.2.0`. Give exactly one of `branch` ' +
        'and `tag`: neither, or both, is refused as a bad query parameter.',
      example: 'v4.2.0',
    },
    {
      since: 'v12.0.2',
      name: 'tag',
      in: 'query',
      required: false,
      type: 'string',
      description:
        'Tag to run the job on, without `refs/tags/`, e.g. `v4.2.0`. Give `branch` or `tag`, not ' +
        'both (refused as a bad query parameter); with neither, the project\'s default branch is used.',
      example: 'v4.2.0',
    },
  ],
  triggerJob: {
    name: 'job',
    in: 'query',
    required: true,
    type: 'string',
    // `@NotEmpty` on the Java parameter: an empty value fails validation.
    constraints: { minLength: 1 },
    description:
      'Name of the job, as the build spec of the commit the branch or tag points to declares it. ' +
      'A job that build spec lacks is refused with 400.',
    example: 'ci',
  },
  triggerAccessToken: {
    name: 'access-token',
    in: 'query',
    required: true,
    type: 'string',
    // `@NotEmpty` on the Java parameter: an empty value fails validation.
    constraints: { minLength: 1 },
    description:
      'Value of an access token allowed to run the job (its owner, or the token\'s own project ' +
      'roles, grant the "run job" privilege). The build is submitted in the token owner\'s name; ' +
      'HTTP credentials are not needed and not used. An unknown token is refused as a bad query ' +
      'parameter. The token ends up in server and proxy logs with the URL: prefer a token that may ' +
      'do nothing else.',
    example: 'x7Qm2Lr9TbV4kZp1sWc8NfYh3JdG6uEa0oRiKtMn',
  },
  triggerJobParams: {
    name: 'params',
    in: 'query',
    required: false,
    type: { map: 'string' },
    description:
      'The job\'s parameters. There is no `params` parameter on the wire: each job parameter is a ' +
      'query parameter of its own, named like it (this object is exploded in form style: ' +
      '`?project=acme/webapp&job=deploy&access-token=...&environment=staging`). Repeat a name to give ' +
      'a parameter several values. Every query parameter other than `project`, `branch`, `tag`, ' +
      '`job`, `access-token` and `rebuild-if-finished` counts as a job parameter; every parameter ' +
      'the job declares must be given, and no other (a validation failure of the server\'s own ' +
      'check). `rebuild-if-finished` is reserved and has no effect.',
    example: { environment: 'staging' },
  },
  // Artifact paths: the server matches them with `(.*)` and `(/.*)?`, so they may hold slashes.
  artifactPath: {
    name: 'artifactPath',
    in: 'path',
    required: true,
    type: 'string',
    multiSegment: true,
    description:
      'Path of the file relative to the build\'s artifact root, e.g. `dist/webapp-4.2.0.tar.gz`. ' +
      'It spans several path segments: send the `/` between directories as it is (never as ' +
      '`%2F`) and percent-encode each segment on its own (a space as `%20`). A path containing ' +
      '`..` is refused with 500.',
    example: 'dist/webapp-4.2.0.tar.gz',
  },
  // The nested form of a route OneDev writes `{artifactPath:(/.*)?}` (spec/groups/artifact.ts):
  // the server receives this value after a `/` and strips it, so no leading `/` is needed.
  artifactEntryPath: {
    name: 'artifactPath',
    in: 'path',
    required: true,
    type: 'string',
    multiSegment: true,
    description:
      'Path of a directory or file relative to the build\'s artifact root, e.g. `dist` or ' +
      '`dist/webapp-4.2.0.tar.gz` (the `path` of a listed entry). It spans several path segments: ' +
      'send the `/` between directories as it is (never as `%2F`) and percent-encode each segment ' +
      'on its own (a space as `%20`). Left empty it means the artifact root, which the root form ' +
      'of the operation addresses. A path containing `..` is refused with 500.',
    example: 'dist',
  },
  agentId: idParam('agentId', 'agent', 3),
  // AgentQuery's language did not change from v11.11.0 to v16.5.6; how a bad query is refused did.
  agentQuery: {
    name: 'query',
    in: 'query',
    required: false,
    type: 'string',
    description:
      'Which agents to list, in the query language of the administration pages\' agent list; leave it out to list every agent.',
    queryLanguage: agentQuery,
    example: '"Os" is "Linux" and online order by "Name"',
  },
  agentTokenId: idParam('tokenId', 'agent token', 5),
  agentTokenValue: {
    name: 'value',
    in: 'query',
    required: false,
    type: 'string',
    description: 'Only the token with exactly this secret value. Leave it out to list every token.',
    example: '0b6f2a3e-9d41-4c7a-8e25-61f0d3b9a7c4',
  },
  buildLabelId: idParam('buildLabelId', 'build label (the attachment of a label to a build)', 61),
  packLabelId: idParam('packLabelId', 'package label (the attachment of a label to a package)', 4),
  packBlobId: idParam('packBlobId', 'package blob', 301),
  packBlobProjectId: {
    name: 'projectId',
    in: 'query',
    required: false,
    type: 'int64',
    description: 'Id of the project whose package storage to look in. Without it nothing is found (204).',
    example: 7,
  },
  packBlobHash: {
    name: 'hash',
    in: 'query',
    required: false,
    type: 'string',
    description:
      'SHA-256 of the blob\'s content, as 64 lower-case hex digits (what registries call the ' +
      'digest, without `sha256:`). Without it nothing is found (204).',
    example: '3f1c9a7e5b2d4c6a8e0f1b3d5c7a9e2f4b6d8c0a1e3f5b7d9c2a4e6f8b0d1c3a',
  },
};
