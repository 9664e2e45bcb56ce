/**
 * Compile-only: the receiver kit types each release's events from that release's description.
 * Where payloads carry `type` (v14.1.9 on), `type` narrows the payload; where they do not
 * (v11.11.4), `eventType` narrows it to the family's shapes.
 */
import type { IncomingMessage } from 'node:http';
import { receiveWebhook, webhookHandler, type WebhookEvent, type WebhookEventName, type WebhookPayload } from '../../src/webhooks/index.js';
import type { components as V11Components } from '../../generated/releases/v11.11.4/openapi.js';
import type { components as V16Components } from '../../generated/openapi.js';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

// Payload types are the release's own component schemas.
export const opened: Equal<WebhookPayload<'v16.5.6', 'PullRequestOpened'>, V16Components['schemas']['PullRequestOpenedPayload']> = true;
export const oldRef: Equal<WebhookPayload<'v11.11.4', 'RefUpdated'>, V11Components['schemas']['RefUpdatedPayload']> = true;
// Workspace events arrive at web hooks only from v16.3.0; IssueBranchCreated from v15.1.0.
export const workspace: Equal<'WorkspaceCreated' extends WebhookEventName<'v16.5.6'> ? true : false, true> = true;
export const noWorkspace: Equal<'WorkspaceCreated' extends WebhookEventName<'v15.1.8'> ? true : false, false> = true;
export const issueBranch: Equal<'IssueBranchCreated' extends WebhookEventName<'v14.1.9'> ? true : false, false> = true;

export function newest(body: string): number | string | undefined {
  const result = receiveWebhook({ headers: {}, body }, { secret: 's' });
  if (!result.ok) return result.error.code;
  const event: WebhookEvent = result.event;
  if (event.type === 'PullRequestOpened') return event.payload.requestId;
  if (event.type === 'RefUpdated') return event.payload.refName;
  // @ts-expect-error a pull request event has no refName
  if (event.type === 'PullRequestChanged') return event.payload.refName;
  return undefined;
}

export function oldest(body: string): number | undefined {
  const result = receiveWebhook({ headers: {}, body }, { secret: 's', release: 'v11.11.4' });
  if (!result.ok) return undefined;
  const { event } = result;
  // No `type` in v11.11.4's payloads: the family narrows.
  if (event.eventType === 'BUILD') return event.payload.buildId;
  if (event.eventType === 'PULL_REQUEST') {
    // @ts-expect-error v11.11.4's payloads have no `type` property
    const named: string = event.payload.type;
    return named ? event.payload.requestId : event.payload.requestId;
  }
  return undefined;
}

// @ts-expect-error no release v10 is described
receiveWebhook({ headers: {}, body: '{}' }, { secret: 's', release: 'v10.8.0' });

export const handler = webhookHandler({
  secret: 's',
  release: 'v14.1.9',
  onEvent(event, request: IncomingMessage) {
    if (event.type === 'BuildFinished') return void event.payload.buildId;
    return void request.url;
  },
});
