/**
 * Cost of `npm run build` for every supported release: the whole command as users run it (a child
 * process, tsx start-up included), then in this process the time per release (catalogue → document
 * plus each release step) and the growth with the number of releases built. Medians of a few rounds.
 * Targets: whole build < 30 s on 2 cores; time per release flat as releases are added (linear growth).
 */
import { execFile } from 'node:child_process';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ROOT, releaseSteps, setSteps } from '../scripts/lib/artifacts.js';
import { buildRelease, buildReleases } from '../scripts/lib/releases.js';
import { SUPPORTED_RELEASES } from '../spec/releases.js';

const run = promisify(execFile);
const ROUNDS = 3;
const TARGET_BUILD_MS = 30_000;

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

async function time(body: () => unknown): Promise<number> {
  const started = performance.now();
  await body();
  return performance.now() - started;
}

/** Document plus every release step, for one release. */
async function oneRelease(tag: (typeof SUPPORTED_RELEASES)[number]): Promise<void> {
  const doc = buildRelease(tag);
  for (const step of Object.values(releaseSteps)) await step(doc);
}

export default async function bench(): Promise<string> {
  // Whole command first, so the in-process rounds below do not warm its caches.
  const whole: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    whole.push(await time(() => run(join(ROOT, 'node_modules/.bin/tsx'), ['scripts/build.ts'], { cwd: ROOT, timeout: 300_000 })));
  }

  await oneRelease(SUPPORTED_RELEASES[0]); // warm-up: module loading and JIT
  const perRelease = new Map<string, number[]>(SUPPORTED_RELEASES.map((tag) => [tag, []]));
  const growth = new Map<number, number[]>();
  for (let round = 0; round < ROUNDS; round++) {
    for (const tag of SUPPORTED_RELEASES) perRelease.get(tag)!.push(await time(() => oneRelease(tag)));
    // The first k releases together (documents, release steps), k = 1 .. all.
    for (let k = 1; k <= SUPPORTED_RELEASES.length; k++) {
      const tags = SUPPORTED_RELEASES.slice(0, k);
      const ms = await time(async () => {
        const docs = buildReleases(tags, undefined, { unused: false });
        for (const doc of docs.values()) for (const step of Object.values(releaseSteps)) await step(doc);
      });
      growth.set(k, [...(growth.get(k) ?? []), ms]);
    }
  }
  const docs = buildReleases(SUPPORTED_RELEASES);
  const setTimes: Record<string, number[]> = {};
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, step] of Object.entries(setSteps)) (setTimes[name] ??= []).push(await time(() => step(docs)));
  }

  const fmt = (ms: number) => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(0)} ms`);
  const wholeMs = median(whole);
  const perOne = median(growth.get(1)!);
  const perAll = median(growth.get(SUPPORTED_RELEASES.length)!) / SUPPORTED_RELEASES.length;
  return [
    '## Build (`npm run build`, every release)',
    '',
    `Medians of ${ROUNDS} rounds on ${cpus().length} cores. The whole command runs as a child process ` +
      '(Node and tsx start-up, every release, every step, file writes); the rest is timed in one process after a warm-up.',
    '',
    '| measure | median | target | met |',
    '| --- | --- | --- | --- |',
    `| whole \`npm run build\` (${SUPPORTED_RELEASES.length} releases) | ${fmt(wholeMs)} | < ${fmt(TARGET_BUILD_MS)} | ${wholeMs < TARGET_BUILD_MS ? 'yes' : 'no'} |`,
    `| time per release, building all ${SUPPORTED_RELEASES.length} ÷ building 1 | ${(perAll / perOne).toFixed(2)} | ≤ 1.2 (linear) | ${perAll / perOne <= 1.2 ? 'yes' : 'no'} |`,
    '',
    '| one release (document + spec, types, variants) | median |',
    '| --- | --- |',
    ...SUPPORTED_RELEASES.map((tag) => `| ${tag} | ${fmt(median(perRelease.get(tag)!))} |`),
    '',
    '| releases built together | median | per release |',
    '| --- | --- | --- |',
    ...[...growth].map(([k, values]) => `| ${k} | ${fmt(median(values))} | ${fmt(median(values) / k)} |`),
    '',
    '| whole-set step | median |',
    '| --- | --- |',
    ...Object.entries(setTimes).map(([name, values]) => `| ${name} | ${fmt(median(values))} |`),
  ].join('\n');
}
