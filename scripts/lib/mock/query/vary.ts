/**
 * Varied, consistent values for generated records, so that every field and criterion of a
 * kind's query language selects some records and not all: what the language compares (its
 * fields', criteria's and orders' targets) is spread over a few values each, in the same
 * deterministic way every run; properties that depend on one another stay consistent (an open
 * pull request has no close date, a waiting build has not run, a project's path extends its
 * parent's). What the server keeps apart from a record (labels, reviews, watchers, comments) is
 * made as relations (relations.ts), never shown in answers.
 */
import type { SchemaObject } from 'openapi3-ts/oas31';
import type { QueryLanguageSpec, QueryMatch, QueryTarget } from '../../../../spec/model.js';
import { historyOf, type CommitHistory } from '../commits/history.js';
import { relationsOf, setRelations, type Relations } from './relations.js';

type Rec = Record<string, unknown>;

/** What generated values may refer to. */
export interface Directory {
  userIds: readonly number[];
  projects: ReadonlyArray<{ id: number; path: string }>;
  labels: readonly string[];
  states: readonly string[];
}

export const ISSUE_STATES = ['Open', 'In Progress', 'In Review', 'Closed'];
const WORDS = ['webhook', 'login', 'retry', 'cache', 'docs', 'agent', 'timeout'];
const BRANCHES = ['main', 'develop', 'feature/login', 'release/4.2'];
const BASE = Date.UTC(2025, 0, 6, 9, 0, 0);
const HOUR = 3600e3;

const iso = (time: number): string => new Date(time).toISOString().replace('Z', '+00:00');

/** A number from the record's place and a name, so that different properties vary independently. */
function mix(i: number, name: string): number {
  let h = 2166136261 ^ i;
  for (let k = 0; k < name.length; k += 1) h = Math.imul(h ^ name.charCodeAt(k), 16777619);
  h = Math.imul(h ^ (h >>> 15), 2246822507);
  return (h ^ (h >>> 13)) >>> 0;
}
const pick = <T>(list: readonly T[], i: number): T => list[i % list.length]!;

function typesOf(schema: SchemaObject | undefined): string[] {
  return ([schema?.type].flat() as unknown[]).filter((t): t is string => typeof t === 'string');
}

/** Text values per property the languages compare as text. */
function textFor(property: string, template: unknown, i: number, directory: Directory): unknown {
  switch (property) {
    case 'targetBranch':
    case 'branch':
      return pick(BRANCHES, i);
    case 'sourceBranch':
      return `feature/${pick(WORDS, i)}`;
    case 'jobName':
      return pick(['ci', 'release', 'nightly'], i);
    case 'version':
      return i % 4 === 3 ? null : `4.${i % 3}.${i % 5}`;
    case 'type':
      return pick(['Container Image', 'NPM', 'Maven'], i);
    case 'osName':
      return pick(['Linux', 'Windows 11', 'Mac OS X'], i);
    case 'osArch':
      return pick(['amd64', 'aarch64'], i);
    case 'osVersion':
      return pick(['6.8.0', '10.0', '14.6.1'], i);
    case 'ipAddress':
      return `10.0.${i % 4}.${(i % 200) + 10}`;
    case 'specName':
      return pick(['default', 'gpu', 'docs'], i);
    case 'refName':
      return pick(['refs/heads/main', 'refs/heads/feature/login', 'refs/tags/v4.2.0', `refs/pull/${(i % 9) + 1}/merge`], i);
    case 'serviceDeskEmailAddress':
      return i % 3 === 0 ? `support-${i}@example.com` : null;
    case 'title':
    case 'description':
    case 'subject':
      return `${typeof template === 'string' ? template.split(/\s+/).slice(0, 4).join(' ') : 'Work'} (${pick(WORDS, i)})`;
    default:
      void directory;
      return template;
  }
}

