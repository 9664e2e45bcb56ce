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

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=|[A-Za-z0-9+/]{2,3})?$/;
const TOKEN68 = /^[A-Za-z0-9\-._~+/]+=*$/;

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
  // `<scheme> +<credentials>`, neither with white space in it.
  const space = header.indexOf(' ');
  if (space <= 0) return undefined;
  let start = space + 1;
  while (header.charCodeAt(start) === 32) start += 1;
  const scheme = header.slice(0, space);
  const credentials = header.slice(start);
  if (credentials === '' || /\s/.test(scheme) || /\s/.test(credentials)) return undefined;
  switch (scheme.toLowerCase()) {
    case 'basic': {
      if (!BASE64.test(credentials)) return undefined;
      const decoded = Buffer.from(credentials, 'base64');
      const colon = decoded.indexOf(0x3a);
      // OneDev splits at the first colon: a password may contain more.
      if (colon < 0 || decoded.length === 1) return undefined;
      const name = colon > 0 ? decoded.toString('utf8', 0, colon) : decoded.toString('utf8', colon + 1);
      return { name, scheme: 'basic' };
    }
    case 'bearer':
      return TOKEN68.test(credentials) ? { name: credentials, scheme: 'bearer' } : undefined;
    default:
      return undefined;
  }
}

/** Prism's single security problem, when no alternative of the operation is met. */
const NONE: Violation[] = Object.freeze([]) as unknown as Violation[];

export function securityViolations(security: readonly SecurityAlternative[] | undefined, caller: Caller | undefined, header: string | undefined): Violation[] {
  if (!security || security.length === 0) return NONE;
  const met = security.some((alternative) =>
    alternative.every((scheme) => {
      if (scheme.type !== 'http') return true; // not modelled: as Prism, a warning at most
      if (scheme.scheme === 'basic') return caller?.scheme === 'basic';
      if (scheme.scheme === 'bearer') return caller?.scheme === 'bearer';
      return true;
    }) && (alternative.length > 0 || !header),
  );
  return met ? NONE : [{ code: 401, message: 'Invalid security scheme used', severity: 0 }];
}
