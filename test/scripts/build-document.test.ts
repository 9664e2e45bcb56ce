/** Bad catalogue input fails the build with a message naming the operation and the problem. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GroupSpec, OperationSpec } from '../../spec/model.js';
import { buildDocument } from '../../scripts/lib/build-document.js';
import { catalogue, type Catalogue } from '../../scripts/lib/catalogue.js';
import { runCommand } from '../../scripts/lib/cli.js';
import { selectRelease, type SelectedObject } from '../../scripts/lib/select-release.js';
import { transformObject, transformSchemas, type Direction } from '../../scripts/lib/transform-schema.js';
import { UPDATE_TEXT } from '../../scripts/lib/transform-operation.js';
import { Problems } from '../../scripts/lib/problems.js';
import type { Field } from '../../spec/model.js';
import { buildSeed, seedProblems } from '../support/catalogue-build.js';

const build = buildSeed;
const problemsOf = seedProblems;

/** A private copy of the real catalogue, with one group changed by `edit`. */
function withGroup(name: string, edit: (group: GroupSpec & { operations: OperationSpec[] }) => void): Catalogue {
  const copy = structuredClone(catalogue) as Catalogue;
  const group = copy.groups.find((g) => g.name === name) as GroupSpec & { operations: OperationSpec[] };
  edit(group);
  return copy;
}


const sshGet = () => catalogue.groups.find((g) => g.name === 'Ssh Key')!.operations[0]!;

describe('catalogue checks', () => {
  it('accepts the real catalogue', () => {
    expect(() => build(catalogue)).not.toThrow();
  });

  it('is deterministic', () => {
    expect(JSON.stringify(build(catalogue))).toBe(JSON.stringify(build(catalogue)));
  });

  it('refuses a duplicate operationId', () => {
    const input = withGroup('Ssh Key', (g) => g.operations.push({ ...sshGet(), path: '/ssh-keys/{sshKeyId}/again' }));
    expect(problemsOf(input)).toContain(
      'operation sshKeyGet (GET /ssh-keys/{sshKeyId}/again): duplicate operationId (also GET /ssh-keys/{sshKeyId})',
    );
  });

  it('refuses a path parameter that is used but not declared', () => {
    const input = withGroup('Ssh Key', (g) => {
      g.operations[0] = { ...sshGet(), path: '/ssh-keys/{sshKeyId}/{extra}' };
    });
    expect(problemsOf(input)).toContain(
      'operation sshKeyGet (GET /ssh-keys/{sshKeyId}/{extra}), parameters: path parameter {extra} is used in the path but not declared',
    );
  });

  it('refuses a path parameter that is declared but not used', () => {
    const input = withGroup('Ssh Key', (g) => {
      g.operations[0] = { ...sshGet(), parameters: ['sshKeyId', 'requestId'] };
    });
    expect(problemsOf(input)).toContain(
      'operation sshKeyGet (GET /ssh-keys/{sshKeyId}), parameters: path parameter "requestId" is declared but not used in the path',
    );
  });

  it('refuses a reference to an unknown component schema', () => {
    const input = withGroup('Ssh Key', (g) => {
      g.operations[0] = { ...sshGet(), success: { kind: 'json', type: { ref: 'SshKee' }, description: 'x', example: 'SshKey' } };
    });
    expect(problemsOf(input)).toContain(
      'operation sshKeyGet (GET /ssh-keys/{sshKeyId}), success: reference to unknown component schema "SshKee"',
    );
  });

  it('refuses an unknown schema inside a schema, naming the schema and the field', () => {
    const copy = structuredClone(catalogue) as Catalogue;
    (copy.schemas['ssh-key']!.SshKey as { fields: Record<string, unknown> }).fields.ownerId = {
      type: { ref: 'Usr' },
      description: 'owner',
    };
    expect(problemsOf(copy)).toContain('schema SshKey, field ownerId: reference to unknown component schema "Usr"');
  });

  it('refuses an unknown example and an unknown parameter', () => {
    const input = withGroup('Ssh Key', (g) => {
      g.operations[0] = {
        ...sshGet(),
        parameters: ['sshKeyId', 'nope'],
        success: { kind: 'json', type: { ref: 'SshKey' }, description: 'x', example: 'NoSuchExample' },
      };
    });
    const problems = problemsOf(input);
    expect(problems).toContain('operation sshKeyGet (GET /ssh-keys/{sshKeyId}), success.example: reference to unknown example "NoSuchExample"');
    expect(problems).toContain('operation sshKeyGet (GET /ssh-keys/{sshKeyId}), parameters: reference to unknown parameter "nope"');
  });

  it('refuses a group defined twice', () => {
    const copy = structuredClone(catalogue) as Catalogue;
    copy.groups = [...copy.groups, copy.groups.find((g) => g.name === 'Ssh Key')!];
    expect(problemsOf(copy)).toContain('group "Ssh Key": defined twice');
  });

  it('refuses a schema defined in two modules', () => {
    const copy = structuredClone(catalogue) as Catalogue;
    copy.schemas['label-spec'] = { ...copy.schemas['label-spec'], SshKey: copy.schemas['ssh-key']!.SshKey! };
    expect(problemsOf(copy)).toContain('schema SshKey: defined twice (in spec/schemas/label-spec.ts and spec/schemas/ssh-key.ts)');
  });
});

