/**
 * The reads the records answer, one set per engine: pages (a release's query language, or the
 * mock's own filter; the page limit for callers who are not administrators), operations that take
 * a query but page through nothing, records shown as their read shows them, and the refusals of a
 * record that is not there. Without --stateful the records never change, so what queries may
 * name, their outcomes and the records' views are worked out once and kept.
 */
import { refused, text, type Answer } from '../answer.js';
import { canonicalId, type QueryValues } from '../conversions.js';
import { commitAnswer } from '../commits/answer.js';
import { missingIdStatus } from '../consumes.js';
import { callerOf } from '../credentials.js';
import { prettyJson, sized, type SizedText } from '../json-text.js';
import { runQuery, type QueryWorld } from '../query/evaluate.js';
import { QueryOutcomes } from '../query/outcomes.js';
import { queryWorld } from '../query/world.js';
import { nameMatcher, parseQuery, type Peers, type Rec, type RecordKind } from '../records.js';
import type { MockState } from '../state.js';
import type { Violation } from '../violation.js';
import type { QueryLanguageSpec } from '../../../../spec/model.js';
import type { Operation, Parsed } from '../request-types.js';
import { answerType, json, withDeprecation } from './answers.js';
import type { PageBehaviour } from './behaviours.js';
import type { EffectContext } from './effect-answer.js';
import type { EffectWorld } from '../effects/types.js';
import { FRESH_ADMINISTRATOR } from '../../../../spec/fresh-server.js';
import { CallerWorld } from './caller-world.js';
import { firstValue, header } from './values.js';

export interface ReadSettings {
  /** Callers treated as administrators (no page-size limit): Basic user names, or Bearer tokens. */
  administrators: ReadonlySet<string>;
  /** How this release refuses bad query parameters (`x-onedev-query-refusal-status`; 400 when absent). */
  queryRefusalStatus: number;
  /** The kinds a query may name, for operations that page through no kind of their own. */
  peers: Peers | undefined;
  /** The kinds by component name (what effects name). */
  kinds: ReadonlyMap<string, RecordKind>;
  /** Whether the server acts as one with an active subscription. */
  subscribed: boolean;
}

export class RecordReads implements EffectContext {
  private readonly worlds = new Map<unknown, QueryWorld>();
  readonly world: EffectWorld;
  /** Without --stateful: the outcomes of queries already run. */
  private readonly outcomes = new QueryOutcomes();
  private readonly views = new WeakMap<Rec, SizedText>();

  constructor(
    readonly state: MockState,
    private readonly settings: ReadSettings,
  ) {
    this.world = { state, kind: (name) => settings.kinds.get(name) };
  }

  get subscribed(): boolean {
    return this.settings.subscribed;
  }

  /** The caller's user id: the user the Basic name is, else 1 for an administrator (a token's owner is unknown). */
  callerId(parsed: Parsed): number | undefined {
    const caller = callerOf(header(parsed.headers.authorization));
    if (!caller) return undefined;
    const users = this.settings.peers?.users;
    const user = users && caller.scheme === 'basic' ? this.state.setOf(users)?.find('name', caller.name) : undefined;
    if (typeof user?.id === 'number') return user.id;
    return this.settings.administrators.has(caller.name) ? FRESH_ADMINISTRATOR.id : undefined;
  }

  callerRecord(parsed: Parsed, kind: RecordKind): Rec | undefined {
    const set = this.state.stateful ? this.state.setOf(kind) : undefined;
    const caller = callerOf(header(parsed.headers.authorization));
    if (!set || !caller) return undefined;
    // By login name first: records without ids (users before v14.1.0) are found so too.
    const named = caller.scheme === 'basic' ? set.find('name', caller.name) : undefined;
    if (named) return named;
    const id = this.callerId(parsed);
    return id === undefined ? undefined : set.get(String(id));
  }

