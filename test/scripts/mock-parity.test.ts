/**
 * The mock checks requests itself (scripts/lib/mock/engine.ts, schemas.ts) instead of through
 * Prism, and must refuse exactly what Prism refused, in Prism's words: for generated bad requests,
 * the problems the mock lists (its `sl-violations` header) are its own OneDev checks (unknown
 * query parameters, ids Java would not parse) followed by what Prism's validator reports for the
 * same request, in the same order.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { badIntegers, unknownQuery } from '../../scripts/lib/mock/conversions.js';
import { MockEngine } from '../../scripts/lib/mock/engine.js';
import { askPrism, createMockPrism, isFailure, prismOperations, type PrismInstance, type PrismOperation } from '../../scripts/lib/mock/prism.js';
import { queryLanguageOf } from '../../scripts/lib/mock/records.js';
import { pathValues, routesOf, type Route } from '../../scripts/lib/mock/routes.js';
import { committedDocument, DEFAULT_RELEASE, SEED_RELEASE } from '../helpers.js';
import { basicAuth, searchOf, validCalls, type ValidCall } from './mock-fixtures.js';

type Listed = { location: string[]; code: unknown; message: string };

/** The violations in an `sl-violations` header; a header cut at its size limit gives its complete entries. */
function listedViolations(header: string | undefined): { entries: Listed[]; cut: boolean } {
  if (header === undefined) return { entries: [], cut: false };
  if (!header.endsWith('...')) return { entries: JSON.parse(header) as Listed[], cut: false };
  const end = header.lastIndexOf('},{');
  return { entries: end < 0 ? [] : (JSON.parse(`${header.slice(0, end + 1)}]`) as Listed[]), cut: true };
}