describe('the command line', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    process.exitCode = undefined;
  });

  it('prints catalogue problems without a stack trace and exits 1', async () => {
    const errors: string[] = [];
    vi.spyOn(console, 'error').mockImplementation((message: string) => void errors.push(message));
    await runCommand(async () => {
      build(withGroup('Ssh Key', (g) => g.operations.push({ ...sshGet(), path: '/ssh-keys/{sshKeyId}/again' })));
    });
    expect(process.exitCode).toBe(1);
    expect(errors.join('\n')).toMatch(/^The catalogue has \d+ problem\(s\):\n  - operation sshKeyGet/);
    expect(errors.join('\n')).not.toMatch(/\n\s+at /);
  });
});

// ---------------------------------------------------------------------------------------------
// Vocabulary of issue 16: optional response properties, optional request fields, open objects,
// one-of types, update modes and validation failures.
// ---------------------------------------------------------------------------------------------

const ctx = (problems = new Problems()) => ({ where: 'schema Thing', known: new Set<string>(['Other']), problems });
const thing = (field: Field, extra: Partial<SelectedObject> = {}): SelectedObject => ({
  kind: 'object',
  description: 'A thing.',
  fields: { id: { type: 'int64', description: 'Id.', readOnly: true }, x: field },
  ...extra,
});
const SOMETIMES = 'the caller may see it';

describe('fields the server sends only sometimes (presentWhen)', () => {
  it.each<[Direction, Partial<Field>, boolean, boolean]>([
    // direction, field flags, required, says when it is present
    ['response', {}, true, false],
    ['response', { presentWhen: SOMETIMES }, false, true],
    ['both', { presentWhen: SOMETIMES }, false, true],
    ['create', { presentWhen: SOMETIMES, requiredOnCreate: true }, true, false],
    ['create', { presentWhen: SOMETIMES }, false, false],
    ['update', { presentWhen: SOMETIMES }, false, false],
  ])('%s shape, field %o: required %s, present-when note %s', (direction, flags, required, noted) => {
    const schema = transformObject('Thing', thing({ type: 'int32', description: 'X.', ...flags }), direction, ctx());
    expect(schema.required?.includes('x') ?? false).toBe(required);
    expect(schema.properties!.x!.description).toBe(noted ? `X. Present only when ${SOMETIMES}; left out otherwise.` : 'X.');
  });
});

describe('fields a request may leave out (optional)', () => {
  it.each<[Direction, boolean]>([
    ['both', false],
    ['response', true],
    ['create', false],
  ])('%s shape requires an optional field: %s', (direction, required) => {
    const schema = transformObject('Thing', thing({ type: 'string', nullable: true, description: 'X.', optional: true }), direction, ctx());
    expect(schema.required?.includes('x') ?? false).toBe(required);
  });
});

