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
import { operationsOf, resolveRef, type DocOperation } from '../helpers.js';

export interface ValidCall {
  operationId: string;
  method: string;
  /** Path template, e.g. `/pulls/{requestId}`. */
  template: string;
  /** The template filled with the parameter examples. */
  path: string;
  pathParams: Record<string, string | number>;
  query: Record<string, string | number>;
  /** Query parameters the operation requires. */
  requiredQuery: string[];
  /** The request body value (raw-text bodies: the text); undefined when there is none. */
  body?: unknown;
  bodyRequired: boolean;
  rawText: boolean;
  /** The lowest documented 2xx status. */
  success: number;
  /** Schema of the success body, if it has one. */
  successSchema?: SchemaObject;
}

function exampleOf(doc: OpenAPIObject, content: { example?: unknown; examples?: Record<string, unknown> }): unknown {
  if (content.example !== undefined) return content.example;
  const first = Object.values(content.examples ?? {})[0];
  return first === undefined ? undefined : resolveRef<{ value: unknown }>(doc, first).value;
}

export function validCall(doc: OpenAPIObject, { method, path: template, operation }: DocOperation): ValidCall {
  const pathParams: Record<string, string | number> = {};
  const query: Record<string, string | number> = {};
  const requiredQuery: string[] = [];
  for (const ref of operation.parameters ?? []) {
    const param = resolveRef<ParameterObject>(doc, ref);
    if (param.example === undefined) throw new Error(`${operation.operationId}: parameter ${param.name} has no example`);
    if (param.in === 'path') pathParams[param.name] = param.example as string | number;
    if (param.in === 'query') {
      query[param.name] = param.example as string | number;
      if (param.required) requiredQuery.push(param.name);
    }
  }
  const requestBody = operation.requestBody ? resolveRef<RequestBodyObject>(doc, operation.requestBody) : undefined;
  const bodyContent = requestBody?.content['application/json'];
  const success = Math.min(...Object.keys(operation.responses ?? {}).map(Number).filter((c) => c >= 200 && c < 300));
  const response = resolveRef<ResponseObject>(doc, operation.responses?.[String(success)]);
  return {
    operationId: operation.operationId!,
    method,
    template,
    path: template.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(String(pathParams[name]))),
    pathParams,
    query,
    requiredQuery,
    body: bodyContent ? exampleOf(doc, bodyContent) : undefined,
    bodyRequired: requestBody?.required === true,
    rawText: requestBody?.['x-onedev-raw-text'] === true,
    success,
    successSchema: response.content?.['application/json']?.schema as SchemaObject | undefined,
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
