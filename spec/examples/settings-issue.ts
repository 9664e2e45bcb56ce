import type { ExampleChange, ExampleTable } from '../model.js';
import { compareTags } from '../releases.js';

/*
 * Examples of the issue setting area. The full example mirrors the setup a fresh OneDev server
 * starts with (Type/Priority/Assignees fields, Open/Closed states, the stock transitions, board
 * and saved queries); every family member also has its own example, named like the member.
 */

const fieldBase = {
  description: null,
  allowMultiple: false,
  showCondition: null,
  allowEmpty: false,
  nameOfEmptyValue: null,
  promptUponIssueOpen: true,
  applicableProjects: null,
};

const choice = (value: string, color: string) => ({ value, color, applicableProjects: null });

// --- value matchers --------------------------------------------------------------------------

const valueIsOneOf = { '@type': 'ValueIsOneOf', values: ['Bug'] };
const valueIsNotAnyOf = { '@type': 'ValueIsNotAnyOf', values: ['Task', 'Support Request'] };
const valueIsNotEmpty = { '@type': 'ValueIsNotEmpty' };
const valueIsEmpty = { '@type': 'ValueIsEmpty' };

// --- providers -------------------------------------------------------------------------------

const choiceFieldSpecifiedChoicesType = {
  '@type': 'SpecifiedChoices',
  choices: [
    choice('New Feature', '#1bc5bd'),
    choice('Improvement', '#1bc5bd'),
    choice('Bug', '#F64E60'),
    choice('Task', '#8950FC'),
    choice('Support Request', '#8950FC'),
  ],
};
const choiceFieldSpecifiedChoicesPriority = {
  '@type': 'SpecifiedChoices',
  choices: [
    choice('Minor', '#E4E6EF'),
    choice('Normal', '#3699FF'),
    choice('Major', '#FFA800'),
    choice('Critical', '#F64E60'),
  ],
};
const choiceFieldScriptingChoices = { '@type': 'ScriptingChoices', scriptName: 'component-choices' };
const choiceFieldSpecifiedDefaultValue = (value: string) => ({
  '@type': 'SpecifiedDefaultValue',
  defaultValues: [{ value, applicableProjects: null }],
});
const choiceFieldScriptingDefaultValue = { '@type': 'ScriptingDefaultValue', scriptName: 'default-component' };
const choiceFieldSpecifiedDefaultMultiValue = {
  '@type': 'SpecifiedDefaultMultiValue',
  defaultValues: [
    { value: ['Server', 'Web UI'], applicableProjects: 'onedev/server' },
    { value: ['Server'], applicableProjects: null },
  ],
};
const choiceFieldScriptingDefaultMultiValue = {
  '@type': 'ScriptingDefaultMultiValue',
  scriptName: 'default-components',
};

const userChoiceFieldAllUsers = { '@type': 'AllUsers' };
const userChoiceFieldScriptingChoices = { '@type': 'ScriptingChoices', scriptName: 'qa-team-members' };
const userChoiceFieldSpecifiedDefaultValue = {
  '@type': 'SpecifiedDefaultValue',
  defaultValues: [
    { value: 'robin', applicableProjects: 'onedev/**' },
    { value: 'alice', applicableProjects: null },
  ],
};
const userChoiceFieldScriptingDefaultValue = { '@type': 'ScriptingDefaultValue', scriptName: 'project-lead' };
const userChoiceFieldSpecifiedDefaultMultiValue = {
  '@type': 'SpecifiedDefaultMultiValue',
  defaultValues: [{ value: ['robin', 'alice'], applicableProjects: null }],
};
const userChoiceFieldScriptingDefaultMultiValue = {
  '@type': 'ScriptingDefaultMultiValue',
  scriptName: 'default-assignees',
};

const groupChoiceFieldAllGroups = { '@type': 'AllGroups' };
const groupChoiceFieldScriptingChoices = { '@type': 'ScriptingChoices', scriptName: 'support-groups' };
const groupChoiceFieldSpecifiedDefaultValue = { '@type': 'SpecifiedDefaultValue', value: 'Developers' };
const groupChoiceFieldScriptingDefaultValue = { '@type': 'ScriptingDefaultValue', scriptName: 'default-team' };

const booleanFieldTrueDefaultValue = { '@type': 'TrueDefaultValue' };
const booleanFieldFalseDefaultValue = { '@type': 'FalseDefaultValue' };
const booleanFieldScriptingDefaultValue = { '@type': 'ScriptingDefaultValue', scriptName: 'is-regression' };

