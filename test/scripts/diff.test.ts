/** The breaking-change check, one small pair of descriptions per rule. */
import { describe, expect, it } from 'vitest';
import { DiffInputError, diffDocuments, formatChanges, type Change } from '../../scripts/lib/diff/index.js';

/** A tiny 3.1 API: read and update a pull request. Each test edits a copy. */
function base(): any {
  return {
    openapi: '3.1.0',
    info: { title: 'T', version: '1' },
    paths: {
      '/pulls/{requestId}': {
        get: {
          operationId: 'getPullRequest',
          parameters: [{ $ref: '#/components/parameters/requestId' }],
          responses: {
            '200': {
              description: 'ok',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/PullRequest' } } },
            },
            '404': { $ref: '#/components/responses/NotFound' },
          },
        },
        post: {
          operationId: 'updatePullRequest',
          parameters: [
            { $ref: '#/components/parameters/requestId' },
            { name: 'notify', in: 'query', required: false, schema: { type: 'boolean' } },
          ],
          requestBody: {
            required: true,
            content: { 'application/json': { schema: { $ref: '#/components/schemas/PullRequestUpdate' } } },
          },
          responses: { '200': { description: 'ok' } },
        },
      },
    },
    components: {
      parameters: {
        requestId: { name: 'requestId', in: 'path', required: true, schema: { type: 'integer', format: 'int64' } },
      },
      responses: { NotFound: { description: 'no', content: { 'text/plain': { schema: { type: 'string' } } } } },
      schemas: {
        State: { type: 'string', enum: ['OPEN', 'MERGED', 'DISCARDED'] },
        PullRequest: {
          type: 'object',
          required: ['id', 'title', 'state', 'assigneeId', 'labels'],
          properties: {
            id: { type: 'integer', format: 'int64', readOnly: true },
            title: { type: 'string' },
            state: { $ref: '#/components/schemas/State' },
            assigneeId: { type: ['integer', 'null'], format: 'int64' },
            labels: { type: 'array', items: { type: 'string' } },
          },
        },
        PullRequestUpdate: {
          type: 'object',
          additionalProperties: false,
          properties: {
            title: { type: 'string' },
            state: { $ref: '#/components/schemas/State' },
            description: { description: 'text', oneOf: [{ type: 'string' }, { type: 'null' }] },
          },
        },
      },
    },
  };
}

function diffWith(edit: (doc: any) => void): Change[] {
  const next = base();
  edit(next);
  return diffDocuments(base(), next);
}
const breaking = (changes: Change[]) => changes.filter((c) => c.breaking).map((c) => `${c.kind}: ${c.where}: ${c.message}`);
const kinds = (changes: Change[]) => changes.map((c) => `${c.kind}${c.breaking ? '!' : ''}`);

