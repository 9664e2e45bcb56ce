/**
 * OneDev's Jackson rules (../shared/onedev-wire-facts.md), applied to parsed classes: which
 * properties a class has on the wire, under which names, with which JSON types.
 *
 * OneDev's ObjectMapper sees fields only (all visibilities, inherited ones included), never plain
 * getters. Left out: static and transient fields, `@JsonIgnore` on the field or its getter, JPA
 * `@Transient`, `@OneToMany`, `@ManyToMany`, and `@OneToOne` without `@JoinColumn`. A
 * `@ManyToOne`/`@JoinColumn` field `x` is the id `xId`. A getter annotated `@JsonProperty` adds a
 * property (its value, or the bean name of the getter).
 */
import type { Classpath, JavaClass } from './classpath.js';
import { annotationString, hasAnnotation, hasModifier, type FieldDecl, type MethodDecl, type TypeRef } from './java-model.js';

export type JsonType = 'string' | 'integer' | 'number' | 'boolean' | 'array' | 'object';

export interface WireProperty {
  name: string;
  /** The Java type as written. */
  type: TypeRef;
  /** The class that declares the field or getter. */
  owner: JavaClass;
  /** An entity reference written as its id. */
  reference: boolean;
  field?: FieldDecl;
  getter?: MethodDecl;
}

const INTEGERS = new Set(['int', 'long', 'short', 'byte', 'Integer', 'Long', 'Short', 'Byte', 'BigInteger', 'AtomicInteger', 'AtomicLong']);
const NUMBERS = new Set(['float', 'double', 'Float', 'Double', 'BigDecimal']);
const BOOLEANS = new Set(['boolean', 'Boolean', 'AtomicBoolean']);
/** Written as JSON strings: text, dates (OneDev's date format), git object ids (OneDev's serializer). */
const STRINGS = new Set(['String', 'char', 'Character', 'CharSequence', 'Date', 'Instant', 'LocalDate', 'LocalDateTime', 'ZonedDateTime', 'OffsetDateTime', 'ObjectId', 'AnyObjectId', 'UUID', 'URL', 'URI', 'Pattern', 'File', 'Locale', 'TimeZone', 'Class']);
const COLLECTIONS = new Set(['List', 'ArrayList', 'LinkedList', 'Set', 'HashSet', 'LinkedHashSet', 'TreeSet', 'SortedSet', 'NavigableSet', 'Collection', 'Iterable', 'Queue', 'Deque', 'ArrayDeque', 'CopyOnWriteArrayList', 'EnumSet', 'ImmutableList', 'ImmutableSet']);
const MAPS = new Set(['Map', 'HashMap', 'LinkedHashMap', 'TreeMap', 'SortedMap', 'NavigableMap', 'ConcurrentHashMap', 'EnumMap', 'ImmutableMap', 'Properties']);

const simpleName = (name: string) => name.slice(name.lastIndexOf('.') + 1);


/** The JSON type of a Java type: primitives and their boxes, text and dates, enums, lists, maps, beans. */
export function jsonTypeOf(cp: Classpath, type: TypeRef, from: JavaClass): JsonType {
  if (type.dims > 0) return type.name === 'byte' && type.dims === 1 ? 'string' : 'array';
  const name = simpleName(type.name);
  const declared = cp.resolveRef(type, from);
  if (declared) {
    if (declared.decl.kind === 'enum') return 'string';
    return 'object';
  }
  if (INTEGERS.has(name)) return 'integer';
  if (NUMBERS.has(name)) return 'number';
  if (BOOLEANS.has(name)) return 'boolean';
  if (STRINGS.has(name)) return 'string';
  if (COLLECTIONS.has(name)) return 'array';
  if (MAPS.has(name)) return 'object';
  // Any other class from outside the repository (a JGit or javax.mail bean, Object, Serializable) is written as an object.
  return 'object';
}

const capitalize = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

/** Jackson's bean name of a getter: the leading capitals lower-cased (`getType` -> `type`, `getURL` -> `url`). */
export function beanName(getter: string): string | undefined {
  const match = /^(?:get|is)(.+)$/.exec(getter);
  return match ? match[1]!.replace(/^[A-Z]+/, (run) => run.toLowerCase()) : undefined;
}

