import type { EffectRefusal, EffectSpec, EffectValue, GroupSpec, OperationSpec } from '../model.js';
import { sentenceSince } from './release-text.js';
import { missingProject } from './row-refusals.js';

/**
 * The Issue group, read from OneDev's IssueResource at each tag. v12.0.0 renamed four operations and
 * added Upload Attachment; v12.0.5 made the estimated time minutes behind a subscription and let the
 * transition decide which fields to clear; v12.0.9 answers refused input with 406; v15.0.6 hides
 * time tracking from callers without access to it (Get Issue and Query Issues answer maps); v16.0.2
 * adds Create Branch and the issue's branch to Get Issue; v16.0.3 adds the right to edit fields of
 * other users' issues.
 */

const SEE = 'Anyone who can see the issue: access to its project and, for a confidential issue, the right to see it.';

const MODIFY = 'The issue\'s submitter, or a user who may manage issues of its project.';

const READ_CODE = 'Anyone who can read the code of the issue\'s project.';

const SCHEDULE = 'A user who may schedule issues in the issue\'s project (issue managers included).';

const MANAGE = 'A user who may manage issues of the issue\'s project.';

/** Create Issue from v12.0.5, with the statuses of an undefined field and of a required field left empty. */
const createIssueText = (undefinedField: number, requiredEmpty: number) =>
  'Opens an issue in a project. The caller becomes the submitter and the issue starts in the ' +
  'first state of the issue settings; watchers and mentioned users are notified as for an issue ' +
  'opened in the web UI. Refused when an iteration does not belong to the project or its parents ' +
  `(400), a field is not defined in the issue settings (${undefinedField}) or a required field ends ` +
  `up without a value (${requiredEmpty}); with 403 when iterations or an estimated time are given ` +
  'without the right to schedule issues, or a field may not be edited by the caller. An ' +
  'estimated time also needs an active subscription and time tracking enabled in the project ' +
  `(406 otherwise).${FIELD_CHECK}`;

/** Set Fields until v16.0.3, with the statuses of an undefined field and (from v12.0.5) of a value that does not fit. */
const setFieldsText = (undefinedField: number, unfit?: number) =>
  'Sets the values of the given custom fields (others keep theirs) and records the change in ' +
  `the activity log. A field the issue settings do not define is refused (${undefinedField}), a ` +
  'field the caller may not edit with 403' +
  (unfit ? `; a value that leaves a required field empty or does not fit the field is refused (${unfit}).` : '.') +
  FIELD_CHECK;

// Field values go through the field type's conversion, which throws a validation exception for what it cannot read.
const FIELD_CHECK =
  ' A value its field\'s type cannot read (for instance `maybe` for a checkbox field, a text ' +
  'that is not a commit hash for a commit field, several values for a single-value field) fails ' +
  'that field\'s check (a validation failure).';

// Effects. A fresh server's issue settings start an issue in `Open`, the first of their states.
const OPENED: Readonly<Record<string, EffectValue>> = {
  submitterId: { caller: 'id' },
  submitDate: { now: true },
  state: { const: 'Open' },
  stateOrdinal: { const: 0 },
  voteCount: { const: 0 },
  commentCount: { const: 0 },
  descriptionRevisionCount: { const: 0 },
  // The body's `fields` is a map kept apart from the record (Get Fields); the record's own
  // `fields` is only listed by Query Issues with `withFields`.
  fields: { unset: true },
};

// Schedules and field values are kept beside the issue record (Get Iterations, Get Fields read
// them); no step writes them.
const FIELDS_APART = 'the field values live beside the issue record, which no step can name';

/** From v12.0.5 an estimate needs a subscription, checked before time tracking and permission. */
const ESTIMATE_UNLICENSED = 'An active subscription is required for this feature';

/** The issue setting as the server holds it (Get Issue Setting's path): its fields and states. */
const ISSUE_SETTING = '/settings/issue';
const FIELD_SPECS = { setting: ISSUE_SETTING, list: 'fieldSpecs', name: 'name' } as const;
const STATE_SPECS = { setting: ISSUE_SETTING, list: 'stateSpecs', name: 'name' } as const;
/** A field the issue setting does not define: 400 (BadRequestException) until v15.1.0, then 406. */
const UNDEFINED_FIELD: readonly EffectRefusal[] = [
  { until: 'v15.1.0', when: { unlisted: 'fields', keys: true, in: FIELD_SPECS }, status: 400, message: 'Undefined field: <unlisted>' },
  { since: 'v15.1.0', when: { unlisted: 'fields', keys: true, in: FIELD_SPECS }, status: 406, message: 'Undefined field: <unlisted>' },
];
/** A single value that is none of a choice field's choices: the field's own check, a validation failure (400). */
const INVALID_CHOICE: EffectRefusal = {
  when: { unchosen: FIELD_SPECS, choices: 'choiceProvider.choices', choice: 'value' },
  status: 400,
  message: 'Invalid choice value',
};

