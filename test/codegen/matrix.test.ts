/**
 * The code-generation matrix: for each generator, generate a client from the description file
 * that suits it, compile or type-check it with 0 errors, and run a small program against the mock
 * (test/codegen/harness.ts says what it does and how the answers are checked).
 *
 * One test file, generators one after another: compilers (tsc, javac, go, rustc) each use both
 * cores of the machine, so running them side by side only makes each slower and risks timeouts.
 * Times of each phase are printed at the end and written to test-output/codegen-times.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../scripts/lib/artifacts.js';
import { seedRows } from '../helpers.js';
import { removeWorkFolder, workFolder, type Generator } from './generator.js';
import {
  BIG_ID,
  NEWEST,
  RAW_TITLE,
  READ_SETS,
  RELEASE,
  descriptionFiles,
  expectedOutput,
  mockDocument,
  parseProgramOutput,
  readJson,
  setTitleExchange,
  startRecordedMock,
  uncoveredGroups,
  type Exchange,
  type MatrixRelease,
  type ProgramOutput,
  type RecordedMock,
} from './harness.js';
import { goGenerators } from './go/generators.js';
import { javaGenerators } from './java/generators.js';
import { nodeGenerators } from './node/generators.js';
import { pythonGenerators } from './python/generators.js';
import { rustGenerators } from './rust/generators.js';

/** Fastest first, so a broken description shows up early. */
const generators: Generator[] = [...nodeGenerators, ...pythonGenerators, ...goGenerators, ...rustGenerators, ...javaGenerators];

/** Each release the matrix generates from: its files, the mock's document, and (once started) its mock. */
const releases = Object.fromEntries(
  ([RELEASE, NEWEST] as const).map((release) => {
    const files = descriptionFiles(release);
    const description = readJson(files.v31);
    return [release, { files, description, mockDoc: mockDocument(description, READ_SETS[release].pullRequest) }];
  }),
) as Record<MatrixRelease, { files: ReturnType<typeof descriptionFiles>; description: Record<string, any>; mockDoc: Record<string, any> }>;
const description = releases[RELEASE].description;
const mocks = new Map<MatrixRelease, RecordedMock>();
const times: Record<string, Record<string, number>> = {};

beforeAll(async () => {
  for (const release of [RELEASE, NEWEST] as const) {
    mocks.set(release, await startRecordedMock(releases[release].mockDoc, { maxRequests: 2000, lifetimeMs: 60 * 60_000 }));
  }
});
afterAll(async () => {
  for (const mock of mocks.values()) await mock.close();
  const lines = Object.entries(times).map(
    ([name, phases]) => `${name}: ${Object.entries(phases).map(([p, ms]) => `${p} ${(ms / 1000).toFixed(1)} s`).join(', ')}`,
  );
  console.log(`code-generation matrix times\n${lines.join('\n')}`);
  mkdirSync(join(ROOT, 'test-output'), { recursive: true });
  writeFileSync(join(ROOT, 'test-output/codegen-times.json'), `${JSON.stringify(times, null, 2)}\n`);
});

it("GROUP_READS and the Setting read cover each of the seed catalogue's 20 groups", () => {
  const seedGroups = [...new Set(seedRows.map((row) => row.group))];
  expect(seedGroups).toHaveLength(20);
  expect(uncoveredGroups(description, seedGroups)).toEqual([]);
});

it(`the ${NEWEST} reads cover every seed group ${NEWEST} still has, issues and the current user`, () => {
  const doc = releases[NEWEST].description;
  const present = new Set(Object.values(doc.paths as Record<string, Record<string, any>>).flatMap((item) => Object.values(item).map((op) => op?.tags?.[0])));
  const seedGroups = [...new Set(seedRows.map((row) => row.group))].filter((group) => present.has(group));
  expect(seedGroups.length).toBeGreaterThanOrEqual(17);
  expect(uncoveredGroups(doc, [...seedGroups, 'Issue', 'User'], READ_SETS[NEWEST].reads)).toEqual([]);
});

