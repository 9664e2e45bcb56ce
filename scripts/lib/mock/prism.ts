/**
 * Prism, run in-process: verify's proxy (it forwards to a real server and checks the answers),
 * and the mock's generated answers (`Prefer: dynamic=true`). The mock answers everything else
 * itself (engine.ts), with the same request checks; Prism is loaded only when needed.
 */
import './lazy-faker.js';
import { createLogger } from '@stoplight/prism-core';
import {
  createInstance,
  getHttpOperationsFromSpec,
  type IHttpConfig,
  type IHttpRequest,
  type IHttpResponse,
} from '@stoplight/prism-http';
import type { OpenAPIObject } from 'openapi3-ts/oas31';
import type { Violation } from './violation.js';

export type PrismOperation = Awaited<ReturnType<typeof getHttpOperationsFromSpec>>[number];
export type PrismInstance = ReturnType<typeof createInstance>;

export type { Violation };

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
  /** Problems with the request, when Prism refused it without a documented error response. */
  violations: Violation[];
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
  // The answers are the description's own examples, which the tests validate against their
  // schemas; checking them again on every request would cost about a fifth of the mock's time.
  const config: IHttpConfig = { ...baseConfig, validateResponse: false, isProxy: false };
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

const PRISM_ERRORS = 'https://stoplight.io/prism/errors#';

interface ProblemDetail {
  location?: string[];
  code?: string | number;
  message?: string;
}

function toFailure(error: Error & { status?: number; detail?: string; additional?: { validation?: unknown } }): PrismFailure {
  const detail = typeof error.detail === 'string' ? error.detail : '';
  const failure: PrismFailure = {
    type: error.name,
    title: error.message,
    status: typeof error.status === 'number' ? error.status : 500,
    detail,
    violations: [],
  };
  // When an operation documents no 400/422 (or 401, 415) response, Prism answers a refused
  // request with a problem object instead; recover the problems from it.
  if (Array.isArray(error.additional?.validation)) {
    failure.violations = (error.additional.validation as ProblemDetail[]).map((v) => ({
      path: v.location,
      code: v.code,
      message: v.message ?? 'invalid request',
      severity: 0,
    }));
  } else if (error.name === `${PRISM_ERRORS}UNAUTHORIZED`) {
    failure.violations = [{ code: 401, message: error.message, severity: 0 }];
  } else if (error.name === `${PRISM_ERRORS}INVALID_CONTENT_TYPE`) {
    failure.violations = [{ code: 415, message: detail || error.message, severity: 0 }];
  }
  return failure;
}
