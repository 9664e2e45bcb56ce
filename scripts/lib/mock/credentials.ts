/**
 * Who is calling, from the Authorization header, checked for form only (the mock knows no
 * accounts): `Basic <base64 of user:secret>` or `Bearer <token>`, nothing before or after.
 */
import type { SecurityAlternative } from './operations.js';
import type { Violation } from './violation.js';

export interface Caller {
  /** The Basic user name (or, with an empty user, the secret); the Bearer token. */
  readonly name: string;
  readonly scheme: 'basic' | 'bearer';
}

/**
 * What an operation's security asks, worked out once per operation: a request then meets it by a
 * few field reads instead of a walk through its alternatives and schemes.
 */
export interface SecurityPlan {
  /** The operation names no security: nothing is checked. */
  readonly open: boolean;
  /** An empty alternative: a request without an Authorization header meets it. */
  readonly anonymous: boolean;
  /** An alternative of schemes the mock does not model only: met whatever is sent (as Prism, a warning at most). */
  readonly always: boolean;
  /** An alternative a Basic caller meets (it asks for Basic, and for no Bearer scheme). */
  readonly basic: boolean;
  /** An alternative a Bearer caller meets. */
  readonly bearer: boolean;
}

export function securityPlanOf(security: readonly SecurityAlternative[] | undefined): SecurityPlan {
  const asks = (alternative: SecurityAlternative, scheme: string): boolean => alternative.some((s) => s.type === 'http' && s.scheme === scheme);
  const alternatives = security ?? [];
  return {
    open: alternatives.length === 0,
    anonymous: alternatives.some((a) => a.length === 0),
    always: alternatives.some((a) => a.length > 0 && !asks(a, 'basic') && !asks(a, 'bearer')),
    basic: alternatives.some((a) => asks(a, 'basic') && !asks(a, 'bearer')),
    bearer: alternatives.some((a) => asks(a, 'bearer') && !asks(a, 'basic')),
  };
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

function sextetAt(text: string, i: number): number {
  const code = text.charCodeAt(i);
  return code < 128 ? SEXTETS[code]! : -1;
}

/**
 * Basic credentials from `header[start..]`, checked: strict base64 (whole quads, then `xx==`,
 * `xxx=` or an unpadded `xx`/`xxx`) whose bytes hold a colon (OneDev splits `user:secret` at the
 * first one) and more than the colon. Read a quad (three bytes) at a time, without keeping the
 * bytes: most requests never ask for the name (only page limits and `me` in a query do).
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
  // Only whether a colon is there matters now: the name is decoded when asked.
  let colon = false;
  let i = start;
  for (const whole = start + (length & ~3); i < whole; i += 4) {
    const a = sextetAt(header, i);
    const b = sextetAt(header, i + 1);
    const c = sextetAt(header, i + 2);
    const d = sextetAt(header, i + 3);
    if ((a | b | c | d) < 0) return undefined;
    colon ||= holdsColon((a << 18) | (b << 12) | (c << 6) | d, 3);
  }
  // The last two or three characters: one or two bytes.
  const left = end - i;
  if (left > 0) {
    const a = sextetAt(header, i);
    const b = sextetAt(header, i + 1);
    const c = left === 3 ? sextetAt(header, i + 2) : 0;
    if ((a | b | c) < 0) return undefined;
    colon ||= holdsColon((a << 18) | (b << 12) | (c << 6), left - 1);
  }
  // Two characters are one byte: a colon alone names nobody.
  if (!colon || length === 2) return undefined;
  return new BasicCaller(header, start, end);
}

/** Whether one of the first `count` of three bytes (24 bits) is a colon. */
function holdsColon(bits: number, count: number): boolean {
  for (let k = 0; k < count; k += 1) if (((bits >> (16 - 8 * k)) & 0xff) === 0x3a) return true;
  return false;
}

/** A checked Basic header; its name is decoded (with Node's base64 and UTF-8 decoders) when first asked. */
class BasicCaller implements Caller {
  readonly scheme = 'basic';
  private decoded: string | undefined;

  constructor(
    private readonly header: string,
    private readonly start: number,
    private readonly end: number,
  ) {}

  get name(): string {
    if (this.decoded === undefined) {
      const bytes = Buffer.from(this.header.slice(this.start, this.end), 'base64');
      const colon = bytes.indexOf(0x3a);
      this.decoded = colon > 0 ? bytes.toString('utf8', 0, colon) : bytes.toString('utf8', colon + 1);
    }
    return this.decoded;
  }
}

/** No security problem. */
const NONE: Violation[] = Object.freeze([]) as unknown as Violation[];

/** Prism's single security problem, when the caller meets no alternative of the operation's plan. */
export function securityViolations(plan: SecurityPlan, caller: Caller | undefined, header: string | undefined): Violation[] {
  if (plan.open || plan.always || (plan.anonymous && !header)) return NONE;
  if (caller !== undefined && (caller.scheme === 'basic' ? plan.basic : plan.bearer)) return NONE;
  return [{ code: 401, message: 'Invalid security scheme used', severity: 0 }];
}
