/** The dereferenced and OpenAPI 3.0 variants of the document. */
import type { OpenAPIObject } from 'openapi3-ts/oas31';
import type { Step } from '../artifacts.js';
import { toJson, toYaml } from '../render-spec.js';
import { dereference } from '../variants/dereference.js';
import { convertTo30 } from '../variants/document-30.js';

export const variantsStep: Step = async (doc) => {
  const plain = doc as unknown as Record<string, unknown>;
  const deref = await dereference(plain);
  const v30 = convertTo30(plain);
  return [
    { path: 'generated/openapi.deref.json', content: toJson(deref) },
    { path: 'generated/openapi-3.0.json', content: toJson(v30) },
    { path: 'generated/openapi-3.0.yaml', content: toYaml(v30 as unknown as OpenAPIObject) },
  ];
};
