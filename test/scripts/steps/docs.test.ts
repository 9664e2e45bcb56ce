/**
 * The docs step: what it commits under generated/docs/, and how it refuses inputs it cannot use.
 * (test/generated/openapi.test.ts checks that the step still renders exactly these files;
 * test/docs/reference-docs.test.ts opens them in a browser.)
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { Script, runInNewContext } from 'node:vm';
import type { OpenAPIObject, OperationObject } from 'openapi3-ts/oas31';
import { describe, expect, it } from 'vitest';
import { CatalogueError } from '../../../scripts/lib/problems.js';
import { docsDocument, operationIdLine, packDescription, unpackDescription } from '../../../scripts/lib/docs/page.js';
import { prerender, prerenderDocument, splitPrerendered } from '../../../scripts/lib/docs/prerender.js';
import { toClassicScript } from '../../../scripts/lib/docs/renderer.js';
import { DOCS_DIR, DOCS_ENTRY, RENDERER_FILE, STYLES_FILE, docsPage } from '../../../scripts/lib/steps/docs.js';
import { DEFAULT_RELEASE, ROOT, SUPPORTED_RELEASES, committedDocument, operationsOf } from '../../helpers.js';

const MB = 1_000_000;
const read = (path: string): string => readFileSync(join(ROOT, path), 'utf8');
const renderer = read(RENDERER_FILE);

/** The description a page embeds, unpacked as its start-up script does. */
function embeddedDescription(page: string): unknown {
  const match = /<script type="application\/octet-stream" id="api-description" data-encoding="deflate-raw, base64">([A-Za-z0-9+/=]+)<\/script>/.exec(page);
  expect(match, 'the page embeds the packed description').not.toBeNull();
  return unpackDescription(match![1]!);
}

/** The prerendered inside of <div id="redoc">. */
function prerenderedMarkup(page: string): string {
  const start = page.indexOf('<div id="redoc">');
  const end = page.indexOf('<script type="application/octet-stream"');
  expect(start).toBeGreaterThan(0);
  return page.slice(start, end);
}

/** Every file under generated/docs/, relative to the repository root. */
function docsFiles(dir = join(ROOT, DOCS_DIR)): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? docsFiles(path) : [relative(ROOT, path)];
  });
}

describe('generated/docs/ layout and size', () => {
  it('holds the entry, the shared renderer and styles, and one page per supported release, nothing else', () => {
    expect(docsFiles().sort()).toEqual([DOCS_ENTRY, RENDERER_FILE, STYLES_FILE, ...SUPPORTED_RELEASES.map(docsPage)].sort());
  });

  it('stays under 10 MB in all, and every page with what it loads under 5 MB', () => {
    const sizes = new Map(docsFiles().map((file) => [file, statSync(join(ROOT, file)).size]));
    const total = [...sizes.values()].reduce((a, b) => a + b, 0);
    expect(total).toBeLessThan(10 * MB);
    const shared = sizes.get(RENDERER_FILE)! + sizes.get(STYLES_FILE)!;
    for (const tag of SUPPORTED_RELEASES) {
      expect(sizes.get(docsPage(tag))! + shared, docsPage(tag)).toBeLessThan(5 * MB);
    }
    // The renderer is stored once: it is most of the weight, and no page repeats it.
    for (const tag of SUPPORTED_RELEASES) expect(sizes.get(docsPage(tag))!).toBeLessThan(sizes.get(RENDERER_FILE)! / 2);
  });
});

