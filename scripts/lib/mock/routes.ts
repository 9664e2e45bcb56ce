/**
 * Placing a request on an operation: the path templates of the description, matched segment by
 * segment, a concrete segment beating a parameter (`/groups/ids/{name}` over `/groups/{groupId}`).
 * Also what the front must know about an operation before it checks anything: whether its body
 * is raw text (never JSON-parsed) and which query parameters it declares (OneDev refuses others).
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
  /**
   * A query parameter is an object exploded in form style (Trigger Job's job parameters): every
   * other name in the query string is one of its properties, so no name is unknown.
   */
  openQuery: boolean;
  /** Integer path and query parameters, with their format (`int32`, `int64`). */
  integers: ReadonlyArray<{ in: 'path' | 'query'; name: string; format?: string }>;
  pattern: RegExp;
  /** Literal segments: a concrete path (`/groups/ids/{name}`) beats a templated one. */
  literals: number;
  /** Path parameter names, in template order. */
  pathNames: readonly string[];
}

/**
 * A template as a regular expression. A parameter matches within a segment (`[^/]+`), or across
 * segments when the description marks it `x-multi-segment` (a file path: `/artifacts/{buildId}{artifactPath}`,
 * possibly empty). Text around a parameter in its segment is matched as written.
 */
function compile(template: string, multiSegment: ReadonlySet<string>): { pattern: RegExp; literals: number; pathNames: string[] } {
  const pathNames: string[] = [];
  const source = template.replace(/\{([^}]+)\}|[^{]+/g, (part, name: string | undefined) => {
    if (name === undefined) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    pathNames.push(name);
    return multiSegment.has(name) ? '(.*)' : '([^/]+)';
  });
  const segments = template.split('/').slice(1);
  return {
    pattern: new RegExp(`^${source}/?$`),
    literals: segments.filter((segment) => !segment.includes('{')).length,
    pathNames,
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
      openQuery: parameters.some(
        (p) => p.in === 'query' && resolve<{ type?: unknown }>(doc, p.schema)?.type === 'object' && (p.style ?? 'form') === 'form' && p.explode !== false,
      ),
      integers: parameters
        .filter((p) => (p.in === 'path' || p.in === 'query') && (p.schema as { type?: unknown } | undefined)?.type === 'integer')
        .map((p) => ({ in: p.in as 'path' | 'query', name: p.name, format: (p.schema as { format?: string }).format })),
      ...compile(path, new Set(parameters.filter((p) => p.in === 'path' && p['x-multi-segment'] === true).map((p) => p.name))),
    });
  }
  return routes;
}

/** The raw (still percent-encoded) values of the path template's parameters. */
export function rawPathValues(route: Route, path: string): Record<string, string> {
  const values = route.pattern.exec(path)?.slice(1) ?? [];
  const out: Record<string, string> = {};
  route.pathNames.forEach((name, i) => (out[name] = values[i] ?? ''));
  return out;
}

/** The values of the path template's parameters in a matching request path, percent-decoded. */
export function pathValues(route: Route, path: string): Record<string, string> {
  const raw = rawPathValues(route, path);
  for (const name of Object.keys(raw)) raw[name] = decoded(raw[name]!);
  return raw;
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

export type Placement<R extends Route> = { route: R } | { status: 404 | 405 };

/**
 * findRoute, fast: routes are grouped by method and first segment, and a route is tried only when
 * the request has its number of segments (or at least that many, for a parameter spanning
 * segments), so a request meets a handful of patterns instead of all of them.
 */
export class Router<R extends Route> {
  private readonly byMethod = new Map<string, { byFirst: Map<string, R[]>; templated: R[] }>();
  private readonly shapes = new Map<R, { segments: number; open: boolean }>();

  constructor(routes: readonly R[]) {
    for (const route of routes) {
      let table = this.byMethod.get(route.method);
      if (!table) this.byMethod.set(route.method, (table = { byFirst: new Map(), templated: [] }));
      const first = route.path.split('/')[1] ?? '';
      if (first.includes('{')) table.templated.push(route);
      else table.byFirst.set(first, [...(table.byFirst.get(first) ?? []), route]);
      // A parameter spanning segments matches `.*`: the template's slashes are a minimum.
      this.shapes.set(route, { segments: segmentCount(route.path), open: route.pattern.source.includes('(.*)') });
    }
  }

  private match(method: string, path: string, first: string, segments: number): R | undefined {
    const table = this.byMethod.get(method);
    if (!table) return undefined;
    let best: R | undefined;
    for (const candidates of [table.byFirst.get(first), table.templated]) {
      for (const route of candidates ?? []) {
        const shape = this.shapes.get(route)!;
        if (shape.open ? segments < shape.segments - 1 : segments !== shape.segments) continue;
        if (!route.pattern.test(path)) continue;
        if (!best || route.literals > best.literals) best = route;
      }
    }
    return best;
  }

  /** The route for method and path; 405 when the path matches only under other methods. */
  place(method: string, path: string): Placement<R> {
    const slash = path.indexOf('/', 1);
    const first = path.slice(1, slash < 0 ? undefined : slash);
    const segments = segmentCount(path);
    const route = this.match(method, path, first, segments);
    if (route) return { route };
    for (const other of this.byMethod.keys()) {
      if (other !== method && this.match(other, path, first, segments)) return { status: 405 };
    }
    return { status: 404 };
  }
}

/** Segments of a path, a trailing slash not counting (`/pulls/42/` has two). */
function segmentCount(path: string): number {
  let count = 0;
  for (let i = 0; i < path.length - 1; i += 1) if (path.charCodeAt(i) === 47) count += 1;
  return count;
}
