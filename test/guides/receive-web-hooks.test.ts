/**
 * docs/guides/receive-web-hooks.md, run as written: it starts the stateful mock delivering to its
 * own receiver, makes three writes, and prints one line per event received, the new pull request
 * read back by the id its event named. Then its receiver alone: a delivery with a wrong or no
 * secret is refused with 401 and never reaches `onEvent`; and describeEvent on an older release.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOneDevClient } from '../../src/index.js';
import type { WebhookEvent } from '../../src/webhooks/index.js';
import { committedDocument } from '../helpers.js';
import { runGuide, startLoggedMock, type LoggedMock, type RunGuide } from './guide-module.js';

interface Guide {
  describeEvent(onedev: ReturnType<typeof createOneDevClient>, event: WebhookEvent): Promise<string>;
  startReceiver(secret: string, port: number, onEvent: (event: WebhookEvent) => Promise<void>): Promise<{ url: string; close(): Promise<void> }>;
}

describe('guide: receive web hooks', () => {
  let guide: RunGuide<Guide>;

  beforeAll(async () => {
    // No ONEDEV_URL: the run starts its own mock, delivering to its own receiver.
    guide = await runGuide<Guide>('receive-web-hooks', { ONEDEV_URL: '', ONEDEV_WEBHOOK_SECRET: 'guide-test-secret' });
  }, 60_000);
  afterAll(async () => {
    await guide?.remove();
  });

  it('runs as written: each write\'s event arrives, checked, and the new pull request is read back by its id', () => {
    expect(guide.printed).toEqual([
      expect.stringMatching(/^Received PullRequestOpened: pull request #\d+ \(id \d+\) opened: Receive web hooks$/),
      expect.stringMatching(/^Received PullRequestCommentCreated: comment \d+ on pull request \d+$/),
      expect.stringMatching(/^Received RefUpdated: refs\/heads\/release\/2\.1 moved to [0-9a-f]{8}$/),
    ]);
    const openedId = Number(/\(id (\d+)\)/.exec(guide.printed[0]!)![1]);
    const commentedOn = Number(/on pull request (\d+)$/.exec(guide.printed[1]!)![1]);
    // The comment's event names the pull request the run just opened, by the id the first event gave.
    expect(commentedOn).toBe(openedId);
  });

  it('its receiver refuses a delivery without the secret or with another one, before onEvent', async () => {
    const events: WebhookEvent[] = [];
    const receiver = await guide.module.startReceiver('the-secret', 0, async (event) => void events.push(event));
    try {
      const payload = JSON.stringify((committedDocument().components!.examples!.PullRequestOpenedPayload as { value: unknown }).value);
      const send = (headers: Record<string, string>) =>
        fetch(receiver.url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: payload, signal: AbortSignal.timeout(5_000) });
      expect((await send({ 'x-onedev-signature': 'the-secret-but-longer' })).status).toBe(401);
      expect((await send({})).status).toBe(401);
      expect(events).toEqual([]);
      const ok = await send({ 'x-onedev-signature': 'the-secret' });
      expect(ok.status).toBe(200);
      expect(events.map((e) => e.type)).toEqual(['PullRequestOpened']);
    } finally {
      await receiver.close();
    }
  });

  it('describes the events it does not read back by their type and project', async () => {
    let mock: LoggedMock | undefined;
    try {
      mock = await startLoggedMock({});
      const onedev = createOneDevClient({ baseUrl: mock.origin, auth: { user: 'robin', accessToken: 'any-token' } });
      const payload = (committedDocument().components!.examples!.BuildFinishedPayload as { value: { projectId: number } }).value;
      const line = await guide.module.describeEvent(onedev, { type: 'BuildFinished', eventType: 'BUILD', candidates: ['BuildFinished'], payload } as unknown as WebhookEvent);
      expect(line).toBe(`BuildFinished in project ${payload.projectId}`);
      expect(mock.requests).toEqual([]);
    } finally {
      await mock?.close();
    }
  });
});
