/**
 * The extensions the builder writes on each web hook (scripts/lib/transform-webhooks.ts) and the
 * mock reads (scripts/lib/mock/webhooks.ts): kept apart from both so the mock does not load the builder.
 */

/** The `WebHook.EventType` constant that selects the event. */
export const EVENT_TYPE = 'x-onedev-event-type';
/** The REST operations that make OneDev send the event, with where payload values come from. */
export const SENT_AFTER = 'x-onedev-sent-after';
/** Whether the release's hooks take custom headers. */
export const CUSTOM_HEADERS = 'x-onedev-custom-headers';
/** On a header parameter: it carries the hook's secret. */
export const SECRET = 'x-onedev-secret';

/** One entry of `x-onedev-sent-after`. */
export interface SentAfter {
  operationId: string;
  /** `METHOD /path`, as the catalogue names the operation. */
  route: string;
  /** Payload property -> its source (spec/model.ts, PayloadSource). */
  values: Record<string, string>;
}
