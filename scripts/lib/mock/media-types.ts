/** Media types as the front compares them: Content-Type of bodies, Accept of answers. */

export interface MediaType {
  type: string;
  subtype: string;
}

const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** Media types seen, parsed: a client sends the same few over and over. Bounded, never evicted. */
const SEEN = new Map<string, MediaType | null>();
const SEEN_LIMIT = 256;

/** `application/json; charset=utf-8` -> application/json; undefined when malformed (`json`). */
export function parseMediaType(text: string): MediaType | undefined {
  const seen = SEEN.get(text);
  if (seen !== undefined) return seen ?? undefined;
  const parsed = parse(text);
  if (SEEN.size < SEEN_LIMIT) SEEN.set(text, parsed ? Object.freeze(parsed) : null);
  return parsed;
}

function parse(text: string): MediaType | undefined {
  const essence = text.split(';', 1)[0]!.trim().toLowerCase();
  const slash = essence.indexOf('/');
  if (slash < 0) return undefined;
  const type = essence.slice(0, slash);
  const subtype = essence.slice(slash + 1);
  return TOKEN.test(type) && TOKEN.test(subtype) ? { type, subtype } : undefined;
}

/** `application/vnd.x+json` counts as `application/json`, as Prism counts it. */
function structuredSubtype(subtype: string): string {
  const plus = subtype.lastIndexOf('+');
  return plus < 0 ? subtype : subtype.slice(plus + 1);
}

/** Whether a request body's media type is one the operation takes (given as text, or parsed ahead). */
export function bodyTypeAccepted(sent: MediaType, supported: ReadonlyArray<string | MediaType | undefined>): boolean {
  return supported.some((entry) => {
    const s = typeof entry === 'string' ? parseMediaType(entry) : entry;
    if (!s) return false;
    return (sent.type === s.type || s.type === '*') && (structuredSubtype(sent.subtype) === structuredSubtype(s.subtype) || s.subtype === '*');
  });
}

/**
 * The first of `offered` an Accept header allows (q > 0), or undefined. No header, or an empty
 * one, allows anything; ranges that do not parse allow nothing.
 */
export function acceptable(accept: string | undefined, offered: readonly string[]): string | undefined {
  if (accept === undefined || accept.trim() === '') return offered[0];
  let best: { media: string; q: number; specificity: number } | undefined;
  for (const range of accept.split(',')) {
    const [head, ...params] = range.split(';');
    const parsed = head === undefined ? undefined : parseRange(head);
    if (!parsed) continue;
    let q = 1;
    for (const param of params) {
      const [name, value] = param.split('=').map((s) => s.trim());
      if (name?.toLowerCase() === 'q') q = /^(0(\.\d{0,3})?|1(\.0{0,3})?)$/.test(value ?? '') ? Number(value) : 0;
    }
    if (q <= 0) continue;
    for (const media of offered) {
      const m = parseMediaType(media);
      if (!m) continue;
      const typeOk = parsed.type === '*' || parsed.type === m.type;
      const subOk = parsed.subtype === '*' || parsed.subtype === m.subtype;
      if (!typeOk || !subOk) continue;
      const specificity = (parsed.type === '*' ? 0 : 1) + (parsed.subtype === '*' ? 0 : 1);
      if (!best || q > best.q || (q === best.q && specificity > best.specificity)) best = { media, q, specificity };
    }
  }
  return best?.media;
}

function parseRange(text: string): MediaType | undefined {
  const trimmed = text.trim().toLowerCase();
  if (trimmed === '*/*') return { type: '*', subtype: '*' };
  const parsed = parseMediaType(trimmed);
  if (!parsed || (parsed.type === '*' && parsed.subtype !== '*')) return undefined;
  return parsed;
}
