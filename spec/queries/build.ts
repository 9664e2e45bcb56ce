/** BuildQuery: the language of the web UI's build list, as `GET /builds` reads it. */
import type { QueryLanguageSpec } from '../model.js';
import { ENTITY_REFUSALS } from './common.js';

const status = (keyword: string, values: readonly string[], about: string) =>
  ({ keyword, selects: { target: { property: 'status' }, in: values }, about }) as const;

export const buildQuery: QueryLanguageSpec = {
  list: 'build',
  records: 'builds',
  fields: [
    { name: 'Project', operators: ['is', 'is not'], target: { property: 'projectId' }, match: 'path', about: 'path of the project' },
    { name: 'Job', operators: ['is', 'is not'], target: { property: 'jobName' }, match: 'wildcard', about: 'the job' },
    { name: 'Number', until: 'v16.0.0', operators: ['is', 'is not', 'is greater than', 'is less than'], target: { property: 'number' }, match: 'reference', about: 'the build with this number in that project (`acme/webapp#100` or `WEB-100`)' },
    { name: 'Number', since: 'v16.0.0', operators: ['is', 'is not', 'is greater than', 'is less than'], target: { property: 'number' }, match: 'number', about: 'the number, in any project' },
    { name: 'Branch', operators: ['is', 'is not', 'is empty', 'is not empty'], target: { property: 'refName' }, refPrefix: 'refs/heads/', match: 'wildcard', about: 'the branch it ran on' },
    { name: 'Tag', operators: ['is', 'is not', 'is empty', 'is not empty'], target: { property: 'refName' }, refPrefix: 'refs/tags/', match: 'wildcard', about: 'the tag it ran on' },
    { name: 'Version', operators: ['is', 'is not', 'is empty', 'is not empty'], target: { property: 'version' }, match: 'wildcard', about: 'the version the job set' },
    { name: 'Label', operators: ['is', 'is not'], target: { relation: 'labels' }, match: 'label', about: 'a label the build carries' },
    { name: 'Pull Request', operators: ['is', 'is not', 'is empty', 'is not empty'], target: { relation: 'pull request' }, match: 'reference', about: 'the pull request it verified (`acme/webapp#42`)' },
    { name: 'Commit', operators: ['is', 'is not'], target: { property: 'commitHash' }, match: 'exact', about: 'the commit it built (a full hash)' },
    { name: 'Submit Date', operators: ['is since', 'is until'], target: { property: 'submitDate' }, match: 'date', about: 'when it was submitted' },
    { name: 'Pending Date', operators: ['is since', 'is until'], target: { property: 'pendingDate' }, match: 'date', about: 'when it started waiting for an agent' },
    { name: 'Running Date', operators: ['is since', 'is until'], target: { property: 'runningDate' }, match: 'date', about: 'when it started running' },
    { name: 'Finish Date', operators: ['is since', 'is until'], target: { property: 'finishDate' }, match: 'date', about: 'when it finished' },
  ],
  settingsFields: 'the name of any build parameter (`is`, `is not`, `is empty`, `is not empty`; values compared exactly)',
  criteria: [
    status('successful', ['SUCCESSFUL'], 'finished successfully'),
    status('failed', ['FAILED'], 'failed'),
    status('cancelled', ['CANCELLED'], 'cancelled'),
    status('timed out', ['TIMED_OUT'], 'timed out'),
    status('finished', ['SUCCESSFUL', 'FAILED', 'CANCELLED', 'TIMED_OUT'], 'finished, whatever the outcome'),
    status('running', ['RUNNING'], 'running'),
    status('waiting', ['WAITING'], 'waiting for its dependencies'),
    status('pending', ['PENDING'], 'waiting for an agent'),
    { keyword: 'submitted by me', selects: { target: { property: 'submitterId' }, user: true }, about: 'submitted by the caller' },
    { keyword: 'submitted by', takesValues: true, selects: { target: { property: 'submitterId' }, user: true }, about: 'submitted by them' },
    { keyword: 'cancelled by me', selects: { target: { property: 'cancellerId' }, user: true }, about: 'cancelled by the caller' },
    { keyword: 'cancelled by', takesValues: true, selects: { target: { property: 'cancellerId' }, user: true }, about: 'cancelled by them' },
    { keyword: 'fixed issue', takesValues: true, selects: { target: { relation: 'fixed issues' }, match: 'reference' }, about: 'its commit includes a fix of this issue (`acme/webapp#12`)' },
    { keyword: 'depends on', takesValues: true, selects: { target: { relation: 'dependencies' }, match: 'reference' }, about: 'it depends on this build' },
    { keyword: 'dependencies of', takesValues: true, selects: { target: { relation: 'dependents' }, match: 'reference' }, about: 'this build depends on it' },
    { keyword: 'ran on', takesValues: true, selects: { target: { relation: 'agent' }, match: 'name' }, about: 'it ran on the agent of this name' },
  ],
  tokens: [
    { token: 'reference', until: 'v16.0.0', about: 'the build with that number, e.g. `acme/webapp#100` or `WEB-100`' },
    { token: 'reference', since: 'v16.0.0', about: 'the build with that number in that project, e.g. `acme/webapp#100` or `WEB-100`' },
    { token: 'number', since: 'v16.0.0', about: 'the builds with that number in any project, e.g. `#100`' },
    { token: 'fuzzy', about: 'the text in the job name or version', searches: ['jobName', 'version'] },
  ],
  orderBy: [
    { field: 'Job', target: { property: 'jobName' } },
    { field: 'Status', target: { property: 'status' } },
    { field: 'Number', target: { property: 'number' } },
    { field: 'Submit Date', target: { property: 'submitDate' }, descendingByDefault: true },
    { field: 'Pending Date', target: { property: 'pendingDate' }, descendingByDefault: true },
    { field: 'Running Date', target: { property: 'runningDate' }, descendingByDefault: true },
    { field: 'Finish Date', target: { property: 'finishDate' }, descendingByDefault: true },
    { field: 'Project', target: { property: 'projectId' } },
    { field: 'Commit', target: { property: 'commitHash' } },
  ],
  defaultOrder: 'the most recently submitted first',
  refusals: ENTITY_REFUSALS,
  examples: ['"Job" is "ci" and successful order by "Submit Date" desc', 'failed and "Branch" is "main"'],
};