describe.each(SUPPORTED_RELEASES)('generated/docs/%s/index.html', (tag) => {
  const page = read(docsPage(tag));
  const doc = committedDocument(tag);

  it("embeds that release's committed description as the docs show it", () => {
    expect(embeddedDescription(page)).toEqual(JSON.parse(JSON.stringify(docsDocument(doc))));
    expect(page).toContain(`<title>${doc.info.title}: OneDev ${tag}</title>`);
  });

  it('loads only files of the docs folder: the shared renderer and styles, an inline icon', () => {
    const urls = [...page.matchAll(/\s(?:src|href)="([^"]*)"/g)].map((m) => m[1]!);
    const loads = [...page.matchAll(/<(?:script|link)\b[^>]*\s(?:src|href)="([^"]*)"/g)].map((m) => m[1]!);
    expect(loads.sort()).toEqual(['../redoc.css', '../redoc.standalone.js', expect.stringMatching(/^data:image\/svg\+xml,/)].sort());
    expect(page).toMatch(/<link rel="icon" href="data:image\/svg\+xml,[^"]+">/);
    expect(page).not.toMatch(/<script type="module"/);
    // Links are fragments, sibling release pages, data: URIs or external pages (attributions).
    for (const url of urls) expect(url, url).toMatch(/^(#|\.\.\/v[\d.]+\/index\.html$|\.\.\/redoc\.|data:|https:\/\/(onedev\.io|redocly\.com)\b)/);
  });

  it('prerenders the navigation with fragment links, never /paths a static host would answer 404', () => {
    const markup = prerenderedMarkup(page);
    expect(markup).not.toMatch(/href="\/(?!\/)/);
    for (const group of doc.tags ?? []) expect(markup).toContain(`>${group.name}<`);
    expect(markup).toMatch(/href="#\/section\/[a-z-]+"/);
  });

  it('links every other supported release from its release bar, and marks its own', () => {
    const bar = /<nav class="onedev-releases"[^>]*>(.*?)<\/nav>/s.exec(page)?.[1] ?? '';
    const links = [...bar.matchAll(/<a( aria-current="page")? href="\.\.\/([^/]+)\/index\.html">/g)].map((m) => ({
      tag: m[2],
      current: Boolean(m[1]),
    }));
    expect(links.map((l) => l.tag).sort()).toEqual([...SUPPORTED_RELEASES].sort());
    expect(links.filter((l) => l.current).map((l) => l.tag)).toEqual([tag]);
  });
});

describe(DOCS_ENTRY, () => {
  const entry = read(DOCS_ENTRY);

  it('forwards to the newest release, keeping the fragment, and lists every release', () => {
    expect(entry).toContain(`location.replace("${DEFAULT_RELEASE}/index.html" + location.hash)`);
    for (const tag of SUPPORTED_RELEASES) expect(entry).toContain(`href="${tag}/index.html"`);
    expect(entry).toMatch(/<link rel="icon" href="data:/);
  });
});

describe(RENDERER_FILE, () => {
  it('is a classic script (file:// refuses module scripts) that defines Redoc with hydrate and init', () => {
    expect(renderer).not.toMatch(/(?<!["'`])\bimport\.meta\b/);
    expect(renderer).not.toMatch(/\bexport\s*\{/);
    // Compiles as a classic script (a module-only token would throw here); the browser test runs it.
    expect(() => new Script(renderer, { filename: RENDERER_FILE })).not.toThrow();
    expect(renderer).toMatch(/^\/\*[^\n]*\*\/\nvar Redoc = \(function \(\) \{\n"use strict";\n/);
    expect(renderer.trimEnd().endsWith('return { RedocStandalone: RedocStandalone, hydrate: hydrate, init: init };\n})();')).toBe(true);
  });

  it("holds Redoc 3 and loads nothing from Redocly's CDN (the footer logos are inline SVG)", () => {
    expect(renderer).toContain('Version: 3.');
    expect(renderer).not.toMatch(/https:\/\/cdn\.redoc(ly\.com|\.ly)\/redoc\//);
    expect(renderer).toContain('data:image/svg+xml,');
  });
});

describe('docsDocument', () => {
  const doc = committedDocument();
  const shown = docsDocument(doc);

  it("opens every operation's description with its operationId, leaving the rest as it was", () => {
    const before = operationsOf(doc);
    const after = operationsOf(shown);
    expect(after).toHaveLength(before.length);
    for (const [i, { operation }] of before.entries()) {
      const described = after[i]!.operation as OperationObject;
      const line = operationIdLine(operation.operationId!);
      expect(described.description).toBe(operation.description ? `${line}\n\n${operation.description}` : line);
      expect({ ...described, description: undefined }).toEqual({ ...operation, description: undefined });
    }
    expect(operationIdLine('pullRequestGetMergePreview')).toBe('Operation ID: `pullRequestGetMergePreview`');
  });

  it('leaves out schema-level examples (media-type examples stay) and does not touch its input', () => {
    const schemas = Object.values(shown.components!.schemas!) as Array<Record<string, unknown>>;
    expect(Object.values(doc.components!.schemas!).some((s) => (s as Record<string, unknown>).examples)).toBe(true);
    expect(schemas.some((s) => s.examples)).toBe(false);
    expect(shown.components!.examples).toEqual(doc.components!.examples);
    expect(doc).toEqual(committedDocument());
  });
});

describe('prerenderDocument', () => {
  it('keeps what the navigation and introduction are made of, and leaves out what only an opened operation shows', () => {
    const doc = docsDocument(committedDocument());
    const kept = prerenderDocument(doc);
    expect({ ...kept, paths: undefined, webhooks: undefined, components: undefined }).toEqual({ ...doc, paths: undefined, webhooks: undefined, components: undefined });
    expect(kept.components).toEqual({ securitySchemes: doc.components!.securitySchemes });
    // Web hooks are listed like operations: the same events, keeping what their entries show.
    const hooks = Object.entries(doc.webhooks ?? {});
    expect(hooks.length).toBeGreaterThan(30);
    expect(Object.keys(kept.webhooks ?? {})).toEqual(hooks.map(([name]) => name));
    for (const [name, item] of hooks) {
      const { operationId, summary, description, tags } = item.post!;
      expect(kept.webhooks![name]).toEqual({ post: JSON.parse(JSON.stringify({ operationId, summary, description, tags })) });
    }
    const before = operationsOf(doc);
    const after = operationsOf(kept);
    expect(after.map((o) => `${o.method} ${o.path}`)).toEqual(before.map((o) => `${o.method} ${o.path}`));
    for (const [i, { operation }] of before.entries()) {
      const { operationId, summary, description, tags, deprecated } = operation;
      expect(after[i]!.operation).toEqual(JSON.parse(JSON.stringify({ operationId, summary, description, tags, deprecated })));
    }
  });
});

describe('packDescription', () => {
  it('deflates the description to a fraction of its JSON, the same bytes every time, and unpacks to it', () => {
    const shown = docsDocument(committedDocument());
    const packed = packDescription(shown);
    expect(packed).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(packed.length).toBeLessThan(JSON.stringify(shown).length / 3);
    expect(packDescription(docsDocument(committedDocument()))).toBe(packed);
    expect(unpackDescription(packed)).toEqual(JSON.parse(JSON.stringify(shown)));
  });
});

describe('splitPrerendered', () => {
  const marker = '<!--onedev-openapi:split-->';
  const output =
    '<link rel="modulepreload" href="https://cdn.example/x.js" /><style data-styled="true">.a{color:red}</style>\n' +
    `${marker}\n<div id="redoc"><nav><a href="/">Home</a><a href="/section/paging">Paging</a>` +
    '<a href="https://onedev.io">OneDev</a><a href="//cdn.example">x</a></nav></div>\n<script type="module">hydrate()</script>';

  it('keeps the styles and the markup, turning path links into fragments', () => {
    expect(splitPrerendered(output)).toEqual({
      styles: '<style data-styled="true">.a{color:red}</style>',
      markup: '<nav><a href="#/">Home</a><a href="#/section/paging">Paging</a><a href="https://onedev.io">OneDev</a><a href="//cdn.example">x</a></nav>',
    });
  });

  it('names what changed when the output is not shaped as expected', () => {
    expect(() => splitPrerendered('<html></html>')).toThrow(/the template marker is missing/);
    expect(() => splitPrerendered(`${marker}<div id="redoc"></div>`)).toThrow(/no <style> element/);
    expect(() => splitPrerendered(`<style></style>${marker}<main></main>`)).toThrow(/no <div id="redoc"> followed by its module script/);
  });
});

describe('toClassicScript', () => {
  const bundle = 'const{RedocStandalone,hydrate,init}=(()=>{const u=import.meta.url;return{RedocStandalone:1,hydrate:2,init:3}})();export{RedocStandalone,hydrate,init};';

  it('wraps the module bundle so that it defines Redoc, with import.meta replaced', () => {
    const script = toClassicScript(bundle, 'test bundle');
    const context: Record<string, unknown> = { document: { currentScript: { src: 'file:///docs/redoc.standalone.js' } } };
    runInNewContext(script, context);
    expect(context.Redoc).toEqual({ RedocStandalone: 1, hydrate: 2, init: 3 });
  });

  it('refuses a bundle it cannot wrap, naming the reason', () => {
    const refuse = (text: string) => {
      try {
        toClassicScript(text, 'test bundle');
      } catch (error) {
        expect(error).toBeInstanceOf(CatalogueError);
        return (error as Error).message;
      }
      throw new Error('accepted');
    };
    expect(refuse('const a=1;')).toContain('test bundle no longer ends with `export{RedocStandalone,hydrate,init}`');
    expect(refuse(bundle.replace('const u=', 'const u="https://cdn.redocly.com/redoc/v3/x.js",v='))).toContain(
      'still loads https://cdn.redocly.com/redoc/v3/x.js',
    );
    expect(refuse(`import x from "y";${bundle}`)).toContain('does not compile as a classic script');
  });
});

describe('prerender', () => {
  it('turns a description the renderer refuses into a readable build error', async () => {
    const broken = { openapi: '3.1.0' } as unknown as OpenAPIObject;
    const error = await prerender(broken).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(CatalogueError);
    const message = (error as Error).message;
    expect(message).toContain('`redocly build-docs` failed');
    // The CLI's reason is kept; its boxed notices and any stack trace are not.
    expect(message).not.toMatch(/[║╔╚]/);
    expect(message).not.toMatch(/\n\s+at /);
  });
});
