/**
 * The folder of the package the running code belongs to: the checkout (scripts/ run by tsx) or
 * the installed package (compiled into dist/). Found as the nearest folder above this file that
 * holds a package.json, so a module's depth inside dist/ does not matter.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

function packageRootFrom(start: string): string {
  for (let dir = start; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) throw new Error(`no package.json above ${start}`);
  }
}

export const PACKAGE_ROOT = packageRootFrom(dirname(fileURLToPath(import.meta.url)));
/** generated/: the descriptions the package ships (and, in a checkout, everything the build writes). */
export const GENERATED_DIR = join(PACKAGE_ROOT, 'generated');
