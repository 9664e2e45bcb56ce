/**
 * Reading an OpenAPI document as plain JSON, for the client's tables (operation-table.ts and
 * webhooks/table.ts): a description handed in at run time is not typed, and may be any value.
 */
export type Json = Record<string, unknown>;

export const isObject = (value: unknown): value is Json => value !== null && typeof value === 'object' && !Array.isArray(value);

/** Follows local `$ref`s (`#/components/parameters/offset`) to the value they name; undefined when one leads nowhere. */
export function resolveLocal(doc: Json, value: unknown): unknown {
  let current = value;
  for (let hops = 0; isObject(current) && typeof current.$ref === 'string'; hops += 1) {
    // A reference cycle would otherwise loop for ever.
    if (hops > 32) return undefined;
    current = current.$ref
      .replace(/^#\//, '')
      .split('/')
      .map((key) => key.replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce<unknown>((node, key) => (isObject(node) ? node[key] : undefined), doc);
  }
  return current;
}
