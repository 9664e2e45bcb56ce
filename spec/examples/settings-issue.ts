import type { ExampleTable } from '../model.js';

export const settingsIssueExamples: ExampleTable = {};
