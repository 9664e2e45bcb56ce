/**
 * onedev-openapi/webhooks: receive OneDev's web hooks. `receiveWebhook` checks a delivery's secret
 * in constant time and returns its event typed for the release, or a WebhookError saying why not;
 * `webhookHandler` does the same as a node:http or Express handler. Payload types per release come
 * from each release's description (the same types as `onedev-openapi/releases/<tag>/types`).
 */
export { DEFAULT_MAX_BODY_BYTES, webhookHandler } from './handler.js';
export type { WebhookHandlerOptions } from './handler.js';
export { classifyPayload, receiveWebhook, SIGNATURE_HEADER, signatureMatches, WebhookError } from './receive.js';
export type { HeadersLike, WebhookDelivery, WebhookErrorCode, WebhookResult } from './receive.js';
export { readWebhooks, webhookTableOf } from './table.js';
export type { WebhookEventInfo, WebhookTable } from './table.js';
export type {
  DefaultWebhookRelease,
  TableWebhookEvent,
  WebhookEvent,
  WebhookEventName,
  WebhookEventsOfType,
  WebhookEventType,
  WebhookPayload,
  WebhookRelease,
} from './types.js';
export { DEFAULT_WEBHOOK_RELEASE, webhookTables } from '../../generated/webhooks.js';
export type { ReleaseWebhooks } from '../../generated/webhooks.js';
