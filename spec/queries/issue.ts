/** IssueQuery: the language of the web UI's issue list, as `GET /issues` reads it. */
import type { QueryCriterionSpec, QueryLanguageSpec } from '../model.js';
import { COUNT_OPERATORS, ENTITY_REFUSALS, PARTICIPANT_CRITERIA, REVISION_REFUSALS, reactionFields, reactionOrders, WORKING_PERIOD_REFUSALS } from './common.js';
import { ISSUE_CUSTOM_FIELDS } from './custom-fields.js';

/** Criteria about the page a query runs on (its build, commit, branch, issue): the REST API has none. */
/** A fresh server's choices of a single-choice custom field, in the field's order (GlobalIssueSetting). */
const choices = (values: readonly string[]): Record<string, string> => Object.fromEntries(values.map((v) => [v, v]));
const TYPES = ['New Feature', 'Improvement', 'Bug', 'Task', 'Support Request'];
const ORDERED_CHOICE = ['is', 'is not', 'is greater than', 'is less than', 'is empty', 'is not empty'] as const;

const context = (keyword: string, about: string, span: { since?: 'v15.1.0' } = {}): QueryCriterionSpec => ({
  keyword,
  ...span,
  selects: { refused: `Criteria '${keyword}' is not supported here` },
  about,
});

