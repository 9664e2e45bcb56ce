/**
 * The TypeScript generators. Each program (programs/<name>/main.ts) is type-checked together with
 * the generated code by the pinned TypeScript under strict settings, then run with tsx.
 */
import { mkdirSync, readFileSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Generator } from '../generator.js';
import { NEWEST, type DescriptionFiles } from '../harness.js';
import { NODE_DIR, ensureNodeTools, ensureOpenapiGenerator, nodeBin, openapiGenerate, run } from '../toolchain.js';

const TSCONFIG = {
  compilerOptions: {
    target: 'ES2022',
    // What most users of these generators have (a bundler); orval writes imports without extensions.
    module: 'ESNext',
    moduleResolution: 'Bundler',
    strict: true,
    noEmit: true,
    // Libraries' own .d.ts only; every generated file is .ts and is checked.
    skipLibCheck: true,
    types: ['node'],
  },
  include: ['**/*.ts'],
  exclude: ['node_modules'],
};

function prepare(work: string): void {
  mkdirSync(join(work, 'gen'), { recursive: true });
  symlinkSync(join(NODE_DIR, 'node_modules'), join(work, 'node_modules'), 'dir');
  writeFileSync(join(work, 'tsconfig.json'), JSON.stringify(TSCONFIG, null, 2));
  writeFileSync(join(work, 'package.json'), JSON.stringify({ type: 'module', private: true }));
}

/** Every .ts file under gen/, as one text (to look for an operation). */
function generatedText(work: string): string {
  return readdirSync(join(work, 'gen'), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts'))
    .map((e) => readFileSync(join(e.parentPath, e.name), 'utf8'))
    .join('\n');
}

function nodeGenerator(
  name: string,
  folder: string,
  file: keyof DescriptionFiles,
  generate: (work: string, files: DescriptionFiles) => Promise<unknown>,
  extra: Partial<Generator> = {},
): Generator {
  return {
    name,
    language: 'TypeScript',
    program: join(NODE_DIR, 'programs', folder),
    file,
    install: ensureNodeTools,
    async generate(work, files) {
      prepare(work);
      await generate(work, files);
    },
    async build(work) {
      await run(process.execPath, [join(NODE_DIR, 'node_modules/typescript/bin/tsc'), '-p', join(work, 'tsconfig.json')], {
        cwd: work,
        timeoutMs: 5 * 60_000,
      });
    },
    async run(work, baseUrl, title) {
      const { stdout } = await run(nodeBin('tsx'), ['main.ts', baseUrl, title], { cwd: work, timeoutMs: 2 * 60_000 });
      return stdout;
    },
    hasOperation: (work, operationId) => generatedText(work).includes(operationId),
    ...extra,
  };
}

export const nodeGenerators: Generator[] = [
  nodeGenerator('openapi-typescript + openapi-fetch', 'openapi-fetch', 'v31', (work, files) =>
    run(nodeBin('openapi-typescript'), [files.v31, '--output', join(work, 'gen/openapi.ts')], { cwd: work }),
  ),
  nodeGenerator('@hey-api/openapi-ts', 'hey-api', 'v31', (work, files) =>
    run(nodeBin('openapi-ts'), ['--input', files.v31, '--output', join(work, 'gen')], { cwd: work }),
  ),
  nodeGenerator('orval', 'orval', 'v31', (work, files) =>
    run(nodeBin('orval'), ['--config', join(work, 'orval.config.cjs')], { cwd: work, env: { ONEDEV_OPENAPI_FILE: files.v31 } }),
  ),
  // 3.1: from the 3.0 file it turns the null branch of a nullable reference into an empty object schema.
  // --with-deprecated keeps the Milestone group (left out by default).
  nodeGenerator('openapi-zod-client', 'openapi-zod-client', 'v31', (work, files) =>
    run(nodeBin('openapi-zod-client'), [files.v31, '--output', join(work, 'gen/client.ts'), '--with-deprecated'], { cwd: work }),
  ),
  nodeGenerator(
    'typed-openapi',
    'typed-openapi',
    'v31',
    // The output path is taken relative to the working folder, even when absolute.
    (work, files) => run(nodeBin('typed-openapi'), [files.v31, '--output', 'gen/api.ts'], { cwd: work }),
    {
      missingGroups: {
        Milestone: 'typed-openapi leaves deprecated operations out, and every Milestone operation is deprecated',
      },
      // typed-openapi names endpoints by method and operationId (`get_MilestoneGet`).
      hasOperation: (work, operationId) =>
        generatedText(work).toLowerCase().includes(`_${operationId.toLowerCase()} = {`),
    },
  ),
  nodeGenerator(
    'openapi-generator typescript-fetch',
    'typescript-fetch',
    'v30',
    (work, files) =>
      openapiGenerate('typescript-fetch', files.v30, join(work, 'gen'), [], { cwd: work, timeoutMs: 5 * 60_000 }),
    {
      release: NEWEST,
      install: () => Promise.all([ensureNodeTools(), ensureOpenapiGenerator()]),
      // Its doc comments copy descriptions: a `*/` in one would end the comment early (issue 16).
      hasOperation: (work, operationId) => generatedText(work).includes(`async ${operationId}(`),
    },
  ),
];

