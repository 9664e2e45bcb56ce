/** The release selection pass: one tag's catalogue from the annotated whole, and annotation mistakes by name. */
import { describe, expect, it } from 'vitest';
import type { Catalogue } from '../../scripts/lib/catalogue.js';
import { CatalogueError } from '../../scripts/lib/problems.js';
import { buildReleases } from '../../scripts/lib/releases.js';
import { selectRelease } from '../../scripts/lib/select-release.js';
import type { OperationSpec, SchemaSpec } from '../../spec/model.js';

const getOp: OperationSpec = {
  name: [
    { value: 'Get Basic Info', until: 'v12.0.0' },
    { value: 'Get Thing', since: 'v12.0.0' },
  ],
  method: 'GET',
  path: '/things/{thingId}',
  description: 'Reads a thing.',
  permission: 'Anyone.',
  parameters: ['thingId', { key: 'verbose', since: 'v13.0.0' }],
  success: { kind: 'json', type: { ref: 'Thing' }, description: 'The thing.', example: 'Thing' },
  errors: [404, { status: 406, since: 'v12.0.9' }],
};

/** A one-group catalogue whose every kind of entry carries an annotation. */
function fixture(): Catalogue {
  const thing: SchemaSpec = {
    kind: 'object',
    description: 'A thing.',
    fields: {
      id: { type: 'int64', description: 'Id.', readOnly: true },
      rocketCount: { type: 'int32', description: 'Rockets.', until: 'v14.0.0' },
      tickCount: { type: 'int32', description: 'Ticks.', since: 'v14.0.0' },
      status: { type: { enum: ['OPEN', { value: 'DRAFT', since: 'v15.0.0' }] }, description: 'State.' },
      size: [
        { type: 'int32', description: 'Size.', until: 'v13.0.8' },
        { type: 'int64', description: 'Size.', since: 'v13.0.8', nullable: true },
      ],
    },
  };
  return {
    groups: [
      { name: 'Thing', description: 'Things.', operations: [getOp, { ...getOp, name: 'Approve', method: 'POST', path: '/things/{thingId}/approve', since: 'v16.2.1', success: { kind: 'empty', description: 'Done.' } }] },
      { name: 'Old', description: 'Gone.', until: 'v12.0.0', operations: [{ ...getOp, name: 'Get', path: '/old/{thingId}' }] },
    ],
    schemas: {
      things: {
        Thing: thing,
        Executor: { kind: 'family', description: 'Runs jobs.', discriminator: '@type', members: ['Docker', 'Shell', { name: 'Pod', until: 'v13.0.0' }] },
        Docker: { kind: 'object', description: 'Docker.', discriminator: { property: '@type', value: 'Docker' }, fields: {} },
        Shell: { kind: 'object', description: 'Shell.', discriminator: { property: '@type', value: 'Shell' }, fields: {}, since: 'v14.0.0' },
        Pod: { kind: 'object', description: 'Pod.', discriminator: { property: '@type', value: 'Pod' }, fields: {} },
      },
    },
    examples: {
      things: {
        Thing: {
          summary: 'A thing',
          value: { id: 1, rocketCount: 2, status: 'OPEN', size: 3 },
          changes: [{ since: 'v14.0.0', set: { tickCount: 2 }, drop: ['rocketCount'] }],
        },
      },
    },
    parameters: {
      thingId: { name: 'thingId', in: 'path', required: true, type: 'int64', description: 'Id.', example: 1 },
      verbose: { name: 'verbose', in: 'query', required: false, type: 'boolean', description: 'More.', example: true },
    },
    responses: {
      400: { name: 'BadRequest', description: 'Bad.', example: 'bad' },
      401: { name: 'Unauthorized', description: 'Who?', example: 'who' },
      403: { name: 'Forbidden', description: 'No.', example: 'no' },
      404: { name: 'NotFound', description: 'None.', example: 'none' },
      406: { name: 'NotAcceptable', description: 'Refused.', example: 'refused' },
      413: { name: 'PayloadTooLarge', description: 'Big.', example: 'big' },
      415: { name: 'UnsupportedMediaType', description: 'Not JSON.', example: 'unsupported' },
      500: { name: 'InternalServerError', description: 'Broke.', example: 'broke' },
      503: [
        { name: 'ServiceUnavailable', description: 'Starting.', example: 'starting', until: 'v13.0.0' },
        { name: 'ServiceUnavailable', description: 'Not ready.', example: 'not ready', since: 'v13.0.0' },
      ],
    },
    alwaysPossible: [401],
    jsonConsumed: { status: 415, ignoredBody: 'Not read.' },
    validationFailures: {
      validation: [
        { until: 'v13.0.7', status: 400, name: 'BadRequestOrInvalid', description: 'Jersey.', body: { kind: 'raw-text', example: 'bad' } },
        { since: 'v13.0.7', status: 406, name: 'NotAcceptableOrInvalid', description: 'OneDev.', body: { kind: 'raw-text', example: 'bad' } },
      ],
      'validation-check': { status: 500, name: 'InternalServerErrorOrInvalid', description: 'Check.', body: { kind: 'raw-text', example: 'bad' } },
    },
    queryRefusalStatus: [
      { status: 400, until: 'v12.0.9' },
      { status: 406, since: 'v12.0.9' },
    ],
    refusals: [
      { kind: 'unreadable-body', what: 'a bad body', status: { status: 400 } },
      { kind: 'validation', what: 'a rule broken', status: [{ status: 400, until: 'v13.0.7' }, { status: 406, since: 'v13.0.7' }] },
    ],
    description: [{ text: 'Describes **{release}**.' }, { text: 'Old rules.', until: 'v12.0.0' }],
    webhooks: {
      eventTypes: [
        {
          eventType: 'THING',
          tag: 'Thing events',
          description: 'Things happen.',
          events: [
            { name: 'ThingMade', description: 'Made.', payload: 'Thing', example: 'Thing', causes: [{ route: 'POST /things/{thingId}/approve', since: 'v16.2.1' }] },
            { name: 'ThingLost', description: 'Lost.', payload: 'Thing', example: 'Thing', until: 'v13.0.0' },
          ],
        },
        { eventType: 'LATER', tag: 'Later events', description: 'Later.', since: 'v15.0.0', events: [{ name: 'ThingLater', description: 'Later.', payload: 'Thing', example: 'Thing' }] },
      ],
      delivery: {
        description: [{ text: 'Always.' }, { text: 'Typed.', since: 'v14.1.4' }],
        headers: [{ name: 'X-Thing', type: 'string', description: 'A thing.', example: 'x', secret: true }, { name: 'X-New', type: 'string', description: 'New.', example: 'n', since: 'v14.1.6' }],
        mediaType: 'application/json',
        responses: { '200': 'Fine.' },
        customHeaders: { since: 'v14.1.6' },
        values: { date: 'now' },
      },
    },
  };
}

