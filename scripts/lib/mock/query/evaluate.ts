/**
 * Runs a query on the mock's records the way one release's server does: parse (a syntax error is
 * refused first), then check and build each criterion left to right (an unknown field, an
 * operator the field lacks, an unknown user, label, number, date or project is refused with that
 * release's status and message), then the `order by` fields; then filter and sort.
 */
import type { QueryCriterionSpec, QueryFieldSpec, QueryLanguageSpec, QueryMatch, QueryOperator, QueryTarget } from '../../../../spec/model.js';
import type { QueryNode, Revision } from './ast.js';
import { historyOf, mergeBase, reachable, resolveRevision } from '../commits/history.js';
import { pathspecMatches } from '../commits/pathspec.js';
import { parserFor } from './grammar.js';
import { relationsOf } from './relations.js';
import { Refused, refusalOf } from './refused.js';
import { parsePercentOfFraction, parseQueryDate, parseWorkingPeriod, pathWildcard, readPath, wildcard } from './values.js';

type Rec = Record<string, unknown>;
type Test = (record: Rec) => boolean;

export interface QueryProject {
  id: number;
  path: string;
  key?: string | null;
}

/** What a query can refer to besides the records: the users, projects and labels the server has. */
export interface QueryWorld {
  /** The caller's login name, for `... me` criteria. */
  caller?: string;
  users: ReadonlyArray<{ id: number; name: string }>;
  projects: readonly QueryProject[];
  labels: ReadonlySet<string>;
  /** Issue states in workflow order. */
  states?: readonly string[];
  now?: number;
  /** The builds (`projectId`, `number`, `commitHash`), for criteria naming a build's commit. */
  builds?: readonly Rec[];
}

export type QueryOutcome = { records: Rec[] } | { refusal: { status: number; text: string } };

/** The commit build `number` of the project was made of, or the build refusal naming `reference`. */
export function buildCommitHash(world: QueryWorld, projectId: number, number: number, reference: string): string {
  const build = (world.builds ?? []).find((b) => b.projectId === projectId && b.number === number);
  if (!build || typeof build.commitHash !== 'string') throw new Refused('build', { value: reference });
  return build.commitHash;
}

/** The value of a target on a record: a property (ids stay ids) or a relation. */
function targetValue(record: Rec, target: QueryTarget): unknown {
  return 'property' in target ? readPath(record, target.property) : relationsOf(record)[target.relation];
}

const asList = (value: unknown): unknown[] => (Array.isArray(value) ? value : value === undefined || value === null ? [] : [value]);
const isEmpty = (value: unknown): boolean => value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

/** The project a record belongs to, for references (`acme/webapp#100` is number 100 of that project). */
function projectIdOf(record: Rec): unknown {
  return record.targetProjectId ?? record.projectId;
}

/** A number read from the record, compared with the wanted one; anything else never matches. */
function orderTest(read: (rec: Rec) => unknown, compare: (a: number, b: number) => boolean, wanted: number): Test {
  return (rec) => {
    const got = read(rec);
    return typeof got === 'number' && compare(got, wanted);
  };
}

/** `is greater than`, `is less than`, else equal. */
function relationalTest(operator: QueryOperator, read: (rec: Rec) => unknown, wanted: number): Test {
  if (operator === 'is greater than') return orderTest(read, (a, b) => a > b, wanted);
  if (operator === 'is less than') return orderTest(read, (a, b) => a < b, wanted);
  return orderTest(read, (a, b) => a === b, wanted);
}

/** A date the record holds as text: before the time for `is until`, after it otherwise. */
function dateTest(operator: QueryOperator, time: number, read: (rec: Rec) => unknown): Test {
  return (rec) => {
    const got = read(rec);
    if (typeof got !== 'string') return false;
    const at = Date.parse(got);
    return operator === 'is until' ? at < time : at > time;
  };
}

/** A workflow state: `is before`/`is after` compare positions in the workflow, else the name. */
function stateTest(states: readonly string[], operator: QueryOperator, value: string, read: (rec: Rec) => unknown): Test {
  if (operator === 'is before' || operator === 'is after') {
    const wanted = states.indexOf(value);
    return (rec) => {
      const at = states.indexOf(String(read(rec)));
      return wanted >= 0 && at >= 0 && (operator === 'is before' ? at < wanted : at > wanted);
    };
  }
  return (rec) => read(rec) === value;
}

