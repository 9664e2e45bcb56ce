/**
 * Which description the mock and verify read: generated/openapi.json (the newest release) by
 * default, or generated/releases/<tag>/openapi.json for `--release <tag>`.
 */
import { existsSync, readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { OpenAPIObject } from 'openapi3-ts/oas31';

// Resolved from this file, not imported from ../artifacts.js: that module loads the whole build.
// The compiled package keeps the depth (dist/lib/mock/), so the path holds there too.
export const GENERATED_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'generated');
export const DOCUMENT_PATH = join(GENERATED_DIR, 'openapi.json');

/** A `--release` that names no built release; the message lists the ones there are. */
export class ReleaseNotFoundError extends Error {}

/** Tags with a built description under generated/releases/, in name order. */
export function availableReleases(generatedDir = GENERATED_DIR): string[] {
  const dir = join(generatedDir, 'releases');
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(dir, entry.name, 'openapi.json')))
    .map((entry) => entry.name)
    .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
}

/** The description of `release`, or the default one when it is undefined. */
export function documentPath(release?: string, generatedDir = GENERATED_DIR): string {
  if (release === undefined) return join(generatedDir, 'openapi.json');
  // A tag is a plain name: never let it climb out of releases/.
  const path = /^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(release) ? join(generatedDir, 'releases', release, 'openapi.json') : undefined;
  if (path && existsSync(path)) return path;
  const known = availableReleases(generatedDir);
  throw new ReleaseNotFoundError(
    `No description for release "${release}"` +
      (known.length > 0 ? `; available: ${known.join(', ')}` : `: no releases are built under ${join(generatedDir, 'releases')}`),
  );
}

export async function readDocument(path = DOCUMENT_PATH): Promise<OpenAPIObject> {
  return JSON.parse(await readFile(path, 'utf8')) as OpenAPIObject;
}
