import type { SchemaTable } from '../model.js';

export const labelSpecSchemas: SchemaTable = {
  LabelSpec: {
    kind: 'object',
    description:
      'A label definition administrators manage once for the whole server; projects, builds, ' +
      'pull requests and packages are labelled by referring to its id.',
    requests: ['create', 'update'],
    fields: {
      id: { type: 'int64', readOnly: true, description: 'Id of the label spec.' },
      name: {
        type: 'string',
        requiredOnCreate: true,
        description:
          'Label text, e.g. `bug` or `release`. Creating without it fails (500): the column may ' +
          'not be null. Names are not checked for uniqueness.',
      },
      color: {
        type: 'string',
        description: 'Background colour as a CSS hex value; `#0d87e9` when left out on create.',
      },
    },
  },
};