/** The matches on the record's texts (any of them, for a list): contained, a wildcard, a person, a pathspec, or equal. */
function textTest(match: 'contains' | 'wildcard' | 'person' | 'pathspec' | 'exact' | 'name', value: string, read: (rec: Rec) => unknown): Test {
  switch (match) {
    case 'contains': {
      const text = value.toLowerCase();
      return (rec) => asList(read(rec)).some((v) => typeof v === 'string' && v.toLowerCase().includes(text));
    }
    case 'wildcard': {
      const pattern = value.toLowerCase();
      return (rec) => asList(read(rec)).some((v) => typeof v === 'string' && wildcard(pattern, v.toLowerCase()));
    }
    case 'person': {
      const pattern = `*${value.toLowerCase()}*`;
      return (rec) => asList(read(rec)).some((v) => typeof v === 'string' && wildcard(pattern, v.toLowerCase()));
    }
    case 'pathspec':
      return (rec) => asList(read(rec)).some((v) => typeof v === 'string' && pathspecMatches(value, v));
    case 'exact':
    case 'name':
      return (rec) => asList(read(rec)).includes(value);
  }
}

/** Lookups made once per list of users or projects (a mock without --stateful keeps its lists), not per query. */
const USERS_BY_NAME = new WeakMap<object, Map<string, number>>();
const PROJECTS_BY_ID = new WeakMap<object, Map<number, QueryProject>>();

function indexOf<T, K, V>(list: readonly T[], kept: WeakMap<object, Map<K, V>>, key: (item: T) => K, value: (item: T) => V): Map<K, V> {
  let index = kept.get(list);
  if (!index) kept.set(list, (index = new Map(list.map((item) => [key(item), value(item)]))));
  return index;
}

class Compiler {
  private readonly usersByName: Map<string, number>;
  private readonly projectsById: Map<number, QueryProject>;

  constructor(
    private readonly language: QueryLanguageSpec,
    private readonly world: QueryWorld,
    private readonly records: readonly Rec[],
  ) {
    this.usersByName = indexOf(world.users, USERS_BY_NAME, (u) => u.name, (u) => u.id);
    this.projectsById = indexOf(world.projects, PROJECTS_BY_ID, (p) => p.id, (p) => p);
  }

  compile(node: QueryNode): Test {
    switch (node.type) {
      case 'and': {
        const [l, r] = [this.compile(node.left), this.compile(node.right)];
        return (rec) => l(rec) && r(rec);
      }
      case 'or': {
        const [l, r] = [this.compile(node.left), this.compile(node.right)];
        return (rec) => l(rec) || r(rec);
      }
      case 'not': {
        const child = this.compile(node.child);
        return (rec) => !child(rec);
      }
      case 'field':
        return this.field(node.field, node.operator as QueryOperator, node.values);
      case 'criterion':
        return this.criterion(node.keyword, node.values);
      case 'reference': {
        const ref = this.reference(node.text);
        return (rec) => rec.number === ref.number && projectIdOf(rec) === ref.projectId;
      }
      case 'number': {
        const number = Number(node.text.slice(1));
        // The project list's `#12` is the project with id 12.
        const property = this.language.list === 'project' ? 'id' : 'number';
        return (rec) => rec[property] === number;
      }
      case 'fuzzy': {
        const text = node.text.toLowerCase();
        const fuzzy = this.language.tokens.find((t) => t.token === 'fuzzy');
        const searches = fuzzy?.searches ?? [];
        const inProperty = (rec: Rec) => searches.some((p) => String(readPath(rec, p) ?? '').toLowerCase().includes(text));
        const relations = fuzzy?.searchesRelations;
        if (!relations || relations.length === 0) return (rec) => text.length === 0 || inProperty(rec);
        const inRelation = (rec: Rec) => relations.some((r) => asList(relationsOf(rec)[r]).some((v) => typeof v === 'string' && v.toLowerCase().includes(text)));
        return (rec) => text.length === 0 || inProperty(rec) || inRelation(rec);
      }
      case 'between':
        return this.between(node.from, node.to);
      case 'link': {
        this.linkName(node.link);
        const child = this.compile(node.child);
        const byId = new Map(this.records.map((r) => [r.id, r]));
        return (rec) => {
          const linked = asList(relationsOf(rec).links)
            .filter((l): l is { name: string; id: unknown } => (l as { name?: unknown }).name === node.link)
            .map((l) => byId.get(l.id))
            .filter((r): r is Rec => r !== undefined);
          return node.scope === 'any' ? linked.some(child) : linked.length > 0 && linked.every(child);
        };
      }
    }
  }

