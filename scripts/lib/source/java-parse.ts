/**
 * Java source -> JavaFile (java-model.ts), through the `java-parser` library's concrete syntax
 * tree (the parser behind prettier-plugin-java). Only declarations are read; statement bodies are
 * looked into for two things: `instanceof` tests and constructor assignments.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { lexAndParse, type CstElement, type CstNode, type IToken } from 'java-parser';
import type {
  Annotation,
  AnnotationValue,
  Assignment,
  ConstructorDecl,
  EnumConstant,
  FieldDecl,
  JavaFile,
  MethodDecl,
  ParamDecl,
  TypeDecl,
  TypeKind,
  TypeRef,
} from './java-model.js';

/** A file the parser cannot read, named with where it came from and where it stops. */
export class JavaSyntaxError extends Error {
  override name = 'JavaSyntaxError';
  constructor(
    readonly origin: string,
    readonly line: number,
    readonly column: number,
    readonly reason: string,
  ) {
    super(`${origin}:${line}:${column}: Java syntax error: ${reason}`);
  }
}

const isToken = (e: CstElement): e is IToken => 'image' in e;

function nodes(node: CstNode | undefined, name: string): CstNode[] {
  return (node?.children[name] ?? []).filter((e) => !isToken(e)) as unknown as CstNode[];
}
function node(parent: CstNode | undefined, name: string): CstNode | undefined {
  return nodes(parent, name)[0];
}
function tokensNamed(parent: CstNode | undefined, name: string): IToken[] {
  return (parent?.children[name] ?? []).filter(isToken);
}

/** Every token under a node, in source order. */
function tokens(root: CstNode): IToken[] {
  const out: IToken[] = [];
  const walk = (n: CstNode) => {
    for (const list of Object.values(n.children)) for (const e of list) (isToken(e) ? out.push(e) : walk(e));
  };
  walk(root);
  return out.sort((a, b) => a.startOffset - b.startOffset);
}

/** Every node of a kind under a node (the node itself included), outermost first. */
function descendants(root: CstNode, name: string): CstNode[] {
  const out: CstNode[] = [];
  const walk = (n: CstNode) => {
    if (n.name === name) out.push(n);
    for (const list of Object.values(n.children)) for (const e of list) if (!isToken(e)) walk(e);
  };
  walk(root);
  return out;
}

const firstLine = (n: CstNode): number => tokens(n)[0]?.startLine ?? 0;

/** The unescaped value of a Java string literal token. */
function unquote(literal: string): string {
  const body = literal.slice(1, -1);
  const escapes: Record<string, string> = { n: '\n', t: '\t', r: '\r', b: '\b', f: '\f', s: ' ', '"': '"', "'": "'", '\\': '\\' };
  return body.replace(/\\(u+[0-9a-fA-F]{4}|[0-7]{1,3}|.)/g, (_, e: string) => {
    if (e.startsWith('u')) return String.fromCharCode(parseInt(e.replace(/^u+/, ''), 16));
    if (/^[0-7]/.test(e)) return String.fromCharCode(parseInt(e, 8));
    return escapes[e] ?? e;
  });
}

class FileReader {
  constructor(private readonly source: string) {}

  private text(n: CstNode): string {
    const all = tokens(n);
    if (all.length === 0) return '';
    return this.source.slice(all[0]!.startOffset, all.at(-1)!.endOffset! + 1);
  }

  read(root: CstNode): JavaFile {
    const unit = node(root, 'ordinaryCompilationUnit');
    const pkg = node(unit, 'packageDeclaration');
    const file: JavaFile = {
      packageName: tokensNamed(pkg, 'Identifier').map((t) => t.image).join('.'),
      imports: {},
      wildcardImports: [],
      types: [],
    };
    for (const imp of nodes(unit, 'importDeclaration')) {
      if (tokensNamed(imp, 'Static').length > 0) continue;
      const name = tokensNamed(node(imp, 'packageOrTypeName'), 'Identifier').map((t) => t.image);
      if (name.length === 0) continue;
      if (tokensNamed(imp, 'Star').length > 0) file.wildcardImports.push(name.join('.'));
      else file.imports[name.at(-1)!] = name.join('.');
    }
    for (const decl of nodes(unit, 'typeDeclaration')) {
      const type = this.typeDeclaration(decl);
      if (type) file.types.push(type);
    }
    return file;
  }

  /** A typeDeclaration, classMemberDeclaration or interfaceMemberDeclaration holding a type. */
  private typeDeclaration(holder: CstNode): TypeDecl | undefined {
    const cls = node(holder, 'classDeclaration');
    if (cls) return this.classDeclaration(cls);
    const itf = node(holder, 'interfaceDeclaration');
    if (itf) return this.interfaceDeclaration(itf);
    return undefined;
  }

