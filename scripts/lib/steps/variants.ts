/** The dereferenced and OpenAPI 3.0 variants of the document. */
import type { OpenAPIObject } from 'openapi3-ts/oas31';
import type { ReleaseStep } from './types.js';
import { toJson, toYaml } from '../render-spec.js';
import { dereference } from '../variants/dereference.js';
import { convertTo30 } from '../variants/document-30.js';

export const variantsStep: ReleaseStep = async (doc) => {
  const plain = doc as unknown as Record<string, unknown>;
  const deref = await dereference(plain);
  const v30 = convertTo30(plain);
  return [
    { name: 'openapi.deref.json', content: toJson(deref) },
    { name: 'openapi-3.0.json', content: toJson(v30) },
    { name: 'openapi-3.0.yaml', content: toYaml(v30 as unknown as OpenAPIObject) },
  ];
};
