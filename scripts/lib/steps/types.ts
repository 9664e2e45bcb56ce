/**
 * What a build step is, and where the files of a release go. Kept apart from artifacts.ts (the
 * whole build), so that the steps the package ships (one release's files, its docs) and the fact
 * tables do not bring the rest of the build with them.
 */
import type { OpenAPIObject } from 'openapi3-ts/oas31';
import type { SupportedRelease } from '../../../spec/releases.js';

/** The npm package's name, which its entry points (`onedev-openapi/releases/<tag>/...`) start with. */
export const PACKAGE_NAME = 'onedev-openapi';

/** The folder of one release's files, relative to the repository root. */
export const releaseDir = (tag: SupportedRelease) => `generated/releases/${tag}`;

export interface Artifact {
  /** Path relative to the repository root. */
  path: string;
  content: string;
}

/** A step that turns one release's document into files named relative to that release's folder. */
export type ReleaseStep = (doc: OpenAPIObject) => Promise<ReleaseFile[]> | ReleaseFile[];
export interface ReleaseFile {
  /** File name inside the release folder, e.g. `openapi.json`. */
  name: string;
  content: string;
}

/** A step that sees every release's document at once (newest last). */
export type SetStep = (docs: ReadonlyMap<SupportedRelease, OpenAPIObject>) => Promise<Artifact[]> | Artifact[];
