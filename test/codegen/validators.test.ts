/**
 * Runtime validators, each loading the description file meant for it:
 * - express-openapi-validator (an Express middleware) with the OpenAPI 3.1 file;
 * - openapi-backend with the OpenAPI 3.0 file (it validates documents against the 3.0 schema only).
 * Each must accept the whole file (every path routed), let a correct raw-text body through, refuse
 * a wrong request, and judge responses by the description. The 3.1 file lets a `null` settings
 * body and every null through; the 3.0 file's nullable references (`allOf: [$ref]` with
 * `nullable`, the form generators need) are read to the letter by openapi-backend, which then
 * refuses null there (docs/codegen.md says to validate with the 3.1 file).
 * Their adapters follow docs/codegen.md: raw-text bodies are read as text (Express) or handed over
 * JSON-encoded (openapi-backend parses string bodies as JSON).
 */
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedSegments } from '../support/routes.js';
import { RAW_TITLE, descriptionFiles, readJson } from './harness.js';
import { NODE_DIR, ensureNodeTools } from './toolchain.js';

const files = descriptionFiles();
const description = readJson(files.v31);
const buildExample = description.components.examples.Build.value as Record<string, unknown>;
// Requires resolve from the codegen package, which has its own node_modules.
const load = (name: string) => createRequire(join(NODE_DIR, 'package.json'))(name);

describe('express-openapi-validator with the 3.1 file', () => {
  let close: () => Promise<void>;
  let base: string;
  const answers = new Map<string, unknown>();

  beforeAll(async () => {
    await ensureNodeTools();
    const express = load('express');
    const validator = load('express-openapi-validator');
    // The whole file: the validator compiles every path as an Express route.
    const apiSpec = structuredClone(description);
    const app = express();
    // Raw-text bodies arrive as application/json but are not JSON: read them as text.
    app.use(['/~api/pulls/:requestId/title'], express.text({ type: 'application/json' }));
    // `strict: false` lets a bare `null` through (clearing a settings area).
    app.use(express.json({ strict: false }));
    app.use(validator.middleware({ apiSpec, validateRequests: true, validateResponses: true, validateSecurity: false }));
    app.post('/~api/pulls/:requestId/title', (_req: unknown, res: any) => res.status(200).end());
    app.post('/~api/settings/authenticator', (_req: unknown, res: any) => res.status(200).end());
    app.get('/~api/builds/:buildId', (req: any, res: any) => res.json(answers.get(String(req.params.buildId))));
    // The application's own routes: a wildcard takes an artifact path of several segments.
    app.delete('/~api/artifacts/:buildId', (_req: unknown, res: any) => res.status(200).end());
    app.delete('/~api/artifacts/:buildId/*artifactPath', (_req: unknown, res: any) => res.status(200).end());
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

  it('is given every path: none has two parameters, or a word and a parameter, in one segment', () => {
    expect(sharedSegments(Object.keys(description.paths))).toEqual([]);
  });

  it('routes both forms of a split route (the artifact root and a path inside it)', async () => {
    expect((await send('DELETE', '/artifacts/2031')).status).toBe(200);
    expect((await send('DELETE', '/artifacts/2031/dist')).status).toBe(200);
    expect((await send('DELETE', '/artifacts/abc')).status).toBe(400);
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

  it('accepts the documented settings body, and refuses a body of no known type', () => {
    const authenticator = description.components.examples.Authenticator.value;
    expect(api.validateRequest(request('post', '/settings/authenticator', authenticator)).errors).toBeNull();
    expect(api.validateRequest(request('post', '/settings/authenticator', { nonsense: 1 })).valid).toBe(false);
  });

  it('judges responses by the 3.0 file: nullable fields accept null', () => {
    const operation = api.getOperation('buildGetBasicInfo');
    expect(api.validateResponse(buildExample, operation, 200).errors).toBeNull();
    expect(api.validateResponse({ ...buildExample, cancellerId: null }, operation, 200).valid).toBe(true);
    expect(api.validateResponse({ ...buildExample, cancellerId: 'nobody' }, operation, 200).valid).toBe(false);
  });

  it('reads a nullable reference to the letter of 3.0.3 and refuses null there (so validate with the 3.1 file)', () => {
    // `finishTimeGroups` is `allOf: [TimeGroups]` with `nullable`: 3.0.3 lets `allOf` refuse null.
    const schema = readJson(files.v30).components.schemas.Build.properties.finishTimeGroups;
    expect(schema).toMatchObject({ nullable: true, allOf: [{ $ref: '#/components/schemas/TimeGroups' }] });
    const operation = api.getOperation('buildGetBasicInfo');
    expect(api.validateResponse({ ...buildExample, finishTimeGroups: null }, operation, 200).valid).toBe(false);
    expect(api.validateRequest(request('post', '/settings/authenticator', null)).valid).toBe(false);
  });
});
