/**
 * Memo of the mock's answers. Without `stateful`, the answer to a request without a body is a
 * pure function of its method, URL and the few headers the checks read (credentials, content
 * type, Accept, Prefer). Test suites repeat the same reads a lot; a repeat skips the checks.
 * The memo is bounded by the bytes it holds (keys and answers), not by its number of entries.
 */
import type { IncomingMessage } from 'node:http';
import type { OpenAPIObject, ParameterObject, ReferenceObject, SecuritySchemeObject } from 'openapi3-ts/oas31';

/** The only headers an answer depends on, given `cachingIsSafe`. */
const KEY_HEADERS = ['authorization', 'content-type', 'accept', 'prefer'] as const;
/** Answers (key and body) larger than this are not kept. */
export const MAX_ENTRY = 16 * 1024;

export interface AnswerCacheOptions {
  /**
   * Keep an answer only when its key comes a second time (a doorkeeper, as in TinyLFU): traffic
   * that never repeats then costs a set lookup, not an entry made and pushed out again.
   */
  secondSight?: boolean;
}

/** Keys seen once are remembered up to this many (then forgotten all at once). */
const DOORKEEPER_SIZE = 8192;

/**
 * A key as the doorkeeper remembers it: a 30-bit FNV-1a hash (a small integer, which V8 keeps
 * unboxed), not the key itself. Keeping the keys would keep thousands of strings alive long enough
 * for the collector to copy them to the old generation, then collect them there. Two keys that
 * share a hash only let the second be kept on its first sight.
 */
function doorkeeperHash(key: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i += 1) hash = Math.imul(hash ^ key.charCodeAt(i), 0x01000193);
  return hash >>> 2;
}

export class AnswerCache<T> {
  private readonly entries = new Map<string, { value: T; bytes: number }>();
  private readonly seenOnce = new Set<number>();
  private held = 0;

  /** `sizeOf` counts a value's bytes; keys count two bytes a character (UTF-16). */
  constructor(
    private readonly maxBytes: number,
    private readonly sizeOf: (value: T) => number,
    private readonly options: AnswerCacheOptions = {},
  ) {}

  get(key: string): T | undefined {
    const entry = this.entries.get(key);
    if (entry !== undefined) {
      // Least recently used goes first: move a hit to the end.
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    return entry?.value;
  }

  set(key: string, value: T): void {
    if (this.options.secondSight && !this.entries.has(key)) {
      const hash = doorkeeperHash(key);
      if (!this.seenOnce.has(hash)) {
        if (this.seenOnce.size >= DOORKEEPER_SIZE) this.seenOnce.clear();
        this.seenOnce.add(hash);
        return;
      }
    }
    const bytes = key.length * 2 + this.sizeOf(value);
    const old = this.entries.get(key);
    if (old) {
      this.held -= old.bytes;
      this.entries.delete(key);
    }
    // A large entry would push out many small ones, and copying a large answer is cheap next to
    // sending it: large answers are not kept.
    if (bytes > Math.min(this.maxBytes / 4, MAX_ENTRY)) return;
    this.entries.set(key, { value, bytes });
    this.held += bytes;
    for (const [oldest, entry] of this.entries) {
      if (this.held <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.held -= entry.bytes;
    }
  }

  get size(): number {
    return this.entries.size;
  }

  /** Bytes held: keys (two a character) and values, as sizeOf counts them. */
  get bytes(): number {
    return this.held;
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

/**
 * The memo key of a request, or undefined when it should not be memoized: requests with a body
 * are not (most are writes, and a key holding the body would cost more than it saves).
 */
export function requestKey(request: IncomingMessage, body: Buffer): string | undefined {
  if (body.length > 0) return undefined;
  let key = `${request.method} ${request.url}`;
  for (const name of KEY_HEADERS) {
    const value = request.headers[name];
    key += `\n${Array.isArray(value) ? value.join(', ') : (value ?? '')}`;
  }
  return key;
}
