/**
 * `stateful` mode: every write does what its declared effect says (`x-onedev-effect`, read from
 * the committed description of each release, never from the mock's own model), exactly. Each
 * operation is tried with its example call (stateful-trials.ts picks listed records where the
 * example's ids name none, or name one a refusal would keep from changing): creates are read back
 * with what the body said and the values the server sets; updates, setters and counts change what
 * they say and nothing else; removals leave nothing behind, what they cascade to included; the
 * refusals a record's state causes answer the server's status and words; settings read back what
 * was written. Then end to end over HTTP with the client.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOneDevClient, OneDevError } from '../../src/index.js';
import { MockEngine } from '../../scripts/lib/mock/engine.js';
import { operationPlans } from '../../scripts/lib/mock/operations.js';
import { startMockServer, type MockServer } from '../../scripts/lib/mock/server.js';
import type { Cascade } from '../../spec/model.js';
import { committedDocument, SUPPORTED_RELEASES, type SupportedRelease } from '../helpers.js';
import { ask, validCalls, type ValidCall } from './mock-fixtures.js';
import { subscriptionRefusal, tryBodyRefusal, tryChange, tryCreate, tryRemove, tryStateRefusal, trySubscription, type Outcome } from './stateful-cases.js';
import { Description, stepKindOf, type Effected, type Rec } from './stateful-plan.js';
import { Probe } from './stateful-probe.js';
import { worldOf, type World } from './stateful-trials.js';

/**
 * What cannot be tried generically, by trial, with why. Each entry is still tried: the test fails
 * when an entry's operation does what its effect says after all (the entry is stale), and when
 * an operation not listed here cannot be tried or does not.
 */
/** Before v14.1.0 user records carry no id (the schema has none): no user can be addressed by one. */
const NO_USER_IDS = { releases: ['v11.11.4', 'v12.0.10', 'v13.1.7'] as SupportedRelease[], why: 'user records carry no id before v14.1.0: none can be addressed by one' };

const EXCEPTIONS: ReadonlyArray<{ trial: Trial; keys: readonly string[]; releases?: readonly SupportedRelease[]; why: string }> = [
  { trial: 'change', keys: ['POST /users/{userId}', 'POST /users/{userId}/disable', 'POST /users/{userId}/enable'], ...NO_USER_IDS },
  { trial: 'remove', keys: ['DELETE /users/{userId}'], ...NO_USER_IDS },
  { trial: 'body refusal', keys: ['POST /users/{userId} {"duplicate":["name"]}'], ...NO_USER_IDS },
  // Converting to a service account, and the subscription refusals of all three, came with v12.0.
  { trial: 'change', keys: ['POST /users/{userId}/convert-to-service-account'], ...NO_USER_IDS, releases: ['v12.0.10', 'v13.1.7'] },
  { trial: 'subscription', keys: ['POST /users/{userId}/disable', 'POST /users/{userId}/enable', 'POST /users/{userId}/convert-to-service-account'], ...NO_USER_IDS, releases: ['v12.0.10', 'v13.1.7'] },
  {
    trial: 'change',
    keys: ['POST /pulls/{requestId}/auto-merge'],
    releases: ['v11.11.4'],
    why: "the server also writes the caller into autoMerge.userId, which a step's values cannot say; the mock keeps the record valid by leaving autoMerge as it was",
  },
  {
    trial: 'change',
    keys: ['POST /users/{userId}/ai-setting'],
    releases: ['v15.1.8', 'v16.5.6'],
    why: 'only an AI account takes an AI setting, and the population has none, nor does any operation make one',
  },
  {
    trial: 'body refusal',
    keys: ['POST /job-runs {"missing":"PullRequest","field":"pullRequestId"}'],
    why: 'the example runs a job on a commit (JobRunOnCommit), a body without pullRequestId',
  },
];

type Trial = 'create' | 'change' | 'remove' | 'state refusal' | 'body refusal' | 'subscription';

/** The outcomes of one trial over a release's operations, judged against EXCEPTIONS. */
class Verdicts {
  private readonly failures: string[] = [];
  private readonly stale: string[] = [];
  private readonly excepted: Set<string>;
  private readonly seen = new Set<string>();
  tried = 0;

  constructor(
    release: SupportedRelease,
    private readonly trial: Trial,
  ) {
    this.excepted = new Set(EXCEPTIONS.filter((x) => x.trial === trial && (x.releases ?? SUPPORTED_RELEASES).includes(release)).flatMap((x) => x.keys));
  }

