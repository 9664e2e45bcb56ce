/**
 * The HTML reference, one page per supported release, readable offline from a file or any static
 * host (nothing is fetched from anywhere else):
 *   generated/docs/redoc.standalone.js   the renderer (Redoc 3, from @redocly/cli), shared by every page
 *   generated/docs/redoc.css             the prerendered pages' styles, shared while they are the same
 *   generated/docs/<tag>/index.html      one release: release bar, prerendered page, packed description
 *   generated/docs/index.html            the entry: lists the releases and forwards to the newest
 * The renderer is most of the weight, so it is stored once; each page carries its own description
 * (deflated) and the HTML `redocly build-docs` prerenders for it (scripts/lib/docs/).
 * `onedev-openapi docs` writes the same layout for any tags into a folder of the user's.
 */
import { availableParallelism } from 'node:os';
import type { OpenAPIObject } from 'openapi3-ts/oas31';
import type { Artifact, SetStep } from './types.js';
import { ONEDEV_TAGS, SUPPORTED_RELEASES, type OneDevTag } from '../../../spec/releases.js';
import { docsDocument, renderEntryPage, renderReleasePage } from '../docs/page.js';
import { prerender, prerenderDocument } from '../docs/prerender.js';
import { renderRendererScript } from '../docs/renderer.js';
import { CatalogueError } from '../problems.js';

export const DOCS_DIR = 'generated/docs';
/** The entry page; it forwards to the newest release's page, keeping the fragment. */
export const DOCS_ENTRY = `${DOCS_DIR}/index.html`;
/** The shared renderer script every page loads (its name beside the release folders). */
export const RENDERER_NAME = 'redoc.standalone.js';
export const RENDERER_FILE = `${DOCS_DIR}/${RENDERER_NAME}`;
/** The shared prerendered styles. */
export const STYLES_NAME = 'redoc.css';
export const STYLES_FILE = `${DOCS_DIR}/${STYLES_NAME}`;
/** One release's page in the folder `dir`. */
export const pageIn = (dir: string, tag: OneDevTag): string => `${dir}/${tag}/index.html`;
/** One release's page in generated/docs. */
export const docsPage = (tag: OneDevTag): string => pageIn(DOCS_DIR, tag);

/** Runs `work` over `items`, at most `limit` at a time, keeping the order. */
async function mapLimited<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/**
 * The docs files of every release in `docs` (the build: the published ones; `onedev-openapi docs`:
 * the tags it was asked for), under `dir`: one page each, the shared renderer and styles, and the
 * entry page forwarding to the newest. The same descriptions give the same bytes.
 */
export async function renderDocs(docs: ReadonlyMap<OneDevTag, OpenAPIObject>, { dir = DOCS_DIR }: { dir?: string } = {}): Promise<Artifact[]> {
  const tags = ONEDEV_TAGS.filter((tag) => docs.has(tag));
  if (tags.length === 0) throw new CatalogueError(['docs: no description to render']);
  const newest = tags[tags.length - 1]!;
  const embedded = new Map(tags.map((tag) => [tag, docsDocument(docs.get(tag)!)]));
  const [script, prerendered] = await Promise.all([
    renderRendererScript(),
    // One `build-docs` process per release, as many at once as there are cores.
    mapLimited(tags, Math.max(1, availableParallelism()), (tag) => prerender(prerenderDocument(embedded.get(tag)!))),
  ]);
  const byTag = new Map(tags.map((tag, i) => [tag, prerendered[i]!]));
  // The styles come out the same for every release so far; one that differs keeps its own inline.
  const shared = byTag.get(newest)!.styles;
  const sharedCss = [...shared.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]).join('\n');
  return [
    { path: `${dir}/${RENDERER_NAME}`, content: script },
    { path: `${dir}/${STYLES_NAME}`, content: `${sharedCss}\n` },
    ...tags.map((tag) => {
      const page = byTag.get(tag)!;
      return { path: pageIn(dir, tag), content: renderReleasePage(tag, embedded.get(tag)!, page, page.styles === shared, tags) };
    }),
    { path: `${dir}/index.html`, content: renderEntryPage(docs.get(newest)!, tags) },
  ];
}

export const docsStep: SetStep = (docs) => {
  const missing = SUPPORTED_RELEASES.filter((tag) => !docs.has(tag));
  if (missing.length > 0) throw new CatalogueError([`docs: no description was built for ${missing.join(', ')}`]);
  return renderDocs(docs);
};