function problemsOf(body: () => unknown): readonly string[] {
  try {
    body();
  } catch (error) {
    if (error instanceof CatalogueError) return error.problems;
    throw error;
  }
  throw new Error('accepted a broken catalogue');
}

describe('selecting a release', () => {
  it.each([
    ['v11.11.4', ['Thing: Get Basic Info GET /things/{thingId}', 'Old: Get GET /old/{thingId}']],
    ['v12.0.0', ['Thing: Get Thing GET /things/{thingId}']],
    ['v16.2.1', ['Thing: Get Thing GET /things/{thingId}', 'Thing: Approve POST /things/{thingId}/approve']],
  ])('%s has its groups, operations and names', (tag, expected) => {
    const selected = selectRelease(fixture(), tag);
    expect(selected.groups.flatMap((g) => g.operations.map((o) => `${g.name}: ${o.name} ${o.method} ${o.path}`))).toEqual(expected);
  });

  it.each([
    ['v12.0.8', ['thingId'], [404]],
    ['v12.0.9', ['thingId'], [404, 406]],
    ['v13.0.0', ['thingId', 'verbose'], [404, 406]],
  ])('%s: parameter uses and error statuses follow their lifespans', (tag, parameters, errors) => {
    const op = selectRelease(fixture(), tag).groups[0]!.operations[0]!;
    expect(op.parameters).toEqual(parameters);
    expect(op.errors).toEqual(errors);
  });

  it.each([
    ['v13.0.7', ['id', 'rocketCount', 'status', 'size'], 'int32', ['OPEN']],
    ['v14.0.0', ['id', 'tickCount', 'status', 'size'], 'int64', ['OPEN']],
    ['v15.0.0', ['id', 'tickCount', 'status', 'size'], 'int64', ['OPEN', 'DRAFT']],
  ])('%s: fields, shapes and enum values', (tag, fields, sizeType, statuses) => {
    const thing = selectRelease(fixture(), tag).schemas.things!.Thing as { fields: Record<string, { type: unknown }> };
    expect(Object.keys(thing.fields)).toEqual(fields);
    expect(thing.fields.size!.type).toBe(sizeType);
    expect(thing.fields.status!.type).toEqual({ enum: statuses });
  });

  it.each([
    ['v12.0.10', ['Docker', 'Pod']],
    ['v13.1.7', ['Docker']],
    ['v14.1.9', ['Docker', 'Shell']],
  ])('%s: family members follow their own and their schemas’ lifespans', (tag, members) => {
    expect((selectRelease(fixture(), tag).schemas.things!.Executor as unknown as { members: string[] }).members).toEqual(members);
  });

  it('applies example changes from their release on', () => {
    expect(selectRelease(fixture(), 'v13.1.7').examples.things!.Thing!.value).toEqual({ id: 1, rocketCount: 2, status: 'OPEN', size: 3 });
    expect(selectRelease(fixture(), 'v14.1.9').examples.things!.Thing!.value).toEqual({ id: 1, status: 'OPEN', size: 3, tickCount: 2 });
  });

  it('gives each element of a list example its own value from a change on', () => {
    const input = fixture();
    input.examples.things!.ThingList = {
      summary: 'Things',
      value: [{ id: 1 }, { id: 2 }],
      changes: [{ since: 'v14.0.0', set: { status: 'OPEN' }, setEach: [{ tickCount: 1 }, { tickCount: 5 }] }],
    };
    expect(selectRelease(input, 'v13.1.7').examples.things!.ThingList!.value).toEqual([{ id: 1 }, { id: 2 }]);
    expect(selectRelease(input, 'v14.1.9').examples.things!.ThingList!.value).toEqual([
      { id: 1, status: 'OPEN', tickCount: 1 },
      { id: 2, status: 'OPEN', tickCount: 5 },
    ]);
  });

  it('names a change that sets each element of a list of another length, or of no list', () => {
    const input = fixture();
    input.examples.things!.ThingList = { summary: 'Things', value: [{ id: 1 }, { id: 2 }], changes: [{ since: 'v14.0.0', setEach: [{ tickCount: 1 }] }] };
    input.examples.things!.Thing = { summary: 'A thing', value: { id: 1 }, changes: [{ since: 'v14.0.0', setEach: [{ tickCount: 1 }] }] };
    const problems = problemsOf(() => selectRelease(input, 'v16.5.6'));
    expect(problems).toContain('example ThingList: change since v14.0.0 sets each of 1 elements, but the example is a list of 2');
    expect(problems).toContain('example Thing: change since v14.0.0 sets each of 1 elements, but the example is no list');
  });

  it('picks error responses and description sections', () => {
    const old = selectRelease(fixture(), 'v11.11.4');
    expect(old.responses[503]?.description).toBe('Starting.');
    expect(old.description).toBe('Describes **v11.11.4**.\n\nOld rules.');
    const current = selectRelease(fixture(), 'v16.5.6');
    expect(current.responses[503]?.description).toBe('Not ready.');
    expect(current.description).toBe('Describes **v16.5.6**.');
    expect(current.alwaysPossible).toEqual([401]);
    expect(old.queryRefusalStatus).toBe(400);
    expect(current.queryRefusalStatus).toBe(406);
    expect(old.refusals).toEqual([{ kind: 'unreadable-body', what: 'a bad body', status: 400 }, { kind: 'validation', what: 'a rule broken', status: 400 }]);
    expect(current.refusals).toEqual([{ kind: 'unreadable-body', what: 'a bad body', status: 400 }, { kind: 'validation', what: 'a rule broken', status: 406 }]);
  });

  it('names a refusal that has no status at a release', () => {
    const catalogue = { ...fixture(), refusals: [{ kind: 'validation' as const, what: 'a rule broken', status: { status: 406 as const, since: 'v13.0.7' as const } }] };
    expect(problemsOf(() => selectRelease(catalogue, 'v12.0.10'))).toEqual(['refusal "a rule broken": no status for v12.0.10']);
  });

  it.each([
    ['v12.0.10', ['THING'], ['ThingMade', 'ThingLost'], [], 'Always.', ['X-Thing']],
    ['v14.1.9', ['THING'], ['ThingMade'], [], 'Always.\n\nTyped.', ['X-Thing', 'X-New']],
    ['v16.2.1', ['THING', 'LATER'], ['ThingMade'], ['POST /things/{thingId}/approve'], 'Always.\n\nTyped.', ['X-Thing', 'X-New']],
  ])('%s: web-hook event types, events, causes, delivery sections and headers follow their lifespans', (tag, types, events, causes, description, headers) => {
    const { webhooks } = selectRelease(fixture(), tag);
    expect(webhooks.eventTypes.map((t) => t.eventType)).toEqual(types);
    expect(webhooks.eventTypes[0]!.events.map((e) => e.name)).toEqual(events);
    expect(webhooks.eventTypes[0]!.events[0]!.causes.map((c) => c.route)).toEqual(causes);
    expect(webhooks.delivery.description).toBe(description);
    expect(webhooks.delivery.headers.map((h) => h.name)).toEqual(headers);
    expect(webhooks.delivery.customHeaders).toBe(headers.length > 1);
  });

  it('leaves no annotation behind for the builder', () => {
    const text = JSON.stringify(selectRelease(fixture(), 'v16.5.6'));
    expect(text).not.toMatch(/"(since|until)"/);
  });
});