  add(key: string, outcome: Outcome): void {
    this.seen.add(key);
    const failed = 'untried' in outcome ? `untried: ${outcome.untried}` : outcome.problems.length > 0 ? outcome.problems.join('\n    ') : undefined;
    if (this.excepted.has(key)) {
      if (!failed) this.stale.push(key);
      return;
    }
    if (failed) this.failures.push(`${key}: ${failed}`);
    else this.tried += 1;
  }

  check(): void {
    expect(this.failures, `${this.trial}s that did not do what their effect says`).toEqual([]);
    expect(this.stale, `${this.trial} exceptions no longer needed`).toEqual([]);
    expect([...this.excepted].filter((key) => !this.seen.has(key)), `${this.trial} exceptions for operations not tried`).toEqual([]);
  }
}

describe.each(SUPPORTED_RELEASES)('stateful mock on the %s description', (release) => {
  const doc = committedDocument(release);
  const d = new Description(doc);
  const plans = operationPlans(doc);
  const byFirst = (...kinds: string[]): Effected[] => d.effected.filter((e) => kinds.includes(stepKindOf(e.effect.changes[0]) ?? 'none'));
  const refusing = (...conditions: string[]): Array<[Effected, NonNullable<Effected['effect']['refuses']>[number]]> =>
    d.effected.flatMap((e) => (e.effect.refuses ?? []).filter((r) => conditions.some((c) => c in r.when)).map((r) => [e, r] as [Effected, typeof r]));
  /** A stateful engine, and one acting as a licensed server, each asked by the administrator. */
  const worlds = async (): Promise<{ plain: World; licensed: World; of: (e: Effected) => World }> => {
    const plain = await worldOf(d, new Probe(d, new MockEngine(doc, { stateful: true, records: 30 })));
    const licensed = await worldOf(d, new Probe(d, new MockEngine(doc, { stateful: true, records: 30, subscription: true })));
    return { plain, licensed, of: (e) => (subscriptionRefusal(e) ? licensed : plain) };
  };

  it('finds the effects to try in the description', () => {
    expect(byFirst('create').length).toBeGreaterThan(20);
    expect(byFirst('remove').length).toBeGreaterThan(20);
    expect(byFirst('update', 'set', 'count').length).toBeGreaterThan(20);
    expect(byFirst('setting').length).toBeGreaterThan(10);
    expect(refusing('property').length).toBeGreaterThan(3);
  });

  it('creates: a new id, read back with what the body said and the values the server sets, valid; a second create another id, or exactly the duplicate refusal', async () => {
    const { of } = await worlds();
    const verdicts = new Verdicts(release, 'create');
    for (const e of byFirst('create')) verdicts.add(e.key, await tryCreate(of(e), e));
    verdicts.check();
    expect(verdicts.tried).toBeGreaterThan(20);
  });

  it('updates, setters and counts: the record they address reads back with exactly what they write, the rest as it was', async () => {
    const { of } = await worlds();
    const verdicts = new Verdicts(release, 'change');
    for (const e of byFirst('update', 'set', 'count')) verdicts.add(e.key, await tryChange(of(e), e));
    verdicts.check();
    expect(verdicts.tried).toBeGreaterThan(15);
  });

  it('removals: the record is gone from its read and its listing, a second removal answers 404, and what its cascades name goes with it', async () => {
    // Licensed: the records a cascade names are made by their creates, some of which need a subscription.
    const { licensed } = await worlds();
    const verdicts = new Verdicts(release, 'remove');
    const cascades = (e: Effected): number => ((e.effect.changes[0] as { cascade?: readonly Cascade[] }).cascade ?? []).length;
    // Those that cascade least first, so that a cascade takes no record a later removal is tried on.
    let cascaded = 0;
    for (const e of byFirst('remove').sort((a, b) => cascades(a) - cascades(b))) {
      const outcome = await tryRemove(licensed, e);
      cascaded += 'cascaded' in outcome ? (outcome.cascaded ?? 0) : 0;
      verdicts.add(e.key, outcome);
    }
    verdicts.check();
    expect(verdicts.tried).toBeGreaterThan(20);
    expect(cascaded, 'records removed by cascades').toBeGreaterThan(20);
  });

  it('refusals for the state of a record: brought into that state, exactly the status and the words, nothing changed', async () => {
    const { licensed } = await worlds();
    const verdicts = new Verdicts(release, 'state refusal');
    for (const [e, refusal] of refusing('property')) verdicts.add(`${e.key} ${JSON.stringify(refusal.when)}`, await tryStateRefusal(licensed, e, refusal));
    verdicts.check();
    expect(verdicts.tried).toBeGreaterThan(3);
  });

  it('refusals for what the body says (a record not there, the same one twice, one like another): exactly the status and the words', async () => {
    const { licensed } = await worlds();
    const verdicts = new Verdicts(release, 'body refusal');
    const bodyRefusals = refusing('missing', 'same', 'duplicate').filter(([e, r]) => !('duplicate' in r.when) || stepKindOf(e.effect.changes[0]) !== 'create');
    for (const [e, refusal] of bodyRefusals) verdicts.add(`${e.key} ${JSON.stringify(refusal.when)}`, await tryBodyRefusal(licensed, e, refusal));
    verdicts.check();
    expect(verdicts.tried).toBeGreaterThan(15);
  });

  it('refusals for want of a subscription: exactly 406 and the words without `subscription`, carried out with it', async () => {
    const { plain, licensed } = await worlds();
    const verdicts = new Verdicts(release, 'subscription');
    for (const [e, refusal] of refusing('subscription')) verdicts.add(e.key, await trySubscription(plain, licensed, e, refusal));
    verdicts.check();
  });

  it('settings: read back as last written; a cleared setting reads as 204 where that is documented', async () => {
    const engine = new MockEngine(doc, { stateful: true });
    const typeOf = (call: ValidCall): Record<string, string> => (call.body === undefined ? {} : { 'content-type': call.bodyType ?? 'application/json' });
    const textOf = (call: ValidCall): string => (call.rawText ? String(call.body) : JSON.stringify(call.body));
    const settings = byFirst('setting');
    expect(settings.length).toBeGreaterThan(10);
    for (const { call } of settings) {
      const read = d.calls.find((c) => c.method === 'GET' && c.template === call.template)!;
      const written = await ask(engine, 'POST', call.path, { headers: typeOf(call), body: textOf(call) });
      expect(written.status, call.operationId).toBe(200);
      const back = await ask(engine, 'GET', read.path);
      // A read whose root comes without its family's discriminator (x-onedev-untagged-root)
      // answers the value without it, as the server does.
      const plan = plans.find((p) => p.method === 'GET' && p.path === call.template)!;
      const omits = plan.success?.untaggedRoot?.property;
      if (plan.answers === 'stored') {
        // The read answers the records the stored ids name (x-onedev-answers): those the mock has, in the order sent.
        const named = (back.json() as Rec[]).map((r) => r.id);
        expect(named.length, call.operationId).toBeGreaterThan(0);
        expect(named, call.operationId).toEqual((call.body as unknown[]).filter((id) => named.includes(id)));
      } else if (omits) {
        const { [omits]: sent, ...bare } = call.body as Rec;
        expect(sent, call.operationId).toBeTypeOf('string');
        expect(back.json(), call.operationId).toEqual(bare);
      } else expect(back.json(), call.operationId).toEqual(call.body);
      const clearable = plan.responses.some((r) => r.code === '204');
      const cleared = await ask(engine, 'POST', call.path, { headers: typeOf(call), body: 'null' });
      if (clearable && cleared.status === 200) {
        const none = await ask(engine, 'GET', read.path);
        expect(none.status, call.operationId).toBe(204);
        expect(none.text).toBe('');
      }
    }
  });

  it('changes nothing without stateful: every write of the description, then every listing and record read as before', async () => {
    const probe = new Probe(d, new MockEngine(doc, { records: 30 }));
    const reads = d.calls.filter((c) => c.method === 'GET' && c.requiredQuery.every((q) => q === 'offset' || q === 'count'));
    const snapshot = async (): Promise<string[]> => Promise.all(reads.map(async (c) => (await probe.get(`${c.path}${'offset' in c.query ? '?offset=0&count=100' : ''}`)).text));
    const before = await snapshot();
    let written = 0;
    for (const e of d.effected) if ((await probe.send(e.call, e.call.pathParams, e.call.body)).status === e.call.success) written += 1;
    expect(written).toBeGreaterThan(50);
    expect(await snapshot()).toEqual(before);
  });
});

