/**
 * The contract mock: a node:http front that reads the request the way OneDev does and lets
 * in-process Prism answer it from the description's examples.
 */
import './lazy-faker.js';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getHttpConfigFromRequest } from '@stoplight/prism-http-server/dist/getHttpConfigFromRequest.js';
import type { IHttpNameValue, IHttpNameValues } from '@stoplight/prism-http';
import type { OpenAPIObject } from 'openapi3-ts/oas31';
import {
  askPrism,
  createMockPrism,
  isFailure,
  prismOperations,
  readDocument,
  type Violation,
} from './prism.js';
import { AnswerCache, cachingIsSafe, requestKey } from './answer-cache.js';
import { refusalFor, refusalForFailure, type Refusal } from './refusal.js';
import { findRoute, pathValues, routesOf, type Route } from './routes.js';

export interface MockServerOptions {
  /** Defaults to 127.0.0.1; the mock is for local testing. */
  host?: string;
  /** 0 picks a free port. */
  port?: number;
  /** Defaults to generated/openapi.json. */
  document?: OpenAPIObject;
  /** Called after each answer (for a request log). */
  onAnswer?: (entry: { method: string; path: string; status: number }) => void;
}

export interface MockServer {
  /** `http://127.0.0.1:<port>`: the OneDev "origin". */
  origin: string;
  /** `<origin>/~api`, where the operations live, as on a real server. */
  baseUrl: string;
  port: number;
  close(): Promise<void>;
}

/** Bodies above this are refused with 413 rather than buffered. */
export const BODY_LIMIT = 10 * 1024 * 1024;
const API_PREFIX = '/~api';
const MAX_VIOLATIONS_HEADER = 8 * 1024 - 100;

interface Answer {
  status: number;
  headers: Record<string, string>;
  body?: string;
  /** Generated (`Prefer: dynamic=true`): differs each time, so never memoized. */
  dynamic?: boolean;
}

/** Distinct requests whose answers are kept (see answer-cache.ts). */
const MEMO_SIZE = 1000;