describe('mistakes in the new vocabulary name the schema and the field', () => {
  it.each<[Partial<Field>, string]>([
    [{ presentWhen: '  ' }, 'schema Thing, field x: presentWhen is empty'],
    [{ optional: true, requiredOnCreate: true }, 'schema Thing, field x: `optional` and `requiredOnCreate` contradict each other'],
  ])('%o', (flags, problem) => {
    const problems = new Problems();
    transformObject('Thing', thing({ type: 'string', description: 'X.', ...flags }), 'both', ctx(problems));
    expect(problems.list).toEqual([problem]);
  });

  it('a one-of with a single shape, and a family member without a discriminator value', () => {
    const problems = new Problems();
    transformSchemas(
      {
        things: {
          Lone: { kind: 'alias', description: 'Lone.', type: { oneOf: ['string'] } },
          Kinds: { kind: 'family', description: 'Kinds.', discriminator: '@type', members: ['Any'] },
          Any: { kind: 'object', description: 'Any.', discriminator: { property: '@type' }, fields: {} },
        },
      },
      problems,
    );
    expect(problems.list).toEqual([
      'schema Kinds: member Any must be an object whose discriminator property is @type, with its value',
      'schema Lone: oneOf needs at least two shapes',
    ]);
  });
});

describe('open objects, class names and one-of types', () => {
  const problems = new Problems();
  const schemas = transformSchemas(
    {
      things: {
        Plugin: { kind: 'object', open: true, description: 'A plugin setting.', discriminator: { property: '@type' }, fields: {} },
        Closed: { kind: 'object', description: 'A bean.', fields: {} },
        Value: { kind: 'alias', nullable: true, description: 'A value.', type: { oneOf: ['string', { array: 'string' }] } },
      },
    },
    problems,
  );

  it('an open object requires the class name and lets other properties through; a closed one refuses them', () => {
    expect(problems.list).toEqual([]);
    expect(schemas.Plugin).toMatchObject({ type: 'object', required: ['@type'], properties: { '@type': { type: 'string', minLength: 1 } } });
    expect(schemas.Plugin!.additionalProperties).toBeUndefined();
    expect(schemas.Closed!.additionalProperties).toBe(false);
  });

  it('a nullable one-of adds null as one more shape', () => {
    expect(schemas.Value!.oneOf).toEqual([{ type: 'string' }, { type: 'array', items: { type: 'string' } }, { type: 'null' }]);
  });
});

describe('update modes (how a body changes a stored record)', () => {
  const groupUpdate = (mode: 'merge' | 'replace' | undefined) =>
    withGroup('Group', (g) => {
      const i = g.operations.findIndex((o) => o.method === 'POST' && o.path === '/groups/{groupId}');
      const op = g.operations[i]!;
      const body = { ...(op.body as Extract<NonNullable<OperationSpec['body']>, { kind: 'json' }>) };
      if (mode) body.update = mode;
      else delete body.update;
      g.operations[i] = { ...op, body };
    });

  it.each(['merge', 'replace'] as const)('%s: the body says so, tools read it, and the Update schema follows', (mode) => {
    const doc = build(groupUpdate(mode));
    const body = doc.paths!['/groups/{groupId}']!.post!.requestBody as unknown as Record<string, unknown> & { description: string };
    expect(body.description).toContain(UPDATE_TEXT[mode]);
    expect(body['x-onedev-update']).toBe(mode);
    const variant = doc.components!.schemas!.GroupUpdate as { description: string; required?: string[] };
    if (mode === 'merge') {
      expect(variant.description).toMatch(/applies only the properties present/);
      expect(variant.required).toBeUndefined();
    } else {
      expect(variant.description).toMatch(/a property left out takes its default/);
      expect(variant.required).toEqual(['name']);
    }
  });

  it('an Update body without a mode names the operation, the body and the schema', () => {
    expect(problemsOf(groupUpdate(undefined))).toEqual([
      'schema GroupUpdate: no operation of the release takes it as a body with `update` (\'merge\' or \'replace\')',
      "operation groupUpdate (POST /groups/{groupId}), body: GroupUpdate is an update shape: say how it is applied with `update: 'merge' | 'replace'`",
    ]);
  });

  it('two operations that disagree about one Update schema are named', () => {
    const input = withGroup('Group', (g) => {
      const op = g.operations.find((o) => o.method === 'POST' && o.path === '/groups/{groupId}')!;
      g.operations.push({ ...op, name: 'Update Again', path: '/groups/{groupId}/again', body: { ...(op.body as never as object), update: 'replace' } as never });
    });
    expect(problemsOf(input)).toContain(
      "operation groupUpdateAgain (POST /groups/{groupId}/again), body: update 'replace' contradicts 'merge' of operation groupUpdate (POST /groups/{groupId}) for schema GroupUpdate",
    );
  });
});

