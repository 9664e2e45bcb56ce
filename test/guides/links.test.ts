/**
 * The relative links of the guides, the getting-started page and the README's guide list lead to
 * files that exist, and a `#fragment` to a heading of that file (GitHub's slug: lower case, spaces
 * as `-`, punctuation dropped).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers.js';
import { FLOW_GUIDES, GUIDES_DIR, moduleFolder } from './guide-module.js';

const slug = (heading: string): string => heading.trim().toLowerCase().replace(/[^\p{L}\p{N} _-]/gu, '').replace(/ /g, '-');

function brokenLinks(file: string): string[] {
  const text = readFileSync(file, 'utf8').replace(/^```[\s\S]*?^```$/gm, '');
  const broken: string[] = [];
  for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
    if (/^[a-z]+:/i.test(target!)) continue;
    const [path, fragment] = target!.split('#') as [string, string | undefined];
    const linked = path === '' ? file : resolve(dirname(file), path);
    if (!existsSync(linked)) {
      broken.push(`${target}: no such file`);
      continue;
    }
    if (fragment !== undefined && linked.endsWith('.md')) {
      const headings = [...readFileSync(linked, 'utf8').matchAll(/^#+ (.+)$/gm)].map((m) => slug(m[1]!));
      if (!headings.includes(fragment)) broken.push(`${target}: no such heading`);
    }
  }
  return broken;
}

describe('guide links', () => {
  it('the check finds a missing file and a missing heading', async () => {
    const { dir, remove } = await moduleFolder('onedev-guide-links-');
    try {
      const probe = join(dir, 'probe.md');
      writeFileSync(
        probe,
        [
          '# Probe',
          `[ok](${join(ROOT, 'docs/getting-started.md')}#text-bodies) [ok](#probe) [web](https://onedev.io)`,
          `[gone](missing.md) [no heading](${join(ROOT, 'docs/getting-started.md')}#no-such-part)`,
          '```md',
          '[in code](not-checked.md)',
          '```',
        ].join('\n'),
      );
      expect(brokenLinks(probe).map((b) => b.replace(ROOT, '<root>'))).toEqual([
        'missing.md: no such file',
        '<root>/docs/getting-started.md#no-such-part: no such heading',
      ]);
    } finally {
      await remove();
    }
  });

  it('every relative link resolves', () => {
    const files = [
      join(ROOT, 'README.md'),
      join(ROOT, 'docs/getting-started.md'),
      join(GUIDES_DIR, 'README.md'),
      ...FLOW_GUIDES.map((guide) => join(GUIDES_DIR, `${guide}.md`)),
    ];
    for (const file of files) expect(brokenLinks(file), file).toEqual([]);
  });
});
