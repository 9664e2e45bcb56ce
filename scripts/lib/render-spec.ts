/** Serialises the document: deterministic JSON and YAML (same input, same bytes). */
import { stringify } from 'yaml';
import type { OpenAPIObject } from 'openapi3-ts/oas31';

export function toJson(doc: unknown): string {
  return `${JSON.stringify(doc, null, 2)}\n`;
}

export function toYaml(doc: OpenAPIObject): string {
  // No anchors/aliases: repeated objects are written out, so every YAML reader sees the same tree.
  return stringify(doc, { aliasDuplicateObjects: false, lineWidth: 0 });
}
