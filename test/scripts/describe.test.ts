/**
 * `describe` (scripts/describe.ts, scripts/lib/describe.ts) on a sample: one tag the package does
 * not publish from each of the six majors. Each tag's files are those the build's own steps write
 * for that tag, byte for byte (the command's output for one of them, through the command line),
 * valid, lint-clean and type-checking; a published tag's equal the committed folder. Unknown tags
 * are refused with the known ones and the nearest older one. Every tag is checked by
 * describe-every-tag.test.ts.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { releaseSteps } from '../../scripts/lib/artifacts.js';
import { describeRelease, ReleaseNotFoundError, writeRelease, type DescribedFile } from '../../scripts/lib/describe.js';
import { buildReleases } from '../../scripts/lib/releases.js';
import { ONEDEV_TAGS, SUPPORTED_RELEASES, type OneDevTag } from '../../spec/releases.js';
import { ROOT } from '../helpers.js';
import { checkReleaseFiles, lintFiles, RELEASE_FILE_NAMES, typecheckTypes, writeReleaseFolders } from './describe-checks.js';

/** One unpublished tag of each major, v11 to v16. */
const SAMPLE: readonly OneDevTag[] = ['v11.11.0', 'v12.0.3', 'v13.0.7', 'v14.1.0', 'v15.0.0', 'v16.3.2'];
/** The tag written through the command line. */
const THROUGH_CLI: OneDevTag = 'v16.3.2';

const work = mkdtempSync(join(tmpdir(), 'describe-test-'));
const described = new Map<string, DescribedFile[]>();
let cli: { status: number | null; stdout: string; stderr: string };

/** The command as a user runs it in a checkout (`npm run describe -- ...`). */
function describeCommand(args: string[]): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/describe.ts', ...args], { cwd: ROOT, encoding: 'utf8', timeout: 120_000 });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