const textFieldSpecifiedDefaultValue = { '@type': 'SpecifiedDefaultValue', value: 'Linux x86_64' };
const textFieldScriptingDefaultValue = { '@type': 'ScriptingDefaultValue', scriptName: 'default-environment' };
const integerFieldSpecifiedDefaultValue = { '@type': 'SpecifiedDefaultValue', value: 3 };
const integerFieldScriptingDefaultValue = { '@type': 'ScriptingDefaultValue', scriptName: 'default-story-points' };
const floatFieldSpecifiedDefaultValue = { '@type': 'SpecifiedDefaultValue', value: 0.5 };
const floatFieldScriptingDefaultValue = { '@type': 'ScriptingDefaultValue', scriptName: 'default-ratio' };
const dateFieldSpecifiedDefaultValue = { '@type': 'SpecifiedDefaultValue', value: '2025-09-30T00:00:00.000+08:00' };
const dateFieldScriptingDefaultValue = { '@type': 'ScriptingDefaultValue', scriptName: 'end-of-sprint' };
const dateTimeFieldSpecifiedDefaultValue = {
  '@type': 'SpecifiedDefaultValue',
  value: '2025-07-15T18:00:00.000+08:00',
};
const dateTimeFieldScriptingDefaultValue = { '@type': 'ScriptingDefaultValue', scriptName: 'next-release-window' };

// --- custom fields ---------------------------------------------------------------------------

const typeField = {
  '@type': 'ChoiceField',
  ...fieldBase,
  name: 'Type',
  choiceProvider: choiceFieldSpecifiedChoicesType,
  defaultValueProvider: choiceFieldSpecifiedDefaultValue('New Feature'),
  defaultMultiValueProvider: null,
};
const priorityField = {
  '@type': 'ChoiceField',
  ...fieldBase,
  name: 'Priority',
  choiceProvider: choiceFieldSpecifiedChoicesPriority,
  defaultValueProvider: choiceFieldSpecifiedDefaultValue('Normal'),
  defaultMultiValueProvider: null,
};
const assigneesField = {
  '@type': 'UserChoiceField',
  ...fieldBase,
  name: 'Assignees',
  allowMultiple: true,
  allowEmpty: true,
  nameOfEmptyValue: 'Not assigned',
  choiceProvider: userChoiceFieldAllUsers,
  defaultValueProvider: null,
  defaultMultiValueProvider: null,
};

const textField = {
  '@type': 'TextField',
  ...fieldBase,
  name: 'Environment',
  description: 'Operating system and architecture where the problem shows up',
  showCondition: { inputName: 'Type', valueMatcher: valueIsOneOf },
  allowEmpty: true,
  nameOfEmptyValue: 'Not specified',
  multiline: false,
  pattern: null,
  defaultValueProvider: textFieldSpecifiedDefaultValue,
};
const groupChoiceField = {
  '@type': 'GroupChoiceField',
  ...fieldBase,
  name: 'Responsible Team',
  allowEmpty: true,
  nameOfEmptyValue: 'Unassigned',
  choiceProvider: groupChoiceFieldAllGroups,
  defaultValueProvider: groupChoiceFieldSpecifiedDefaultValue,
  editEstimatedTime: true,
};
const booleanField = {
  '@type': 'BooleanField',
  ...fieldBase,
  name: 'Regression',
  defaultValueProvider: booleanFieldFalseDefaultValue,
};
const integerField = {
  '@type': 'IntegerField',
  ...fieldBase,
  name: 'Story Points',
  allowEmpty: true,
  nameOfEmptyValue: 'Not estimated',
  minValue: 1,
  maxValue: 21,
  defaultValueProvider: null,
};
const floatField = {
  '@type': 'FloatField',
  ...fieldBase,
  name: 'Severity Score',
  allowEmpty: true,
  nameOfEmptyValue: 'Not scored',
  defaultValueProvider: null,
};
const secretField = {
  '@type': 'SecretField',
  ...fieldBase,
  name: 'Reproduction Token',
  allowEmpty: true,
  nameOfEmptyValue: 'None',
  promptUponIssueOpen: false,
};
const dateField = {
  '@type': 'DateField',
  ...fieldBase,
  name: 'Due Date',
  allowEmpty: true,
  nameOfEmptyValue: 'No due date',
  defaultValueProvider: null,
};
const dateTimeField = {
  '@type': 'DateTimeField',
  ...fieldBase,
  name: 'Maintenance Window',
  allowEmpty: true,
  nameOfEmptyValue: 'Not scheduled',
  applicableProjects: 'infra/**',
  defaultValueProvider: null,
};
const pullRequestChoiceField = {
  '@type': 'PullRequestChoiceField',
  ...fieldBase,
  name: 'Fix Pull Request',
  allowEmpty: true,
  nameOfEmptyValue: 'None',
  promptUponIssueOpen: false,
};
const issueChoiceField = {
  '@type': 'IssueChoiceField',
  ...fieldBase,
  name: 'Duplicate Of',
  allowEmpty: true,
  nameOfEmptyValue: 'None',
  promptUponIssueOpen: false,
};
const iterationChoiceField = {
  '@type': 'IterationChoiceField',
  ...fieldBase,
  name: 'Found In',
  allowEmpty: true,
  nameOfEmptyValue: 'Unknown',
};
const buildChoiceField = {
  '@type': 'BuildChoiceField',
  ...fieldBase,
  name: 'Fixed In Build',
  allowEmpty: true,
  nameOfEmptyValue: 'Not released',
  promptUponIssueOpen: false,
};
const commitField = {
  '@type': 'CommitField',
  ...fieldBase,
  name: 'Introduced By Commit',
  allowEmpty: true,
  nameOfEmptyValue: 'Unknown',
  promptUponIssueOpen: false,
};

