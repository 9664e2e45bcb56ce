/// <reference types="node" />
/**
 * Accepting a OneDev web-hook delivery: the secret check (OneDev sends the hook's secret itself in
 * `X-OneDev-Signature`, not a signature of the body), the body read as JSON, and the event found
 * among those the release posts. Each refusal is a WebhookError with its own code.
 */
import crypto from 'node:crypto';
import { DEFAULT_WEBHOOK_RELEASE, webhookTables } from '../../generated/webhooks.js';
import type { WebhookTable } from './table.js';
import type { DefaultWebhookRelease, TableWebhookEvent, WebhookEvent, WebhookRelease } from './types.js';

/** The header OneDev puts the hook's secret in. */
export const SIGNATURE_HEADER = 'X-OneDev-Signature';

export type WebhookErrorCode = 'missing-signature' | 'wrong-signature' | 'not-json' | 'unknown-event';

/** Why a delivery was refused: `code` says which check failed, `status` what to answer OneDev. */
export class WebhookError extends Error {
  override readonly name = 'WebhookError';
  constructor(
    readonly code: WebhookErrorCode,
    message: string,
  ) {
    super(message);
  }

  /** 401 for a missing or wrong secret, 400 for a body that is no event of the release. */
  get status(): 401 | 400 {
    return this.code === 'missing-signature' || this.code === 'wrong-signature' ? 401 : 400;
  }
}

/** Headers as node:http, fetch or a plain record give them. */
export type HeadersLike = { get(name: string): string | null } | Readonly<Record<string, string | readonly string[] | undefined>>;

export interface WebhookDelivery {
  headers: HeadersLike;
  /** The body as received (text or bytes), or the JSON value a framework has already parsed from it. */
  body: string | Uint8Array | Record<string, unknown>;
}

export type WebhookResult<E> = { ok: true; event: E } | { ok: false; error: WebhookError };

interface SecretOption {
  /** The hook's secret, as set on the hook in OneDev. */
  secret: string;
}

/**
 * Whether a received `X-OneDev-Signature` is the secret. Both are hashed first, so the comparison
 * (crypto.timingSafeEqual) always runs over two digests of the same length: neither a shorter
 * value nor a matching prefix ends it early.
 */
export function signatureMatches(received: string, secret: string): boolean {
  const digest = (text: string) => crypto.createHash('sha256').update(text, 'utf8').digest();
  return crypto.timingSafeEqual(digest(received), digest(secret));
}

function headerValue(headers: HeadersLike, name: string): string | undefined {
  if (typeof (headers as { get?: unknown }).get === 'function') return (headers as { get(name: string): string | null }).get(name) ?? undefined;
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers as Record<string, string | readonly string[] | undefined>)) {
    if (key.toLowerCase() !== wanted || value === undefined) continue;
    return typeof value === 'string' ? value : value.join(', ');
  }
  return undefined;
}

function parseBody(body: WebhookDelivery['body']): unknown {
  if (typeof body !== 'string' && !(body instanceof Uint8Array)) return body;
  let text: string;
  try {
    text = typeof body === 'string' ? body : new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    throw new WebhookError('not-json', 'The body is not UTF-8 text, so not the JSON OneDev sends');
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new WebhookError('not-json', `The body is not JSON: ${(error as Error).message}`);
  }
}

const describe = (value: unknown): string => (value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value);

/** The event a payload is, among a release's; a WebhookError('unknown-event') when it is none of them. */
export function classifyPayload(table: WebhookTable, payload: unknown, release = 'this release'): TableWebhookEvent {
  if (payload === null || typeof payload !== 'object' || Array.isArray(payload)) {
    throw new WebhookError('unknown-event', `The body is JSON ${describe(payload)}, not an event object`);
  }
  const record = payload as Record<string, unknown>;
  const keys = Object.keys(record).sort();
  if (table.typed) {
    const type = record.type;
    if (typeof type !== 'string') throw new WebhookError('unknown-event', `The payload names no event: ${release} puts the event's class name in \`type\``);
    const info = Object.hasOwn(table.events, type) ? table.events[type] : undefined;
    if (!info) throw new WebhookError('unknown-event', `${release} posts no event named ${JSON.stringify(type)}`);
    const missing = info.properties.filter((p) => !keys.includes(p));
    if (missing.length > 0) throw new WebhookError('unknown-event', `The ${type} payload lacks ${missing.join(', ')}, which ${release} always sends`);
    return { type, eventType: info.eventType, candidates: [type], payload: record };
  }
  const shape = keys.join(',');
  const candidates = Object.entries(table.events).filter(([, info]) => info.properties.join(',') === shape);
  if (candidates.length === 0) {
    throw new WebhookError('unknown-event', `No event of ${release} has exactly these properties: ${keys.join(', ') || '(none)'}`);
  }
  const eventTypes = new Set(candidates.map(([, info]) => info.eventType));
  if (eventTypes.size > 1) {
    throw new WebhookError('unknown-event', `Events of several event types (${[...eventTypes].join(', ')}) have these properties; configure one hook per event type`);
  }
  const names = candidates.map(([name]) => name);
  return { type: names.length === 1 ? names[0] : undefined, eventType: candidates[0]![1].eventType, candidates: names, payload: record };
}

/**
 * Checks a delivery and reads its event, in this order: the secret header is there, it is the
 * secret, the body is JSON, and it is an event the release posts. Never throws for a bad
 * delivery: the result says which check failed.
 */
export function receiveWebhook<R extends WebhookRelease = DefaultWebhookRelease>(
  delivery: WebhookDelivery,
  options: SecretOption & { release?: R },
): WebhookResult<WebhookEvent<R>>;
/** The same for a release given as a table (`webhookTableOf` on that release's description). */
export function receiveWebhook(delivery: WebhookDelivery, options: SecretOption & { table: WebhookTable; release?: string }): WebhookResult<TableWebhookEvent>;
export function receiveWebhook(
  delivery: WebhookDelivery,
  options: SecretOption & { release?: string; table?: WebhookTable },
): WebhookResult<TableWebhookEvent> {
  if (typeof options.secret !== 'string' || options.secret.length === 0) {
    throw new TypeError('receiveWebhook needs the hook\'s secret (a non-empty string) to check deliveries against');
  }
  const release = options.release ?? DEFAULT_WEBHOOK_RELEASE;
  const table = options.table ?? (webhookTables as Record<string, WebhookTable>)[release];
  if (!table) throw new TypeError(`No web-hook table for ${release}: give one of ${Object.keys(webhookTables).join(', ')}, or a table from webhookTableOf`);
  try {
    const received = headerValue(delivery.headers, SIGNATURE_HEADER);
    if (received === undefined) throw new WebhookError('missing-signature', `The delivery has no ${SIGNATURE_HEADER} header`);
    if (!signatureMatches(received, options.secret)) throw new WebhookError('wrong-signature', `${SIGNATURE_HEADER} is not the hook's secret`);
    return { ok: true, event: classifyPayload(table, parseBody(delivery.body), `OneDev ${release}`) };
  } catch (error) {
    if (error instanceof WebhookError) return { ok: false, error };
    throw error;
  }
}
