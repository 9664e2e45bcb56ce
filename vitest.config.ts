import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Two files at a time on CI's two cores (vitest's default keeps one core free): most files
    // wait on child processes (compilers, generators, a browser) for much of their time.
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
