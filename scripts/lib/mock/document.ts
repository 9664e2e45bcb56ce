/**
 * Which description the mock and verify read: generated/openapi.json (the newest release) by
 * default, generated/releases/<tag>/openapi.json for a published release, and for any other tag
 * the catalogue knows, its description built in memory from the catalogue the package ships.
 */
import { existsSync, readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { OpenAPIObject } from 'openapi3-ts/oas31';
import { GENERATED_DIR } from '../package-root.js';
import { knownTag, ReleaseNotFoundError } from '../release-tag.js';

export { GENERATED_DIR, ReleaseNotFoundError };
export const DOCUMENT_PATH = join(GENERATED_DIR, 'openapi.json');

/** Tags with a built description under generated/releases/ (the published ones), in name order. */
export function availableReleases(generatedDir = GENERATED_DIR): string[] {
  const dir = join(generatedDir, 'releases');
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(dir, entry.name, 'openapi.json')))
    .map((entry) => entry.name)
    .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
}

/**
 * The file of `release`'s description, or the default one when it is undefined. A tag the
 * catalogue knows but the package has no file for has no path (loadDocument builds it); any other
 * name is refused with the known tags.
 */
export function documentPath(release?: string, generatedDir = GENERATED_DIR): string {
  if (release === undefined) return join(generatedDir, 'openapi.json');
  const tag = knownTag(release);
  const path = join(generatedDir, 'releases', tag, 'openapi.json');
  if (existsSync(path)) return path;
  throw new ReleaseNotFoundError(`No description file for ${tag} under ${join(generatedDir, 'releases')}; it is built from the catalogue on demand`);
}

export async function readDocument(path = DOCUMENT_PATH): Promise<OpenAPIObject> {
  return JSON.parse(await readFile(path, 'utf8')) as OpenAPIObject;
}

export interface LoadedDocument {
  doc: OpenAPIObject;
  /** The file it was read from; absent when it was built in memory. */
  path?: string;
}

/**
 * `release`'s description: read from its file when the package ships one (the default and the
 * published releases), else built from the catalogue (about a second). Unknown names throw
 * ReleaseNotFoundError, listing the known tags.
 */
export async function loadDocument(release?: string, generatedDir = GENERATED_DIR): Promise<LoadedDocument> {
  const tag = release === undefined ? undefined : knownTag(release);
  const path = tag === undefined ? join(generatedDir, 'openapi.json') : join(generatedDir, 'releases', tag, 'openapi.json');
  if (tag === undefined || existsSync(path)) return { doc: await readDocument(path), path };
  // Loaded only here: the builder and the catalogue are most of the package's code.
  const { buildRelease } = await import('../releases.js');
  return { doc: buildRelease(tag) };
}
