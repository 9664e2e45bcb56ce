/** PackQuery: the language of the web UI's package list, as `GET /packages` (and `DELETE /packages`) read it. */
import type { QueryLanguageSpec } from '../model.js';
import { ENTITY_REFUSALS } from './common.js';

export const packQuery: QueryLanguageSpec = {
  list: 'package',
  records: 'packages',
  fields: [
    { name: 'Project', operators: ['is', 'is not'], target: { property: 'projectId' }, match: 'path', about: 'path of the project' },
    { name: 'Type', operators: ['is', 'is not'], target: { property: 'type' }, match: 'exact', about: 'the package type, exactly (e.g. `Container Image`, `NPM`, `Maven`)' },
    { name: 'Name', operators: ['is', 'is not'], target: { property: 'name' }, match: 'wildcard', about: 'the name' },
    { name: 'Version', operators: ['is', 'is not'], target: { property: 'version' }, match: 'wildcard', about: 'the version' },
    { name: 'Label', operators: ['is', 'is not'], target: { relation: 'labels' }, match: 'label', about: 'a label the package carries' },
    { name: 'Publish Date', operators: ['is since', 'is until'], target: { property: 'publishDate' }, match: 'date', about: 'when it was published' },
  ],
  criteria: [
    { keyword: 'published by me', selects: { target: { property: 'userId' }, user: true }, about: 'published by the caller' },
    { keyword: 'published by user', takesValues: true, selects: { target: { property: 'userId' }, user: true }, about: 'published by them' },
    { keyword: 'published by build', takesValues: true, selects: { target: { relation: 'build' }, match: 'reference' }, about: 'published by this build (`acme/webapp#2031`)' },
    { keyword: 'published by project', takesValues: true, selects: { target: { relation: 'build project' }, match: 'path' }, about: 'published by a build of a project at this path' },
  ],
  tokens: [{ token: 'fuzzy', about: 'the text in the name or version', searches: ['name', 'version'] }],
  orderBy: [
    { field: 'Type', target: { property: 'type' } },
    { field: 'Name', target: { property: 'name' } },
    { field: 'Version', target: { property: 'version' } },
    { field: 'Publish Date', target: { property: 'publishDate' }, descendingByDefault: true },
    { field: 'Project', target: { property: 'projectId' } },
  ],
  defaultOrder: 'the most recently published first',
  refusals: ENTITY_REFUSALS,
  examples: ['"Type" is "Container Image" and "Name" is "acme/*"', 'published by me order by "Publish Date"'],
};