const createIssueEffect = (refuses: readonly EffectRefusal[]): EffectSpec => ({
  changes: [
    { create: 'Issue', values: OPENED },
    // The server has the submitter watch the new issue.
    { create: 'IssueWatch', values: { issueId: { subject: 'id' }, userId: { caller: 'id' }, watching: { const: true } } },
  ],
  refuses: [...missingProject('projectId'), ...refuses],
});

const setIssue = (values: Readonly<Record<string, EffectValue>>): EffectSpec => ({
  changes: [{ set: 'Issue', at: { param: 'issueId' }, values }],
});

// The GET sub-resources share their shape; each is listed once below, and Get Works twice.
const getFields: OperationSpec = {
  name: 'Get Fields',
  method: 'GET',
  path: '/issues/{issueId}/fields',
  description:
    'Reads the values of the issue\'s custom fields, keyed by field name. Fields the issue ' +
    'settings no longer define are left out; a field without a value is listed with null.',
  permission: SEE,
  parameters: ['issueId'],
  success: {
    kind: 'json',
    type: { ref: 'IssueFieldValues' },
    description: 'The field values.',
    example: 'IssueFieldValues',
  },
  errors: [401, 403, 404],
};

const getWorks: OperationSpec = {
  name: 'Get Works',
  method: 'GET',
  path: '/issues/{issueId}/works',
  description: 'Lists the time logged on the issue (its work records).',
  permission: SEE,
  parameters: ['issueId'],
  success: {
    kind: 'json',
    type: { array: { ref: 'IssueWork' } },
    description: 'The work records; empty when no time was logged.',
    example: 'IssueWorkList',
  },
  errors: [401, 403, 404],
};

const list = (
  name: string,
  suffix: string,
  description: string,
  success: OperationSpec['success'],
  permission = SEE,
): OperationSpec => ({
  name,
  method: 'GET',
  path: `/issues/{issueId}${suffix}`,
  description,
  permission,
  parameters: ['issueId'],
  success,
  errors: [401, 403, 404],
});

const getIssueName: OperationSpec['name'] = [
  { value: 'Get Basic Info', until: 'v12.0.0' },
  { value: 'Get Issue', since: 'v12.0.0' },
];

const QUERY_TEXT =
  'Lists issues matching a query, one page at a time, across every project the caller can see ' +
  'issues of. Unless the query sorts otherwise, the most recently active issues come first. Use ' +
  'it also to turn an issue number into its id.';

// Which properties an issue of the answer carries (time tracking, custom fields) is the Issue schema's fact.
const queryIssues: OperationSpec = {
  name: [
    { value: 'Query', until: 'v12.0.0' },
    { value: 'Query Issues', since: 'v12.0.0' },
  ],
  method: 'GET',
  path: '/issues',
  description: QUERY_TEXT,
  permission:
    'Any caller (anonymous ones only when the server allows anonymous access); the page only ' +
    'holds issues the caller can see.',
  parameters: ['issueQuery', 'withFields', 'offset', 'countLimitedForNonAdmins'],
  success: {
    kind: 'json',
    type: { array: { ref: 'Issue' } },
    description: 'The matching issues of the page; empty past the last match.',
    example: 'IssueList',
  },
  // From v12.0.9 a count over the limit and a query that does not parse are refused with 406; from
  // v16.5.2 a query naming an unknown field fails with 500.
  errors: [
    { status: 400, until: 'v12.0.9' },
    401,
    404,
    { status: 406, since: 'v12.0.9' },
    { status: 500, since: 'v16.5.2' },
  ],
};

/**
 * A manual transition without target states leads anywhere (ManualSpec.canTransit), so a state
 * no setting defines passes it and fails in Issue.setState (an ExplicitException: 500, its message).
 */
