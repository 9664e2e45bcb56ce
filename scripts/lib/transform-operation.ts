/** Turns one catalogue operation into an OpenAPI Operation Object. */
import type { OperationObject, ParameterObject, RequestBodyObject, ResponseObject, ResponsesObject, SchemaObject } from 'openapi3-ts/oas31';
import type { ErrorStatus, ParameterSpec } from '../../spec/model.js';
import { EXT, extensionEntry, writeExtension } from '../../src/extensions.js';
import { operationId, operationSummary, splitRoutePaths } from './naming.js';
import type { Problems } from './problems.js';
import type { ReleaseCatalogue, SelectedGroup, SelectedOperation } from './select-release.js';
import { makeNullable, schemaRef, transformType, type Context } from './transform-schema.js';
import { untaggedName } from './transform-untagged.js';

export interface OperationContext {
  group: SelectedGroup;
  parameters: Record<string, ParameterSpec>;
  knownSchemas: ReadonlySet<string>;
  knownExamples: ReadonlySet<string>;
  usedExamples: Set<string>;
  usedParameters: Set<string>;
  /** The release's shared error responses, and the statuses every operation gets. */
  responses: ReleaseCatalogue['responses'];
  alwaysPossible: readonly ErrorStatus[];
  /** How the release answers each kind of validation failure (a combined response component each). */
  validationFailures: ReleaseCatalogue['validationFailures'];
  /** Families and family members, with the discriminator property their tagged form carries. */
  polymorphic: ReadonlyMap<string, '@type' | '@class'>;
  /** An example's value, by component name. */
  exampleValue: (name: string) => unknown;
  problems: Problems;
}

/** What the builder says of a body that changes a stored record (`update` on a JSON body). */
export const UPDATE_TEXT = {
  merge:
    'Only the properties present are applied: a property left out keeps its stored value (one ' +
    'that is present replaces the stored value as a whole, nested objects and lists included).',
  replace:
    'The body replaces the stored values as a whole: a property left out takes its default ' +
    '(null, false, an empty list), so send every property you mean to keep.',
} as const;

const exampleRef = (name: string) => ({ $ref: `#/components/examples/${name}` });

