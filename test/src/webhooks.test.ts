/**
 * The receiver kit (src/webhooks/): every release's documented examples are accepted as the event
 * they illustrate; each kind of bad delivery gets its own error; the secret comparison does not end
 * early on a shorter, longer or prefix secret; the node:http adapter answers as OneDev expects.
 */
import crypto from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  receiveWebhook,
  signatureMatches,
  webhookHandler,
  webhookTableOf,
  webhookTables,
  type WebhookError,
  type WebhookTable,
} from '../../src/webhooks/index.js';
import { committedDocument, SUPPORTED_RELEASES, type SupportedRelease } from '../helpers.js';

const SECRET = 'm5Q8vT2kXr9LpZ0cWd3F';
const headers = (signature?: string): Record<string, string> =>
  signature === undefined ? { 'content-type': 'application/json' } : { 'content-type': 'application/json', 'x-onedev-signature': signature };

/** Each release's web hooks with their documented example payloads. */
function examples(release: SupportedRelease): Array<{ name: string; eventType: string; payload: Record<string, unknown> }> {
  const doc = committedDocument(release) as unknown as {
    webhooks: Record<string, { post: Record<string, any> }>;
    components: { examples: Record<string, { value: Record<string, unknown> }> };
  };
  return Object.entries(doc.webhooks).map(([name, item]) => {
    const media = item.post.requestBody.content['application/json'];
    const ref = String(Object.values(media.examples as Record<string, { $ref: string }>)[0]!.$ref).split('/').pop()!;
    return { name, eventType: item.post['x-onedev-event-type'], payload: doc.components.examples[ref]!.value };
  });
}

function refused(result: ReturnType<typeof receiveWebhook>): WebhookError {
  expect(result.ok).toBe(false);
  return (result as { error: WebhookError }).error;
}

describe('the tables', () => {
  it.each(SUPPORTED_RELEASES)('%s: the generated table is what webhookTableOf reads from the committed description', (release) => {
    expect(webhookTableOf(committedDocument(release))).toEqual(webhookTables[release]);
  });

  it('payloads carry `type` from v14.1.4 on: the releases before are untyped', () => {
    expect(Object.fromEntries(SUPPORTED_RELEASES.map((r) => [r, webhookTables[r].typed]))).toEqual({
      'v11.11.4': false,
      'v12.0.10': false,
      'v13.1.7': false,
      'v14.1.9': true,
      'v15.1.8': true,
      'v16.5.6': true,
    });
  });

  it.each(SUPPORTED_RELEASES.filter((r) => !webhookTables[r].typed))('%s: events with the same properties share an event type, so the family is always known', (release) => {
    const table: WebhookTable = webhookTables[release];
    const byShape = new Map<string, Set<string>>();
    for (const info of Object.values(table.events)) byShape.set(info.properties.join(), (byShape.get(info.properties.join()) ?? new Set()).add(info.eventType));
    expect([...byShape.values()].filter((types) => types.size > 1)).toEqual([]);
  });

  it('refuses a description whose web hooks it cannot read, naming the event', () => {
    const doc = { webhooks: { Broken: { post: { requestBody: { content: { 'application/json': { schema: { type: 'string' } } } } } } } };
    expect(() => webhookTableOf(doc)).toThrow(/web hook Broken/);
  });
});

describe('receiveWebhook accepts what each release sends', () => {
  it.each(SUPPORTED_RELEASES)('%s: every documented example, as the event it illustrates', (release) => {
    const typed = webhookTables[release].typed;
    for (const { name, eventType, payload } of examples(release)) {
      const result = receiveWebhook({ headers: headers(SECRET), body: JSON.stringify(payload) }, { secret: SECRET, release });
      expect(result.ok, name).toBe(true);
      const event = (result as { event: { type?: string; eventType: string; candidates: readonly string[]; payload: unknown } }).event;
      expect(event.eventType, name).toBe(eventType);
      expect(event.candidates, name).toContain(name);
      expect(event.payload).toEqual(payload);
      if (typed) expect(event.type).toBe(name);
      else expect(event.type).toBe(event.candidates.length === 1 ? name : undefined);
    }
  });

  it('takes bytes, a parsed body, fetch Headers and header names in any case', () => {
    const { payload } = examples('v16.5.6')[0]!;
    const body = JSON.stringify(payload);
    for (const delivery of [
      { headers: { 'X-OneDev-Signature': SECRET }, body: new TextEncoder().encode(body) },
      { headers: new Headers({ 'x-onedev-signature': SECRET }), body },
      { headers: { 'x-onedev-signature': SECRET }, body: payload! },
    ]) {
      expect(receiveWebhook(delivery, { secret: SECRET }).ok).toBe(true);
    }
  });

  it('in an untyped release, names the event when its shape is unique and lists the candidates when not', () => {
    const release = 'v11.11.4';
    const payloads = Object.fromEntries(examples(release).map((e) => [e.name, e.payload]));
    const ref = receiveWebhook({ headers: headers(SECRET), body: JSON.stringify(payloads.RefUpdated) }, { secret: SECRET, release });
    expect(ref).toMatchObject({ ok: true, event: { type: 'RefUpdated', eventType: 'CODE_PUSH', candidates: ['RefUpdated'] } });
    const build = receiveWebhook({ headers: headers(SECRET), body: JSON.stringify(payloads.BuildRunning) }, { secret: SECRET, release });
    expect(build).toMatchObject({ ok: true, event: { type: undefined, eventType: 'BUILD' } });
    expect((build as unknown as { event: { candidates: string[] } }).event.candidates).toEqual(
      expect.arrayContaining(['BuildSubmitted', 'BuildPending', 'BuildRunning', 'BuildFinished', 'BuildUpdated']),
    );
  });
});

