/**
 * Issue #10's fix to BuildParam.type, in every supported release: the server stores the kind as
 * free text and old builds keep kinds that no longer exist, so a closed enum would make generated
 * clients reject real rows.
 */
import { describe, expect, it } from 'vitest';
import { SUPPORTED_RELEASES, committedDocument } from '../helpers.js';
import { createValidator } from '../support/ajv.js';

/** The parameter kinds current servers write (InputSpec's display names). */
const CURRENT_KINDS = [
  'Checkbox', 'Text', 'Date', 'Date Time', 'Secret', 'Integer', 'Float', 'Commit', 'Enumeration',
  'User', 'Group', 'Issue', 'Iteration', 'Build', 'Pull Request',
];

describe.each(SUPPORTED_RELEASES)('%s: BuildParam.type', (release) => {
  const doc = committedDocument(release);
  const type = (doc.components!.schemas!.BuildParam as any).properties.type;

  it('is a plain string, not an enum', () => {
    expect(type.type).toBe('string');
    expect(type.enum).toBeUndefined();
  });

  it('names the 15 current kinds and the two kinds old builds keep', () => {
    for (const kind of CURRENT_KINDS) expect(type.description).toContain(`\`${kind}\``);
    expect(type.description).toContain('`Milestone`');
    expect(type.description).toContain('`Working Period`');
  });

  it('accepts a row stored before v10.9.0 and one stored before v11.8.0', () => {
    const validate = createValidator(doc).compile({ $ref: '#/components/schemas/BuildParam' });
    for (const kind of ['Milestone', 'Working Period']) {
      expect(validate({ id: 1, buildId: 2, name: 'sprint', type: kind, value: 'Sprint 27' })).toBe(true);
    }
  });
});
