/**
 * The document with every `$ref` replaced by what it points to, for tools that cannot follow
 * references. swagger-parser (json-schema-ref-parser) does the resolving.
 *
 * Cycles: a recursive schema cannot be inlined into finite JSON. `circular: 'ignore'` leaves the
 * `$ref`s that close a cycle in place (they still resolve, because components stay in the
 * document); the catalogue has no cycles today, and the variants test checks no `$ref` is left.
 */
import SwaggerParser from '@apidevtools/swagger-parser';

type Json = Record<string, unknown>;

export async function dereference(doc: Json): Promise<Json> {
  // Work on a copy: the parser replaces references in place, and the caller's document is shared.
  const copy = structuredClone(doc);
  const result = await SwaggerParser.dereference(copy as never, {
    dereference: { circular: 'ignore' },
    resolve: { external: false },
  });
  // The parser reuses one object for every place a component is referenced; JSON output writes
  // each place out, so a serialise/parse round trip gives the tree the file will hold.
  return JSON.parse(JSON.stringify(result)) as Json;
}
