/**
 * The commit reads answered from the project's generated history: the list that takes the commit
 * language (Query Commits) and the read of one commit under it (Get Commit), which the server
 * answers as the list of `commit(<hash>)` with count 1. Both are found from the document: the
 * list by its query language's syntax, the read as a GET at `<list path>/{param}` answering what
 * the list lists.
 */
import type { OpenAPIObject } from 'openapi3-ts/oas31';
import type { QueryLanguageSpec } from '../../../../spec/model.js';
import { text, textAnswer, type Answer } from '../answer.js';
import { asElement, prettyJson, sized, sizedArray, type SizedText } from '../json-text.js';
import { jsonContent, type OperationPlan } from '../operations.js';
import type { QueryWorld } from '../query/evaluate.js';
import { queryLanguageOf } from '../records.js';
import { historyOf, type Commit, type CommitHistory } from './history.js';
import { Refused, refusalOf } from '../query/refused.js';
import { revisionCommit, runCommitList, runCommitQuery } from './log.js';
import { keptCommitQuery } from './outcomes.js';
import { renderLogCommit } from './log-commit.js';

/** What answers a commit read: the language, and for the read of one commit the path parameter naming it. */
export interface CommitRead {
  language: QueryLanguageSpec;
  read?: string;
}

const refOf = (schema: unknown): unknown => (schema as { $ref?: unknown } | undefined)?.$ref;

/** The read of one commit: a GET at `<list path>/{param}` whose list takes the commit language and answers its items. */
export function commitReadOf(doc: OpenAPIObject, plan: OperationPlan, plans: readonly OperationPlan[]): Required<CommitRead> | undefined {
  const param = /\/\{([^}]+)\}$/.exec(plan.path)?.[1];
  if (plan.method !== 'GET' || param === undefined) return undefined;
  const listPath = plan.path.slice(0, plan.path.length - param.length - 3);
  const list = plans.find((p) => p.method === 'GET' && p.path === listPath);
  const language = list ? queryLanguageOf(doc, list) : undefined;
  if (!list || language?.syntax !== 'commit') return undefined;
  const items = (jsonContent(list.success)?.schema as { items?: unknown } | undefined)?.items;
  const one = refOf(jsonContent(plan.success)?.schema);
  return one !== undefined && one === refOf(items) ? { language, read: param } : undefined;
}

export interface CommitRequest {
  language: QueryLanguageSpec;
  /** The path parameter naming the one commit read, or undefined for the list. */
  read: string | undefined;
  /** The query text as received (the list), undefined when none was sent. */
  query: string | undefined;
  pathValues: Readonly<Record<string, string>>;
  /** The declared query parameters, coerced (`count` a number, `field` a list). */
  params: Readonly<Record<string, unknown>>;
  world: QueryWorld;
  /** With --stateful, a commit the history lacks is 404 like any missing record; without, the example answers. */
  stateful: boolean;
  /** The project's history with its refs as the run left them (with --stateful); else the generated one. */
  history?: CommitHistory;
}

/** The answer, or undefined where the documented example answers (a read of a commit the history lacks, without --stateful). */
export function commitAnswer(request: CommitRequest): Answer | undefined {
  const { language, read, params } = request;
  const history = request.history ?? historyOf(Number(request.pathValues.projectId));
  const fields = new Set(Array.isArray(params.field) ? params.field.map(String) : typeof params.field === 'string' ? [params.field] : []);
  const count = Number(params.count ?? 0);
  const outcome = read !== undefined
    ? readOne(language, request.pathValues[read] ?? '', history, request.world)
    : request.stateful
      ? runCommitQuery(language, request.query, history, request.world, count)
      : keptCommitQuery(language, request.query, history, request.world, count);
  if ('refusal' in outcome) {
    const missing = read !== undefined && outcome.refusal.status === 404;
    return missing && !request.stateful ? undefined : text(outcome.refusal.status, outcome.refusal.text);
  }
  if (read !== undefined && outcome.commits.length === 0) return text(404, 'Commit not found');
  const shape = `${[...fields].sort().join(',')}\n${outcome.paths.join('\n')}`;
  // With --stateful each request runs its query afresh: nothing is kept for a next time.
  const body = read === undefined ? listText(outcome, shape, fields, !request.stateful) : element(outcome.commits[0]!, shape, fields, outcome.paths).item;
  return textAnswer(200, 'application/json', body);
}

/**
 * A list's answer. An outcome the mock keeps (the same query again, without --stateful) is the
 * same object each time: its text is joined once per shape, not once per request. It repeats the
 * commits' own texts, so the total kept is bounded (LIST_CHARACTERS).
 */
let lists = new WeakMap<object, Map<string, SizedText>>();
let listCharactersHeld = 0;
const LIST_CHARACTERS = 8 * 1024 * 1024;

function listText(outcome: { commits: readonly Commit[]; paths: readonly string[] }, shape: string, fields: ReadonlySet<string>, kept: boolean): SizedText {
  const known = kept ? lists.get(outcome)?.get(shape) : undefined;
  if (known) return known;
  const list = sizedArray(outcome.commits.map((c) => element(c, shape, fields, outcome.paths).element));
  if (!kept) return list;
  if (listCharactersHeld + list.text.length > LIST_CHARACTERS) {
    lists = new WeakMap();
    listCharactersHeld = 0;
  }
  let shapes = lists.get(outcome);
  if (!shapes || shapes.size >= SHAPES_KEPT) lists.set(outcome, (shapes = new Map()));
  shapes.set(shape, list);
  listCharactersHeld += list.text.length;
  return list;
}

/** A commit's answer texts per shape (fields and paths asked), rendered once; a few shapes kept per commit. */
const rendered = new WeakMap<Commit, Map<string, { item: SizedText; element: SizedText }>>();
const SHAPES_KEPT = 16;

function element(commit: Commit, shape: string, fields: ReadonlySet<string>, paths: readonly string[]): { item: SizedText; element: SizedText } {
  let shapes = rendered.get(commit);
  if (!shapes) rendered.set(commit, (shapes = new Map()));
  let texts = shapes.get(shape);
  if (!texts) {
    const item = prettyJson(renderLogCommit(commit, fields, paths));
    texts = { item: sized(item), element: sized(asElement(item)) };
    if (shapes.size >= SHAPES_KEPT) shapes.clear();
    shapes.set(shape, texts);
  }
  return texts;
}

/** `commit(<hash>)`, count 1, as the server builds it from the path (a parenthesis in it does not parse). */
function readOne(language: QueryLanguageSpec, revision: string, history: ReturnType<typeof historyOf>, world: QueryWorld): ReturnType<typeof runCommitQuery> {
  const criterion = language.criteria.find((c) => c.revision === 'commit');
  if (!criterion || revision === '' || /[()]/.test(revision.replace(/\\./g, ''))) return { refusal: refusalOf(language, new Refused('syntax')) };
  const value = revision.replace(/\\(.)/g, '$1');
  // A revision the history cannot resolve is refused as the query would refuse it, without
  // building the query's options first (clients often ask for commits they made up).
  const found = revisionCommit(value, history);
  if (found instanceof Refused) return { refusal: refusalOf(language, found) };
  return runCommitList(language, [{ type: 'criterion', keyword: criterion.keyword, values: [value] }], history, world, 1);
}
