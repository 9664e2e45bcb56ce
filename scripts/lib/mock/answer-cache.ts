/**
 * Memo of the mock's answers. Without `stateful`, the answer to a request without a body is a
 * pure function of its method, URL and the few headers the checks read (credentials, content
 * type, Accept, Prefer). Test suites repeat the same reads a lot; a repeat skips the checks.
 * The memo is bounded by the bytes it holds (keys and answers), not by its number of entries.
 */
import type { IncomingMessage } from 'node:http';
import type { OpenAPIObject, ParameterObject, ReferenceObject, SecuritySchemeObject } from 'openapi3-ts/oas31';

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
 * Lookups in a row without a hit after which the memo idles: it then looks up one request in
 * IDLE_SAMPLE, so traffic that never repeats stops paying for keys (and the doorkeeper's work)
 * for nothing. A sampled request that repeats is kept and met again like any other; its hit
 * wakes the memo.
 */
export const IDLE_AFTER = 4096;
export const IDLE_SAMPLE = 16;

/**
 * A request's memo key: the texts its answer depends on, and their 30-bit FNV-1a hash (a small
 * integer, which V8 keeps unboxed). The memo looks entries up by the hash and compares the texts:
 * a request that never comes again costs a hash, not a key string put together, flattened and
 * hashed again by a Map. The doorkeeper keeps only hashes: keeping keys would keep thousands of
 * strings alive long enough for the collector to copy them to the old generation.
 */
export interface MemoKey {
  readonly parts: readonly string[];
  readonly hash: number;
}

export function memoKey(...parts: string[]): MemoKey {
  let hash = 0x811c9dc5;
  for (const part of parts) {
    for (let i = 0; i < part.length; i += 1) hash = Math.imul(hash ^ part.charCodeAt(i), 0x01000193);
    // A separator, so that ('ab', 'c') and ('a', 'bc') differ.
    hash = Math.imul(hash ^ 0xffff, 0x01000193);
  }
  return { parts, hash: hash >>> 2 };
}

function sameParts(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i += 1) if (a[i] !== b[i]) return false;
  return true;
}

function keyBytes(key: MemoKey): number {
  let bytes = 0;
  for (const part of key.parts) bytes += part.length * 2;
  return bytes;
}

interface Entry<T> {
  parts: readonly string[];
  value: T;
  bytes: number;
}

export class AnswerCache<T> {
  /** By hash; two keys that share one take turns in its place. */
  private readonly entries = new Map<number, Entry<T>>();
  private readonly seenOnce = new Set<number>();
  private held = 0;
  private misses = 0;
  private turn = 0;

  /** `sizeOf` counts a value's bytes; keys count two bytes a character (UTF-16). */
  constructor(
    private readonly maxBytes: number,
    private readonly sizeOf: (value: T) => number,
    private readonly options: AnswerCacheOptions = {},
  ) {}

  /** Whether to look this request up at all: always, unless the memo idles (IDLE_AFTER). */
  consult(): boolean {
    if (this.misses < IDLE_AFTER) return true;
    this.turn = this.turn === IDLE_SAMPLE - 1 ? 0 : this.turn + 1;
    return this.turn === 0;
  }

  get(key: MemoKey): T | undefined {
    const entry = this.entries.get(key.hash);
    if (entry === undefined || !sameParts(entry.parts, key.parts)) {
      this.misses += 1;
      return undefined;
    }
    this.misses = 0;
    // Least recently used goes first: move a hit to the end.
    this.entries.delete(key.hash);
    this.entries.set(key.hash, entry);
    return entry.value;
  }

  set(key: MemoKey, value: T): void {
    const hash = key.hash;
    const old = this.entries.get(hash);
    if (this.options.secondSight && old === undefined && !this.seenOnce.has(hash)) {
      if (this.seenOnce.size >= DOORKEEPER_SIZE) this.seenOnce.clear();
      this.seenOnce.add(hash);
      return;
    }
    if (old) {
      this.held -= old.bytes;
      this.entries.delete(hash);
    }
    const bytes = keyBytes(key) + this.sizeOf(value);
    // A large entry would push out many small ones, and copying a large answer is cheap next to
    // sending it: large answers are not kept.
    if (bytes > Math.min(this.maxBytes / 4, MAX_ENTRY)) return;
    this.entries.set(hash, { parts: key.parts, value, bytes });
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
export function requestKey(request: IncomingMessage, body: Buffer): MemoKey | undefined {
  if (body.length > 0) return undefined;
  const headers = request.headers;
  // The only headers an answer depends on, given `cachingIsSafe`.
  return memoKey(request.method ?? '', request.url ?? '', headerText(headers.authorization), headerText(headers['content-type']), headerText(headers.accept), headerText(headers.prefer));
}

function headerText(value: string | string[] | undefined): string {
  return Array.isArray(value) ? value.join(', ') : (value ?? '');
}
