/**
 * The document with every `$ref` replaced by what it points to, for tools that cannot follow
 * references. swagger-parser (json-schema-ref-parser) does the resolving.
 *
 * Cycles: a recursive schema cannot be inlined into finite JSON, and the catalogue has none (an
 * artifact listing's entries have schemas of their own, spec/schemas/job.ts). A cycle is refused
 * with an error naming where it closes, so the variant never keeps a `$ref`.
 */
import SwaggerParser from '@apidevtools/swagger-parser';

type Json = Record<string, unknown>;

/** Raised when a schema contains itself: `where` is the JSON pointer of the reference that closes the cycle. */
export class RecursiveSchemaError extends Error {
  constructor(readonly where: string) {
    super(`Cannot inline every reference: the schema reference at ${where} closes a cycle (a schema that contains itself)`);
    this.name = 'RecursiveSchemaError';
  }
}

export async function dereference(doc: Json): Promise<Json> {
  // Work on a copy: the parser replaces references in place, and the caller's document is shared.
  const copy = structuredClone(doc);
  let result: unknown;
  try {
    result = await SwaggerParser.dereference(copy as never, {
      dereference: { circular: false },
      resolve: { external: false },
    });
  } catch (error) {
    // The parser names the spot as "<base path>#/pointer"; keep the pointer.
    const found = /Circular \$ref pointer found at .*?(#\/\S*)/.exec(error instanceof Error ? error.message : '');
    if (found) throw new RecursiveSchemaError(found[1]!);
    throw error;
  }
  // The parser reuses one object for every place a component is referenced; JSON output writes
  // each place out, so a serialise/parse round trip gives the tree the file will hold.
  return JSON.parse(JSON.stringify(result)) as Json;
}