/** Names of `{param}` segments in a path template. */
export function pathTemplateParams(path: string): string[] {
  return [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
}

/** What the steps of one operation's transform share: the operation, and how to report and refer. */
interface OperationScope {
  op: SelectedOperation;
  ctx: OperationContext;
  /** Adds a problem naming the operation and the field. */
  problem: (field: string, message: string) => void;
  /** Where a type expression of the field sits, for transformType. */
  typeCtx: (field: string) => Context;
  /** A reference to a named example, marked used (a problem if the release has none). */
  useExample: (field: string, name: string) => { default: { $ref: string } };
}

export function transformOperation(op: SelectedOperation, ctx: OperationContext): OperationObject {
  const id = operationId(ctx.group.name, operationSummary(op));
  const where = `operation ${id} (${op.method} ${op.path})`;
  const problem = (field: string, message: string) => ctx.problems.add(`${where}, ${field}: ${message}`);
  const scope: OperationScope = {
    op,
    ctx,
    problem,
    typeCtx: (field) => ({ where: `${where}, ${field}`, known: ctx.knownSchemas, problems: ctx.problems }),
    useExample: (field, name) => {
      if (!ctx.knownExamples.has(name)) problem(field, `reference to unknown example "${name}"`);
      ctx.usedExamples.add(name);
      return { default: exampleRef(name) };
    },
  };

  if (!op.description.trim()) problem('description', 'is empty');
  if (!op.permission.trim()) problem('permission', 'is empty');
  const parameters = parameterRefs(scope);

  const operation: OperationObject = {
    operationId: id,
    summary: operationSummary(op),
    description: `${op.description.trim()}\n\n**Permission:** ${op.permission.trim()}`,
    tags: [ctx.group.name],
  };
  if (parameters.length > 0) operation.parameters = parameters as unknown as ParameterObject[];
  if (op.credentials === 'none') operation.security = [];
  if (op.splitRoute) writeExtension(operation, EXT.route, checkedSplitRoute(scope, op.splitRoute));
  if (op.body) {
    const { requestBody, codeSamples } = requestBodyOf(scope, op.body);
    operation.requestBody = requestBody;
    if (codeSamples) operation['x-codeSamples'] = codeSamples;
  }

  const responses: ResponsesObject = { '200': successResponse(scope) };
  if (op.noContent) responses['204'] = { description: `${op.noContent} No body.` };
  const combined = addErrorResponses(scope, responses);
  operation.responses = responses;
  if (op.missingId) {
    const { status, callers } = op.missingId;
    if (!op.errorMessages?.[status] || combined.has(status)) problem('errors', `the missing-id status ${status} needs a message of its own`);
    writeExtension(operation, EXT.missingId, { status, callers });
  }
  if (op.effect) writeExtension(operation, EXT.effect, op.effect);
  if (op.lists) writeExtension(operation, EXT.lists, 'fields' in op.lists ? { fields: [...op.lists.fields], ...(op.lists.except ? { except: { ...op.lists.except } } : {}) } : { referencing: { ...op.lists.referencing } });
  if (op.answers) writeExtension(operation, EXT.answers, op.answers);

  if (op.deprecated) {
    operation.deprecated = true;
    operation.description = `**Deprecated:** ${op.deprecated.trim()}\n\n${operation.description}`;
  }
  return operation;
}

/** The operation's parameter references: every {name} in the path is declared as a path parameter, and nothing else is. */
function parameterRefs({ op, ctx, problem }: OperationScope): Array<{ $ref: string }> {
  const parameters: Array<{ $ref: string }> = [];
  const declaredPath = new Set<string>();
  for (const key of op.parameters ?? []) {
    const param = ctx.parameters[key];
    if (!param) {
      problem('parameters', `reference to unknown parameter "${key}"`);
      continue;
    }
    ctx.usedParameters.add(key);
    parameters.push({ $ref: `#/components/parameters/${key}` });
    if (param.in === 'path') declaredPath.add(param.name);
  }
  const templated = pathTemplateParams(op.path);
  for (const name of templated) {
    if (!declaredPath.has(name)) problem('parameters', `path parameter {${name}} is used in the path but not declared`);
  }
  for (const name of declaredPath) {
    if (!templated.includes(name)) problem('parameters', `path parameter "${name}" is declared but not used in the path`);
  }
  return parameters;
}

/** The OneDev route one part of a split route describes; the operation's path must be that part's. */
function checkedSplitRoute({ op, problem }: OperationScope, { route, part }: NonNullable<SelectedOperation['splitRoute']>): string {
  const expected = splitRoutePaths(route)?.[part];
  if (!expected) problem('splitRoute', `route ${route} does not end in an optional path glued to the segment before it ({name:(/.*)?})`);
  else if (expected !== op.path) problem('splitRoute', `the ${part} part of ${route} has the path ${expected}, not ${op.path}`);
  return route;
}

type BodySpec = NonNullable<SelectedOperation['body']>;

/** The request body of each kind, and for raw text a curl sample showing the real bytes. */
function requestBodyOf(scope: OperationScope, body: BodySpec): { requestBody: RequestBodyObject; codeSamples?: unknown[] } {
  const { op, problem } = scope;
  if (op.method !== 'POST') problem('body', `a ${op.method} operation cannot take a body`);
  if (body.kind === 'json') return { requestBody: jsonBody(scope, body) };
  if (body.kind === 'ignored') {
    return {
      requestBody: {
        required: false,
        description: body.description,
        content: { 'application/json': { schema: { type: 'object', description: 'Ignored; `{}` will do.' }, example: {} } },
        ...extensionEntry(EXT.ignoredBody, true),
      },
    };
  }
  if (body.kind === 'binary') {
    return {
      requestBody: {
        required: true,
        description: `${body.description} The body is the raw bytes of the file.`,
        // `format: binary` too: generators that predate 3.1's contentMediaType (openapi-python-client) read bytes from it.
        content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary', contentMediaType: 'application/octet-stream' } } },
      },
    };
  }
  return rawTextBody(scope, body);
}

function jsonBody({ problem, typeCtx, useExample }: OperationScope, body: Extract<BodySpec, { kind: 'json' }>): RequestBodyObject {
  const schema = transformType(body.type, typeCtx('body'));
  const update = body.update;
  const requestBody: RequestBodyObject = {
    required: !body.nullable,
    description: update ? `${body.description} ${UPDATE_TEXT[update]}` : body.description,
    content: {
      'application/json': {
        schema: body.nullable ? makeNullable(schema) : schema,
        examples: useExample('body.example', body.example),
      },
    },
  };
  if (update) writeExtension(requestBody, EXT.update, update);
  const named = typeof body.type === 'object' && 'ref' in body.type ? body.type.ref : undefined;
  if (named?.endsWith('Update') && !update) problem('body', `${named} is an update shape: say how it is applied with \`update: 'merge' | 'replace'\``);
  return requestBody;
}

function rawTextBody({ op, ctx }: OperationScope, body: Extract<BodySpec, { kind: 'raw-text' }>): { requestBody: RequestBodyObject; codeSamples: unknown[] } {
  const requestBody: RequestBodyObject = {
    required: body.required,
    description:
      `${body.description} The body is raw text, not JSON: send the characters themselves ` +
      '(no surrounding quotes, no escaping) with `Content-Type: application/json`.',
    content: {
      'application/json': {
        schema: {
          type: 'string',
          contentMediaType: 'text/plain',
          description: 'The raw text; any JSON quotes sent would become part of the text.',
        },
        example: body.example,
      },
    },
    ...extensionEntry(EXT.rawText, true),
  };
  // Renderers show a string example JSON-quoted; a curl sample shows the real bytes.
  const exampleOf = (name: string) =>
    (op.parameters ?? []).map((key) => ctx.parameters[key]).find((p) => p?.in === 'path' && p.name === name)?.example;
  const url = `http://localhost:6610/~api${op.path.replace(/\{[^}]+\}/g, (m) => String(exampleOf(m.slice(1, -1))))}`;
  const codeSamples = [
    {
      lang: 'Shell',
      label: 'curl',
      source: `curl -u robin:$ONEDEV_TOKEN -H 'Content-Type: application/json' \\\n  --data-binary '${body.example.replaceAll("'", "'\\''")}' \\\n  ${url}`,
    },
  ];
  return { requestBody, codeSamples };
}

/** The 200 answer of each kind of success. */
function successResponse(scope: OperationScope): ResponseObject {
  const { op, typeCtx, useExample } = scope;
  const success = op.success;
  if (success.kind === 'json') {
    const untagged = untaggedRoot(success, scope.ctx, scope.problem);
    let schema: SchemaObject = untagged ? { $ref: schemaRef(untaggedName(untagged.tagged)) } : transformType(success.type, typeCtx('success'));
    if (success.nullable) schema = makeNullable(schema);
    const response: ResponseObject = {
      description: success.description,
      content: { 'application/json': { schema, examples: useExample('success.example', success.example) } },
    };
    if (untagged) writeExtension(response, EXT.untaggedRoot, untagged);
    return response;
  }
  if (success.kind === 'id') {
    return {
      description: `${success.description} The body is the id as a bare JSON number.`,
      content: { 'application/json': { schema: { type: 'integer', format: 'int64' }, examples: useExample('success', 'RecordId') } },
    };
  }
  if (success.kind === 'raw-text') {
    return {
      description:
        `${success.description} The body is the text itself, without JSON quotes, although the server ` +
        'labels it `application/json`: read it as text.',
      content: {
        'application/json': {
          schema: { type: 'string', contentMediaType: 'text/plain', description: 'The text as it is; not a JSON string.' },
          example: success.example,
        },
      },
      ...extensionEntry(EXT.rawText, true),
    };
  }
  if (success.kind === 'binary') {
    return {
      description: `${success.description} The body is the bytes themselves.`,
      content: {
        [success.mediaType]: {
          schema: { type: 'string', ...(success.mediaType.startsWith('text/') ? {} : { format: 'binary' }), contentMediaType: success.mediaType },
        },
      },
    };
  }
  return { description: `${success.description} The body is empty.` };
}

/**
 * The error answers, into `responses`: each status the operation lists and every release-wide one,
 * as the shared response, the operation's own message, or the combined response of a validation
 * failure answered there. Returns the statuses a validation failure answers, with their response.
 */
function addErrorResponses({ op, ctx, problem }: OperationScope, responses: ResponsesObject): Map<number, string> {
  const seen = new Set<number>();
  for (const status of op.errors) {
    const shared = ctx.responses[status];
    if (!shared) {
      problem('errors', `status ${status} has no shared error response`);
      continue;
    }
    if (seen.has(status)) problem('errors', `status ${status} is listed twice`);
    seen.add(status);
  }
  for (const status of ctx.alwaysPossible) seen.add(status);
  // A status at which a validation failure of the operation's is answered gets the combined response.
  const combined = new Map<number, string>();
  for (const kind of op.validation ?? []) {
    const failure = ctx.validationFailures[kind];
    if (!failure) continue; // the selection pass has reported it
    const other = combined.get(failure.status);
    if (other && other !== failure.name) problem('errors', `validation failures answer ${failure.status} with two responses (${other}, ${failure.name})`);
    combined.set(failure.status, failure.name);
  }
  for (const status of [...seen].sort()) {
    const shared = ctx.responses[status as ErrorStatus];
    const name = combined.get(status) ?? shared?.name;
    const own = op.errorMessages?.[status as ErrorStatus];
    if (own !== undefined && shared && !combined.has(status)) {
      // The shared answer, with what this operation's server says there as its example.
      responses[String(status)] = {
        description: own.meaning ?? shared.description,
        content: { 'text/plain': { schema: { $ref: '#/components/schemas/ErrorMessage' }, example: own.message } },
      };
    } else if (shared && name) responses[String(status)] = { $ref: `#/components/responses/${name}` };
  }
  for (const status of Object.keys(op.errorMessages ?? {})) {
    const validation = combined.get(Number(status));
    if (validation) problem('errors', `a message for status ${status}, which answers with the validation response ${validation}`);
  }
  return combined;
}

/**
 * A JSON success naming a family or a member says whether its root carries the discriminator
 * (`rootDiscriminator`), and only such a success says so. Omitted: the property and the tagged
 * component, for the response's extension; the example must not carry the property either.
 */
function untaggedRoot(
  success: Extract<SelectedOperation['success'], { kind: 'json' }>,
  ctx: OperationContext,
  problem: (field: string, message: string) => void,
): { property: '@type' | '@class'; tagged: string } | undefined {
  const ref = typeof success.type === 'object' && 'ref' in success.type ? success.type.ref : undefined;
  const property = ref === undefined ? undefined : ctx.polymorphic.get(ref);
  if (property === undefined) {
    if (success.rootDiscriminator) problem('success', `rootDiscriminator is only for an answer that is a family or a family member, not ${JSON.stringify(success.type)}`);
    return undefined;
  }
  if (!success.rootDiscriminator) {
    problem('success', `${ref} is polymorphic: say whether the server writes \`${property}\` at the root with rootDiscriminator 'written' or 'omitted'`);
    return undefined;
  }
  if (success.rootDiscriminator === 'written') return undefined;
  const example = ctx.exampleValue(success.example);
  if (example && typeof example === 'object' && property in example) {
    problem('success.example', `${success.example} carries \`${property}\` at its root, which this answer comes without`);
  }
  return { property, tagged: ref! };
}
