/**
 * The mock evaluates each release's query languages (scripts/lib/mock/query/): for every query
 * operation of every published release, a query per field (and operator) and per criterion the
 * description lists, built from values the records hold, selects exactly what a slow reference
 * evaluation written here selects (straight loops over the same records, sharing no code with the
 * parser or the evaluator), and each selects something and not everything. Malformed queries and
 * unknown fields get the release's refusal. The criteria with shapes of their own (`fixed between
 * <revision> and <revision>` over the projects' generated commit histories, `any|all "<link>"
 * matching (...)` over links seen from both ends) are checked the same way.
 */
import { describe, expect, it } from 'vitest';
import type { OpenAPIObject } from 'openapi3-ts/oas31';
import type { QueryFieldSpec, QueryLanguageSpec, QueryTarget } from '../../spec/model.js';
import { MockEngine } from '../../scripts/lib/mock/engine.js';
import { operationPlans } from '../../scripts/lib/mock/operations.js';
import { population, queryLanguageOf, recordModel, userDirectory, type RecordKind } from '../../scripts/lib/mock/records.js';
import { relationsOf } from '../../scripts/lib/mock/query/relations.js';
import { ancestorsOf } from './commit-walk.js';
import { DISTINCT_HISTORIES, historyOf, type CommitHistory } from '../../scripts/lib/mock/commits/history.js';
import { committedDocument, SUPPORTED_RELEASES } from '../helpers.js';

type Rec = Record<string, unknown>;
const SIZE = 250;
const CALLER = 'robin';
const auth = `Basic ${Buffer.from(`${CALLER}:secret`).toString('base64')}`;

// ----- the reference evaluation: plain loops, its own matching rules -----------------------------
const regexOf = (pattern: string, star: string): RegExp =>
  new RegExp(`^${pattern.split(/(\*\*|\*)/).map((part) => (part === '**' ? '.*' : part === '*' ? star : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))).join('')}$`, 's');

function valueOf(record: Rec, target: QueryTarget): unknown {
  if ('relation' in target) return relationsOf(record)[target.relation];
  let value: unknown = record;
  for (const part of target.property.split('.')) value = value === null || value === undefined ? undefined : (value as Rec)[part];
  return value;
}
const listOf = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === null || v === undefined ? [] : [v]);

interface World {
  users: Map<string, number>;
  projects: Array<{ id: number; path: string }>;
}