// --- transitions -----------------------------------------------------------------------------

const closeManually = {
  '@type': 'ManualSpec',
  fromStates: ['Open'],
  issueQuery:
    'not(any "Blocked By" matching("State" is "Open")) and not(any "Sub Issues" matching("State" is "Open"))',
  removeFields: [],
  toStates: ['Closed'],
  authorizedRoles: ['Code Writer', '<Issue Submitter>', '{Assignees}'],
  promptFields: [],
};
const closeOnCommit = {
  '@type': 'BranchUpdatedSpec',
  fromStates: ['Open'],
  issueQuery: null,
  removeFields: [],
  toState: 'Closed',
  branches: 'main',
};
const closeWhenSubIssuesClosed = {
  '@type': 'IssueStateTransitedSpec',
  fromStates: ['Open'],
  issueQuery: 'any "Sub Issues" matching(current issue) and all "Sub Issues" matching("State" is "Closed")',
  removeFields: [],
  toState: 'Closed',
  states: ['Closed'],
};
const reopenManually = {
  '@type': 'ManualSpec',
  fromStates: ['Closed'],
  issueQuery: null,
  removeFields: [],
  toStates: ['Open'],
  authorizedRoles: ['Code Writer', 'Code Reader', 'Issue Reporter'],
  promptFields: [],
};
const reopenWhenLinkedReopened = {
  '@type': 'IssueStateTransitedSpec',
  fromStates: ['Closed'],
  issueQuery: 'any "Sub Issues" matching(current issue) or any "Blocked By" matching(current issue)',
  removeFields: [],
  toState: 'Open',
  states: ['Open'],
};
const managerAnyTransition = {
  '@type': 'ManualSpec',
  fromStates: [],
  issueQuery: null,
  removeFields: [],
  toStates: [],
  authorizedRoles: ['Issue Manager'],
  promptFields: [],
};
const pullRequestOpened = {
  '@type': 'PullRequestOpenedSpec',
  fromStates: ['Open'],
  issueQuery: null,
  removeFields: [],
  toState: 'In Review',
  branches: 'main release/*',
};
const pullRequestMerged = {
  '@type': 'PullRequestMergedSpec',
  fromStates: ['Open', 'In Review'],
  issueQuery: null,
  removeFields: [],
  toState: 'Closed',
  branches: 'main',
};
const pullRequestDiscarded = {
  '@type': 'PullRequestDiscardedSpec',
  fromStates: ['In Review'],
  issueQuery: null,
  removeFields: [],
  toState: 'Open',
  branches: null,
};
const buildSuccessful = {
  '@type': 'BuildSuccessfulSpec',
  fromStates: ['Closed'],
  issueQuery: '"Type" is "Bug"',
  removeFields: [],
  toState: 'Released',
  jobNames: 'release',
  branches: 'main',
};
const noActivity = {
  '@type': 'NoActivitySpec',
  fromStates: ['Open'],
  issueQuery: '"Type" is "Support Request"',
  removeFields: ['Assignees'],
  toState: 'Closed',
  days: 30,
};
const pullRequestOpenedOrUpdated = {
  '@type': 'PullRequestOpenedOrUpdatedSpec',
  fromStates: ['Open'],
  issueQuery: null,
  removeFields: [],
  toState: 'In Review',
  branches: 'main release/*',
};
const branchCreated = {
  '@type': 'BranchCreatedSpec',
  fromStates: ['Open'],
  issueQuery: 'referenced in current branch',
  removeFields: [],
  toState: 'In Progress',
  branches: 'feature/** bugfix/**',
};

