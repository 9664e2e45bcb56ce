import { defineConfig } from 'vitest/config';
import { LongestFirstSequencer } from './test/support/sequencer.js';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Two files at a time on CI's two cores (vitest's default keeps one core free): most files
    // wait on child processes (compilers, generators, a browser) for much of their time.
    maxWorkers: 2,
    // One folder per run where each OneDev tag's built document is kept for every file (test/support/tag-documents.ts).
    globalSetup: ['test/support/run-cache.setup.ts'],
    // The slowest files start first, so the two workers finish together (test/support/sequencer.ts).
    sequence: { sequencer: LongestFirstSequencer },
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