export const issueQuery: QueryLanguageSpec = {
  list: 'issue',
  records: 'issues',
  fields: [
    { name: 'Project', operators: ['is', 'is not'], target: { property: 'projectId' }, match: 'path', about: 'path of the project' },
    { name: 'Number', until: 'v16.0.0', operators: COUNT_OPERATORS, target: { property: 'number' }, match: 'reference', about: 'the issue with this number in that project (`acme/webapp#100` or `WEB-100`)' },
    { name: 'Number', since: 'v16.0.0', operators: COUNT_OPERATORS, target: { property: 'number' }, match: 'number', about: 'the number, in any project' },
    { name: 'State', operators: ['is', 'is not', 'is before', 'is after'], target: { property: 'state' }, match: 'state', about: 'the state (`is before` and `is after` follow the workflow order)' },
    { name: 'Title', operators: ['contains'], target: { property: 'title' }, match: 'contains', about: 'words of the title' },
    { name: 'Description', operators: ['contains'], target: { property: 'description' }, match: 'contains', about: 'words of the description' },
    { name: 'Comment', operators: ['contains'], target: { relation: 'comment texts' }, match: 'contains', about: 'words of a comment' },
    { name: 'Submit Date', operators: ['is since', 'is until'], target: { property: 'submitDate' }, match: 'date', about: 'when it was opened' },
    { name: 'Last Activity Date', operators: ['is since', 'is until'], target: { property: 'lastActivity.date' }, match: 'date', about: 'when anything last happened to it' },
    { name: 'Iteration', operators: ['is', 'is not', 'is empty', 'is not empty'], target: { relation: 'iterations' }, match: 'name', about: 'an iteration it is scheduled in' },
    { name: 'Estimated Time', operators: COUNT_OPERATORS, target: { relation: 'estimated minutes' }, match: 'working-period', about: 'estimated working time, subtasks included' },
    { name: 'Spent Time', operators: COUNT_OPERATORS, target: { relation: 'spent minutes' }, match: 'working-period', about: 'working time spent, subtasks included' },
    { name: 'Progress', operators: ['is greater than', 'is less than'], target: { relation: 'progress' }, match: 'fraction', about: 'spent time over the estimate; issues without an estimate never match' },
    { name: 'Vote Count', operators: COUNT_OPERATORS, target: { property: 'voteCount' }, match: 'number', about: 'how many votes it has' },
    { name: 'Comment Count', operators: COUNT_OPERATORS, target: { property: 'commentCount' }, match: 'number', about: 'how many comments it has' },
    ...reactionFields(),
    // The custom fields of a fresh server's issue settings.
    // Single choices: `is greater than`/`is less than` compare positions among the choices (ChoiceFieldCriteria).
    { name: 'Type', until: 'v16.0.0', operators: ORDERED_CHOICE, target: { relation: 'field Type' }, match: 'ordered-choice', choices: choices(TYPES), about: 'a custom choice field of a fresh server' },
    { name: 'Type', since: 'v16.0.0', operators: ORDERED_CHOICE, target: { relation: 'field Type' }, match: 'ordered-choice', choices: choices([...TYPES, 'Build Failed']), about: 'a custom choice field of a fresh server' },
    { name: 'Priority', operators: ORDERED_CHOICE, target: { relation: 'field Priority' }, match: 'ordered-choice', choices: choices(['Minor', 'Normal', 'Major', 'Critical']), about: 'a custom choice field of a fresh server' },
    { name: 'Assignees', operators: ['is', 'is not', 'is me', 'is not me', 'is empty', 'is not empty'], target: { relation: 'field Assignees' }, match: 'user', about: 'a custom user field of a fresh server' },
  ],
  settingsFields: 'every other custom field of the server\'s issue settings, by its type',
  customFields: ISSUE_CUSTOM_FIELDS,
  criteria: [
    { keyword: 'confidential', selects: { target: { property: 'confidential' }, in: [true] }, about: 'confidential' },
    ...PARTICIPANT_CRITERIA,
    { keyword: 'fixed in commit', takesValues: true, selects: { target: { relation: 'fix commits' }, match: 'exact' }, about: 'a commit (full hash) fixes it' },
    { keyword: 'fixed in build', takesValues: true, selects: { target: { relation: 'fix builds' }, match: 'reference' }, about: 'the build (`acme/webapp#2031`) includes its fix' },
    { keyword: 'fixed in pull request', takesValues: true, selects: { target: { relation: 'fix pull requests' }, match: 'reference' }, about: 'the pull request (`acme/webapp#42`) fixes it' },
    {
      keyword: 'fixed between',
      form: 'between-revisions',
      selects: { target: { relation: 'fix commits' }, match: 'exact' },
      about:
        'a commit on either side since the two revisions\' merge base fixes it; each revision names its project (`fixed between tag "acme/webapp:v4.1.0" and branch "acme/webapp:main"`, ' +
        'a build as `acme/webapp#12`), the same for both, and only that project\'s issues count',
    },
    { keyword: 'has any', takesValues: true, selects: { target: { relation: 'link names' }, match: 'link' }, about: 'it has a link of this name' },
    { keyword: 'matching', form: 'link-match', selects: { target: { relation: 'links' }, match: 'link' }, about: '`any "<link>" matching (<criteria>)` or `all "<link>" matching (<criteria>)`: some, or every (and at least one), issue linked to it under that name matches' },
    context('fixed in current commit', 'the commit shown on the page fixes it'),
    context('fixed in current build', 'the build shown on the page includes its fix'),
    context('fixed in current pull request', 'the pull request shown on the page fixes it'),
    context('referenced in current branch', 'the branch shown on the page mentions it', { since: 'v15.1.0' }),
    context('current issue', 'the issue shown on the page'),
  ],
  tokens: [
    { token: 'reference', until: 'v16.0.0', about: 'the issue with that number, e.g. `acme/webapp#100` or `WEB-100`' },
    { token: 'reference', since: 'v16.0.0', about: 'the issue with that number in that project, e.g. `acme/webapp#100` or `WEB-100`' },
    { token: 'number', since: 'v16.0.0', about: 'the issues with that number in any project, e.g. `#100`' },
    { token: 'fuzzy', about: 'the text in the title, description or comments', searches: ['title', 'description'], searchesRelations: ['comment texts'] },
  ],
  orderBy: [
    { field: 'Vote Count', target: { property: 'voteCount' }, descendingByDefault: true },
    { field: 'Comment Count', target: { property: 'commentCount' }, descendingByDefault: true },
    { field: 'Number', target: { property: 'number' } },
    { field: 'State', target: { property: 'stateOrdinal' } },
    { field: 'Submit Date', target: { property: 'submitDate' }, descendingByDefault: true },
    { field: 'Project', target: { property: 'projectId' } },
    { field: 'Last Activity Date', target: { property: 'lastActivity.date' }, descendingByDefault: true },
    { field: 'Estimated Time', target: { relation: 'estimated minutes' } },
    { field: 'Spent Time', target: { relation: 'spent minutes' } },
    { field: 'Progress', target: { relation: 'progress' } },
    { field: 'Board Position', target: { property: 'boardPosition' } },
    ...reactionOrders(),
    // Custom fields of the types `order by` takes (customFields), in their choices' order.
    { field: 'Type', target: { relation: 'field Type' } },
    { field: 'Priority', target: { relation: 'field Priority' } },
  ],
  defaultOrder: 'the most recently active first',
  refusals: [
    ...ENTITY_REFUSALS,
    ...WORKING_PERIOD_REFUSALS,
    // Links and revisions are looked up when the query runs, after the parse wrapper.
    { kind: 'link', status: 500, message: 'Link spec not found: {value}' },
    { kind: 'scoped-revision', until: 'v15.1.0', status: 500, message: 'Unable to find revision: {value}' },
    { kind: 'scoped-revision', since: 'v15.1.0', status: 404, message: 'Unable to find revision: {value}' },
    ...REVISION_REFUSALS,
    { kind: 'build', until: 'v15.1.0', status: 500, message: 'Unable to find build: {value}' },
    { kind: 'build', since: 'v15.1.0', status: 404, message: 'Unable to find build: {value}' },
    { kind: 'mixed-projects', status: 500, message: '\'fixed between\' should be used for same projects' },
  ],
  examples: ['"State" is "Open" and "Type" is "Bug" order by "Submit Date" desc', 'submitted by me or "Assignees" is me'],
  // The link specs setup creates (DefaultDataManager/DefaultDataService); "Blocked By" went in v13.0.0.
  links: [
    { name: 'Sub Issues', opposite: 'Parent Issue' },
    { name: 'Blocked By', opposite: 'Blocks', until: 'v13.0.0' },
    { name: 'Related' },
  ],
};
