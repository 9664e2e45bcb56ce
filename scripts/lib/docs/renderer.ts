/**
 * The renderer every docs page shares: Redoc's standalone bundle from @redocly/cli (the file
 * `redocly build-docs --inlineBundle` inlines), turned into a classic script with nothing that
 * loads from Redocly's CDN.
 */
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Script } from 'node:vm';
import { PACKAGE_ROOT } from '../package-root.js';
import { CatalogueError } from '../problems.js';
import { svgDataUri } from './html.js';

/** Where @redocly/cli keeps the browser bundle that `build-docs` inlines or links. */
const BUNDLE_IN_CLI = 'lib/chunks/redoc.standalone.js';

const require = createRequire(import.meta.url);

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

/** The bundle is an ES module; its one export statement closes it. */
const MODULE_EXPORT = /export\s*\{\s*RedocStandalone\s*,\s*hydrate\s*,\s*init\s*\}\s*;?\s*$/;

/** `import.meta` in code (not inside a string): only a classic script can be loaded from file://. */
const IMPORT_META = /(?<!["'`])\bimport\.meta\b/g;

/** Swaps Redocly's CDN logos for inline wordmarks. */
export function replaceLogos(text: string): string {
  let out = text;
  for (const [url, replacement] of Object.entries(LOGOS)) out = out.replaceAll(url, replacement);
  return out;
}

/**
 * @redocly/cli is missing. The installed package does not depend on it (it is 15 MB, and only the
 * `docs` command uses it): the message says how to add it.
 */
export class RendererMissingError extends Error {
  override name = 'RendererMissingError';
}

/** The @redocly/cli versions the package is built and tested with (its optional peer dependency). */
function wantedCli(): string {
  try {
    const manifest = JSON.parse(readFileSync(join(PACKAGE_ROOT, 'package.json'), 'utf8')) as { peerDependencies?: Record<string, string> };
    return manifest.peerDependencies?.['@redocly/cli'] ?? '2';
  } catch {
    return '2';
  }
}

/** The folder of the installed @redocly/cli. */
export function cliDir(): string {
  try {
    return dirname(require.resolve('@redocly/cli/package.json'));
  } catch {
    throw new RendererMissingError(
      'the HTML reference is rendered by `redocly build-docs`, and @redocly/cli is not installed. Add it to your ' +
        `project (about 15 MB, nothing else with it): npm install --save-dev "@redocly/cli@${wantedCli()}" ` +
        '(in a checkout of onedev-openapi: npm ci)',
    );
  }
}

/**
 * Turns Redoc's module bundle into a classic script that defines `Redoc` (`hydrate`, `init`,
 * `RedocStandalone`): browsers refuse module scripts from file://, but not classic ones. The body
 * runs in a strict function, as a module's would; `import.meta` (used only to locate a search
 * worker Redoc otherwise builds from a blob) becomes an object with the script's own URL.
 */
export function toClassicScript(bundle: string, source: string): string {
  const problems: string[] = [];
  if (!MODULE_EXPORT.test(bundle)) problems.push(`docs: ${source} no longer ends with \`export{RedocStandalone,hydrate,init}\``);
  const body = replaceLogos(bundle.replace(MODULE_EXPORT, '').replace(IMPORT_META, '__importMeta'));
  const remote = REMOTE_RENDERER.exec(body);
  if (remote) problems.push(`docs: ${source} still loads ${remote[0]}; a Redocly upgrade changed what it loads from its CDN`);
  if (problems.length > 0) throw new CatalogueError(problems);
  const script =
    `/* Redoc's standalone bundle from ${source}, wrapped as a classic script for generated/docs/ (scripts/lib/docs/renderer.ts). */\n` +
    'var Redoc = (function () {\n"use strict";\n' +
    "var __importMeta = { url: document.currentScript ? document.currentScript.src : '', dirname: '' };\n" +
    `${body.trimEnd()}\n` +
    'return { RedocStandalone: RedocStandalone, hydrate: hydrate, init: init };\n})();\n';
  try {
    // Compiled, not run: any module-only syntax left would make every page fail to load.
    new Script(script, { filename: 'redoc.standalone.js' });
  } catch (error) {
    throw new CatalogueError([`docs: ${source} does not compile as a classic script: ${(error as Error).message}`]);
  }
  return script;
}

let renderer: Promise<string> | undefined;

/** The shared renderer script, from the bundle in node_modules; read once per process. */
export function renderRendererScript(): Promise<string> {
  renderer ??= (async () => {
    const dir = cliDir();
    const file = join(dir, BUNDLE_IN_CLI);
    const bundle = await readFile(file, 'utf8').catch(() => {
      throw new CatalogueError([`docs: ${file} is missing; the installed @redocly/cli no longer ships Redoc's standalone bundle there`]);
    });
    const { version } = JSON.parse(await readFile(join(dir, 'package.json'), 'utf8')) as { version: string };
    return toClassicScript(bundle, `@redocly/cli ${version} (${BUNDLE_IN_CLI})`);
  })();
  renderer.catch(() => (renderer = undefined));
  return renderer;
}