describe('annotation mistakes', () => {
  it('refuses a tag it does not know', () => {
    expect(problemsOf(() => selectRelease(fixture(), 'v12.0.11'))).toEqual([
      'release "v12.0.11": not a OneDev tag the catalogue knows (v11.11.0 .. v16.5.6)',
    ]);
  });

  it('names a lifespan that ends before it starts, and an unknown tag in an annotation', () => {
    const input = fixture();
    (input.groups[0]!.operations as OperationSpec[])[1] = { ...(input.groups[0]!.operations[1] as OperationSpec), since: 'v16.2.1', until: 'v13.0.0' };
    const thing = input.schemas.things!.Thing as { fields: Record<string, unknown> };
    thing.fields.tickCount = { type: 'int32', description: 'Ticks.', since: 'v14.0' };
    const problems = problemsOf(() => selectRelease(input, 'v16.5.6'));
    expect(problems).toContain('group "Thing", operation "Approve" (POST /things/{thingId}/approve): since v16.2.1 is not older than until v13.0.0');
    expect(problems).toContain('schema Thing, field tickCount: since "v14.0" is not a OneDev tag the catalogue knows');
  });

  it('names overlapping shapes, whichever release is built', () => {
    const input = fixture();
    const thing = input.schemas.things!.Thing as { fields: Record<string, unknown> };
    thing.fields.size = [
      { type: 'int32', description: 'Size.', until: 'v14.0.0' },
      { type: 'int64', description: 'Size.', since: 'v13.0.8' },
    ];
    expect(problemsOf(() => selectRelease(input, 'v11.11.4'))).toContain('schema Thing, field size: shapes 1 and 2 have overlapping releases');
  });

  it('names an example change that drops what the example lacks, and changes out of order', () => {
    const input = fixture();
    input.examples.things!.Thing = {
      summary: 'A thing',
      value: { id: 1 },
      changes: [
        { since: 'v15.0.0', set: { tickCount: 2 } },
        { since: 'v14.0.0', drop: ['rocketCount'] },
      ],
    };
    const problems = problemsOf(() => selectRelease(input, 'v16.5.6'));
    expect(problems).toContain('example Thing: changes must be listed oldest first (v14.0.0 after v15.0.0)');
    expect(problems).toContain('example Thing: change since v14.0.0 drops "rocketCount", which the example does not have');
  });

  it('an operation with no name for the release is a mistake', () => {
    const input = fixture();
    (input.groups[0]!.operations as OperationSpec[])[0] = { ...getOp, name: [{ value: 'Get Thing', since: 'v12.0.0' }] };
    expect(problemsOf(() => selectRelease(input, 'v11.11.4'))).toContain(
      'group "Thing", operation "Get Thing" (GET /things/{thingId}): no name for v11.11.4',
    );
  });
});

