/** What the command-line tools share: running a command's body, naming the command, parsing its options. */
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

let invokedAs: string | undefined;

/**
 * Set by bin/onedev-openapi.js before it loads a tool, so the tool's help names the command the
 * way the user typed it (`onedev-openapi mock`) rather than the checkout's `npm run mock --`.
 */
export function setCommandName(name: string): void {
  invokedAs = name;
}

/** Whether the bin started this tool (a module that is also imported for its functions runs only then, or when run itself). */
export function startedByBin(): boolean {
  return invokedAs !== undefined;
}

/** How the user started `tool`: the bin's name for it when the bin ran it, else the npm script. */
export function commandName(tool: string): string {
  return invokedAs ?? `npm run ${tool} --`;
}

/** A wrong command line: the reason and the usage on stderr, exit code 2. */
export function usageError(message: string, usage: string): never {
  console.error(`${message}\n${usage}`);
  process.exit(2);
}

export interface CommandLine<V> {
  values: V;
  /** The arguments that are not options, in order (only when the command takes them). */
  positionals: string[];
}

/**
 * Parses `--name value` options strictly (node:util parseArgs: no unknown options, and no
 * positional arguments unless the command takes them). `--help`/`-h` prints the usage on stdout
 * and exits 0; a malformed command line is a usage error (exit 2).
 */
export function parseCommandLine<V>(
  usage: string,
  options: NonNullable<ParseArgsConfig['options']>,
  { positionals: allowPositionals = false }: { positionals?: boolean } = {},
): CommandLine<V> {
  let parsed: { values: V & { help?: boolean }; positionals: string[] };
  try {
    parsed = parseArgs({
      options: { ...options, help: { type: 'boolean', short: 'h' } },
      strict: true,
      allowPositionals,
    }) as unknown as typeof parsed;
  } catch (error) {
    return usageError((error as Error).message, usage);
  }
  if (parsed.values.help) {
    console.log(usage);
    process.exit(0);
  }
  return { values: parsed.values, positionals: parsed.positionals };
}