/** A relation's value for record `i`, by how the language compares it. */
function relationValue(name: string, match: QueryMatch | 'user' | 'flag', place: number, directory: Directory): unknown {
  const i = mix(place, name);
  const some = <T>(list: readonly T[], n: number): T[] => list.filter((_, k) => mix(i, String(k)) % n === 0);
  switch (match) {
    case 'user':
      return some(directory.userIds, 3);
    case 'flag':
      return i % 3 === 0;
    case 'label':
      return some(directory.labels, 2);
    case 'contains':
      return i % 4 === 0 ? [] : [`Please look at the ${pick(WORDS, i)} part`];
    case 'date':
      return i % 5 === 4 ? null : iso(BASE + (i % 40) * 24 * HOUR);
    case 'number':
      return (i * 7) % 23;
    case 'working-period':
      // Minutes, in whole half hours.
      return ((i * 7) % 23) * 30;
    case 'fraction':
      // A whole percentage; -1 for an issue without an estimate.
      return i % 5 === 4 ? -1 : (i * 13) % 151;
    case 'reference': {
      const project = pick(directory.projects, i);
      return i % 3 === 2 || !project ? null : `${project.path}#${(i % 9) + 1}`;
    }
    case 'path':
      return directory.projects.length === 0 || i % 3 === 2 ? null : pick(directory.projects, i).path;
    case 'name':
      if (name === 'agent') return pick(['build-runner-01', 'mac-mini-02', null], i);
      return i % 4 === 3 ? [] : [pick(['Sprint 27', 'Sprint 28'], i)];
    case 'link':
      // Made for all records at once (links), as a link shows at both its ends.
      return [];
    default:
      if (name === 'field Type') return pick(['Bug', 'Task', 'New Feature', null], i);
      if (name === 'field Priority') return pick(['Minor', 'Normal', 'Major', 'Critical'], i);
      if (name === 'attribute names') return some(['docker', 'gpu', 'arm'], 2);
      // Commits of the record's project: set once its project is known (commitsOf).
      if (name === 'commits' || name === 'fix commits') return [];
      return i % 2 === 0 ? [pick(WORDS, i)] : [];
  }
}

interface Use {
  target: QueryTarget;
  match: QueryMatch | 'user' | 'flag';
}

/** Every target the language compares, with how. */
function usesOf(language: QueryLanguageSpec): Use[] {
  const uses: Use[] = [];
  for (const f of language.fields) uses.push({ target: f.target, match: f.match });
  for (const c of language.criteria) {
    const s = c.selects;
    if ('user' in s) uses.push({ target: s.target, match: 'user' });
    else if ('match' in s) uses.push({ target: s.target, match: s.match });
    else if ('in' in s) uses.push({ target: s.target, match: s.in.some((v) => typeof v === 'boolean') ? 'flag' : 'exact' });
  }
  for (const o of language.orderBy) if ('relation' in o.target) uses.push({ target: o.target, match: 'number' });
  return uses;
}

/**
 * Varies `records` in place (each is a fresh copy), for a kind whose properties are `properties`
 * and whose paged read takes `language`.
 */
