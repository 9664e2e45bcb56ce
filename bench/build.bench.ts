/**
 * Cost of `npm run build`: the whole command as users run it (a child process, tsx start-up
 * included) and, in this process, the catalogue build plus each step of scripts/lib/artifacts.ts.
 * Every figure is a median of a few rounds; targets: whole build < 15 s, spec step < 0.3 s.
 */
import { execFile } from 'node:child_process';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ROOT, steps } from '../scripts/lib/artifacts.js';
import { buildDocument } from '../scripts/lib/build-document.js';
import { catalogue } from '../scripts/lib/catalogue.js';

const run = promisify(execFile);
const ROUNDS = 3;
const TARGET_BUILD_MS = 15_000;
const TARGET_SPEC_MS = 300;

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

export default async function bench(): Promise<string> {
  // Whole command first, so the in-process rounds below do not warm its caches.
  const whole: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    whole.push(await time(() => run(join(ROOT, 'node_modules/.bin/tsx'), ['scripts/build.ts'], { cwd: ROOT, timeout: 300_000 })));
  }

  const perStep: Record<string, number[]> = { 'catalogue → document': [] };
  for (const name of Object.keys(steps)) perStep[name] = [];
  for (let i = 0; i < ROUNDS + 1; i++) {
    let doc!: ReturnType<typeof buildDocument>;
    const build = await time(() => (doc = buildDocument(catalogue)));
    const round: Record<string, number> = { 'catalogue → document': build };
    for (const [name, step] of Object.entries(steps)) round[name] = await time(() => step(doc));
    if (i === 0) continue; // warm-up round: module loading and JIT
    for (const [name, ms] of Object.entries(round)) perStep[name]!.push(ms);
  }

  const wholeMs = median(whole);
  const specMs = median(perStep.spec!);
  const stepTotal = Object.values(perStep).reduce((sum, values) => sum + median(values), 0);
  const fmt = (ms: number) => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(0)} ms`);
  const rows = Object.entries(perStep).map(
    ([name, values]) => `| ${name} | ${fmt(median(values))} | ${((median(values) / stepTotal) * 100).toFixed(0)} % |`,
  );
  return [
    '## Build (`npm run build`)',
    '',
    `Medians of ${ROUNDS} rounds on ${cpus().length} cores. The whole command runs as a child process ` +
      '(Node and tsx start-up, catalogue build, every step, file writes); the steps are timed in one ' +
      'process after a warm-up round, each on the same built document.',
    '',
    `| measure | median | target | met |`,
    '| --- | --- | --- | --- |',
    `| whole \`npm run build\` | ${fmt(wholeMs)} | < ${fmt(TARGET_BUILD_MS)} | ${wholeMs < TARGET_BUILD_MS ? 'yes' : 'no'} |`,
    `| \`spec\` step (JSON + YAML emission) | ${fmt(specMs)} | < ${fmt(TARGET_SPEC_MS)} | ${specMs < TARGET_SPEC_MS ? 'yes' : 'no'} |`,
    '',
    '| step (in process, warm) | median | share of steps |',
    '| --- | --- | --- |',
    ...rows,
    `| sum of steps | ${fmt(stepTotal)} | 100 % |`,
    '',
    `Start-up, module loading and file writes account for the rest of the whole command ` +
      `(${fmt(Math.max(0, wholeMs - stepTotal))}, ${((Math.max(0, wholeMs - stepTotal) / wholeMs) * 100).toFixed(0)} % of it).`,
  ].join('\n');
}