  private field(name: string, operator: QueryOperator, values: readonly string[]): Test {
    const field = this.language.fields.find((f) => f.name === name);
    if (!field) throw new Refused('unknown-field', { field: name });
    const operators = field.operators.map((op) => (typeof op === 'string' ? op : op.operator));
    if (!operators.includes(operator)) throw new Refused('operator', { field: name, operator });
    const read = (rec: Rec): unknown => {
      const value = targetValue(rec, field.target);
      if (field.refPrefix === undefined) return value;
      return typeof value === 'string' && value.startsWith(field.refPrefix) ? value.slice(field.refPrefix.length) : null;
    };
    if (operator === 'is empty') return (rec) => isEmpty(read(rec));
    if (operator === 'is not empty') return (rec) => !isEmpty(read(rec));
    if (operator === 'is me' || operator === 'is not me') {
      const me = this.caller();
      const test: Test = (rec) => me !== undefined && asList(read(rec)).includes(me);
      return operator === 'is me' ? test : (rec) => !test(rec);
    }
    const tests = values.map((value) => this.valueTest(field, operator, value, read));
    if (operator === 'is not') return (rec) => tests.every((t) => !t(rec));
    return (rec) => tests.some((t) => t(rec));
  }

  /** The test of one value; `is not` negates it outside. */
  private valueTest(field: QueryFieldSpec, operator: QueryOperator, value: string, read: (rec: Rec) => unknown): Test {
    switch (field.match) {
      case 'number':
        return relationalTest(operator, read, this.number(value));
      case 'reference':
        return this.referenceTest(field, operator, value, read);
      case 'date':
        return dateTest(operator, this.date(value), read);
      case 'path':
        return this.pathTest(field.target, value, read);
      case 'user': {
        const id = this.user(value);
        return (rec) => asList(read(rec)).includes(id);
      }
      case 'label': {
        if (!this.world.labels.has(value)) throw new Refused('label', { value });
        return (rec) => asList(read(rec)).includes(value);
      }
      case 'state':
        return stateTest(this.world.states ?? [], operator, value, read);
      case 'working-period': {
        const minutes = parseWorkingPeriod(value);
        if (minutes === undefined) throw new Refused('working-period', { value });
        return relationalTest(operator, read, minutes);
      }
      case 'fraction': {
        const percent = parsePercentOfFraction(value);
        if (percent === undefined) throw new Refused('decimal', { value });
        // An issue without an estimate has no progress (-1) and never matches.
        return orderTest(read, (a, b) => a !== -1 && (operator === 'is greater than' ? a > b : a < b), percent);
      }
      case 'ordered-choice':
        return this.orderedChoiceTest(field, operator, value, read);
      case 'choice': {
        const stored = field.choices?.[value];
        if (stored === undefined) throw new Refused('choice', { value });
        return (rec) => read(rec) === stored;
      }
      case 'link':
        this.linkName(value);
        return (rec) => asList(read(rec)).includes(value);
      case 'contains':
      case 'wildcard':
      case 'person':
      case 'pathspec':
      case 'exact':
      case 'name':
        return textTest(field.match, value, read);
    }
  }

  /**
   * A reference (`#12`, `acme/webapp#12`): to the record's own number, compared as numbers in
   * the project it names; to another record, the reference as the record's property holds it.
   */
  private referenceTest(field: QueryFieldSpec, operator: QueryOperator, value: string, read: (rec: Rec) => unknown): Test {
    if ('property' in field.target && field.target.property === 'number') {
      const ref = this.reference(value);
      const inProject = (rec: Rec) => projectIdOf(rec) === ref.projectId;
      const byNumber = relationalTest(operator, read, ref.number);
      return (rec) => inProject(rec) && byNumber(rec);
    }
    const ref = this.reference(value);
    const wanted = `${this.projectsById.get(ref.projectId)!.path}#${ref.number}`;
    return (rec) => asList(read(rec)).includes(wanted);
  }

  /**
   * A custom choice field: `is` compares the value; `is greater than`/`is less than` compare the
   * positions of the record's value and the query's among the field's choices (-1 when absent).
   */
  private orderedChoiceTest(field: QueryFieldSpec, operator: QueryOperator, value: string, read: (rec: Rec) => unknown): Test {
    if (operator !== 'is greater than' && operator !== 'is less than') return (rec) => read(rec) === value;
    const positions = choicePositions(field);
    const wanted = positions.get(value) ?? -1;
    return (rec) => {
      const got = read(rec);
      if (typeof got !== 'string') return false;
      const at = positions.get(got) ?? -1;
      return operator === 'is greater than' ? at > wanted : at < wanted;
    };
  }

