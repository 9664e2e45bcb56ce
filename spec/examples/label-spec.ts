import type { ExampleTable } from '../model.js';

export const labelSpecExamples: ExampleTable = {
  LabelSpec: { summary: 'A label spec', value: { id: 3, name: 'release', color: '#0d87e9' } },
  LabelSpecList: {
    summary: 'Label specs whose name matches',
    value: [
      { id: 3, name: 'release', color: '#0d87e9' },
      { id: 5, name: 'regression', color: '#e53935' },
      { id: 8, name: 'needs-docs', color: '#f9a825' },
    ],
  },
  LabelSpecCreate: {
    summary: 'Define a new label',
    value: { name: 'security', color: '#8e24aa' },
  },
  LabelSpecUpdate: {
    summary: 'Change only the colour of a label',
    value: { color: '#43a047' },
  },
};
