/**
 * The prerendered part of each docs page: `redocly build-docs` renders the navigation and the
 * introduction to HTML, so the operation list shows at first paint, before the renderer loads.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { OpenAPIObject, OperationObject, PathItemObject } from 'openapi3-ts/oas31';
import { HTTP_METHODS } from '../openapi.js';
import { CatalogueError } from '../problems.js';
import { cliDir, replaceLogos } from './renderer.js';

const run = promisify(execFile);

/** Splits what `build-docs` writes into its head part (styles) and its body part (markup, script). */
const SPLIT = '<!--onedev-openapi:split-->';
const TEMPLATE = `{{{redocHead}}}\n${SPLIT}\n{{{redocHTML}}}\n`;

/** What an operation's entry in the navigation is made of; the rest only shows once it is opened. */
const NAVIGATION_FIELDS = ['operationId', 'summary', 'description', 'tags', 'deprecated', 'x-badges'] as const;

/**
 * The part of a description the prerendered page is made from: the navigation (groups, operation
 * names and methods) and the introduction (info, servers, security). Operations keep only what
 * their navigation entries show, and components only the security schemes: `build-docs` then has
 * about half the work, for the same markup. (The browser test checks that the renderer takes the
 * prerendered markup over rather than replacing it, which it would do if they differed.)
 */
export function prerenderDocument(doc: OpenAPIObject): OpenAPIObject {
  const navigation = (items: Record<string, PathItemObject>) =>
    Object.fromEntries(
      Object.entries(items).map(([key, item]) => {
        const kept: PathItemObject = {};
        for (const method of HTTP_METHODS) {
          const operation = item[method] as Record<string, unknown> | undefined;
          if (operation) kept[method] = Object.fromEntries(NAVIGATION_FIELDS.filter((f) => f in operation).map((f) => [f, operation[f]])) as OperationObject;
        }
        return [key, kept];
      }),
    );
  const { securitySchemes } = doc.components ?? {};
  // Web hooks are listed in the navigation like operations, and lose the same parts.
  const webhooks = doc.webhooks ? { webhooks: navigation(doc.webhooks as Record<string, PathItemObject>) } : {};
  return { ...doc, paths: navigation(doc.paths ?? {}), ...webhooks, components: securitySchemes ? { securitySchemes } : {} };
}

/** What `redocly build-docs` prerenders for one description. */
export interface Prerendered {
  /** The <style> elements with the prerendered markup's CSS. */
  styles: string;
  /** The inside of <div id="redoc">, its links turned into `#/...` fragments. */
  markup: string;
}

/** Keeps the CLI's own messages, not its boxed notices (Node version, Redoc 3 upgrade). */
function cliFailure(error: { code?: unknown; stderr?: string; stdout?: string; message: string }): CatalogueError {
  const output = `${error.stderr ?? ''}\n${error.stdout ?? ''}`
    .split('\n')
    .filter((line) => line.trim() !== '' && !/[║╔╚═]/.test(line))
    .slice(-10)
    .join('\n    ');
  return new CatalogueError([`docs: \`redocly build-docs\` failed (exit ${String(error.code)}):\n    ${output || error.message}`]);
}

/**
 * Runs `redocly build-docs` on the description and keeps what it prerenders. Its links are paths
 * (`/pull-request`), which a static host answers with 404 and which React keeps when it hydrates;
 * the renderer routes on fragments, so they become `#/pull-request`, what it renders itself.
 */
export async function prerender(doc: OpenAPIObject): Promise<Prerendered> {
  const dir = await mkdtemp(join(tmpdir(), 'onedev-docs-'));
  try {
    await writeFile(join(dir, 'openapi.json'), JSON.stringify(doc));
    await writeFile(join(dir, 'template.hbs'), TEMPLATE);
    // Run in the temp dir so no redocly.yaml (the lint configuration) is picked up; telemetry and
    // the update check are off, so the build never contacts Redocly.
    await run(
      process.execPath,
      [join(cliDir(), 'bin', 'cli.js'), 'build-docs', 'openapi.json', '--template', 'template.hbs', '--output', 'out.html', '--lint-config', 'off'],
      {
        cwd: dir,
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
        maxBuffer: 16 * 1024 * 1024,
      },
    ).catch((error: { code?: unknown; stderr?: string; stdout?: string; message: string }) => {
      throw cliFailure(error);
    });
    return splitPrerendered(await readFile(join(dir, 'out.html'), 'utf8'));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Picks the styles and the prerendered markup out of what the template above makes `build-docs` write. */
export function splitPrerendered(output: string): Prerendered {
  const fail = (what: string) =>
    new CatalogueError([`docs: \`redocly build-docs\` output changed shape: ${what}; update splitPrerendered in scripts/lib/docs/prerender.ts`]);
  const split = output.indexOf(SPLIT);
  if (split < 0) throw fail('the template marker is missing');
  const styles = output.slice(0, split).match(/<style\b[^>]*>[\s\S]*?<\/style>/g);
  if (!styles) throw fail('no <style> element in its head');
  const body = output.slice(split + SPLIT.length);
  const open = '<div id="redoc">';
  const start = body.indexOf(open);
  const script = body.indexOf('<script type="module">', start);
  const end = body.lastIndexOf('</div>', script);
  if (start < 0 || script < 0 || end < start) throw fail('no <div id="redoc"> followed by its module script');
  const markup = replaceLogos(body.slice(start + open.length, end).replace(/\bhref="\/(?!\/)/g, 'href="#/'));
  return { styles: styles.join('\n'), markup };
}

