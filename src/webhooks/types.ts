/**
 * Types of received events, per published release, from the generated tables (generated/webhooks.ts)
 * and each release's openapi.d.ts: the event names, their `WebHook.EventType`, their payloads, and
 * what `receiveWebhook` returns.
 */
import type { DEFAULT_WEBHOOK_RELEASE, ReleaseWebhooks, webhookTables } from '../../generated/webhooks.js';

/** A published release whose web hooks the kit knows, e.g. `v14.1.9`. */
export type WebhookRelease = keyof ReleaseWebhooks;
/** The release payloads are read as unless `release` says otherwise: the newest. */
export type DefaultWebhookRelease = typeof DEFAULT_WEBHOOK_RELEASE;

type Tables = typeof webhookTables;
type Events<R extends WebhookRelease> = Tables[R]['events'];

type EventTypeOf<R extends WebhookRelease, E> = E extends keyof Events<R> ? (Events<R>[E] extends { eventType: infer T extends string } ? T : never) : never;

/** The event class names a release posts, e.g. `PullRequestOpened`. */
export type WebhookEventName<R extends WebhookRelease = DefaultWebhookRelease> = keyof Events<R> & string;

/** The `WebHook.EventType` constants of a release's events, e.g. `PULL_REQUEST`. */
export type WebhookEventType<R extends WebhookRelease = DefaultWebhookRelease> = EventTypeOf<R, WebhookEventName<R>>;

/** The events one event type selects at a release. */
export type WebhookEventsOfType<R extends WebhookRelease, T extends WebhookEventType<R>> = {
  [E in WebhookEventName<R>]: EventTypeOf<R, E> extends T ? E : never;
}[WebhookEventName<R>];

/** The body OneDev posts for an event at a release (from the release's `webhooks` types). */
export type WebhookPayload<R extends WebhookRelease, E extends WebhookEventName<R> = WebhookEventName<R>> = E extends keyof ReleaseWebhooks[R]
  ? ReleaseWebhooks[R][E] extends { post: { requestBody: { content: { 'application/json': infer P } } } }
    ? P
    : never
  : never;

/**
 * An accepted delivery. Where the release's payloads carry `type` (OneDev 14.1.4 on), `type` names
 * the event and narrows `payload`. Where they do not, the payload's properties decide: `eventType`
 * is always known and narrows `payload` to that family's shapes; `candidates` lists the events with
 * exactly these properties, and `type` is set only when there is one (PullRequestOpened and
 * PullRequestMergePreviewUpdated, say, look the same: read the pull request to see which happened).
 */
export type WebhookEvent<R extends WebhookRelease = DefaultWebhookRelease> = Tables[R]['typed'] extends true
  ? {
      [E in WebhookEventName<R>]: {
        type: E;
        eventType: EventTypeOf<R, E>;
        candidates: readonly [E];
        payload: WebhookPayload<R, E>;
      };
    }[WebhookEventName<R>]
  : {
      [T in WebhookEventType<R>]: {
        type: WebhookEventsOfType<R, T> | undefined;
        eventType: T;
        candidates: readonly WebhookEventsOfType<R, T>[];
        payload: WebhookPayload<R, WebhookEventsOfType<R, T>>;
      };
    }[WebhookEventType<R>];

/** An accepted delivery of a release the kit was given as a table (`webhookTableOf`): untyped. */
export interface TableWebhookEvent {
  type: string | undefined;
  eventType: string;
  candidates: readonly string[];
  payload: Record<string, unknown>;
}
