/**
 * The test order (test/support/sequencer.ts): every file it starts first is a test file vitest
 * runs, so a renamed or removed file cannot drop out of the list unnoticed, and those files start
 * first, in the list's order, ahead of the rest.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { TestSpecification } from 'vitest/node';
import { describe, expect, it } from 'vitest';
import { LONGEST_FIRST, LongestFirstSequencer } from '../support/sequencer.js';
import { ROOT } from '../helpers.js';

describe('the test order', () => {
  it('names only test files that exist, each once', () => {
    expect(LONGEST_FIRST.filter((file) => !/^test\/.+\.test\.ts$/.test(file) || !existsSync(join(ROOT, file)))).toEqual([]);
    expect(new Set(LONGEST_FIRST).size).toBe(LONGEST_FIRST.length);
  });

  it('starts the listed files first, in the list\'s order, then the rest', async () => {
    const project = { name: '', config: { root: ROOT, isolate: true, sequence: { groupOrder: 0 } } };
    const spec = (file: string) => ({ project, moduleId: join(ROOT, file) }) as unknown as TestSpecification;
    const cache = { getFileTestResults: () => undefined, getFileStats: () => undefined };
    const sequencer = new LongestFirstSequencer({ cache, config: { root: ROOT } } as never);
    const files = ['test/readme.test.ts', LONGEST_FIRST[2]!, 'test/src/client.test.ts', LONGEST_FIRST[0]!, LONGEST_FIRST[1]!];
    const sorted = await sequencer.sort(files.map(spec));
    expect(sorted.map((s) => s.moduleId.slice(ROOT.length + 1))).toEqual([LONGEST_FIRST[0], LONGEST_FIRST[1], LONGEST_FIRST[2], 'test/readme.test.ts', 'test/src/client.test.ts']);
  });
});
