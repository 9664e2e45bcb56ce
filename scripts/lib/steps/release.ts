/**
 * The files of one release, from its document: 3.1 JSON and YAML, the TypeScript types, and the
 * variants (dereferenced, 3.0). The build runs these for each published release; `describe` runs
 * the same for any tag, so what it writes is what the build would.
 */
import openapiTS, { astToString, COMMENT_HEADER, type OpenAPITSOptions } from 'openapi-typescript';
import ts from 'typescript';
import { toJson, toYaml } from '../render-spec.js';
import type { ReleaseFile, ReleaseStep } from './types.js';
import { variantsStep } from './variants.js';

/**
 * Bytes in a non-JSON media type (uploads, downloads, logs) are typed as what the client really
 * takes and gives, not `string`: a download arrives as a Uint8Array, and an upload takes bytes or text.
 */
const bytesType: OpenAPITSOptions['transform'] = (schema, metadata) => {
  const media = (schema as { contentMediaType?: unknown }).contentMediaType;
  if (schema.type !== 'string' || typeof media !== 'string' || media === 'text/plain') return undefined;
  const names = metadata.path?.includes('/requestBody/') ? ['Uint8Array', 'ArrayBuffer', 'Blob', 'string'] : ['Uint8Array'];
  return ts.factory.createUnionTypeNode(
    names.map((name) => (name === 'string' ? ts.factory.createKeywordTypeNode(ts.SyntaxKind.StringKeyword) : ts.factory.createTypeReferenceNode(name))),
  );
};

/** Run for every release, in order. */
export const releaseSteps: Record<string, ReleaseStep> = {
  spec: (doc) => [
    { name: 'openapi.json', content: toJson(doc) },
    { name: 'openapi.yaml', content: toYaml(doc) },
  ],
  types: async (doc) => {
    // openapi-typescript reads the same document users get; its output is the client's types.
    const ast = await openapiTS(structuredClone(doc) as Parameters<typeof openapiTS>[0], { silent: true, transform: bytesType });
    return [{ name: 'openapi.d.ts', content: COMMENT_HEADER + astToString(ast) }];
  },
  variants: variantsStep,
};

/** Every file of one release's folder, in the order the steps write them. */
export async function releaseFiles(doc: Parameters<ReleaseStep>[0]): Promise<ReleaseFile[]> {
  const files: ReleaseFile[] = [];
  for (const step of Object.values(releaseSteps)) files.push(...(await step(doc)));
  return files;
}
