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
  GROUP_READS,
  RAW_TITLE,
  descriptionFiles,
  expectedOutput,
  mockDocument,
  parseProgramOutput,
  readJson,
  setTitleExchange,
  startRecordedMock,
  uncoveredGroups,
  type Exchange,
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

const files = descriptionFiles();
const description = readJson(files.v31);
const mockDoc = mockDocument(description);
const times: Record<string, Record<string, number>> = {};

let mock: RecordedMock;
beforeAll(async () => {
  mock = await startRecordedMock(mockDoc, { maxRequests: 2000, lifetimeMs: 60 * 60_000 });
});
afterAll(async () => {
  await mock?.close();
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

for (const generator of generators) {
  describe(`${generator.language}: ${generator.name} (generated from ${generator.file})`, () => {
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
      const from = mock.exchanges.length;
      const stdout = await timed('run', () => generator.run(work, mock.baseUrl, RAW_TITLE));
      exchanges = mock.exchanges.slice(from);
      output = parseProgramOutput(stdout);
      expected = expectedOutput(mockDoc, exchanges, skippedReads);
    }, 25 * 60_000);
    afterAll(() => {
      if (work) removeWorkFolder(work);
    });

    const missing = generator.missingGroups ?? {};
    const skippedReads = Object.keys(missing).map((group) => GROUP_READS[group]!);

    it('reads one record in each group and decodes its id as the mock sent it', () => {
      expect(Object.keys(expected.reads).length).toBe(Object.keys(GROUP_READS).length - skippedReads.length);
      expect(output.reads).toEqual(expected.reads);
      expect(exchanges.filter((e) => e.method === 'GET' && e.status !== 200).map((e) => `${e.url} ${e.status}`)).toEqual([]);
    });

    if (Object.keys(missing).length > 0) {
      it(`lacks only the operations of ${Object.keys(missing).join(', ')} (${Object.values(missing).join('; ')})`, () => {
        for (const group of Object.keys(missing)) expect(generator.hasOperation!(work, GROUP_READS[group]!)).toBe(false);
        expect(generator.hasOperation!(work, 'pullRequestGetBasicInfo')).toBe(true);
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
