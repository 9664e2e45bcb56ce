/**
 * The builder: the one place that turns the catalogue into an OpenAPI 3.1 document.
 * Every difference between operations lives in the catalogue; nothing here names one.
 */
import { OpenApiBuilder, type MediaTypeObject, type OpenAPIObject, type ParameterObject, type ResponseObject, type SchemaObject } from 'openapi3-ts/oas31';
import type { ParameterSpec } from '../../spec/model.js';
import { descriptionSections, info, securitySchemes, servers } from '../../spec/document.js';
import { livesAt } from '../../spec/releases.js';
import { errorResponses } from '../../spec/responses.js';
import type { ReleaseCatalogue } from './select-release.js';
import { operationId, operationSummary } from './naming.js';
import { Problems } from './problems.js';
import { checkEffects } from './check-effects.js';
import { describeQueryLanguage } from './query-language.js';
import { transformOperation } from './transform-operation.js';
import { transformSchemas, transformType, type UpdateMode } from './transform-schema.js';
import { operationsByRoute, transformWebhooks } from './transform-webhooks.js';
import { applyPageLimit } from './page-limit.js';
import { fillFacts } from './facts/describe.js';
import { EXT, extensionEntry, writeExtension } from '../../src/extensions.js';
import { discriminatorOf, untaggedSchemas } from './transform-untagged.js';
import { noteUntaggedReads } from './untagged-reads.js';

/** JSON Schema 2020-12: keeps Prism's request validation on (see docs/using-the-mock.md). */
export const JSON_SCHEMA_DIALECT = 'https://json-schema.org/draft/2020-12/schema';

function transformParameter(
  key: string,
  table: Record<string, ParameterSpec>,
  known: ReadonlySet<string>,
  problems: Problems,
  queryRefusalStatus: number,
): ParameterObject {
  const p = table[key]!;
  const schema = { ...transformType(p.type, { where: `parameter ${key}`, known, problems }), ...(p.constraints ?? {}) };
  if (p.in === 'path' && !p.required) problems.add(`parameter ${key}: path parameters must be required`);
  if (p.multiSegment && p.in !== 'path') problems.add(`parameter ${key}: only a path parameter can span segments`);
  const param: ParameterObject = { name: p.name, in: p.in, required: p.required, description: p.description, schema, example: p.example };
  if (p.multiSegment) param['x-multi-segment'] = true;
  applyPageLimit(key, p, param, queryRefusalStatus, problems);
  if (p.queryLanguage) {
    if (p.in !== 'query') problems.add(`parameter ${key}: only a query parameter takes a query language`);
    param.description = `${p.description} ${describeQueryLanguage(p.queryLanguage)}`;
    writeExtension(param, EXT.queryLanguage, p.queryLanguage);
  }
  if (p.matches) {
    if (p.in !== 'query') problems.add(`parameter ${key}: only a query parameter matches records`);
    if (p.matches.properties.length === 0) problems.add(`parameter ${key}: matches.properties is empty`);
    writeExtension(param, EXT.matches, { properties: [...p.matches.properties], ...(p.matches.related ? { related: p.matches.related.map((r) => ({ ...r })) } : {}) });
  }
  return param;
}

/** One release's document. Parameters and examples no operation of the release uses are left out. */
export function buildDocument(catalogue: ReleaseCatalogue): OpenAPIObject {
  const problems = new Problems();
  const builder = documentRoot(catalogue);
  const { schemas, knownSchemas, polymorphic } = schemaComponents(catalogue, problems);
  const examples = exampleTable(catalogue, problems);
  const used: Used = { examples: new Set<string>(), parameters: new Set<string>() };
  const knownExamples: ReadonlySet<string> = new Set(examples.keys());
  const paths = transformGroups(catalogue, builder, { knownSchemas, knownExamples, used, polymorphic, examples }, problems);
  noteUntaggedReads(paths);
  checkEffects(catalogue.groups, schemas, problems, catalogue.parameters);
  // The events the release posts to web hooks, each with its payload schema (transform-webhooks.ts).
  const webhooks = transformWebhooks(catalogue.webhooks, (name) => new Set(Object.keys(schemas[name]?.properties ?? {})), {
    knownSchemas,
    knownExamples,
    usedExamples: used.examples,
    operations: operationsByRoute(catalogue.groups, catalogue.parameters, paths),
    problems,
  });
  // An example named like a schema also illustrates that schema (its `examples` keyword).
  for (const [name, example] of examples) {
    const schema = schemas[name];
    if (schema) schema.examples = [example.value];
  }
  problems.throwIfAny();

  for (const [path, item] of Object.entries(paths)) builder.addPath(path, item);
  for (const [name, item] of Object.entries(webhooks)) builder.addWebhook(name, item);
  addComponents(builder, catalogue, { schemas, knownSchemas, examples, used }, problems);
  // The description's facts are read back from the finished document (scripts/lib/facts/).
  const doc = builder.getSpec();
  doc.info.description = fillFacts(catalogue.description, doc, problems);
  problems.throwIfAny();
  return doc;
}