describe('building several releases', () => {
  it('builds each, and names catalogue entries that no built release uses', () => {
    const input = fixture();
    input.parameters.unused = { name: 'unused', in: 'query', required: false, type: 'string', description: 'Never.', example: 'x' };
    input.schemas.things!.Gone = { kind: 'alias', description: 'Gone early.', type: 'string', until: 'v12.0.0' };
    const problems = problemsOf(() => buildReleases(['v12.0.10', 'v16.5.6'], input));
    expect(problems).toEqual([
      'parameter unused: not used by any operation of v12.0.10, v16.5.6',
      'schema Gone (spec/schemas/things.ts): in none of v12.0.10, v16.5.6',
    ]);
  });

  it('prefixes each release’s problems with its tag', () => {
    const input = fixture();
    (input.groups[0]!.operations as OperationSpec[])[1] = {
      ...(input.groups[0]!.operations[1] as OperationSpec),
      success: { kind: 'json', type: { ref: 'Thingy' }, description: 'x', example: 'Thing' },
    };
    expect(problemsOf(() => buildReleases(['v15.1.8', 'v16.5.6'], input))).toEqual([
      'v16.5.6: operation thingApprove (POST /things/{thingId}/approve), success: reference to unknown component schema "Thingy"',
    ]);
  });
});