describe('a stateful run over HTTP, through the client', () => {
  const doc = committedDocument();
  let mock: MockServer;
  beforeAll(async () => {
    mock = await startMockServer({ port: 0, document: doc, stateful: true, records: 20 });
  });
  afterAll(async () => {
    await mock?.close();
  });

  it('opens a pull request, finds it by number, retitles it, comments on it, and deletes it', async () => {
    const onedev = createOneDevClient({ baseUrl: mock.origin, auth: { user: 'robin', accessToken: 'any-token' } });
    const open = validCalls(doc).find((c) => c.method === 'POST' && c.template === '/pulls')!;
    const get = onedev.GET as unknown as (p: string, i: unknown) => Promise<{ data: Rec }>;
    // Opened in a project the run has, so its reference (path#number) names a real project.
    const { data: projects } = (await get('/projects', { params: { query: { offset: 0, count: 1 } } })) as unknown as { data: Rec[] };
    const project = projects[0]!;
    const body = { ...(open.body as Rec), targetProjectId: project.id, sourceProjectId: project.id };
    const { data: id } = await (onedev.POST as unknown as (p: string, i: unknown) => Promise<{ data: number }>)('/pulls', { body });
    expect(typeof id).toBe('number');
    const { data: pull } = await get('/pulls/{requestId}', { params: { path: { requestId: id } } });
    expect(pull.id).toBe(id);
    expect(pull.title).toBe((open.body as Rec).title);
    expect(pull.targetProjectId).toBe(project.id);
    expect(await onedev.resolvePullRequestId(`${String(project.path)}#${String(pull.number)}`)).toBe(id);

    const post = onedev.POST as unknown as (p: string, i: unknown) => Promise<{ data: unknown }>;
    await post('/pulls/{requestId}/title', { params: { path: { requestId: id } }, body: 'Retitled by the test' });
    expect((await get('/pulls/{requestId}', { params: { path: { requestId: id } } })).data.title).toBe('Retitled by the test');

    const comment = validCalls(doc).find((c) => c.method === 'POST' && c.template === '/pull-request-comments')!;
    const { data: commentId } = await post('/pull-request-comments', { body: { ...(comment.body as Rec), requestId: id } });
    const comments = (await (onedev.GET as unknown as (p: string, i: unknown) => Promise<{ data: Rec[] }>)('/pulls/{requestId}/comments', { params: { path: { requestId: id } } })).data;
    expect(comments.map((c) => c.id)).toEqual([commentId]);

    const del = onedev.DELETE as unknown as (p: string, i: unknown) => Promise<unknown>;
    await del('/pulls/{requestId}', { params: { path: { requestId: id } } });
    const gone = await get('/pulls/{requestId}', { params: { path: { requestId: id } } }).then(() => undefined, (e: unknown) => e);
    expect(gone).toBeInstanceOf(OneDevError);
    expect((gone as OneDevError).status).toBe(404);
    expect((gone as OneDevError).message).toContain(`PullRequest#${String(id)}`);
  });

  it('sends the bytes of records as they are: text beyond ASCII reads back the same, and Content-Length counts bytes', async () => {
    const open = validCalls(doc).find((c) => c.method === 'POST' && c.template === '/pulls')!;
    const headers = { authorization: 'Bearer any-token', 'content-type': 'application/json' };
    const title = 'Zoë — 漢字 ✓ 😀';
    // A source branch of its own: the example's change is one an open example request already covers (refused).
    const body = { ...(open.body as Rec), title, sourceBranch: 'topic/unicode-title' };
    const created = await fetch(`${mock.baseUrl}/pulls`, { method: 'POST', headers, body: JSON.stringify(body) });
    expect(created.status, await created.clone().text()).toBe(200);
    const id = Number(await created.text());
    // A record read, and a page (both answered from bytes rendered ahead).
    for (const path of [`/pulls/${id}`, `/pulls?offset=0&count=100`]) {
      const answer = await fetch(`${mock.baseUrl}${path}`, { headers });
      const bytes = Buffer.from(await answer.arrayBuffer());
      expect(answer.status).toBe(200);
      expect(Number(answer.headers.get('content-length'))).toBe(bytes.length);
      const parsed = JSON.parse(bytes.toString('utf8')) as Rec | Rec[];
      const pull = Array.isArray(parsed) ? parsed.find((p) => p.id === id) : parsed;
      expect(pull?.title).toBe(title);
    }
  });
});
