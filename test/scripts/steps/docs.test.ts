/**
 * The docs step: the committed page is self-contained and holds the committed document.
 * (test/generated/openapi.test.ts checks that the step still renders exactly this file.)
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { OpenAPIObject } from 'openapi3-ts/oas31';
import { describe, expect, it } from 'vitest';
import { CatalogueError } from '../../../scripts/lib/problems.js';
import { DOCS_FILE, renderDocsHtml } from '../../../scripts/lib/steps/docs.js';
import { ROOT, committedDocument } from '../../helpers.js';

const html = readFileSync(join(ROOT, DOCS_FILE), 'utf8');

/** The document the page renders, as the page's inline script assigns it. */
function embeddedDefinition(page: string): unknown {
  const match = /const __redoc_definition = (.*);\n/.exec(page);
  expect(match, 'the page embeds the definition').not.toBeNull();
  return JSON.parse(match![1]!);
}

describe(DOCS_FILE, () => {
  it('inlines the renderer: no external script, stylesheet or module import', () => {
    expect(html).not.toMatch(/<script[^>]*\ssrc=/i);
    expect(html).not.toMatch(/<link[^>]*\shref=["']?(https?:)?\/\//i);
    expect(html).not.toMatch(/\bimport\s*(\{[^}]*\}\s*from\s*)?["']https?:/);
    // The renderer itself is in the page (it is most of its size).
    expect(html).toContain('Version: 3.');
    expect(Buffer.byteLength(html)).toBeGreaterThan(1_000_000);
  });

  it("loads nothing from Redocly's CDN (the footer logos are inline SVG)", () => {
    expect(html).not.toMatch(/https:\/\/cdn\.redoc(ly\.com|\.ly)\/redoc\//);
    expect(html).toContain('data:image/svg+xml,');
  });

  it('embeds the committed generated/openapi.json, less the schema-level examples the page never shows', () => {
    const doc = committedDocument();
    const schemas = doc.components!.schemas! as Record<string, Record<string, unknown>>;
    expect(Object.values(schemas).some((s) => s.examples)).toBe(true);
    for (const schema of Object.values(schemas)) delete schema.examples;
    expect(embeddedDefinition(html)).toEqual(doc);
  });

  it('stays under 3 MB (3,000,000 bytes)', () => {
    expect(Buffer.byteLength(html)).toBeLessThan(3_000_000);
  });

  it('names the API in the page title', () => {
    expect(html).toContain(`<title>${committedDocument().info.title}</title>`);
  });

  it('turns a document the renderer refuses into a readable build error', async () => {
    const broken = { openapi: '3.1.0' } as unknown as OpenAPIObject;
    const error = await renderDocsHtml(broken).then(
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
