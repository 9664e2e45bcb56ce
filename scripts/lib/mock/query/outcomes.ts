/**
 * Query outcomes kept for a mock whose records never change (not `--stateful`): a test suite sends
 * the same few queries again and again, and parsing, checking and filtering the records each time
 * was the largest part of answering them. An outcome is kept per what it was run over (a
 * collection's records; for commit queries, the builds), language and question; one that read the
 * caller (`... me` criteria) is kept for that caller only, and one that read the clock (dates) for
 * a second only, so what is answered is what running the query now would give.
 */
import type { QueryLanguageSpec } from '../../../../spec/model.js';
import { runQuery, type QueryOutcome, type QueryWorld } from './evaluate.js';

type Rec = Record<string, unknown>;

/** Outcomes kept per language; past this the language's outcomes are dropped and kept afresh. */
const PER_LANGUAGE = 256;
const CLOCK_VALIDITY_MS = 1000;

interface Kept<T> {
  outcome: T;
  /** Whether the outcome depends on the caller, and on which. */
  personal: boolean;
  caller: string | undefined;
  /** Until when the outcome holds, when it depends on the clock. */
  until: number | undefined;
}

export class KeptOutcomes<T> {
  private readonly kept = new WeakMap<object, WeakMap<QueryLanguageSpec, Map<string, Kept<T>>>>();

  /**
   * What `run` gives for the question, or gave before. `over` is what the outcome is computed from
   * that can change identity but not content (an array the mock keeps for as long as it runs).
   */
  outcome(over: object, language: QueryLanguageSpec, question: string, world: QueryWorld, run: (world: QueryWorld) => T): T {
    let byLanguage = this.kept.get(over);
    let byQuestion = byLanguage?.get(language);
    const known = byQuestion?.get(question);
    if (known && (!known.personal || known.caller === world.caller) && (known.until === undefined || Date.now() < known.until)) {
      return known.outcome;
    }
    // The world as the evaluator sees it, noting whether it read the caller or the clock.
    let readCaller = false;
    let readClock = false;
    // The world's own properties, with the two that matter watched (a Proxy costs a trap on every read).
    const watched: QueryWorld = Object.defineProperties(Object.create(world) as QueryWorld, {
      caller: { get: () => ((readCaller = true), world.caller) },
      now: { get: () => ((readClock = true), world.now) },
    });
    const outcome = run(watched);
    if (!byLanguage) this.kept.set(over, (byLanguage = new WeakMap()));
    if (!byQuestion || byQuestion.size >= PER_LANGUAGE) byLanguage.set(language, (byQuestion = new Map()));
    // The caller is kept only for an outcome that read it (reading it may mean decoding it).
    byQuestion.set(question, { outcome, personal: readCaller, caller: readCaller ? world.caller : undefined, until: readClock ? Date.now() + CLOCK_VALIDITY_MS : undefined });
    return outcome;
  }
}

/** Entity queries (pull requests, issues, builds, ...) over a collection's records. */
export class QueryOutcomes {
  private readonly kept = new KeptOutcomes<QueryOutcome>();

  /** The outcome of a query over records that never change (the same array each time). */
  run(language: QueryLanguageSpec, text: string | undefined, records: readonly Rec[], world: QueryWorld): QueryOutcome {
    if (text === undefined) return runQuery(language, text, records, world);
    return this.kept.outcome(records, language, text, world, (watched) => runQuery(language, text, records, watched));
  }
}
