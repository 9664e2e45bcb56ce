/**
 * `npm run bench`: runs every benchmark in bench/ one after the other (never in parallel: the
 * machine has 2 cores) and writes their sections to docs/benchmarks.md.
 * A benchmark module's default export returns its Markdown section.
 */
import { readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { cpus } from 'node:os';
import { ROOT } from './lib/artifacts.js';

const only = process.argv.slice(2);
const dir = join(ROOT, 'bench');
const files = (await readdir(dir)).filter((f) => f.endsWith('.bench.ts')).sort();
const sections: string[] = [];
for (const file of files) {
  const name = file.replace(/\.bench\.ts$/, '');
  if (only.length > 0 && !only.includes(name)) continue;
  console.log(`# ${name}`);
  const module = (await import(pathToFileURL(join(dir, file)).href)) as { default: () => Promise<string> };
  const section = await module.default();
  console.log(section);
  sections.push(section.trim());
}
if (only.length === 0) {
  const header = [
    '# Benchmarks',
    '',
    `Written by \`npm run bench\` on ${new Date().toISOString().slice(0, 10)}: Node ${process.version}, ` +
      `${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}. Each section compares its subjects side by side ` +
      'in one run; the machine is shared and noisy, so read ratios rather than absolute numbers.',
    '',
    'Reproduce: `npm ci && npm run build && npm run bench` (or `npm run bench -- <name>` for one section, which prints without writing this file).',
    '',
  ].join('\n');
  await writeFile(join(ROOT, 'docs/benchmarks.md'), `${header}\n${sections.join('\n\n')}\n`);
}