for (const generator of generators) {
  const release = generator.release ?? RELEASE;
  const set = READ_SETS[release];
  const { files, mockDoc } = releases[release];
  describe(`${generator.language}: ${generator.name} (generated from ${release} ${generator.file})`, () => {
    let work: string;
    let output: ProgramOutput;
    let expected: ProgramOutput;
    let exchanges: Exchange[];
    const spent: Record<string, number> = (times[generator.name] = {});
    const timed = async <T>(phase: string, action: () => Promise<T>): Promise<T> => {
      const start = Date.now();
      try {
        return await action();
      } finally {
        spent[phase] = Date.now() - start;
      }
    };

    beforeAll(async () => {
      await timed('install', () => generator.install());
      work = workFolder(generator.name.replace(/[^a-z0-9]+/gi, '-'), generator.program);
      await timed('generate', () => generator.generate(work, files));
      await timed('build', () => generator.build(work));
      const mock = mocks.get(release)!;
      const from = mock.exchanges.length;
      const stdout = await timed('run', () => generator.run(work, mock.baseUrl, RAW_TITLE));
      exchanges = mock.exchanges.slice(from);
      output = parseProgramOutput(stdout);
      expected = expectedOutput(mockDoc, exchanges, skippedReads, set);
    }, 25 * 60_000);
    afterAll(() => {
      if (work) removeWorkFolder(work);
    });

    const missing = generator.missingGroups ?? {};
    const skippedReads = Object.keys(missing).map((group) => set.reads[group]!);

    it('reads one record in each group and decodes its id as the mock sent it', () => {
      expect(Object.keys(expected.reads).length).toBe(Object.keys(set.reads).length - skippedReads.length);
      expect(output.reads).toEqual(expected.reads);
      expect(exchanges.filter((e) => e.method === 'GET' && e.status !== 200).map((e) => `${e.url} ${e.status}`)).toEqual([]);
    });

    if (Object.keys(missing).length > 0) {
      it(`lacks only the operations of ${Object.keys(missing).join(', ')} (${Object.values(missing).join('; ')})`, () => {
        for (const group of Object.keys(missing)) expect(generator.hasOperation!(work, set.reads[group]!)).toBe(false);
        expect(generator.hasOperation!(work, set.pullRequest)).toBe(true);
      });
    }

    const required = generator.requiredOperations;
    if (required) {
      it(`has ${required.operationIds.join(', ')} (${required.why})`, () => {
        expect(required.operationIds.filter((id) => !generator.hasOperation!(work, id))).toEqual([]);
        // The lookup itself can fail: an operation no release has is not found.
        expect(generator.hasOperation!(work, 'noSuchGroupNoSuchOperation')).toBe(false);
      });
    }

    it('narrows the polymorphic executor list on @type', () => {
      expect(output.executors).toEqual(expected.executors);
    });

    it('reads a nullable field as null', () => {
      expect(output.buildCancellerIdIsNull).toBe(true);
    });

    it(`keeps an int64 id above 2^31 exact, in the path and in the answer`, () => {
      expect(expected.bigPullRequestId, 'the mock answered with another id').toBe(BIG_ID);
      expect(output.bigPullRequestId).toBe(BIG_ID);
      expect(exchanges.some((e) => e.method === 'GET' && e.url === `/~api/pulls/${BIG_ID}`)).toBe(true);
    });

    it('sends a raw-text body as the text itself with Content-Type application/json (checked on the mock side)', () => {
      const sent = setTitleExchange(exchanges);
      expect(sent, 'no Set Title request reached the mock').toBeDefined();
      expect(sent!.body).toBe(RAW_TITLE);
      expect(sent!.contentType?.split(';')[0]?.trim().toLowerCase()).toBe('application/json');
      expect(sent!.status).toBe(200);
      expect(output.setTitleStatus).toBe(200);
    });

    it('sends credentials with every request', () => {
      expect(exchanges.length).toBeGreaterThan(0);
      expect(exchanges.filter((e) => !e.authorization).map((e) => `${e.method} ${e.url}`)).toEqual([]);
    });
  });
}
