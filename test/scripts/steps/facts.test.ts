/**
 * The facts step: regions between markers are rewritten from the descriptions, the rest of a file
 * is kept byte for byte, and a marker problem stops the build naming the file, the marker and the line.
 */
import type { OpenAPIObject, ParameterObject } from 'openapi3-ts/oas31';
import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { findRegions, rewriteRegions } from '../../../scripts/lib/facts/regions.js';
import { ONEDEV_TAGS } from '../../../spec/releases.js';
import { FactRegionError, REQUIRED_FACTS, factFiles, renderFacts } from '../../../scripts/lib/steps/facts.js';
import { CHANGELOG_FILE } from '../../../scripts/lib/steps/changelog.js';
import { EXCEPTIONS_FILE, parseExceptionTable } from '../../../scripts/lib/transcript/replay-exceptions.js';
import { committedDocument, DEFAULT_RELEASE, operationsOf, resolveRef, ROOT, SUPPORTED_RELEASES, type SupportedRelease } from '../../helpers.js';

const render = (name: string) => (name === 'answer' ? '| a |\n| --- |\n| 42 |' : undefined);

function rewrite(text: string) {
  const problems: string[] = [];
  const result = rewriteRegions('docs/x.md', text, render, problems);
  return { ...result, problems };
}

const escaped = (tag: string): string => tag.replaceAll('.', '\\.');

/** Lines of README.md and docs/ outside the generated regions that match one of `patterns`. */
function restatedOutsideRegions(patterns: readonly RegExp[], skip: readonly string[] = []): string[] {
  const found: string[] = [];
  for (const file of factFiles(ROOT).filter((f) => !skip.includes(f))) {
    const lines = readFileSync(join(ROOT, file), 'utf8').split('\n');
    const generated = new Set(findRegions(file, lines.join('\n'), []).flatMap((r) => Array.from({ length: r.close - r.open + 1 }, (_, i) => r.open + i)));
    // A sentence may wrap: each line is read with the next.
    lines.forEach((line, i) => {
      const text = `${line} ${lines[i + 1] ?? ''}`;
      if (!generated.has(i) && patterns.some((re) => re.test(text))) found.push(`${file}:${i + 1}: ${line}`);
    });
  }
  return found;
}

describe('regions', () => {
  it('replaces what lies between the markers and keeps everything else', () => {
    const text = 'intro\n<!-- facts:answer -->\nstale\n<!-- /facts:answer -->\noutro\n';
    const { text: out, regions, problems } = rewrite(text);
    expect(problems).toEqual([]);
    expect(regions).toEqual(['answer']);
    expect(out).toBe('intro\n<!-- facts:answer -->\n\n| a |\n| --- |\n| 42 |\n\n<!-- /facts:answer -->\noutro\n');
    expect(rewrite(out).text).toBe(out);
  });

  it('ignores marker lines inside fenced code and markers that share a line with other text', () => {
    const text = '```md\n<!-- facts:answer -->\n```\nSee `<!-- facts:answer -->` above.\n';
    expect(rewrite(text)).toEqual({ text, regions: [], problems: [] });
  });

  it.each([
    ['an opening marker without its closing one', 'a\n<!-- facts:answer -->\nb\n', 'docs/x.md:2: <!-- facts:answer --> has no <!-- /facts:answer -->'],
    ['a closing marker without an opening one', 'a\n<!-- /facts:answer -->\n', 'docs/x.md:2: <!-- /facts:answer --> closes a region that was not opened'],
    [
      'a doubled region',
      '<!-- facts:answer -->\n<!-- /facts:answer -->\n<!-- facts:answer -->\n<!-- /facts:answer -->\n',
      'docs/x.md:3: <!-- facts:answer --> appears twice in the file',
    ],
    [
      'a region opened inside another',
      '<!-- facts:answer -->\n<!-- facts:other -->\n<!-- /facts:other -->\n',
      'docs/x.md:2: <!-- facts:other --> opens inside <!-- facts:answer --> (line 1), which is not closed',
    ],
    ['a mismatched closing marker', '<!-- facts:answer -->\n<!-- /facts:other -->\n', 'docs/x.md:2: <!-- /facts:other --> closes <!-- facts:answer --> (line 1)'],
    ['an unknown fact', '<!-- facts:nonsense -->\n<!-- /facts:nonsense -->\n', 'docs/x.md:1: <!-- facts:nonsense --> names no fact the build knows'],
  ])('reports %s with the file, line and marker, and changes nothing', (_, text, problem) => {
    const { text: out, problems } = rewrite(text);
    expect(problems).toContain(problem);
    expect(out).toBe(text);
  });
});

