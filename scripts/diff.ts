/**
 * `npm run diff -- <old> <new>` (installed: `onedev-openapi diff <old> <new>`): lists the changes
 * between two OpenAPI descriptions (JSON or YAML) and exits 1 if any of them can break a client,
 * 2 on unusable input, 0 otherwise.
 */
import { readFile } from 'node:fs/promises';
import { parse } from 'yaml';
import { commandName, parseCommandLine, usageError } from './lib/cli.js';
import { DiffInputError, diffDocuments, formatChanges } from './lib/diff/index.js';

async function load(file: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new DiffInputError(`${file}: cannot read (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
  }
  try {
    // YAML is a superset of JSON, so one parser reads both.
    return parse(text, { maxAliasCount: -1 });
  } catch (error) {
    throw new DiffInputError(`${file}: not valid JSON or YAML (${(error as Error).message.split('\n')[0]})`);
  }
}

const USAGE = `Usage: ${commandName('diff')} <old.json|yaml> <new.json|yaml>
  Lists the changes from the old OpenAPI description (3.0 or 3.1) to the new one, marking BREAKING
  those that can break a client written for the old one.
  Exit status: 0 nothing breaks; 1 something breaks; 2 a file is missing or not an OpenAPI description.
  -h, --help  print this help`;

async function main(args: string[]): Promise<number> {
  if (args.length !== 2) usageError(`Give two descriptions, the old one and the new one (got ${args.length})`, USAGE);
  try {
    const [oldDoc, newDoc] = await Promise.all(args.map(load));
    const changes = diffDocuments(oldDoc, newDoc, args);
    console.log(formatChanges(changes));
    return changes.some((c) => c.breaking) ? 1 : 0;
  } catch (error) {
    if (error instanceof DiffInputError) {
      console.error(`diff: ${error.message}`);
      return 2;
    }
    throw error;
  }
}

process.exitCode = await main(parseCommandLine<object>(USAGE, {}, { positionals: true }).positionals);
