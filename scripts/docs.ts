/**
 * `npm run docs`: serves the built reference (generated/docs/: one page per release and the
 * renderer they share) on 127.0.0.1 and prints its URL.
 * Options: `--port <n>` (or DOCS_PORT), default 4000; 0 picks a free port. Ctrl+C stops it.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
// Not imported from lib/artifacts.ts: that would load the whole build just to serve a file.
export const DOCS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'generated', 'docs');
export const DEFAULT_PORT = 4000;
const HOST = '127.0.0.1';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.yaml': 'application/yaml',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
};

/** A mistake in how the command was called or in what it needs; printed without a stack trace. */
export class DocsUsageError extends Error {}

/** Reads the port from `--port` or DOCS_PORT; an integer 0..65535. */
export function parsePort(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): number {
  let values: { port?: string | undefined; help?: boolean | undefined };
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: { port: { type: 'string', short: 'p' }, help: { type: 'boolean', short: 'h' } },
      strict: true,
    }));
  } catch (error) {
    throw new DocsUsageError(`${(error as Error).message}\nUsage: npm run docs -- [--port <number>]`);
  }
  if (values.help) throw new DocsUsageError('Usage: npm run docs -- [--port <number>]  (or DOCS_PORT; default 4000, 0 = any free port)');
  const raw = values.port ?? env.DOCS_PORT;
  if (raw === undefined || raw === '') return DEFAULT_PORT;
  const source = values.port !== undefined ? '--port' : 'DOCS_PORT';
  if (!/^\d+$/.test(raw) || Number(raw) > 65535) {
    throw new DocsUsageError(`${source} must be a whole number from 0 to 65535, got "${raw}"`);
  }
  return Number(raw);
}

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

async function main(): Promise<void> {
  const docs = await startDocsServer({ port: parsePort(process.argv.slice(2)) });
  console.log(`OneDev API reference: ${docs.url}  (Ctrl+C to stop)`);
  const stop = (): void => {
    void docs.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  main().catch((error: unknown) => {
    if (!(error instanceof DocsUsageError)) throw error;
    console.error(`npm run docs: ${error.message}`);
    process.exitCode = 1;
  });
}
