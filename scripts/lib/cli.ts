/** Runs a command's body; catalogue mistakes become a readable message and exit code 1. */
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
