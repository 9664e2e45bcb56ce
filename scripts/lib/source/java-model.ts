/**
 * What the maintainer tool needs to know about a Java source file: its types with their
 * supertypes, fields, methods, constructors and annotations. Built from the parser's syntax tree
 * by java-parse.ts; everything downstream (routes, wire fields, web-hook events) reads only this.
 */

/** A type as written: `List<Foo>`, `java.util.Map<String, X>`, `int[]`, `? extends Bar`. */
export interface TypeRef {
  /** The name as written, dotted when qualified (`Map.Entry`), a keyword for primitives, `?` for a wildcard. */
  name: string;
  args: TypeRef[];
  /** Array dimensions (`int[][]` is 2). */
  dims: number;
  primitive: boolean;
  /** The bound of a wildcard (`? extends X`, or `? super X` with `lower`). */
  bound?: TypeRef;
  lower?: boolean;
}

/** An annotation's element value: a literal, a list of values, or the source text of anything else. */
export type AnnotationValue = string | number | boolean | { expr: string } | AnnotationValue[];

export interface Annotation {
  /** Simple name (`Path` for `@javax.ws.rs.Path`). */
  name: string;
  /** Elements by name; a single unnamed element is `value`. */
  values: Record<string, AnnotationValue>;
}

export interface Declared {
  name: string;
  modifiers: string[];
  annotations: Annotation[];
  /** 1-based source line. */
  line: number;
}

export interface FieldDecl extends Declared {
  type: TypeRef;
}

export interface ParamDecl {
  name: string;
  type: TypeRef;
  annotations: Annotation[];
  varargs: boolean;
}

export interface MethodDecl extends Declared {
  /** Null for `void`. */
  returnType: TypeRef | null;
  params: ParamDecl[];
  /** Whether it has a body (not abstract, not an interface method without `default`). */
  hasBody: boolean;
  /** Types tested with `instanceof` anywhere in the body, in source order. */
  instanceofTypes: TypeRef[];
  /** Types named as class literals (`Foo.class`) anywhere in the body, in source order. */
  classLiterals: TypeRef[];
  /** Methods of the anonymous classes created in the body (`new Contribution() { ... }`). */
  anonymousMethods: MethodDecl[];
}

/** `field = <expression>` (or `this.field = ...`) in a constructor, with the names the expression mentions. */
export interface Assignment {
  field: string;
  names: string[];
}

export interface ConstructorDecl extends Omit<Declared, 'name'> {
  params: ParamDecl[];
  assignments: Assignment[];
}

export interface EnumConstant {
  name: string;
  /** Methods of the constant's own class body, if it has one. */
  methods: MethodDecl[];
}

export type TypeKind = 'class' | 'interface' | 'enum' | 'record' | 'annotation';

export interface TypeDecl extends Declared {
  kind: TypeKind;
  typeParams: string[];
  /** The superclass of a class; null for `Object`, interfaces, enums and records. */
  superclass: TypeRef | null;
  /** Implemented interfaces (for an interface: the ones it extends). */
  interfaces: TypeRef[];
  fields: FieldDecl[];
  methods: MethodDecl[];
  constructors: ConstructorDecl[];
  enumConstants: EnumConstant[];
  /** Member types, declared inside this one. */
  members: TypeDecl[];
}

export interface JavaFile {
  /** `a.b.c`, or '' for the default package. */
  packageName: string;
  /** Single-type imports: simple name -> qualified name. */
  imports: Record<string, string>;
  /** On-demand imports: the package or type before `.*`. */
  wildcardImports: string[];
  types: TypeDecl[];
}

export const hasModifier = (d: { modifiers: string[] }, modifier: string): boolean => d.modifiers.includes(modifier);

export const annotationOf = (d: { annotations: Annotation[] }, name: string): Annotation | undefined =>
  d.annotations.find((a) => a.name === name);

export const hasAnnotation = (d: { annotations: Annotation[] }, name: string): boolean => annotationOf(d, name) !== undefined;

/** A string-valued annotation element, or undefined. */
export function annotationString(annotation: Annotation | undefined, element = 'value'): string | undefined {
  const value = annotation?.values[element];
  return typeof value === 'string' ? value : undefined;
}

/** A type written back as Java source (for messages and tables). */
export function typeText(t: TypeRef): string {
  if (t.name === '?') return t.bound ? `? ${t.lower ? 'super' : 'extends'} ${typeText(t.bound)}` : '?';
  const args = t.args.length > 0 ? `<${t.args.map(typeText).join(', ')}>` : '';
  return `${t.name}${args}${'[]'.repeat(t.dims)}`;
}
