/**
 * `describe` (scripts/lib/describe.ts) for every one of the catalogue's OneDev tags, v11.11.0 to
 * v16.5.6, in two halves (describe-every-tag-{1,2}.test.ts, so the two run side by side): each
 * tag's six files are written, named for the tag, and, for a published release, equal to its
 * committed folder byte for byte. Every distinct set of files is then checked in full
 * (describe-checks.ts: valid 3.1 and 3.0, no reference left after dereferencing, the release
 * named where it should be), linted (redocly recommended-strict) and its types type-checked strictly.
 *
 * "Distinct": tags whose six files are equal once their own tag and version are blanked out
 * (v14.0.0 to v14.0.7, say: OneDev changed nothing of the API between them) have the same files
 * but for those names, so the checks of the first of them hold for the others; the test computes
 * that equality for every such tag rather than assuming it. This keeps each half to one full check
 * per change OneDev made, instead of one per tag.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { describeRelease, type DescribedFile } from '../../scripts/lib/describe.js';
import { SUPPORTED_RELEASES, type OneDevTag } from '../../spec/releases.js';
import { ROOT } from '../helpers.js';
import { keepTagDocument } from '../support/tag-documents.js';
import { checkReleaseFiles, lintFiles, RELEASE_FILE_NAMES, typecheckTypes, writeReleaseFolders } from './describe-checks.js';

/** A tag's own names blanked out, so tags with the same API give the same text. */
function blanked(tag: string, text: string): string {
  return text.replaceAll(tag, '<tag>').replaceAll(tag.slice(1), '<version>');
}

function digest(tag: string, files: readonly DescribedFile[]): string {
  const hash = createHash('sha256');
  for (const file of files) hash.update(file.name).update('\0').update(blanked(tag, file.content)).update('\0');
  return hash.digest('hex');
}

/** Registers the tests for `tags` (oldest first). */
export function describeEveryTag(title: string, tags: readonly OneDevTag[]): void {
  const work = mkdtempSync(join(tmpdir(), 'describe-every-tag-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));
  /** Distinct sets of files (by digest) -> the tags that have them, oldest first. */
  const groups = new Map<string, string[]>();
  /** The first tag of each group, checked in full: its 3.1 description and types, kept for linting and type-checking. */
  const checked = new Map<string, DescribedFile[]>();

  describe(title, () => {
    it.each(tags)('%s: six files for the tag, checked, or equal to a checked tag’s but for the names', async (tag) => {
      const files = await describeRelease(tag);
      expect(files.map((f) => f.name)).toEqual(RELEASE_FILE_NAMES);
      // Its build, for the run's other every-tag files (test/support/tag-documents.ts).
      keepTagDocument(tag, files[0]!.content);
      expect((JSON.parse(files[0]!.content) as { info: Record<string, unknown> }).info['x-onedev-version']).toBe(tag);
      if ((SUPPORTED_RELEASES as readonly string[]).includes(tag)) {
        for (const file of files) {
          expect(file.content === readFileSync(join(ROOT, 'generated/releases', tag, file.name), 'utf8'), `${tag} ${file.name} equals the committed file`).toBe(true);
        }
      }
      const key = digest(tag, files);
      const group = groups.get(key);
      if (group) {
        group.push(tag);
        return;
      }
      await checkReleaseFiles(tag, files, { parse: false });
      groups.set(key, [tag]);
      checked.set(tag, files.filter((f) => f.name === 'openapi.json' || f.name === 'openapi.d.ts'));
    });

    it('every tag was described, and belongs to exactly one group whose first tag was checked in full', () => {
      expect([...groups.values()].flat().sort()).toEqual([...tags].sort());
      expect([...checked.keys()]).toEqual([...groups.values()].map((members) => members[0]));
    });

    it('every distinct description is lint-clean and its types type-check strictly', async () => {
      const folders = writeReleaseFolders(work, checked);
      const files = [...folders.values()].map((folder) => join(folder, 'openapi.json'));
      const [lint, types] = await Promise.all([lintFiles(files), typecheckTypes(work, [...folders.values()])]);
      expect(lint.problems).toEqual([]);
      expect(lint.reported).toBe(files.length);
      expect(types).toBe('');
    }, 1_200_000);
  });
}