const isGetter = (m: MethodDecl) => m.params.length === 0 && !hasModifier(m, 'static') && m.returnType !== null && /^(get|is)[A-Z_]/.test(m.name);

/** The getter of a field in the class chain (and interfaces), nearest first. */
export function gettersOf(cp: Classpath, cls: JavaClass, field: string): MethodDecl[] {
  const names = [`get${capitalize(field)}`, `is${capitalize(field)}`];
  return cp
    .allSupertypes(cls)
    .flatMap((c) => c.decl.methods.filter((m) => names.includes(m.name) && isGetter(m)));
}

function dropped(field: FieldDecl): boolean {
  if (hasModifier(field, 'static') || hasModifier(field, 'transient')) return true;
  if (hasAnnotation(field, 'JsonIgnore') || hasAnnotation(field, 'Transient')) return true;
  if (hasAnnotation(field, 'OneToMany') || hasAnnotation(field, 'ManyToMany')) return true;
  return hasAnnotation(field, 'OneToOne') && !hasAnnotation(field, 'JoinColumn');
}

/** The properties a class has on the wire, sorted by name. */
export function wireProperties(cp: Classpath, cls: JavaClass): WireProperty[] {
  const props = new Map<string, WireProperty>();
  const ignored = new Set<string>();
  const chain = cp.classChain(cls);
  // Getters annotated @JsonProperty (on the class, a superclass or an interface).
  for (const owner of cp.allSupertypes(cls)) {
    for (const getter of owner.decl.methods.filter(isGetter)) {
      const bean = beanName(getter.name);
      if (!bean) continue;
      const all = gettersOf(cp, cls, bean).filter((g) => g.name === getter.name);
      if (all.some((g) => hasAnnotation(g, 'JsonIgnore'))) {
        ignored.add(bean);
        continue;
      }
      const annotated = all.find((g) => hasAnnotation(g, 'JsonProperty'));
      if (!annotated) continue;
      const name = annotationString(annotated.annotations.find((a) => a.name === 'JsonProperty')) || bean;
      if (!props.has(name)) props.set(name, { name, type: annotated.returnType!, owner, reference: false, getter: annotated });
    }
  }
  for (const owner of chain) {
    for (const field of owner.decl.fields) {
      if (dropped(field) || ignored.has(field.name)) continue;
      const reference = hasAnnotation(field, 'ManyToOne') || hasAnnotation(field, 'JoinColumn');
      const explicit = annotationString(field.annotations.find((a) => a.name === 'JsonProperty'));
      const name = reference ? `${field.name}Id` : explicit || field.name;
      // A field hidden by one of the same name in a subclass stays hidden.
      if (props.has(name) && props.get(name)!.field) continue;
      const getterProp = props.get(name);
      props.set(name, { name, type: field.type, owner, reference, field, ...(getterProp?.getter ? { getter: getterProp.getter } : {}) });
    }
  }
  return [...props.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** The JSON type of a property: an entity reference is its id. */
export function propertyJsonType(cp: Classpath, prop: WireProperty): JsonType {
  return prop.reference ? 'integer' : jsonTypeOf(cp, prop.type, prop.owner);
}

/**
 * The nullability rule of the web-hook tables: primitives never; a reference-typed property when
 * the field, its getter, or the constructor parameter it is assigned from is `@Nullable`.
 */
export function isNullable(cp: Classpath, cls: JavaClass, prop: WireProperty): boolean {
  if (prop.type.primitive && prop.type.dims === 0) return false;
  if (prop.getter && hasAnnotation(prop.getter, 'Nullable')) return true;
  const field = prop.field;
  if (!field) return false;
  if (hasAnnotation(field, 'Nullable')) return true;
  if (gettersOf(cp, cls, field.name).some((g) => hasAnnotation(g, 'Nullable'))) return true;
  return prop.owner.decl.constructors.some((ctor) => {
    const nullableParams = new Set(ctor.params.filter((p) => hasAnnotation(p, 'Nullable')).map((p) => p.name));
    return ctor.assignments.some((a) => a.field === field.name && a.names.some((n) => nullableParams.has(n)));
  });
}
