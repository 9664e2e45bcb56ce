/**
 * How query values compare, as OneDev's criteria compare them: wildcards (`*` any text), project
 * paths (`*` within a level, `**` across levels), dates (absolute or relative). Matching is
 * dynamic programming over the pattern and the text, so a hostile pattern costs at most their
 * lengths multiplied, never exponential backtracking.
 */

/** `*` matches any run of characters; case-sensitive (callers lower-case both sides when asked). */
export function wildcard(pattern: string, text: string): boolean {
  return matchWith(pattern, text, () => true);
}

/** A path pattern: `**` crosses levels, `*` stays within one (never matches `/`). */
export function pathWildcard(pattern: string, text: string): boolean {
  return matchWith(pattern, text, (c, double) => double || c !== '/');
}

function matchWith(pattern: string, text: string, starTakes: (c: string, double: boolean) => boolean): boolean {
  // Tokens: literal characters and stars (`**` as one double star).
  const tokens: Array<{ star: false; c: string } | { star: true; double: boolean }> = [];
  for (let i = 0; i < pattern.length; i += 1) {
    if (pattern[i] === '*') {
      const double = pattern[i + 1] === '*';
      if (double) i += 1;
      tokens.push({ star: true, double });
    } else tokens.push({ star: false, c: pattern[i]! });
  }
  // can[j]: the tokens so far can match text[0..j).
  let can = new Array<boolean>(text.length + 1).fill(false);
  can[0] = true;
  for (const token of tokens) {
    const next = new Array<boolean>(text.length + 1).fill(false);
    if (token.star) {
      for (let j = 0; j <= text.length; j += 1) {
        if (can[j]) next[j] = true;
        else if (j > 0 && next[j - 1] && starTakes(text[j - 1]!, token.double)) next[j] = true;
      }
    } else {
      for (let j = 1; j <= text.length; j += 1) next[j] = can[j - 1]! && text[j - 1] === token.c;
    }
    can = next;
  }
  return can[text.length]!;
}

const UNITS: Record<string, number> = { minute: 60e3, hour: 3600e3, day: 86400e3, week: 7 * 86400e3, month: 30 * 86400e3, year: 365 * 86400e3 };

/**
 * A date a query gives: `2025-06-01`, `2025-06-01 14:30[:05]`, an ISO 8601 date-time, `today`,
 * `yesterday`, or `N minutes|hours|days|weeks|months|years ago`. Undefined when unreadable.
 */
export function parseQueryDate(value: string, now: number = Date.now()): number | undefined {
  const text = value.trim().toLowerCase();
  if (text === 'today' || text === 'now') return text === 'now' ? now : startOfDay(now);
  if (text === 'yesterday') return startOfDay(now) - UNITS.day!;
  const relative = /^(\d{1,6})\s+(minute|hour|day|week|month|year)s?\s+ago$/.exec(text);
  if (relative) return now - Number(relative[1]) * UNITS[relative[2]!]!;
  const local = /^(\d{4})-(\d{2})-(\d{2})(?:[ t](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(text);
  if (local) {
    const [, y, mo, d, h, mi, s] = local;
    const time = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h ?? 0), Number(mi ?? 0), Number(s ?? 0));
    return Number.isNaN(time) || Number(mo) > 12 || Number(d) > 31 ? undefined : time;
  }
  if (/^\d{4}-\d{2}-\d{2}t\d{2}:\d{2}/.test(text)) {
    const time = Date.parse(value.trim());
    return Number.isNaN(time) ? undefined : time;
  }
  return undefined;
}

function startOfDay(time: number): number {
  return time - (time % UNITS.day!);
}

const PERIOD = /^(?:(\d+)w)?(?:(\d+)d)?(?:(\d+)h)?(?:(\d+)m)?$/;

/**
 * A working period as a fresh server's time tracking reads it (`1w 2d 4h 30m`, `3h`, `0`; spaces
 * ignored; 8 hours a day, 5 days a week), in minutes; undefined when unreadable (`5`, `3x`, blank).
 */
export function parseWorkingPeriod(value: string): number | undefined {
  const text = value.replace(/\s+/g, '');
  if (text === '') return undefined;
  if (text === '0') return 0;
  const m = PERIOD.exec(text);
  if (!m) return undefined;
  const [w, d, h, min] = [1, 2, 3, 4].map((k) => Number(m[k] ?? 0));
  return ((w! * 5 + d!) * 8 + h!) * 60 + min!;
}

const DECIMAL = /^[+-]?(?:NaN|Infinity|(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?[fFdD]?)$/;

/**
 * A fraction as the server compares it with a stored whole percentage: the value read as a Java
 * float, times 100, cut to a whole number; undefined when it is no decimal.
 */
export function parsePercentOfFraction(value: string): number | undefined {
  const text = value.trim();
  if (!DECIMAL.test(text)) return undefined;
  const fraction = Math.fround(Number(text.replace(/[fFdD]$/, '')));
  const percent = Math.fround(fraction * 100);
  if (Number.isNaN(percent)) return 0;
  return Math.max(-(2 ** 31), Math.min(2 ** 31 - 1, Math.trunc(percent)));
}

/** A dotted property path (`lastActivity.date`) read from a record. */
export function readPath(record: Record<string, unknown>, path: string): unknown {
  // Most paths are one property: read it without splitting (this runs for every record a query looks at).
  if (!path.includes('.')) return record[path];
  let value: unknown = record;
  for (const part of path.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}
