/**
 * Every generated artifact, as (path, content) pairs computed in memory. The build writes
 * them; the freshness test computes them again and compares with what is committed.
 *
 * Each supported release gets its own folder, generated/releases/<tag>/, from the release steps;
 * the newest release's files are also the top-level ones (generated/openapi.json, ...). The
 * whole-set steps (the client's operation table, the docs, the changelog) see every release.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { OpenAPIObject } from 'openapi3-ts/oas31';
import openapiTS, { astToString, COMMENT_HEADER, type OpenAPITSOptions } from 'openapi-typescript';
import ts from 'typescript';
import { DEFAULT_RELEASE, SUPPORTED_RELEASES, type SupportedRelease } from '../../spec/releases.js';
import { changelogStep } from './steps/changelog.js';
import { clientStep } from './steps/client.js';
import { docsStep } from './steps/docs.js';
import { variantsStep } from './steps/variants.js';
import { buildReleases } from './releases.js';
import { toJson, toYaml } from './render-spec.js';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const GENERATED = join(ROOT, 'generated');

export interface Artifact {
  /** Path relative to the repository root. */
  path: string;
  content: string;
}

/** The folder of one release's files, relative to the repository root. */
export const releaseDir = (tag: SupportedRelease) => `generated/releases/${tag}`;

/** A step that turns one release's document into files named relative to that release's folder. */
export type ReleaseStep = (doc: OpenAPIObject) => Promise<ReleaseFile[]> | ReleaseFile[];
export interface ReleaseFile {
  /** File name inside the release folder, e.g. `openapi.json`. */
  name: string;
  content: string;
}

/** A step that sees every release's document at once (newest last). */
export type SetStep = (docs: ReadonlyMap<SupportedRelease, OpenAPIObject>) => Promise<Artifact[]> | Artifact[];

/**
 * Bytes in a non-JSON media type (uploads, downloads, logs) are typed as what the client really
 * takes and gives, not `string`: a download arrives as a Uint8Array, and an upload takes bytes or text.
 */
const bytesType: OpenAPITSOptions['transform'] = (schema, metadata) => {
  const media = (schema as { contentMediaType?: unknown }).contentMediaType;
  if (schema.type !== 'string' || typeof media !== 'string' || media === 'text/plain') return undefined;
  const names = metadata.path?.includes('/requestBody/') ? ['Uint8Array', 'ArrayBuffer', 'Blob', 'string'] : ['Uint8Array'];
  return ts.factory.createUnionTypeNode(
    names.map((name) => (name === 'string' ? ts.factory.createKeywordTypeNode(ts.SyntaxKind.StringKeyword) : ts.factory.createTypeReferenceNode(name))),
  );
};

/** Run for every release, in order. */
export const releaseSteps: Record<string, ReleaseStep> = {
  spec: (doc) => [
    { name: 'openapi.json', content: toJson(doc) },
    { name: 'openapi.yaml', content: toYaml(doc) },
  ],
  types: async (doc) => {
    // openapi-typescript reads the same document users get; its output is the client's types.
    const ast = await openapiTS(structuredClone(doc) as Parameters<typeof openapiTS>[0], { silent: true, transform: bytesType });
    return [{ name: 'openapi.d.ts', content: COMMENT_HEADER + astToString(ast) }];
  },
  variants: variantsStep,
};

/** Run once, on the whole set. */
export const setSteps: Record<string, SetStep> = {
  client: (docs) => clientStep(docs.get(DEFAULT_RELEASE)!),
  changelog: changelogStep,
  docs: docsStep,
};

export interface StepTiming {
  step: string;
  /** The release it ran for; absent for whole-set steps. */
  release?: SupportedRelease;
  ms: number;
}

/** Builds every release and runs every step, timing each. */
async function runSteps(only?: readonly string[]): Promise<{ artifacts: Artifact[]; timings: StepTiming[] }> {
  const artifacts: Artifact[] = [];
  const timings: StepTiming[] = [];
  const time = async <T>(step: string, release: SupportedRelease | undefined, body: () => Promise<T> | T): Promise<T> => {
    const started = performance.now();
    const result = await body();
    timings.push({ step, ...(release ? { release } : {}), ms: Math.round(performance.now() - started) });
    return result;
  };
  const docs = await time('catalogue → documents', undefined, () => buildReleases(SUPPORTED_RELEASES));
  for (const tag of SUPPORTED_RELEASES) {
    for (const [name, step] of Object.entries(releaseSteps)) {
      if (only && !only.includes(name)) continue;
      const files = await time(name, tag, () => step(docs.get(tag)!));
      for (const file of files) {
        artifacts.push({ path: `${releaseDir(tag)}/${file.name}`, content: file.content });
        // The newest release is also the default, at the top of generated/.
        if (tag === DEFAULT_RELEASE) artifacts.push({ path: `generated/${file.name}`, content: file.content });
      }
    }
  }
  for (const [name, step] of Object.entries(setSteps)) {
    if (only && !only.includes(name)) continue;
    artifacts.push(...(await time(name, undefined, () => step(docs))));
  }
  return { artifacts, timings };
}

export async function renderArtifacts(only?: readonly string[]): Promise<Artifact[]> {
  return (await runSteps(only)).artifacts;
}

export async function writeArtifacts(): Promise<{ written: string[]; timings: StepTiming[] }> {
  const { artifacts, timings } = await runSteps();
  for (const artifact of artifacts) {
    const file = join(ROOT, artifact.path);
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, artifact.content);
  }
  return { written: artifacts.map((a) => a.path), timings };
}
