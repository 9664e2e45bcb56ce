/** The API changelog: what it lists between two releases, and which changes it marks breaking. */
import { describe, expect, it } from 'vitest';
import type { OpenAPIObject } from 'openapi3-ts/oas31';
import { releaseChanges, renderChangelog } from '../../scripts/lib/diff/changelog.js';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: unknown) => ({ content: { 'application/json': { schema } } });

/** A small two-operation description: a pull request read and an update. */
function doc(pull: Record<string, unknown>, update: Record<string, unknown>, extraPaths: Record<string, unknown> = {}, executors = ['Docker']): OpenAPIObject {
  return {
    openapi: '3.1.0',
    info: { title: 't', version: '1' },
    paths: {
      '/pulls/{requestId}': {
        get: { operationId: 'pullRequestGet', responses: { '200': json(ref('PullRequest')) } },
        post: { operationId: 'pullRequestUpdate', requestBody: { required: true, ...json(ref('PullRequestUpdate')) }, responses: { '200': { description: 'ok' } } },
      },
      '/settings/executors': { get: { operationId: 'settingGetExecutors', responses: { '200': json({ type: 'array', items: ref('Executor') }) } } },
      ...extraPaths,
    },
    components: {
      schemas: {
        PullRequest: { type: 'object', properties: pull, required: Object.keys(pull) },
        PullRequestUpdate: { type: 'object', properties: update, additionalProperties: false },
        Executor: { type: 'object', oneOf: executors.map(ref), discriminator: { propertyName: '@type' } },
        ...Object.fromEntries(executors.map((e) => [e, { type: 'object', properties: { '@type': { const: e } } }])),
      },
    },
  } as unknown as OpenAPIObject;
}

const status = { type: 'string', enum: ['OPEN', 'MERGED'] };

