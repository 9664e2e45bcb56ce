/**
 * The README's table of releases is the build's (between `<!-- facts:counts -->` markers), and it
 * states what the committed descriptions hold, counted here on their own.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, SUPPORTED_RELEASES, committedDocument, operationsOf } from './helpers.js';

const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
const region = /^<!-- facts:counts -->\n([\s\S]*?)\n<!-- \/facts:counts -->$/m.exec(readme)?.[1];

describe('README', () => {
  it('carries the counts table where the build writes it', () => {
    expect(region, 'README.md has no <!-- facts:counts --> region').toBeDefined();
    expect(region).toMatch(/^\| OneDev release \| groups \| operations \| schemas \|$/m);
  });

  it.each(SUPPORTED_RELEASES)('states the groups, operations and schemas of %s', (release) => {
    const doc = committedDocument(release);
    const row = new RegExp(`^\\| ${release.replaceAll('.', '\\.')}(?: \\(default\\))? \\| (\\d+) \\| (\\d+) \\| (\\d+) \\|$`, 'm').exec(region ?? '');
    expect(row, `no README row for ${release}`).not.toBeNull();
    expect(row!.slice(1).map(Number)).toEqual([doc.tags!.length, operationsOf(doc).length, Object.keys(doc.components!.schemas!).length]);
  });
});
