/**
 * What the engine's stages hand one another (stages/): a request as received, an operation as
 * prepared at start-up, what the front reads of a request (`Front`), its body as read
 * (`BodyRead`), and the request once checked (`Parsed`). Types only.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { QueryLanguageSpec } from '../../../spec/model.js';
import type { QueryValues } from './conversions.js';
import type { LabelRule } from './consumes.js';
import type { SecurityPlan } from './credentials.js';
import type { SizedText } from './json-text.js';
import type { MediaType } from './media-types.js';
import type { EngineOffload } from './offload.js';
import type { ContentPlan, OperationPlan } from './operations.js';
import type { Preferences } from './prefer.js';
import type { Behaviour, RecordKind } from './records.js';
import type { Refusal } from './refusal.js';
import type { CheckResult } from './schemas.js';
import type { Violation } from './violation.js';

export interface MockRequest {
  method: string;
  /** The request target as received, e.g. `/~api/pulls?offset=0&count=10`. */
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface Operation extends OperationPlan {
  behaviour?: Behaviour;
  target?: { kind: RecordKind; param: string };
  /** With --stateful, the kind whose record the operation's effect makes or changes first. */
  written?: RecordKind;
  /** For reads of ids outside the population: the example around any id. */
  exampleForId?: ((id: string) => SizedText) | null;
  /**
   * An operation that takes a query but is no page (its kind, if the mock lists it elsewhere), or
   * the read of one commit (`read`: the path parameter naming it), answered as a commit query.
   */
  queryOnly?: { language: QueryLanguageSpec; kind?: RecordKind; read?: string };
  /**
   * What the request path asks of every request, worked out once and kept on the operation (a
   * field read, where a Map keyed by the operation would cost a lookup per request): whether the
   * path parameters' schemas need a validator (more than an integer's or a text's type), what its
   * security asks of a caller, the media types the body takes, and the success's contents, JSON first.
   */
  pathChecked: boolean;
  securityPlan: SecurityPlan;
  bodyTypes: BodyTypes;
  successOffer?: Offer;
  /** How it refuses a request for its Content-Type (a POST of a resource consuming JSON). */
  label?: LabelRule;
}

export interface BodyTypes {
  texts: string[];
  parsed: Array<MediaType | undefined>;
}

/** A response's contents in the order they are offered (JSON first), and the first as answered. */
export interface Offer {
  contents: ContentPlan[];
  mediaTypes: string[];
  first: { content: ContentPlan; mediaType: string };
}

/** What the checks and the answer need of a request before its body is read (stages/front.ts). */
export interface Front {
  request: MockRequest;
  method: string;
  path: string;
  query: QueryValues;
  operation: Operation;
  pathValues: Record<string, string>;
  preferences: Preferences;
  /** OneDev's own checks (unknown query parameters, ids it would not convert). */
  extra: Violation[];
  security: Violation[];
  /** Required query values sent empty: bean validation refuses them, after everything else. */
  empty: Violation[];
}

/**
 * A body as read: its value (undefined: none), or why it cannot be read; `checked` when a worker
 * has checked it against its schema already.
 */
export type BodyRead = { value: unknown; checked?: CheckResult } | { refusal: Refusal; value?: undefined; checked?: undefined };

/** A request that passed the checks (stages/checks.ts): what the answer is made from. */
export interface Parsed {
  method: string;
  path: string;
  query: QueryValues;
  operation: Operation;
  pathValues: Record<string, string>;
  /** The declared query parameters, coerced to their types (`count` is a number). */
  params: Record<string, unknown>;
  preferences: Preferences;
  body: unknown;
  headers: IncomingHttpHeaders;
  request: MockRequest;
}

/**
 * The worker threads a server has started, shared by the stages that hand work to them (unset
 * for an engine on its own, or once the server drops them).
 */
export interface Workers {
  offload: EngineOffload | undefined;
}
