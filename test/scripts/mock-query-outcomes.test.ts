/**
 * A mock without --stateful keeps query outcomes (scripts/lib/mock/query/outcomes.ts): what it
 * answers must stay what running the query afresh gives. An outcome that read the caller (`... me`)
 * is the caller's alone, and one that read the clock (dates) holds for a second only.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MockEngine } from '../../scripts/lib/mock/engine.js';
import { QueryOutcomes } from '../../scripts/lib/mock/query/outcomes.js';
import { runQuery, type QueryWorld } from '../../scripts/lib/mock/query/evaluate.js';
import { operationPlans } from '../../scripts/lib/mock/operations.js';
import { population, queryLanguageOf, recordModel, userDirectory } from '../../scripts/lib/mock/records.js';
import { committedDocument, DEFAULT_RELEASE } from '../helpers.js';

type Rec = Record<string, unknown>;
const doc = committedDocument(DEFAULT_RELEASE);
const plans = operationPlans(doc);
const model = recordModel(doc, plans);
const pulls = plans.find((p) => p.method === 'GET' && p.path === '/pulls')!;
const language = queryLanguageOf(doc, pulls)!;
const behaviour = model.behaviours.get('GET /pulls');
const kind = behaviour?.type === 'page' ? behaviour.kind : undefined;
const records = population(kind!, 250);
const users = userDirectory(population(model.kinds.find((k) => k.paged && k.collectionPath === '/users')!, 250));
const world = (caller?: string): QueryWorld => ({ users, projects: [], labels: new Set(), ...(caller !== undefined ? { caller } : {}) });
const ids = (outcome: ReturnType<typeof runQuery>): unknown[] => ('records' in outcome ? outcome.records.map((r: Rec) => r.id) : [outcome.refusal.status, outcome.refusal.text]);

afterEach(() => {
  vi.useRealTimers();
});

describe('query outcomes kept by a mock whose records never change', () => {
  it('answers a repeated query with what it answered first, equal to running it afresh', () => {
    const outcomes = new QueryOutcomes();
    for (const text of [...language.examples, '"Title" contains "fix"', 'not(', '"No Such Field" is "x"']) {
      const first = outcomes.run(language, text, records, world('robin'));
      expect(outcomes.run(language, text, records, world('robin')), text).toBe(first);
      expect(ids(first), text).toEqual(ids(runQuery(language, text, records, world('robin'))));
    }
  });

  it('keeps a query about the caller for that caller only', () => {
    const submitters = [...new Set(records.map((r) => r.submitterId))];
    const [a, b] = users.filter((u) => submitters.includes(u.id)).slice(0, 2);
    expect(a && b, 'two users who opened pull requests').toBeTruthy();
    const outcomes = new QueryOutcomes();
    const mine = (name: string) => ids(outcomes.run(language, 'submitted by me', records, world(name)));
    const fresh = (name: string) => ids(runQuery(language, 'submitted by me', records, world(name)));
    expect(mine(a!.name)).toEqual(fresh(a!.name));
    expect(mine(b!.name)).toEqual(fresh(b!.name));
    expect(mine(b!.name)).not.toEqual(mine(a!.name));
    expect(mine(a!.name)).toEqual(fresh(a!.name));
  });

  it("reads the caller's name only for a query about the caller, kept or run", () => {
    // Decoding a Basic name costs more than answering a kept query: a world counts the reads.
    let reads = 0;
    const counting = (name: string): QueryWorld => ({ ...world(), get caller() {
      reads += 1;
      return name;
    } });
    const outcomes = new QueryOutcomes();
    for (let i = 0; i < 3; i += 1) outcomes.run(language, '"Title" contains "fix"', records, counting('robin'));
    expect(reads).toBe(0);
    outcomes.run(language, 'submitted by me', records, counting('robin'));
    expect(reads).toBeGreaterThan(0);
    const before = reads;
    expect(ids(outcomes.run(language, 'submitted by me', records, counting('robin')))).toEqual(ids(runQuery(language, 'submitted by me', records, world('robin'))));
    expect(reads, 'a kept personal outcome is checked against the caller').toBeGreaterThan(before);
  });

  it('keeps a query that reads the clock for a second only', () => {
    const dates = records.map((r) => Date.parse(String(r.submitDate))).sort((x, y) => x - y);
    const middle = dates[Math.floor(dates.length / 2)]!;
    const text = '"Submit Date" is since "1 day ago"';
    vi.useFakeTimers({ toFake: ['Date'] });
    const outcomes = new QueryOutcomes();
    vi.setSystemTime(middle + 86_400_000 / 2);
    const early = outcomes.run(language, text, records, world());
    vi.setSystemTime(middle + 86_400_000 / 2 + 500);
    expect(outcomes.run(language, text, records, world())).toBe(early);
    vi.setSystemTime(middle + 30 * 86_400_000);
    const later = outcomes.run(language, text, records, world());
    expect(ids(later)).toEqual(ids(runQuery(language, text, records, world())));
    expect(ids(later)).not.toEqual(ids(early));
  });

  it('is not used by a stateful mock: a query after a write sees the write', async () => {
    const engine = new MockEngine(doc, { stateful: true });
    const auth = { authorization: `Basic ${Buffer.from('admin:secret').toString('base64')}` };
    const ask = async (): Promise<unknown[]> => {
      const answer = await engine.handle({ method: 'GET', url: `/~api/pulls?offset=0&count=500&query=${encodeURIComponent('open')}`, headers: auth, body: Buffer.alloc(0) });
      expect(answer.status).toBe(200);
      return (JSON.parse(answer.body!.toString()) as Rec[]).map((r) => r.id);
    };
    const before = await ask();
    expect(before.length).toBeGreaterThan(0);
    const deleted = await engine.handle({ method: 'DELETE', url: `/~api/pulls/${String(before[0])}`, headers: auth, body: Buffer.alloc(0) });
    expect(deleted.status).toBeLessThan(300);
    expect(await ask()).toEqual(before.slice(1));
  });
});