describe('validation failures and release-worded texts', () => {
  /** The fixture with its first operation refused by validation (and, from v13.0.0, by a check). */
  function validating(extra: Partial<OperationSpec> = {}): Catalogue {
    const input = fixture();
    (input.groups[0]!.operations as OperationSpec[])[0] = {
      ...getOp,
      errors: [404, 'validation', { status: 'validation-check', since: 'v13.0.0' }],
      ...extra,
    };
    return input;
  }

  it.each([
    ['v12.0.10', [404, 400], ['validation']],
    ['v13.0.0', [404, 400, 500], ['validation', 'validation-check']],
    ['v13.1.7', [404, 406, 500], ['validation', 'validation-check']],
  ])('%s: a validation kind becomes the release’s status, and the kinds are kept for the builder', (tag, errors, kinds) => {
    const op = selectRelease(validating(), tag).groups[0]!.operations[0]!;
    expect(op.errors).toEqual(errors);
    expect(op.validation).toEqual(kinds);
  });

  it('does not list a status twice when a validation failure shares it', () => {
    const op = selectRelease(validating({ errors: [400, 'validation'] }), 'v12.0.10').groups[0]!.operations[0]!;
    expect(op.errors).toEqual([400]);
  });

  it('leaves no `validation` on an operation that names none', () => {
    expect(selectRelease(fixture(), 'v16.5.6').groups[0]!.operations[0]!.validation).toBeUndefined();
  });

  it('names an operation whose validation kind has no answer at the release', () => {
    const input = validating();
    input.validationFailures = { ...input.validationFailures, 'validation-check': { since: 'v14.0.0', status: 400, name: 'X', description: 'x', body: { kind: 'raw-text', example: 'x' } } };
    expect(problemsOf(() => selectRelease(input, 'v13.1.7'))).toEqual([
      'group "Thing", operation "Get Basic Info" / "Get Thing" (GET /things/{thingId}), error validation-check: no validation failure of that kind for v13.1.7',
    ]);
  });

  it.each([
    ['v12.0.10', 'Reads a thing as sent.', 'Anyone.'],
    ['v15.1.8', 'Reads a checked thing.', 'Signed-in users.'],
  ])('%s: a description or permission given per release is the one alive', (tag, description, permission) => {
    const input = validating({
      description: [
        { value: 'Reads a thing as sent.', until: 'v13.0.5' },
        { value: 'Reads a checked thing.', since: 'v13.0.5' },
      ],
      permission: [
        { value: 'Anyone.', until: 'v14.0.0' },
        { value: 'Signed-in users.', since: 'v14.0.0' },
      ],
    });
    const op = selectRelease(input, tag).groups[0]!.operations[0]!;
    expect([op.description, op.permission]).toEqual([description, permission]);
  });

  it('names an operation without a description for the release, and overlapping wordings', () => {
    const input = validating({
      description: [
        { value: 'Old.', until: 'v13.0.5' },
        { value: 'Overlaps.', since: 'v13.0.0', until: 'v14.0.0' },
      ],
    });
    const problems = problemsOf(() => selectRelease(input, 'v15.1.8'));
    expect(problems).toContain('group "Thing", operation "Get Basic Info" / "Get Thing" (GET /things/{thingId}), description: shapes 1 and 2 have overlapping releases');
    expect(problems).toContain('group "Thing", operation "Get Basic Info" / "Get Thing" (GET /things/{thingId}): no description for v15.1.8');
  });

  it('selects the enum values inside a oneOf', () => {
    const input = fixture();
    const thing = input.schemas.things!.Thing as { fields: Record<string, unknown> };
    thing.fields.value = { type: { oneOf: ['string', { array: { enum: ['A', { value: 'B', since: 'v14.0.0' }] } }] }, description: 'A value.' };
    const selected = (at: string) => (selectRelease(input, at).schemas.things!.Thing as { fields: Record<string, { type: unknown }> }).fields.value!.type;
    expect(selected('v13.1.7')).toEqual({ oneOf: ['string', { array: { enum: ['A'] } }] });
    expect(selected('v14.1.9')).toEqual({ oneOf: ['string', { array: { enum: ['A', 'B'] } }] });
  });
});
