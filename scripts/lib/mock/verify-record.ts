/**
 * `verify --record FILE`: what a run sent and got, reads and writes, as transcript entries
 * (scripts/lib/transcript/format.ts). Credentials are never kept (the request's headers are only
 * its Content-Type), the run's secret is replaced by `[redacted]` wherever it shows, the server's
 * own secrets in JSON bodies (passwords, client secrets, API and private keys, token values: as
 * the recorded fixtures were sanitised) by `REDACTED-...`, and bodies are cut at
 * TRANSCRIPT_BODY_LIMIT characters. Each entry names the operation its method and path are for.
 */
import type { OpenAPIObject } from 'openapi3-ts/oas31';
import { TRANSCRIPT_BODY_LIMIT, type TranscriptEntry } from '../transcript/format.js';
import { findRoute, routesOf, type Route } from './routes.js';

export interface Sent {
  method: string;
  /** Relative to `/~api`, query included. */
  path: string;
  contentType?: string;
  body?: string | null;
}

export interface Got {
  status: number;
  contentType: string | null;
  body: string | null;
}

export class Recorder {
  readonly entries: TranscriptEntry[] = [];
  private routes?: Route[];

  constructor(private readonly redact: (text: string) => string) {}

  private text(body: string | null | undefined): string | null {
    if (body === null || body === undefined || body === '') return null;
    return this.redact(body).slice(0, TRANSCRIPT_BODY_LIMIT);
  }

  add(sent: Sent, got: Got, note = ''): void {
    this.entries.push({
      operationId: null,
      method: sent.method.toUpperCase(),
      path: sent.path,
      requestHeaders: sent.contentType ? { 'content-type': sent.contentType } : {},
      requestBody: this.text(sent.body),
      status: got.status,
      responseContentType: got.contentType === null ? null : got.contentType.split(';')[0]!.trim().toLowerCase() || null,
      responseBody: this.text(got.body),
      note,
    });
  }

  /** The entries, each naming the operation of `doc` it was for (null when none matches), the server's secrets replaced. */
  named(doc: OpenAPIObject): TranscriptEntry[] {
    this.routes ??= routesOf(doc);
    const routes = this.routes;
    return this.entries.map((entry) => {
      const operationId = findRoute(routes, entry.method, entry.path.split('?')[0]!)?.operationId ?? null;
      const tokens = /token/i.test(operationId ?? '');
      return { ...entry, operationId, requestBody: sanitised(entry.requestBody, tokens), responseBody: sanitised(entry.responseBody, tokens) };
    });
  }
}

/** What a property whose name says it holds a secret is replaced by. */
const SECRETS: Array<[RegExp, string]> = [
  [/password$/i, 'REDACTED-PASSWORD'],
  [/secret$/i, 'REDACTED-SECRET'],
  [/(apikey|privatekey)$/i, 'REDACTED-KEY'],
];

function withoutSecrets(value: unknown, tokens: boolean): unknown {
  if (Array.isArray(value)) return value.map((v) => withoutSecrets(v, tokens));
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, v]) => {
      if (typeof v !== 'string' || v === '') return [key, withoutSecrets(v, tokens)];
      if (tokens && key === 'value') return [key, 'REDACTED-TOKEN'];
      const secret = SECRETS.find(([name]) => name.test(key));
      return [key, secret ? secret[1] : v];
    }),
  );
}

/** A JSON body with the server's secrets replaced (the text as it was when it holds none, or is not JSON). */
export function sanitised(body: string | null, tokens: boolean): string | null {
  if (body === null || !/^\s*[[{]/.test(body)) return body;
  try {
    const value = JSON.parse(body) as unknown;
    const clean = withoutSecrets(value, tokens);
    return JSON.stringify(clean) === JSON.stringify(value) ? body : JSON.stringify(clean);
  } catch {
    return body;
  }
}

/** A Prism answer's body as the text it was: parsed JSON is written back as JSON. */
export function bodyText(body: unknown): string | null {
  if (body === undefined || body === null || body === '') return null;
  return typeof body === 'string' ? body : JSON.stringify(body);
}
