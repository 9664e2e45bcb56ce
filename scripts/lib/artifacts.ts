/**
 * Every generated artifact, as (path, content) pairs computed in memory. The build writes
 * them; the freshness test computes them again and compares with what is committed.
 *
 * Each supported release gets its own folder, generated/releases/<tag>/, from the release steps;
 * the newest release's files are also the top-level ones (generated/openapi.json, ...). The
 * whole-set steps (the client's operation table, the docs, the changelog, the extensions page)
 * see every release.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { OpenAPIObject } from 'openapi3-ts/oas31';
import { DEFAULT_RELEASE, SUPPORTED_RELEASES, type SupportedRelease } from '../../spec/releases.js';
import { changelogStep } from './steps/changelog.js';
import { clientStep } from './steps/client.js';
import { docsStep } from './steps/docs.js';
import { extensionsStep } from './steps/extensions.js';
import { factsStep } from './steps/facts.js';
import { releaseSteps } from './steps/release.js';
import { releaseDir, type Artifact, type SetStep } from './steps/types.js';
import { webhooksStep } from './steps/webhooks.js';
import { buildReleases } from './releases.js';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const GENERATED = join(ROOT, 'generated');

// The step types and the release steps live in steps/ (the package ships them, not this module).
export type { Artifact, ReleaseFile, ReleaseStep, SetStep } from './steps/types.js';
export { releaseDir, releaseSteps };

/** Run once, on the whole set. */
export const setSteps: Record<string, SetStep> = {
  client: clientStep,
  webhooks: webhooksStep,
  changelog: changelogStep,
  // docs/extensions.md, from the extension contract (src/extensions.ts).
  extensions: extensionsStep,
  docs: docsStep,
  // README.md and docs/: the fact tables between their markers (the rest of each file is kept).
  facts: (docs) => factsStep(ROOT)(docs),
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
