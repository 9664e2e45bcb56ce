/** Bad catalogue input fails the build with a message naming the operation and the problem. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GroupSpec, OperationSpec } from '../../spec/model.js';
import { buildDocument } from '../../scripts/lib/build-document.js';
import { catalogue, type Catalogue } from '../../scripts/lib/catalogue.js';
import { runCommand } from '../../scripts/lib/cli.js';
import { CatalogueError } from '../../scripts/lib/problems.js';
import { selectRelease } from '../../scripts/lib/select-release.js';
import { SEED_RELEASE } from '../../spec/releases.js';

const build = (input: Catalogue) => buildDocument(selectRelease(input, SEED_RELEASE));

/** A private copy of the real catalogue, with one group changed by `edit`. */
function withGroup(name: string, edit: (group: GroupSpec & { operations: OperationSpec[] }) => void): Catalogue {
  const copy = structuredClone(catalogue) as Catalogue;
  const group = copy.groups.find((g) => g.name === name) as GroupSpec & { operations: OperationSpec[] };
  edit(group);
  return copy;
}

function problemsOf(input: Catalogue): readonly string[] {
  try {
    build(input);
  } catch (error) {
    if (error instanceof CatalogueError) return error.problems;
    throw error;
  }
  throw new Error('the build accepted a broken catalogue');
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