  private modifiers(mods: CstNode[]): { modifiers: string[]; annotations: Annotation[] } {
    const modifiers: string[] = [];
    const annotations: Annotation[] = [];
    for (const mod of mods) {
      const annotation = node(mod, 'annotation');
      if (annotation) annotations.push(this.annotation(annotation));
      else modifiers.push(...tokens(mod).map((t) => t.image));
    }
    return { modifiers, annotations };
  }

  private annotation(n: CstNode): Annotation {
    const name = tokensNamed(node(n, 'typeName'), 'Identifier').at(-1)?.image ?? '';
    const values: Record<string, AnnotationValue> = {};
    const single = node(n, 'elementValue');
    if (single) values.value = this.elementValue(single);
    for (const pair of nodes(node(n, 'elementValuePairList'), 'elementValuePair')) {
      values[tokensNamed(pair, 'Identifier')[0]!.image] = this.elementValue(node(pair, 'elementValue')!);
    }
    return { name, values };
  }

  /** A constant when it is one (strings, concatenated strings, numbers, booleans), else its source text. */
  private elementValue(n: CstNode): AnnotationValue {
    const array = node(n, 'elementValueArrayInitializer');
    if (array) return nodes(node(array, 'elementValueList'), 'elementValue').map((v) => this.elementValue(v));
    const all = tokens(n);
    const kinds = all.map((t) => t.tokenType.name);
    if (kinds.length % 2 === 1 && kinds.every((k, i) => (i % 2 === 0 ? k === 'StringLiteral' : all[i]!.image === '+'))) {
      return all.filter((_, i) => i % 2 === 0).map((t) => unquote(t.image)).join('');
    }
    if (kinds.length === 1 && (kinds[0] === 'True' || kinds[0] === 'False')) return kinds[0] === 'True';
    const numeric = all.map((t) => t.image).join('');
    if (/^-?\d+[lL]?$/.test(numeric)) return Number(numeric.replace(/[lL]$/, ''));
    return { expr: this.text(n) };
  }

  private typeParams(n: CstNode | undefined): string[] {
    return nodes(node(n, 'typeParameterList'), 'typeParameter').map(
      (p) => tokensNamed(node(p, 'typeIdentifier'), 'Identifier')[0]!.image,
    );
  }

  private dims(n: CstNode | undefined): number {
    return n ? tokensNamed(n, 'LSquare').length : 0;
  }

  private typeArguments(n: CstNode | undefined): TypeRef[] {
    return nodes(node(n, 'typeArgumentList'), 'typeArgument').map((arg) => {
      const wildcard = node(arg, 'wildcard');
      if (wildcard) {
        const bounds = node(wildcard, 'wildcardBounds');
        const ref: TypeRef = { name: '?', args: [], dims: 0, primitive: false };
        if (bounds) {
          ref.bound = this.referenceType(node(bounds, 'referenceType')!);
          if (tokensNamed(bounds, 'Super').length > 0) ref.lower = true;
        }
        return ref;
      }
      return this.referenceType(node(arg, 'referenceType')!);
    });
  }

  /** classType / unannClassType: `a.b.Outer<X>.Inner<Y>` keeps the arguments of the last part. */
  private classType(n: CstNode, dims = 0): TypeRef {
    const ids = tokensNamed(n, 'Identifier');
    const last = ids.at(-1)!;
    const args = nodes(n, 'typeArguments').filter((a) => tokens(a)[0]!.startOffset > last.startOffset);
    return { name: ids.map((t) => t.image).join('.'), args: this.typeArguments(args[0]), dims, primitive: false };
  }

  private referenceType(n: CstNode): TypeRef {
    const dims = this.dims(node(n, 'dims'));
    const primitive = node(n, 'primitiveType');
    if (primitive) return { name: tokens(primitive).filter((t) => t.tokenType.name !== 'At').at(-1)!.image, args: [], dims, primitive: true };
    return this.classType(node(node(n, 'classOrInterfaceType'), 'classType')!, dims);
  }

  private unannType(n: CstNode, extraDims = 0): TypeRef {
    const primitive = node(n, 'unannPrimitiveTypeWithOptionalDimsSuffix');
    if (primitive) {
      const name = tokens(node(primitive, 'unannPrimitiveType')!).at(-1)!.image;
      return { name, args: [], dims: this.dims(node(primitive, 'dims')) + extraDims, primitive: true };
    }
    const ref = node(n, 'unannReferenceType')!;
    return this.classType(node(node(ref, 'unannClassOrInterfaceType'), 'unannClassType')!, this.dims(node(ref, 'dims')) + extraDims);
  }

