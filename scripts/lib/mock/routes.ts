/**
 * Placing a request on an operation: the path templates of the description, matched segment by
 * segment, a concrete segment beating a parameter (`/groups/ids/{name}` over `/groups/{groupId}`).
 * Also what the front must know about an operation before it checks anything: whether its body
 * is raw text (never JSON-parsed) and which query parameters it declares (OneDev refuses others).
 */
import type { OpenAPIObject, ParameterObject, RequestBodyObject } from 'openapi3-ts/oas31';
import { operationsOf, resolveRef as resolve } from '../openapi.js';
import { EXT, readExtension } from '../../../src/extensions.js';

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
 * segments when the description marks it `x-multi-segment` (a file path:
 * `/artifacts/{buildId}/contents/{artifactPath}`); either way it is never empty, since every
 * parameter has a segment of its own (an empty path is the root form of a split route).
 * Text around a parameter in its segment is matched as written.
 */
const MULTI_SEGMENT = '(.+)';

function compile(template: string, multiSegment: ReadonlySet<string>): { pattern: RegExp; literals: number; pathNames: string[] } {
  const pathNames: string[] = [];
  const source = template.replace(/\{([^}]+)\}|[^{]+/g, (part, name: string | undefined) => {
    if (name === undefined) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    pathNames.push(name);
    return multiSegment.has(name) ? MULTI_SEGMENT : '([^/]+)';
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
      rawText: readExtension(body, EXT.rawText) === true,
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

/**
 * The route, with the values its pattern matched (still percent-encoded, in template order); or
 * 404; or 405 with the methods the path has (for the `Allow` header).
 */
export type Placement<R extends Route> = { route: R; values: readonly string[] } | { status: 404 } | { status: 405; allowed: string[] };

/** A route with what decides, before its pattern, whether a request could be for it. */
interface Entry<R> {
  route: R;
  segments: number;
  /** A parameter spans segments: the template's segments are a minimum. */
  open: boolean;
}

const NO_ENTRIES: readonly never[] = [];

/**
 * findRoute, fast: routes are grouped by method and first segment, and a route is tried only when
 * the request has its number of segments (or at least that many, for a parameter spanning
 * segments), so a request meets a handful of patterns instead of all of them.
 */
export class Router<R extends Route> {
  private readonly byMethod = new Map<string, { byFirst: Map<string, Array<Entry<R>>>; templated: Array<Entry<R>>; tree: Node<R> }>();

  private readonly all: readonly R[];

  private readonly rivals: ReadonlyMap<R, readonly R[]>;

  constructor(routes: readonly R[]) {
    this.all = routes;
    this.rivals = rivalsOf(routes);
    routes.forEach((route, order) => {
      let table = this.byMethod.get(route.method);
      if (!table) this.byMethod.set(route.method, (table = { byFirst: new Map(), templated: [], tree: newNode() }));
      // Templates made of whole-segment words and parameters go into a tree walked segment by
      // segment; the others (a parameter spanning segments, or sharing its segment with text)
      // are matched by their patterns.
      const parts = route.path.split('/').slice(1);
      if (!route.pattern.source.includes(MULTI_SEGMENT) && parts.every((part) => !part.includes('{') || /^\{[^}]+\}$/.test(part))) {
        let node = table.tree;
        for (const part of parts) {
          if (part.startsWith('{')) node = node.param ??= newNode();
          else {
            let next = wordAt(node, part, 0, part.length);
            if (!next) (node.byLength[part.length] ??= []).push(part, (next = newNode()));
            node = next;
          }
        }
        // Two templates of one shape cannot both be matched: the first keeps the place, as with patterns.
        node.route ??= { route, order };
        return;
      }
      const first = parts[0] ?? '';
      // A parameter spanning segments matches `.+`: the template's slashes are a minimum.
      const entry: Entry<R> = { route, segments: segmentCount(route.path), open: route.pattern.source.includes(MULTI_SEGMENT) };
      if (first.includes('{')) table.templated.push(entry);
      else table.byFirst.set(first, [...(table.byFirst.get(first) ?? []), entry]);
    });
  }

  private match(method: string, path: string, first: string, segments: number): Found<R> | undefined {
    const table = this.byMethod.get(method);
    if (!table) return undefined;
    let best = inTree(table.tree, path);
    best = pick(table.byFirst.get(first) ?? NO_ENTRIES, path, segments, best);
    return pick(table.templated, path, segments, best);
  }

  /** Every route, in the order given. */
  routes(): R[] {
    return [...this.all];
  }

  /**
   * The route for method and path, as JAX-RS places it: the path picks its template first (the one
   * with the most words, whatever the method), then the method picks among that template's
   * operations; none there is a 405 naming the methods the template has, even if another template
   * with a parameter would take the method (`POST /users/me` is 405: `/users/me` has only GET).
   */
  place(method: string, path: string): Placement<R> {
    const slash = path.indexOf('/', 1);
    const first = path.slice(1, slash < 0 ? undefined : slash);
    const segments = segmentCount(path);
    const found = this.match(method, path, first, segments);
    if (found) {
      // Only a route of another method with more words can take the path from the request's own.
      const rivals = this.rivals.get(found.route);
      if (rivals === undefined) return found;
      let taken = false;
      for (let i = 0; i < rivals.length && !taken; i += 1) taken = rivals[i]!.pattern.test(path);
      if (!taken) return found;
    }
    // The path's template over all methods: the request's own, unless another method's has more words.
    let template = found;
    for (const other of this.byMethod.keys()) {
      if (other === method) continue;
      const match = this.match(other, path, first, segments);
      if (match && (!template || match.route.literals > template.route.literals)) template = match;
    }
    if (!template) return { status: 404 };
    if (found && template.route.path === found.route.path) return found;
    const allowed = [...this.byMethod.keys()].filter((m) => this.match(m, path, first, segments)?.route.path === template.route.path);
    // HEAD is answered wherever GET is.
    if (allowed.includes('GET')) allowed.push('HEAD');
    return { status: 405, allowed: allowed.sort() };
  }
}

/**
 * Each route's rivals, where it has any: the routes of other methods, with more words, that could
 * match one of its paths (GET `/users/me` for `/users/{userId}`). Placing a request looks at the
 * other methods only when one of its route's rivals matches the path. Worked out with the router,
 * before the server listens: cold, this takes milliseconds that a first request should not wait.
 */
function rivalsOf<R extends Route>(all: readonly R[]): ReadonlyMap<R, readonly R[]> {
  const rivals = new Map<R, R[]>();
  const shapes = new Map(all.map((r) => [r, r.path.split('/').slice(1)]));
  const multis = new Set(all.filter((r) => r.pattern.source.includes(MULTI_SEGMENT)));
  const shape = (r: R): string[] => shapes.get(r)!;
  const multi = (r: R): boolean => multis.has(r);
  // Whether some path could match both templates. Where a parameter spans segments, only the
  // words before the first parameter of either must agree.
  const mayShare = (a: R, b: R): boolean => {
    const [x, y] = [shape(a), shape(b)];
    if (multi(a) || multi(b)) {
      for (let i = 0; i < Math.min(x.length, y.length) && !x[i]!.includes('{') && !y[i]!.includes('{'); i += 1) if (x[i] !== y[i]) return false;
      return true;
    }
    return x.length === y.length && x.every((part, i) => part.includes('{') || y[i]!.includes('{') || part === y[i]);
  };
  // Only a template of the same number of segments, or one spanning segments, can share a path
  // with one that spans none.
  const bySegments = new Map<number, R[]>();
  for (const r of all) if (!multi(r)) bySegments.set(shape(r).length, [...(bySegments.get(shape(r).length) ?? []), r]);
  const candidatesOf = (r: R): readonly R[] => (multi(r) ? all : [...(bySegments.get(shape(r).length) ?? []), ...multis]);
  for (const route of all) {
    const mine = candidatesOf(route).filter(
      (other) => other.method !== route.method && other.path !== route.path && other.literals > route.literals && mayShare(route, other),
    );
    if (mine.length > 0) rivals.set(route, mine);
  }
  return rivals;
}

/** A node of the template tree: the next segment as a word, or as a parameter; a template ending here. */
interface Node<R> {
  /**
   * The words, by their length, each as word, node, word, node...: a segment is compared in place
   * with the few words of its length, so no string is made of it to look it up.
   */
  byLength: Array<Array<string | Node<R>> | undefined>;
  param: Node<R> | undefined;
  route: { route: R; order: number } | undefined;
}

function newNode<R>(): Node<R> {
  return { byLength: [], param: undefined, route: undefined };
}

/**
 * The tree's template for `path` with the most words (the first given, between equals), as the
 * patterns would place it; its values are the parameter segments, still percent-encoded.
 * The path is walked by positions, not split: a request makes no array of its segments.
 */
function inTree<R extends Route>(tree: Node<R>, path: string): Found<R> | undefined {
  if (path.charCodeAt(0) !== 47) return undefined;
  // `/pulls/42/` is `/pulls/42`: one trailing slash is allowed, as the patterns allow it.
  const limit = path.length > 1 && path.charCodeAt(path.length - 1) === 47 ? path.length - 1 : path.length;
  const walk: Walk<R> = { path, limit, params: [], best: undefined, bestParams: [] };
  walkTree(walk, tree, 1);
  const best = walk.best;
  if (!best) return undefined;
  const values = [path];
  for (let i = 0; i < walk.bestParams.length; i += 2) values.push(path.slice(walk.bestParams[i], walk.bestParams[i + 1]));
  return { route: best.route, values };
}

interface Walk<R> {
  path: string;
  /** Where the path's last segment ends (a trailing slash left out). */
  limit: number;
  /** Start and end of each parameter segment met so far. */
  params: number[];
  best: { route: R; order: number } | undefined;
  bestParams: number[];
}

/** The node's child for the word `text[start..start + length]`, if it has one. */
function wordAt<R>(node: Node<R>, text: string, start: number, length: number): Node<R> | undefined {
  const list = node.byLength[length];
  if (list === undefined) return undefined;
  for (let i = 0; i < list.length; i += 2) if (text.startsWith(list[i] as string, start)) return list[i + 1] as Node<R>;
  return undefined;
}

/** Walks the segment starting at `start` (past the last one: a template may end here). */
function walkTree<R extends Route>(walk: Walk<R>, node: Node<R>, start: number): void {
  const { path, limit } = walk;
  if (start > limit) {
    const here = node.route;
    const best = walk.best;
    if (here && (!best || here.route.literals > best.route.literals || (here.route.literals === best.route.literals && here.order < best.order))) {
      walk.best = here;
      walk.bestParams = walk.params.slice();
    }
    return;
  }
  let end = path.indexOf('/', start);
  if (end < 0 || end > limit) end = limit;
  const length = end - start;
  const word = wordAt(node, path, start, length);
  if (word) walkTree(walk, word, end + 1);
  if (node.param && length > 0) {
    walk.params.push(start, end);
    walkTree(walk, node.param, end + 1);
    // Two pops, not `length -= 2`: setting an array's length is a call into the runtime.
    walk.params.pop();
    walk.params.pop();
  }
}

interface Found<R> {
  route: R;
  values: readonly string[];
}

function pick<R extends Route>(entries: ReadonlyArray<Entry<R>>, path: string, segments: number, best: Found<R> | undefined): Found<R> | undefined {
  for (let i = 0; i < entries.length; i += 1) {
    const entry = entries[i]!;
    if (entry.open ? segments < entry.segments : segments !== entry.segments) continue;
    const route = entry.route;
    if (best && route.literals <= best.route.literals) continue;
    const match = route.pattern.exec(path);
    if (match) best = { route, values: match };
  }
  return best;
}

/** Segments of a path, a trailing slash not counting (`/pulls/42/` has two). */
function segmentCount(path: string): number {
  let count = 0;
  for (let i = 0; i < path.length - 1; i += 1) if (path.charCodeAt(i) === 47) count += 1;
  return count;
}
