/**
 * `Prefer: code=404, example=name, dynamic=true` (or `?__code=`, `?__example=`, `?__dynamic=`
 * for clients that cannot set headers), as Prism's own server reads it.
 */
export interface Preferences {
  code?: number;
  exampleKey?: string;
  dynamic?: boolean;
  seed?: string;
}

/** `a=1; b, c="x,y"` -> { a: '1', c: 'x,y' }; the first value of a name wins. */
function parsePreferHeader(header: string): Record<string, string | true> {
  const out: Record<string, string | true> = {};
  for (const preference of splitOutsideQuotes(header, ',')) {
    const [first] = splitOutsideQuotes(preference, ';');
    if (first === undefined) continue;
    const eq = first.indexOf('=');
    const name = (eq < 0 ? first : first.slice(0, eq)).trim().toLowerCase();
    let value = eq < 0 ? '' : first.slice(eq + 1).trim();
    if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    if (name && !(name in out)) out[name] = value.length > 0 ? value : true;
  }
  return out;
}

function splitOutsideQuotes(text: string, separator: string): string[] {
  const parts: string[] = [];
  let start = 0;
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    if (text[i] === '"') quoted = !quoted;
    else if (text[i] === separator && !quoted) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

/** The preferences, or the reason they cannot be used. */
export function preferencesOf(header: string | undefined, query: Record<string, string | string[]>): Preferences | { error: string } {
  const raw: Record<string, unknown> = header
    ? parsePreferHeader(header)
    : { code: query.__code, example: query.__example, dynamic: query.__dynamic, seed: query.__seed };
  const out: Preferences = {};
  const { code, example, dynamic, seed } = raw;
  if (code !== undefined) {
    if (typeof code !== 'string' || !/^\d{3}$/.test(code)) return { error: `code must be a three-digit status, got ${JSON.stringify(code)}` };
    out.code = Number(code);
  }
  if (dynamic !== undefined) {
    if (dynamic !== 'true' && dynamic !== 'false') return { error: `dynamic must be true or false, got ${JSON.stringify(dynamic)}` };
    out.dynamic = dynamic === 'true';
  }
  if (example !== undefined) {
    if (typeof example !== 'string') return { error: `example must name an example, got ${JSON.stringify(example)}` };
    out.exampleKey = example;
  }
  if (seed !== undefined) {
    if (typeof seed !== 'string') return { error: `seed must be text, got ${JSON.stringify(seed)}` };
    out.seed = seed;
  }
  return out;
}
