/**
 * The order vitest starts test files in. Its own order puts the files it has timed before,
 * longest first, and on a clean clone (CI: no timings cached yet) the largest files first, which
 * starts the slowest ones (a few lines that run a code generator or every tag) last, so one worker
 * is left finishing a long file alone. The files below take minutes; they start first, the
 * longest first, and vitest's own order follows for the rest. A file missing here only starts later.
 */
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The longest files, longest first, from runs' reports (test-output/vitest.json): on a loaded
 * machine the matrix and each describe-every-tag half took about 19 minutes, schemathesis 9, pack 8.
 */
export const LONGEST_FIRST: readonly string[] = [
  'test/codegen/matrix.test.ts',
  'test/scripts/describe-every-tag-1.test.ts',
  'test/scripts/describe-every-tag-2.test.ts',
  'test/codegen/schemathesis.test.ts',
  'test/package/pack.test.ts',
  'test/scripts/mock-releases.test.ts',
  'test/scripts/verify.test.ts',
  'test/scripts/describe.test.ts',
  'test/docs/reference-docs.test.ts',
  'test/types/types.test.ts',
  'test/lint/typescript.test.ts',
  'test/scripts/mock-hostile.test.ts',
  'test/scripts/mock-webhooks.test.ts',
  'test/lint/spectral.test.ts',
  'test/generated/releases.test.ts',
  'test/generated/openapi.test.ts',
  'test/scripts/verify-writes.test.ts',
  'test/scripts/cli.test.ts',
  'test/scripts/mock-offload.test.ts',
  'test/scripts/bench.test.ts',
  'test/scripts/source/cli.test.ts',
  'test/scripts/diff-cli.test.ts',
];

export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rest = await super.sort(files);
    const rank = (spec: TestSpecification): number => {
      const index = LONGEST_FIRST.indexOf(relative(spec.project.config.root, spec.moduleId).replaceAll('\\', '/'));
      return index === -1 ? LONGEST_FIRST.length : index;
    };
    // Array.prototype.sort is stable: the files not listed keep vitest's order.
    return rest.sort((a, b) => rank(a) - rank(b));
  }
}
