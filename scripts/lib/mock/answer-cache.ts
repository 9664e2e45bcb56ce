/**
 * Memo of the mock's answers. With static examples Prism is a pure function of the request:
 * method, URL, body and the few headers it reads (credentials, content type, Accept, Prefer).
 * Test suites repeat the same requests a lot, and Prism's routing, validation and negotiation
 * cost several times what the answer itself does.
 */
import type { IncomingMessage } from 'node:http';
import type { OpenAPIObject, ParameterObject, ReferenceObject, SecuritySchemeObject } from 'openapi3-ts/oas31';

/** The only headers an answer depends on, given `cachingIsSafe`. */
const KEY_HEADERS = ['authorization', 'content-type', 'accept', 'prefer'] as const;
/** Larger bodies are answered without the memo rather than kept in memory. */
const MAX_KEYED_BODY = 64 * 1024;

export class AnswerCache<T> {
  private readonly entries = new Map<string, T>();
  constructor(private readonly limit: number) {}

  get(key: string): T | undefined {
    const value = this.entries.get(key);
    if (value !== undefined) {
      // Least recently used goes first: move a hit to the end.
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }

  set(key: string, value: T): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.limit) this.entries.delete(this.entries.keys().next().value!);
  }

  get size(): number {
    return this.entries.size;
  }
}

/**
 * True when no answer can depend on other headers or cookies: no header or cookie parameters
 * and only HTTP (Basic/Bearer) security schemes, which Prism reads from Authorization.
 */
export function cachingIsSafe(doc: OpenAPIObject): boolean {
  const resolve = (p: ParameterObject | ReferenceObject): ParameterObject | undefined =>
    '$ref' in p ? (doc.components?.parameters?.[p.$ref.split('/').pop() ?? ''] as ParameterObject | undefined) : p;
  for (const item of Object.values(doc.paths ?? {})) {
    for (const value of Object.values(item)) {
      const parameters = (value as { parameters?: Array<ParameterObject | ReferenceObject> })?.parameters ?? [];
      if (parameters.some((p) => ['header', 'cookie'].includes(resolve(p)?.in ?? ''))) return false;
    }
  }
  const schemes = Object.values(doc.components?.securitySchemes ?? {}) as SecuritySchemeObject[];
  return schemes.every((scheme) => scheme.type === 'http');
}

/** The memo key of a request, or undefined when it should not be memoized. */
export function requestKey(request: IncomingMessage, body: Buffer): string | undefined {
  if (body.length > MAX_KEYED_BODY) return undefined;
  const headers = KEY_HEADERS.map((name) => {
    const value = request.headers[name];
    return Array.isArray(value) ? value.join(', ') : (value ?? null);
  });
  return JSON.stringify([request.method, request.url, headers, body.toString('latin1')]);
}