/** Does one value of a field criterion hold for a record (the `is` sense, before `is not` negates)? */
function holds(field: QueryFieldSpec, operator: string, value: string, record: Rec, world: World): boolean {
  let got = valueOf(record, field.target);
  if (field.refPrefix !== undefined) got = typeof got === 'string' && got.startsWith(field.refPrefix) ? got.slice(field.refPrefix.length) : null;
  const project = (id: unknown) => world.projects.find((p) => p.id === id)?.path;
  switch (field.match) {
    case 'number': {
      const n = Number(value);
      if (typeof got !== 'number') return false;
      return operator === 'is greater than' ? got > n : operator === 'is less than' ? got < n : got === n;
    }
    case 'date': {
      if (typeof got !== 'string') return false;
      return operator === 'is until' ? Date.parse(got) < Date.parse(value) : Date.parse(got) > Date.parse(value);
    }
    case 'contains':
      return listOf(got).some((v) => String(v).toLowerCase().includes(value.toLowerCase()));
    case 'wildcard':
      return listOf(got).some((v) => regexOf(value.toLowerCase(), '.*').test(String(v).toLowerCase()));
    case 'path': {
      const paths = listOf(got).map((v) => ('property' in field.target && field.target.property.endsWith('Id') ? project(v) : v));
      return paths.some((p) => typeof p === 'string' && regexOf(value.toLowerCase(), '[^/]*').test(p.toLowerCase()));
    }
    case 'user':
      return listOf(got).includes(world.users.get(value));
    case 'choice':
      return got === field.choices?.[value];
    case 'reference': {
      if ('property' in field.target && field.target.property === 'number') {
        const [path, number] = value.split('#');
        const n = Number(number);
        const inProject = project(record.targetProjectId ?? record.projectId) === path;
        if (!inProject || typeof got !== 'number') return false;
        return operator === 'is greater than' ? got > n : operator === 'is less than' ? got < n : got === n;
      }
      return listOf(got).includes(value);
    }
    case 'working-period': {
      // `<h>h <m>m`, as valueFor writes it: counted here in minutes.
      const [, h, m] = /^(\d+)h (\d+)m$/.exec(value)!;
      const n = Number(h) * 60 + Number(m);
      if (typeof got !== 'number') return false;
      return operator === 'is greater than' ? got > n : operator === 'is less than' ? got < n : got === n;
    }
    case 'fraction': {
      // A quarter step, exact in binary: the percentage it stands for.
      const n = Number(value) * 100;
      if (typeof got !== 'number' || got === -1) return false;
      return operator === 'is greater than' ? got > n : got < n;
    }
    case 'ordered-choice': {
      if (operator === 'is') return got === value;
      const order = Object.keys(field.choices ?? {});
      if (typeof got !== 'string') return false;
      return operator === 'is greater than' ? order.indexOf(got) > order.indexOf(value) : order.indexOf(got) < order.indexOf(value);
    }
    case 'state': {
      if (operator === 'is before' || operator === 'is after') {
        const [at, wanted] = [WORKFLOW.indexOf(String(got)), WORKFLOW.indexOf(value)];
        return at >= 0 && wanted >= 0 && (operator === 'is before' ? at < wanted : at > wanted);
      }
      return got === value;
    }
    default:
      return listOf(got).includes(value);
  }
}

/** The issue states of a fresh server, in workflow order. */
const WORKFLOW = ['Open', 'In Progress', 'In Review', 'Closed'];

function referenceSelect(records: readonly Rec[], field: QueryFieldSpec, operator: string, value: string | undefined, world: World): Set<unknown> {
  const empty = (r: Rec) => {
    let v = valueOf(r, field.target);
    if (field.refPrefix !== undefined) v = typeof v === 'string' && v.startsWith(field.refPrefix) ? v : null;
    return v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);
  };
  const me = world.users.get(CALLER);
  const out = new Set<unknown>();
  for (const r of records) {
    let ok: boolean;
    if (operator === 'is empty') ok = empty(r);
    else if (operator === 'is not empty') ok = !empty(r);
    else if (operator === 'is me') ok = listOf(valueOf(r, field.target)).includes(me);
    else if (operator === 'is not me') ok = !listOf(valueOf(r, field.target)).includes(me);
    else if (operator === 'is not') ok = !holds(field, 'is', value!, r, world);
    else ok = holds(field, operator, value!, r, world);
    if (ok) out.add(r.id);
  }
  return out;
}