/*
 * The stock transitions as later releases write them: the commit trigger gains a commit-message
 * filter in v12.0.5, and the issue-state trigger loses its list of states in v13.0.0.
 */
const closeOnCommitV12 = { ...closeOnCommit, commitMessages: null };
const { states: _closedStates, ...closeWhenSubIssuesClosedV13 } = closeWhenSubIssuesClosed;
const { states: _openStates, ...reopenWhenLinkedReopenedV13 } = reopenWhenLinkedReopened;

// --- the whole area --------------------------------------------------------------------------

const q = (name: string, query: string | null) => ({ name, query });

const stateBoard = {
  name: 'State',
  baseQuery: null,
  backlogBaseQuery: '"State" is "Open"',
  identifyField: 'State',
  columns: ['Open', 'Closed'],
  iterationPrefix: null,
  displayFields: ['State', 'Type', 'Priority', 'Assignees', 'Iteration'],
  displayLinks: ['Sub Issues', 'Parent Issue', 'Blocked By', 'Blocks', 'Related'],
};

const fixPatterns = [
  {
    prefix: '(^|\\W)(fix|fixed|fixes|fixing|resolve|resolved|resolves|resolving|close|closed|closes|closing)[\\s:]+',
    suffix: '(?=$|\\W)',
  },
  { prefix: '\\(\\s*', suffix: '\\s*\\)\\s*$' },
];

const globalIssueSetting = {
  // A fresh server's four states, so an issue's stateOrdinal reads as on one.
  stateSpecs: [
    { name: 'Open', description: null, color: '#2095F2' },
    { name: 'In Progress', description: null, color: '#FFA700' },
    { name: 'In Review', description: null, color: '#9C26B0' },
    { name: 'Closed', description: null, color: '#1BC5BD' },
  ],
  transitionSpecs: [
    closeManually,
    closeOnCommit,
    closeWhenSubIssuesClosed,
    reopenManually,
    reopenWhenLinkedReopened,
    managerAnyTransition,
  ],
  fieldSpecs: [typeField, priorityField, assigneesField],
  boardSpecs: [{ ...stateBoard, editColumns: null }],
  timeTrackingSetting: {
    useHoursAndMinutesOnly: false,
    hoursPerDay: 8,
    daysPerWeek: 5,
    aggregationLink: 'Sub Issues',
  },
  listFields: ['State', 'Type', 'Priority', 'Assignees', 'Iteration'],
  listLinks: ['Sub Issues', 'Parent Issue', 'Blocked By', 'Blocks', 'Related'],
  namedQueries: [
    q('Open', '"State" is "Open"'),
    q('Assigned to me & Open', '"Assignees" is me and "State" is "Open"'),
    q('Submitted by me & Open', 'submitted by me and "State" is "Open"'),
    q('Assigned to me', '"Assignees" is me'),
    q('Submitted by me', 'submitted by me'),
    q('Submitted recently', '"Submit Date" is since "last week"'),
    q('Mentioned me', 'mentioned me'),
    q(
      'Blocked issues',
      'any "Blocked By" matching("State" is "Open") or any "Sub Issues" matching("State" is "Open")',
    ),
    q('Has activity recently', '"Last Activity Date" is since "last week"'),
    q('Open & Critical', '"State" is "Open" and "Priority" is "Critical"'),
    q('Open & Unassigned', '"State" is "Open" and "Assignees" is empty'),
    q('Open & Unscheduled', '"State" is "Open" and "Iteration" is empty'),
    q('Closed', '"State" is "Closed"'),
    q('All', null),
  ],
  issueTemplates: [
    {
      issueQuery: '"Type" is "Bug"',
      issueDescription:
        '### Steps to reproduce\n\n1. \n\n### Expected behavior\n\n### Actual behavior\n\n### OneDev version\n',
    },
  ],
  commitMessageFixPatterns: { entries: fixPatterns },
  externalIssueTransformers: { entries: [] },
  reconciled: true,
};

