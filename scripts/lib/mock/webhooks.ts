/**
 * Web-hook deliveries from the mock, as OneDev makes them: after a stateful write that OneDev
 * turns into an event, one POST of that release's payload to the receiver, with the release's
 * headers (the secret as it is in its header), no retry, and one log line. Which writes cause which
 * events, and where the payload's values come from, is read from the description (each web hook's
 * EXT.sentAfter); the rest of a payload is its documented example.
 */
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { OpenAPIObject, OperationObject, ParameterObject, SchemaObject } from 'openapi3-ts/oas31';
import { resolveRef } from '../openapi.js';
import { EXT, readExtension } from '../../../src/extensions.js';
import type { Answer } from './answer.js';
import { prettyJson } from './json-text.js';
import { WebhookTargetError, type DeliveryEntry, type WebhookTarget } from './public.js';
import { pathValues, Router, routesOf, type Route } from './routes.js';

// Public (the package's `onedev-openapi/mock` exports them): declared with the mock's public types.
export { WebhookTargetError, type DeliveryEntry, type WebhookTarget };

interface Cause {
  event: string;
  values: Readonly<Record<string, string>>;
}

interface Hook {
  example: Record<string, unknown>;
  properties: Readonly<Record<string, SchemaObject>>;
}

/** A GET the dispatcher makes to read a value (the engine answers it, from the mock's records). */
export type Reader = (request: { method: string; url: string; headers: IncomingHttpHeaders; body: Buffer }) => Answer | Promise<Answer>;

const API_PREFIX = '/~api';
const READ = /^GET (\/\S*) ([A-Za-z_$][\w$]*)$/;
const PLACEHOLDER = /\{([^{}]+)\}/g;
const DIRECT = /^(answer|now|none|(path|body)\.[\w$]+)$/;

/** Now as OneDev writes dates: milliseconds and an offset with a colon. */
function now(): string {
  return new Date().toISOString().replace('Z', '+00:00');
}

