/**
 * The Java types of one tag of a OneDev repository: found by qualified name, resolved from the
 * names a file writes (as javac does: member types, single-type imports, the package, on-demand
 * imports), walked up to their supertypes and down to their subtypes. Files are parsed when first
 * needed; a parsed file is shared by every tag that has the same blob.
 */
import type { GitRepo, SourceFile } from './git.js';
import type { JavaFile, TypeDecl, TypeRef } from './java-model.js';
import { SourceCache } from './cache.js';
import { parseJava, supertypeNames } from './java-parse.js';

/** A type declared in the repository at one tag. */
export interface JavaClass {
  /** Qualified name with `.` between outer and member types (`a.b.WebHook.EventType`). */
  fqn: string;
  decl: TypeDecl;
  file: JavaFile;
  /** Repository path of the file that declares it. */
  path: string;
  outer?: JavaClass;
}

const JAVA_ROOT = '/src/main/java/';

/** `server-core/src/main/java/io/onedev/X.java` -> `io.onedev.X`. */
function qualifiedNameOfPath(path: string): string {
  return path.slice(path.indexOf(JAVA_ROOT) + JAVA_ROOT.length, -'.java'.length).replaceAll('/', '.');
}

export class Classpath {
  private readonly byName = new Map<string, SourceFile>();
  private readonly classes = new Map<string, JavaClass | null>();
  private readonly subtypeCache = new Map<string, JavaClass[]>();

  constructor(
    readonly repo: GitRepo,
    readonly tag: string,
    private readonly cache: SourceCache = new SourceCache(),
  ) {
    for (const file of repo.javaFiles(tag)) this.byName.set(qualifiedNameOfPath(file.path), file);
  }

  /** Every main source file at the tag. */
  files(): SourceFile[] {
    return [...this.byName.values()];
  }

  parseFile(file: SourceFile): JavaFile {
    return this.cache.parsed(file.blob, () => parseJava(this.repo.readBlob(file.blob), `${this.tag}:${file.path}`));
  }

  /** Parses many files, reading their blobs in one batch first. */
  parseFiles(files: readonly SourceFile[]): JavaFile[] {
    this.repo.readBlobs(files.filter((f) => !this.cache.hasParsed(f.blob)).map((f) => f.blob));
    return files.map((f) => this.parseFile(f));
  }

  /** Every type (members included) declared in a file. */
  classesOf(file: SourceFile): JavaClass[] {
    const parsed = this.parseFile(file);
    const out: JavaClass[] = [];
    const visit = (decl: TypeDecl, prefix: string, outer?: JavaClass) => {
      const fqn = `${prefix}${decl.name}`;
      const cls = this.remember({ fqn, decl, file: parsed, path: file.path, ...(outer ? { outer } : {}) });
      out.push(cls);
      for (const member of decl.members) visit(member, `${fqn}.`, cls);
    };
    const pkg = parsed.packageName ? `${parsed.packageName}.` : '';
    for (const decl of parsed.types) visit(decl, pkg);
    return out;
  }

  private remember(cls: JavaClass): JavaClass {
    const known = this.classes.get(cls.fqn);
    if (known) return known;
    this.classes.set(cls.fqn, cls);
    return cls;
  }

  /** A type by qualified name (member types with `.`), or undefined when the repository lacks it. */
  find(fqn: string): JavaClass | undefined {
    const known = this.classes.get(fqn);
    if (known !== undefined) return known ?? undefined;
    const parts = fqn.split('.');
    let found: JavaClass | undefined;
    for (let i = parts.length; i > 0 && !found; i--) {
      const file = this.byName.get(parts.slice(0, i).join('.'));
      if (!file) continue;
      found = this.classesOf(file).find((c) => c.fqn === fqn);
      break;
    }
    this.classes.set(fqn, found ?? null);
    return found;
  }

  /** The type a name written in `from` denotes, when the repository declares it. */
  resolve(name: string, from: JavaClass): JavaClass | undefined {
    return this.resolveIn(name, from, from.file);
  }

  resolveRef(ref: TypeRef, from: JavaClass): JavaClass | undefined {
    return ref.primitive || ref.name === '?' ? undefined : this.resolve(ref.name, from);
  }

  /** Resolution inside `scope` (a class whose members are visible, or none at a file's top level). */
  private resolveIn(name: string, scope: JavaClass | undefined, file: JavaFile): JavaClass | undefined {
    const [head, ...rest] = name.split('.');
    let found = this.resolveSimple(head!, scope, file);
    if (!found) return rest.length > 0 ? this.find(name) : undefined;
    for (const part of rest) {
      found = this.memberType(found, part);
      if (!found) return this.find(name);
    }
    return found;
  }

  private memberType(owner: JavaClass, name: string, seen = new Set<string>()): JavaClass | undefined {
    if (seen.has(owner.fqn)) return undefined;
    seen.add(owner.fqn);
    const direct = this.find(`${owner.fqn}.${name}`);
    if (direct) return direct;
    for (const sup of this.supertypes(owner)) {
      const inherited = this.memberType(sup, name, seen);
      if (inherited) return inherited;
    }
    return undefined;
  }