  page(parsed: Parsed, behaviour: PageBehaviour): Answer | undefined {
    const { operation, query, params } = parsed;
    const offset = Number(params.offset ?? 0);
    const count = Number(params.count ?? 0);
    if (behaviour.nonAdminMaximum !== undefined && count > behaviour.nonAdminMaximum && !this.isAdministrator(parsed)) {
      const violation: Violation = {
        path: ['query', 'count'],
        code: 'maximum',
        severity: 0,
        message: `Request query parameter count must be <= ${behaviour.nonAdminMaximum} for callers who are not administrators`,
      };
      return refused({ status: this.settings.queryRefusalStatus, text: violation.message }, [violation]);
    }
    const set = this.state.setOf(behaviour.kind);
    if (behaviour.language && behaviour.queryParam) {
      // The release's own query language: parsed, checked, then filtering and ordering the records.
      const records = set?.all() ?? [];
      const queryText = firstValue(query[behaviour.queryParam]);
      // No query: every record, in the set's order (what the language's default order gives).
      const outcome = queryText === undefined ? { records } : this.queryOutcome(behaviour.language, queryText, records, this.queryWorldOf(parsed, behaviour.kind));
      if ('refusal' in outcome) return text(outcome.refusal.status, outcome.refusal.text);
      if (!set) return undefined;
      const listed = this.matching(filtered(outcome.records, behaviour, query), behaviour, query);
      // Kept: the set's own order, or an outcome the mock keeps (without --stateful).
      const kept = listed === records || (!this.state.stateful && listed === outcome.records);
      return json(200, set.pageText(listed, offset, count, kept), operation);
    }
    const filter = behaviour.queryParam ? parseQuery(firstValue(query[behaviour.queryParam])) : { all: true as const };
    if ('error' in filter) return text(this.settings.queryRefusalStatus, filter.error);
    if (!set) return undefined;
    let records: readonly Rec[] = set.all();
    if ('number' in filter) {
      if (behaviour.kind.properties.get('number')?.type !== 'integer') {
        return text(this.settings.queryRefusalStatus, `Error parsing query: ${behaviour.kind.name} records have no number`);
      }
      records = records.filter((r) => r.number === filter.number);
    }
    const listed = this.matching(filtered(records, behaviour, query), behaviour, query);
    return json(200, set.pageText(listed, offset, count, listed === set.all()), operation);
  }

  /**
   * Operations that take a query but page through nothing (a repository's commits, Delete Packs):
   * a query the release refuses is refused; Delete Packs with `--stateful` deletes the matches;
   * the commit reads answer from the project's generated history (commits/answer.ts).
   */
  queryOnly(parsed: Parsed): Answer | undefined {
    const { operation } = parsed;
    const target = operation.queryOnly!;
    if (target.language.syntax === 'commit') {
      const world = this.queryWorldOf(parsed, { peers: this.settings.peers } as RecordKind);
      const project = Number(parsed.pathValues.projectId);
      const history = this.state.stateful && Number.isInteger(project) ? this.state.repositories.of(project).history() : undefined;
      return commitAnswer({ language: target.language, read: target.read, query: firstValue(parsed.query.query), pathValues: parsed.pathValues, params: parsed.params, world, stateful: this.state.stateful, ...(history ? { history } : {}) });
    }
    const set = target.kind ? this.state.setOf(target.kind) : undefined;
    const records = set?.all() ?? [];
    const outcome = this.queryOutcome(target.language, firstValue(parsed.query.query), records, this.queryWorldOf(parsed, target.kind ?? ({ peers: this.settings.peers } as RecordKind)));
    if ('refusal' in outcome) return text(outcome.refusal.status, outcome.refusal.text);
    if (parsed.method === 'DELETE' && set && this.state.stateful) for (const record of outcome.records) set.remove(String(record.id));
    return undefined;
  }

  viewed(record: Rec, template: Rec): SizedText {
    let view = this.views.get(record);
    if (!view) {
      view = sized(prettyJson({ ...template, ...record }));
      this.views.set(record, view);
    }
    return view;
  }

