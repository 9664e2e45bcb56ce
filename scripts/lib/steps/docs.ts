/**
 * The HTML reference, one page per supported release, readable offline from a file or any static
 * host (nothing is fetched from anywhere else):
 *   generated/docs/redoc.standalone.js   the renderer (Redoc 3, from @redocly/cli), shared by every page
 *   generated/docs/redoc.css             the prerendered pages' styles, shared while they are the same
 *   generated/docs/<tag>/index.html      one release: release bar, prerendered page, packed description
 *   generated/docs/index.html            the entry: lists the releases and forwards to the newest
 * The renderer is most of the weight, so it is stored once; each page carries its own description
 * (deflated) and the HTML `redocly build-docs` prerenders for it (scripts/lib/docs/).
 */
import { availableParallelism } from 'node:os';
import type { OpenAPIObject } from 'openapi3-ts/oas31';
import type { Artifact, SetStep } from '../artifacts.js';
import { DEFAULT_RELEASE, SUPPORTED_RELEASES, type SupportedRelease } from '../../../spec/releases.js';
import { docsDocument, renderEntryPage, renderReleasePage } from '../docs/page.js';
import { prerender, prerenderDocument } from '../docs/prerender.js';
import { renderRendererScript } from '../docs/renderer.js';
import { CatalogueError } from '../problems.js';

export const DOCS_DIR = 'generated/docs';
/** The entry page; it forwards to the newest release's page, keeping the fragment. */
export const DOCS_ENTRY = `${DOCS_DIR}/index.html`;
/** The shared renderer script every page loads. */
export const RENDERER_FILE = `${DOCS_DIR}/redoc.standalone.js`;
/** The shared prerendered styles. */
export const STYLES_FILE = `${DOCS_DIR}/redoc.css`;
/** One release's page. */
export const docsPage = (tag: SupportedRelease): string => `${DOCS_DIR}/${tag}/index.html`;

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

/** Every docs file; the same descriptions give the same bytes. */
export async function renderDocs(docs: ReadonlyMap<SupportedRelease, OpenAPIObject>): Promise<Artifact[]> {
  const missing = SUPPORTED_RELEASES.filter((tag) => !docs.has(tag));
  if (missing.length > 0) throw new CatalogueError([`docs: no description was built for ${missing.join(', ')}`]);
  const embedded = new Map(SUPPORTED_RELEASES.map((tag) => [tag, docsDocument(docs.get(tag)!)]));
  const [script, prerendered] = await Promise.all([
    renderRendererScript(),
    // One `build-docs` process per release, as many at once as there are cores.
    mapLimited(SUPPORTED_RELEASES, Math.max(1, availableParallelism()), (tag) => prerender(prerenderDocument(embedded.get(tag)!))),
  ]);
  const byTag = new Map(SUPPORTED_RELEASES.map((tag, i) => [tag, prerendered[i]!]));
  // The styles come out the same for every release so far; one that differs keeps its own inline.
  const shared = byTag.get(DEFAULT_RELEASE)!.styles;
  const sharedCss = [...shared.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]).join('\n');
  return [
    { path: RENDERER_FILE, content: script },
    { path: STYLES_FILE, content: `${sharedCss}\n` },
    ...SUPPORTED_RELEASES.map((tag) => {
      const page = byTag.get(tag)!;
      return { path: docsPage(tag), content: renderReleasePage(tag, embedded.get(tag)!, page, page.styles === shared) };
    }),
    { path: DOCS_ENTRY, content: renderEntryPage(docs.get(DEFAULT_RELEASE)!) },
  ];
}

export const docsStep: SetStep = (docs) => renderDocs(docs);