describe.each([SEED_RELEASE, DEFAULT_RELEASE])('request checks match Prism on the %s description', (release) => {
  const doc = committedDocument(release);
  // Prism cannot place a path value that spans segments (x-multi-segment): those are the mock's
  // alone. Bodies in other media types are bytes, not checked against a schema.
  const multiSegment = (c: ValidCall): boolean => Object.values(c.pathParams).some((v) => String(v).includes('/'));
  // A body the server never reads (x-onedev-ignored-body) is not checked by the mock, as OneDev ignores it; Prism would check it.
  const calls = validCalls(doc).filter((c) => (c.body === undefined || /json/.test(c.bodyType ?? 'application/json')) && !multiSegment(c) && !c.ignoredBody);
  const routes = new Map<string, Route>(routesOf(doc).map((r) => [`${r.method} ${r.path}`, r]));
  const engine = new MockEngine(doc);
  let prism: PrismInstance;
  let operations: Map<string, PrismOperation>;
  beforeAll(async () => {
    prism = createMockPrism();
    operations = new Map((await prismOperations(doc)).map((op) => [`${op.method.toUpperCase()} ${op.path}`, op]));
  });

  type Twist = 'path-word' | 'query-word' | 'drop-query' | 'extra-query' | 'no-credentials' | 'bearer' | 'wrong-type' | 'body-value' | 'drop-property' | 'body-shape' | 'no-body';
  const twist = fc.record({
    call: fc.constantFrom(...calls),
    twist: fc.constantFrom<Twist>('path-word', 'query-word', 'drop-query', 'extra-query', 'no-credentials', 'bearer', 'wrong-type', 'body-value', 'drop-property', 'body-shape', 'no-body'),
    word: fc.constantFrom('abc', '1e3', '-1', '2147483648', '99999999999999999999', '0x1F', ' 5', '', 'true'),
    value: fc.constantFrom<unknown>(null, 1, -1, 'text', true, [], {}, [1, 'a'], 1.5, '2025-01-01', 'NOT_AN_ENUM'),
    pick: fc.nat(),
  });

  function build(input: typeof twist extends fc.Arbitrary<infer T> ? T : never): { path: string; query: Record<string, string | string[]>; headers: Record<string, string>; body?: unknown; text?: string } {
    const call: ValidCall = input.call;
    // As the description says to send them: arrays repeated (`field=A&field=B`), objects exploded.
    const query: Record<string, string | string[]> = {};
    for (const [name, value] of new URLSearchParams(searchOf(call.query))) {
      const known = query[name];
      query[name] = known === undefined ? value : [...[known].flat(), value];
    }
    const headers: Record<string, string> = { authorization: basicAuth('parity', 'token') };
    let path = call.path;
    let body: unknown = call.body;
    const names = Object.keys(call.pathParams);
    const queryNames = Object.keys(query);
    switch (input.twist) {
      case 'path-word':
        if (names.length > 0) {
          const name = names[input.pick % names.length]!;
          path = call.template.replace(/\{([^}]+)\}/g, (_, n: string) => encodeURIComponent(n === name ? input.word || 'x' : String(call.pathParams[n])));
        }
        break;
      case 'query-word': {
        // A query language's text is judged by the language, not by a schema (mock-query.test.ts).
        const plain = queryNames.filter((n) => !(n === 'query' && queryLanguageOf(doc, { path: call.template, method: call.method } as Parameters<typeof queryLanguageOf>[1])));
        if (plain.length > 0) query[plain[input.pick % plain.length]!] = input.word;
        break;
      }
      case 'drop-query':
        if (queryNames.length > 0) delete query[queryNames[input.pick % queryNames.length]!];
        break;
      case 'extra-query':
        query[`x${input.word}`] = '1';
        break;
      case 'no-credentials':
        delete headers.authorization;
        break;
      case 'bearer':
        headers.authorization = 'Bearer parity';
        break;
      case 'wrong-type':
        if (body !== undefined && !call.rawText) body = input.value;
        break;
      case 'body-value':
      case 'drop-property':
        if (body && typeof body === 'object' && !Array.isArray(body)) {
          const keys = Object.keys(body);
          if (keys.length > 0) {
            const key = keys[input.pick % keys.length]!;
            body = { ...(body as object) };
            if (input.twist === 'drop-property') delete (body as Record<string, unknown>)[key];
            else (body as Record<string, unknown>)[key] = input.value;
          }
        }
        break;
      case 'body-shape':
        if (body !== undefined && !call.rawText) body = Array.isArray(body) ? [input.value] : { ...(body as object), unexpected: input.value };
        break;
      case 'no-body':
        body = undefined;
        break;
    }
    const text = body === undefined ? undefined : call.rawText ? String(body) : JSON.stringify(body);
    // Every POST is labelled JSON: unlabelled, OneDev (and the mock) refuse it with 415 before any check Prism makes.
    if (text !== undefined || call.method === 'POST') headers['content-type'] = 'application/json';
    return { path, query, headers, ...(text !== undefined ? { body: call.rawText ? text : JSON.parse(text), text } : {}) };
  }

  it('lists, for 400 generated bad requests, the mock\'s own checks and then Prism\'s problems, word for word', async () => {
    let refused = 0;
    await fc.assert(
      fc.asyncProperty(twist, async (input) => {
        const request = build(input);
        const call: ValidCall = input.call;
        const search = new URLSearchParams(Object.entries(request.query).flatMap(([k, v]) => (Array.isArray(v) ? v.map((x) => [k, x]) : [[k, v]]))).toString();
        const answer = await engine.handle({
          method: call.method,
          url: `/~api${request.path}${search ? `?${search}` : ''}`,
          headers: request.headers,
          body: Buffer.from(request.text ?? ''),
        });
        const listed = listedViolations(answer.headers['sl-violations']);

        const route = routes.get(`${call.method} ${call.template}`)!;
        const own = [...unknownQuery(route, request.query), ...badIntegers(route, pathValues(route, request.path), request.query)];
        const headers = { ...request.headers, 'content-length': String(Buffer.byteLength(request.text ?? '')) };
        const result = await askPrism(prism, [operations.get(`${call.method} ${call.template}`)!], {
          method: call.method.toLowerCase() as 'get',
          url: { path: request.path, query: request.query },
          headers,
          body: request.body,
        });
        const fromPrism = (isFailure(result) ? result.violations : result.inputViolations).filter((v) => v.severity === 0);
        // Prism names path parameters in lower case; the mock names them as the description does.
        const named = fromPrism.map((v) => {
          if (v.path?.[0] !== 'path') return v;
          const real = route.pathNames.find((n) => n.toLowerCase() === v.path![1]) ?? v.path[1]!;
          return { ...v, path: ['path', real], message: v.message.replace(` ${v.path[1]} `, ` ${real} `) };
        });
        const expected = [...own, ...named].map((v) => ({ location: v.path ?? [], code: v.code, message: v.message }));
        if (expected.length > 0) refused += 1;
        // A long list is cut in the header (8 KiB): what is there must match.
        const shown = listed.cut ? expected.slice(0, listed.entries.length) : expected;
        expect(listed.entries.map(({ location, code, message }) => ({ location, code, message }))).toEqual(shown);
        expect(answer.status >= 400).toBe(expected.length > 0);
      }),
      { numRuns: 400, seed: 13_0013, endOnFailure: true },
    );
    // Many twists break something (others do not apply to the operation drawn, or land on a valid value).
    expect(refused).toBeGreaterThan(100);
  }, 120_000);
});
