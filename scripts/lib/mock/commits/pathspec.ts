/**
 * Git pathspecs without magic, as `git log -- <path>` reads them: a path without wildcards
 * selects itself and everything under it; `*` (and so `**`) matches any run of characters, `/`
 * included, and `?` one character; a pattern matching a leading directory selects what lies in it.
 * Case-sensitive, as git is without `:(icase)`.
 */

export function pathspecMatches(spec: string, path: string): boolean {
  if (!/[*?]/.test(spec)) {
    const dir = spec.endsWith('/') ? spec.slice(0, -1) : spec;
    return path === dir || path.startsWith(`${dir}/`);
  }
  if (glob(spec, path)) return true;
  for (let i = path.indexOf('/'); i > 0; i = path.indexOf('/', i + 1)) if (glob(spec, path.slice(0, i))) return true;
  return false;
}

/** Dynamic programming over pattern and text: no pattern costs more than their lengths multiplied. */
function glob(pattern: string, text: string): boolean {
  let can = new Array<boolean>(text.length + 1).fill(false);
  can[0] = true;
  for (const c of pattern) {
    const next = new Array<boolean>(text.length + 1).fill(false);
    for (let j = 0; j <= text.length; j += 1) {
      if (c === '*') next[j] = can[j]! || (j > 0 && next[j - 1]!);
      else if (j > 0) next[j] = can[j - 1]! && (c === '?' || text[j - 1] === c);
    }
    can = next;
  }
  return can[text.length]!;
}
