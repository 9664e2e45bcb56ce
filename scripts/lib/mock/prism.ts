/**
 * Prism, run in-process. Prism's own HTTP server JSON-parses every application/json body,
 * which would refuse the raw-text bodies OneDev reads (a title sent as `Fix NPE`); so we keep
 * Prism's routing, validation, mocking and forwarding, and put our own node:http front on it.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createLogger } from '@stoplight/prism-core';
import {
  createInstance,
  getHttpOperationsFromSpec,
  type IHttpConfig,
  type IHttpRequest,
  type IHttpResponse,
} from '@stoplight/prism-http';
import type { OpenAPIObject } from 'openapi3-ts/oas31';
import { ROOT } from '../artifacts.js';

export type PrismOperation = Awaited<ReturnType<typeof getHttpOperationsFromSpec>>[number];
export type PrismInstance = ReturnType<typeof createInstance>;

/** One problem Prism found with a request or a response. */
export interface Violation {
  /** Where: `['query', 'count']`, `['path', 'requestid']`, `['body', 'title']`, ... */
  path?: string[];
  /** ajv keyword (`type`, `required`), or an HTTP status Prism uses as a code (401, 415). */
  code?: string | number;
  message: string;
  /** 0 error, 1 warning, 2 information, 3 hint (Prism's DiagnosticSeverity). */
  severity: number;
}

export interface PrismResult {
  response: IHttpResponse;
  inputViolations: Violation[];
  outputViolations: Violation[];
}

/** A failure Prism reports instead of a response (no route, unknown `Prefer` code, upstream down). */
export interface PrismFailure {
  /** Prism's error type URI, e.g. `https://stoplight.io/prism/errors#NO_PATH_MATCHED_ERROR`. */
  type: string;
  title: string;
  status: number;
  detail: string;
}

export const DOCUMENT_PATH = join(ROOT, 'generated', 'openapi.json');

export async function readDocument(path = DOCUMENT_PATH): Promise<OpenAPIObject> {
  return JSON.parse(await readFile(path, 'utf8')) as OpenAPIObject;
}

export async function prismOperations(doc: OpenAPIObject): Promise<PrismOperation[]> {
  // Prism dereferences in place; give it a copy so the caller's document keeps its $refs.
  return getHttpOperationsFromSpec(structuredClone(doc));
}

const baseConfig = {
  checkSecurity: true,
  validateRequest: true,
  validateResponse: true,
  // With `errors: true` Prism would replace answers that break the description with its own
  // 500; we want to see (mock) or report (verify) them instead.
  errors: false,
  upstreamProxy: undefined,
  mock: { dynamic: false },
} as const;

/** Prism answering from the description's examples. */
export function createMockPrism(): PrismInstance {
  const config: IHttpConfig = { ...baseConfig, isProxy: false };
  return createInstance(config, { logger: createLogger('onedev-mock', { level: 'silent' }) });
}

/** Prism forwarding to a real server and checking its answers against the description. */
export function createProxyPrism(upstream: URL): PrismInstance {
  // Request validation is left on so that a mistake of ours shows up as an input violation.
  const config: IHttpConfig = { ...baseConfig, isProxy: true, upstream };
  return createInstance(config, { logger: createLogger('onedev-verify', { level: 'silent' }) });
}

type Preferences = Partial<IHttpConfig['mock']>;

/** Sends one request through Prism; the result is either its answer or its failure. */
export async function askPrism(
  prism: PrismInstance,
  operations: PrismOperation[],
  request: IHttpRequest,
  preferences: Preferences = {},
): Promise<PrismResult | PrismFailure> {
  // Only the per-request keys: Prism fills the rest (proxy or not, upstream) from the instance.
  const config = { mock: { ...baseConfig.mock, ...preferences } } as IHttpConfig;
  const result = await prism.request(request, operations, config)();
  if (result._tag === 'Left') return toFailure(result.left);
  return {
    response: result.right.output,
    inputViolations: result.right.validations.input as Violation[],
    outputViolations: result.right.validations.output as Violation[],
  };
}

export function isFailure(value: PrismResult | PrismFailure): value is PrismFailure {
  return 'type' in value;
}

function toFailure(error: Error & { status?: number; detail?: string }): PrismFailure {
  return {
    type: error.name,
    title: error.message,
    status: typeof error.status === 'number' ? error.status : 500,
    detail: typeof error.detail === 'string' ? error.detail : '',
  };
}
