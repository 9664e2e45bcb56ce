/**
 * Rust: openapi-generator's `rust` client (blocking reqwest), built with cargo inside the crate in
 * test/codegen/rust. progenitor is not used: it stops on operations with two success answers of
 * different types (a JSON 200 beside an empty 204), which six OneDev operations have.
 */
import { join } from 'node:path';
import type { Generator } from '../generator.js';
import { CACHE, cargoBuild, ensureRust, run, rustWorkspace } from '../toolchain.js';

export const rustGenerators: Generator[] = [
  {
    name: 'openapi-generator rust',
    language: 'Rust',
    // No program folder here: rustWorkspace copies the crate (program included) when generating.
    file: 'v30',
    install: ensureRust,
    async generate(work, files) {
      await rustWorkspace(work, files.v30);
    },
    async build(work) {
      await cargoBuild(work);
    },
    async run(work, baseUrl, title) {
      const binary = join(CACHE, 'rust', 'target', 'debug', 'onedev-codegen');
      return (await run(binary, [baseUrl, title], { cwd: work, timeoutMs: 2 * 60_000 })).stdout;
    },
  },
];
