/**
 * The REST routes of a tag as OneDev's own help page lists them: every resource class Jersey
 * serves (a top-level class annotated `@Path`, not `@Api(internal=true)`), each public method
 * annotated `@GET`/`@POST`/`@PUT`/`@DELETE`, named by `@Api(name)` or its un-camelled Java name,
 * with the class path followed by the method path.
 */
import type { Classpath, JavaClass } from './classpath.js';
import { annotationOf, annotationString, hasAnnotation, hasModifier, typeText, type MethodDecl } from './java-model.js';

export interface RouteRow {
  group: string;
  operation: string;
  method: string;
  path: string;
  javaClass: string;
  javaMethod: string;
  /** The Java signature as the wire sees it: what it returns and the body it reads (not in the route table). */
  signature?: string;
}

/** Parameter annotations that take a value from somewhere other than the body. */
export const NOT_BODY = ['PathParam', 'QueryParam', 'HeaderParam', 'FormParam', 'CookieParam', 'MatrixParam', 'BeanParam', 'Context', 'Suspended'];

function signature(method: MethodDecl): string {
  const body = method.params.filter((p) => !NOT_BODY.some((a) => hasAnnotation(p, a)));
  const returns = method.returnType ? typeText(method.returnType) : 'void';
  return body.length > 0 ? `returns ${returns}, reads ${body.map((p) => typeText(p.type)).join(', ')}` : `returns ${returns}`;
}

/** OneDev's un-camelling of Java names: `getArtifactInfo` -> `Get Artifact Info`, `SsoProvider` -> `Sso Provider`. */
export function uncamel(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(' ');
  return words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(' ');
}

const HTTP_METHODS = ['GET', 'POST', 'PUT', 'DELETE'] as const;

function httpMethod(method: MethodDecl): string | undefined {
  return HTTP_METHODS.find((m) => hasAnnotation(method, m));
}

/** `@Api(order)`: 100 when the annotation leaves it out, last when there is no `@Api`. */
function apiOrder(decl: { annotations: MethodDecl['annotations'] }): number {
  const api = annotationOf(decl, 'Api');
  if (!api) return Number.MAX_SAFE_INTEGER;
  const order = api.values.order;
  return typeof order === 'number' ? order : 100;
}

const isInternal = (cls: JavaClass) => annotationOf(cls.decl, 'Api')?.values.internal === true;

/** The resource classes Jersey serves at the tag (any module), internal ones left out, by class name. */
export function resourceClasses(cp: Classpath): JavaClass[] {
  const paths = cp.repo.grepWords(cp.tag, ['@Path']);
  const files = cp.files().filter((f) => paths.has(f.path));
  cp.parseFiles(files);
  return files
    .flatMap((f) => cp.classesOf(f).filter((c) => !c.outer))
    .filter((c) => c.decl.kind === 'class' && hasAnnotation(c.decl, 'Path') && !isInternal(c))
    .sort((a, b) => (a.decl.name < b.decl.name ? -1 : a.decl.name > b.decl.name ? 1 : 0));
}

export function resourceTitle(cls: JavaClass): string {
  return annotationString(annotationOf(cls.decl, 'Api'), 'name') || uncamel(cls.decl.name.replace(/Resource$/, ''));
}

/** Public methods a resource serves (its own and inherited ones), in the help page's order. */
export function resourceMethods(cp: Classpath, cls: JavaClass): { method: MethodDecl; owner: JavaClass }[] {
  const seen = new Set<string>();
  const out: { method: MethodDecl; owner: JavaClass }[] = [];
  for (const owner of cp.classChain(cls)) {
    for (const method of owner.decl.methods) {
      const key = `${method.name}(${method.params.map((p) => p.type.name).join(',')})`;
      if (seen.has(key)) continue;
      seen.add(key);
      if (hasModifier(method, 'public') && httpMethod(method)) out.push({ method, owner });
    }
  }
  // A stable sort: methods of equal order keep their declaration order.
  return out.sort((a, b) => apiOrder(a.method) - apiOrder(b.method));
}

/** The route table of the classpath's tag (test/fixtures/routes/<tag>.tsv). */
export function routeRows(cp: Classpath): RouteRow[] {
  return resourceClasses(cp).flatMap((cls) => {
    const base = annotationString(annotationOf(cls.decl, 'Path')) ?? '';
    const group = resourceTitle(cls);
    return resourceMethods(cp, cls).map(({ method }) => ({
      group,
      operation: annotationString(annotationOf(method, 'Api'), 'name') || uncamel(method.name),
      method: httpMethod(method)!,
      path: base + (annotationString(annotationOf(method, 'Path')) ?? ''),
      javaClass: cls.decl.name,
      javaMethod: method.name,
      signature: signature(method),
    }));
  });
}

/** A route with its path parameters blanked (`GET /builds/{}`), as the lifespan table keys it. */
export const blankedRoute = (r: { method: string; path: string }) => `${r.method}\t${r.path.replace(/\{[^}]*\}/g, '{}')}`;

export interface LifespanRow {
  method: string;
  path: string;
  since?: string;
  until?: string;
}

/**
 * Each blanked route with the first tag that serves it and the first that no longer does, over
 * tags given oldest first (an open end is left out). A route that comes back after leaving cannot
 * be one row, and is refused with its tags.
 */
export function lifespanRows(tables: ReadonlyMap<string, readonly RouteRow[]>, tags: readonly string[]): LifespanRow[] {
  const served = new Map<string, boolean[]>();
  tags.forEach((tag, i) => {
    const rows = tables.get(tag);
    if (!rows) throw new Error(`lifespans: no route table for ${tag}`);
    for (const row of rows) {
      const key = blankedRoute(row);
      if (!served.has(key)) served.set(key, tags.map(() => false));
      served.get(key)![i] = true;
    }
  });
  const out: LifespanRow[] = [];
  for (const [key, at] of served) {
    const first = at.indexOf(true);
    const last = at.lastIndexOf(true);
    if (at.slice(first, last + 1).includes(false)) {
      throw new Error(`lifespans: ${key.replace('\t', ' ')} leaves and comes back (served at ${tags.filter((_, i) => at[i]).join(', ')})`);
    }
    const [method, path] = key.split('\t') as [string, string];
    out.push({ method, path, ...(first > 0 ? { since: tags[first]! } : {}), ...(last < tags.length - 1 ? { until: tags[last + 1]! } : {}) });
  }
  const sortKey = (r: LifespanRow) => `${r.method}\t${r.path}`;
  return out.sort((a, b) => (sortKey(a) < sortKey(b) ? -1 : sortKey(a) > sortKey(b) ? 1 : 0));
}
