/** Small readers of an OpenAPI document, shared by the build steps, the mock and the tests. */
import type { OpenAPIObject, OperationObject, PathItemObject } from 'openapi3-ts/oas31';

/** The operation keys of a Path Item Object, in the order the OpenAPI specification lists them. */
export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

export interface DocOperation {
  /** Upper case, e.g. `GET`. */
  method: string;
  path: string;
  item: PathItemObject;
  operation: OperationObject;
}

/** Every operation of the document, path by path in document order. */
export function operationsOf(doc: OpenAPIObject): DocOperation[] {
  const out: DocOperation[] = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      if (operation) out.push({ method: method.toUpperCase(), path, item, operation });
    }
  }
  return out;
}

/** Follows local `$ref`s (e.g. `#/components/parameters/offset`) until a value that is not one. */
export function resolveRef<T>(doc: OpenAPIObject, value: unknown): T {
  let current: unknown = value;
  while (current && typeof current === 'object' && typeof (current as { $ref?: unknown }).$ref === 'string') {
    current = (current as { $ref: string }).$ref
      .replace(/^#\//, '')
      .split('/')
      .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], doc);
  }
  return current as T;
}
