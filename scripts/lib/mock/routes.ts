/**
 * What the front must know about an operation before Prism sees the request: whether its body
 * is raw text (so it must not be JSON-parsed) and which query parameters it declares (OneDev
 * refuses unknown ones; Prism lets them through).
 */
import type { OpenAPIObject, ParameterObject, RequestBodyObject } from 'openapi3-ts/oas31';
import { operationsOf, resolveRef as resolve } from '../openapi.js';

export interface Route {
  method: string;
  /** Path template relative to `/~api`, e.g. `/pulls/{requestId}/title`. */
  path: string;
  operationId: string;
  rawText: boolean;
  queryNames: ReadonlySet<string>;
  /** Integer path and query parameters, with their format (`int32`, `int64`). */
  integers: ReadonlyArray<{ in: 'path' | 'query'; name: string; format?: string }>;
  pattern: RegExp;
  /** Literal segments: a concrete path (`/groups/ids/{name}`) beats a templated one. */
  literals: number;
}

function compile(template: string): { pattern: RegExp; literals: number } {
  const segments = template.split('/').slice(1);
  const parts = segments.map((segment) =>
    /^\{[^}]+\}$/.test(segment) ? '([^/]+)' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
  );
  return {
    pattern: new RegExp(`^/${parts.join('/')}/?$`),
    literals: segments.filter((segment) => !segment.startsWith('{')).length,
  };
}

export function routesOf(doc: OpenAPIObject): Route[] {
  const routes: Route[] = [];
  for (const { method, path, item, operation } of operationsOf(doc)) {
    const parameters = [...(item.parameters ?? []), ...(operation.parameters ?? [])].map((p) =>
      resolve<ParameterObject>(doc, p),
    );
    const body = operation.requestBody ? resolve<RequestBodyObject>(doc, operation.requestBody) : undefined;
    routes.push({
      method,
      path,
      operationId: operation.operationId ?? `${method.toLowerCase()} ${path}`,
      rawText: body?.['x-onedev-raw-text'] === true,
      queryNames: new Set(parameters.filter((p) => p.in === 'query').map((p) => p.name)),
      integers: parameters
        .filter((p) => (p.in === 'path' || p.in === 'query') && (p.schema as { type?: unknown } | undefined)?.type === 'integer')
        .map((p) => ({ in: p.in as 'path' | 'query', name: p.name, format: (p.schema as { format?: string }).format })),
      ...compile(path),
    });
  }
  return routes;
}

/** The values of the path template's parameters in a matching request path. */
export function pathValues(route: Route, path: string): Record<string, string> {
  const names = [...route.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
  const values = route.pattern.exec(path)?.slice(1) ?? [];
  return Object.fromEntries(names.map((name, i) => [name, decoded(values[i] ?? '')]));
}

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The operation a request path (already relative to `/~api`) is for, if any. */
export function findRoute(routes: readonly Route[], method: string, path: string): Route | undefined {
  let best: Route | undefined;
  for (const route of routes) {
    if (route.method !== method.toUpperCase() || !route.pattern.test(path)) continue;
    if (!best || route.literals > best.literals) best = route;
  }
  return best;
}
