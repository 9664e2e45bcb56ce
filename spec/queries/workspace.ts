/** WorkspaceQuery: the language of the web UI's workspace list, as `GET /workspaces` reads it (v16.3.0 on). */
import type { QueryLanguageSpec } from '../model.js';
import { ENTITY_REFUSALS } from './common.js';

const status = (keyword: string, value: string, about: string) => ({ keyword, selects: { target: { property: 'status' }, in: [value] }, about }) as const;

export const workspaceQuery: QueryLanguageSpec = {
  list: 'workspace',
  records: 'workspaces',
  fields: [
    { name: 'Number', operators: ['is', 'is not', 'is greater than', 'is less than'], target: { property: 'number' }, match: 'number', about: 'the number, in any project' },
    { name: 'Project', operators: ['is', 'is not'], target: { property: 'projectId' }, match: 'path', about: 'path of the project' },
    { name: 'Issue', operators: ['is', 'is not', 'is empty', 'is not empty'], target: { relation: 'issue' }, match: 'reference', about: 'the issue it works on (`acme/webapp#12`)' },
    { name: 'Pull Request', operators: ['is', 'is not', 'is empty', 'is not empty'], target: { relation: 'pull request' }, match: 'reference', about: 'the pull request it works on' },
    { name: 'Branch', operators: ['is', 'is not', 'is empty', 'is not empty'], target: { property: 'branch' }, match: 'wildcard', about: 'the branch it works on' },
    { name: 'Commit', operators: ['is', 'is not'], target: { property: 'commitHash' }, match: 'exact', about: 'the commit it started from (a full hash)' },
    { name: 'Spec', operators: ['is', 'is not'], target: { property: 'specName' }, match: 'wildcard', about: 'the workspace spec' },
    { name: 'Create Date', operators: ['is since', 'is until'], target: { property: 'createDate' }, match: 'date', about: 'when it was created' },
    { name: 'Active Date', operators: ['is since', 'is until'], target: { property: 'activeDate' }, match: 'date', about: 'when it last became active' },
  ],
  criteria: [
    status('pending', 'PENDING', 'waiting to start'),
    status('active', 'ACTIVE', 'running'),
    status('inactive', 'INACTIVE', 'stopped'),
    { keyword: 'created by me', selects: { target: { property: 'userId' }, user: true }, about: 'created by the caller' },
    { keyword: 'created by', takesValues: true, selects: { target: { property: 'userId' }, user: true }, about: 'created by them' },
    { keyword: 'ran on', takesValues: true, selects: { target: { relation: 'agent' }, match: 'name' }, about: 'it ran on the agent of this name' },
  ],
  tokens: [
    { token: 'reference', about: 'the workspace with that number in that project, e.g. `acme/webapp#12` or `WEB-12`' },
    { token: 'number', about: 'the workspaces with that number in any project, e.g. `#12`' },
    { token: 'fuzzy', about: 'the text in the branch or spec name', searches: ['branch', 'specName'] },
  ],
  orderBy: [
    // Workspace.SORT_FIELDS: the number sorts descending unless `asc` (v16.3.0 on, the language's whole life).
    { field: 'Number', target: { property: 'number' }, descendingByDefault: true },
    { field: 'User', target: { property: 'userId' } },
    { field: 'Project', target: { property: 'projectId' } },
    { field: 'Branch', target: { property: 'branch' } },
    { field: 'Spec', target: { property: 'specName' } },
    { field: 'Status', target: { property: 'status' } },
    { field: 'Create Date', target: { property: 'createDate' }, descendingByDefault: true },
    { field: 'Active Date', target: { property: 'activeDate' }, descendingByDefault: true },
  ],
  // DefaultWorkspaceService.applyOrders adds no ORDER BY when the query has no `order by`.
  defaultOrder: 'in no order the server sets (it sorts nothing; the database gives them as stored)',
  refusals: ENTITY_REFUSALS,
  examples: ['active and "Project" is "acme/webapp"', 'created by me order by "Create Date"'],
};