  private classDeclaration(n: CstNode): TypeDecl {
    const { modifiers, annotations } = this.modifiers(nodes(n, 'classModifier'));
    const normal = node(n, 'normalClassDeclaration');
    const enumDecl = node(n, 'enumDeclaration');
    const record = node(n, 'recordDeclaration');
    const decl = (normal ?? enumDecl ?? record)!;
    const kind: TypeKind = normal ? 'class' : enumDecl ? 'enum' : 'record';
    const type = this.emptyType(decl, kind, modifiers, annotations);
    type.typeParams = this.typeParams(node(decl, 'typeParameters'));
    const ext = node(decl, 'classExtends');
    if (ext) type.superclass = this.classType(node(ext, 'classType')!);
    type.interfaces = this.interfaceList(node(node(decl, 'classImplements'), 'interfaceTypeList'));
    if (normal) this.classBody(node(normal, 'classBody'), type);
    if (enumDecl) {
      const body = node(enumDecl, 'enumBody')!;
      for (const constant of nodes(node(body, 'enumConstantList'), 'enumConstant')) {
        const holder = this.emptyType(constant, 'class', [], []);
        this.classBody(node(constant, 'classBody'), holder);
        const entry: EnumConstant = { name: tokensNamed(constant, 'Identifier')[0]!.image, methods: holder.methods };
        type.enumConstants.push(entry);
      }
      for (const member of nodes(node(body, 'enumBodyDeclarations'), 'classBodyDeclaration')) this.classBodyDeclaration(member, type);
    }
    if (record) {
      for (const component of nodes(node(node(record, 'recordHeader'), 'recordComponentList'), 'recordComponent')) {
        const { annotations: componentAnnotations } = this.modifiers(nodes(component, 'recordComponentModifier'));
        const name = tokensNamed(component, 'Identifier')[0]?.image;
        if (!name) continue;
        type.fields.push({
          name,
          type: this.unannType(node(component, 'unannType')!),
          modifiers: ['private', 'final'],
          annotations: componentAnnotations,
          line: firstLine(component),
        });
      }
      for (const member of nodes(node(record, 'recordBody'), 'recordBodyDeclaration')) {
        const inner = node(member, 'classBodyDeclaration');
        if (inner) this.classBodyDeclaration(inner, type);
      }
    }
    return type;
  }

  private interfaceDeclaration(n: CstNode): TypeDecl {
    const { modifiers, annotations } = this.modifiers(nodes(n, 'interfaceModifier'));
    const normal = node(n, 'normalInterfaceDeclaration');
    if (!normal) {
      const decl = node(n, 'annotationInterfaceDeclaration')!;
      return this.emptyType(decl, 'annotation', modifiers, annotations);
    }
    const type = this.emptyType(normal, 'interface', modifiers, annotations);
    type.typeParams = this.typeParams(node(normal, 'typeParameters'));
    type.interfaces = this.interfaceList(node(node(normal, 'interfaceExtends'), 'interfaceTypeList'));
    for (const member of nodes(node(normal, 'interfaceBody'), 'interfaceMemberDeclaration')) {
      const constant = node(member, 'constantDeclaration');
      if (constant) {
        const mods = this.modifiers(nodes(constant, 'constantModifier'));
        type.fields.push(...this.fields(constant, [...new Set([...mods.modifiers, 'public', 'static', 'final'])], mods.annotations));
        continue;
      }
      const method = node(member, 'interfaceMethodDeclaration');
      if (method) {
        const mods = this.modifiers(nodes(method, 'interfaceMethodModifier'));
        type.methods.push(this.method(method, mods.modifiers, mods.annotations));
        continue;
      }
      const inner = this.typeDeclaration(member);
      if (inner) type.members.push(inner);
    }
    return type;
  }

  private emptyType(decl: CstNode, kind: TypeKind, modifiers: string[], annotations: Annotation[]): TypeDecl {
    const name = tokensNamed(node(decl, 'typeIdentifier'), 'Identifier')[0]?.image ?? tokensNamed(decl, 'Identifier')[0]?.image ?? '';
    return {
      name,
      kind,
      modifiers,
      annotations,
      line: firstLine(decl),
      typeParams: [],
      superclass: null,
      interfaces: [],
      fields: [],
      methods: [],
      constructors: [],
      enumConstants: [],
      members: [],
    };
  }

  private interfaceList(list: CstNode | undefined): TypeRef[] {
    return nodes(list, 'interfaceType').map((t) => this.classType(node(t, 'classType')!));
  }

