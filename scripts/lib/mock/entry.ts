/**
 * `onedev-openapi/mock`, the package's entry to the contract mock. Its declarations name only the
 * types of public.ts: `startMockServer` is declared here, not re-exported from server.ts, whose
 * declarations lead to the engine's and Prism's (which a strict consumer without skipLibCheck
 * could not compile). Everything public goes through here.
 */
import type { MockServer, MockServerOptions } from './public.js';
import { startMockServer as start } from './server.js';

export { WebhookTargetError } from './public.js';
export type { DeliveryEntry, MockDocument, MockServer, MockServerOptions, WebhookTarget } from './public.js';

/**
 * Starts the contract mock on 127.0.0.1 (a free port unless `port` says otherwise), serving the
 * newest release's description, another release's (`release`) or a given one (`document`).
 */
export function startMockServer(options: MockServerOptions = {}): Promise<MockServer> {
  return start(options);
}
