/**
 * One release's web hooks, for select-release.ts: the event types, events and causes alive at
 * the tag, the delivery's headers and description sections too, every span checked. The payload
 * schemas and examples are ordinary catalogue tables and are selected with the others.
 */
import type { WebhookCause, WebhookDeliverySpec, WebhookEventSpec, WebhookEventTypeSpec, WebhookHeaderSpec } from '../../spec/model.js';
import { compareTags, isOneDevTag, livesAt, type Lifespan, type OneDevTag } from '../../spec/releases.js';
import type { Problems } from './problems.js';

/** The catalogue's web hooks: the event families and what every delivery shares. */
export interface WebhookCatalogue {
  eventTypes: readonly WebhookEventTypeSpec[];
  delivery: WebhookDeliverySpec;
}

type Stripped<T> = Omit<T, 'since' | 'until'>;
export type SelectedWebhookCause = Stripped<WebhookCause>;
export interface SelectedWebhookEvent extends Stripped<WebhookEventSpec> {
  causes: readonly SelectedWebhookCause[];
}
export interface SelectedWebhookEventType extends Stripped<WebhookEventTypeSpec> {
  events: readonly SelectedWebhookEvent[];
}
export interface SelectedWebhooks {
  eventTypes: readonly SelectedWebhookEventType[];
  delivery: Omit<WebhookDeliverySpec, 'description' | 'headers' | 'customHeaders'> & {
    /** The sections alive at the release, joined. */
    description: string;
    headers: readonly Stripped<WebhookHeaderSpec>[];
    /** The release's hooks take headers of their own. */
    customHeaders: boolean;
  };
}

function strip<T extends Lifespan>(value: T): Stripped<T> {
  const { since: _since, until: _until, ...rest } = value;
  return rest;
}

/** Keeps what lives at `tag`; a span that names no tag, or ends before it starts, is a problem. */
function alive<T extends Lifespan>(items: readonly T[], tag: OneDevTag, where: (item: T) => string, problems: Problems): T[] {
  return items.filter((item) => {
    for (const end of ['since', 'until'] as const) {
      const at = item[end];
      if (at !== undefined && !isOneDevTag(at)) problems.add(`${where(item)}: ${end} "${at}" is not a OneDev tag the catalogue knows`);
    }
    if (item.since && item.until && isOneDevTag(item.since) && isOneDevTag(item.until) && compareTags(item.since, item.until) >= 0) {
      problems.add(`${where(item)}: since ${item.since} is not older than until ${item.until}`);
    }
    return livesAt(item, tag);
  });
}

export function selectWebhooks(webhooks: WebhookCatalogue, tag: OneDevTag, problems: Problems): SelectedWebhooks {
  const eventTypes = alive(webhooks.eventTypes, tag, (t) => `web hook event type ${t.eventType}`, problems).map((type) => ({
    ...strip(type),
    events: alive(type.events, tag, (e) => `web hook ${e.name}`, problems).map((event) => ({
      ...strip(event),
      causes: alive(event.causes ?? [], tag, (c) => `web hook ${event.name}, cause ${c.route}`, problems).map(strip),
    })),
  }));
  const { description, headers, customHeaders, ...rest } = webhooks.delivery;
  alive([customHeaders], tag, () => 'web hook custom headers', problems);
  return {
    eventTypes,
    delivery: {
      ...rest,
      description: alive(description, tag, () => 'web hook delivery description', problems)
        .map((section) => section.text.trim())
        .join('\n\n'),
      headers: alive(headers, tag, (h) => `web hook header ${h.name}`, problems).map(strip),
      customHeaders: livesAt(customHeaders, tag),
    },
  };
}
