/** Turns one catalogue operation into an OpenAPI Operation Object. */
import type { OperationObject, ParameterObject, ResponsesObject, SchemaObject } from 'openapi3-ts/oas31';
import type { ErrorStatus, ParameterSpec } from '../../spec/model.js';
import { EFFECT, IGNORED_BODY, LISTS, MISSING_ID, SPLIT_ROUTE, UNTAGGED_ROOT, UPDATE_MODE } from './extensions.js';
import { operationId, operationSummary, splitRoutePaths } from './naming.js';
import type { Problems } from './problems.js';
import type { ReleaseCatalogue, SelectedGroup, SelectedOperation } from './select-release.js';
import { makeNullable, schemaRef, transformType, type Context } from './transform-schema.js';
import { untaggedName } from './transform-untagged.js';

export const RAW_TEXT_EXTENSION = 'x-onedev-raw-text';

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

export function transformOperation(op: SelectedOperation, ctx: OperationContext): OperationObject {
  const id = operationId(ctx.group.name, operationSummary(op));
  const where = `operation ${id} (${op.method} ${op.path})`;
  const problem = (field: string, message: string) => ctx.problems.add(`${where}, ${field}: ${message}`);
  const typeCtx = (field: string): Context => ({
    where: `${where}, ${field}`,
    known: ctx.knownSchemas,
    problems: ctx.problems,
  });
  const useExample = (field: string, name: string) => {
    if (!ctx.knownExamples.has(name)) problem(field, `reference to unknown example "${name}"`);
    ctx.usedExamples.add(name);
    return { default: exampleRef(name) };
  };

  const exampleOf = (name: string) =>
    (op.parameters ?? []).map((key) => ctx.parameters[key]).find((p) => p?.in === 'path' && p.name === name)?.example;

  if (!op.description.trim()) problem('description', 'is empty');
  if (!op.permission.trim()) problem('permission', 'is empty');

  // Parameters: every {name} in the path is declared as a path parameter, and nothing else is.
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

  const operation: OperationObject = {
    operationId: id,
    summary: operationSummary(op),
    description: `${op.description.trim()}\n\n**Permission:** ${op.permission.trim()}`,
    tags: [ctx.group.name],
  };
  if (parameters.length > 0) operation.parameters = parameters as unknown as ParameterObject[];
  if (op.credentials === 'none') operation.security = [];
  if (op.splitRoute) {
    const { route, part } = op.splitRoute;
    const expected = splitRoutePaths(route)?.[part];
    if (!expected) problem('splitRoute', `route ${route} does not end in an optional path glued to the segment before it ({name:(/.*)?})`);
    else if (expected !== op.path) problem('splitRoute', `the ${part} part of ${route} has the path ${expected}, not ${op.path}`);
    operation[SPLIT_ROUTE] = route;
  }

  if (op.body) {
    if (op.method !== 'POST') problem('body', `a ${op.method} operation cannot take a body`);
    if (op.body.kind === 'json') {
      const schema = transformType(op.body.type, typeCtx('body'));
      const update = op.body.update;
      operation.requestBody = {
        required: !op.body.nullable,
        description: update ? `${op.body.description} ${UPDATE_TEXT[update]}` : op.body.description,
        content: {
          'application/json': {
            schema: op.body.nullable ? makeNullable(schema) : schema,
            examples: useExample('body.example', op.body.example),
          },
        },
      };
      if (update) operation.requestBody[UPDATE_MODE] = update;
      const named = typeof op.body.type === 'object' && 'ref' in op.body.type ? op.body.type.ref : undefined;
      if (named?.endsWith('Update') && !update) problem('body', `${named} is an update shape: say how it is applied with \`update: 'merge' | 'replace'\``);
    } else if (op.body.kind === 'ignored') {
      operation.requestBody = {
        required: false,
        description: op.body.description,
        content: {
          'application/json': {
            schema: { type: 'object', description: 'Ignored; `{}` will do.' },
            example: {},
          },
        },
        [IGNORED_BODY]: true,
      };
    } else if (op.body.kind === 'binary') {
      operation.requestBody = {
        required: true,
        description: `${op.body.description} The body is the raw bytes of the file.`,
        // `format: binary` too: generators that predate 3.1's contentMediaType (openapi-python-client) read bytes from it.
        content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary', contentMediaType: 'application/octet-stream' } } },
      };
    } else {
      operation.requestBody = {
        required: op.body.required,
        description:
          `${op.body.description} The body is raw text, not JSON: send the characters themselves ` +
          '(no surrounding quotes, no escaping) with `Content-Type: application/json`.',
        content: {
          'application/json': {
            schema: {
              type: 'string',
              contentMediaType: 'text/plain',
              description: 'The raw text; any JSON quotes sent would become part of the text.',
            },
            example: op.body.example,
          },
        },
        [RAW_TEXT_EXTENSION]: true,
      };
      // Renderers show a string example JSON-quoted; a curl sample shows the real bytes.
      const url = `http://localhost:6610/~api${op.path.replace(/\{[^}]+\}/g, (m) => String(exampleOf(m.slice(1, -1))))}`;
      operation['x-codeSamples'] = [
        {
          lang: 'Shell',
          label: 'curl',
          source: `curl -u robin:$ONEDEV_TOKEN -H 'Content-Type: application/json' \\\n  --data-binary '${op.body.example.replaceAll("'", "'\\''")}' \\\n  ${url}`,
        },
      ];
    }
  }

  const responses: ResponsesObject = {};
  const success = op.success;
  if (success.kind === 'json') {
    const untagged = untaggedRoot(success, ctx, problem);
    let schema: SchemaObject = untagged ? { $ref: schemaRef(untaggedName(untagged.tagged)) } : transformType(success.type, typeCtx('success'));
    if (success.nullable) schema = makeNullable(schema);
    responses['200'] = {
      description: success.description,
      content: { 'application/json': { schema, examples: useExample('success.example', success.example) } },
    };
    if (untagged) responses['200'][UNTAGGED_ROOT] = untagged;
  } else if (success.kind === 'id') {
    responses['200'] = {
      description: `${success.description} The body is the id as a bare JSON number.`,
      content: {
        'application/json': {
          schema: { type: 'integer', format: 'int64' },
          examples: useExample('success', 'RecordId'),
        },
      },
    };
  } else if (success.kind === 'raw-text') {
    responses['200'] = {
      description:
        `${success.description} The body is the text itself, without JSON quotes, although the server ` +
        'labels it `application/json`: read it as text.',
      content: {
        'application/json': {
          schema: { type: 'string', contentMediaType: 'text/plain', description: 'The text as it is; not a JSON string.' },
          example: success.example,
        },
      },
      [RAW_TEXT_EXTENSION]: true,
    };
  } else if (success.kind === 'binary') {
    responses['200'] = {
      description: `${success.description} The body is the bytes themselves.`,
      content: {
        [success.mediaType]: {
          schema: { type: 'string', ...(success.mediaType.startsWith('text/') ? {} : { format: 'binary' }), contentMediaType: success.mediaType },
        },
      },
    };
  } else {
    responses['200'] = { description: `${success.description} The body is empty.` };
  }
  if (op.noContent) responses['204'] = { description: `${op.noContent} No body.` };

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
  operation.responses = responses;
  if (op.missingId) {
    const { status, callers } = op.missingId;
    if (!op.errorMessages?.[status] || combined.has(status)) problem('errors', `the missing-id status ${status} needs a message of its own`);
    operation[MISSING_ID] = { status, callers };
  }
  if (op.effect) operation[EFFECT] = op.effect;
  if (op.lists) operation[LISTS] = { fields: [...op.lists.fields] };

  if (op.deprecated) {
    operation.deprecated = true;
    operation.description = `**Deprecated:** ${op.deprecated.trim()}\n\n${operation.description}`;
  }
  return operation;
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
