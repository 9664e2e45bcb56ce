/** Runs a command's body; catalogue mistakes become a readable message and exit code 1. */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { CatalogueError } from './problems.js';

export async function runCommand(body: () => Promise<void>): Promise<void> {
  try {
    await body();
  } catch (error) {
    if (error instanceof CatalogueError) {
      console.error(error.message);
      process.exitCode = 1;
      return;
    }
    throw error;
  }
}

/** A wrong command line: the reason and the usage on stderr, exit code 2. */
export function usageError(message: string, usage: string): never {
  console.error(`${message}\n${usage}`);
  process.exit(2);
}

/**
 * Parses `--name value` options strictly (no positionals, no unknown options). `--help`/`-h`
 * prints the usage and exits 0; a malformed command line is a usage error.
 */
export function parseCommandLine<V>(usage: string, options: NonNullable<ParseArgsConfig['options']>): V {
  let values: V & { help?: boolean };
  try {
    ({ values } = parseArgs({
      options: { ...options, help: { type: 'boolean', short: 'h' } },
      strict: true,
      allowPositionals: false,
    }) as unknown as { values: V & { help?: boolean } });
  } catch (error) {
    return usageError((error as Error).message, usage);
  }
  if (values.help) {
    console.log(usage);
    process.exit(0);
  }
  return values;
}
