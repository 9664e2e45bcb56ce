/**
 * Runtime validators, each loading the description file meant for it:
 * - express-openapi-validator (an Express middleware) with the OpenAPI 3.1 file;
 * - openapi-backend with the OpenAPI 3.0 file (it validates documents against the 3.0 schema only).
 * Each must accept the whole file, let a correct raw-text body and a `null` settings body through,
 * refuse a wrong request, and judge responses by the description (nulls included).
 * Their adapters follow docs/codegen.md: raw-text bodies are read as text (Express) or handed over
 * JSON-encoded (openapi-backend parses string bodies as JSON).
 */
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RAW_TITLE, descriptionFiles, readJson } from './harness.js';
import { NODE_DIR, ensureNodeTools } from './toolchain.js';

const files = descriptionFiles();
const description = readJson(files.v31);
const buildExample = description.components.examples.Build.value as Record<string, unknown>;
// Requires resolve from the codegen package, which has its own node_modules.
const load = (name: string) => createRequire(join(NODE_DIR, 'package.json'))(name);

/** Path templates Express's router cannot compile: two parameters with nothing between them. */
export function adjacentParameterPaths(doc: Record<string, any>): string[] {
  return Object.keys(doc.paths).filter((path) => /\}\{/.test(path));
}

describe('express-openapi-validator with the 3.1 file', () => {
  let close: () => Promise<void>;
  let base: string;
  const answers = new Map<string, unknown>();

  beforeAll(async () => {
    await ensureNodeTools();
    const express = load('express');
    const validator = load('express-openapi-validator');
    // Express cannot route `/artifacts/{buildId}{artifactPath}` (OneDev's own template); the
    // validator compiles every path as a route, so those are left out of what it is given.
    const apiSpec = structuredClone(description);
    for (const path of adjacentParameterPaths(apiSpec)) delete apiSpec.paths[path];
    const app = express();
    // Raw-text bodies arrive as application/json but are not JSON: read them as text.
    app.use(['/~api/pulls/:requestId/title'], express.text({ type: 'application/json' }));
    // `strict: false` lets a bare `null` through (clearing a settings area).
    app.use(express.json({ strict: false }));
    app.use(validator.middleware({ apiSpec, validateRequests: true, validateResponses: true, validateSecurity: false }));
    app.post('/~api/pulls/:requestId/title', (_req: unknown, res: any) => res.status(200).end());
    app.post('/~api/settings/authenticator', (_req: unknown, res: any) => res.status(200).end());
    app.get('/~api/builds/:buildId', (req: any, res: any) => res.json(answers.get(String(req.params.buildId))));
    app.use((error: any, _req: unknown, res: any, _next: unknown) => res.status(error.status ?? 500).type('text').send(error.message));
    await new Promise<void>((resolve) => {
      const server = app.listen(0, '127.0.0.1', () => {
        base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/~api`;
        resolve();
      });
      close = () =>
        new Promise((done) => {
          server.closeAllConnections();
          server.close(() => done());
        });
    });
  }, 10 * 60_000);
  afterAll(async () => {
    await close?.();
  });

  const send = (method: string, path: string, body?: string) =>
    fetch(`${base}${path}`, { method, headers: { 'content-type': 'application/json', connection: 'close' }, body }).then(
      async (r) => ({ status: r.status, text: await r.text() }),
    );

  it('leaves out only paths Express cannot route', () => {
    expect(adjacentParameterPaths(description).every((p) => p.startsWith('/artifacts/'))).toBe(true);
  });

  it('accepts a correct raw-text body, quotes and all', async () => {
    expect(await send('POST', '/pulls/42/title', RAW_TITLE)).toEqual({ status: 200, text: '' });
  });

  it('accepts null for a clearable settings area, and refuses a body of no known type', async () => {
    expect((await send('POST', '/settings/authenticator', 'null')).status).toBe(200);
    const wrong = await send('POST', '/settings/authenticator', '{"nonsense":1}');
    expect(wrong.status).toBe(400);
    expect(wrong.text).toContain('@class');
  });

  it('refuses a non-numeric id', async () => {
    const wrong = await send('POST', '/pulls/abc/title', 'x');
    expect(wrong.status).toBe(400);
    expect(wrong.text).toContain('requestId');
  });

  it('passes the documented build (nulls included) and stops one that breaks the description', async () => {
    answers.set('1', buildExample);
    const good = await send('GET', '/builds/1');
    expect(good.status, good.text).toBe(200);
    answers.set('2', { ...buildExample, cancellerId: 'nobody' });
    const wrong = await send('GET', '/builds/2');
    expect(wrong.status).toBe(500);
    expect(wrong.text).toContain('cancellerId');
  });
});

describe('openapi-backend with the 3.0 file', () => {
  let api: any;

  beforeAll(async () => {
    await ensureNodeTools();
    const { default: OpenAPIBackend } = load('openapi-backend');
    // quick: validators are compiled on first use (precompiling all takes half a minute); the
    // document itself is still checked against the OpenAPI 3.0 schema by validateDefinition().
    api = new OpenAPIBackend({ definition: readJson(files.v30), apiRoot: '/~api', strict: true, quick: true, ajvOpts: { logger: false } });
    await api.init();
  }, 10 * 60_000);

  const request = (method: string, path: string, body?: unknown) => ({
    method,
    path: `/~api${path}`,
    headers: { 'content-type': 'application/json' },
    query: {},
    body,
  });

  it('accepts the whole file', () => {
    let problem = '';
    try {
      api.validateDefinition();
    } catch (error) {
      problem = (error as Error).message.slice(0, 3000);
    }
    expect(problem).toBe('');
  });

  it('refuses the 3.1 file (it knows the 3.0 schema only), so the 3.0 file is the one for it', async () => {
    const { default: OpenAPIBackend } = load('openapi-backend');
    const strict = new OpenAPIBackend({ definition: structuredClone(description), strict: true, quick: true, ajvOpts: { logger: false } });
    await strict.init();
    expect(() => strict.validateDefinition()).toThrow(/not valid OpenAPI/);
  });

  it('accepts a correct raw-text body handed over JSON-encoded (it JSON-parses string bodies)', () => {
    const result = api.validateRequest(request('post', '/pulls/42/title', JSON.stringify(RAW_TITLE)));
    expect(result.errors).toBeNull();
    expect(api.validateRequest(request('post', '/pulls/42/title', JSON.stringify(42))).valid).toBe(false);
  });

  it('accepts null for a clearable settings area, and refuses a body of no known type', () => {
    expect(api.validateRequest(request('post', '/settings/authenticator', null)).valid).toBe(true);
    expect(api.validateRequest(request('post', '/settings/authenticator', { nonsense: 1 })).valid).toBe(false);
  });

  it('judges responses by the 3.0 file: nullable references and fields accept null', () => {
    const operation = api.getOperation('buildGetBasicInfo');
    expect(api.validateResponse(buildExample, operation, 200).errors).toBeNull();
    expect(api.validateResponse({ ...buildExample, finishTimeGroups: null, cancellerId: null }, operation, 200).valid).toBe(true);
    expect(api.validateResponse({ ...buildExample, cancellerId: 'nobody' }, operation, 200).valid).toBe(false);
  });
});
