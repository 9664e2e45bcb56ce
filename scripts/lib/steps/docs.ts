/**
 * The single-file HTML reference (generated/docs/index.html), rendered by `redocly build-docs`
 * with the renderer inlined, so the page works from a file or any static host with no network.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { OpenAPIObject } from 'openapi3-ts/oas31';
import type { SetStep } from '../artifacts.js';
import { DEFAULT_RELEASE } from '../../../spec/releases.js';
import { CatalogueError } from '../problems.js';

export const DOCS_FILE = 'generated/docs/index.html';

const run = promisify(execFile);
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const REDOCLY = join(ROOT, 'node_modules', '.bin', 'redocly');

/**
 * Redoc's sidebar footer shows the Redocly logo as an <img> loaded from this CDN, with no option
 * to turn it off. We keep the attribution link and swap the picture for an inline SVG wordmark.
 */
const LOGOS: Record<string, string> = {
  'https://cdn.redoc.ly/redoc/logo-mini-full.svg': svgDataUri(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 44 12" width="44" height="12">' +
      '<text x="0" y="10" font-family="sans-serif" font-size="11" font-weight="bold" fill="#0044d4">Redocly</text></svg>',
  ),
  'https://cdn.redoc.ly/redoc/logo-mini.svg': svgDataUri(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 14 14" width="14" height="14">' +
      '<text x="7" y="11.5" text-anchor="middle" font-family="sans-serif" font-size="12" font-weight="bold" fill="#0044d4">R</text></svg>',
  ),
};

/**
 * Redocly's CDN paths for the renderer and its logos. (Its icon CDN, also named in the bundle, is
 * only used for icons an API description asks for; ours asks for none.)
 */
const REMOTE_RENDERER = /https:\/\/cdn\.redoc(ly\.com|\.ly)\/redoc\/[^`"' ]*/;

function svgDataUri(svg: string): string {
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

/**
 * The page shows media-type examples, never schema-level ones, which repeat them (and would
 * push the page past 3 MB), so schema `examples` are left out of the embedded document.
 */
function withoutSchemaExamples(doc: OpenAPIObject): OpenAPIObject {
  const schemas = Object.fromEntries(
    Object.entries(doc.components?.schemas ?? {}).map(([name, schema]) => {
      const { examples: _examples, ...rest } = schema as Record<string, unknown>;
      return [name, rest];
    }),
  );
  return { ...doc, components: { ...doc.components, schemas } };
}

/** Renders the document to one self-contained HTML page; the same document gives the same bytes. */
export async function renderDocsHtml(doc: OpenAPIObject): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'onedev-docs-'));
  try {
    await writeFile(join(dir, 'openapi.json'), JSON.stringify(withoutSchemaExamples(doc)));
    // Run in the temp dir so no redocly.yaml (the lint configuration) is picked up; telemetry and
    // the update check are off, so the build never contacts Redocly.
    await run(REDOCLY, ['build-docs', 'openapi.json', '--inlineBundle', '--output', 'index.html', '--lint-config', 'off'], {
      cwd: dir,
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
      maxBuffer: 16 * 1024 * 1024,
    }).catch((error: { code?: unknown; stderr?: string; stdout?: string; message: string }) => {
      // Keep the CLI's own messages, not its boxed notices (Node version, Redoc 3 upgrade).
      const output = `${error.stderr ?? ''}\n${error.stdout ?? ''}`
        .split('\n')
        .filter((line) => line.trim() !== '' && !/[║╔╚═]/.test(line))
        .slice(-10)
        .join('\n    ');
      throw new CatalogueError([`docs: \`redocly build-docs\` failed (exit ${String(error.code)}):\n    ${output || error.message}`]);
    });
    let html = await readFile(join(dir, 'index.html'), 'utf8');
    for (const [url, replacement] of Object.entries(LOGOS)) html = html.replaceAll(url, replacement);
    const remote = REMOTE_RENDERER.exec(html);
    if (remote) {
      throw new CatalogueError([
        `docs: the rendered page still loads ${remote[0]}; a Redocly upgrade changed what it loads from its CDN`,
      ]);
    }
    return html;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export const docsStep: SetStep = async (docs) => [{ path: DOCS_FILE, content: await renderDocsHtml(docs.get(DEFAULT_RELEASE)!) }];