  /** A link name some link spec shows at either end; the server refuses any other when the query runs. */
  private linkName(name: string): void {
    const links = this.language.links;
    if (links && !links.some((l) => l.name === name || l.opposite === name)) throw new Refused('link', { value: name });
  }

  /**
   * `fixed between`: the records of the revisions' project fixed by a commit reachable from either
   * revision and not from their merge base. Without a page's project, a branch, tag or commit is
   * written `<project path>:<revision>` (its kind does not matter: any revision resolves), a build
   * as a reference.
   */
  private between(from: Revision, to: Revision): Test {
    const [first, second] = [this.revisionCommit(from), this.revisionCommit(to)];
    if (first.projectId !== second.projectId) throw new Refused('mixed-projects', {});
    const history = historyOf(first.projectId);
    const base = mergeBase(history, first.hash, second.hash);
    const parentsOf = (h: string) => history.byHash.get(h)?.parents;
    const excluded = base === undefined ? undefined : reachable([base], parentsOf);
    const fixing = excluded === undefined ? new Set<string>() : new Set([...reachable([second.hash, first.hash], parentsOf)].filter((h) => !excluded.has(h)));
    const criterion = this.language.criteria.find((c) => c.form === 'between-revisions')!;
    const target = (criterion.selects as { target: QueryTarget }).target;
    return (rec) => projectIdOf(rec) === first.projectId && asList(targetValue(rec, target)).some((h) => typeof h === 'string' && fixing.has(h));
  }

  private revisionCommit(revision: Revision): { projectId: number; hash: string } {
    if (revision.kind === 'build') {
      const ref = this.reference(revision.value);
      const commitHash = buildCommitHash(this.world, ref.projectId, ref.number, revision.value);
      const resolved = resolveRevision(historyOf(ref.projectId), commitHash);
      if (!resolved || !('commit' in resolved)) throw new Refused('revision', { value: commitHash });
      return { projectId: ref.projectId, hash: resolved.commit.hash };
    }
    const colon = revision.value.indexOf(':');
    const path = colon < 0 ? undefined : revision.value.slice(0, colon);
    const project = path === undefined ? undefined : this.world.projects.find((p) => p.path === path);
    if (!project) throw new Refused('scoped-revision', { value: revision.value });
    const name = revision.value.slice(colon + 1);
    const resolved = resolveRevision(historyOf(project.id), name);
    if (!resolved || !('commit' in resolved)) throw new Refused('revision', { value: name });
    return { projectId: project.id, hash: resolved.commit.hash };
  }

  private pathTest(target: QueryTarget, value: string, read: (rec: Rec) => unknown): Test {
    const pattern = value.toLowerCase();
    const refersToProject = 'property' in target ? /Id$/.test(target.property) : false;
    return (rec) =>
      asList(read(rec)).some((v) => {
        const path = refersToProject ? this.projectsById.get(v as number)?.path : v;
        return typeof path === 'string' && pathWildcard(pattern, path.toLowerCase());
      });
  }

  private criterion(keyword: string, values: readonly string[]): Test {
    const criterion = this.language.criteria.find((c) => c.keyword === keyword) as QueryCriterionSpec;
    const selects = criterion.selects;
    if ('refused' in selects) throw new Refused('criterion', {}, { status: 500, text: selects.refused });
    if ('orders' in selects) return () => true;
    if ('in' in selects) {
      return (rec) => selects.in.includes((targetValue(rec, selects.target) ?? null) as string | number | boolean | null);
    }
    const read = (rec: Rec) => targetValue(rec, selects.target);
    if ('user' in selects) {
      const ids = criterion.takesValues ? values.map((v) => this.user(v)) : [this.caller()];
      return (rec) => ids.some((id) => id !== undefined && asList(read(rec)).includes(id));
    }
    const field: QueryFieldSpec = { name: keyword, operators: ['is'], target: selects.target, match: selects.match, about: criterion.about };
    const mode = selects.bound === 'before' ? 'before' : keyword.startsWith('not ') ? 'not-since' : 'after';
    const tests = values.map((value) => (selects.match === 'date' ? this.dateTest(value, read, mode) : this.valueTest(field, 'is', value, read)));
    return (rec) => tests.some((t) => t(rec));
  }

  /** A criterion comparing a date: after it, before it, or not since it (before it, or never). */
  private dateTest(value: string, read: (rec: Rec) => unknown, mode: 'after' | 'before' | 'not-since'): Test {
    const time = this.date(value);
    return (rec) => {
      const got = read(rec);
      const at = typeof got === 'string' ? Date.parse(got) : undefined;
      if (mode === 'not-since') return at === undefined || at < time;
      return at !== undefined && (mode === 'before' ? at < time : at > time);
    };
  }