const UNDEFINED_STATE =
  ' A state the issue settings do not define passes the transition check when a manual transition ' +
  'leaves its target states open (as the one of a fresh server does), and then fails with 500 and ' +
  'the message `Undefined state: <state>`.';
const UNDEFINED_STATE_ERROR = {
  status: 500,
  message: 'Undefined state: Nowhere',
  meaning: 'The requested state is not one the issue settings define (the body names it), or the server failed.',
} as const;

const transit = (description: string): Omit<OperationSpec, 'since' | 'until' | 'errors'> => ({
  name: 'Transit State',
  method: 'POST',
  path: '/issues/{issueId}/state-transitions',
  description: description + UNDEFINED_STATE,
  permission:
    'A user allowed by a manual transition of the issue settings that leads from the issue\'s ' +
    'current state to the requested one (the transition names the roles that may use it); ' +
    'setting a field also needs the right to edit that field.',
  parameters: ['issueId'],
  body: {
    kind: 'json',
    type: { ref: 'StateTransitionData' },
    description: 'The state to move to, field values and an optional comment.',
    example: 'StateTransitionData',
  },
  success: { kind: 'empty', description: 'The issue is in the new state.' },
  // The state is the body's, its ordinal follows; a comment given adds one to commentCount. The
  // fields are beyond the steps.
  effect: {
    changes: [
      { set: 'Issue', at: { param: 'issueId' }, values: { state: { bodyField: 'state' }, stateOrdinal: { stateOrdinal: 'state' } } },
      { count: 'Issue', at: { param: 'issueId' }, property: 'commentCount', by: 1, ifBodyField: 'comment' },
    ],
    // Issue.getStateOrdinal's ExplicitException, which this resource lets through as a 500.
    refuses: [{ when: { unlisted: 'state', in: STATE_SPECS }, status: 500, message: 'Undefined state: <unlisted>' }],
  },
});

