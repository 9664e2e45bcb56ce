/**
 * Builds OneDev-shaped values from a schema, the way the server writes them: every property
 * present, either with nulls wherever null is allowed ('nulls') or with every value filled ('full').
 */
import type { OpenAPIObject } from 'openapi3-ts/oas31';

type Schema = Record<string, any>;
export type SampleMode = 'nulls' | 'full';

const DATE = '2025-07-05T09:04:40.123+00:00';

export function sample(doc: OpenAPIObject, schema: Schema, mode: SampleMode, depth = 0): unknown {
  if (depth > 40) throw new Error('schema nests deeper than 40 levels: a cycle?');
  if (schema.$ref) {
    const name = String(schema.$ref).split('/').pop()!;
    return sample(doc, doc.components!.schemas![name] as Schema, mode, depth + 1);
  }
  if ('const' in schema) return schema.const;
  if (schema.oneOf) {
    const branches = schema.oneOf as Schema[];
    const nullBranch = branches.find((b) => b.type === 'null');
    if (nullBranch && mode === 'nulls') return null;
    return sample(doc, branches.find((b) => b.type !== 'null')!, mode, depth + 1);
  }
  const types: string[] = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.includes('null') && mode === 'nulls') return null;
  if (schema.enum) return schema.enum.find((v: unknown) => v !== null);
  const type = types.find((t) => t !== 'null');
  switch (type) {
    case 'object': {
      if (schema.properties) {
        const out: Record<string, unknown> = {};
        for (const [key, prop] of Object.entries(schema.properties as Record<string, Schema>)) {
          out[key] = sample(doc, prop, mode, depth + 1);
        }
        return out;
      }
      if (schema.additionalProperties && typeof schema.additionalProperties === 'object') {
        return mode === 'full' ? { key: sample(doc, schema.additionalProperties, mode, depth + 1) } : {};
      }
      return {};
    }
    case 'array':
      return mode === 'full' ? [sample(doc, schema.items, mode, depth + 1)] : [];
    case 'string':
      if (schema.format === 'date-time') return DATE;
      return 'text'.slice(0, schema.maxLength ?? 4).padEnd(schema.minLength ?? 0, 'x');
    case 'integer':
      return Math.max(schema.minimum ?? 1, Math.min(schema.maximum ?? 7, 7));
    case 'number':
      return 1.5;
    case 'boolean':
      return true;
    default:
      return mode === 'full' ? 'any value' : null;
  }
}