export async function startMockServer(options: MockServerOptions = {}): Promise<MockServer> {
  const doc = options.document ?? (await readDocument());
  const operations = await prismOperations(doc);
  const routes = routesOf(doc);
  const prism = createMockPrism();
  // Prism's router scores and sorts every operation on each request (most of its time); once
  // the front has found the operation, Prism only needs to see that one. Requests the front
  // cannot place still go to Prism with all of them, for its 404/405 answers.
  const byRoute = new Map(operations.map((op) => [`${op.method.toUpperCase()} ${op.path}`, [op]]));
  const memo = cachingIsSafe(doc) ? new AnswerCache<Answer>(MEMO_SIZE) : undefined;

  async function answerOnce(request: IncomingMessage, body: Buffer): Promise<Answer> {
    const key = memo ? requestKey(request, body) : undefined;
    const known = key === undefined ? undefined : memo!.get(key);
    if (known) return known;
    const reply = await answer(request, body);
    if (key !== undefined && reply.status < 500 && !reply.dynamic) memo!.set(key, reply);
    return reply;
  }

  async function answer(request: IncomingMessage, body: Buffer): Promise<Answer> {
    const url = new URL(request.url ?? '/', 'http://mock');
    const path = url.pathname === API_PREFIX || url.pathname.startsWith(`${API_PREFIX}/`)
      ? url.pathname.slice(API_PREFIX.length) || '/'
      : url.pathname;
    const method = (request.method ?? 'GET').toUpperCase();
    const allQuery = nameValues(url.searchParams);
    const headers = flatHeaders(request, body.length);

    // `Prefer: code=404, example=Name` (or ?__code=&__example=) picks the answer, as in Prism's CLI.
    const preferences = getHttpConfigFromRequest({ headers, url: { path, query: allQuery } });
    if (preferences._tag === 'Left') {
      return text(400, `Prefer header not usable: ${preferences.left.detail || preferences.left.message}`);
    }
    const query = Object.fromEntries(Object.entries(allQuery).filter(([name]) => !name.startsWith('__')));
    const route = findRoute(routes, method, path);
    const extra = route ? [...unknownQuery(route, query), ...badIntegers(route, path, query)] : [];

    const decoded = decodeBody(body, headers['content-type'], route);
    const result = await askPrism(
      prism,
      (route && byRoute.get(`${route.method} ${route.path}`)) || operations,
      { method: method.toLowerCase() as 'get', url: { path, query }, headers, body: 'value' in decoded ? decoded.value : undefined },
      preferences.right,
    );
    const found = isFailure(result) ? result.violations : result.inputViolations;
    const violations = [...extra, ...(route ? found.map((v) => withPathName(route, v)) : found)];
    if ('refusal' in decoded) {
      // OneDev places the request and checks credentials before it reads the body.
      if (!route && isFailure(result)) return refused(refusalForFailure(result), []);
      const unauthorized = violations.filter((v) => v.code === 401 && v.severity === 0);
      if (unauthorized.length > 0) return refused(refusalFor(unauthorized)!, unauthorized);
      return refused(decoded.refusal, extra);
    }
    const refusal = refusalFor(violations);
    if (refusal) return refused(refusal, violations);
    if (isFailure(result)) return refused(refusalForFailure(result), []);

    const { response } = result;
    const out: Record<string, string> = {};
    for (const [name, value] of Object.entries(response.headers ?? {})) {
      if (name.toLowerCase() === 'content-type' && response.body === undefined) continue;
      out[name.toLowerCase()] = String(value);
    }
    if (result.outputViolations.length > 0) out['sl-violations'] = violationsHeader(result.outputViolations);
    return {
      status: response.statusCode,
      headers: out,
      body: serialize(response.body, out['content-type']),
      ...(preferences.right.dynamic ? { dynamic: true } : {}),
    };
  }

  const server = createServer((request, response) => {
    readBody(request)
      .then((body) => (body === 'too large' ? text(413, `The body is larger than ${BODY_LIMIT} bytes`) : answerOnce(request, body)))
      .catch((error: unknown) => text(500, `The mock failed: ${error instanceof Error ? error.message : String(error)}`))
      .then((reply) => {
        try {
          response.writeHead(reply.status, reply.headers);
          response.end(reply.body);
        } catch (error) {
          // A header Node refuses to write must not take the mock down.
          if (!response.headersSent) response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
          response.end(`The mock failed: ${(error as Error).message}`);
        }
        options.onAnswer?.({ method: request.method ?? 'GET', path: request.url ?? '/', status: response.statusCode });
      });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { address, port } = server.address() as AddressInfo;
  const origin = `http://${address.includes(':') ? `[${address}]` : address}:${port}`;
  return {
    origin,
    baseUrl: `${origin}${API_PREFIX}`,
    port,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

function readBody(request: IncomingMessage): Promise<Buffer | 'too large'> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > BODY_LIMIT) over = true;
      else chunks.push(chunk);
    });
    request.on('end', () => resolve(over ? 'too large' : Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

function nameValues(params: URLSearchParams): IHttpNameValues {
  const out: IHttpNameValues = {};
  for (const name of new Set(params.keys())) {
    const values = params.getAll(name);
    out[name] = values.length === 1 ? values[0]! : values;
  }
  return out;
}

/** Prism reads single-valued headers; it also trusts content-length to decide whether to check the body. */
function flatHeaders(request: IncomingMessage, length: number): IHttpNameValue {
  const out: IHttpNameValue = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || name === 'transfer-encoding') continue;
    out[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  out['content-length'] = String(length);
  return out;
}

function unknownQuery(route: Route, query: IHttpNameValues): Violation[] {
  const accepted = [...route.queryNames];
  return Object.keys(query)
    .filter((name) => !route.queryNames.has(name))
    .map((name) => ({
      path: ['query', name],
      code: 'unknown',
      severity: 0,
      message:
        `Unknown query parameter '${name}'` +
        (accepted.length > 0 ? `; this operation accepts: ${accepted.join(', ')}` : '; this operation takes none'),
    }));
}

/** Prism lower-cases path parameter names (`requestid`); name them as the description does. */
function withPathName(route: Route, violation: Violation): Violation {
  const [where, lowered] = violation.path ?? [];
  if (where !== 'path' || !lowered) return violation;
  const name = /\{([^}]+)\}/g;
  for (const match of route.path.matchAll(name)) {
    const real = match[1]!;
    if (real.toLowerCase() === lowered && real !== lowered) {
      return { ...violation, path: ['path', real], message: violation.message.replace(` ${lowered} `, ` ${real} `) };
    }
  }
  return violation;
}

const INT32 = 2 ** 31;

/**
 * OneDev converts ids, offset and count with Long/Integer.parseLong: digits only, within range.
 * Prism's coercion is looser (`1e3`, `0x10`, ` 7` pass), so the front checks these itself; its
 * messages read like Prism's, and the refusal drops the duplicates.
 */
function badIntegers(route: Route, path: string, query: IHttpNameValues): Violation[] {
  const values = pathValues(route, path);
  const out: Violation[] = [];
  for (const param of route.integers) {
    const raw = param.in === 'path' ? values[param.name] : query[param.name];
    if (raw === undefined) continue;
    for (const value of Array.isArray(raw) ? raw : [raw]) {
      const where = param.in === 'path' ? 'path' : 'query';
      if (!/^[+-]?\d+$/.test(value)) {
        out.push({ path: [where, param.name], code: 'type', severity: 0, message: `Request ${where} parameter ${param.name} must be integer` });
      } else if (param.format === 'int32' ? Math.abs(Number(value)) >= INT32 : !Number.isSafeInteger(Number(value))) {
        out.push({ path: [where, param.name], code: 'type', severity: 0, message: `Request ${where} parameter ${param.name} is out of range for ${param.format ?? 'an integer'}` });
      }
    }
  }
  return out;
}

type Decoded = { value: unknown } | { refusal: Refusal };

/** OneDev reads raw-text bodies as the characters sent, and JSON-parses the rest. */
function decodeBody(body: Buffer, contentType: string | undefined, route: Route | undefined): Decoded {
  if (body.length === 0) return { value: undefined };
  const content = body.toString('utf8');
  if (!contentType) {
    return { refusal: { status: 415, text: 'Unsupported content type. The body has no Content-Type; send application/json' } };
  }
  const mediaType = contentType.split(';')[0]!.trim().toLowerCase();
  const isJson = mediaType === 'application/json' || /^application\/[^/]+\+json$/.test(mediaType);
  if (!isJson || route?.rawText) return { value: content };
  try {
    return { value: JSON.parse(content) as unknown };
  } catch (error) {
    return { refusal: { status: 400, text: `Malformed JSON in the request body: ${(error as Error).message}` } };
  }
}

function serialize(body: unknown, contentType: string | undefined): string | undefined {
  if (body === undefined) return undefined;
  if (contentType && /json/i.test(contentType)) return JSON.stringify(body, null, 2);
  return typeof body === 'string' ? body : JSON.stringify(body);
}

function text(status: number, message: string, extra: Record<string, string> = {}): Answer {
  return { status, headers: { 'content-type': 'text/plain; charset=utf-8', ...extra }, body: message };
}

function refused(refusal: Refusal, violations: readonly Violation[]): Answer {
  return violations.length > 0
    ? text(refusal.status, refusal.text, { 'sl-violations': violationsHeader(violations) })
    : text(refusal.status, refusal.text);
}

/** The same header Prism's CLI sets, so tools that read it keep working. */
function violationsHeader(violations: readonly Violation[]): string {
  const value = JSON.stringify(
    violations.map((v) => ({ location: v.path ?? [], severity: v.severity === 0 ? 'Error' : 'Warning', code: v.code, message: v.message })),
  );
  // Header values must be printable ASCII; \u escapes keep the JSON valid.
  const ascii = value.replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return ascii.length > MAX_VIOLATIONS_HEADER ? `${ascii.slice(0, MAX_VIOLATIONS_HEADER)}...` : ascii;
}
