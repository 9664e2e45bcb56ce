/** AgentQuery: the language of the administration pages' agent list, as `GET /agents` reads it. */
import type { QueryLanguageSpec } from '../model.js';
import { ENTITY_REFUSALS } from './common.js';

export const agentQuery: QueryLanguageSpec = {
  list: 'agent',
  records: 'agents',
  fields: [
    { name: 'Name', operators: ['is', 'is not'], target: { property: 'name' }, match: 'wildcard', about: 'the name' },
    { name: 'Ip Address', operators: ['is', 'is not'], target: { property: 'ipAddress' }, match: 'wildcard', about: 'the IP address' },
    { name: 'Os', operators: ['is', 'is not'], target: { property: 'osName' }, match: 'exact', about: 'the operating system, exactly (e.g. `Linux`)' },
    { name: 'Os Version', operators: ['is', 'is not'], target: { property: 'osVersion' }, match: 'wildcard', about: 'the version of the operating system' },
    { name: 'Os Arch', operators: ['is', 'is not'], target: { property: 'osArch' }, match: 'wildcard', about: 'the processor architecture' },
  ],
  settingsFields: 'the name of any agent attribute (`is`, `is not`; values compared exactly)',
  criteria: [
    { keyword: 'online', selects: { target: { property: 'online' }, in: [true] }, about: 'connected' },
    { keyword: 'offline', selects: { target: { property: 'online' }, in: [false] }, about: 'not connected' },
    { keyword: 'paused', selects: { target: { property: 'paused' }, in: [true] }, about: 'paused' },
    { keyword: 'has running builds', selects: { target: { relation: 'running builds' }, in: [true] }, about: 'running a build now' },
    { keyword: 'has attribute', takesValues: true, selects: { target: { relation: 'attribute names' }, match: 'exact' }, about: 'it has an attribute of this name' },
    { keyword: 'not used since', takesValues: true, selects: { target: { relation: 'not used since' }, match: 'date' }, about: 'no build since this date, or never' },
    { keyword: 'ever used since', takesValues: true, selects: { target: { relation: 'last used date' }, match: 'date' }, about: 'a build since this date' },
    { keyword: 'ran build', takesValues: true, selects: { target: { relation: 'builds' }, match: 'reference' }, about: 'it ran this build (`acme/webapp#2031`)' },
  ],
  tokens: [{ token: 'fuzzy', about: 'the text in the name, IP address or operating system', searches: ['name', 'ipAddress', 'osName', 'osVersion', 'osArch'] }],
  orderBy: [
    { field: 'Name', target: { property: 'name' } },
    { field: 'Ip Address', target: { property: 'ipAddress' } },
    { field: 'Os', target: { property: 'osName' } },
    { field: 'Os Version', target: { property: 'osVersion' } },
    { field: 'Os Arch', target: { property: 'osArch' } },
    { field: 'Last Used Date', target: { relation: 'last used date' }, descendingByDefault: true },
  ],
  defaultOrder: 'by name',
  // An unknown field is taken for an attribute name.
  refusals: ENTITY_REFUSALS.map((r) => (r.kind === 'unknown-field' ? { ...r, message: 'Attribute not found: {field}' } : r)),
  examples: ['"Os" is "Linux" and online order by "Name"', 'paused or offline'],
};
