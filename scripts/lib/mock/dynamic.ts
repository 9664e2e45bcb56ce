/**
 * Answers generated from the schema (`Prefer: dynamic=true`), and answers for responses the
 * description gives no example for: Prism's generator, loaded on first use (Prism and faker take
 * about a second to load, which the mock's start-up and its usual answers do not pay).
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { IHttpNameValue } from '@stoplight/prism-http';
import type { OpenAPIObject } from 'openapi3-ts/oas31';
import type { Answer } from './answer.js';
import { refused, text } from './answer.js';
import { prettyJson } from './json-text.js';
import type { OperationPlan } from './operations.js';
import type { Preferences } from './prefer.js';
import { askPrism, createMockPrism, isFailure, prismOperations } from './prism.js';
import { refusalFor, refusalForFailure } from './refusal.js';

/** What Prism is asked from one request, as the engine's front has read it. */
export interface PrismAsk {
  method: string;
  path: string;
  query: Record<string, string | string[]>;
  headers: IncomingHttpHeaders;
  /** The raw request; only its body's length is read. */
  request: { body: Buffer };
  preferences: Preferences;
  body: unknown;
}

export async function prismAnswerer(doc: OpenAPIObject): Promise<(operation: OperationPlan, parsed: PrismAsk) => Promise<Answer>> {
  const operations = await prismOperations(doc);
  const prism = createMockPrism();
  const byRoute = new Map(operations.map((op) => [`${op.method.toUpperCase()} ${op.path}`, op]));
  return async (operation, parsed) => {
    const headers: IHttpNameValue = {};
    for (const [name, value] of Object.entries(parsed.headers)) {
      // Accept has been negotiated already (Prism fails on some it cannot parse).
      if (value !== undefined && name !== 'transfer-encoding' && name !== 'accept') headers[name] = Array.isArray(value) ? value.join(', ') : value;
    }
    headers['content-length'] = String(parsed.request.body.length);
    // Only the media type itself: the front has read the rest already.
    if (headers['content-type']) headers['content-type'] = headers['content-type'].split(';', 1)[0]!.trim();
    const own = byRoute.get(`${operation.method} ${operation.path}`);
    const method = (parsed.method === 'HEAD' ? 'get' : parsed.method.toLowerCase()) as 'get';
    const { code, exampleKey, dynamic, seed } = parsed.preferences;
    const result = await askPrism(prism, own ? [own] : operations, { method, url: { path: parsed.path, query: parsed.query }, headers, body: parsed.body }, {
      ...(code !== undefined ? { code } : {}),
      ...(exampleKey !== undefined ? { exampleKey } : {}),
      ...(seed !== undefined ? { seed } : {}),
      dynamic: dynamic === true,
    });
    if (isFailure(result) && result.type.endsWith('#NO_PATH_MATCHED_ERROR')) {
      // A parameter spanning segments (x-multi-segment) is beyond Prism's router.
      return text(400, `Prefer header not usable here: Prism cannot generate answers for ${operation.method} ${operation.path}; leave out dynamic=true`);
    }
    if (isFailure(result)) return refused(refusalForFailure(result), []);
    const refusal = refusalFor(result.inputViolations);
    if (refusal) return refused(refusal, result.inputViolations);
    const { response } = result;
    const out: Record<string, string> = {};
    for (const [name, value] of Object.entries(response.headers ?? {})) {
      if (name.toLowerCase() === 'content-type' && response.body === undefined) continue;
      out[name.toLowerCase()] = String(value);
    }
    const type = out['content-type'];
    if (response.body === undefined) return { status: response.statusCode, headers: out, dynamic: dynamic === true };
    const body = type && /json/i.test(type) ? prettyJson(response.body) : typeof response.body === 'string' ? response.body : JSON.stringify(response.body);
    return { status: response.statusCode, headers: out, body, dynamic: dynamic === true };
  };
}
