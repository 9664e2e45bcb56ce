/**
 * Builds the documents of several releases from the one catalogue, and checks what only the whole
 * set can show: catalogue entries (parameters, examples, schemas) that no built release uses.
 */
import type { OpenAPIObject } from 'openapi3-ts/oas31';
import type { OneDevTag } from '../../spec/releases.js';
import { buildDocument, usage } from './build-document.js';
import { catalogue as wholeCatalogue, type Catalogue } from './catalogue.js';
import { CatalogueError, Problems } from './problems.js';
import { selectRelease } from './select-release.js';

/** One release's document. */
export function buildRelease(tag: string, catalogue: Catalogue = wholeCatalogue): OpenAPIObject {
  return buildDocument(selectRelease(catalogue, tag));
}

/**
 * Every listed release's document, in the order given. Problems of all releases are reported
 * together, each prefixed with its release, then (unless `unused` is false, for a partial set)
 * what none of them uses.
 */
export function buildReleases<T extends OneDevTag>(
  tags: readonly T[],
  catalogue: Catalogue = wholeCatalogue,
  { unused = true }: { unused?: boolean } = {},
): Map<T, OpenAPIObject> {
  const docs = new Map<T, OpenAPIObject>();
  const problems = new Problems();
  for (const tag of tags) {
    try {
      docs.set(tag, buildRelease(tag, catalogue));
    } catch (error) {
      if (!(error instanceof CatalogueError)) throw error;
      for (const problem of error.problems) problems.add(`${tag}: ${problem}`);
    }
  }
  problems.throwIfAny();
  if (!unused) return docs;

  const used = { parameters: new Set<string>(), examples: new Set<string>(), schemas: new Set<string>() };
  for (const doc of docs.values()) {
    const u = usage(doc);
    u.parameters.forEach((name) => used.parameters.add(name));
    u.examples.forEach((name) => used.examples.add(name));
    u.schemas.forEach((name) => used.schemas.add(name));
  }
  for (const key of Object.keys(catalogue.parameters)) {
    if (!used.parameters.has(key)) problems.add(`parameter ${key}: not used by any operation of ${tags.join(', ')}`);
  }
  for (const [module, table] of Object.entries(catalogue.examples)) {
    for (const name of Object.keys(table)) {
      if (!used.examples.has(name)) {
        problems.add(`example ${name} (spec/examples/${module}.ts): not used by any operation, nor named after a schema, in ${tags.join(', ')}`);
      }
    }
  }
  for (const [module, table] of Object.entries(catalogue.schemas)) {
    for (const name of Object.keys(table)) {
      if (!used.schemas.has(name)) problems.add(`schema ${name} (spec/schemas/${module}.ts): in none of ${tags.join(', ')}`);
    }
  }
  problems.throwIfAny();
  return docs;
}