describe('receiveWebhook refuses a bad delivery with its own error', () => {
  const good = JSON.stringify(examples('v16.5.6')[0]!.payload);
  it.each([
    ['no signature header', { headers: headers(), body: good }, 'missing-signature', 401],
    ['a wrong secret', { headers: headers('not-the-secret'), body: good }, 'wrong-signature', 401],
    ['an empty signature', { headers: headers(''), body: good }, 'wrong-signature', 401],
    ['a body that is not JSON', { headers: headers(SECRET), body: 'refName=main' }, 'not-json', 400],
    ['bytes that are not UTF-8', { headers: headers(SECRET), body: new Uint8Array([0x7b, 0xff, 0x7d]) }, 'not-json', 400],
    ['JSON that is no object', { headers: headers(SECRET), body: '[1,2]' }, 'unknown-event', 400],
    ['an event the release does not post', { headers: headers(SECRET), body: JSON.stringify({ ...JSON.parse(good), type: 'PipelineStarted' }) }, 'unknown-event', 400],
    ['a payload without `type`', { headers: headers(SECRET), body: JSON.stringify({ ...JSON.parse(good), type: undefined }) }, 'unknown-event', 400],
  ] as const)('%s', (_what, delivery, code, status) => {
    const error = refused(receiveWebhook(delivery, { secret: SECRET }));
    expect(error.code).toBe(code);
    expect(error.status).toBe(status);
    expect(error.message.length).toBeGreaterThan(10);
  });

  it('checks the secret before reading the body: a wrong secret with a broken body is a wrong secret', () => {
    expect(refused(receiveWebhook({ headers: headers('nope'), body: '{' }, { secret: SECRET })).code).toBe('wrong-signature');
  });

  it('refuses, in a release without `type`, a shape no event has; and in a typed release, a payload missing a property', () => {
    const oldShape = JSON.stringify({ projectId: 1, userId: 2, date: '2025-07-01T09:42:03.117+08:00', mystery: 3 });
    expect(refused(receiveWebhook({ headers: headers(SECRET), body: oldShape }, { secret: SECRET, release: 'v12.0.10' })).message).toMatch(/mystery/);
    const v16 = Object.fromEntries(examples('v16.5.6').map((e) => [e.name, e.payload]));
    const { requestId: _gone, ...withoutRequest } = v16.PullRequestOpened!;
    expect(refused(receiveWebhook({ headers: headers(SECRET), body: JSON.stringify(withoutRequest) }, { secret: SECRET })).message).toMatch(/lacks requestId/);
  });

  it('a Workspace event is unknown to v15.1.8, whose hooks cannot select WORKSPACE', () => {
    const workspace = examples('v16.5.6').find((e) => e.name === 'WorkspaceCreated')!.payload;
    const { participatingUserIds: _new, ...asV15 } = workspace;
    expect(refused(receiveWebhook({ headers: headers(SECRET), body: JSON.stringify(asV15) }, { secret: SECRET, release: 'v15.1.8' })).code).toBe('unknown-event');
  });

  it('needs a secret and a release it knows', () => {
    expect(() => receiveWebhook({ headers: headers(SECRET), body: good }, { secret: '' })).toThrow(TypeError);
    expect(() => receiveWebhook({ headers: headers(SECRET), body: good }, { secret: SECRET, release: 'v9' as never })).toThrow(/No web-hook table for v9/);
  });
});

