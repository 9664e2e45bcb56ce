/**
 * `verify --record FILE`: what a run sent and got, reads and writes, as transcript entries
 * (scripts/lib/transcript/format.ts). Credentials are never kept (the request's headers are only
 * its Content-Type), a secret that shows in a body is replaced by `[redacted]`, and bodies are cut
 * at TRANSCRIPT_BODY_LIMIT characters. Each entry names the operation its method and path are for.
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

  /** The entries, each naming the operation of `doc` it was for (null when none matches). */
  named(doc: OpenAPIObject): TranscriptEntry[] {
    this.routes ??= routesOf(doc);
    const routes = this.routes;
    return this.entries.map((entry) => ({
      ...entry,
      operationId: findRoute(routes, entry.method, entry.path.split('?')[0]!)?.operationId ?? null,
    }));
  }
}

/** A Prism answer's body as the text it was: parsed JSON is written back as JSON. */
export function bodyText(body: unknown): string | null {
  if (body === undefined || body === null || body === '') return null;
  return typeof body === 'string' ? body : JSON.stringify(body);
}