  private resolveSimple(name: string, scope: JavaClass | undefined, file: JavaFile): JavaClass | undefined {
    for (let c: JavaClass | undefined = scope; c; c = c.outer) {
      if (c.decl.name === name) return c;
      const member = this.memberType(c, name);
      if (member) return member;
    }
    const imported = file.imports[name];
    if (imported) return this.find(imported);
    const samePackage = this.find(file.packageName ? `${file.packageName}.${name}` : name);
    if (samePackage) return samePackage;
    for (const wildcard of file.wildcardImports) {
      const found = this.find(`${wildcard}.${name}`);
      if (found) return found;
    }
    return undefined;
  }

  superclass(cls: JavaClass): JavaClass | undefined {
    return this.supertypeRefs(cls).superclass;
  }

  /** Direct supertypes declared in the repository (superclass first, then interfaces). */
  supertypes(cls: JavaClass): JavaClass[] {
    const { superclass, interfaces } = this.supertypeRefs(cls);
    return [...(superclass ? [superclass] : []), ...interfaces];
  }

  private readonly supertypeCache = new Map<JavaClass, { superclass?: JavaClass; interfaces: JavaClass[] }>();

  private supertypeRefs(cls: JavaClass): { superclass?: JavaClass; interfaces: JavaClass[] } {
    let known = this.supertypeCache.get(cls);
    if (!known) {
      // The header of a type is resolved in the scope around it, where its own members are not visible.
      const resolve = (ref: TypeRef) => {
        const found = ref.primitive ? undefined : this.resolveIn(ref.name, cls.outer, cls.file);
        return found === cls ? undefined : found;
      };
      this.supertypeCache.set(cls, { interfaces: [] }); // guards a cycle while resolving
      const superclass = cls.decl.superclass ? resolve(cls.decl.superclass) : undefined;
      known = { ...(superclass ? { superclass } : {}), interfaces: cls.decl.interfaces.flatMap((r) => resolve(r) ?? []) };
      this.supertypeCache.set(cls, known);
    }
    return known;
  }

  /** The class and its superclasses, nearest first, as far as the repository declares them. */
  classChain(cls: JavaClass): JavaClass[] {
    const chain: JavaClass[] = [];
    for (let c: JavaClass | undefined = cls; c && !chain.includes(c); c = this.superclass(c)) chain.push(c);
    return chain;
  }

  /** The class and every supertype (classes and interfaces), nearest first. */
  allSupertypes(cls: JavaClass): JavaClass[] {
    const out: JavaClass[] = [];
    const queue = [cls];
    while (queue.length > 0) {
      const c = queue.shift()!;
      if (out.includes(c)) continue;
      out.push(c);
      queue.push(...this.supertypes(c));
    }
    return out;
  }

  isSubtypeOf(cls: JavaClass, target: JavaClass): boolean {
    return this.allSupertypes(cls).includes(target);
  }

  private headIndex: Map<string, SourceFile[]> | undefined;

  /**
   * Files by the names their extends/implements lists mention (from the lexer, kept per blob):
   * the only files that can declare a subtype of a type of that name.
   */
  private filesNamingSupertype(name: string): SourceFile[] {
    if (!this.headIndex) {
      const files = this.files();
      this.repo.readBlobs(files.filter((f) => !this.cache.hasSupertypeNames(f.blob)).map((f) => f.blob));
      this.headIndex = new Map();
      for (const file of files) {
        for (const head of this.cache.supertypeNames(file.blob, () => supertypeNames(this.repo.readBlob(file.blob)))) {
          if (!this.headIndex.has(head)) this.headIndex.set(head, []);
          this.headIndex.get(head)!.push(file);
        }
      }
    }
    return this.headIndex.get(name) ?? [];
  }

  /**
   * Every type below `cls` in the repository, at any depth. Only files whose extends/implements
   * lists name a type of the hierarchy are parsed; the parser decides what extends what.
   */
  subtypes(cls: JavaClass): JavaClass[] {
    const cached = this.subtypeCache.get(cls.fqn);
    if (cached) return cached;
    const found: JavaClass[] = [];
    const searched = new Set<string>();
    let frontier = [cls];
    while (frontier.length > 0) {
      const names = [...new Set(frontier.map((c) => c.decl.name))].filter((n) => !searched.has(n));
      names.forEach((n) => searched.add(n));
      const files = [...new Set(names.flatMap((n) => this.filesNamingSupertype(n)))];
      this.parseFiles(files);
      const next: JavaClass[] = [];
      for (const file of files) {
        for (const candidate of this.classesOf(file)) {
          if (candidate === cls || found.includes(candidate)) continue;
          if (this.supertypes(candidate).some((s) => s === cls || found.includes(s))) {
            found.push(candidate);
            next.push(candidate);
          }
        }
      }
      frontier = next;
    }
    this.subtypeCache.set(cls.fqn, found.sort((a, b) => a.fqn.localeCompare(b.fqn)));
    return found;
  }

  /** Whether the type can be instantiated (a class that is not abstract, or an enum or record). */
  isConcrete(cls: JavaClass): boolean {
    return cls.decl.kind !== 'interface' && cls.decl.kind !== 'annotation' && !cls.decl.modifiers.includes('abstract');
  }
}