describe('the facts step', () => {
  const docs = new Map<SupportedRelease, OpenAPIObject>(SUPPORTED_RELEASES.map((tag) => [tag, committedDocument(tag)]));
  const withRequired = (files: Record<string, string>) => {
    const all: Record<string, string> = {};
    for (const [file, names] of Object.entries(REQUIRED_FACTS)) {
      all[file] = names.map((name) => `<!-- facts:${name} -->\n<!-- /facts:${name} -->\n`).join('\n');
    }
    return { ...all, ...files };
  };
  // A table may read a project file the case does not give (the replay's exceptions): the real one.
  const run = (files: Record<string, string>) => renderFacts(docs, Object.keys(files), (file) => files[file] ?? readFileSync(join(ROOT, file), 'utf8'));
  const problemsOf = (files: Record<string, string>): readonly string[] => {
    try {
      run(files);
    } catch (error) {
      if (error instanceof FactRegionError) return error.problems;
      throw error;
    }
    throw new Error('accepted broken markers');
  };

  it('rewrites the files with regions and leaves the others out', () => {
    const artifacts = run(withRequired({ 'docs/plain.md': '# no tables here\n' }));
    expect(artifacts.map((a) => a.path).sort()).toEqual(Object.keys(REQUIRED_FACTS).sort());
    const readme = artifacts.find((a) => a.path === 'README.md')!.content;
    for (const tag of SUPPORTED_RELEASES) expect(readme).toMatch(new RegExp(`^\\| ${tag.replaceAll('.', '\\.')}( \\(default\\))? \\| \\d+ \\| \\d+ \\| \\d+ \\|$`, 'm'));
  });

  it('refuses a file that lost a table it must carry, naming the file and the marker', () => {
    expect(problemsOf(withRequired({ 'docs/paging.md': '# Paging\n' }))).toEqual([
      'docs/paging.md: has no <!-- facts:page-limits --> region; the page-limits table belongs there',
    ]);
    const files = withRequired({});
    delete files['docs/errors.md'];
    expect(problemsOf(files)).toEqual(['docs/errors.md: missing; it must carry <!-- facts:refusals -->, <!-- facts:error-statuses -->']);
  });

  it('says which file and marker broke, in a message for people', () => {
    try {
      run(withRequired({ 'docs/guide.md': 'x\n<!-- facts:raw-text -->\n' }));
      throw new Error('accepted an unclosed region');
    } catch (error) {
      expect(error).toBeInstanceOf(FactRegionError);
      expect((error as Error).message).toBe(
        'The generated regions of README.md and docs/ have 1 problem(s):\n  - docs/guide.md:2: <!-- facts:raw-text --> has no <!-- /facts:raw-text -->',
      );
    }
  });

  /** A rendered table as rows of cells, keyed by its header. */
  const tableOf = (file: string, marker: string) => {
    const text = run(withRequired({})).find((a) => a.path === file)!.content;
    const region = text.slice(text.indexOf(`<!-- facts:${marker} -->`), text.indexOf(`<!-- /facts:${marker} -->`));
    const rows = region.split('\n').filter((l) => l.startsWith('|')).map((l) => l.slice(2, -2).split(' | '));
    const head = rows[0]!.map((h) => h.replace(' (default)', ''));
    return rows.slice(2).map((cells) => Object.fromEntries(head.map((h, i) => [h, cells[i] ?? ''])));
  };
  const isRawText = (value: unknown) => (value as Record<string, unknown> | undefined)?.['x-onedev-raw-text'] === true;

  it('marks in each release column exactly the operations whose body or answer that release marks raw text', () => {
    const rows = tableOf('docs/codegen.md', 'raw-text').filter((r) => r.route!.startsWith('`'));
    for (const tag of SUPPORTED_RELEASES) {
      const doc = docs.get(tag)!;
      const expected = operationsOf(doc)
        .filter(({ operation }) => isRawText(resolveRef(doc, operation.requestBody)) || isRawText(resolveRef(doc, operation.responses?.['200'])))
        .map(({ method, path }) => `\`${method} ${path}\``);
      expect(rows.filter((r) => r[tag] === '✓').map((r) => r.route).sort(), tag).toEqual(expected.sort());
    }
  });

  it("gives each read's page limit at each release as its count parameter states it", () => {
    const rows = tableOf('docs/paging.md', 'page-limits');
    for (const tag of SUPPORTED_RELEASES) {
      const doc = docs.get(tag)!;
      for (const { method, path, operation } of operationsOf(doc)) {
        const count = (operation.parameters ?? []).map((p) => resolveRef<ParameterObject>(doc, p)).find((p) => p.in === 'query' && p.name === 'count');
        if (method !== 'GET' || !count) continue;
        const nonAdmin = count['x-onedev-non-admin-maximum'];
        const everyone = (count.schema as { maximum?: number }).maximum;
        const expected = nonAdmin !== undefined ? `${nonAdmin} (non-admins)` : everyone !== undefined ? String(everyone) : 'none';
        expect(rows.find((r) => r.route === `\`GET ${path}\``)?.[tag], `${tag} GET ${path}`).toBe(expected);
      }
    }
  });

  it("gives the bad-query row each release's query-refusal status", () => {
    const row = tableOf('docs/errors.md', 'refusals').find((r) => r.refused!.startsWith('a bad query parameter'))!;
    for (const tag of SUPPORTED_RELEASES) {
      expect(row[tag], tag).toBe(String((docs.get(tag) as unknown as Record<string, unknown>)['x-onedev-query-refusal-status']));
    }
  });

  it('lists every tag the catalogue knows once, by major, with the releases published', () => {
    const rows = tableOf('docs/releases.md', 'tags');
    const majors = rows.filter((r) => r.major !== '**all**');
    expect(majors.reduce((sum, r) => sum + Number(r['how many']), 0)).toBe(ONEDEV_TAGS.length);
    expect(majors.map((r) => r.tags!.split(' – ')[0])).toEqual([...new Set(ONEDEV_TAGS.map((t) => t.split('.')[0]))].map((m) => ONEDEV_TAGS.find((t) => t.startsWith(`${m}.`))));
    expect(rows.at(-1)).toEqual({ major: '**all**', tags: `${ONEDEV_TAGS[0]} – ${ONEDEV_TAGS.at(-1)}`, 'how many': String(ONEDEV_TAGS.length), published: String(SUPPORTED_RELEASES.length) });
    const published = majors.flatMap((r) => (r.published ? r.published.split(', ').map((t) => t.replace(' (default)', '')) : []));
    expect(published).toEqual([...SUPPORTED_RELEASES]);
  });

  it('lists the published releases newest first, with the folder and the package entry of each', () => {
    const rows = tableOf('docs/releases.md', 'published');
    expect(rows.map((r) => r.OneDev!.split(' ')[0])).toEqual([...SUPPORTED_RELEASES].reverse());
    expect(rows.filter((r) => r.OneDev!.includes('(default)')).map((r) => r.OneDev!.split(' ')[0])).toEqual([DEFAULT_RELEASE]);
    for (const r of rows) {
      const tag = r.OneDev!.split(' ')[0]!;
      expect(r.folder).toContain(`\`generated/releases/${tag}/\``);
      expect(r['package entry']).toContain(`\`onedev-openapi/releases/${tag}/openapi.json\``);
      expect(existsSync(join(ROOT, 'generated/releases', tag, 'openapi.json'))).toBe(true);
    }
  });

  it("sums up the replay's exceptions by cause, every listed entry once, in the mock's contributor page", () => {
    const table = parseExceptionTable(readFileSync(join(ROOT, EXCEPTIONS_FILE), 'utf8'));
    const rows = tableOf('docs/mock-internals.md', 'replay-exceptions');
    const causes = rows.filter((r) => r.cause !== '**all**');
    expect(causes.map((r) => r.cause)).toEqual(table.groups.map((g) => g.cause));
    expect(causes.map((r) => r.lines)).toEqual(table.groups.map((g) => g.entries.map((e) => e.line).join(', ')));
    const total = table.groups.reduce((sum, g) => sum + g.entries.length, 0);
    expect(rows.at(-1)!.entries).toBe(String(total));
    expect(causes.reduce((sum, r) => sum + Number(r.entries), 0)).toBe(total);
  });

  it('names the exceptions file when it is not a table of groups', () => {
    expect(() => parseExceptionTable('{"groups": [{"cause": "x"}]}')).toThrow(`${EXCEPTIONS_FILE}: each group needs a cause, a why and its entries`);
  });

  it('leaves the number and range of tags to the generated table: no hand-written prose restates them', () => {
    const restated = [new RegExp(`\\b${ONEDEV_TAGS.length} (OneDev )?tags\\b`), new RegExp(`from ${escaped(ONEDEV_TAGS[0]!)} to ${escaped(ONEDEV_TAGS.at(-1)!)}`)];
    expect(restatedOutsideRegions(restated)).toEqual([]);
  });

  it('leaves the published releases and which is the default to the generated tables: no hand-written prose names them', () => {
    const latest = escaped(DEFAULT_RELEASE);
    const restated = [
      new RegExp(`\\b(newest|default|latest)\\b[^.;]{0,40}\\b${latest}\\b`, 'i'),
      new RegExp(`\\b${latest}\\b\\W{0,4}(the )?(default|newest|latest)\\b`, 'i'),
      // Two published releases in a row, as a list of them would have.
      ...SUPPORTED_RELEASES.slice(1).map((tag, i) => new RegExp(`\\b${escaped(SUPPORTED_RELEASES[i]!)},? (and )?${escaped(tag)}\\b`)),
    ];
    // The benchmark page is written whole by `npm run bench -- --write` and names the release it measured.
    expect(restatedOutsideRegions(restated, ['docs/benchmarks.md'])).toEqual([]);
    // The check itself finds what it is for.
    expect(restated.some((re) => re.test(`the newest release (${DEFAULT_RELEASE})`))).toBe(true);
    expect(restated.some((re) => re.test(SUPPORTED_RELEASES.join(', ')))).toBe(true);
  });

  it('reads README.md and the Markdown under docs/, but not the changelog the build writes whole', () => {
    const files = factFiles(ROOT);
    expect(files[0]).toBe('README.md');
    expect(files).toEqual(expect.arrayContaining(Object.keys(REQUIRED_FACTS)));
    expect(files).toContain('docs/guides/README.md');
    expect(files).not.toContain(CHANGELOG_FILE);
  });
});