  private classBody(body: CstNode | undefined, type: TypeDecl): void {
    for (const member of nodes(body, 'classBodyDeclaration')) this.classBodyDeclaration(member, type);
  }

  private classBodyDeclaration(member: CstNode, type: TypeDecl): void {
    const ctor = node(member, 'constructorDeclaration');
    if (ctor) {
      type.constructors.push(this.constructor_(ctor));
      return;
    }
    const decl = node(member, 'classMemberDeclaration');
    if (!decl) return;
    const field = node(decl, 'fieldDeclaration');
    if (field) {
      const mods = this.modifiers(nodes(field, 'fieldModifier'));
      type.fields.push(...this.fields(field, mods.modifiers, mods.annotations));
      return;
    }
    const method = node(decl, 'methodDeclaration');
    if (method) {
      const mods = this.modifiers(nodes(method, 'methodModifier'));
      const parsed = this.method(method, mods.modifiers, mods.annotations);
      // java-parser 3.0 reads a member `record R(...) {}` as a method R returning a type named
      // `record` (which no Java type can be called); take it for the record it is.
      if (parsed.returnType?.name === 'record' && parsed.returnType.args.length === 0) type.members.push(this.recordFromMethod(method, parsed));
      else type.methods.push(parsed);
      return;
    }
    const inner = this.typeDeclaration(decl);
    if (inner) type.members.push(inner);
  }

  private recordFromMethod(n: CstNode, parsed: MethodDecl): TypeDecl {
    const record = this.emptyType(n, 'record', parsed.modifiers, parsed.annotations);
    record.name = parsed.name;
    record.line = parsed.line;
    record.fields = parsed.params.map((p) => ({ name: p.name, type: p.type, modifiers: ['private', 'final'], annotations: p.annotations, line: parsed.line }));
    return record;
  }

  private fields(decl: CstNode, modifiers: string[], annotations: Annotation[]): FieldDecl[] {
    const declared = node(decl, 'unannType')!;
    return nodes(node(decl, 'variableDeclaratorList'), 'variableDeclarator').map((v) => {
      const id = node(v, 'variableDeclaratorId')!;
      return {
        name: tokensNamed(id, 'Identifier')[0]!.image,
        type: this.unannType(declared, this.dims(node(id, 'dims'))),
        modifiers,
        annotations,
        line: firstLine(v),
      };
    });
  }

  private params(list: CstNode | undefined): ParamDecl[] {
    return nodes(list, 'formalParameter').map((p) => {
      const regular = node(p, 'variableParaRegularParameter');
      const param = (regular ?? node(p, 'variableArityParameter'))!;
      const { annotations } = this.modifiers(nodes(param, 'variableModifier'));
      const name = regular ? tokensNamed(node(regular, 'variableDeclaratorId'), 'Identifier')[0]?.image : tokensNamed(param, 'Identifier')[0]?.image;
      return { name: name ?? '_', type: this.unannType(node(param, 'unannType')!), annotations, varargs: !regular };
    });
  }

  private method(n: CstNode, modifiers: string[], annotations: Annotation[]): MethodDecl {
    const header = node(n, 'methodHeader')!;
    const declarator = node(header, 'methodDeclarator')!;
    const result = node(header, 'result')!;
    const resultType = node(result, 'unannType');
    const body = node(node(n, 'methodBody'), 'block');
    return {
      name: tokensNamed(declarator, 'Identifier')[0]!.image,
      modifiers,
      annotations: [...annotations, ...nodes(header, 'annotation').map((a) => this.annotation(a))],
      line: firstLine(n),
      returnType: resultType ? this.unannType(resultType, this.dims(node(declarator, 'dims'))) : null,
      params: this.params(node(declarator, 'formalParameterList')),
      hasBody: body !== undefined,
      instanceofTypes: body ? this.instanceofTypes(body) : [],
      classLiterals: body ? this.classLiterals(body) : [],
      anonymousMethods: body ? this.anonymousMethods(body) : [],
    };
  }

  private classLiterals(body: CstNode): TypeRef[] {
    return descendants(body, 'primary')
      .filter((p) => nodes(p, 'primarySuffix').some((s) => node(s, 'classLiteralSuffix')))
      .flatMap((p) => {
        const ids = tokens(node(node(p, 'primaryPrefix'), 'fqnOrRefType') ?? node(p, 'primaryPrefix')!).filter((t) => t.tokenType.name === 'Identifier');
        return ids.length > 0 ? [{ name: ids.map((t) => t.image).join('.'), args: [], dims: 0, primitive: false }] : [];
      });
  }

