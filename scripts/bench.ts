/**
 * `npm run bench [-- <name>...] [-- --write]`: runs the benchmarks in bench/ one after the other
 * (never in parallel: the machine has 2 cores), prints their sections and writes them to
 * bench-output/benchmarks.md, which git ignores. Only `--write` (with every benchmark) replaces
 * the committed docs/benchmarks.md, so a run on a laptop never changes a tracked file by surprise.
 * Each benchmark's needs (its `preflight`) are checked before any of them runs.
 */
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from './lib/artifacts.js';
import { usageError } from './lib/cli.js';

const USAGE = 'Usage: npm run bench -- [<name>...] [--write]   (names: the files in bench/ without .bench.ts)';
const OUTPUT = 'bench-output/benchmarks.md';
const COMMITTED = 'docs/benchmarks.md';

const args = process.argv.slice(2);
if (args.includes('--help') || args.includes('-h')) {
  console.log(USAGE);
  process.exit(0);
}
const write = args.includes('--write');
const unknownOption = args.find((a) => a.startsWith('-') && a !== '--write');
if (unknownOption) usageError(`Unknown option ${unknownOption}`, USAGE);
const only = args.filter((a) => !a.startsWith('-'));

const dir = join(ROOT, 'bench');
const names = (await readdir(dir)).filter((f) => f.endsWith('.bench.ts')).map((f) => f.replace(/\.bench\.ts$/, '')).sort();
const missing = only.filter((name) => !names.includes(name));
if (missing.length > 0) usageError(`No benchmark named ${missing.join(', ')}; there are: ${names.join(', ')}`, USAGE);
// The committed file holds every section; a partial run would silently drop the others.
if (write && only.length > 0) usageError('--write replaces docs/benchmarks.md, so it runs every benchmark: leave out the names', USAGE);

/**
 * A benchmark module: its default export returns its Markdown section; `preflight`, if it has one,
 * says what this machine lacks for it (undefined when nothing).
 */
interface Benchmark {
  default: () => Promise<string>;
  preflight?: () => string | undefined;
}

const chosen = only.length > 0 ? only : names;
const modules = new Map<string, Benchmark>();
for (const name of chosen) modules.set(name, (await import(pathToFileURL(join(dir, `${name}.bench.ts`)).href)) as Benchmark);
// Every benchmark's needs are checked first: a missing tool stops the run before, not after, the others' minutes.
const lacking = chosen.flatMap((name) => {
  const problem = modules.get(name)!.preflight?.();
  return problem === undefined ? [] : [`the ${name} benchmark cannot run: ${problem}`];
});
if (lacking.length > 0) {
  for (const line of lacking) console.error(line);
  console.error(`Nothing was run${write ? ` and ${COMMITTED} is unchanged` : ''}.`);
  process.exit(1);
}

const sections: string[] = [];
for (const name of chosen) {
  console.log(`# ${name}`);
  const section = await modules.get(name)!.default();
  console.log(section);
  sections.push(section.trim());
}

const header = [
  '# Benchmarks',
  '',
  `Written by \`npm run bench\` on ${new Date().toISOString().slice(0, 10)}: Node ${process.version}, ` +
    `${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}. Each section compares its subjects side by side ` +
    'in one run; the machine is shared and noisy, so read ratios rather than absolute numbers.',
  '',
  'Reproduce: `npm ci && npm run build && npm run build:package && npm run bench` (results in bench-output/; ' +
    '`npm run bench -- <name>` for one section; `npm run bench -- --write` to replace this file).',
  '',
].join('\n');
const document = `${header}\n${sections.join('\n\n')}\n`;
await mkdir(join(ROOT, 'bench-output'), { recursive: true });
await writeFile(join(ROOT, OUTPUT), document);
if (write) await writeFile(join(ROOT, COMMITTED), document);
console.log(`\nWrote ${OUTPUT}${write ? ` and ${COMMITTED}` : `; ${COMMITTED} is unchanged (npm run bench -- --write replaces it)`}.`);