  /**
   * 404 (or the operation's own status for a missing id, `x-onedev-missing-id`) in OneDev's words
   * when a stateful record is gone: that status's documented example, naming this kind and id
   * where it has OneDev's `[io.onedev.server.model.<Class>#<id>]` form.
   */
  notFound(operation: Operation, kind: RecordKind | undefined, param: string, id: string, status = 404): Answer {
    const response = operation.responses.find((r) => r.code === String(status));
    const content = response?.contents[0];
    const example = content?.examples[0]?.value;
    if (typeof example === 'string') {
      // A message naming the row (`[io.onedev.server.model.<Class>#<id>]`) names this one; one
      // quoting the parameter's documented example (a project path) quotes what was asked.
      const asked = operation.pathParams.find((p) => p.name === param)?.example;
      const said = /\.\w+#-?\d+\]/.test(example) && kind
        ? example.replace(/\.\w+#-?\d+\]/, `.${kind.name}#${id}]`)
        : asked !== undefined && String(asked) !== '' && example.includes(String(asked))
          ? example.replace(String(asked), id)
          : example;
      return withDeprecation(operation, { status, headers: { 'content-type': answerType(content!.mediaType) }, body: said });
    }
    return text(status, `No record with ${param} ${id}`);
  }

  missingTarget(parsed: Parsed): Answer | undefined {
    const { operation } = parsed;
    const target = operation.target!;
    const id = canonicalId(parsed.pathValues[target.param]!);
    if (this.state.setOf(target.kind)?.get(id)) return undefined;
    const status = missingIdStatus(operation.missingId, () => this.isAdministrator(parsed));
    return this.notFound(operation, target.kind, target.param, id, status);
  }

  /**
   * The records a page's free-text filters (`x-onedev-matches`) keep: the text, without regard to
   * case, is in one of their properties or in a property of a related record pointing at them.
   */
  private matching(records: readonly Rec[], behaviour: PageBehaviour, query: QueryValues): readonly Rec[] {
    for (const [param, match] of behaviour.matches ?? []) {
      const text = firstValue(query[param])?.toLowerCase();
      if (text === undefined) continue;
      const holds = (value: unknown): boolean => typeof value === 'string' && value.toLowerCase().includes(text);
      // The related records holding the text, as the ids of the records they point at.
      const linked = new Set<string>();
      for (const related of match.related ?? []) {
        const kind = this.settings.kinds.get(related.record);
        for (const r of (kind && this.state.setOf(kind)?.all()) ?? []) if (holds(r[related.property]) && r[related.link] != null) linked.add(String(r[related.link]));
      }
      records = records.filter((r) => match.properties.some((p) => holds(r[p])) || (r.id != null && linked.has(String(r.id))));
    }
    return records;
  }

  /** A query's outcome: run now when records can change (--stateful), else kept from a run before. */
  private queryOutcome(language: QueryLanguageSpec, queryText: string | undefined, records: readonly Rec[], world: QueryWorld): ReturnType<typeof runQuery> {
    return this.state.stateful ? runQuery(language, queryText, records, world) : this.outcomes.run(language, queryText, records, world);
  }

  private queryWorldOf(parsed: Parsed, kind: RecordKind): QueryWorld {
    const caller = callerOf(header(parsed.headers.authorization));
    if (this.state.stateful) return queryWorld(this.state, kind.peers, caller?.name);
    // Without --stateful the records never change: what a query may name is worked out once.
    let world = this.worlds.get(kind.peers);
    if (!world) {
      world = queryWorld(this.state, kind.peers, undefined);
      this.worlds.set(kind.peers, world);
    }
    return caller === undefined ? world : new CallerWorld(world, caller);
  }

  private isAdministrator(parsed: Parsed): boolean {
    const caller = callerOf(header(parsed.headers.authorization));
    return caller !== undefined && this.settings.administrators.has(caller.name);
  }
}

/** The records whose properties match the page's name-like filter parameters. */
function filtered(records: readonly Rec[], behaviour: PageBehaviour, query: QueryValues): readonly Rec[] {
  for (const [param, property] of behaviour.filters) {
    const pattern = firstValue(query[param]);
    if (pattern === undefined) continue;
    const matches = nameMatcher(pattern);
    records = records.filter((r) => matches(r[property]));
  }
  return records;
}