  private caller(): number | undefined {
    return this.world.caller === undefined ? undefined : this.usersByName.get(this.world.caller);
  }

  private user(name: string): number {
    const id = this.usersByName.get(name);
    if (id === undefined) throw new Refused('user', { value: name });
    return id;
  }

  private number(value: string): number {
    const text = value.startsWith('#') ? value.slice(1) : value;
    if (!/^[+-]?\d{1,18}$/.test(text)) throw new Refused('number', { value });
    return Number(text);
  }

  private date(value: string): number {
    const time = parseQueryDate(value, this.world.now);
    if (time === undefined) throw new Refused('date', { value });
    return time;
  }

  /** `acme/webapp#100` or `WEB-100`: the project's id and the number. */
  private reference(text: string): { projectId: number; number: number } {
    const hash = text.indexOf('#');
    if (hash >= 0) {
      const path = text.slice(0, hash);
      if (path === '') throw new Refused('reference-project', { value: text });
      const project = this.world.projects.find((p) => p.path.toLowerCase() === path.toLowerCase());
      if (!project) throw new Refused('reference', { value: path });
      return { projectId: project.id, number: this.number(text.slice(hash + 1)) };
    }
    const dash = text.indexOf('-');
    if (dash >= 0) {
      const key = text.slice(0, dash);
      const project = this.world.projects.find((p) => p.key === key);
      if (!project) throw new Refused('reference', { value: key });
      return { projectId: project.id, number: this.number(text.slice(dash + 1)) };
    }
    throw new Refused(/^\d+$/.test(text) ? 'reference-number' : 'reference-form', { value: text });
  }
}

/** Where each choice of a field stands in its order, kept per field spec. */
const POSITIONS = new WeakMap<QueryFieldSpec, Map<string, number>>();
function choicePositions(field: QueryFieldSpec): Map<string, number> {
  let positions = POSITIONS.get(field);
  if (!positions) POSITIONS.set(field, (positions = new Map(Object.keys(field.choices ?? {}).map((c, i) => [c, i]))));
  return positions;
}

/** Sorts by the `order by` terms (nulls last, stable); refuses an unknown field. */
function orderBy(language: QueryLanguageSpec, terms: ReadonlyArray<{ field: string; direction?: 'asc' | 'desc' }>): ((a: Rec, b: Rec) => number) | undefined {
  if (terms.length === 0) return undefined;
  const keys = terms.map((term) => {
    const spec = language.orderBy.find((o) => o.field === term.field);
    if (!spec) throw new Refused('order', { field: term.field });
    const descending = term.direction ? term.direction === 'desc' : spec.descendingByDefault === true;
    // A custom choice field sorts by its choices' order.
    const choices = language.fields.find((f) => f.name === term.field && f.match === 'ordered-choice');
    return { target: spec.target, descending, positions: choices ? choicePositions(choices) : undefined };
  });
  const comparable = (value: unknown): number | string | undefined => {
    if (value === null || value === undefined) return undefined;
    if (typeof value === 'number') return value;
    if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value)) return Date.parse(value);
    return String(value);
  };
  return (a, b) => {
    for (const { target, descending, positions } of keys) {
      const [va, vb] = [targetValue(a, target), targetValue(b, target)];
      const [x, y] = positions ? [positions.get(va as string), positions.get(vb as string)] : [comparable(va), comparable(vb)];
      if (x === y) continue;
      if (x === undefined) return 1;
      if (y === undefined) return -1;
      const order = x < y ? -1 : 1;
      return descending ? -order : order;
    }
    return 0;
  };
}

/** The records the query selects, in its order; or the refusal the release answers with. */
export function runQuery(language: QueryLanguageSpec, text: string | undefined, records: readonly Rec[], world: QueryWorld): QueryOutcome {
  if (text === undefined) return { records: [...records] };
  let parsed;
  try {
    parsed = parserFor(language).parse(text);
  } catch {
    return { refusal: refusalOf(language, new Refused('syntax', {})) };
  }
  try {
    const compiler = new Compiler(language, world, records);
    const tests = [...(parsed.criteria ? [compiler.compile(parsed.criteria)] : []), ...(parsed.list ?? []).map((node) => compiler.compile(node))];
    const compare = orderBy(language, parsed.order);
    const selected = records.filter((record) => tests.every((test) => test(record)));
    return { records: compare ? selected.sort(compare) : selected };
  } catch (error) {
    if (error instanceof Refused) return { refusal: refusalOf(language, error) };
    throw error;
  }
}

export type { QueryMatch };