/** A value for a field and operator, taken from the records so that it selects something. */
function valueFor(field: QueryFieldSpec, operator: string, records: readonly Rec[], world: World): string | undefined {
  const present = records.flatMap((r) => listOf(valueOf(r, field.target)));
  const strings = present.filter((v): v is string => typeof v === 'string' && v !== '');
  const numbers = present.filter((v): v is number => typeof v === 'number').sort((a, b) => a - b);
  switch (field.match) {
    case 'number':
      return numbers.length > 0 ? String(numbers[Math.floor(numbers.length / 2)]) : undefined;
    case 'date': {
      const sorted = strings.map((s) => Date.parse(s)).sort((a, b) => a - b);
      return sorted.length > 0 ? new Date(sorted[Math.floor(sorted.length / 2)]!).toISOString() : undefined;
    }
    case 'contains': {
      // A word some texts have and others lack.
      const words = [...new Set(strings.flatMap((t) => t.match(/[a-z]{4,}/gi) ?? []))];
      return words.find((w) => strings.some((t) => !t.toLowerCase().includes(w.toLowerCase()))) ?? words[0];
    }
    case 'user':
      return [...world.users].find(([, id]) => present.includes(id))?.[0];
    case 'path': {
      const isId = 'property' in field.target && field.target.property.endsWith('Id');
      return isId ? world.projects.find((p) => present.includes(p.id))?.path : strings[0];
    }
    case 'choice':
      return Object.entries(field.choices ?? {}).find(([, stored]) => present.includes(stored))?.[0];
    case 'working-period': {
      const median = numbers[Math.floor(numbers.length / 2)];
      return median === undefined ? undefined : `${Math.floor(median / 60)}h ${median % 60}m`;
    }
    case 'fraction': {
      const percents = numbers.filter((n) => n !== -1);
      const median = percents[Math.floor(percents.length / 2)];
      return median === undefined ? undefined : String(Math.round(median / 25) / 4);
    }
    case 'ordered-choice': {
      // Comparisons from the middle of the field's order, so that some values come before and some after.
      const order = Object.keys(field.choices ?? {});
      return operator === 'is' || operator === 'is not' ? strings[0] : order[Math.floor(order.length / 2)];
    }
    case 'state':
      return operator === 'is before' ? 'In Review' : operator === 'is after' ? 'In Progress' : strings[0];
    case 'reference': {
      if ('property' in field.target && field.target.property === 'number') {
        const r = records.find((rec) => world.projects.some((p) => p.id === (rec.targetProjectId ?? rec.projectId)));
        return r ? `${world.projects.find((p) => p.id === (r.targetProjectId ?? r.projectId))!.path}#${r.number}` : undefined;
      }
      return strings[0];
    }
    case 'wildcard':
      return strings[0] === undefined ? undefined : operator === 'is' ? `${strings[0].slice(0, 2)}*` : strings[0];
    default:
      return strings[0];
  }
}

const quote = (value: string): string => `"${value.replace(/[\\"]/g, '\\$&')}"`;

/** `fixed between`'s commits: on either side since the merge base (a common ancestor no other common ancestor descends from). */
function betweenCommits(h: CommitHistory, a: string, b: string): Set<string> {
  const [fromA, fromB] = [ancestorsOf(h, [a]), ancestorsOf(h, [b])];
  const common = [...fromA].filter((x) => fromB.has(x));
  const bases = common.filter((x) => !common.some((y) => y !== x && ancestorsOf(h, [y]).has(x)));
  expect(bases).toHaveLength(1);
  const below = ancestorsOf(h, bases);
  return new Set([...fromA, ...fromB].filter((x) => !below.has(x)));
}

// ----- the operations under test ------------------------------------------------------------------
interface Case {
  path: string;
  language: QueryLanguageSpec;
  kind: RecordKind;
}

function casesOf(doc: OpenAPIObject): { cases: Case[]; kinds: RecordKind[] } {
  const plans = operationPlans(doc);
  const model = recordModel(doc, plans);
  const cases = plans.flatMap((plan) => {
    const language = queryLanguageOf(doc, plan);
    const behaviour = model.behaviours.get(`${plan.method} ${plan.path}`);
    return language && behaviour?.type === 'page' ? [{ path: plan.path, language, kind: behaviour.kind }] : [];
  });
  return { cases, kinds: model.kinds };
}

