/**
 * The contract mock's public surface, as the package publishes it (`onedev-openapi/mock`, through
 * entry.ts): the options, the running server, and the web-hook target and log. Only our own types
 * and the language's: the declarations never lead to Prism's or the engine's, which a strict
 * consumer without skipLibCheck could not compile. Add a public type here, not where it is used.
 */

/** An OpenAPI 3.1 description as parsed JSON, e.g. a release's `openapi.json`. */
export interface MockDocument {
  openapi: string;
  info: object;
  paths?: object;
  components?: object;
}

export interface MockServerOptions {
  /** Defaults to 127.0.0.1; the mock is for local testing. */
  host?: string;
  /** 0 picks a free port. */
  port?: number;
  /** Creates, updates and deletes change what later requests read. Default false. */
  stateful?: boolean;
  /** With `stateful`: start with only what a fresh server's setup makes (no generated records). */
  fresh?: boolean;
  /**
   * Act as a server with an active subscription: the operations an unlicensed server refuses
   * (406, their effect's `subscription` refusal) are carried out. Default false, as a community
   * server answers.
   */
  subscription?: boolean;
  /** Records in the population of each paged collection. Default 250. */
  records?: number;
  /**
   * Callers treated as administrators (no page-size limit for non-administrators applies):
   * Basic user names, or Bearer tokens. Default `['admin']`.
   */
  administrators?: readonly string[];
  /** The description to serve; defaults to generated/openapi.json (or the release's). */
  document?: MockDocument;
  /**
   * A OneDev tag (any of the catalogue's, e.g. `v16.3.2`): serve its description, read from
   * generated/releases/<release>/ for a published release, else built from the catalogue on start.
   * Ignored with `document`.
   */
  release?: string;
  /** Called after each answer (for a request log). */
  onAnswer?: (entry: { method: string; path: string; status: number }) => void;
  /**
   * Deliver web hooks (needs `stateful`): each write OneDev turns into an event posts that
   * release's payload to `url`, as a hook with this secret would get it (scripts/lib/mock/webhooks.ts).
   */
  webhooks?: WebhookTarget;
}

export interface MockServer {
  /** `http://127.0.0.1:<port>`: the OneDev "origin". */
  origin: string;
  /** `<origin>/~api`, where the operations live, as on a real server. */
  baseUrl: string;
  port: number;
  close(): Promise<void>;
  /** With the `webhooks` option: deliver an event no REST call causes, and wait for deliveries. */
  webhooks?: {
    /** Posts one event now: its documented example with `values` over it. */
    deliver(event: string, values?: Record<string, unknown>): Promise<DeliveryEntry>;
    /** Resolves once every delivery started so far has its outcome. */
    settled(): Promise<void>;
  };
}

/** Where and how the mock delivers, as a web hook of the project would. */
export interface WebhookTarget {
  /** The receiver's URL (http or https). */
  url: string;
  /** The hook's secret, sent as it is in X-OneDev-Signature. */
  secret: string;
  /** The hook's custom headers (releases from OneDev 14.1.6 have them). */
  headers?: Readonly<Record<string, string>>;
  /** Each delivery's outcome, once it has one (the mock's log line is `entry.line`). */
  onDelivery?: (entry: DeliveryEntry) => void;
  /** Milliseconds a delivery may take before it counts as failed. Default 10 000. */
  timeoutMs?: number;
}

export interface DeliveryEntry {
  event: string;
  url: string;
  /** The receiver's status; absent when it could not be reached. */
  status?: number;
  error?: string;
  ms: number;
  payload: Record<string, unknown>;
  /** One line for a log: `web hook PullRequestOpened -> http://...: 200 (3 ms)`. */
  line: string;
}

/** A bad target or a release that cannot honour it: the message names the problem. */
export class WebhookTargetError extends Error {
  override readonly name = 'WebhookTargetError';
}