describe('validation failures answered per release', () => {
  const setTitle = (release: string) => {
    const doc = buildDocument(selectRelease(catalogue, release));
    const responses = doc.paths!['/issues/{issueId}/title']!.post!.responses as Record<string, { $ref: string }>;
    return { doc, responses };
  };

  it.each([
    ['v12.0.10', '400', 'BadRequestOrInvalid', { type: 'array', items: { $ref: '#/components/schemas/ValidationViolation' } }, undefined],
    ['v13.1.7', '406', 'NotAcceptableOrInvalid', { type: 'string', contentMediaType: 'text/plain' }, true],
    ['v16.5.6', '400', 'BadRequestOrInvalid', { type: 'string', contentMediaType: 'text/plain' }, true],
  ])('%s: Set Title refers to the %s validation response %s, text/plain beside a JSON-labelled body', (release, status, name, json, rawText) => {
    const { doc, responses } = setTitle(release);
    expect(responses[status]!.$ref).toBe(`#/components/responses/${name}`);
    const response = doc.components!.responses![name] as { content: Record<string, { schema: unknown }>; 'x-onedev-raw-text'?: boolean };
    expect(Object.keys(response.content)).toEqual(['text/plain', 'application/json']);
    expect(response.content['application/json']!.schema).toMatchObject(json);
    expect(response['x-onedev-raw-text']).toBe(rawText);
  });

  it('an operation without a validation failure keeps the plain response at that status', () => {
    const doc = buildDocument(selectRelease(catalogue, 'v16.5.6'));
    const responses = doc.paths!['/issues/{issueId}']!.get!.responses as Record<string, { $ref: string }>;
    expect(responses['400']!.$ref).toBe('#/components/responses/BadRequest');
  });

  it('two kinds answered at one status with different responses are named', () => {
    const input = structuredClone(catalogue) as Catalogue;
    input.validationFailures = {
      validation: { status: 400, name: 'BadRequestOrInvalid', description: 'x', body: { kind: 'raw-text', example: 'x' } },
      'validation-check': { status: 400, name: 'BadRequestOrChecked', description: 'y', body: { kind: 'raw-text', example: 'y' } },
    };
    expect(problemsOf(input)).toContain(
      'operation issueCreate (POST /issues), errors: validation failures answer 400 with two responses (BadRequestOrInvalid, BadRequestOrChecked)',
    );
  });
});


describe('an operation\'s own message at an error status', () => {
  it('is the example of its response at that status, with what the status means for it', () => {
    const doc = buildDocument(selectRelease(catalogue, 'v16.5.6'));
    const notFound = doc.paths!['/groups/ids/{name}']!.get!.responses!['404'] as { description: string; content: Record<string, { example: unknown }> };
    expect(notFound.content['text/plain']!.example).toBe('HTTP 404 Not Found');
    expect(notFound.description).toMatch(/No group has that name/);
    // Other operations keep the shared response.
    expect((doc.paths!['/users/{userId}']!.get!.responses!['404'] as { $ref: string }).$ref).toBe('#/components/responses/NotFound');
  });

  it('at a status a validation failure answers is a mistake naming the operation', () => {
    const input = withGroup('Issue', (group) => {
      const index = group.operations.findIndex((op) => op.path === '/issues' && op.method === 'POST');
      const op = group.operations[index]!;
      group.operations[index] = { ...op, errors: [...op.errors.filter((e) => e !== 400), { status: 400, message: 'Bad issue' }] };
    });
    expect(problemsOf(input)).toContain('operation issueCreate (POST /issues), errors: a message for status 400, which answers with the validation response BadRequestOrInvalid');
  });
});
