/**
 * Java: openapi-generator's `java` client, library `native` (java.net.http + Jackson), built with
 * Maven from the pom.xml it writes (which pins its own dependencies). The program
 * (src/main/java/codegen/Main.java) is compiled into the same project.
 */
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import type { Generator } from '../generator.js';
import { CODEGEN, ensureOpenapiGenerator, mavenArgs, openapiGenerate, run } from '../toolchain.js';

const JAVA_DIR = join(CODEGEN, 'java');

/**
 * Component schemas that are a union with an inline array branch (IssueFieldValue: a string, a
 * list of strings or null). openapi-generator 7.25.0's Java union template writes such a branch as
 * `List<String>.class`, which does not compile.
 */
export function javaObjectSchemas(doc: Record<string, any>): string[] {
  const schemas = (doc.components?.schemas ?? {}) as Record<string, { oneOf?: unknown[]; anyOf?: unknown[] }>;
  return Object.keys(schemas).filter((name) =>
    [schemas[name]!.oneOf, schemas[name]!.anyOf].some((list) => Array.isArray(list) && list.some((b) => (b as { type?: unknown }).type === 'array')),
  );
}

/**
 * The 3.0 description with each of those unions written as any value (`{}`, Java `Object`), its
 * description kept (docs/codegen.md). Mapping the name to `Object` instead leaves generated code
 * that calls model methods on it.
 */
export function withUnionsAsAny(doc: Record<string, any>): Record<string, any> {
  const out = structuredClone(doc);
  for (const name of javaObjectSchemas(doc)) out.components.schemas[name] = { description: doc.components.schemas[name].description };
  return out;
}

export const javaGenerators: Generator[] = [
  {
    name: 'openapi-generator java',
    language: 'Java',
    program: JAVA_DIR,
    file: 'v30',
    install: ensureOpenapiGenerator,
    async generate(work, files) {
      const input = join(work, 'openapi-3.0-java.json');
      writeFileSync(input, JSON.stringify(withUnionsAsAny(JSON.parse(readFileSync(files.v30, 'utf8')))));
      await openapiGenerate(
        'java',
        input,
        join(work, 'client'),
        [
          '--library',
          'native',
          '--api-package',
          'dev.onedev.api',
          '--model-package',
          'dev.onedev.model',
          '--invoker-package',
          'dev.onedev.client',
          '--group-id',
          'dev.onedev',
          '--artifact-id',
          'onedev-client',
        ],
        { cwd: work, timeoutMs: 5 * 60_000 },
      );
      cpSync(join(work, 'src/main/java/codegen'), join(work, 'client/src/main/java/codegen'), { recursive: true });
    },
    async build(work) {
      // javac over the generated client and the program; Maven fetches the pom's libraries once into the cache.
      await run(
        'mvn',
        [
          ...mavenArgs(),
          '-Dmaven.test.skip=true',
          'compile',
          'dependency:build-classpath',
          `-Dmdep.outputFile=${join(work, 'classpath.txt')}`,
        ],
        { cwd: join(work, 'client'), timeoutMs: 15 * 60_000 },
      );
    },
    async run(work, baseUrl, title) {
      const classpath = [join(work, 'client/target/classes'), readFileSync(join(work, 'classpath.txt'), 'utf8').trim()].join(delimiter);
      const { stdout } = await run('java', ['-cp', classpath, 'codegen.Main', baseUrl, title], { cwd: work, timeoutMs: 2 * 60_000 });
      return stdout;
    },
  },
];
