/**
 * `npm run onedev-source -- <command> --repo <OneDev git repository> ...`: the maintainer's tool
 * that reads OneDev's source at its tags (a local clone or bare mirror; nothing is fetched,
 * checked out or committed) and writes the fixtures the catalogue is held to. See the README's
 * section "Maintainers: adding a OneDev tag".
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { ONEDEV_TAGS, SUPPORTED_RELEASES } from '../spec/releases.js';
import { usageError } from './lib/cli.js';
import { DEFAULT_CACHE_DIR } from './lib/source/cache.js';
import { changesMarkdown } from './lib/source/changes.js';
import { SourceError } from './lib/source/git.js';
import { JavaSyntaxError } from './lib/source/java-parse.js';
import { fixtureFiles, syncFixtures } from './lib/source/fixtures.js';
import { openSource } from './lib/source/onedev.js';

/** The project folder (this file is in scripts/). */
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

const USAGE = `usage: npm run onedev-source -- <command> --repo <path> [options]

commands:
  routes    --tag <tag>              the route table (test/fixtures/routes/<tag>.tsv)
  lifespans                          every route with its first and last tag (test/fixtures/routes/lifespans.tsv)
  webhooks  --tag <tag>              the web-hook events and payloads (test/fixtures/webhooks/<tag>.tsv)
  fields    --tag <tag>              the wire fields of the REST classes (the format of test/fixtures/fields/)
  changes   --from <tag> --to <tag>  what changed between two tags, as a Markdown checklist for the catalogue
  check                              regenerates every committed fixture and compares (exit 1 on a difference)
  write                              rewrites every committed fixture

options:
  --repo <path>   OneDev's git repository: a clone or a bare mirror of github.com/theonedev/onedev with its tags
  --out <file>    write there instead of to stdout (routes, lifespans, webhooks, fields, changes)
  --root <dir>    the project folder holding test/fixtures (check, write; default: this project)
  --cache <dir>   where to keep what was read from each blob between runs (default: ${DEFAULT_CACHE_DIR})
  --no-cache      read everything again, keep nothing`;

interface Options {
  repo?: string;
  tag?: string;
  from?: string;
  to?: string;
  out?: string;
  root?: string;
  cache?: string;
  'no-cache'?: boolean;
  help?: boolean;
}

function commandLine(): { command: string; options: Options } {
  try {
    const { values, positionals } = parseArgs({
      options: {
        repo: { type: 'string' },
        tag: { type: 'string' },
        from: { type: 'string' },
        to: { type: 'string' },
        out: { type: 'string' },
        root: { type: 'string' },
        cache: { type: 'string' },
        'no-cache': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
      allowPositionals: true,
      strict: true,
    });
    if (values.help) {
      console.log(USAGE);
      process.exit(0);
    }
    if (positionals.length !== 1) usageError(positionals.length === 0 ? 'no command given' : `one command only, got: ${positionals.join(' ')}`, USAGE);
    return { command: positionals[0]!, options: values };
  } catch (error) {
    return usageError((error as Error).message, USAGE);
  }
}

function required(options: Options, name: keyof Options): string {
  const value = options[name];
  if (typeof value !== 'string' || value === '') usageError(`--${name} is required`, USAGE);
  return value;
}

function emit(text: string, out: string | undefined): void {
  if (!out) {
    process.stdout.write(text);
    return;
  }
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, text);
  console.error(`wrote ${out}`);
}

async function main(): Promise<void> {
  const { command, options } = commandLine();
  const cacheDir = options['no-cache'] ? undefined : (options.cache ?? join(ROOT, DEFAULT_CACHE_DIR));
  // Commands over many tags say which table they are at; the others stay quiet on stderr.
  const long = ['lifespans', 'check', 'write'].includes(command);
  const source = openSource(required(options, 'repo'), { ...(cacheDir ? { cacheDir } : {}), ...(long ? { progress: (m: string) => console.error(`  ${m}`) } : {}) });
  const started = Date.now();
  switch (command) {
    case 'routes':
      emit(source.routeTable(required(options, 'tag')), options.out);
      break;
    case 'lifespans':
      emit(source.lifespanTable(ONEDEV_TAGS), options.out);
      break;
    case 'webhooks':
      emit(source.webHookTable(required(options, 'tag')), options.out);
      break;
    case 'fields':
      emit(source.fieldTable(required(options, 'tag')), options.out);
      break;
    case 'changes':
      emit(changesMarkdown(source, required(options, 'from'), required(options, 'to')), options.out);
      break;
    case 'check':
    case 'write': {
      const fixtures = fixtureFiles(source, ONEDEV_TAGS, SUPPORTED_RELEASES);
      const statuses = syncFixtures(fixtures, options.root ?? ROOT, command, (s) =>
        console.error(s.status === 'differs' ? `DIFFERS ${s.path}: ${s.difference}` : `${s.status.padEnd(7)} ${s.path}`),
      );
      const differ = statuses.filter((s) => s.status !== 'same').length;
      const verb = command === 'check' ? 'differ' : 'rewritten';
      console.error(`${command}: ${fixtures.length} fixtures, ${differ} ${verb} (${((Date.now() - started) / 1000).toFixed(0)} s)`);
      if (command === 'check' && differ > 0) process.exitCode = 1;
      break;
    }
    default:
      usageError(`unknown command ${command}`, USAGE);
  }
}

try {
  await main();
} catch (error) {
  if (error instanceof SourceError || error instanceof JavaSyntaxError) {
    console.error(`onedev-source: ${error.message}`);
    process.exitCode = 1;
  } else {
    throw error;
  }
}
