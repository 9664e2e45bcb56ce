import type { ExampleTable } from '../model.js';

export const pullRequestExamples: ExampleTable = {};
