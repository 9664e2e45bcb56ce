/**
 * `npm run docs` (installed: `onedev-openapi docs`), two ways:
 * - without --release: serves the built reference (generated/docs/: one page per published release
 *   and the renderer they share, written by `npm run build`) on 127.0.0.1 and prints its URL;
 * - with `--release <tag>` (repeatable): writes the HTML reference of those OneDev tags, any the
 *   catalogue knows, into `--out <dir>` (scripts/lib/describe.ts), and serves it with `--serve`.
 * `--port <n>` (or DOCS_PORT), default 4000; 0 picks a free port. Ctrl+C stops the server.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, relative, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { commandName, startedByBin, usageError } from './lib/cli.js';
import { GENERATED_DIR } from './lib/package-root.js';
import { knownTag, ReleaseNotFoundError } from './lib/release-tag.js';
// Not imported from lib/artifacts.ts: that would load the whole build just to serve a file.
export const DOCS_DIR = join(GENERATED_DIR, 'docs');
export const DEFAULT_PORT = 4000;
const HOST = '127.0.0.1';
const DEFAULT_OUT = 'onedev-docs';

const USAGE = `Usage: ${commandName('docs')} [--port <n>]
       ${commandName('docs')} --release <tag> [--release <tag>]... [--out <dir>] [--serve [--port <n>]]
  Without --release: serves the reference of the published releases (generated/docs, which the
  build writes in a checkout of onedev-openapi) on 127.0.0.1 until stopped (Ctrl+C).
  --release   write the HTML reference of this OneDev tag, any the catalogue knows (e.g. v16.3.2);
              repeat it for several (each page's release bar links the others). Rendering runs
              \`redocly build-docs\`, so @redocly/cli must be installed (the error says how)
  --out       the folder to write into, created when missing (default ${DEFAULT_OUT}); open its index.html
  --serve     after writing, serve the folder on 127.0.0.1
  --port      the port to serve on, 0 to 65535 (or DOCS_PORT; default ${DEFAULT_PORT}); 0 picks a free port
  -h, --help  print this help`;

/** A mistake in how the command was called or in what it needs; printed without a stack trace. */
export class DocsUsageError extends Error {}

export interface DocsCommandLine {
  port: number;
  /** The tags to write (empty: serve generated/docs). */
  releases: string[];
  out: string;
  serve: boolean;
  help: boolean;
}

/** Reads the command line; the port from `--port` or DOCS_PORT, an integer 0..65535. */
export function parseDocsCommandLine(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): DocsCommandLine {
  let values: { port?: string; help?: boolean; release?: string[]; out?: string; serve?: boolean };
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        port: { type: 'string', short: 'p' },
        help: { type: 'boolean', short: 'h' },
        release: { type: 'string', multiple: true },
        out: { type: 'string' },
        serve: { type: 'boolean' },
      },
      strict: true,
    }));
  } catch (error) {
    throw new DocsUsageError((error as Error).message);
  }
  const releases = values.release ?? [];
  if (releases.length === 0 && (values.out !== undefined || values.serve)) {
    throw new DocsUsageError(`${values.out !== undefined ? '--out' : '--serve'} goes with --release <tag>: it is about the reference written for that tag`);
  }
  const raw = values.port ?? env.DOCS_PORT;
  let port = DEFAULT_PORT;
  if (raw !== undefined && raw !== '') {
    const source = values.port !== undefined ? '--port' : 'DOCS_PORT';
    if (!/^\d+$/.test(raw) || Number(raw) > 65535) {
      throw new DocsUsageError(`${source} must be a whole number from 0 to 65535, got "${raw}"`);
    }
    port = Number(raw);
  }
  return { port, releases, out: values.out ?? DEFAULT_OUT, serve: values.serve === true, help: values.help === true };
}

/** Reads the port from `--port` or DOCS_PORT; an integer 0..65535. */
export function parsePort(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): number {
  try {
    return parseDocsCommandLine(argv, env).port;
  } catch (error) {
    if (error instanceof DocsUsageError && /^Unknown option|^Option/.test(error.message)) throw new DocsUsageError(`${error.message}\n${USAGE}`);
    throw error;
  }
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.yaml': 'application/yaml',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
};

function contentType(file: string): string {
  const dot = file.lastIndexOf('.');
  return TYPES[dot >= 0 ? file.slice(dot) : ''] ?? 'application/octet-stream';
}

/** Maps a request path to a file inside `root`, or undefined when it would leave `root`. */
export function resolveInside(root: string, urlPath: string): string | undefined {
  let path: string;
  try {
    path = decodeURIComponent(urlPath.split('?')[0]!.split('#')[0]!);
  } catch {
    return undefined;
  }
  if (path.includes('\0')) return undefined;
  if (path.endsWith('/')) path += 'index.html';
  const file = resolve(root, `.${path.startsWith('/') ? path : `/${path}`}`);
  return file === root || file.startsWith(root + sep) ? file : undefined;
}

