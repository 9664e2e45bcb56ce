/**
 * The wire fields of every entity, bean and settings class a tag's REST resources read or write:
 * the classes reachable from the resource methods' bodies and results, through the types of their
 * wire properties (entity references stop there: they are ids), into every concrete member of an
 * abstract or interface type (OneDev writes those with `@type`).
 */
import type { Classpath, JavaClass } from './classpath.js';
import { hasAnnotation, typeText, type MethodDecl, type TypeRef } from './java-model.js';
import { NOT_BODY, resourceClasses, resourceMethods } from './routes.js';
import type { FieldRow } from './tables.js';
import { propertyJsonType, wireProperties } from './wire.js';

/**
 * Types whose members are not their subtypes but the classes that plugins contribute: OneDev's
 * ObjectMapper takes them from the `getSettingClasses()` of these contribution interfaces.
 */
const CONTRIBUTED: Record<string, string> = {
  ContributedProjectSetting: 'ProjectSettingContribution',
  ContributedAdministrationSetting: 'AdministrationSettingContribution',
};

/** The classes named (`X.class`) by the `getSettingClasses()` methods that return members of `base`. */
function contributedClasses(cp: Classpath, base: JavaClass): JavaClass[] {
  const paths = cp.repo.grepWords(cp.tag, [CONTRIBUTED[base.decl.name]!]);
  const files = cp.files().filter((f) => paths.has(f.path));
  cp.parseFiles(files);
  const found = new Map<string, JavaClass>();
  for (const cls of files.flatMap((f) => cp.classesOf(f))) {
    const methods = (list: MethodDecl[]): MethodDecl[] => list.flatMap((m) => [m, ...methods(m.anonymousMethods)]);
    for (const method of methods(cls.decl.methods)) {
      if (method.name !== 'getSettingClasses' || !method.returnType || !typeText(method.returnType).includes(base.decl.name)) continue;
      for (const literal of method.classLiterals) {
        const member = cp.resolveRef(literal, cls);
        if (member && cp.isSubtypeOf(member, base)) found.set(member.fqn, member);
      }
    }
  }
  return [...found.values()];
}

/** The concrete classes a value of this declared type can be on the wire. */
function members(cp: Classpath, cls: JavaClass): JavaClass[] {
  if (cls.decl.name in CONTRIBUTED && cls.decl.kind === 'interface') return contributedClasses(cp, cls);
  if (cp.isConcrete(cls)) return [cls];
  return cp.subtypes(cls).filter((c) => cp.isConcrete(c) && c.decl.kind !== 'enum');
}

/** A class on the wire, and how it was reached (for messages: `PullRequestResource.getRequest -> PullRequest`). */
export interface WireClass {
  cls: JavaClass;
  via: string;
}

/** The concrete classes (enums left out: they are strings) reachable from the REST resources. */
export function wireClasses(cp: Classpath): WireClass[] {
  const reached = new Map<string, WireClass>();
  const queue: WireClass[] = [];
  const visitType = (type: TypeRef, from: JavaClass, via: string) => {
    for (const arg of type.args) visitType(arg, from, via);
    if (type.bound) visitType(type.bound, from, via);
    const cls = cp.resolveRef(type, from);
    if (!cls || cls.decl.kind === 'enum' || cls.decl.kind === 'annotation') return;
    for (const member of members(cp, cls)) {
      if (reached.has(member.fqn)) continue;
      const entry = { cls: member, via: `${via} -> ${member.decl.name}` };
      reached.set(member.fqn, entry);
      queue.push(entry);
    }
  };
  for (const resource of resourceClasses(cp)) {
    for (const { method, owner } of resourceMethods(cp, resource)) {
      const via = `${resource.decl.name}.${method.name}`;
      if (method.returnType) visitType(method.returnType, owner, via);
      for (const param of method.params) if (!NOT_BODY.some((a) => hasAnnotation(param, a))) visitType(param.type, owner, via);
    }
  }
  while (queue.length > 0) {
    const { cls, via } = queue.shift()!;
    for (const prop of wireProperties(cp, cls)) if (!prop.reference) visitType(prop.type, prop.owner, `${via}.${prop.name}`);
  }
  return [...reached.values()];
}

/**
 * Names for classes in a table: the simple name, a member class with its outer classes
 * (`ExternalIssueTransformers.Entry`); where several reached classes still share a name, the fewest
 * package names in front that tell them apart (`choicefield.defaultvalueprovider.SpecifiedDefaultValue`).
 */
export function tableNames(classes: readonly JavaClass[]): Map<JavaClass, string> {
  const names = new Map<JavaClass, string>();
  const nested = (c: JavaClass): string => (c.outer ? `${nested(c.outer)}.${c.decl.name}` : c.decl.name);
  const byName = new Map<string, JavaClass[]>();
  for (const cls of classes) byName.set(nested(cls), [...(byName.get(nested(cls)) ?? []), cls]);
  for (const [name, group] of byName) {
    if (group.length === 1) {
      names.set(group[0]!, name);
      continue;
    }
    const packages = group.map((c) => c.fqn.slice(0, c.fqn.length - name.length - 1).split('.'));
    for (let depth = 1; ; depth++) {
      const prefixed = packages.map((p) => [...p.slice(-depth), name].join('.'));
      if (new Set(prefixed).size === prefixed.length || depth >= Math.max(...packages.map((p) => p.length))) {
        group.forEach((c, i) => names.set(c, prefixed[i]!));
        break;
      }
    }
  }
  return names;
}

/** The field table of the classpath's tag, sorted by class, then property. */
export function fieldRows(cp: Classpath): FieldRow[] {
  const classes = wireClasses(cp).map((w) => w.cls);
  const names = tableNames(classes);
  const rows = classes.flatMap((cls): FieldRow[] => {
    const props = wireProperties(cp, cls);
    // A class with no property still has its row (empty property and type), so the table lists every class.
    if (props.length === 0) return [{ javaClass: names.get(cls)!, property: '', type: '' }];
    return props.map((prop) => ({ javaClass: names.get(cls)!, property: prop.name, type: propertyJsonType(cp, prop) }));
  });
  const key = (r: FieldRow) => `${r.javaClass}\t${r.property}`;
  return rows.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}
