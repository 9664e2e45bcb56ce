/** JSON Schema 2020-12 validation of values against the document's schemas (ajv + ajv-formats). */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { OpenAPIObject } from 'openapi3-ts/oas31';

export interface SchemaValidator {
  /** Compiles a schema that may `$ref` the document's components. */
  compile(schema: unknown): ValidateFunction;
}

export function createValidator(doc: OpenAPIObject): SchemaValidator {
  // discriminator stays off: ajv's support does not take `mapping`; oneOf + the pinned `@type`
  // const decide the branch on their own.
  const ajv = new Ajv2020({ strict: false, allErrors: true, discriminator: false });
  (addFormats as unknown as (a: Ajv2020) => void)(ajv);
  ajv.addFormat('int32', { type: 'number', validate: (n: number) => Number.isInteger(n) && n >= -(2 ** 31) && n < 2 ** 31 });
  ajv.addFormat('int64', { type: 'number', validate: (n: number) => Number.isInteger(n) });
  ajv.addSchema({ $id: 'https://onedev-openapi.local/document.json', components: doc.components }, 'https://onedev-openapi.local/document.json');
  const rebase = (schema: unknown): unknown =>
    JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"https://onedev-openapi.local/document.json#/components/'));
  const compiled = new Map<unknown, ValidateFunction>();
  return {
    compile: (schema) => {
      let validate = compiled.get(schema);
      if (!validate) compiled.set(schema, (validate = ajv.compile(rebase(schema) as object)));
      return validate;
    },
  };
}

export function errorsOf(validate: ValidateFunction): string[] {
  return (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`);
}