export interface DocsServer {
  server: Server;
  url: string;
  close(): Promise<void>;
}

/** Starts the static server; `port` 0 picks a free one. */
export async function startDocsServer(options: { port: number; root?: string }): Promise<DocsServer> {
  const root = resolve(options.root ?? DOCS_DIR);
  if (!existsSync(join(root, 'index.html'))) {
    throw new DocsUsageError(`${join(root, 'index.html')} does not exist; run \`npm run build\` first`);
  }
  const server = createServer((req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain' }).end('Method not allowed\n');
      return;
    }
    const file = resolveInside(root, req.url ?? '/');
    if (!file) {
      res.writeHead(400, { 'content-type': 'text/plain' }).end('Bad path\n');
      return;
    }
    readFile(file).then(
      (body) => {
        res.writeHead(200, { 'content-type': contentType(file), 'content-length': body.length, 'cache-control': 'no-cache' });
        res.end(req.method === 'HEAD' ? undefined : body);
      },
      (error: NodeJS.ErrnoException) => {
        // A release folder asked for without its slash (/v16.5.6): send the browser to the
        // folder, so the page's relative links (../redoc.standalone.js) resolve.
        if (error.code === 'EISDIR') {
          const path = (req.url ?? '/').split(/[?#]/)[0]!;
          res.writeHead(301, { location: `${path}/`, 'content-type': 'text/plain' }).end('Moved\n');
          return;
        }
        res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
      },
    );
  });
  await new Promise<void>((resolveListen, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'EADDRINUSE'
          ? new DocsUsageError(`port ${options.port} on ${HOST} is already in use; pick another with --port`)
          : error,
      ),
    );
    server.listen(options.port, HOST, () => resolveListen());
  });
  const { port } = server.address() as AddressInfo;
  return {
    server,
    url: `http://${HOST}:${port}/`,
    close: () =>
      new Promise<void>((done) => {
        server.close(() => done());
        server.closeAllConnections();
      }),
  };
}

/** Serves `root` until Ctrl+C or SIGTERM. */
async function serve(port: number, root?: string): Promise<void> {
  const docs = await startDocsServer({ port, ...(root ? { root } : {}) });
  console.log(`OneDev API reference: ${docs.url}  (Ctrl+C to stop)`);
  const stop = (): void => {
    void docs.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

async function main(): Promise<void> {
  let line: DocsCommandLine;
  try {
    line = parseDocsCommandLine(process.argv.slice(2));
  } catch (error) {
    return usageError((error as Error).message, USAGE);
  }
  if (line.help) {
    console.log(USAGE);
    return;
  }
  if (line.releases.length === 0) {
    if (!existsSync(join(DOCS_DIR, 'index.html'))) {
      usageError(`There is no built reference to serve (${DOCS_DIR}); write one for a tag with --release <tag>`, USAGE);
    }
    return serve(line.port);
  }
  // Refused before the builder loads: it is most of the package's code.
  try {
    for (const tag of line.releases) knownTag(tag);
  } catch (error) {
    if (error instanceof ReleaseNotFoundError) return usageError(error.message, USAGE);
    throw error;
  }
  // Loaded only here: serving a folder needs none of the builder.
  const { writeReleaseDocs } = await import('./lib/describe.js');
  const started = performance.now();
  let written: string[];
  try {
    written = await writeReleaseDocs(line.releases, line.out);
  } catch (error) {
    // A folder that cannot be written (a file in the way, no permission): say so, without a stack trace.
    if (typeof (error as NodeJS.ErrnoException).code !== 'string' || (error as NodeJS.ErrnoException).syscall === undefined) throw error;
    throw new DocsUsageError(`cannot write into ${line.out}: ${(error as Error).message}`);
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  // Paths below the working folder are shown relative to it, others in full.
  const shown = (path: string) => (relative(process.cwd(), path).startsWith('..') ? path : relative(process.cwd(), path));
  console.log(`OneDev API reference for ${line.releases.join(', ')}: wrote ${written.length} files in ${seconds} s; open ${shown(written[0]!)}`);
  for (const path of written.slice(1)) console.log(`  ${shown(path)}`);
  if (line.serve) await serve(line.port, resolve(line.out));
}

const KNOWN_FAILURES = new Set(['CatalogueError', 'RendererMissingError']);

if (startedByBin() || (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href)) {
  main().catch((error: unknown) => {
    // Never a stack trace for what the user can fix: a taken port, a missing renderer, a catalogue mistake.
    if (!(error instanceof Error) || !(error instanceof DocsUsageError || KNOWN_FAILURES.has(error.name))) throw error;
    console.error(`${commandName('docs').replace(/ --$/, '')}: ${error.message}`);
    process.exitCode = 1;
  });
}