describe.each(SUPPORTED_RELEASES)('query languages of %s, against a reference evaluation', (release) => {
  const doc = committedDocument(release);
  const engine = new MockEngine(doc, { administrators: [CALLER] });
  const { cases, kinds } = casesOf(doc);
  const peer = (path: string) => kinds.find((k) => k.paged && k.collectionPath === path);
  const users = peer('/users') ? population(peer('/users')!, SIZE) : [];
  const world: World = {
    users: new Map(userDirectory(users).map((u) => [u.name, u.id])),
    projects: (peer('/projects') ? population(peer('/projects')!, SIZE) : []).map((p) => ({ id: p.id as number, path: String(p.path) })),
  };

  async function ask(path: string, query: string): Promise<{ status: number; text: string; ids: unknown[] }> {
    const url = `/~api${path}?offset=0&count=${SIZE * 2}&query=${encodeURIComponent(query)}`;
    const answer = await engine.handle({ method: 'GET', url, headers: { authorization: auth }, body: Buffer.alloc(0) });
    const text = answer.body?.toString() ?? '';
    return { status: answer.status, text, ids: answer.status === 200 ? (JSON.parse(text) as Rec[]).map((r) => r.id) : [] };
  }

  it('finds the nine query operations that apply to the release', () => {
    const all = operationPlans(doc).filter((p) => queryLanguageOf(doc, p)).map((p) => `${p.method} ${p.path}`);
    expect(all).toEqual(expect.arrayContaining(['GET /pulls', 'GET /builds', 'GET /packages', 'GET /projects', 'GET /issues', 'GET /agents', 'GET /repositories/{projectId}/commits']));
    expect(cases.length).toBeGreaterThanOrEqual(6);
  });

  for (const { path, language, kind } of cases) {
    const records = population(kind, SIZE);
    it(`${path}: every field and operator selects what the reference selects, something and not everything`, async () => {
      const narrow: string[] = [];
      for (const field of language.fields) {
        let proper = false;
        for (const op of field.operators) {
          const operator = typeof op === 'string' ? op : op.operator;
          const valueless = ['is empty', 'is not empty', 'is me', 'is not me'].includes(operator);
          const value = valueless ? undefined : valueFor(field, operator, records, world);
          if (!valueless && value === undefined) continue;
          const query = `${quote(field.name)} ${operator}${valueless ? '' : ` ${quote(value!)}`}`;
          const got = await ask(path, query);
          expect(got.status, `${query}: ${got.text}`).toBe(200);
          const expected = referenceSelect(records, field, operator, value, world);
          expect(new Set(got.ids), query).toEqual(expected);
          if (expected.size > 0 && expected.size < records.length) proper = true;
        }
        // Where the records lack the property (a field older than the response shape), nothing can match.
        const lacking = 'property' in field.target && !kind.properties.has(field.target.property.split('.')[0]!);
        if (!proper && !lacking) narrow.push(field.name);
      }
      expect(narrow, 'fields that select nothing or everything').toEqual([]);
    });

    it(`${path}: every criterion selects what the reference selects, something and not everything`, async () => {
      const narrow: string[] = [];
      for (const criterion of language.criteria) {
        const s = criterion.selects;
        if ('refused' in s) {
          const got = await ask(path, criterion.keyword);
          expect([got.status, got.text], criterion.keyword).toEqual([500, `Criteria '${criterion.keyword}' is not supported here`]);
          continue;
        }
        if ('orders' in s || criterion.form) continue;
        const field: QueryFieldSpec = {
          name: criterion.keyword,
          operators: ['is'],
          target: s.target,
          match: 'user' in s ? 'user' : 'match' in s ? s.match : 'exact',
          about: '',
        };
        let query = criterion.keyword;
        let expected: Set<unknown>;
        if ('in' in s) {
          expected = new Set(records.filter((r) => s.in.includes((valueOf(r, s.target) ?? null) as never)).map((r) => r.id));
        } else if ('user' in s && !criterion.takesValues) {
          expected = referenceSelect(records, field, 'is me', undefined, world);
        } else {
          const value = valueFor(field, 'is', records, world);
          if (value === undefined) {
            narrow.push(criterion.keyword);
            continue;
          }
          query = `${criterion.keyword} ${quote(value)}`;
          expected = 'match' in s && s.match === 'date'
            ? new Set(records.filter((r) => {
                const at = typeof valueOf(r, s.target) === 'string' ? Date.parse(valueOf(r, s.target) as string) : undefined;
                return criterion.keyword.startsWith('not ') ? at === undefined || at < Date.parse(value) : at !== undefined && at > Date.parse(value);
              }).map((r) => r.id))
            : referenceSelect(records, field, 'is', value, world);
        }
        const got = await ask(path, query);
        expect(got.status, `${query}: ${got.text}`).toBe(200);
        expect(new Set(got.ids), query).toEqual(expected);
        if (!(expected.size > 0 && expected.size < records.length)) narrow.push(criterion.keyword);
      }
      // Cluster-only criteria hold for some generated projects too, so nothing is exempt.
      expect(narrow, 'criteria that select nothing or everything').toEqual([]);
    });

    it(`${path}: and, or, not and parentheses combine as sets, and order by sorts`, async () => {
      const [a, b] = language.criteria.filter((c) => !c.takesValues && !c.form && 'in' in c.selects).map((c) => c.keyword);
      if (a && b) {
        const [x, y] = [new Set((await ask(path, a)).ids), new Set((await ask(path, b)).ids)];
        const all = new Set(records.map((r) => r.id));
        expect(new Set((await ask(path, `${a} or ${b}`)).ids)).toEqual(new Set([...x, ...y]));
        expect(new Set((await ask(path, `${a} and ${b}`)).ids)).toEqual(new Set([...x].filter((id) => y.has(id))));
        expect(new Set((await ask(path, `not(${a})`)).ids)).toEqual(new Set([...all].filter((id) => !x.has(id))));
        // `and` binds tighter than `or`: a or (a and b) is a; (a or b) and a is a.
        expect(new Set((await ask(path, `${a} or ${a} and ${b}`)).ids)).toEqual(x);
        expect(new Set((await ask(path, `( ${a} or ${b} ) and not (${b})`)).ids)).toEqual(new Set([...x].filter((id) => !y.has(id))));
      }
      for (const order of language.orderBy) {
        if (!('property' in order.target)) continue;
        const asc = await ask(path, `order by ${quote(order.field)} asc`);
        expect(asc.status, `${order.field}: ${asc.text}`).toBe(200);
        const keyOf = (id: unknown) => {
          const v = valueOf(records.find((r) => r.id === id)!, order.target);
          return typeof v === 'string' && /^\d{4}-\d\d-\d\dT/.test(v) ? Date.parse(v) : v;
        };
        const keys = asc.ids.map(keyOf).filter((k) => k !== null && k !== undefined);
        for (let i = 1; i < keys.length; i += 1) expect((keys[i - 1] as number) <= (keys[i] as number), `${order.field} ascending`).toBe(true);
        const desc = await ask(path, `order by ${quote(order.field)} desc`);
        const keysDesc = desc.ids.map(keyOf).filter((k) => k !== null && k !== undefined);
        for (let i = 1; i < keysDesc.length; i += 1) expect((keysDesc[i - 1] as number) >= (keysDesc[i] as number), `${order.field} descending`).toBe(true);
      }
    });

    it(`${path}: a list of values selects what any of them selects; #number and ~text~ tokens select as the reference does`, async () => {
      let lists = 0;
      for (const field of language.fields) {
        if (!field.operators.some((op) => (typeof op === 'string' ? op : op.operator) === 'is') || field.match === 'date' || field.match === 'number') continue;
        const values = [...new Set(records.flatMap((r) => listOf(valueOf(r, field.target))).filter((v): v is string => typeof v === 'string' && v !== ''))];
        if (values.length < 2 || ['path', 'user', 'reference', 'choice', 'state', 'wildcard', 'label'].includes(field.match)) continue;
        const [a, b] = [values[0]!, values[values.length - 1]!];
        const query = `${quote(field.name)} is ${quote(a)}, ${quote(b)}`;
        const got = await ask(path, query);
        expect(got.status, `${query}: ${got.text}`).toBe(200);
        const expected = new Set([...referenceSelect(records, field, 'is', a, world), ...referenceSelect(records, field, 'is', b, world)]);
        expect(new Set(got.ids), query).toEqual(expected);
        lists += 1;
      }
      for (const token of language.tokens) {
        if (token.token === 'number') {
          const numbered = records.find((r) => typeof r.number === 'number');
          if (!numbered) continue;
          const got = await ask(path, `#${numbered.number}`);
          expect(got.status, got.text).toBe(200);
          expect(new Set(got.ids)).toEqual(new Set(records.filter((r) => r.number === numbered.number).map((r) => r.id)));
        }
        if (token.token === 'fuzzy') {
          const texts = records.flatMap((r) => (token.searches ?? []).map((p) => valueOf(r, { property: p }))).filter((v): v is string => typeof v === 'string');
          const word = [...new Set(texts.flatMap((t) => t.match(/[a-z]{5,}/gi) ?? []))].find((w) => texts.some((t) => !t.toLowerCase().includes(w.toLowerCase())));
          if (!word) continue;
          const got = await ask(path, `~${word}~`);
          expect(got.status, got.text).toBe(200);
          // The text is looked for in the listed properties and, for issues and pull requests, in their comments.
          const searched = (r: Rec) => [
            ...(token.searches ?? []).map((p) => valueOf(r, { property: p })),
            ...(token.searchesRelations ?? []).flatMap((rel) => listOf(valueOf(r, { relation: rel }))),
          ];
          const expected = records.filter((r) => searched(r).some((t) => String(t ?? '').toLowerCase().includes(word.toLowerCase())));
          expect(new Set(got.ids), `~${word}~`).toEqual(new Set(expected.map((r) => r.id)));
          expect(expected.length).toBeGreaterThan(0);
        }
      }
      // Every language with a text field that takes `is` had one of them listed.
      const listable = language.fields.filter((f) => ['contains', 'exact', 'name'].includes(f.match) && f.operators.some((op) => (typeof op === 'string' ? op : op.operator) === 'is'));
      if (listable.some((f) => 'property' in f.target && kind.properties.has(f.target.property.split('.')[0]!))) expect(lists).toBeGreaterThan(0);
    });

    it(`${path}: malformed queries, unknown fields and unknown order fields get the release's refusal`, async () => {
      const refusal = (kind: string) => language.refusals.find((r) => r.kind === kind)!;
      for (const malformed of ['(', '"Unclosed', 'open\tand', 'x y z', '""']) {
        const got = await ask(path, malformed);
        expect([got.status, got.text], malformed).toEqual([refusal('syntax').status, refusal('syntax').message]);
      }
      const unknown = await ask(path, '"No Such Field" is "x"');
      const expectedUnknown = language.refusals.find((r) => r.kind === 'unknown-field');
      if (expectedUnknown && language.fields.some((f) => f.operators.includes('is'))) {
        expect([unknown.status, unknown.text]).toEqual([expectedUnknown.status, expectedUnknown.message.replace('{field}', 'No Such Field')]);
      }
      const order = await ask(path, 'order by "No Such Field"');
      expect(order.status).toBe(500);
      expect(order.text).toMatch(/^Can ?not order by field: No Such Field$/);
    });
  }

  for (const { path, language, kind } of cases.filter((c) => c.language.criteria.some((x) => x.form))) {
    const records = population(kind, SIZE);
    const builds = peer('/builds') ? population(peer('/builds')!, SIZE) : [];
    const refusal = (what: string, value = '') => {
      const r = language.refusals.find((x) => x.kind === what)!;
      return [r.status, r.message.replace('{value}', value)];
    };

    it(`${path}: fixed between <revision> and <revision> selects what the reference selects, from either side of the merge base`, async () => {
      const between = language.criteria.find((c) => c.form === 'between-revisions');
      expect(between).toBeDefined();
      const target = (between!.selects as { target: QueryTarget }).target;
      const project = world.projects.find((p) => p.id === 7)!;
      const history = historyOf(project.id);
      const build = builds.find((b) => b.projectId === project.id && history.byHash.has(String(b.commitHash)))!;
      const mid = history.commits[Math.floor(history.commits.length / 2)]!.hash;
      const at = (name: string) => history.tags.get(name) ?? history.branches.get(name) ?? name;
      const pairs: Array<[string, string, string, string]> = [
        ['tag', 'v4.1.0', 'branch', 'main'],
        ['branch', 'main', 'tag', 'v4.1.0'],
        ['tag', 'v4.0.0', 'tag', 'v4.2.0'],
        ['branch', 'feature/search', 'branch', 'main'],
        ['commit', mid, 'tag', 'v4.2.1'],
        ['build', `${project.path}#${build.number}`, 'branch', 'main'],
      ];
      const selected: Array<Set<unknown>> = [];
      for (const [k1, v1, k2, v2] of pairs) {
        const value = (k: string, v: string) => (k === 'build' ? v : `${project.path}:${v}`);
        const query = `fixed between ${k1} ${quote(value(k1, v1))} and ${k2} ${quote(value(k2, v2))}`;
        const commitOf = (k: string, v: string) => (k === 'build' ? String(build.commitHash) : at(v));
        const fixing = betweenCommits(history, commitOf(k1, v1), commitOf(k2, v2));
        const expected = new Set(records.filter((r) => r.projectId === project.id && listOf(valueOf(r, target)).some((h) => fixing.has(h as string))).map((r) => r.id));
        const got = await ask(path, query);
        expect(got.status, `${query}: ${got.text}`).toBe(200);
        expect(new Set(got.ids), query).toEqual(expected);
        selected.push(expected);
      }
      // The two revisions play the same part: swapping them changes nothing.
      expect(selected[1]).toEqual(selected[0]);
      expect(selected.filter((x) => x.size > 0 && x.size < records.length).length).toBeGreaterThanOrEqual(3);
      const other = world.projects.find((p) => p.id !== project.id)!;
      for (const [query, want] of [
        ['fixed between tag "v4.1.0" and branch "main"', refusal('scoped-revision', 'v4.1.0')],
        ['fixed between tag "no/such/project:v4.1.0" and branch "acme/webapp:main"', refusal('scoped-revision', 'no/such/project:v4.1.0')],
        [`fixed between tag "${project.path}:v9.9.9" and branch "${project.path}:main"`, refusal('revision', 'v9.9.9')],
        [`fixed between branch "${project.path}:main" and branch "${other.path}:main"`, refusal('mixed-projects')],
        [`fixed between build "${project.path}#999999" and branch "${project.path}:main"`, refusal('build', `${project.path}#999999`)],
      ] as const) {
        const got = await ask(path, query);
        expect([got.status, got.text], query).toEqual(want);
      }
      // Projects of one history family share commits, as forks do: only the revisions' own project counts.
      const fork = world.projects.find((p) => p.id > DISTINCT_HISTORIES && records.some((r) => r.projectId === p.id) && records.some((r) => r.projectId === p.id - DISTINCT_HISTORIES));
      expect(fork, 'a project with issues whose fork also has issues').toBeDefined();
      const origin = world.projects.find((p) => p.id === fork!.id - DISTINCT_HISTORIES)!;
      const family = historyOf(origin.id);
      const fixing = betweenCommits(family, family.tags.get('v4.0.0')!, family.branches.get('main')!);
      const fixes = (r: Rec) => listOf(valueOf(r, target)).some((h) => fixing.has(h as string));
      expect(records.some((r) => r.projectId === fork!.id && fixes(r)), 'the fork has issues fixed in the range').toBe(true);
      const query = `fixed between tag ${quote(`${origin.path}:v4.0.0`)} and branch ${quote(`${origin.path}:main`)}`;
      const got = await ask(path, query);
      expect(new Set(got.ids), query).toEqual(new Set(records.filter((r) => r.projectId === origin.id && fixes(r)).map((r) => r.id)));
    });

    it(`${path}: any/all "<link>" matching (...) select what the reference selects; a link shows at both its ends`, async () => {
      const specs = language.links ?? [];
      expect(specs.length).toBeGreaterThan(0);
      const otherEnd = (name: string) => specs.find((l) => l.name === name)?.opposite ?? specs.find((l) => l.opposite === name)?.name ?? name;
      const byId = new Map(records.map((r) => [r.id, r]));
      type Link = { name: string; id: unknown };
      const linksOf = (r: Rec) => listOf(relationsOf(r).links) as Link[];
      for (const r of records) {
        for (const l of linksOf(r)) expect(linksOf(byId.get(l.id)!), `link ${l.name} of ${String(r.id)}`).toContainEqual({ name: otherEnd(l.name), id: r.id });
        expect(new Set(listOf(relationsOf(r)['link names']))).toEqual(new Set(linksOf(r).map((l) => l.name)));
      }
      const open = (r: Rec) => r.state === 'Open';
      let proper = 0;
      for (const name of specs.flatMap((l) => [l.name, ...(l.opposite ? [l.opposite] : [])])) {
        for (const scope of ['any', 'all'] as const) {
          const query = `${scope} ${quote(name)} matching ("State" is "Open")`;
          const expected = new Set(
            records
              .filter((r) => {
                const linked = linksOf(r).filter((l) => l.name === name).map((l) => byId.get(l.id)!);
                return scope === 'any' ? linked.some(open) : linked.length > 0 && linked.every(open);
              })
              .map((r) => r.id),
          );
          const got = await ask(path, query);
          expect(got.status, `${query}: ${got.text}`).toBe(200);
          expect(new Set(got.ids), query).toEqual(expected);
          if (expected.size > 0 && expected.size < records.length) proper += 1;
        }
      }
      expect(proper).toBeGreaterThanOrEqual(specs.length);
      for (const query of ['any "No Such Link" matching (confidential)', 'has any "No Such Link"']) {
        const got = await ask(path, query);
        expect([got.status, got.text], query).toEqual(refusal('link', 'No Such Link'));
      }
    });
  }

  it('Delete Packages with --stateful deletes what its query selects, and nothing else', async () => {
    if (!doc.paths?.['/packages']?.delete) return;
    const stateful = new MockEngine(doc, { administrators: [CALLER], stateful: true });
    const list = async (query?: string) => {
      const url = `/~api/packages?offset=0&count=${SIZE * 2}${query ? `&query=${encodeURIComponent(query)}` : ''}`;
      const answer = await stateful.handle({ method: 'GET', url, headers: { authorization: auth }, body: Buffer.alloc(0) });
      return (JSON.parse(answer.body!.toString()) as Rec[]).map((r) => r.id);
    };
    const before = await list();
    const query = '"Type" is "Container Image"';
    const chosen = await list(query);
    expect(chosen.length).toBeGreaterThan(0);
    expect(chosen.length).toBeLessThan(before.length);
    const deleted = await stateful.handle({ method: 'DELETE', url: `/~api/packages?query=${encodeURIComponent(query)}`, headers: { authorization: auth }, body: Buffer.alloc(0) });
    expect(deleted.status, deleted.body?.toString()).toBe(200);
    expect(await list()).toEqual(before.filter((id) => !chosen.includes(id)));
    const refused = await stateful.handle({ method: 'DELETE', url: `/~api/packages?query=${encodeURIComponent('"Type" is')}`, headers: { authorization: auth }, body: Buffer.alloc(0) });
    expect(refused.status).toBe(cases.find((c) => c.path === '/packages')!.language.refusals.find((r) => r.kind === 'syntax')!.status);
    expect(await list()).toHaveLength(before.length - chosen.length);
  });

  it('refuses as the release does, in its own words (read from OneDev\'s exception handlers)', async () => {
    const syntax = await ask('/pulls', 'open and');
    const unknown = await ask('/pulls', '"Status" is "Open"');
    if (release === 'v11.11.4') expect([syntax.status, syntax.text]).toEqual([400, 'Error parsing query']);
    else if (release === 'v16.5.6') expect([syntax.status, syntax.text]).toEqual([406, 'Invalid query']);
    else expect([syntax.status, syntax.text]).toEqual([406, 'Error parsing query']);
    // "Status" is no query field of pull requests at any release: `open`, `merged` and `discarded` are.
    expect([unknown.status, unknown.text]).toEqual([500, 'Field not found: Status']);
  });
});
