/**
 * What a receiver needs to know of a release's web hooks, read from its OpenAPI description: each
 * event's `WebHook.EventType` and payload properties, and whether payloads name their event in
 * `type`. The build reads every published release with it (generated/webhooks.ts); a program can
 * read the description of any other tag with `webhookTableOf` and give it to `receiveWebhook`.
 */
import { EXT, readExtension } from '../extensions.js';
import { isObject, resolveLocal, type Json } from '../json-ref.js';

/** One event of a release. */
export interface WebhookEventInfo {
  /** The `WebHook.EventType` constant that selects it, e.g. `PULL_REQUEST`. */
  readonly eventType: string;
  /** The payload's properties, sorted (OneDev writes every one, nulls included). */
  readonly properties: readonly string[];
}

/** A release's events, by event class name. */
export interface WebhookTable {
  /** Payloads carry `type`, the event class name (OneDev 14.1.4 and later). */
  readonly typed: boolean;
  readonly events: Readonly<Record<string, WebhookEventInfo>>;
}


/** The table and what kept an event out of it (each problem names the event). */
export function readWebhooks(doc: unknown): { table: WebhookTable; problems: string[] } {
  const problems: string[] = [];
  const events: Record<string, WebhookEventInfo> = {};
  const typedness = new Set<boolean>();
  const webhooks = isObject(doc) && isObject(doc.webhooks) ? doc.webhooks : {};
  for (const [name, item] of Object.entries(webhooks)) {
    const post = isObject(item) ? item.post : undefined;
    const eventType = readExtension(post, EXT.eventType);
    const body = isObject(post) ? resolveLocal(doc as Json, post.requestBody) : undefined;
    const content = isObject(body) && isObject(body.content) ? body.content['application/json'] : undefined;
    const schema = isObject(content) ? resolveLocal(doc as Json, content.schema) : undefined;
    if (typeof eventType !== 'string' || !isObject(schema) || !isObject(schema.properties)) {
      problems.push(`web hook ${name}: no POST with an event type and a JSON object payload`);
      continue;
    }
    const type = resolveLocal(doc as Json, schema.properties.type);
    const names = isObject(type) ? (type.const !== undefined ? [type.const] : type.enum) : undefined;
    const typed = Array.isArray(names) && names.length === 1 && names[0] === name;
    if (isObject(type) && !typed) problems.push(`web hook ${name}: its payload's \`type\` is not the constant "${name}"`);
    typedness.add(typed);
    events[name] = { eventType, properties: Object.keys(schema.properties).sort() };
  }
  if (typedness.size > 1) problems.push('web hooks: some payloads carry `type` and some do not');
  return { table: { typed: typedness.has(true) && typedness.size === 1, events }, problems };
}

/** A release's table from its description; throws a TypeError listing what it could not read. */
export function webhookTableOf(doc: unknown): WebhookTable {
  const { table, problems } = readWebhooks(doc);
  if (problems.length > 0) throw new TypeError(`The description's web hooks cannot be read:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  return table;
}
