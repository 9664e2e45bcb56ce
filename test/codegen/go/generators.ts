/**
 * Go: oapi-codegen, pinned as a `tool` of the module in test/codegen/go (go.mod, go.sum), with the
 * runtime library its clients import. The program (main.go) and the module files are copied into
 * the work folder beside the generated package `onedev`, then built with `go build` and run.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Generator } from '../generator.js';
import { CACHE, GO_DIR, ensureGo, goEnv, run } from '../toolchain.js';

export const goGenerators: Generator[] = [
  {
    name: 'oapi-codegen',
    language: 'Go',
    program: GO_DIR,
    // oapi-codegen reads OpenAPI 3.0 only.
    file: 'v30',
    install: ensureGo,
    async generate(work, files) {
      mkdirSync(join(work, 'onedev'), { recursive: true });
      await run(
        join(CACHE, 'go', 'oapi-codegen'),
        ['-generate', 'types,client', '-package', 'onedev', '-o', join(work, 'onedev/onedev.gen.go'), files.v30],
        { cwd: work, env: goEnv(), timeoutMs: 5 * 60_000 },
      );
    },
    async build(work) {
      await run('go', ['vet', './...'], { cwd: work, env: goEnv(), timeoutMs: 10 * 60_000 });
      await run('go', ['build', '-o', 'program', '.'], { cwd: work, env: goEnv(), timeoutMs: 10 * 60_000 });
    },
    async run(work, baseUrl, title) {
      return (await run(join(work, 'program'), [baseUrl, title], { cwd: work, timeoutMs: 2 * 60_000 })).stdout;
    },
  },
];