export function checkTarget(target: WebhookTarget, doc: OpenAPIObject): void {
  let url: URL;
  try {
    url = new URL(target.url);
  } catch {
    throw new WebhookTargetError(`web hook URL ${JSON.stringify(target.url)} is not a URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new WebhookTargetError(`web hook URL ${target.url}: only http and https are delivered to`);
  if (typeof target.secret !== 'string' || target.secret.length === 0) throw new WebhookTargetError('web hook secret: give the secret the receiver expects (OneDev never sends an empty one)');
  const hooks = Object.values((doc.webhooks ?? {}) as Record<string, { post?: Record<string, unknown> }>);
  if (hooks.length === 0) throw new WebhookTargetError('web hooks: this description has no `webhooks` to deliver');
  if (target.headers && Object.keys(target.headers).length > 0 && !hooks.some((h) => readExtension(h.post, EXT.customHeaders) === true)) {
    const release = readExtension(doc.info, EXT.version) ?? 'this release';
    throw new WebhookTargetError(`web hook headers: hooks of ${release} have no custom headers`);
  }
}

export class WebhookDispatcher {
  private readonly router: Router<Route>;
  private readonly causes = new Map<string, Cause[]>();
  private readonly hooks = new Map<string, Hook>();
  /** The release's delivery headers (the secret header holding the target's secret), then the custom ones. */
  private readonly headers: Record<string, string>;
  private readonly mediaType: string;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    doc: OpenAPIObject,
    private readonly target: WebhookTarget,
    private readonly read: Reader,
  ) {
    checkTarget(target, doc);
    this.router = new Router(routesOf(doc));
    const headers: Record<string, string> = {};
    let mediaType = 'application/json';
    for (const [event, item] of Object.entries((doc.webhooks ?? {}) as Record<string, { post: OperationObject }>)) {
      const post = item.post;
      for (const cause of readExtension(post, EXT.sentAfter) ?? []) {
        this.causes.set(cause.operationId, [...(this.causes.get(cause.operationId) ?? []), { event, values: cause.values }]);
      }
      const body = resolveRef<{ content: Record<string, { schema: unknown; examples?: Record<string, unknown> }> }>(doc, post.requestBody);
      const [type, media] = Object.entries(body.content)[0]!;
      mediaType = type;
      const schema = resolveRef<SchemaObject>(doc, media.schema);
      const example = resolveRef<{ value: Record<string, unknown> }>(doc, Object.values(media.examples ?? {})[0]).value;
      this.hooks.set(event, { example, properties: (schema.properties ?? {}) as Record<string, SchemaObject> });
      for (const param of (post.parameters ?? []).map((p) => resolveRef<ParameterObject>(doc, p))) {
        if (param.in !== 'header') continue;
        headers[param.name] = readExtension(param, EXT.secret) ? target.secret : String(param.example ?? resolveRef<SchemaObject>(doc, param.schema ?? {}).enum?.[0] ?? '');
      }
      if (readExtension(post, EXT.eventType) === undefined) throw new WebhookTargetError(`web hook ${event}: no event type in the description`);
    }
    this.mediaType = mediaType;
    // As OneDev sets them: its own headers, then the hook's, each replacing one of the same name in any case.
    const all = new Map<string, [string, string]>();
    for (const [name, value] of Object.entries({ ...headers, accept: 'application/json', 'content-type': mediaType, ...(target.headers ?? {}) })) {
      all.set(name.toLowerCase(), [name, value]);
    }
    this.headers = Object.fromEntries(all.values());
  }

  /** The events a release's operations cause, by operationId (for logs and tests). */
  eventsAfter(operationId: string): string[] {
    return (this.causes.get(operationId) ?? []).map((c) => c.event);
  }

  /** After an answered request: when it succeeded and OneDev turns it into events, delivers them. */
  observe(request: { method?: string; url?: string; headers: IncomingHttpHeaders }, body: Buffer, answer: Answer): void {
    if (answer.status < 200 || answer.status > 299) return;
    const url = new URL(request.url ?? '/', 'http://mock');
    if (!url.pathname.startsWith(`${API_PREFIX}/`)) return;
    const path = url.pathname.slice(API_PREFIX.length);
    const placed = this.router.place((request.method ?? 'GET').toUpperCase(), path);
    if (!('route' in placed)) return;
    const causes = this.causes.get(placed.route.operationId);
    if (!causes) return;
    const context: Context = {
      path: pathValues(placed.route, path),
      body: decodeBody(body, placed.route.rawText),
      answer: decodeAnswer(answer),
      headers: request.headers,
    };
    for (const cause of causes) this.enqueue(cause.event, () => this.payload(cause, context));
  }

  /**
   * Delivers one event now, as OneDev would for something no REST call causes (a code comment, a
   * published package, a finished build): its example with `values` over it.
   */
  deliver(event: string, values: Record<string, unknown> = {}): Promise<DeliveryEntry> {
    const hook = this.hooks.get(event);
    if (!hook) return Promise.reject(new WebhookTargetError(`web hook ${event}: this release posts no such event (it has ${[...this.hooks.keys()].join(', ')})`));
    const unknown = Object.keys(values).filter((p) => !(p in hook.properties));
    if (unknown.length > 0) return Promise.reject(new WebhookTargetError(`web hook ${event}: its payload has no ${unknown.join(', ')}`));
    return this.enqueue(event, async () => ({ ...hook.example, ...('date' in hook.properties ? { date: now() } : {}), ...values }));
  }

  /** Resolves once every delivery started so far has its outcome. */
  async settled(): Promise<void> {
    let seen: Promise<unknown>;
    do {
      seen = this.queue;
      await seen;
    } while (seen !== this.queue);
  }

  /** Deliveries go out one after another, in the order of the writes. */
  private enqueue(event: string, payload: () => Promise<Record<string, unknown>>): Promise<DeliveryEntry> {
    const next = this.queue.then(async () => this.send(event, await payload()));
    this.queue = next.catch(() => undefined);
    return next;
  }

  private async send(event: string, payload: Record<string, unknown>): Promise<DeliveryEntry> {
    const started = performance.now();
    const timeoutMs = this.target.timeoutMs ?? 10_000;
    let status: number | undefined;
    let error: string | undefined;
    try {
      status = await post(this.target.url, this.headers, prettyJson(payload), timeoutMs);
    } catch (failure) {
      const code = (failure as NodeJS.ErrnoException).code;
      error = code && code !== 'ETIMEDOUT' ? code : (failure as Error).message;
    }
    const ms = Math.round(performance.now() - started);
    const outcome = status === undefined ? `failed: ${error}` : status === 200 ? '200' : `${status} (OneDev logs this; no retry)`;
    const entry: DeliveryEntry = {
      event,
      url: this.target.url,
      ...(status !== undefined ? { status } : {}),
      ...(error !== undefined ? { error } : {}),
      ms,
      payload,
      line: `web hook ${event} -> ${this.target.url}: ${outcome} (${ms} ms)`,
    };
    this.target.onDelivery?.(entry);
    return entry;
  }

  /** The payload for a cause: the example, each value from its source, typed as the schema says. */
  private async payload(cause: Cause, context: Context): Promise<Record<string, unknown>> {
    const hook = this.hooks.get(cause.event)!;
    const payload: Record<string, unknown> = { ...hook.example };
    for (const [property, source] of Object.entries(cause.values)) {
      const value = await this.resolve(source, context);
      if (value !== undefined) payload[property] = typed(value, hook.properties[property]);
    }
    // OneDev adds the acting user to the participants (ProjectEvent), so they follow `userId`.
    if ('participatingUserIds' in hook.properties && !('participatingUserIds' in cause.values)) {
      payload.participatingUserIds = typeof payload.userId === 'number' ? [payload.userId] : [];
    }
    return payload;
  }

  private async resolve(source: string, context: Context): Promise<unknown> {
    const read = READ.exec(source);
    if (read) {
      const path = fill(read[1]!, context);
      if (path === undefined) return undefined;
      const answer = await this.read({ method: 'GET', url: `${API_PREFIX}${path}`, headers: { authorization: context.headers.authorization }, body: Buffer.alloc(0) });
      const value = answer.status === 200 ? decodeAnswer(answer) : undefined;
      return value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[read[2]!] : undefined;
    }
    if (DIRECT.test(source)) return direct(source, context);
    return fill(source, context);
  }
}

/**
 * One POST on a connection of its own, as OneDev's client makes it (a new client per delivery):
 * the answer's status once its body is read (OneDev reads it to log it and does nothing else).
 */
function post(target: string, headers: Record<string, string>, body: string, timeoutMs: number): Promise<number> {
  const bytes = Buffer.from(body, 'utf8');
  const send = target.startsWith('https:') ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const request = send(target, { method: 'POST', agent: false, headers: { ...headers, 'content-length': String(bytes.length) }, timeout: timeoutMs }, (response) => {
      response.on('data', () => undefined);
      response.on('end', () => resolve(response.statusCode ?? 0));
      response.on('error', reject);
    });
    request.on('timeout', () => request.destroy(Object.assign(new Error(`no answer within ${timeoutMs} ms`), { code: 'ETIMEDOUT' })));
    request.on('error', reject);
    request.end(bytes);
  });
}

interface Context {
  path: Record<string, string>;
  body: unknown;
  answer: unknown;
  headers: IncomingHttpHeaders;
}

function direct(reference: string, context: Context): unknown {
  if (reference === 'answer') return context.answer;
  if (reference === 'now') return now();
  if (reference === 'none') return null;
  const [where, name] = reference.split('.') as ['path' | 'body', string];
  if (where === 'path') return context.path[name];
  const body = context.body;
  return body !== null && typeof body === 'object' ? (body as Record<string, unknown>)[name] : undefined;
}

/** Text with its placeholders filled; undefined when one has no value. */
function fill(template: string, context: Context): string | undefined {
  let missing = false;
  const text = template.replace(PLACEHOLDER, (_, reference: string) => {
    const value = direct(reference, context);
    if (value === undefined || value === null) missing = true;
    return String(value);
  });
  return missing ? undefined : text;
}

/** A value as the property's schema types it: ids from a path are text until made numbers. */
function typed(value: unknown, schema: SchemaObject | undefined): unknown {
  const types = [schema?.type].flat();
  if (typeof value === 'string' && (types.includes('integer') || types.includes('number')) && /^-?\d+(\.\d+)?$/.test(value)) return Number(value);
  return value;
}

function decodeBody(body: Buffer, rawText: boolean): unknown {
  if (body.length === 0) return undefined;
  const text = body.toString('utf8');
  if (rawText) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** What a write answered: a new id (a bare number), a text, or a JSON value. */
function decodeAnswer(answer: Answer): unknown {
  if (answer.body === undefined) return undefined;
  const text = answer.body;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