const ex = (summary: string, value: unknown) => ({ summary, value });

/** How the fresh server's issue setup reads from later releases. */
const GLOBAL_ISSUE_SETTING_CHANGES: readonly ExampleChange[] = [
  { since: 'v12.0.0', set: { boardSpecs: [stateBoard] } },
  {
    since: 'v12.0.5',
    set: {
      transitionSpecs: [
        closeManually,
        closeOnCommitV12,
        closeWhenSubIssuesClosed,
        reopenManually,
        reopenWhenLinkedReopened,
        managerAnyTransition,
      ],
    },
  },
  {
    since: 'v13.0.0',
    set: {
      transitionSpecs: [
        closeManually,
        closeOnCommitV12,
        closeWhenSubIssuesClosedV13,
        reopenManually,
        reopenWhenLinkedReopenedV13,
        managerAnyTransition,
      ],
    },
  },
  {
    since: 'v15.1.3',
    set: {
      commitMessageFixSetting: {
        fixSuggestion: 'Put each issue the commit fixes on a footer line of its own, e.g. `Fixes #123`.',
        fixPatterns,
      },
    },
    drop: ['commitMessageFixPatterns'],
  },
];

/** `changes` with one more change, kept oldest first. */
const withChange = (list: readonly ExampleChange[], change: ExampleChange): ExampleChange[] =>
  [...list, change].sort((a, b) => compareTags(a.since, b.since));