describe('diffDocuments', () => {
  it('finds nothing between a document and itself', () => {
    expect(diffDocuments(base(), base())).toEqual([]);
  });

  it('operation removed (breaking) and added (not breaking)', () => {
    const changes = diffWith((d) => {
      delete d.paths['/pulls/{requestId}'].post;
      d.paths['/pulls'] = { get: { operationId: 'queryPullRequests', responses: { '200': { description: 'ok' } } } };
    });
    expect(breaking(changes)).toEqual([
      'operation-removed: POST /pulls/{requestId} (updatePullRequest): operation removed',
    ]);
    expect(kinds(changes)).toContain('operation-added');
  });

  it('operationId renamed', () => {
    const changes = diffWith((d) => {
      d.paths['/pulls/{requestId}'].get.operationId = 'getPull';
    });
    expect(breaking(changes)).toEqual([
      'operation-id-renamed: GET /pulls/{requestId} (getPullRequest): operationId renamed from getPullRequest to getPull',
    ]);
  });

  it('path parameter renamed (the path template changes with it)', () => {
    const changes = diffWith((d) => {
      d.paths['/pulls/{id}'] = d.paths['/pulls/{requestId}'];
      delete d.paths['/pulls/{requestId}'];
      d.components.parameters.requestId.name = 'id';
    });
    expect(kinds(changes)).toEqual(['parameter-renamed!', 'parameter-renamed!']);
    expect(changes[0]!.message).toBe('path parameter requestId renamed to id');
  });

  it('query parameter renamed, and removed', () => {
    const renamed = diffWith((d) => {
      d.paths['/pulls/{requestId}'].post.parameters[1].name = 'notifyWatchers';
    });
    expect(breaking(renamed)).toEqual([
      'parameter-renamed: POST /pulls/{requestId} (updatePullRequest): query parameter notify renamed to notifyWatchers',
    ]);
    const removed = diffWith((d) => {
      d.paths['/pulls/{requestId}'].post.parameters.pop();
    });
    expect(kinds(removed)).toEqual(['parameter-removed!']);
  });

  it('parameter newly required, and a new required parameter', () => {
    expect(kinds(diffWith((d) => (d.paths['/pulls/{requestId}'].post.parameters[1].required = true)))).toEqual([
      'parameter-newly-required!',
    ]);
    const added = diffWith((d) =>
      d.paths['/pulls/{requestId}'].get.parameters.push({ name: 'q', in: 'query', required: true, schema: { type: 'string' } }),
    );
    expect(kinds(added)).toEqual(['parameter-newly-required!']);
    const optional = diffWith((d) =>
      d.paths['/pulls/{requestId}'].get.parameters.push({ name: 'q', in: 'query', schema: { type: 'string' } }),
    );
    expect(kinds(optional)).toEqual(['parameter-added']);
  });

  it('body property newly required', () => {
    const changes = diffWith((d) => (d.components.schemas.PullRequestUpdate.required = ['title']));
    expect(breaking(changes)).toEqual([
      'property-newly-required: POST /pulls/{requestId} (updatePullRequest) › request body application/json › title: is now required',
    ]);
  });

  it('request body newly required', () => {
    const changes = diffWith((d) => {
      d.paths['/pulls/{requestId}'].post.requestBody.required = false;
    });
    expect(breaking(changes)).toEqual([]);
    const reverse = diffDocuments(
      (() => {
        const d = base();
        d.paths['/pulls/{requestId}'].post.requestBody.required = false;
        return d;
      })(),
      base(),
    );
    expect(kinds(reverse)).toEqual(['body-newly-required!']);
  });

  it('response property removed (breaking); request property removed breaks only a closed schema', () => {
    const response = diffWith((d) => delete d.components.schemas.PullRequest.properties.labels);
    expect(breaking(response)).toEqual([
      'property-removed: GET /pulls/{requestId} (getPullRequest) › response 200 application/json › labels: response property removed',
    ]);
    const closed = diffWith((d) => delete d.components.schemas.PullRequestUpdate.properties.title);
    expect(kinds(closed)).toEqual(['property-removed!']);
    const open = diffWith((d) => {
      delete d.components.schemas.PullRequestUpdate.properties.title;
      delete d.components.schemas.PullRequestUpdate.additionalProperties;
    });
    expect(kinds(open)).toEqual(['property-removed']);
  });

  it('property type changed (type or format), through $refs, in both directions', () => {
    const type = diffWith((d) => (d.components.schemas.PullRequest.properties.title = { type: 'integer' }));
    expect(breaking(type)).toEqual([
      'type-changed: GET /pulls/{requestId} (getPullRequest) › response 200 application/json › title: type changed from string to integer',
    ]);
    const format = diffWith((d) => (d.components.parameters.requestId.schema.format = 'int32'));
    // The shared parameter is used by both operations.
    expect(kinds(format)).toEqual(['type-changed!', 'type-changed!']);
    expect(format[0]!.message).toBe('type changed from integer (int64) to integer (int32)');
  });

  it('enum value removed (breaking in responses and requests), added (not breaking)', () => {
    const removed = diffWith((d) => (d.components.schemas.State.enum = ['OPEN', 'MERGED']));
    expect(breaking(removed)).toEqual([
      'enum-value-removed: GET /pulls/{requestId} (getPullRequest) › response 200 application/json › state: enum value "DISCARDED" removed',
      'enum-value-removed: POST /pulls/{requestId} (updatePullRequest) › request body application/json › state: enum value "DISCARDED" removed',
    ]);
    const added = diffWith((d) => d.components.schemas.State.enum.push('DRAFT'));
    expect(kinds(added)).toEqual(['enum-value-added', 'enum-value-added']);
  });

  it('nullability narrowed in a request is breaking, widened in a request is not', () => {
    const narrowed = diffWith((d) => (d.components.schemas.PullRequestUpdate.properties.description = { type: 'string' }));
    expect(breaking(narrowed)).toEqual([
      'nullability-narrowed: POST /pulls/{requestId} (updatePullRequest) › request body application/json › description: no longer accepts null',
    ]);
    const widened = diffWith((d) => (d.components.schemas.PullRequestUpdate.properties.title = { type: ['string', 'null'] }));
    expect(kinds(widened)).toEqual(['nullability-widened']);
  });

  it('nullability widened in a response is breaking, narrowed in a response is not', () => {
    const widened = diffWith((d) => (d.components.schemas.PullRequest.properties.title = { type: ['string', 'null'] }));
    expect(breaking(widened)).toEqual([
      'nullability-widened: GET /pulls/{requestId} (getPullRequest) › response 200 application/json › title: may now be null',
    ]);
    const narrowed = diffWith((d) => (d.components.schemas.PullRequest.properties.assigneeId = { type: 'integer', format: 'int64' }));
    expect(kinds(narrowed)).toEqual(['nullability-narrowed']);
  });

  it('reads 3.0 nullable and 3.1 null unions as the same thing', () => {
    const as30 = base();
    as30.openapi = '3.0.3';
    as30.components.schemas.PullRequest.properties.assigneeId = { type: 'integer', format: 'int64', nullable: true };
    as30.components.schemas.PullRequestUpdate.properties.description = { type: 'string', nullable: true };
    as30.components.schemas.PullRequest.properties.state = { allOf: [{ $ref: '#/components/schemas/State' }] };
    expect(diffDocuments(base(), as30)).toEqual([]);
  });

  it('stops at recursive schemas', () => {
    const recursive = () => {
      const d = base();
      d.components.schemas.PullRequest.properties.parent = { oneOf: [{ $ref: '#/components/schemas/PullRequest' }, { type: 'null' }] };
      return d;
    };
    const next = recursive();
    next.components.schemas.PullRequest.properties.title = { type: 'integer' };
    const changes = diffDocuments(recursive(), next);
    expect(kinds(changes)).toEqual(['type-changed!']);
  });

  it('refuses input that is not an OpenAPI document, with a clear message', () => {
    expect(() => diffDocuments({ swagger: '2.0' }, base(), ['a.json', 'b.json'])).toThrow(
      new DiffInputError('a.json: not an OpenAPI 3.0 or 3.1 document (no "openapi: 3.x.y" field)'),
    );
    const dangling = base();
    dangling.paths['/pulls/{requestId}'].get.parameters[0].$ref = '#/components/parameters/nope';
    expect(() => diffDocuments(base(), dangling, ['a', 'b'])).toThrow('b: reference #/components/parameters/nope points to nothing');
  });
});

describe('formatChanges', () => {
  it('puts breaking changes first and counts them', () => {
    const text = formatChanges([
      { kind: 'operation-added', breaking: false, where: 'GET /a', message: 'operation added' },
      { kind: 'operation-removed', breaking: true, where: 'GET /b', message: 'operation removed' },
    ]);
    expect(text.split('\n')).toEqual([
      'BREAKING  GET /b: operation removed [operation-removed]',
      'change    GET /a: operation added [operation-added]',
      '2 change(s), 1 breaking.',
    ]);
  });
});
