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
