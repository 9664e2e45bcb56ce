/**
 * The builder: the one place that turns the catalogue into an OpenAPI 3.1 document.
 * Every difference between operations lives in the catalogue; nothing here names one.
 */
import { OpenApiBuilder, type OpenAPIObject, type ParameterObject } from 'openapi3-ts/oas31';
import type { ParameterSpec } from '../../spec/model.js';
import { descriptionSections, info, securitySchemes, servers } from '../../spec/document.js';
import { livesAt } from '../../spec/releases.js';
import { errorResponses } from '../../spec/responses.js';
import type { ReleaseCatalogue } from './select-release.js';
import { operationId } from './naming.js';
import { Problems } from './problems.js';
import { transformOperation } from './transform-operation.js';
import { transformSchemas, transformType } from './transform-schema.js';

/** JSON Schema 2020-12: keeps Prism's request validation on (see docs/using-the-mock.md). */
export const JSON_SCHEMA_DIALECT = 'https://json-schema.org/draft/2020-12/schema';

function transformParameter(key: string, table: Record<string, ParameterSpec>, known: ReadonlySet<string>, problems: Problems): ParameterObject {
  const p = table[key]!;
  const schema = { ...transformType(p.type, { where: `parameter ${key}`, known, problems }), ...(p.constraints ?? {}) };
  if (p.in === 'path' && !p.required) problems.add(`parameter ${key}: path parameters must be required`);
  if (p.multiSegment && p.in !== 'path') problems.add(`parameter ${key}: only a path parameter can span segments`);
  const param: ParameterObject = { name: p.name, in: p.in, required: p.required, description: p.description, schema, example: p.example };
  if (p.multiSegment) param['x-multi-segment'] = true;
  return param;
}

/** One release's document. Parameters and examples no operation of the release uses are left out. */
export function buildDocument(catalogue: ReleaseCatalogue): OpenAPIObject {
  const problems = new Problems();
  const builder = OpenApiBuilder.create({
    openapi: '3.1.0',
    // openapi3-ts's type lacks this 3.1 field.
    jsonSchemaDialect: JSON_SCHEMA_DIALECT,
    info: { ...info, description: catalogue.description, 'x-onedev-version': catalogue.release },
    paths: {},
    components: {},
  } as OpenAPIObject);
  for (const entry of servers) builder.addServer(entry);
  for (const [name, scheme] of Object.entries(securitySchemes)) builder.addSecurityScheme(name, { ...scheme });
  builder.rootDoc.security = Object.keys(securitySchemes).map((name) => ({ [name]: [] }));
  // Read by tools (the mock): the status bad query parameters get in this release.
  (builder.rootDoc as unknown as Record<string, unknown>)['x-onedev-query-refusal-status'] = catalogue.queryRefusalStatus;

  const schemas = transformSchemas(catalogue.schemas, problems);
  const knownSchemas = new Set(Object.keys(schemas));

  const examples = new Map<string, { summary: string; value: unknown }>();
  for (const [module, table] of Object.entries(catalogue.examples)) {
    for (const [name, example] of Object.entries(table)) {
      if (examples.has(name)) problems.add(`example ${name}: defined twice (second time in spec/examples/${module}.ts)`);
      examples.set(name, example);
    }
  }

  const knownExamples: ReadonlySet<string> = new Set(examples.keys());
  const usedExamples = new Set<string>();
  const usedParameters = new Set<string>();
  const operationIds = new Map<string, string>();
  const routes = new Set<string>();
  const paths: Record<string, Record<string, unknown>> = {};
  const seenGroups = new Set<string>();

  for (const group of catalogue.groups) {
    if (seenGroups.has(group.name)) problems.add(`group "${group.name}": defined twice`);
    seenGroups.add(group.name);
    if (!group.description.trim()) problems.add(`group "${group.name}": description is empty`);
    builder.addTag({ name: group.name, description: group.description });

    for (const op of group.operations) {
      const id = operationId(group.name, op.name);
      const route = `${op.method} ${op.path}`;
      const previous = operationIds.get(id);
      if (previous) problems.add(`operation ${id} (${route}): duplicate operationId (also ${previous})`);
      operationIds.set(id, route);
      if (routes.has(route)) problems.add(`operation ${id} (${route}): another operation has the same method and path`);
      routes.add(route);
      const operation = transformOperation(op, {
        group,
        parameters: catalogue.parameters,
        knownSchemas,
        knownExamples,
        usedExamples,
        usedParameters,
        responses: catalogue.responses,
        alwaysPossible: catalogue.alwaysPossible,
        problems,
      });
      (paths[op.path] ??= {})[op.method.toLowerCase()] = operation;
    }
  }
  // An example named like a schema also illustrates that schema (its `examples` keyword).
  for (const [name, example] of examples) {
    const schema = schemas[name];
    if (schema) schema.examples = [example.value];
  }
  problems.throwIfAny();

  for (const [path, item] of Object.entries(paths)) builder.addPath(path, item);
  for (const key of [...usedParameters].sort()) {
    builder.addParameter(key, transformParameter(key, catalogue.parameters, knownSchemas, problems));
  }
  for (const status of usedErrorStatuses(catalogue)) {
    const response = catalogue.responses[status];
    if (!response) {
      problems.add(`error response ${status}: none for ${catalogue.release}`);
      continue;
    }
    const { name, description: text, example } = response;
    builder.addResponse(name, {
      description: text,
      content: { 'text/plain': { schema: { $ref: '#/components/schemas/ErrorMessage' }, example } },
    });
  }
  schemas.ErrorMessage = {
    type: 'string',
    description: 'A plain-text error message. OneDev sends errors as text, never as JSON.',
  };
  for (const name of Object.keys(schemas).sort()) builder.addSchema(name, schemas[name]!);
  for (const name of [...usedExamples].sort()) builder.addExample(name, examples.get(name)!);
  problems.throwIfAny();
  return builder.getSpec();
}

/** What one build used, so a check over every release can find catalogue entries no release uses. */
export function usage(doc: OpenAPIObject): { parameters: string[]; examples: string[]; schemas: string[] } {
  const schemas = doc.components?.schemas ?? {};
  return {
    parameters: Object.keys(doc.components?.parameters ?? {}),
    examples: [
      ...Object.keys(doc.components?.examples ?? {}),
      ...Object.keys(schemas).filter((name) => (schemas[name] as { examples?: unknown }).examples !== undefined),
    ],
    schemas: Object.keys(schemas),
  };
}

function usedErrorStatuses(catalogue: ReleaseCatalogue) {
  const statuses = new Set([...catalogue.alwaysPossible, ...catalogue.groups.flatMap((g) => g.operations.flatMap((o) => o.errors))]);
  return [...statuses].sort((a, b) => a - b);
}
