import type { ExampleTable } from '../model.js';

/** Examples shared by many operations. */
export const commonExamples: ExampleTable = {
  RecordId: { summary: 'Id of the created or updated record', value: 1042 },
};
