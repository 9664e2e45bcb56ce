/**
 * The mock's heavy work happens in worker threads (scripts/lib/mock/offload.ts), so that no other
 * request waits for it: validators are compiled there and sent back as code (checked here to
 * refuse exactly what validators compiled in place refuse), very large bodies are read there, and
 * Prism answers there. How long the event loop holds is measured by `npm run bench`, not here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenAPIObject } from 'openapi3-ts/oas31';
import { LARGE_BODY, MockEngine } from '../../scripts/lib/mock/engine.js';
import { Offload } from '../../scripts/lib/mock/offload.js';
import { operationPlans } from '../../scripts/lib/mock/operations.js';
import { grammarOf, hasParser, parserLoads, parsersGeneratedHere } from '../../scripts/lib/mock/query/grammar.js';
import { queryLanguageOf } from '../../scripts/lib/mock/records.js';
import { loadStandalone, SchemaChecker, toViolations } from '../../scripts/lib/mock/schemas.js';
import { committedDocument } from '../helpers.js';
import { ask } from './mock-fixtures.js';

const doc = committedDocument();
const source = { text: JSON.stringify(doc) };

describe('validators compiled in a worker', () => {
  const offload = new Offload(source);
  afterAll(() => offload.close());

  it('refuse what validators compiled here refuse, in the same words', async () => {
    const local = new SchemaChecker(doc);
    const plans = operationPlans(doc).filter((p) => p.body?.contents[0]?.schema !== undefined && !p.rawText);
    // Every tenth body, and the largest (the issue settings: most of a second to compile).
    const chosen = plans.filter((p, i) => i % 10 === 0 || p.path === '/settings/issue');
    expect(chosen.length).toBeGreaterThan(8);
    for (const plan of chosen) {
      const schema = plan.body!.contents[0]!.schema;
      const example = plan.body!.contents[0]!.examples[0]?.value;
      for (const kind of ['body-quick', 'body-full'] as const) {
        const remote = loadStandalone(await offload.compiler.compile({ kind, schema }, true));
        const here = local.compileHere({ kind, schema });
        for (const value of [example, {}, [], 'text', 12, { unexpected: true }, null]) {
          const [a, b] = [remote(value), here(value)];
          expect(a, `${plan.operationId} ${kind} ${JSON.stringify(value)?.slice(0, 80)}`).toBe(b);
          expect(toViolations(remote.errors ?? [], 'body')).toEqual(toViolations(here.errors ?? [], 'body'));
        }
      }
    }
  }, 240_000);

  it('coerce query parameters as those compiled here do', async () => {
    const plan = operationPlans(doc).find((p) => p.path === '/pulls' && p.method === 'GET')!;
    const local = new SchemaChecker(doc);
    const schema = { type: 'object', properties: Object.fromEntries(plan.queryParams.map((p) => [p.name, p.schema])), required: plan.queryParams.filter((p) => p.required).map((p) => p.name) };
    const remote = loadStandalone(await offload.compiler.compile({ kind: 'params', schema }, true));
    const values = { offset: '5', count: '20' };
    expect(remote(values)).toBe(true);
    expect(values).toEqual({ offset: 5, count: 20 });
    expect(remote({ offset: '5', count: '9999' })).toBe(local.checkParams({ offset: '5', count: '9999' }, plan.queryParams, 'query').violations.length === 0);
  });
});

describe('an engine with workers', () => {
  let engine: MockEngine;
  let offload: Offload;
  beforeAll(async () => {
    engine = new MockEngine(doc as OpenAPIObject);
    offload = new Offload(source, { prismAfterMs: 0 });
    offload.start();
    await engine.useWorkers(offload);
  }, 240_000);
  afterAll(async () => {
    engine.dropWorkers();
    await offload.close();
  });

  it('compiles no validator itself once serving: every one was compiled ahead by the worker', async () => {
    // Those of the built-in records' kinds are compiled while the engine is made, before serving.
    const before = engine.validatorsCompiledHere;
    expect(before).toBeLessThanOrEqual(2);
    for (const path of ['/pulls/42', '/pulls?offset=0&count=5', '/groups/7', '/settings/ssh']) expect((await ask(engine, 'GET', path)).status, path).toBe(200);
    const refused = await ask(engine, 'POST', '/settings/issue', { headers: { 'content-type': 'application/json' }, body: '{"unexpected":1}' });
    expect(refused.status).toBe(400);
    expect(engine.validatorsCompiledHere).toBe(before);
  });

  it('generates no query parser itself: each language\'s parser was made ahead by the worker', async () => {
    const languages = operationPlans(doc).map((plan) => queryLanguageOf(doc, plan)).filter((l) => l !== undefined);
    expect(languages.length).toBeGreaterThanOrEqual(9);
    for (const language of languages) expect(hasParser(language!), language!.list).toBe(true);
    // Loaded with the worker's compiled code: V8 here took every code cache (none compiled again).
    expect(parserLoads()).toEqual({ cached: new Set(languages.map((l) => grammarOf(l!))).size, compiled: 0 });
    const before = parsersGeneratedHere();
    for (const path of ['/pulls', '/issues', '/builds', '/projects', '/agents']) {
      const answer = await ask(engine, 'GET', `${path}?offset=0&count=5&query=${encodeURIComponent('"Number" is "1" or not(("Number" is "2"))')}`);
      // Parsed either way: an answer, or the release's refusal of a field that list lacks.
      expect(answer.status === 200 || /(Field|Attribute) not found/.test(answer.text), `${path} ${answer.text}`).toBe(true);
    }
    const pulls = await ask(engine, 'GET', `/pulls?offset=0&count=5&query=${encodeURIComponent('open order by "Submit Date" desc')}`);
    expect(pulls.status, pulls.text).toBe(200);
    expect(parsersGeneratedHere()).toBe(before);
  });

  it('has a large JSON body read by a worker, with the answers a small one gets', async () => {
    const json = { 'content-type': 'application/json' };
    // Accepted: a valid group whose description is large.
    const group = { name: 'Release Managers', description: 'x'.repeat(LARGE_BODY + 1000), administrator: false, createRootProjects: false, enforce2FA: true };
    expect((await ask(engine, 'POST', '/groups', { headers: json, body: JSON.stringify(group) })).status).toBe(200);
    // Refused by its schema, with the problem named as for a small body.
    const wrong = await ask(engine, 'POST', '/groups', { headers: json, body: JSON.stringify({ ...group, administrator: 'yes' }) });
    expect(wrong.status).toBe(400);
    expect(wrong.text).toMatch(/Request body property administrator must be boolean/);
    // Unreadable: malformed, nested too deep, a number past int64.
    const big = ' '.repeat(LARGE_BODY);
    expect((await ask(engine, 'POST', '/groups', { headers: json, body: `${big}{"name":` })).text).toMatch(/Malformed JSON/);
    expect((await ask(engine, 'POST', '/groups', { headers: json, body: `${big}${'['.repeat(1001)}${']'.repeat(1001)}` })).text).toMatch(/nests deeper than 1000/);
    expect((await ask(engine, 'POST', '/groups', { headers: json, body: `${big}${JSON.stringify({ ...group, id: 1 }).replace('"id":1', '"id":99999999999999999999')}` })).text).toMatch(/out of range/);
  });

  it('keeps a large body\'s value for a stateful write', async () => {
    const stateful = new MockEngine(doc as OpenAPIObject, { stateful: true, records: 3 });
    const own = new Offload(source);
    try {
      await stateful.useWorkers(own);
      const description = `Big ${'y'.repeat(LARGE_BODY)}`;
      const group = { name: 'Huge', description, administrator: false, createRootProjects: false, enforce2FA: false };
      const created = await ask(stateful, 'POST', '/groups', { headers: { 'content-type': 'application/json' }, body: JSON.stringify(group) });
      expect(created.status).toBe(200);
      const read = await ask(stateful, 'GET', `/groups/${created.text}`);
      expect((read.json() as { description: string }).description).toBe(description);
    } finally {
      stateful.dropWorkers();
      await own.close();
    }
  }, 120_000);

  it('has Prism generate dynamic answers in a worker', async () => {
    const answer = await ask(engine, 'GET', '/pulls/42', { headers: { prefer: 'dynamic=true' } });
    expect(answer.status).toBe(200);
    expect(answer.json()).toEqual(expect.objectContaining({ id: expect.any(Number), title: expect.any(String) }));
  }, 120_000);
});

describe('closing', () => {
  it('stops the workers: calls after close are refused, not left waiting', async () => {
    const offload = new Offload(source);
    offload.start();
    await offload.close();
    await expect(offload.compiler.compile({ kind: 'output', schema: { type: 'string' } }, true)).rejects.toThrow(/closing/);
  });
});
