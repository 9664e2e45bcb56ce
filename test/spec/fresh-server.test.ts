/**
 * The fresh server's roles as catalogue examples (spec/fresh-server.ts): the oldest release's
 * shape, one change per release that added Role fields, each role's own value in it; and the
 * catalogue mistakes the helper names.
 */
import { describe, expect, it } from 'vitest';
import { FRESH_ROLES, freshRoleExample, freshRolesExample, ROLE_FIELD_DEFAULTS } from '../../spec/fresh-server.js';

describe('fresh roles as examples', () => {
  it('leaves the fields later releases added out of the value and brings them back per release, each role with its own value', () => {
    const { value, changes } = freshRolesExample(['Project Owner', 'Code Writer']);
    expect(value.map((role) => [role.id, role.name])).toEqual([[1, 'Project Owner'], [2, 'Code Writer']]);
    for (const role of value) expect(role).not.toHaveProperty('canEditFieldsOfOtherIssues');
    expect(changes.map((c) => c.since)).toEqual(['v15.0.0', 'v15.1.6', 'v16.0.3']);
    const edit = changes.find((c) => c.since === 'v16.0.3')!;
    expect(edit.setEach).toEqual([{ canEditFieldsOfOtherIssues: false }, { canEditFieldsOfOtherIssues: true }]);
    expect(value[0]).toMatchObject({ manageProject: true, codePrivilege: ROLE_FIELD_DEFAULTS.codePrivilege });
  });

  it('gives one role its changes as plain sets', () => {
    const { value, changes } = freshRoleExample('Code Reader');
    expect(value).toMatchObject({ id: 3, name: 'Code Reader', codePrivilege: 'READ' });
    expect(changes.find((c) => c.since === 'v15.1.6')).toEqual({ since: 'v15.1.6', set: { createWorkspaces: false } });
  });

  it('names a role it does not know, and one whose id depends on the release', () => {
    expect(() => freshRolesExample(['Release Manager'])).toThrow('no fresh role is named "Release Manager"');
    const later = FRESH_ROLES.findIndex((role) => role.since !== undefined);
    const after = FRESH_ROLES[later + 1]!.values.name as string;
    expect(() => freshRoleExample(after)).toThrow(`role "${after}": its id depends on the release`);
  });
});
