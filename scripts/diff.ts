/**
 * `npm run diff -- <old> <new>`: lists the changes between two OpenAPI descriptions (JSON or
 * YAML) and exits 1 if any of them can break a client, 2 on unusable input, 0 otherwise.
 */
import { readFile } from 'node:fs/promises';
import { parse } from 'yaml';
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

async function main(args: string[]): Promise<number> {
  if (args.length !== 2) {
    console.error('usage: npm run diff -- <old.json|yaml> <new.json|yaml>');
    return 2;
  }
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

process.exitCode = await main(process.argv.slice(2));