type Examples = ReadonlyMap<string, { summary: string; value: unknown }>;

/** The parameters and examples some operation or web hook of the release refers to. */
interface Used {
  examples: Set<string>;
  parameters: Set<string>;
}

/** The document's root: info with the release, servers, security, and the release's refusals. */
function documentRoot(catalogue: ReleaseCatalogue): OpenApiBuilder {
  const builder = OpenApiBuilder.create({
    openapi: '3.1.0',
    // openapi3-ts's type lacks this 3.1 field.
    jsonSchemaDialect: JSON_SCHEMA_DIALECT,
    info: { ...info, description: catalogue.description, ...extensionEntry(EXT.version, catalogue.release) },
    paths: {},
    components: {},
  } as OpenAPIObject);
  for (const entry of servers) builder.addServer(entry);
  for (const [name, scheme] of Object.entries(securitySchemes)) builder.addSecurityScheme(name, { ...scheme });
  builder.rootDoc.security = Object.keys(securitySchemes).map((name) => ({ [name]: [] }));
  // Read by tools (the mock): the status bad query parameters get in this release.
  writeExtension(builder.rootDoc, EXT.queryRefusalStatus, catalogue.queryRefusalStatus);
  writeExtension(builder.rootDoc, EXT.refusals, [...catalogue.refusals]);
  return builder;
}

/** The component schemas (untagged forms of families included), and the families' discriminators. */
function schemaComponents(catalogue: ReleaseCatalogue, problems: Problems) {
  const schemas = transformSchemas(catalogue.schemas, problems, updateModes(catalogue, problems));
  const specs = new Map(Object.values(catalogue.schemas).flatMap((table) => Object.entries(table)));
  const polymorphic = new Map([...specs].flatMap(([name, spec]) => {
    const property = discriminatorOf(spec);
    return property ? [[name, property] as const] : [];
  }));
  Object.assign(schemas, untaggedSchemas(untaggedRoots(catalogue), specs, new Set(Object.keys(schemas)), problems));
  const knownSchemas: ReadonlySet<string> = new Set(Object.keys(schemas));
  return { schemas, knownSchemas, polymorphic };
}

/** Every example of the release by name; a name defined twice is a problem. */
function exampleTable(catalogue: ReleaseCatalogue, problems: Problems): Examples {
  const examples = new Map<string, { summary: string; value: unknown }>();
  for (const [module, table] of Object.entries(catalogue.examples)) {
    for (const [name, example] of Object.entries(table)) {
      if (examples.has(name)) problems.add(`example ${name}: defined twice (second time in spec/examples/${module}.ts)`);
      examples.set(name, example);
    }
  }
  return examples;
}

interface GroupsContext {
  knownSchemas: ReadonlySet<string>;
  knownExamples: ReadonlySet<string>;
  used: Used;
  polymorphic: ReadonlyMap<string, '@type' | '@class'>;
  examples: Examples;
}

/** A tag per group and the paths of their operations; duplicate groups, ids and routes are problems. */
function transformGroups(catalogue: ReleaseCatalogue, builder: OpenApiBuilder, shared: GroupsContext, problems: Problems): Record<string, Record<string, unknown>> {
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
      const id = operationId(group.name, operationSummary(op));
      const route = `${op.method} ${op.path}`;
      const previous = operationIds.get(id);
      if (previous) problems.add(`operation ${id} (${route}): duplicate operationId (also ${previous})`);
      operationIds.set(id, route);
      if (routes.has(route)) problems.add(`operation ${id} (${route}): another operation has the same method and path`);
      routes.add(route);
      const operation = transformOperation(op, {
        group,
        parameters: catalogue.parameters,
        knownSchemas: shared.knownSchemas,
        knownExamples: shared.knownExamples,
        usedExamples: shared.used.examples,
        usedParameters: shared.used.parameters,
        responses: catalogue.responses,
        alwaysPossible: catalogue.alwaysPossible,
        validationFailures: catalogue.validationFailures,
        polymorphic: shared.polymorphic,
        exampleValue: (name) => shared.examples.get(name)?.value,
        problems,
      });
      (paths[op.path] ??= {})[op.method.toLowerCase()] = operation;
    }
  }
  return paths;
}