  private anonymousMethods(body: CstNode): MethodDecl[] {
    const holder = this.emptyType(body, 'class', [], []);
    for (const creation of descendants(body, 'unqualifiedClassInstanceCreationExpression')) this.classBody(node(creation, 'classBody'), holder);
    return holder.methods;
  }

  private instanceofTypes(body: CstNode): TypeRef[] {
    const found: { offset: number; type: TypeRef }[] = [];
    for (const expr of descendants(body, 'binaryExpression')) {
      if (tokensNamed(expr, 'Instanceof').length === 0) continue;
      for (const ref of nodes(expr, 'referenceType')) found.push({ offset: tokens(ref)[0]!.startOffset, type: this.referenceType(ref) });
      for (const pattern of nodes(expr, 'pattern')) {
        const local = node(node(pattern, 'typePattern'), 'localVariableDeclaration');
        const declared = node(local, 'localVariableType');
        const unann = node(declared, 'unannType');
        if (unann) found.push({ offset: tokens(unann)[0]!.startOffset, type: this.unannType(unann) });
      }
    }
    return found.sort((a, b) => a.offset - b.offset).map((f) => f.type);
  }

  private constructor_(n: CstNode): ConstructorDecl {
    const { modifiers, annotations } = this.modifiers(nodes(n, 'constructorModifier'));
    const declarator = node(n, 'constructorDeclarator')!;
    const assignments: Assignment[] = [];
    for (const statement of descendants(node(n, 'constructorBody')!, 'expressionStatement')) {
      const expr = node(node(node(statement, 'statementExpression'), 'expression'), 'conditionalExpression');
      const binary = node(expr, 'binaryExpression');
      const operators = tokensNamed(binary, 'AssignmentOperator');
      if (operators.length !== 1 || operators[0]!.image !== '=') continue;
      const target = tokens(nodes(binary, 'unaryExpression')[0]!).map((t) => t.image);
      const field = target.length === 1 ? target[0] : target.length === 3 && target[0] === 'this' && target[1] === '.' ? target[2] : undefined;
      const value = nodes(binary, 'expression')[0];
      if (!field || !value) continue;
      assignments.push({ field, names: [...new Set(tokens(value).filter((t) => t.tokenType.name === 'Identifier').map((t) => t.image))] });
    }
    return { modifiers, annotations, line: firstLine(n), params: this.params(node(declarator, 'formalParameterList')), assignments };
  }
}

/**
 * Parses one compilation unit. `origin` names the file in errors (e.g. `v16.5.6:server-core/...`).
 */
export function parseJava(source: string, origin: string): JavaFile {
  let cst: CstNode;
  try {
    cst = lexAndParse(source).cst as CstNode;
  } catch (error) {
    const message = (error as Error).message;
    // java-parser reports "... in line: L, column: C!\n<reason>"; keep the position and the reason.
    const at = /line: (\d+), column: (\d+)!?\n([^\n]*)/.exec(message);
    throw new JavaSyntaxError(origin, Number(at?.[1] ?? 0), Number(at?.[2] ?? 0), (at?.[3] ?? message.split('\n')[0] ?? '').replace(/!$/, ''));
  }
  return new FileReader(source).read(cst);
}

/**
 * The parser's own lexer (java-parser does not export it; the version is pinned in package.json).
 * Lexing is ~100 times faster than parsing, so it decides which files are worth parsing.
 */
const lexer = (
  (await import(pathToFileURL(join(dirname(createRequire(import.meta.url).resolve('java-parser')), 'lexer.js')).href)) as {
    default: { tokenize(text: string): { tokens: IToken[] } };
  }
).default;

/** Tokens that may sit between `extends`/`implements` and a supertype's name. */
const HEADER_TOKENS = new Set(['Identifier', 'Dot', 'Comma', 'Less', 'Greater', 'QuestionMark', 'Super']);

/**
 * The names written in the file's `extends`/`implements`/`permits` lists (and type-parameter
 * bounds): every subtype of a type names it there, so a file that does not is not worth parsing.
 */
export function supertypeNames(source: string): string[] {
  const tokens = lexer.tokenize(source).tokens;
  const names = new Set<string>();
  for (let i = 0; i < tokens.length; i++) {
    if (tokens[i]!.tokenType.name !== 'Identifier') continue;
    for (let j = i - 1; j >= 0; j--) {
      const kind = tokens[j]!.tokenType.name;
      if (kind === 'Extends' || kind === 'Implements' || kind === 'Permits') {
        names.add(tokens[i]!.image);
        break;
      }
      if (!HEADER_TOKENS.has(kind)) break;
    }
  }
  return [...names].sort();
}
