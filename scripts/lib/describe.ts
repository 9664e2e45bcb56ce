/**
 * Any OneDev tag's files, from the catalogue the package ships: what the build writes into
 * generated/releases/<tag>/ for a published release (the same steps, so the same bytes), and
 * that tag's HTML reference. `onedev-openapi describe` and `onedev-openapi docs` run these; the
 * package exports them as `onedev-openapi/describe`.
 *
 * Declarations here name only our own types and the language's: a strict consumer compiles them
 * without skipLibCheck.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { ONEDEV_TAGS, SUPPORTED_RELEASES } from '../../spec/releases.js';
import { knownTag, ReleaseNotFoundError } from './release-tag.js';
import { buildRelease } from './releases.js';
import { releaseFiles } from './steps/release.js';

export { ReleaseNotFoundError };

/** Every tag the catalogue describes, oldest first. */
export const RELEASE_TAGS: readonly string[] = ONEDEV_TAGS;
/** The releases whose files the package ships ready-made (the others are built on demand). */
export const PUBLISHED_TAGS: readonly string[] = SUPPORTED_RELEASES;

export interface DescribedFile {
  /** Its name in the release's folder, e.g. `openapi-3.0.yaml`. */
  name: string;
  content: string;
}

/**
 * The files of one tag, as the build writes them into generated/releases/<tag>/: `openapi.json`
 * and `openapi.yaml` (OpenAPI 3.1), `openapi.d.ts` (openapi-typescript's types),
 * `openapi.deref.json`, `openapi-3.0.json` and `openapi-3.0.yaml`. A tag the catalogue does not
 * describe throws ReleaseNotFoundError, whose message lists the ones it does.
 */
export async function describeRelease(tag: string): Promise<DescribedFile[]> {
  return releaseFiles(buildRelease(knownTag(tag)));
}

/** Writes describeRelease's files into `dir` (created when missing); returns the paths written. */
export async function writeRelease(tag: string, dir: string): Promise<string[]> {
  knownTag(tag);
  // The folder first: one that cannot be made fails before the seconds of building.
  await mkdir(dir, { recursive: true });
  const files = await describeRelease(tag);
  const written: string[] = [];
  for (const file of files) {
    const path = join(dir, file.name);
    await writeFile(path, file.content);
    written.push(path);
  }
  return written;
}

/**
 * The HTML reference of each tag, in the layout of generated/docs/: `<tag>/index.html` per tag
 * (a release bar links the pages written together), `redoc.standalone.js` and `redoc.css` which
 * they share, and `index.html`, which forwards to the newest. Paths are relative to the folder.
 * It runs `redocly build-docs`, so @redocly/cli must be installed beside the package.
 */
export async function renderReleaseDocs(tags: readonly string[]): Promise<DescribedFile[]> {
  const known = [...new Set(tags.map((tag) => knownTag(tag)))];
  if (known.length === 0) throw new ReleaseNotFoundError('No release given: name at least one OneDev tag');
  // Loaded only here: it needs @redocly/cli, which `describe` does not.
  const { renderDocs } = await import('./steps/docs.js');
  const docs = new Map(known.map((tag) => [tag, buildRelease(tag)]));
  const files = await renderDocs(docs, { dir: '.' });
  return files.map(({ path, content }) => ({ name: path.replace(/^\.\//, ''), content }));
}

/** Writes renderReleaseDocs's files into `dir`; returns the paths written, the entry page first. */
export async function writeReleaseDocs(tags: readonly string[], dir: string): Promise<string[]> {
  const files = await renderReleaseDocs(tags);
  const written: string[] = [];
  for (const file of [...files].sort((a, b) => Number(b.name === 'index.html') - Number(a.name === 'index.html'))) {
    const path = join(resolve(dir), file.name);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, file.content);
    written.push(path);
  }
  return written;
}