export function vary(records: Rec[], properties: ReadonlyMap<string, SchemaObject>, language: QueryLanguageSpec, directory: Directory, asWritten = 0): void {
  const uses = usesOf(language);
  records.forEach((record, i) => {
    const relations: Relations = {};
    // The document's own examples stay as written: only what the server keeps apart is added.
    if (i < asWritten) {
      for (const { target, match } of uses) if ('relation' in target && !(target.relation in relations)) relations[target.relation] = relationValue(target.relation, match, i, directory);
      commitsOf(record, relations, i, false);
      setRelations(record, relations);
      return;
    }
    for (const { target, match } of uses) {
      if ('relation' in target) {
        if (!(target.relation in relations)) relations[target.relation] = relationValue(target.relation, match, i, directory);
        continue;
      }
      const property = target.property.split('.')[0]!;
      const schema = properties.get(property);
      if (!schema || !(property in record) || property === 'id' || property === 'number') continue;
      const types = typesOf(schema);
      const nullable = types.includes('null');
      const m = mix(i, property);
      if (schema.enum) {
        record[property] = pick(schema.enum, i);
      } else if (match === 'user' && types.includes('integer')) {
        record[property] = nullable && m % 4 === 3 ? null : pick(directory.userIds, m) ?? record[property];
      } else if (match === 'path' && types.includes('integer') && property !== 'parentId' && property !== 'forkedFromId') {
        record[property] = pick(directory.projects, m)?.id ?? record[property];
      } else if (types.includes('boolean')) {
        record[property] = m % 3 !== 1;
      } else if (types.includes('integer') && match === 'number') {
        record[property] = m % 17;
      } else if (match === 'date' || (types.includes('string') && schema.format === 'date-time')) {
        if (target.property.includes('.')) continue;
        record[property] = iso(BASE + i * 37 * HOUR);
      } else if (types.includes('string')) {
        const value = textFor(property, record[property], m, directory);
        record[property] = value === null && !nullable ? record[property] : value;
      }
    }
    consistent(record, properties, i, directory);
    commitsOf(record, relations, i, true);
    setRelations(record, relations);
  });
  if (language.links && language.links.length > 0) link(records, language.links);
  if (properties.has('parentId') && properties.has('path')) projectTree(records, asWritten);
  if (properties.has('key') && properties.has('path')) projectKeys(records, asWritten);
}

/** The commit `k` first parents below a commit. */
function firstParentAncestor(history: CommitHistory, hash: string, k: number): string {
  let at = hash;
  for (let n = 0; n < k; n += 1) at = history.byHash.get(at)?.parents[0] ?? at;
  return at;
}

/**
 * Commits from the record's project history (historyOf): a built or checked-out commit on the
 * record's ref where it names one of the history's branches or tags (not for the document's own
 * examples, which stay as written), and the commits that fix an issue or that a pull request holds.
 */
function commitsOf(record: Rec, relations: Relations, i: number, properties: boolean): void {
  const projectId = record.targetProjectId ?? record.projectId;
  if (typeof projectId !== 'number') return;
  const history = historyOf(projectId);
  const commits = history.commits;
  const m = mix(i, 'commit');
  if (properties && typeof record.commitHash === 'string') {
    const ref = typeof record.refName === 'string' ? record.refName : '';
    const tip = ref.startsWith('refs/heads/') ? history.branches.get(ref.slice(11)) : ref.startsWith('refs/tags/') ? history.tags.get(ref.slice(10)) : undefined;
    // A tag's build is of the tagged commit; a branch's of one of its recent commits.
    record.commitHash = tip ? firstParentAncestor(history, tip, ref.startsWith('refs/tags/') ? 0 : m % 4) : commits[1 + (m % (commits.length - 1))]!.hash;
  }
  for (const name of ['fix commits', 'commits']) {
    if (!(name in relations)) continue;
    const n = name === 'commits' ? 1 + (m % 3) : m % 4 === 3 ? 0 : 1 + (m % 2);
    relations[name] = Array.from({ length: n }, (_, k) => commits[(m + k * 37) % commits.length]!.hash);
  }
}

/**
 * Links between records, each made once and shown at both ends: the source names it by its
 * link spec's name, the target by the opposite name (the same name for a spec without one).
 */
function link(records: Rec[], specs: ReadonlyArray<{ name: string; opposite?: string }>): void {
  const links = records.map(() => [] as Array<{ name: string; id: unknown }>);
  records.forEach((record, i) => {
    const m = mix(i, 'link');
    if (records.length < 2 || m % 3 !== 0) return;
    const j = (i + 1 + (m % (records.length - 1))) % records.length;
    const spec = pick(specs, m >>> 3);
    links[i]!.push({ name: spec.name, id: records[j]!.id });
    links[j]!.push({ name: spec.opposite ?? spec.name, id: record.id });
  });
  records.forEach((record, i) => {
    const relations = relationsOf(record);
    if (!('links' in relations) && !('link names' in relations)) return;
    relations.links = links[i];
    relations['link names'] = [...new Set(links[i]!.map((l) => l.name))];
  });
}

