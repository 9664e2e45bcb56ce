/** The README's table of releases states what the committed descriptions hold. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, SUPPORTED_RELEASES, committedDocument, operationsOf } from './helpers.js';

const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');

describe('README', () => {
  it.each(SUPPORTED_RELEASES)('states the groups, operations and schemas of %s', (release) => {
    const doc = committedDocument(release);
    const row = new RegExp(`^\\| ${release.replaceAll('.', '\\.')}(?: \\(default\\))? \\| (\\d+) \\| (\\d+) \\| (\\d+) \\|$`, 'm').exec(readme);
    expect(row, `no README row for ${release}`).not.toBeNull();
    expect(row!.slice(1).map(Number)).toEqual([doc.tags!.length, operationsOf(doc).length, Object.keys(doc.components!.schemas!).length]);
  });
});
