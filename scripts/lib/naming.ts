/** Naming rules shared by the builder, the client and the tests. */

function words(text: string): string[] {
  return text.split(/[^A-Za-z0-9]+/).filter(Boolean);
}

const cap = (w: string) => w.charAt(0).toUpperCase() + w.slice(1).toLowerCase();

/**
 * The operationId rule: the group name in lowerCamelCase followed by the operation name in
 * UpperCamelCase, e.g. "Pull Request" + "Get Basic Info" -> `pullRequestGetBasicInfo`.
 * Both names come from the seed, so ids change only when the seed does.
 */
export function operationId(group: string, operation: string): string {
  const [first = '', ...rest] = words(group);
  return first.toLowerCase() + rest.map(cap).join('') + words(operation).map(cap).join('');
}

/** File/module name of a group: "Pull Request Comment" -> `pull-request-comment`. */
export function groupSlug(group: string): string {
  return words(group).map((w) => w.toLowerCase()).join('-');
}

/**
 * An operation's summary: the help page's name, plus "(root)" on the root part of a split route
 * (spec/model.ts, `splitRoute`), whose nested part keeps the name as it is. The operationId is
 * made from the summary, so the two parts get two ids.
 */
export function operationSummary(op: { name: string; splitRoute?: { part: 'root' | 'nested' } }): string {
  return op.splitRoute?.part === 'root' ? `${op.name} (root)` : op.name;
}

/** OneDev's `{name:(/.*)?}` glued to the end of a route template: the optional multi-segment path. */
const OPTIONAL_TAIL = /\{([A-Za-z_][A-Za-z0-9_]*):\(\/\.\*\)\?\}$/;

/**
 * The two paths that describe a OneDev route ending in an optional path glued to the segment
 * before it: `root` without it, `nested` with it as segments of its own. Other parameters lose
 * their regular expressions (`{name:(.*)}` -> `{name}`). Undefined for any other route.
 */
export function splitRoutePaths(route: string): { root: string; nested: string } | undefined {
  const tail = OPTIONAL_TAIL.exec(route);
  if (!tail) return undefined;
  const root = route.slice(0, tail.index).replace(/\{([^}:]+):[^}]*\}/g, '{$1}');
  if (!root.startsWith('/') || root.endsWith('/')) return undefined;
  return { root, nested: `${root}/{${tail[1]}}` };
}
