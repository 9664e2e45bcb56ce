/**
 * `onedev-openapi describe --release <tag> [--out <dir>]` (in a checkout: `npm run describe --`):
 * writes one OneDev tag's description files, offline, from the catalogue the package ships: the
 * same files, byte for byte, that the build writes into generated/releases/<tag>/ for a published
 * release. Any of the catalogue's tags; an unknown one is refused (exit 2) with the known ones.
 */
import { relative } from 'node:path';
import { ONEDEV_TAGS as RELEASE_TAGS } from '../spec/releases.js';
import { commandName, parseCommandLine, runCommand, usageError } from './lib/cli.js';
import { knownTag, ReleaseNotFoundError } from './lib/release-tag.js';

const USAGE = `Usage: ${commandName('describe')} --release <tag> [--out <dir>]
  Writes the description of one OneDev release, built offline from the catalogue this package ships:
  openapi.json and openapi.yaml (OpenAPI 3.1), openapi.d.ts (TypeScript types of paths and schemas),
  openapi.deref.json (every $ref replaced) and openapi-3.0.json, openapi-3.0.yaml (OpenAPI 3.0.3).
  --release   the OneDev tag, any of the ${RELEASE_TAGS.length} from ${RELEASE_TAGS[0]} to ${RELEASE_TAGS[RELEASE_TAGS.length - 1]} (e.g. v16.3.2; what the
              server's Get Server Version answers, with a "v")
  --out       the folder to write into, created when missing (default onedev-<tag>)
  -h, --help  print this help`;

const { values } = parseCommandLine<{ release?: string; out?: string }>(USAGE, {
  release: { type: 'string' },
  out: { type: 'string' },
});
if (values.release === undefined) usageError('--release is required', USAGE);
let tag: string;
try {
  tag = knownTag(values.release);
} catch (error) {
  if (error instanceof ReleaseNotFoundError) usageError(error.message, USAGE);
  throw error;
}

await runCommand(async () => {
  const started = performance.now();
  // Loaded once the tag is known: the builder and the catalogue are most of the package's code.
  const { writeRelease } = await import('./lib/describe.js');
  const out = values.out ?? `onedev-${tag}`;
  let written: string[];
  try {
    written = await writeRelease(tag, out);
  } catch (error) {
    // A folder that cannot be written (a file in the way, no permission): say so, without a stack trace.
    if (typeof (error as NodeJS.ErrnoException).code !== 'string' || (error as NodeJS.ErrnoException).syscall === undefined) throw error;
    console.error(`Cannot write into ${out}: ${(error as Error).message}`);
    process.exit(1);
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`OneDev ${tag}: wrote ${written.length} files in ${seconds} s`);
  // Paths below the working folder are shown relative to it, others in full.
  for (const path of written) console.log(`  ${relative(process.cwd(), path).startsWith('..') ? path : relative(process.cwd(), path)}`);
});
