/** Building a changed copy of the catalogue in a test, and reading what the build refused it for. */
import type { OpenAPIObject } from 'openapi3-ts/oas31';
import { buildDocument } from '../../scripts/lib/build-document.js';
import type { Catalogue } from '../../scripts/lib/catalogue.js';
import { CatalogueError } from '../../scripts/lib/problems.js';
import { selectRelease } from '../../scripts/lib/select-release.js';
import { SEED_RELEASE } from '../../spec/releases.js';

/** The seed release's document built from `input`. */
export const buildSeed = (input: Catalogue): OpenAPIObject => buildDocument(selectRelease(input, SEED_RELEASE));

/** The problems the build names for `input`; a build that accepts it fails the test. */
export function seedProblems(input: Catalogue): readonly string[] {
  try {
    buildSeed(input);
  } catch (error) {
    if (error instanceof CatalogueError) return error.problems;
    throw error;
  }
  throw new Error('the build accepted a broken catalogue');
}
