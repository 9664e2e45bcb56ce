/**
 * What the mock and verify tests derive from the document: a valid call for every operation
 * (from the parameter and request-body examples) and validators for its success answers.
 */
import type { ValidateFunction } from 'ajv/dist/2020.js';
import { createValidator } from '../support/ajv.js';
import type {
  OpenAPIObject,
  ParameterObject,
  RequestBodyObject,
  ResponseObject,
  SchemaObject,
} from 'openapi3-ts/oas31';
import type { MockEngine } from '../../scripts/lib/mock/engine.js';
import { operationsOf, resolveRef, type DocOperation } from '../helpers.js';

export interface ValidCall {
  operationId: string;
  method: string;
  /** Path template, e.g. `/pulls/{requestId}`. */
  template: string;
  /** The template filled with the parameter examples. */
  path: string;
  pathParams: Record<string, string | number>;
  /** Examples as written: arrays for repeated parameters, objects for exploded ones. */
  query: Record<string, unknown>;
  /** Query parameters the operation requires. */
  requiredQuery: string[];
  /** The request body value (raw-text bodies: the text); undefined when there is none. */
  body?: unknown;
  /** The body's media type (application/json unless the operation takes another). */
  bodyType?: string;
  bodyRequired: boolean;
  /** The body is one the server never reads (`x-onedev-ignored-body`): anything sent is ignored. */
  ignoredBody: boolean;
  /** Raw text (`x-onedev-raw-text`) or another non-JSON body: sent as the characters themselves. */
  rawText: boolean;
  /** The lowest documented 2xx status. */
  success: number;
  /** Schema of the success body, if it is JSON. */
  successSchema?: SchemaObject;
  /** Media type of the success body, if it has one (JSON or not: a file download). */
  successType?: string;
  /** Path parameters that span segments (`x-multi-segment`): their `/` is sent as it is. */
  multiSegment: string[];
  /** Required query parameters of integer type (a word there is a conversion failure, 404). */
  integerQuery: string[];
  /** An object query parameter takes every other name (Trigger Job's job parameters): none is unknown. */
  openQuery: boolean;
  /** Whether credentials are needed (`security: []` says not). */
  secured: boolean;
}

function exampleOf(doc: OpenAPIObject, content: { example?: unknown; examples?: Record<string, unknown> }): unknown {
  if (content.example !== undefined) return content.example;
  const first = Object.values(content.examples ?? {})[0];
  return first === undefined ? undefined : resolveRef<{ value: unknown }>(doc, first).value;
}

export function validCall(doc: OpenAPIObject, { method, path: template, operation }: DocOperation): ValidCall {
  const pathParams: Record<string, string | number> = {};
  /** Parameters spanning segments: their `/` is sent as it is. */
  const multiSegment = new Set<string>();
  const query: Record<string, unknown> = {};
  const requiredQuery: string[] = [];
  const integerQuery: string[] = [];
  for (const ref of operation.parameters ?? []) {
    const param = resolveRef<ParameterObject>(doc, ref);
    if (param.example === undefined) throw new Error(`${operation.operationId}: parameter ${param.name} has no example`);
    if (param.in === 'path') pathParams[param.name] = param.example as string | number;
    if (param.in === 'path' && param['x-multi-segment'] === true) multiSegment.add(param.name);
    if (param.in === 'query') {
      query[param.name] = param.example;
      if (param.required) requiredQuery.push(param.name);
      if (param.required && resolveRef<SchemaObject>(doc, param.schema)?.type === 'integer') integerQuery.push(param.name);
    }
  }
  const requestBody = operation.requestBody ? resolveRef<RequestBodyObject>(doc, operation.requestBody) : undefined;
  const [bodyType, bodyContent] = Object.entries(requestBody?.content ?? {})[0] ?? [];
  const success = Math.min(...Object.keys(operation.responses ?? {}).map(Number).filter((c) => c >= 200 && c < 300));
  const response = resolveRef<ResponseObject>(doc, operation.responses?.[String(success)]);
  return {
    operationId: operation.operationId!,
    method,
    template,
    path: template.replace(/\{([^}]+)\}/g, (_, name: string) =>
      multiSegment.has(name) ? String(pathParams[name]).split('/').map(encodeURIComponent).join('/') : encodeURIComponent(String(pathParams[name])),
    ),
    pathParams,
    query,
    requiredQuery,
    body: bodyContent ? (exampleOf(doc, bodyContent) ?? (bodyType === 'application/json' ? undefined : 'file content')) : undefined,
    ...(bodyType ? { bodyType } : {}),
    bodyRequired: requestBody?.required === true,
    ignoredBody: requestBody?.['x-onedev-ignored-body'] === true,
    rawText: requestBody?.['x-onedev-raw-text'] === true || (bodyType !== undefined && !/json/.test(bodyType)),
    success,
    successSchema: response.content?.['application/json']?.schema as SchemaObject | undefined,
    ...(Object.keys(response.content ?? {})[0] ? { successType: Object.keys(response.content ?? {})[0] } : {}),
    multiSegment: [...multiSegment],
    integerQuery,
    openQuery: (operation.parameters ?? []).some((ref) => {
      const param = resolveRef<ParameterObject>(doc, ref);
      return param.in === 'query' && resolveRef<SchemaObject>(doc, param.schema)?.type === 'object';
    }),
    secured: (operation.security ?? doc.security ?? []).length > 0,
  };
}

export function validCalls(doc: OpenAPIObject): ValidCall[] {
  return operationsOf(doc).map((op) => validCall(doc, op));
}

/** ajv with JSON Schema 2020-12 (the document's dialect); `$ref`s reach the document's components. */
export function schemaValidator(doc: OpenAPIObject): (schema: SchemaObject) => ValidateFunction {
  const validator = createValidator(doc);
  return (schema) => validator.compile(schema);
}

export function basicAuth(user: string, secret: string): string {
  return `Basic ${Buffer.from(`${user}:${secret}`).toString('base64')}`;
}

/** One request straight to an engine (no HTTP): status, headers and text. */
export async function ask(
  engine: MockEngine,
  method: string,
  url: string,
  options: { headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; headers: Record<string, string>; text: string; json: () => unknown }> {
  const answer = await engine.handle({
    method,
    url: url.startsWith('/~api') ? url : `/~api${url}`,
    headers: { authorization: basicAuth('tester', 'any-token'), ...options.headers },
    body: Buffer.from(options.body ?? ''),
  });
  const text = answer.body === undefined ? '' : answer.body.toString();
  return { status: answer.status, headers: answer.headers, text, json: () => JSON.parse(text) as unknown };
}

/**
 * A query string as the description says to send it (form style, exploded): an array repeats its
 * name, an object's properties are parameters of their own.
 */
export function searchOf(query: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (Array.isArray(value)) for (const item of value) search.append(name, String(item));
    else if (value !== null && typeof value === 'object') for (const [k, v] of Object.entries(value)) search.append(k, String(v));
    else search.append(name, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}