describe('the API changelog', () => {
  const before = doc({ id: { type: 'integer' }, rocketCount: { type: 'integer' }, status, title: { type: 'string' } }, { title: { type: 'string' }, rocketCount: { type: 'integer' } });
  const after = doc(
    { id: { type: 'integer' }, tickCount: { type: 'integer' }, status: { ...status, enum: ['OPEN', 'MERGED', 'DISCARDED'] }, title: { type: ['string', 'null'] } },
    { title: { type: 'string' } },
    { '/pulls/{requestId}/approve': { post: { operationId: 'pullRequestApprove', responses: { '200': { description: 'ok' } } } } },
    ['Docker', 'Shell'],
  );
  const changes = releaseChanges('v1', 'v2', before, after);
  const entries = (schema: string) => changes.schemas.get(schema)?.map((e) => `${e.breaking ? 'B ' : ''}${e.text}`);

  it('lists added operations as non-breaking', () => {
    expect(changes.operations).toContainEqual({ breaking: false, text: 'added: `POST /pulls/{requestId}/approve (pullRequestApprove)`' });
  });

  it('marks a removed operation breaking', () => {
    const back = releaseChanges('v2', 'v3', after, before);
    expect(back.operations).toContainEqual({ breaking: true, text: 'removed: `POST /pulls/{requestId}/approve (pullRequestApprove)`' });
  });

  it('lists a renamed response property as one removal (breaking) and one addition', () => {
    expect(entries('PullRequest')).toContain('B property `rocketCount` removed');
    expect(entries('PullRequest')).toContain('property `tickCount` added (integer)');
  });

  it('marks a new enum value in a response breaking, and a response property that may now be null', () => {
    expect(entries('PullRequest')).toContain('B property `status`: enum value `DISCARDED` added');
    expect(entries('PullRequest')).toContain('B property `title`: string → string | null');
  });

  it('marks a property a request shape no longer accepts breaking', () => {
    expect(entries('PullRequestUpdate')).toEqual(['B property `rocketCount` removed']);
  });

  it('lists family members added, breaking for readers', () => {
    expect(entries('Executor')).toEqual(['B family member `Shell` added']);
    expect(entries('Shell')).toEqual(['schema added']);
  });

  it('renders newest pair first, with counts and marks', () => {
    const text = renderChangelog([changes, releaseChanges('v2', 'v3', after, after)]);
    expect(text.indexOf('## v2 → v3')).toBeLessThan(text.indexOf('## v1 → v2'));
    expect(text).toContain('1 operation(s) added, 0 removed; 0 web-hook event(s) added, 0 removed; 4 schema(s) changed;');
    expect(text).toContain('- **breaking** property `rocketCount` removed');
    expect(text).toMatch(/## v2 → v3\n\n0 operation\(s\) added, 0 removed; 0 web-hook event\(s\) added, 0 removed; 0 schema\(s\) changed; 0 breaking change\(s\)\./);
  });
});

describe('web hooks in the changelog', () => {
  const hook = (eventType: string, payload: string, headers: string[]) => ({
    post: {
      operationId: `webhook${payload}`,
      'x-onedev-event-type': eventType,
      'x-onedev-custom-headers': headers.includes('X-Trace'),
      parameters: headers.map((name) => ({ name, in: 'header', required: true, schema: { type: 'string' } })),
      requestBody: { required: true, ...json(ref(payload)) },
      responses: { '200': { description: 'ok' } },
    },
  });
  const withHooks = (base: OpenAPIObject, hooks: Record<string, unknown>, payloads: Record<string, unknown>): OpenAPIObject =>
    ({ ...base, webhooks: hooks, components: { schemas: { ...base.components!.schemas, ...payloads } } }) as OpenAPIObject;
  const base = doc({ id: { type: 'integer' } }, { title: { type: 'string' } });
  const payload = (properties: Record<string, unknown>) => ({ type: 'object', properties, required: Object.keys(properties) });
  const before = withHooks(
    base,
    { RefUpdated: hook('CODE_PUSH', 'RefUpdatedPayload', ['X-OneDev-Signature']), BuildRetrying: hook('BUILD', 'BuildRetryingPayload', ['X-OneDev-Signature']) },
    { RefUpdatedPayload: payload({ refName: { type: 'string' }, notified: { type: 'array' } }), BuildRetryingPayload: payload({ buildId: { type: 'integer' } }) },
  );
  const after = withHooks(
    base,
    {
      RefUpdated: hook('CODE_PUSH', 'RefUpdatedPayload', ['X-OneDev-Signature', 'X-Trace']),
      WorkspaceCreated: hook('WORKSPACE', 'WorkspaceCreatedPayload', ['X-OneDev-Signature', 'X-Trace']),
    },
    { RefUpdatedPayload: payload({ refName: { type: 'string' }, type: { type: 'string', enum: ['RefUpdated'] } }), WorkspaceCreatedPayload: payload({ workspaceId: { type: 'integer' } }) },
  );
  const changes = releaseChanges('v1', 'v2', before, after);

  it('lists events added and removed, event types and headers; only an event type gone is breaking (hooks can no longer select it)', () => {
    expect(changes.webhooks).toEqual([
      { breaking: false, text: 'event type `WORKSPACE` added: hooks can select it' },
      { breaking: true, text: 'event type `BUILD` removed: hooks can no longer select it' },
      { breaking: false, text: 'added: `WorkspaceCreated` (WORKSPACE, payload `WorkspaceCreatedPayload`)' },
      { breaking: false, text: 'removed: `BuildRetrying` (BUILD): no longer posted' },
      { breaking: false, text: 'header `X-Trace` added to every delivery' },
      { breaking: false, text: 'hooks may add headers of their own (custom headers)' },
    ]);
  });

  it('marks an event moved to another event type, and a header no longer sent, breaking', () => {
    const moved = withHooks(base, { RefUpdated: hook('BUILD', 'RefUpdatedPayload', []) }, { RefUpdatedPayload: payload({ refName: { type: 'string' } }) });
    const back = releaseChanges('v2', 'v3', after, moved).webhooks.filter((e) => e.breaking).map((e) => e.text);
    expect(back).toEqual(
      expect.arrayContaining([
        '`RefUpdated`: event type CODE_PUSH → BUILD',
        'header `X-Trace` no longer sent',
        'header `X-OneDev-Signature` no longer sent',
        'hooks no longer send headers of their own (custom headers)',
      ]),
    );
  });

  it('lists payload changes with the schemas, as changes to what a receiver reads', () => {
    expect(changes.schemas.get('RefUpdatedPayload')).toEqual([
      { breaking: false, text: 'property `type` added (string)' },
      { breaking: true, text: 'property `notified` removed' },
    ]);
  });

  it('renders a Web hooks section and counts the events', () => {
    const text = renderChangelog([changes]);
    expect(text).toContain('0 operation(s) added, 0 removed; 1 web-hook event(s) added, 1 removed;');
    expect(text).toContain('### Web hooks\n\n- event type `WORKSPACE` added');
  });
});
