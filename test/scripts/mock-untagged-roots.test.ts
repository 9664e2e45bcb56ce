/**
 * The mock answers reads whose root is a family as OneDev writes them (issue 37, item 1): without
 * the discriminator at the root, nested values keeping theirs, from the examples and, in a stateful
 * run, from what was written with `@type`; and it refuses that read posted back, as the server did
 * (test/fixtures/real-server/v16.5.6/bare-roots.json, line 492).
 */
import { describe, expect, it } from 'vitest';
import { MockEngine } from '../../scripts/lib/mock/engine.js';
import { committedDocument, SUPPORTED_RELEASES } from '../helpers.js';
import { ask, validCalls } from './mock-fixtures.js';

type Rec = Record<string, unknown>;
const json = { 'content-type': 'application/json' };

describe.each(SUPPORTED_RELEASES)('the mock on the %s description', (release) => {
  const doc = committedDocument(release);
  const write = validCalls(doc).find((c) => c.method === 'POST' && c.template === '/settings/mail-service')!;

  it('answers the mail setting and the artifact infos without a root @type; nested values keep theirs', async () => {
    const engine = new MockEngine(doc, {});
    const mail = (await ask(engine, 'GET', '/settings/mail-service')).json() as Rec;
    expect(mail).not.toHaveProperty(['@type']);
    expect(mail.sslSetting).toHaveProperty(['@type']);
    for (const path of ['/artifacts/2031/infos', '/artifacts/2031/infos/dist']) {
      const answer = await ask(engine, 'GET', path);
      expect(answer.status, path).toBe(200);
      const info = answer.json() as { children: Rec[] };
      expect(info, path).not.toHaveProperty(['@type']);
      expect(info.children.length, path).toBeGreaterThan(0);
      for (const entry of info.children) expect(entry, path).toHaveProperty(['@type']);
    }
  });

  it('stateful: reads back what was written, without its root @type; that read posted back is refused, with @type it is taken', async () => {
    const engine = new MockEngine(doc, { stateful: true });
    expect((await ask(engine, 'GET', '/settings/mail-service')).status).toBe(204);
    const body = write.body as Rec;
    expect(typeof body['@type']).toBe('string');
    expect((await ask(engine, 'POST', '/settings/mail-service', { headers: json, body: JSON.stringify(body) })).status).toBe(200);
    const read = (await ask(engine, 'GET', '/settings/mail-service')).json() as Rec;
    const { '@type': kind, ...bare } = body;
    expect(read).toEqual(bare);
    const refused = await ask(engine, 'POST', '/settings/mail-service', { headers: json, body: JSON.stringify(read) });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('@type');
    const again = await ask(engine, 'POST', '/settings/mail-service', { headers: json, body: JSON.stringify({ '@type': kind, ...read }) });
    expect(again.status).toBe(200);
  });
});
