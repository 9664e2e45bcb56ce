/**
 * Go: oapi-codegen and ogen (both `tool`s of the module in test/codegen/go, pinned by go.mod and
 * go.sum) and openapi-generator's `go` client (the jar). Each work folder holds the module files,
 * the generator's program (programs/<name>/main.go) and the generated package, built with
 * `go build` (oapi-codegen's also with `go vet`) and run.
 */
import { copyFileSync, existsSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Generator } from '../generator.js';
import { NEWEST } from '../harness.js';
import { CACHE, GO_DIR, ensureGo, ensureOpenapiGenerator, goEnv, openapiGenerate, run } from '../toolchain.js';

/** go.mod, go.sum and the program, into the work folder's root. */
function goWork(work: string, program: string): void {
  for (const file of ['go.mod', 'go.sum']) copyFileSync(join(GO_DIR, file), join(work, file));
  copyFileSync(join(GO_DIR, 'programs', program, 'main.go'), join(work, 'main.go'));
}

const goBuild = async (work: string): Promise<void> => {
  await run('go', ['build', '-o', 'program', '.'], { cwd: work, env: goEnv(), timeoutMs: 20 * 60_000 });
};
const goRun = async (work: string, baseUrl: string, title: string) =>
  (await run(join(work, 'program'), [baseUrl, title], { cwd: work, timeoutMs: 2 * 60_000 })).stdout;

/** Every .go file of a generated package, as one text (to look for an operation). */
const packageText = (dir: string) =>
  readdirSync(dir)
    .filter((name) => name.endsWith('.go'))
    .map((name) => readFileSync(join(dir, name), 'utf8'))
    .join('\n');

const upperFirst = (id: string) => id.charAt(0).toUpperCase() + id.slice(1);

/** ogen skipped 29 operations, these among them, while the 3.0 file wrote nullable references as anyOf (issue 16). */
const MAIN_READS = {
  operationIds: ['pullRequestGetPullRequest', 'issueGetIssue', 'buildGetBuild', 'userGetMe'],
  why: 'the main reads of pull requests, issues, builds and the current user',
} as const;

/**
 * ogen's options: a client only (no server, no OpenTelemetry). No `ignore_not_implemented`: a
 * construct ogen cannot handle fails the generation instead of dropping operations quietly.
 */
const OGEN_CONFIG = `generator:
  features:
    disable:
      - paths/server
      - webhooks/server
      - ogen/otel
      - ogen/unimplemented
`;

/**
 * ogen 1.24.0 writes the equality helpers of an array with `uniqueItems` (InternetAddress lists)
 * calling its `validate` package without importing it; the import is added (docs/codegen.md).
 */
export function addMissingValidateImport(dir: string): string[] {
  const fixed: string[] = [];
  for (const name of readdirSync(dir).filter((n) => n.endsWith('.go'))) {
    const text = readFileSync(join(dir, name), 'utf8');
    if (!text.includes('validate.') || text.includes('"github.com/ogen-go/ogen/validate"')) continue;
    writeFileSync(join(dir, name), text.replace(/^package (\w+)$/m, 'package $1\n\nimport "github.com/ogen-go/ogen/validate"'));
    fixed.push(name);
  }
  return fixed;
}

export const goGenerators: Generator[] = [
  {
    name: 'oapi-codegen',
    language: 'Go',
    // oapi-codegen reads OpenAPI 3.0 only.
    file: 'v30',
    install: ensureGo,
    async generate(work, files) {
      goWork(work, 'oapi-codegen');
      await run(
        join(CACHE, 'go', 'oapi-codegen'),
        ['-generate', 'types,client', '-package', 'onedev', '-o', join(work, 'onedev/onedev.gen.go'), files.v30],
        { cwd: work, env: goEnv(), timeoutMs: 5 * 60_000 },
      );
    },
    async build(work) {
      await run('go', ['vet', './...'], { cwd: work, env: goEnv(), timeoutMs: 10 * 60_000 });
      await goBuild(work);
    },
    run: goRun,
  },
  {
    name: 'ogen',
    language: 'Go',
    release: NEWEST,
    // The 3.0 file: its nullable references are what made ogen skip operations (issue 16).
    file: 'v30',
    install: ensureGo,
    async generate(work, files) {
      goWork(work, 'ogen');
      writeFileSync(join(work, 'ogen.yml'), OGEN_CONFIG);
      await run(join(CACHE, 'go', 'ogen'), ['--config', 'ogen.yml', '--target', 'onedev', '--package', 'onedev', '--clean', files.v30], {
        cwd: work,
        env: goEnv(),
        timeoutMs: 5 * 60_000,
      });
      addMissingValidateImport(join(work, 'onedev'));
    },
    build: goBuild,
    run: goRun,
    hasOperation: (work, operationId) => packageText(join(work, 'onedev')).includes(`func (c *Client) ${upperFirst(operationId)}(`),
    requiredOperations: MAIN_READS,
  },
  {
    name: 'openapi-generator go',
    language: 'Go',
    release: NEWEST,
    file: 'v30',
    install: () => Promise.all([ensureGo(), ensureOpenapiGenerator()]),
    async generate(work, files) {
      goWork(work, 'openapi-generator');
      const out = join(work, 'onedevog');
      await openapiGenerate(
        'go',
        files.v30,
        out,
        [
          '--package-name',
          'onedevog',
          // A family member is picked by `@type`: without the lookup, two members that share
          // their properties (IssueFieldSet's) both decode, and the read fails.
          '--additional-properties',
          'withGoMod=false,useOneOfDiscriminatorLookup=true',
        ],
        { cwd: work, timeoutMs: 5 * 60_000 },
      );
      // A package of the work module: only the Go files stay (no module, docs or scripts of its own).
      for (const name of readdirSync(out)) {
        if (!name.endsWith('.go')) rmSync(join(out, name), { recursive: true, force: true });
      }
      if (!existsSync(join(out, 'client.go'))) throw new Error(`openapi-generator wrote no client.go into ${out}`);
    },
    build: goBuild,
    run: goRun,
    hasOperation: (work, operationId) => new RegExp(`func \\(a \\*\\w+APIService\\) ${upperFirst(operationId)}\\(`).test(packageText(join(work, 'onedevog'))),
    requiredOperations: MAIN_READS,
  },
];