beforeAll(async () => {
  cli = describeCommand(['--release', THROUGH_CLI, '--out', join(work, 'cli')]);
  for (const tag of SAMPLE) {
    described.set(
      tag,
      tag === THROUGH_CLI
        ? RELEASE_FILE_NAMES.map((name) => ({ name, content: readFileSync(join(work, 'cli', name), 'utf8') }))
        : await describeRelease(tag),
    );
  }
}, 300_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('describe on one tag of each major', () => {
  it('the sample spans the six majors and holds no published release', () => {
    expect(new Set(SAMPLE.map((tag) => tag.split('.')[0])).size).toBe(6);
    for (const tag of SAMPLE) expect(SUPPORTED_RELEASES).not.toContain(tag);
  });

  it(`the command writes ${THROUGH_CLI}'s six files into --out and lists them`, () => {
    expect(cli.stderr).toBe('');
    expect(cli.status).toBe(0);
    expect(cli.stdout).toMatch(new RegExp(`^OneDev ${THROUGH_CLI.replaceAll('.', '\\.')}: wrote 6 files in [\\d.]+ s\\n`));
    expect(readdirSync(join(work, 'cli')).sort()).toEqual([...RELEASE_FILE_NAMES].sort());
  });

  it.each(SAMPLE)("%s: the files are the build's, byte for byte", async (tag) => {
    // What the build runs for a release (scripts/lib/artifacts.ts): its document, then each release step.
    const doc = buildReleases([tag], undefined, { unused: false }).get(tag)!;
    const expected: DescribedFile[] = [];
    for (const step of Object.values(releaseSteps)) expected.push(...(await step(doc)));
    const actual = described.get(tag)!;
    expect(actual.map((f) => f.name)).toEqual(expected.map((f) => f.name));
    for (const [i, file] of actual.entries()) expect(file.content === expected[i]!.content, `${tag} ${file.name}`).toBe(true);
  });

  it.each(SAMPLE)('%s: valid 3.1 and 3.0, YAML equal to JSON, dereferenced, named for the tag', async (tag) => {
    await checkReleaseFiles(tag, described.get(tag)!);
  });

  it('every sample tag differs from its neighbours where the catalogue says (not one document for all)', () => {
    const ops = (tag: string) => Object.keys((JSON.parse(described.get(tag)![0]!.content) as { paths: object }).paths).length;
    // Workspaces came with v16.3.0; Milestones left after v11.11.x.
    expect(described.get('v16.3.2')![0]!.content).toContain('"/workspaces"');
    expect(described.get('v16.3.2')![0]!.content).not.toContain('"/milestones/{milestoneId}"');
    expect(described.get('v11.11.0')![0]!.content).toContain('"/milestones/{milestoneId}"');
    expect(new Set(SAMPLE.map(ops)).size).toBeGreaterThan(3);
  });

  it('the sample is lint-clean (redocly recommended-strict) and its types type-check strictly', async () => {
    const folders = writeReleaseFolders(join(work, 'sample'), described);
    const files = [...folders.values()].map((folder) => join(folder, 'openapi.json'));
    const [lint, types] = await Promise.all([lintFiles(files), typecheckTypes(join(work, 'sample'), [...folders.values()])]);
    expect(lint.problems).toEqual([]);
    expect(lint.reported).toBe(files.length);
    expect(types).toBe('');
  }, 240_000);
});

describe('describe on a published release', () => {
  const tag = SUPPORTED_RELEASES[3]!;
  it(`writes ${tag}'s committed files (generated/releases/${tag}/), byte for byte`, async () => {
    const dir = join(work, 'published');
    const written = await writeRelease(tag, dir);
    expect(written).toEqual(RELEASE_FILE_NAMES.map((name) => join(dir, name)));
    for (const name of RELEASE_FILE_NAMES) {
      expect(readFileSync(join(dir, name), 'utf8') === readFileSync(join(ROOT, 'generated/releases', tag, name), 'utf8'), name).toBe(true);
    }
  });
});

describe('unknown tags', () => {
  it.each([
    ['v16.3.9', /Unknown OneDev release "v16\.3\.9": the nearest older tag it knows is v16\.3\.4\./],
    ['v17.0.0', /Unknown OneDev release "v17\.0\.0": the nearest older tag it knows is v16\.5\.6 \(the newest\)\./],
    ['v9.9.9', /Unknown OneDev release "v9\.9\.9": it is older than every tag the catalogue knows \(the oldest is v11\.11\.0\)\./],
    ['latest', /Unknown OneDev release "latest": it is not a version/],
  ])('%s is refused by the function, naming what it is next to and listing the known tags', async (tag, reason) => {
    const error = await describeRelease(tag).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ReleaseNotFoundError);
    const message = (error as Error).message;
    expect(message).toMatch(reason);
    expect(message).toContain(`The catalogue describes these ${ONEDEV_TAGS.length} tags (v11.11.0 .. v16.5.6):`);
    for (const known of ONEDEV_TAGS) expect(message).toMatch(new RegExp(`[ :]${known.replaceAll('.', '\\.')}( |\\n|$)`));
  });

  it('the command refuses an unknown tag with exit 2, the list and the usage, writes nothing and shows no stack trace', () => {
    const out = join(work, 'refused');
    const result = describeCommand(['--release', 'v16.3.9', '--out', out]);
    expect(result.status).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^Unknown OneDev release "v16\.3\.9": the nearest older tag it knows is v16\.3\.4\.\n/);
    expect(result.stderr).toMatch(/^ {2}v16\.3: +v16\.3\.0 v16\.3\.1 v16\.3\.2 v16\.3\.3 v16\.3\.4$/m);
    expect(result.stderr).toMatch(/Usage: npm run describe -- --release <tag>/);
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(() => readdirSync(out)).toThrow();
  });

  it('the command says when --out cannot be written (a file in the way): exit 1, no stack trace', () => {
    const file = join(work, 'a-file');
    writeFileSync(file, 'not a folder');
    const result = describeCommand(['--release', 'v12.0.3', '--out', join(file, 'sub')]);
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(new RegExp(`^Cannot write into ${join(file, 'sub').replaceAll('.', '\\.')}: ENOTDIR`));
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it('the command asks for --release when it has none (exit 2)', () => {
    const result = describeCommand([]);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/^--release is required\nUsage: /);
  });
});