/** The components: the parameters, error and validation responses, schemas and examples used, each sorted. */
function addComponents(
  builder: OpenApiBuilder,
  catalogue: ReleaseCatalogue,
  { schemas, knownSchemas, examples, used }: { schemas: Record<string, SchemaObject>; knownSchemas: ReadonlySet<string>; examples: Examples; used: Used },
  problems: Problems,
): void {
  for (const key of [...used.parameters].sort()) {
    builder.addParameter(key, transformParameter(key, catalogue.parameters, knownSchemas, problems, catalogue.queryRefusalStatus));
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
  for (const [name, response] of validationResponses(catalogue, knownSchemas, problems)) builder.addResponse(name, response);
  schemas.ErrorMessage = {
    type: 'string',
    description: 'A plain-text error message. OneDev sends errors as text, never as JSON.',
  };
  for (const name of Object.keys(schemas).sort()) builder.addSchema(name, schemas[name]!);
  for (const name of [...used.examples].sort()) builder.addExample(name, examples.get(name)!);
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

/** The families and members some JSON success answers without their discriminator at the root. */
function untaggedRoots(catalogue: ReleaseCatalogue): Set<string> {
  const names = new Set<string>();
  for (const op of catalogue.groups.flatMap((g) => g.operations)) {
    const success = op.success;
    if (success.kind === 'json' && success.rootDiscriminator === 'omitted' && typeof success.type === 'object' && 'ref' in success.type) names.add(success.type.ref);
  }
  return names;
}

/**
 * How each `<Name>Update` variant is applied, from the operations whose JSON body names it with
 * `update`; two operations that disagree about one variant are a catalogue mistake.
 */
function updateModes(catalogue: ReleaseCatalogue, problems: Problems): Map<string, UpdateMode> {
  const modes = new Map<string, { mode: UpdateMode; by: string }>();
  for (const group of catalogue.groups) {
    for (const op of group.operations) {
      const body = op.body;
      if (body?.kind !== 'json' || !body.update || typeof body.type !== 'object' || !('ref' in body.type)) continue;
      const by = `operation ${operationId(group.name, operationSummary(op))} (${op.method} ${op.path})`;
      const known = modes.get(body.type.ref);
      if (known && known.mode !== body.update) {
        problems.add(`${by}, body: update '${body.update}' contradicts '${known.mode}' of ${known.by} for schema ${body.type.ref}`);
      } else if (!known) modes.set(body.type.ref, { mode: body.update, by });
    }
  }
  return new Map([...modes].map(([name, { mode }]) => [name, mode]));
}

/**
 * The responses for a status at which an operation's validation failure is answered: the status's
 * own text/plain answers, and the failure's body labelled `application/json` (bare text flagged
 * EXT.rawText, or JSON). Only those some operation of the release refers to.
 */
function validationResponses(catalogue: ReleaseCatalogue, knownSchemas: ReadonlySet<string>, problems: Problems): Map<string, ResponseObject> {
  const used = new Set(catalogue.groups.flatMap((g) => g.operations.flatMap((o) => o.validation ?? [])));
  const out = new Map<string, ResponseObject>();
  const defined = new Map<string, string>();
  for (const kind of [...used].sort()) {
    const failure = catalogue.validationFailures[kind];
    if (!failure) continue; // the selection pass has reported it
    const where = `validation failure ${kind} (${catalogue.release})`;
    const again = defined.get(failure.name);
    if (again !== undefined) {
      if (again !== JSON.stringify(failure)) problems.add(`${where}: response ${failure.name} is defined differently by another kind`);
      continue;
    }
    defined.set(failure.name, JSON.stringify(failure));
    const base = catalogue.responses[failure.status];
    if (!base) {
      problems.add(`${where}: no error response ${failure.status} to combine with`);
      continue;
    }
    if (failure.name === base.name) problems.add(`${where}: response name ${failure.name} is the plain ${failure.status} response's`);
    const json: MediaTypeObject =
      failure.body.kind === 'raw-text'
        ? {
            schema: { type: 'string', contentMediaType: 'text/plain', description: 'The message as it is; not a JSON string.' },
            example: failure.body.example,
          }
        : { schema: transformType(failure.body.type, { where, known: knownSchemas, problems }), example: failure.body.example };
    const response: ResponseObject = {
      description: `${base.description} ${failure.description}`,
      content: {
        'text/plain': { schema: { $ref: '#/components/schemas/ErrorMessage' }, example: base.example },
        'application/json': json,
      },
    };
    if (failure.body.kind === 'raw-text') writeExtension(response, EXT.rawText, true);
    out.set(failure.name, response);
  }
  return out;
}

function usedErrorStatuses(catalogue: ReleaseCatalogue) {
  const statuses = new Set([...catalogue.alwaysPossible, ...catalogue.groups.flatMap((g) => g.operations.flatMap((o) => o.errors))]);
  return [...statuses].sort((a, b) => a - b);
}