export const issueGroup: GroupSpec = {
  name: 'Issue',
  description:
    'Issues and their state. Operations address an issue by its id, which is not the number shown ' +
    'in the web UI: find the id with the query read of `GET /issues` (Query; Query Issues from ' +
    'v12.0.0) and the issue\'s reference as the query, unquoted (`path/to/project#100`). Comments are posted with ' +
    'the Issue Comment group, links added with the Issue Link group. Several operations take a ' +
    'bare text body (a title, a description): send the text itself, not a JSON-quoted string.',
  operations: [
    {
      name: getIssueName,
      until: 'v16.0.2',
      method: 'GET',
      path: '/issues/{issueId}',
      description:
        'Reads the issue\'s own properties (custom fields, comments and other child records are ' +
        'separate reads; the schema says which properties only some callers get).',
      permission: SEE,
      parameters: ['issueId'],
      success: { kind: 'json', type: { ref: 'Issue' }, description: 'The issue.', example: 'Issue' },
      errors: [401, 403, 404],
    },
    {
      name: 'Get Issue',
      since: 'v16.0.2',
      method: 'GET',
      path: '/issues/{issueId}',
      description:
        'Reads the issue\'s own properties (custom fields, comments and other child records are ' +
        'separate reads) and the name of the branch that works on it, if any (the schema says which ' +
        'properties only some callers get).',
      permission: SEE,
      parameters: ['issueId'],
      success: {
        kind: 'json',
        type: { ref: 'IssueWithBranch' },
        description: 'The issue and its branch.',
        example: 'IssueWithBranch',
      },
      errors: [401, 403, 404],
    },
    getFields,
    list('Get Changes', '/changes', 'Lists the activity log of the issue: state changes and edits, each with its kind in `data`.', {
      kind: 'json',
      type: { array: { ref: 'IssueChange' } },
      description: 'The changes.',
      example: 'IssueChangeList',
    }),
    list('Get Comments', '/comments', 'Lists the comments of the issue.', {
      kind: 'json',
      type: { array: { ref: 'IssueComment' } },
      description: 'The comments.',
      example: 'IssueCommentList',
    }),
    { ...getWorks, until: 'v15.0.6' },
    {
      ...getWorks,
      since: 'v15.0.6',
      permission:
        'Anyone who can see the issue (access to its project and, for a confidential issue, the ' +
        'right to see it) and may see time tracking in its project.',
    },
    {
      ...list('Get Iterations', '/iterations', 'Lists the iterations the issue is scheduled into.', {
        kind: 'json',
        type: { array: { ref: 'Iteration' } },
        description: 'The iterations; empty when the issue is not scheduled.',
        example: 'IterationList',
      }),
      // The iterations Set Iterations last named.
      answers: 'stored',
    },
    list('Get Votes', '/votes', 'Lists the votes for the issue.', {
      kind: 'json',
      type: { array: { ref: 'IssueVote' } },
      description: 'The votes.',
      example: 'IssueVoteList',
    }),
    list(
      'Get Watches',
      '/watches',
      'Lists the watch records of the issue: users who explicitly watch or ignore it.',
      { kind: 'json', type: { array: { ref: 'IssueWatch' } }, description: 'The watch records.', example: 'IssueWatchList' },
    ),
    {
      ...list(
        'Get Links',
        '/links',
        'Lists the links between this issue and other issues, whichever end this issue is.',
        { kind: 'json', type: { array: { ref: 'IssueLink' } }, description: 'The links.', example: 'IssueLinkList' },
      ),
      lists: { fields: ['sourceId', 'targetId'] },
    },
    {
      ...list(
        'Get Pull Requests',
        '/pulls',
        'Lists the pull requests that contain commits fixing the issue, newest first.',
        {
          kind: 'json',
          type: { array: { ref: 'PullRequest' } },
          description: 'The pull requests; empty when no commit fixes the issue.',
          example: 'PullRequestList',
        },
        READ_CODE,
      ),
      // The mock has no commits of a request: it lists those whose description fixes the issue.
      lists: { referencing: { referencedIn: 'description', pattern: 'fixes', project: 'targetProjectId' } },
    },
    list(
      'Get Commits',
      '/commits',
      'Lists the commits whose messages say they fix the issue (e.g. `Fixes #311`), each with ' +
        'the project it was found in.',
      {
        kind: 'json',
        type: { array: { ref: 'FixCommit' } },
        description: 'The fixing commits; empty when there are none.',
        example: 'FixCommitList',
      },
      READ_CODE,
    ),
    queryIssues,
    {
      name: [
        { value: 'Create', until: 'v12.0.0' },
        { value: 'Create Issue', since: 'v12.0.0' },
      ],
      until: 'v12.0.5',
      method: 'POST',
      path: '/issues',
      description:
        'Opens an issue in a project. The caller becomes the submitter and the issue starts in the ' +
        'first state of the issue settings; watchers and mentioned users are notified as for an ' +
        'issue opened in the web UI. Refused with 400 when an iteration does not belong to the ' +
        'project or its parents, or a field is not defined in the issue settings; with 403 when ' +
        'iterations are given without the right to schedule issues, or a field may not be edited ' +
        'by the caller.' + FIELD_CHECK,
      permission: 'A signed-in user who can access the project.',
      body: {
        kind: 'json',
        type: { ref: 'IssueOpenData' },
        description: 'Project, title and optional description, iterations and field values.',
        example: 'IssueOpenData',
      },
      success: { kind: 'id', description: 'The id of the new issue (not its number).' },
      errors: [400, 401, 403, 404, 500, 'validation', 'validation-check'],
      effect: createIssueEffect([]),
    },
    {
      name: 'Create Issue',
      since: 'v12.0.5',
      method: 'POST',
      path: '/issues',
      // An undefined field: BadRequestException until v15.1.0, then NotAcceptableException; a
      // required field left empty: 400 until v12.0.9, then 406.
      description: [
        { until: 'v12.0.9', value: createIssueText(400, 400) },
        { since: 'v12.0.9', until: 'v15.1.0', value: createIssueText(400, 406) },
        { since: 'v15.1.0', value: createIssueText(406, 406) },
      ],
      permission: 'A signed-in user who can access the project.',
      body: {
        kind: 'json',
        type: { ref: 'IssueOpenData' },
        description: 'Project, title and optional description, iterations, estimate and field values.',
        example: 'IssueOpenData',
      },
      success: { kind: 'id', description: 'The id of the new issue (not its number).' },
      errors: [400, 401, 403, 404, 406, 500, 'validation', 'validation-check'],
      effect: createIssueEffect([{ when: { subscription: true, field: 'ownEstimatedTime' }, status: 406, message: ESTIMATE_UNLICENSED }, ...UNDEFINED_FIELD]),
    },
    {
      name: 'Set Title',
      method: 'POST',
      path: '/issues/{issueId}/title',
      description:
        'Changes the title and records the change in the activity log (nothing is recorded when ' +
        'the title is unchanged). A title over 255 characters is cut.',
      permission: MODIFY,
      parameters: ['issueId'],
      body: {
        kind: 'raw-text',
        description: 'The new title as plain text; an empty one is refused (a validation failure).',
        required: true,
        example: 'Webhook deliveries are not retried after a receiver timeout',
      },
      success: { kind: 'empty', description: 'The title was set.' },
      errors: [401, 403, 404, 'validation'],
      effect: setIssue({ title: { body: true } }),
    },
    {
      name: 'Set Description',
      method: 'POST',
      path: '/issues/{issueId}/description',
      description:
        'Replaces the Markdown description, keeps the previous text as a revision and records the ' +
        'change in the activity log. Issues and pull requests mentioned in the new text get a back ' +
        'reference. A description over 100000 characters is refused with 500.',
      permission: MODIFY,
      parameters: ['issueId'],
      body: {
        kind: 'raw-text',
        description: 'The new description as plain Markdown text; an empty body clears it.',
        required: false,
        example: 'When the receiver times out, the delivery is marked failed and never retried.\n\nSeen on 4.2.0 and 4.2.1.',
      },
      success: { kind: 'empty', description: 'The description was set.' },
      errors: [401, 403, 404, 500],
      // The server counts a revision only when the text differs; a step cannot say so.
      effect: {
        changes: [
          { set: 'Issue', at: { param: 'issueId' }, values: { description: { body: true } } },
          { count: 'Issue', at: { param: 'issueId' }, property: 'descriptionRevisionCount', by: 1 },
        ],
      },
    },
    {
      name: 'Set Confidential',
      method: 'POST',
      path: '/issues/{issueId}/confidential',
      description:
        'Makes the issue confidential or public and records the change in the activity log.',
      permission: MODIFY,
      parameters: ['issueId'],
      body: {
        kind: 'json',
        type: 'boolean',
        description: 'The JSON literal `true` (confidential) or `false` (public).',
        example: 'IssueConfidentialFlag',
      },
      success: { kind: 'empty', description: 'The confidentiality was set.' },
      errors: [400, 401, 403, 404],
      effect: setIssue({ confidential: { body: true } }),
    },
    {
      name: 'Set Own Estimated Time',
      until: 'v12.0.5',
      method: 'POST',
      path: '/issues/{issueId}/own-estimated-time',
      description:
        'Sets the issue\'s own estimated time and records the change in the activity log; the ' +
        'totals of the issue and its parents are recomputed.',
      permission: SCHEDULE,
      parameters: ['issueId'],
      body: {
        kind: 'json',
        type: 'int32',
        description:
          'The estimate as a JSON number. The help page of these releases calls it hours, but the ' +
          'server stores the number unchanged and time tracking counts in minutes.',
        example: 'IssueOwnEstimatedTime',
      },
      success: { kind: 'empty', description: 'The estimate was set.' },
      errors: [400, 401, 403, 404],
      effect: setIssue({ ownEstimatedTime: { body: true } }),
    },
    {
      name: 'Set Own Estimated Time',
      since: 'v12.0.5',
      method: 'POST',
      path: '/issues/{issueId}/own-estimated-time',
      description:
        'Sets the issue\'s own estimated time and records the change in the activity log; the ' +
        'totals of the issue and its parents are recomputed. Needs an active subscription and ' +
        'time tracking enabled in the project (406 otherwise; both are checked before the ' +
        'caller\'s permission).',
      permission: SCHEDULE,
      parameters: ['issueId'],
      body: {
        kind: 'json',
        type: 'int32',
        description: 'The estimate in minutes, as a JSON number.',
        example: 'IssueOwnEstimatedTime',
      },
      success: { kind: 'empty', description: 'The estimate was set.' },
      errors: [400, 401, 403, 404, 406],
      effect: {
        ...setIssue({ ownEstimatedTime: { body: true } }),
        refuses: [{ when: { subscription: true }, status: 406, message: ESTIMATE_UNLICENSED }],
      },
    },
    {
      name: 'Set Iterations',
      method: 'POST',
      path: '/issues/{issueId}/iterations',
      description:
        'Replaces the iterations the issue is scheduled into and records the change in the ' +
        'activity log. An iteration that belongs neither to the issue\'s project nor to one of its ' +
        'parents is refused like a bad query parameter; an unknown iteration id is answered with 404.',
      permission: SCHEDULE,
      parameters: ['issueId'],
      body: {
        kind: 'json',
        type: { array: 'int64' },
        description: 'Ids of the iterations, as a JSON array; `[]` unschedules the issue.',
        example: 'IssueIterationIds',
      },
      success: { kind: 'empty', description: 'The iterations were set.' },
      errors: [400, 401, 403, 404, { status: 406, since: 'v12.0.9' }],
      // The ids are kept as sent at this path; Get Iterations answers the iterations they name.
      effect: { changes: [{ setting: 'replace' }] },
    },
    {
      name: 'Set Fields',
      until: 'v16.0.3',
      method: 'POST',
      path: '/issues/{issueId}/fields',
      // As in Create Issue; the value checks arrived in v12.0.5.
      description: [
        { until: 'v12.0.5', value: setFieldsText(400) },
        { since: 'v12.0.5', until: 'v12.0.9', value: setFieldsText(400, 400) },
        { since: 'v12.0.9', until: 'v15.1.0', value: setFieldsText(400, 406) },
        { since: 'v15.1.0', value: setFieldsText(406, 406) },
      ],
      permission:
        'A user who may manage issues of the project, or the issue\'s submitter while the issue ' +
        'is still in the first state of the issue settings; each field also needs the right to ' +
        'edit it.',
      parameters: ['issueId'],
      body: {
        kind: 'json',
        type: { ref: 'IssueFieldValues' },
        description: 'The field values to set, keyed by field name; a null value clears the field.',
        example: 'IssueFieldValuesUpdate',
      },
      success: { kind: 'empty', description: 'The fields were set.' },
      errors: [400, 401, 403, 404, { status: 406, since: 'v12.0.9' }, 'validation', 'validation-check'],
      effect: { changes: [], none: FIELDS_APART },
    },
    {
      name: 'Set Fields',
      since: 'v16.0.3',
      method: 'POST',
      path: '/issues/{issueId}/fields',
      description:
        'Sets the values of the given custom fields (others keep theirs) and records the change in ' +
        'the activity log. A field the issue settings do not define, a value that leaves a ' +
        'required field empty and a value that does not fit the field are refused with 406; a ' +
        'field the caller may not edit with 403.' + FIELD_CHECK,
      permission:
        'The issue\'s submitter, or a user allowed to edit fields of other users\' issues in the ' +
        'project (issue managers included); each field also needs the right to edit it.',
      parameters: ['issueId'],
      body: {
        kind: 'json',
        type: { ref: 'IssueFieldValues' },
        description: 'The field values to set, keyed by field name; a null value clears the field.',
        example: 'IssueFieldValuesUpdate',
      },
      success: { kind: 'empty', description: 'The fields were set.' },
      errors: [400, 401, 403, 404, 406, 'validation', 'validation-check'],
      effect: { changes: [], none: FIELDS_APART, refuses: [INVALID_CHOICE] },
    },
    {
      ...transit(
        'Moves the issue to another state through a manual transition of the issue settings, ' +
          'sets the given field values, clears the fields named in `removeFields` and posts the ' +
          'comment, if any; watchers are notified. Refused with 400 when no manual transition ' +
          'leads from the current state to the requested one.' + FIELD_CHECK,
      ),
      until: 'v12.0.5',
      errors: [400, 401, 403, 404, 'validation', 'validation-check'],
    },
    {
      ...transit(
        'Moves the issue to another state through a manual transition of the issue settings, ' +
          'sets the field values the transition asks for, clears the fields the transition ' +
          'removes and posts the comment, if any; watchers are notified. Refused with 400 when no ' +
          'manual transition the caller may use leads from the current state to the requested ' +
          'one, or a required field would be left empty.' + FIELD_CHECK,
      ),
      since: 'v12.0.5',
      until: 'v12.0.9',
      errors: [400, 401, 403, 404, 'validation', 'validation-check'],
    },
    {
      ...transit(
        'Moves the issue to another state through a manual transition of the issue settings, ' +
          'sets the field values the transition asks for, clears the fields the transition ' +
          'removes and posts the comment, if any; watchers are notified. Refused with 406 when no ' +
          'manual transition the caller may use leads from the current state to the requested ' +
          'one, or a field value is missing or invalid.' + FIELD_CHECK,
      ),
      since: 'v12.0.9',
      // Until v13.0.7 a failed check answers 500 too (validation-check), with the combined response.
      errors: [400, 401, 403, 404, 406, 'validation', 'validation-check', { ...UNDEFINED_STATE_ERROR, since: 'v13.0.7' }],
    },
    {
      name: 'Upload Attachment',
      since: 'v12.0.0',
      method: 'POST',
      path: '/issues/{issueId}/attachments/{preferredAttachmentName}',
      description:
        'Stores a file among the attachments of the issue and answers with the path the server ' +
        'serves it under, relative to the server URL (for example ' +
        '`/~downloads/projects/7/attachments/0c7e52a4-93d1-4f6b-b8a2-5e1d9f3c7a60/receiver.log`), ' +
        'ready to link from the description or a comment. OneDev writes that path as plain text, ' +
        'without JSON quotes. When the issue already has an attachment of that name, the server ' +
        'adds `_2`, `_3`, ... before the extension; `..` in the name becomes `-`. A file over the ' +
        'upload limit of the server\'s performance settings is refused with 413.',
      permission: MODIFY,
      parameters: ['issueId', 'preferredAttachmentName'],
      body: { kind: 'binary', description: 'The content of the file.' },
      success: {
        kind: 'raw-text',
        description: 'Where the stored file can be downloaded, relative to the server URL.',
        example: '/~downloads/projects/7/attachments/0c7e52a4-93d1-4f6b-b8a2-5e1d9f3c7a60/receiver.log',
      },
      errors: [401, 403, 404, 413],
      effect: { changes: [], none: 'the file is served under /~downloads, outside the REST API' },
    },
    {
      name: 'Create Branch',
      since: 'v16.0.2',
      method: 'POST',
      path: '/issues/{issueId}/branch',
      description:
        'Makes sure a branch works on the issue and answers with its name, as plain text without ' +
        'JSON quotes. When a branch of the project already carries the issue\'s number, its name ' +
        'is returned and nothing is created, before any permission check. Otherwise the server names one from the issue number ' +
        'and title (e.g. `issue-311-webhook-deliveries-are-not-retried`, after the project\'s ' +
        'branch prefix if it sets one) and creates it at the commit of the issue\'s commit field, ' +
        'or else at the head of the default branch. Refused with 406 when that name is taken, ' +
        'the project has no default branch, or branch protection requires a signed head commit.',
      permission:
        'Any signed-in user when a branch already carries the issue\'s number: its name is answered ' +
        'without a permission check, even to a caller who cannot see the issue. Otherwise a ' +
        'signed-in user allowed to create the suggested branch in the issue\'s project (403 for ' +
        'others; whether the caller can see the issue is not checked either).',
      parameters: ['issueId'],
      success: {
        kind: 'raw-text',
        description: 'Name of the issue\'s branch (without `refs/heads/`).',
        example: 'issue-311-webhook-deliveries-are-not-retried',
      },
      errors: [401, 403, 404, 406],
      // The mock leaves out the project's branch prefix and the names an AI model would suggest.
      effect: {
        changes: [
          {
            ref: 'branch',
            action: 'create',
            of: { record: 'Issue', at: { param: 'issueId' } },
            project: { subject: 'projectId' },
            name: { issueBranch: { number: 'number', title: 'title' } },
            answersName: true,
          },
        ],
      },
    },
    {
      name: [
        { value: 'Delete', until: 'v12.0.0' },
        { value: 'Delete Issue', since: 'v12.0.0' },
      ],
      method: 'DELETE',
      path: '/issues/{issueId}',
      description: sentenceSince(
        'v12.0.0',
        'Deletes the issue together with its comments, changes, fields, votes, watches, works, ' +
          'links and schedules. This cannot be undone.',
        'The deletion is written to the project\'s audit log.',
      ),
      permission: MANAGE,
      parameters: ['issueId'],
      success: { kind: 'empty', description: 'The issue was deleted.' },
      errors: [401, 403, 404],
      effect: {
        changes: [
          {
            remove: 'Issue',
            at: { param: 'issueId' },
            cascade: [
              { record: 'IssueComment', field: 'issueId' },
              { record: 'IssueChange', field: 'issueId' },
              { record: 'IssueVote', field: 'issueId' },
              { record: 'IssueWatch', field: 'issueId' },
              { record: 'IssueWork', field: 'issueId' },
              { record: 'IssueLink', field: 'sourceId' },
              { record: 'IssueLink', field: 'targetId' },
              { record: 'Build', field: 'issueId' },
            ],
          },
        ],
      },
    },
  ],
};
