/**
 * docs/extensions.md is what the build writes from the extension contract (src/extensions.ts) and
 * the committed descriptions: a section per extension, with its place, type and an example taken
 * from the newest description that carries it. Run `npm run build` when this fails.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXT } from '../../src/extensions.js';
import { EXTENSIONS_FILE, renderExtensionsPage } from '../../scripts/lib/steps/extensions.js';
import { factFiles } from '../../scripts/lib/steps/facts.js';
import { committedDocument, ROOT, SUPPORTED_RELEASES } from '../helpers.js';

const docs = new Map(SUPPORTED_RELEASES.map((tag) => [tag, committedDocument(tag)] as const));
const page = renderExtensionsPage(docs);

describe(EXTENSIONS_FILE, () => {
  it('is what the build writes now (run `npm run build` if this fails)', () => {
    expect(readFileSync(join(ROOT, EXTENSIONS_FILE), 'utf8') === page, `${EXTENSIONS_FILE} is stale`).toBe(true);
  });

  it('has one section per extension of the contract, each with its place, type, meaning and an example', () => {
    const headings = [...page.matchAll(/^## `([^`]+)`$/gm)].map((m) => m[1]);
    expect(headings).toEqual(Object.values(EXT).map((e) => e.name));
    for (const extension of Object.values(EXT)) {
      const body = page.split(`## \`${extension.name}\`\n`)[1]!.split('\n## ')[0]!;
      expect(body, extension.name).toContain(`- **Where:** ${extension.where.join(', ')}`);
      expect(body, extension.name).toContain(`- **Value:** \`${extension.type}\``);
      expect(body, extension.name).toContain(extension.description);
      expect(body, extension.name).toMatch(/Example, from the v[\d.]+ description at `#[^`]*`/);
    }
  });

  it('takes examples from the newest description that has the extension, and follows a change there', () => {
    const newest = SUPPORTED_RELEASES.at(-1)!;
    expect(page).toContain(`Example, from the ${newest} description at \`#\`:\n\n\`\`\`json\n${(committedDocument(newest) as unknown as Record<string, unknown>)[EXT.queryRefusalStatus.name]}\n\`\`\``);
    const changed = new Map(docs);
    changed.set(newest, { ...committedDocument(newest), [EXT.queryRefusalStatus.name]: 599 } as ReturnType<typeof committedDocument>);
    expect(renderExtensionsPage(changed)).toContain(`at \`#\`:\n\n\`\`\`json\n599\n\`\`\``);
    // An extension the newest release lacks is shown from the newest one that has it.
    const without = new Map(docs);
    const { [EXT.version.name]: _dropped, ...info } = committedDocument(newest).info as unknown as Record<string, unknown>;
    without.set(newest, { ...committedDocument(newest), info } as unknown as ReturnType<typeof committedDocument>);
    const older = SUPPORTED_RELEASES.at(-2)!;
    expect(renderExtensionsPage(without)).toContain(`Example, from the ${older} description at \`#/info\`:\n\n\`\`\`json\n"${older}"\n\`\`\``);
  });

  it('is written whole, so the fact regions and the doc-claims scan leave it alone', () => {
    expect(factFiles(ROOT)).not.toContain(EXTENSIONS_FILE);
  });
});