export const settingsIssueExamples: ExampleTable = {
  GlobalIssueSetting: {
    summary: 'The issue setup of a freshly installed server, with one description template added',
    value: globalIssueSetting,
    changes: GLOBAL_ISSUE_SETTING_CHANGES,
  },

  // What Set Issue Setting can save: from v13.0.5 it refuses every board (see the boardSpecs field).
  GlobalIssueSettingToSave: {
    summary: 'The issue setup of a freshly installed server, as Set Issue Setting accepts it',
    value: globalIssueSetting,
    changes: withChange(GLOBAL_ISSUE_SETTING_CHANGES, { since: 'v13.0.5', set: { boardSpecs: [] } }),
  },

  // ValueMatcher family
  ValueIsOneOf: ex('Show the field only for bugs', valueIsOneOf),
  ValueIsNotAnyOf: ex('Hide the field for tasks and support requests', valueIsNotAnyOf),
  ValueIsNotEmpty: ex('Show the field once the other field is filled', valueIsNotEmpty),
  ValueIsEmpty: ex('Show the field while the other field is empty', valueIsEmpty),

  // FieldSpec family
  TextField: ex('A single-line text field shown for bugs only', textField),
  ChoiceField: ex('The stock Priority field', priorityField),
  UserChoiceField: ex('The stock Assignees field', assigneesField),
  GroupChoiceField: ex('A team field defaulting to the Developers group', groupChoiceField),
  BooleanField: ex('A checkbox defaulting to false', booleanField),
  IntegerField: ex('Story points between 1 and 21', integerField),
  FloatField: ex('An optional decimal score', floatField),
  SecretField: ex('A secret filled in later', secretField),
  DateField: ex('An optional due date', dateField),
  DateTimeField: ex('A date-time prompted only in infrastructure projects', dateTimeField),
  PullRequestChoiceField: ex('A reference to the pull request fixing the issue', pullRequestChoiceField),
  IssueChoiceField: ex('A reference to the issue this one duplicates', issueChoiceField),
  IterationChoiceField: ex('The iteration a problem was found in', iterationChoiceField),
  BuildChoiceField: ex('The build that ships the fix', buildChoiceField),
  CommitField: ex('The commit that introduced a problem', commitField),

  // Default value and choice providers
  TextFieldSpecifiedDefaultValue: ex('A fixed default text', textFieldSpecifiedDefaultValue),
  TextFieldScriptingDefaultValue: ex('Default text from a script', textFieldScriptingDefaultValue),
  IntegerFieldSpecifiedDefaultValue: ex('A fixed default number', integerFieldSpecifiedDefaultValue),
  IntegerFieldScriptingDefaultValue: ex('Default number from a script', integerFieldScriptingDefaultValue),
  FloatFieldSpecifiedDefaultValue: ex('A fixed default decimal', floatFieldSpecifiedDefaultValue),
  FloatFieldScriptingDefaultValue: ex('Default decimal from a script', floatFieldScriptingDefaultValue),
  DateFieldSpecifiedDefaultValue: ex('A fixed default date', dateFieldSpecifiedDefaultValue),
  DateFieldScriptingDefaultValue: ex('Default date from a script', dateFieldScriptingDefaultValue),
  DateTimeFieldSpecifiedDefaultValue: ex('A fixed default date and time', dateTimeFieldSpecifiedDefaultValue),
  DateTimeFieldScriptingDefaultValue: ex('Default date and time from a script', dateTimeFieldScriptingDefaultValue),
  GroupChoiceFieldSpecifiedDefaultValue: ex('Default group Developers', groupChoiceFieldSpecifiedDefaultValue),
  GroupChoiceFieldScriptingDefaultValue: ex('Default group from a script', groupChoiceFieldScriptingDefaultValue),
  BooleanFieldTrueDefaultValue: ex('Checked by default', booleanFieldTrueDefaultValue),
  BooleanFieldFalseDefaultValue: ex('Unchecked by default', booleanFieldFalseDefaultValue),
  BooleanFieldScriptingDefaultValue: ex('Checkbox default from a script', booleanFieldScriptingDefaultValue),
  GroupChoiceFieldAllGroups: ex('Offer every group', groupChoiceFieldAllGroups),
  GroupChoiceFieldScriptingChoices: ex('Offer groups listed by a script', groupChoiceFieldScriptingChoices),
  UserChoiceFieldAllUsers: ex('Offer every user', userChoiceFieldAllUsers),
  UserChoiceFieldScriptingChoices: ex('Offer users listed by a script', userChoiceFieldScriptingChoices),
  UserChoiceFieldSpecifiedDefaultValue: ex(
    'robin by default in onedev projects, alice elsewhere',
    userChoiceFieldSpecifiedDefaultValue,
  ),
  UserChoiceFieldScriptingDefaultValue: ex('Default user from a script', userChoiceFieldScriptingDefaultValue),
  UserChoiceFieldSpecifiedDefaultMultiValue: ex('Two default users', userChoiceFieldSpecifiedDefaultMultiValue),
  UserChoiceFieldScriptingDefaultMultiValue: ex(
    'Default users from a script',
    userChoiceFieldScriptingDefaultMultiValue,
  ),
  ChoiceFieldSpecifiedChoices: ex('The stock issue types', choiceFieldSpecifiedChoicesType),
  ChoiceFieldScriptingChoices: ex('Choices listed by a script', choiceFieldScriptingChoices),
  ChoiceFieldSpecifiedDefaultValue: ex('Default choice Normal', choiceFieldSpecifiedDefaultValue('Normal')),
  ChoiceFieldScriptingDefaultValue: ex('Default choice from a script', choiceFieldScriptingDefaultValue),
  ChoiceFieldSpecifiedDefaultMultiValue: ex(
    'Per-project default choices',
    choiceFieldSpecifiedDefaultMultiValue,
  ),
  ChoiceFieldScriptingDefaultMultiValue: ex(
    'Default choices from a script',
    choiceFieldScriptingDefaultMultiValue,
  ),

  // TransitionSpec family
  ManualSpec: ex('Close by hand once nothing blocks the issue', closeManually),
  PullRequestOpenedSpec: { ...ex('Move to In Review when a pull request is opened', pullRequestOpened), until: 'v15.1.0' },
  PullRequestOpenedOrUpdatedSpec: {
    ...ex('Move to In Review when a pull request is opened or updated', pullRequestOpenedOrUpdated),
    since: 'v15.1.0',
  },
  PullRequestMergedSpec: ex('Close when a pull request to main is merged', pullRequestMerged),
  PullRequestDiscardedSpec: ex('Back to Open when the pull request is discarded', pullRequestDiscarded),
  BuildSuccessfulSpec: ex('Mark bugs released when the release job succeeds on main', buildSuccessful),
  BranchUpdatedSpec: {
    ...ex('Close when a fixing commit reaches main', closeOnCommit),
    changes: [{ since: 'v12.0.5', set: { commitMessages: null } }],
  },
  BranchCreatedSpec: {
    ...ex('Start work on an issue when a feature or bugfix branch named after it is created', branchCreated),
    since: 'v15.1.0',
  },
  IssueStateTransitedSpec: {
    ...ex('Close a parent once all sub issues are closed', closeWhenSubIssuesClosed),
    changes: [{ since: 'v13.0.0', drop: ['states'] }],
  },
  NoActivitySpec: ex('Close idle support requests after 30 days', noActivity),
};
