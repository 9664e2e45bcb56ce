import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Two files at a time on CI's two cores (vitest's default keeps one core free): most files
    // wait on child processes (compilers, generators, a browser) for much of their time.
    maxWorkers: 2,
    // One folder per run where each OneDev tag's built document is kept for every file (test/support/tag-documents.ts).
    globalSetup: ['test/support/run-cache.setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