/** Values that depend on others: dates in order, and the dates a state implies. */
function consistent(record: Rec, properties: ReadonlyMap<string, SchemaObject>, i: number, directory: Directory): void {
  const submit = BASE + i * 37 * HOUR;
  if (typeof record.submitDate === 'string') record.submitDate = iso(submit);
  if (record.lastActivity && typeof record.lastActivity === 'object') {
    record.lastActivity = { ...(record.lastActivity as Rec), date: iso(submit + ((i % 5) + 1) * 11 * HOUR) };
  }
  if (properties.has('closeDate') && typeof record.status === 'string') record.closeDate = record.status === 'OPEN' ? null : iso(submit + 30 * HOUR);
  if (properties.has('finishDate') && typeof record.status === 'string') {
    const status = record.status;
    const waiting = status === 'WAITING';
    const queued = waiting || status === 'PENDING';
    const finished = !queued && status !== 'RUNNING';
    record.pendingDate = waiting ? null : iso(submit + HOUR);
    record.runningDate = queued ? null : iso(submit + 2 * HOUR);
    record.finishDate = finished ? iso(submit + 3 * HOUR) : null;
    if (properties.has('cancellerId')) record.cancellerId = status === 'CANCELLED' ? pick(directory.userIds, i + 1) ?? null : null;
  }
  if (properties.has('activeDate') && typeof record.status === 'string' && typeof record.createDate === 'string') {
    record.createDate = iso(submit);
    record.activeDate = record.status === 'PENDING' ? null : iso(submit + 2 * HOUR);
  }
  if (properties.has('state') && properties.has('stateOrdinal')) {
    record.state = pick(directory.states, i);
    record.stateOrdinal = directory.states.indexOf(record.state as string);
  }
}

/** Projects: a few roots, the others children of earlier ones, paths following their parents. */
function projectTree(records: Rec[], asWritten: number): void {
  const paths = new Map<unknown, string>();
  records.forEach((record, i) => {
    if (i < asWritten) {
      paths.set(record.id, String(record.path));
      return;
    }
    const name = `${String(record.name ?? 'project').replace(/[^A-Za-z0-9_.-]/g, '-')}`;
    const parent = i % 7 === 1 ? undefined : records[i % 3 === 0 ? 0 : (i * 7) % i];
    record.parentId = parent ? parent.id : null;
    record.path = parent ? `${paths.get(parent.id)}/${name}` : name;
    record.forkedFromId = i > 3 && i % 5 === 0 ? records[1]!.id : null;
    paths.set(record.id, record.path as string);
  });
  const parents = new Set(records.map((r) => r.parentId));
  for (const record of records) relationsOf(record).leaf = !parents.has(record.id);
}

/** `0` -> `A`, `25` -> `Z`, `26` -> `AA`: a distinct run of capital letters for every number. */
function letters(n: number): string {
  let text = '';
  for (let k = n + 1; k > 0; k = Math.floor((k - 1) / 26)) text = String.fromCharCode(65 + ((k - 1) % 26)) + text;
  return text;
}

/**
 * Project keys as OneDev takes them (two or more capital letters, unique on the server): about
 * half the generated projects get one, made from their name's letters, never one already taken.
 */
function projectKeys(records: Rec[], asWritten: number): void {
  const taken = new Set(records.slice(0, asWritten).flatMap((r) => (typeof r.key === 'string' ? [r.key] : [])));
  // Where each base's search for a free key goes on, so a large population takes linear time.
  const next = new Map<string, number>();
  records.forEach((record, i) => {
    if (i < asWritten || !('key' in record)) return;
    if (mix(i, 'key') % 2 === 1) {
      record.key = null;
      return;
    }
    const initials = String(record.name ?? '').toUpperCase().replace(/[^A-Z]/g, '').slice(0, 3);
    const base = initials.length >= 2 ? initials : 'PRJ';
    let key = base;
    let n = next.get(base) ?? 0;
    while (taken.has(key)) key = `${base}${letters(n++)}`;
    next.set(base, n);
    taken.add(key);
    record.key = key;
  });
}
