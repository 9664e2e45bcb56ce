/**
 * Every generated artifact, as (path, content) pairs computed in memory. The build writes
 * them; the freshness test computes them again and compares with what is committed.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { OpenAPIObject } from 'openapi3-ts/oas31';
import openapiTS, { astToString, COMMENT_HEADER } from 'openapi-typescript';
import { clientStep } from './steps/client.js';
import { docsStep } from './steps/docs.js';
import { variantsStep } from './steps/variants.js';
import { buildDocument } from './build-document.js';
import { catalogue } from './catalogue.js';
import { toJson, toYaml } from './render-spec.js';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const GENERATED = join(ROOT, 'generated');

export interface Artifact {
  /** Path relative to the repository root. */
  path: string;
  content: string;
}

export type Step = (doc: OpenAPIObject) => Promise<Artifact[]> | Artifact[];

/** The steps, in order; each turns the document into files. */
export const steps: Record<string, Step> = {
  spec: (doc) => [
    { path: 'generated/openapi.json', content: toJson(doc) },
    { path: 'generated/openapi.yaml', content: toYaml(doc) },
  ],
  types: async (doc) => {
    // openapi-typescript reads the same document users get; its output is the client's types.
    const ast = await openapiTS(structuredClone(doc) as Parameters<typeof openapiTS>[0], { silent: true });
    return [{ path: 'generated/openapi.d.ts', content: COMMENT_HEADER + astToString(ast) }];
  },
  client: clientStep,
  variants: variantsStep,
  docs: docsStep,
};

/** Runs the steps in order on a freshly built document, timing each. */
async function runSteps(only?: readonly string[]): Promise<Array<{ artifacts: Artifact[]; ms: number }>> {
  const doc = buildDocument(catalogue);
  const results: Array<{ artifacts: Artifact[]; ms: number }> = [];
  for (const [name, step] of Object.entries(steps)) {
    if (only && !only.includes(name)) continue;
    const started = performance.now();
    const artifacts = await step(doc);
    results.push({ artifacts, ms: Math.round(performance.now() - started) });
  }
  return results;
}

export async function renderArtifacts(only?: readonly string[]): Promise<Artifact[]> {
  return (await runSteps(only)).flatMap((result) => result.artifacts);
}

export async function writeArtifacts(): Promise<Array<{ path: string; ms: number }>> {
  const written: Array<{ path: string; ms: number }> = [];
  for (const { artifacts, ms } of await runSteps()) {
    for (const artifact of artifacts) {
      const file = join(ROOT, artifact.path);
      await mkdir(dirname(file), { recursive: true });
      await writeFile(file, artifact.content);
      written.push({ path: artifact.path, ms });
    }
  }
  return written;
}
