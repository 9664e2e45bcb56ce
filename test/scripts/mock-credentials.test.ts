/**
 * Reading the caller from an Authorization header (scripts/lib/mock/credentials.ts). The Basic
 * check works on the header's characters instead of a Buffer per request (the name is decoded
 * only when asked); here it is held to what base64 as Node decodes it says, over generated
 * headers: well-formed ones (user names and secrets with colons and non-ASCII text, padded and
 * unpadded) and their mutations (characters swapped, padding added or cut, white space, other
 * schemes). Also the operation's security plan against Prism's rule. The server-level refusals
 * are in mock-defects.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { callerOf, securityPlanOf, securityViolations, type Caller } from '../../scripts/lib/mock/credentials.js';
import type { SecurityAlternative } from '../../scripts/lib/mock/operations.js';

/** What the header says, read the plain way: a strict base64 pattern, then Node's decoder. */
function expected(header: string): Caller | undefined {
  const match = /^(\S+) +(.*)$/s.exec(header);
  if (!match) return undefined;
  const [, scheme, credentials] = match as unknown as [string, string, string];
  if (credentials === '' || /\s/.test(credentials)) return undefined;
  if (scheme.toLowerCase() === 'bearer') return /^[A-Za-z0-9\-._~+/]+=*$/.test(credentials) ? { name: credentials, scheme: 'bearer' } : undefined;
  if (scheme.toLowerCase() !== 'basic') return undefined;
  if (!/^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=|[A-Za-z0-9+/]{2,3})?$/.test(credentials)) return undefined;
  const decoded = Buffer.from(credentials, 'base64');
  const colon = decoded.indexOf(0x3a);
  if (colon < 0 || decoded.length === 1) return undefined;
  return { name: colon > 0 ? decoded.toString('utf8', 0, colon) : decoded.toString('utf8', colon + 1), scheme: 'basic' };
}

/** A small deterministic generator (xorshift), so a failure names a header that comes back. */
function generator(seed: number): (n: number) => number {
  let x = seed;
  return (n) => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) % n;
  };
}

/** A caller as plain data (a Basic caller decodes its name when asked). */
function read(header: string): Caller | undefined {
  const caller = callerOf(header);
  return caller && { name: caller.name, scheme: caller.scheme };
}

const PIECES = ['a', 'robin', 'user-17', ':', 'é', '中', '😀', ' ', '=', '\u0000', 'token+/=', 'x'.repeat(300)];
const SWAPS = ['A', 'z', '0', '+', '/', '=', '-', '_', ' ', '\t', '!', 'é', '.'];

function headers(count: number): string[] {
  const random = generator(20261128);
  const out: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const text = Array.from({ length: 1 + random(5) }, () => PIECES[random(PIECES.length)]).join('');
    let encoded = Buffer.from(text, 'utf8').toString('base64');
    const change = random(6);
    if (change === 1) encoded = encoded.replace(/=+$/, '');
    if (change === 2) encoded += '='.repeat(1 + random(3));
    if (change === 3 && encoded.length > 0) {
      const at = random(encoded.length);
      encoded = encoded.slice(0, at) + SWAPS[random(SWAPS.length)] + encoded.slice(at + 1);
    }
    if (change === 4) encoded = encoded.slice(0, random(encoded.length + 1));
    const scheme = ['Basic', 'basic', 'BASIC', 'Bearer', 'Digest', 'Ba sic'][random(6)]!;
    out.push(`${scheme}${' '.repeat(1 + random(2))}${encoded}`);
  }
  return out;
}

describe('the caller of an Authorization header', () => {
  it('reads every generated header as base64 decoded by Node says', () => {
    const all = headers(20_000);
    const differ = all.filter((header) => JSON.stringify(read(header)) !== JSON.stringify(expected(header)));
    expect(differ.slice(0, 5)).toEqual([]);
    // The generated headers reach every outcome: callers of both schemes, and refusals.
    const outcomes = new Set(all.map((header) => callerOf(header)?.scheme ?? 'none'));
    expect([...outcomes].sort()).toEqual(['basic', 'bearer', 'none']);
  });

  it('names the user, or the secret when the user is empty, and refuses what is not base64 or lacks a colon', () => {
    const basic = (text: string): string => `Basic ${Buffer.from(text).toString('base64')}`;
    expect(read(basic('alice:s3cret:more'))).toEqual({ name: 'alice', scheme: 'basic' });
    expect(read(basic(':only-token'))).toEqual({ name: 'only-token', scheme: 'basic' });
    expect(read(basic('zoë:x'))).toEqual({ name: 'zoë', scheme: 'basic' });
    expect(callerOf(basic('no-colon'))).toBeUndefined();
    expect(callerOf(basic(':'))).toBeUndefined();
    expect(read('Basic YWxpY2U6eA')).toEqual({ name: 'alice', scheme: 'basic' });
    expect(callerOf('Basic YWxpY2U6eA=')).toBeUndefined();
    expect(callerOf('Basic YWxpY2U6eA===')).toBeUndefined();
    expect(callerOf('Basic YWxpY2U6e')).toBeUndefined();
    expect(callerOf('Basic YWxp Y2U6eA==')).toBeUndefined();
    expect(callerOf('Basic ')).toBeUndefined();
  });
});

describe("an operation's security plan", () => {
  /** Prism's rule, read the plain way: some alternative whose every modelled scheme the caller has (an empty one: no header sent). */
  function met(security: SecurityAlternative[], caller: Caller | undefined, header: string | undefined): boolean {
    if (security.length === 0) return true;
    return security.some((alternative) =>
      alternative.length === 0
        ? !header
        : alternative.every((s) => !(s.type === 'http' && (s.scheme === 'basic' || s.scheme === 'bearer')) || caller?.scheme === s.scheme),
    );
  }

  it('lets through exactly the callers that meet an alternative, for every mix of schemes', () => {
    const schemes = [{ type: 'http', scheme: 'basic' }, { type: 'http', scheme: 'bearer' }, { type: 'http', scheme: 'digest' }, { type: 'apiKey' }];
    // Every alternative of up to two schemes, and every security of up to two alternatives.
    const alternatives: SecurityAlternative[] = [[], ...schemes.map((s) => [s]), ...schemes.flatMap((a, i) => schemes.slice(i + 1).map((b) => [a, b]))];
    const securities: SecurityAlternative[][] = [[], ...alternatives.map((a) => [a]), ...alternatives.flatMap((a, i) => alternatives.slice(i + 1).map((b) => [a, b]))];
    const headers = [undefined, `Basic ${Buffer.from('alice:x').toString('base64')}`, 'Bearer t0k3n', 'Digest abc', 'Basic !!'];
    let refused = 0;
    for (const security of securities) {
      const plan = securityPlanOf(security);
      for (const header of headers) {
        const caller = callerOf(header);
        const problems = securityViolations(plan, caller, header);
        expect([JSON.stringify(security), header, problems.length === 0]).toEqual([JSON.stringify(security), header, met(security, caller, header)]);
        if (problems.length > 0) refused += 1;
      }
    }
    // The cases reach both outcomes.
    expect(refused).toBeGreaterThan(0);
    expect(refused).toBeLessThan(securities.length * headers.length);
  });
});
