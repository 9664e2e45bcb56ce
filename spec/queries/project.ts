/** ProjectQuery: the language of the web UI's project list, as `GET /projects` reads it. */
import type { QueryLanguageSpec } from '../model.js';
import { ENTITY_REFUSALS } from './common.js';

export const projectQuery: QueryLanguageSpec = {
  list: 'project',
  records: 'projects',
  fields: [
    { name: 'Name', operators: ['is', 'is not'], target: { property: 'name' }, match: 'wildcard', about: 'the name' },
    { name: 'Key', operators: ['is', 'is not'], target: { property: 'key' }, match: 'wildcard', about: 'the key that prefixes references (`WEB-12`)' },
    { name: 'Path', operators: ['is', 'is not'], target: { property: 'path' }, match: 'path', about: 'the whole path, parents included' },
    { name: 'Label', operators: ['is', 'is not'], target: { relation: 'labels' }, match: 'label', about: 'a label the project carries' },
    { name: 'Service Desk Email Address', operators: ['is', 'is not'], target: { property: 'serviceDeskEmailAddress' }, match: 'wildcard', about: 'the address of its service desk' },
    {
      name: 'Id',
      operators: ['is', 'is not', { operator: 'is greater than', since: 'v13.1.0' }, { operator: 'is less than', since: 'v13.1.0' }],
      target: { property: 'id' },
      match: 'number',
      about: 'the id',
    },
    { name: 'Description', operators: ['contains'], target: { property: 'description' }, match: 'contains', about: 'words of the description' },
    { name: 'Last Activity Date', operators: ['is since', 'is until'], target: { relation: 'last activity date' }, match: 'date', about: 'when anything last happened in it' },
    { name: 'Last Commit Date', until: 'v12.0.3', operators: ['is since', 'is until'], target: { relation: 'last commit date' }, match: 'date', about: 'when its last commit was made' },
  ],
  criteria: [
    { keyword: 'roots', selects: { target: { property: 'parentId' }, in: [null] }, about: 'without a parent project' },
    { keyword: 'leafs', selects: { target: { relation: 'leaf' }, in: [true] }, about: 'without child projects' },
    { keyword: 'fork roots', selects: { target: { property: 'forkedFromId' }, in: [null] }, about: 'not forked from another project' },
    { keyword: 'owned by me', selects: { target: { relation: 'owners' }, user: true }, about: 'the caller owns it' },
    { keyword: 'owned by', takesValues: true, selects: { target: { relation: 'owners' }, user: true }, about: 'they own it' },
    { keyword: 'owned by none', selects: { target: { relation: 'unowned' }, in: [true] }, about: 'nobody owns it' },
    { keyword: 'forks of', takesValues: true, selects: { target: { property: 'forkedFromId' }, match: 'path' }, about: 'forked from a project at this path' },
    { keyword: 'children of', takesValues: true, selects: { target: { property: 'parentId' }, match: 'path' }, about: 'a child of a project at this path' },
    { keyword: 'without enough replicas', selects: { target: { relation: 'too few replicas' }, in: [true] }, about: 'fewer replicas than the cluster asks for' },
    { keyword: 'has outdated replicas', selects: { target: { relation: 'outdated replicas' }, in: [true] }, about: 'a replica lags behind' },
    { keyword: 'missing storage', selects: { target: { relation: 'missing storage' }, in: [true] }, about: 'its storage directory is gone' },
  ],
  tokens: [
    { token: 'number', since: 'v15.0.0', about: 'the project with that id, e.g. `#12`' },
    { token: 'fuzzy', until: 'v15.0.0', about: 'every word of the text in the name or path', searches: ['name', 'path'] },
    { token: 'fuzzy', since: 'v15.0.0', about: 'every word of the text in the name, path or description', searches: ['name', 'path', 'description'] },
  ],
  orderBy: [
    { field: 'Path', target: { property: 'path' } },
    { field: 'Id', target: { property: 'id' } },
    { field: 'Name', target: { property: 'name' } },
    { field: 'Key', target: { property: 'key' } },
    { field: 'Service Desk Email Address', target: { property: 'serviceDeskEmailAddress' } },
    { field: 'Last Activity Date', target: { relation: 'last activity date' }, descendingByDefault: true },
    { field: 'Last Commit Date', until: 'v12.0.3', target: { relation: 'last commit date' }, descendingByDefault: true },
  ],
  defaultOrder: 'by path',
  refusals: ENTITY_REFUSALS,
  examples: ['"Path" is "acme/webapp"', 'roots and "Name" is "web*" order by "Name"'],
};
