/**
 * scripts/lib/transform-webhooks.ts: one release's web hooks as OpenAPI `webhooks`, and the
 * catalogue mistakes it names (an unknown payload or example, a cause whose route, path parameter,
 * body, read or payload property the release lacks, no header carrying the secret).
 */
import { describe, expect, it } from 'vitest';
import { Problems } from '../../scripts/lib/problems.js';
import type { SelectedWebhooks } from '../../scripts/lib/select-webhooks.js';
import { transformWebhooks, type WebhookContext } from '../../scripts/lib/transform-webhooks.js';

function selected(causes: SelectedWebhooks['eventTypes'][number]['events'][number]['causes'] = []): SelectedWebhooks {
  return {
    eventTypes: [
      {
        eventType: 'THING',
        tag: 'Thing events',
        description: 'Things happen; read the thing.',
        events: [{ name: 'ThingMade', description: 'A thing was made.', payload: 'ThingMadePayload', example: 'ThingMadePayload', causes }],
      },
    ],
    delivery: {
      description: 'Posted once, never retried.',
      headers: [
        { name: 'X-Secret', type: 'string', description: 'The secret.', example: 's', secret: true },
        { name: 'X-Charset', type: { enum: ['UTF-8'] }, description: 'Charset.', example: 'UTF-8' },
      ],
      mediaType: 'application/json',
      responses: { '200': 'Wanted.', default: 'Logged.' },
      customHeaders: true,
      values: { date: 'now', missing: 'now' },
    },
  };
}

function context(problems: Problems, usedExamples = new Set<string>()): WebhookContext {
  return {
    knownSchemas: new Set(['ThingMadePayload']),
    knownExamples: new Set(['ThingMadePayload']),
    usedExamples,
    operations: new Map([
      ['POST /things', { operationId: 'thingCreate', pathParams: [], hasBody: true }],
      ['POST /things/{thingId}/approve', { operationId: 'thingApprove', pathParams: ['thingId'], hasBody: false }],
      ['GET /things/{thingId}', { operationId: 'thingGet', pathParams: ['thingId'], hasBody: false }],
    ]),
    problems,
  };
}

const properties = () => new Set(['thingId', 'projectId', 'date']);

describe('transformWebhooks', () => {
  it('writes one POST per event: payload and example, headers, answers, event type, causes with the shared sources', () => {
    const problems = new Problems();
    const used = new Set<string>();
    const hooks = transformWebhooks(
      selected([{ route: 'POST /things', values: { thingId: 'answer', projectId: 'body.projectId' } }]),
      properties,
      context(problems, used),
    );
    expect(problems.list).toEqual([]);
    const post = hooks.ThingMade!.post as Record<string, any>;
    expect(post).toMatchObject({
      operationId: 'webhookThingMade',
      summary: 'ThingMade',
      tags: ['Thing events'],
      security: [],
      requestBody: {
        required: true,
        description: 'Things happen; read the thing.',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/ThingMadePayload' }, examples: { ThingMade: { $ref: '#/components/examples/ThingMadePayload' } } } },
      },
      responses: { '200': { description: 'Wanted.' }, default: { description: 'Logged.' } },
      'x-onedev-event-type': 'THING',
      'x-onedev-custom-headers': true,
      // `date` comes from the delivery's shared sources; `missing` is not a payload property, so it is left out.
      'x-onedev-sent-after': [{ operationId: 'thingCreate', route: 'POST /things', values: { date: 'now', thingId: 'answer', projectId: 'body.projectId' } }],
    });
    expect(post.parameters).toEqual([
      { name: 'X-Secret', in: 'header', required: true, description: 'The secret.', schema: { type: 'string' }, example: 's', 'x-onedev-secret': true },
      { name: 'X-Charset', in: 'header', required: true, description: 'Charset.', schema: { type: 'string', enum: ['UTF-8'] }, example: 'UTF-8' },
    ]);
    expect(post.description).toBe('A thing was made.\n\nThrough the REST API, these operations make OneDev send it: `thingCreate` (`POST /things`).\n\nPosted once, never retried.');
    expect([...used]).toEqual(['ThingMadePayload']);
  });

  it('names every cause the release cannot honour, by event, route and property', () => {
    const problems = new Problems();
    transformWebhooks(
      selected([
        { route: 'DELETE /things/{thingId}' },
        { route: 'POST /things/{thingId}/approve', values: { thingId: 'path.id', projectId: 'body.projectId', colour: 'now' } },
        { route: 'POST /things', values: { projectId: 'GET /others/{body.thingId} projectId', thingId: 'answer.id' } },
      ]),
      properties,
      context(problems),
    );
    expect(problems.list).toEqual([
      'web hook ThingMade, cause DELETE /things/{thingId}: no operation of this release has that route',
      'web hook ThingMade, cause POST /things/{thingId}/approve, thingId: the operation has no path parameter "id"',
      'web hook ThingMade, cause POST /things/{thingId}/approve, projectId: the operation takes no body',
      'web hook ThingMade, cause POST /things/{thingId}/approve: the payload has no property "colour"',
      'web hook ThingMade, cause POST /things, projectId: no GET operation of this release reads /others/{body.thingId}',
      'web hook ThingMade, cause POST /things, thingId: "answer.id" is not answer, now, path.<name> or body.<name>',
    ]);
  });

  it('names a payload or example the release lacks, and headers without the secret', () => {
    const problems = new Problems();
    const input = selected();
    const event = input.eventTypes[0]!.events[0]!;
    input.eventTypes[0]!.events = [{ ...event, payload: 'Nope', example: 'Nada' }];
    input.delivery.headers = input.delivery.headers.map(({ secret: _secret, ...header }) => header);
    transformWebhooks(input, () => undefined, context(problems));
    expect(problems.list).toEqual([
      'web hook headers: exactly one must carry the secret',
      'web hook ThingMade: payload "Nope" is not a component schema of this release',
      'web hook ThingMade: example "Nada" is not an example of this release',
    ]);
  });
});