describe('the secret comparison', () => {
  afterEach(() => vi.restoreAllMocks());

  it('compares in constant time for every wrong secret: shorter, longer, a prefix, an extension, one character off, empty', () => {
    const spy = vi.spyOn(crypto, 'timingSafeEqual');
    const wrong = ['m', SECRET.slice(0, -1), `${SECRET}x`, `${SECRET}${SECRET}`, `${SECRET.slice(0, -1)}G`, '', 'x'.repeat(4096)];
    for (const candidate of wrong) expect(signatureMatches(candidate, SECRET), candidate).toBe(false);
    expect(spy).toHaveBeenCalledTimes(wrong.length);
    // Every call compares two digests of one length, whatever the lengths of the inputs.
    for (const [a, b] of spy.mock.calls) {
      expect(a.byteLength).toBe(32);
      expect(b.byteLength).toBe(32);
    }
    expect(signatureMatches(SECRET, SECRET)).toBe(true);
  });

  it('receiveWebhook goes through it for a wrong secret of any length', () => {
    const spy = vi.spyOn(crypto, 'timingSafeEqual');
    for (const candidate of ['a', SECRET.slice(0, 5), `${SECRET}-and-more`]) {
      expect(refused(receiveWebhook({ headers: headers(candidate), body: '{}' }, { secret: SECRET })).code).toBe('wrong-signature');
    }
    expect(spy).toHaveBeenCalledTimes(3);
  });
});

describe('webhookHandler', () => {
  let server: Server | undefined;
  afterEach(async () => {
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    server?.closeAllConnections();
    server = undefined;
  });

  async function serve(handler: (req: IncomingMessage, res: import('node:http').ServerResponse) => void): Promise<string> {
    server = createServer(handler);
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}/onedev`;
  }

  /** `signature: null` sends no signature header. */
  const post = (url: string, body: string, signature: string | null = SECRET) =>
    fetch(url, { method: 'POST', headers: headers(signature ?? undefined), body, signal: AbortSignal.timeout(5_000) });

  it('answers 200 once onEvent is done, and each refusal with its status and reason', async () => {
    const seen: string[] = [];
    const refusedCodes: string[] = [];
    const url = await serve(
      webhookHandler({
        secret: SECRET,
        release: 'v14.1.9',
        async onEvent(event) {
          await new Promise((r) => setTimeout(r, 5));
          seen.push(event.type);
        },
        onRefused: (error) => refusedCodes.push(error.code),
      }),
    );
    const payload = examples('v14.1.9').find((e) => e.name === 'PullRequestOpened')!.payload;
    const ok = await post(url, JSON.stringify(payload));
    expect([ok.status, await ok.text()]).toEqual([200, 'ok']);
    expect(seen).toEqual(['PullRequestOpened']);

    const wrong = await post(url, JSON.stringify(payload), 'guess');
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).toContain('X-OneDev-Signature');
    expect((await post(url, JSON.stringify(payload), null)).status).toBe(401);
    expect((await post(url, 'not json')).status).toBe(400);
    expect((await post(url, JSON.stringify({ ...payload, type: 'Nope' }))).status).toBe(400);
    expect(refusedCodes).toEqual(['wrong-signature', 'missing-signature', 'not-json', 'unknown-event']);
    const get = await fetch(url, { signal: AbortSignal.timeout(5_000) });
    expect([get.status, get.headers.get('allow')]).toEqual([405, 'POST']);
    expect(seen).toHaveLength(1);
  });

  it('answers 500 when onEvent fails, and 413 for a body over the limit', async () => {
    const url = await serve(webhookHandler({ secret: SECRET, maxBodyBytes: 2048, onEvent: () => Promise.reject(new Error('database down')) }));
    const payload = examples('v16.5.6')[0]!.payload;
    const failed = await post(url, JSON.stringify(payload));
    expect([failed.status, await failed.text()]).toEqual([500, 'The receiver failed: database down']);
    expect((await post(url, JSON.stringify({ ...payload, padding: 'x'.repeat(4096) }))).status).toBe(413);
  });

  it('takes a body an Express-style parser has already read (raw bytes or parsed JSON)', async () => {
    const seen: string[] = [];
    const handler = webhookHandler({ secret: SECRET, onEvent: (event) => void seen.push(event.type) });
    let parseAs: 'raw' | 'json' = 'raw';
    const url = await serve((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const raw = Buffer.concat(chunks);
        (req as IncomingMessage & { body?: unknown }).body = parseAs === 'raw' ? raw : JSON.parse(raw.toString('utf8'));
        handler(req, res);
      });
    });
    const payload = examples('v16.5.6').find((e) => e.name === 'IssueOpened')!.payload;
    expect((await post(url, JSON.stringify(payload))).status).toBe(200);
    parseAs = 'json';
    expect((await post(url, JSON.stringify(payload))).status).toBe(200);
    expect(seen).toEqual(['IssueOpened', 'IssueOpened']);
  });

  it('needs a secret and an onEvent', () => {
    expect(() => webhookHandler({ secret: '', onEvent: () => undefined })).toThrow(TypeError);
    expect(() => webhookHandler({ secret: SECRET } as never)).toThrow(/onEvent/);
  });
});
