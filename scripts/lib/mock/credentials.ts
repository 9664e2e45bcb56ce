/**
 * Who is calling, from the Authorization header, checked for form only (the mock knows no
 * accounts): `Basic <base64 of user:secret>` or `Bearer <token>`, nothing before or after.
 */
import type { SecurityAlternative } from './operations.js';
import type { Violation } from './violation.js';

export interface Caller {
  /** The Basic user name (or, with an empty user, the secret); the Bearer token. */
  name: string;
  scheme: 'basic' | 'bearer';
}

const TOKEN68 = /^[A-Za-z0-9\-._~+/]+=*$/;
const WHITE_SPACE = /\s/;

// The last header read, and what it said: a request's checks, its page limit and its query all ask.
let lastHeader: string | undefined;
let lastCaller: Caller | undefined;

/** The caller named by a well-formed Authorization header, or undefined. */
export function callerOf(header: string | undefined): Caller | undefined {
  if (!header) return undefined;
  if (header === lastHeader) return lastCaller;
  lastCaller = readCaller(header);
  lastHeader = header;
  return lastCaller;
}

function readCaller(header: string): Caller | undefined {
  // `<scheme> +<credentials>`, neither with white space in it (the credentials' own checks below
  // refuse any: white space is neither base64 nor token68).
  const space = header.indexOf(' ');
  if (space <= 0) return undefined;
  let start = space + 1;
  while (header.charCodeAt(start) === 32) start += 1;
  const scheme = header.slice(0, space);
  if (start === header.length || WHITE_SPACE.test(scheme)) return undefined;
  switch (scheme.toLowerCase()) {
    case 'basic':
      return basicCaller(header, start);
    case 'bearer': {
      const credentials = header.slice(start);
      return TOKEN68.test(credentials) ? { name: credentials, scheme: 'bearer' } : undefined;
    }
    default:
      return undefined;
  }
}

/** Each base64 character's six bits, by character code; -1 for any other character. */
const SEXTETS = new Int8Array(128).fill(-1);
for (const [i, c] of [...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'].entries()) SEXTETS[c.charCodeAt(0)] = i;

/** Decoded credentials; reused by every call (a Buffer per request costs more than the decoding). */
let bytes = new Uint8Array(256);

/**
 * Basic credentials from `header[start..]`: strict base64 (whole quads, then `xx==`, `xxx=` or an
 * unpadded `xx`/`xxx`), decoded to `user:secret`, split at the first colon. The user names the
 * caller; with an empty user, the secret does (a token sent as the password alone).
 */
function basicCaller(header: string, start: number): Caller | undefined {
  let end = header.length;
  let padding = 0;
  while (padding < 2 && end > start && header.charCodeAt(end - 1) === 61) {
    end -= 1;
    padding += 1;
  }
  const length = end - start;
  if (padding > 0 ? (header.length - start) % 4 !== 0 : length % 4 === 1) return undefined;
  const size = Math.floor((length * 6) / 8);
  if (size > bytes.length) bytes = new Uint8Array(size);
  let bits = 0;
  let held = 0;
  let n = 0;
  let colon = -1;
  let ascii = true;
  for (let i = start; i < end; i += 1) {
    const code = header.charCodeAt(i);
    const sextet = code < 128 ? SEXTETS[code]! : -1;
    if (sextet < 0) return undefined;
    bits = ((bits << 6) | sextet) & 0xffffff;
    held += 6;
    if (held >= 8) {
      held -= 8;
      const byte = (bits >> held) & 0xff;
      if (byte === 0x3a && colon < 0) colon = n;
      if (byte > 0x7f) ascii = false;
      bytes[n++] = byte;
    }
  }
  // OneDev splits at the first colon: a password may contain more.
  if (colon < 0 || n === 1) return undefined;
  const name = colon > 0 ? text(0, colon, ascii) : text(colon + 1, n, ascii);
  return { name, scheme: 'basic' };
}

/** bytes[from..to] as UTF-8 text (as Buffer's toString reads it, replacement characters and all). */
function text(from: number, to: number, ascii: boolean): string {
  // A short ASCII name, the usual one, is put together here: cheaper than a call into Node's decoder.
  if (!ascii || to - from > 64) return Buffer.from(bytes.buffer, from, to - from).toString('utf8');
  let name = '';
  for (let i = from; i < to; i += 1) name += String.fromCharCode(bytes[i]!);
  return name;
}

/** Prism's single security problem, when no alternative of the operation is met. */
const NONE: Violation[] = Object.freeze([]) as unknown as Violation[];

export function securityViolations(security: readonly SecurityAlternative[] | undefined, caller: Caller | undefined, header: string | undefined): Violation[] {
  if (!security || security.length === 0) return NONE;
  // Loops rather than some/every with callbacks: this runs for every request.
  for (let i = 0; i < security.length; i += 1) {
    const alternative = security[i]!;
    if (alternative.length === 0 ? !header : meets(alternative, caller)) return NONE;
  }
  return [{ code: 401, message: 'Invalid security scheme used', severity: 0 }];
}

/** Whether the caller meets every scheme of an alternative (a scheme not modelled is met: as Prism, a warning at most). */
function meets(alternative: SecurityAlternative, caller: Caller | undefined): boolean {
  for (let i = 0; i < alternative.length; i += 1) {
    const scheme = alternative[i]!;
    if (scheme.type === 'http' && (scheme.scheme === 'basic' || scheme.scheme === 'bearer') && caller?.scheme !== scheme.scheme) return false;
  }
  return true;
}
