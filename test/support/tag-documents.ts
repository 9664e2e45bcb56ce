/**
 * Any OneDev tag's document, built from the catalogue once per test run instead of once per test
 * file: several files check every one of the 101 tags (test/spec/every-tag.test.ts,
 * description-claims.test.ts, every-tag-fields.test.ts, test/scripts/describe-every-tag*), and a
 * build costs about a second. The first file to need a tag builds it and leaves its JSON in the
 * run's folder (test/support/run-cache.setup.ts); the others read that. A build that fails leaves
 * nothing, so every file that needs the tag builds it again and fails the same way.
 *
 * Every caller gets the document as JSON gives it back (what generated/…/openapi.json holds),
 * whether it was built here or read, so no test sees a difference between the two.
 */
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { OpenAPIObject } from 'openapi3-ts/oas31';
import { inject } from 'vitest';
import { buildRelease } from '../../scripts/lib/releases.js';

const fileOf = (tag: string): string => join(inject('tagDocumentsDir'), `${tag}.json`);

/** Leaves `json` (the document's JSON text) for the other files of the run. */
export function keepTagDocument(tag: string, json: string): void {
  const file = fileOf(tag);
  // Written aside, then renamed: a file running at the same time reads all of it or none.
  const partial = `${file}.${process.pid}.partial`;
  writeFileSync(partial, json);
  renameSync(partial, file);
}

/** `buildRelease(tag)` from the whole catalogue, built at most once per run (or per file running beside another). */
export function tagDocument(tag: string): OpenAPIObject {
  const file = fileOf(tag);
  let json: string;
  try {
    json = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    json = JSON.stringify(buildRelease(tag));
    keepTagDocument(tag, json);
  }
  return JSON.parse(json) as OpenAPIObject;
}
