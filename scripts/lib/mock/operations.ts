/**
 * Each operation of the description read once, at start-up, into what answering a request needs:
 * its parameters and body, its security, its responses with their examples. Nothing here is
 * specific to an operation; it all comes from the document.
 */
import type {
  ExampleObject,
  OperationObject,
  MediaTypeObject,
  OpenAPIObject,
  ParameterObject,
  RequestBodyObject,
  ResponseObject,
  SchemaObject,
  SecurityRequirementObject,
  SecuritySchemeObject,
} from 'openapi3-ts/oas31';
import { EXT, readExtension } from '../../../src/extensions.js';
import type { EffectSpec, ListsSpec, RefsRead } from '../../../spec/model.js';
import { stepKind } from './effects/kinds.js';
import { operationsOf, resolveRef } from '../openapi.js';
import { missingIdOf, type MissingId } from './consumes.js';
import { routesOf, type Route } from './routes.js';
import type { ParameterSpec } from './schemas.js';
import { requiredWhenOf, type RequiredWhenRule } from './required-when.js';

export interface ContentPlan {
  mediaType: string;
  schema?: unknown;
  /** In document order; an `example` (singular) is named `default`, as Prism names it. */
  examples: Array<{ key: string; value: unknown }>;
}

export interface ResponsePlan {
  /** `200`, `404`, ... (`default` and `2XX` keep their spelling). */
  code: string;
  contents: ContentPlan[];
  /**
   * The answer's root comes without its family's discriminator (EXT.untaggedRoot): the
   * property it lacks, and the component a request takes with the property.
   */
  untaggedRoot?: { property: string; tagged: string };
}

function untaggedRootOf(response: ResponseObject): ResponsePlan['untaggedRoot'] {
  const fact = readExtension(response, EXT.untaggedRoot);
  return fact ? { property: fact.property, tagged: fact.tagged } : undefined;
}

/** One way to satisfy security: every scheme listed must be met. */
export type SecurityAlternative = ReadonlyArray<{ type: string; scheme?: string }>;

export interface OperationPlan extends Route {
  deprecated: boolean;
  /** Undefined or empty: no credentials needed. */
  security?: SecurityAlternative[];
  pathParams: ParameterSpec[];
  queryParams: ParameterSpec[];
  /** None for a body the server never reads (EXT.ignoredBody): what is sent is ignored. */
  body?: { required: boolean; contents: ContentPlan[]; requiredWhen: readonly RequiredWhenRule[] };
  responses: ResponsePlan[];
  /** The status a path id no record has is answered with instead of 404 (EXT.missingId). */
  missingId?: MissingId;
  /** The answer when nothing else is asked for: lowest 2xx, else `default`, else the first. */
  success?: ResponsePlan;
  /** Extensions and descriptions of the count parameter, for the page limit (records.ts). */
  countParameter?: ParameterObject;
  /** What the operation changes (`x-onedev-effect`), which the stateful mock applies (effects/). */
  effect?: EffectSpec;
  /** How the listed records link to the path's record (`x-onedev-lists`). */
  lists?: ListsSpec;
  /** The records a GET answers that its path does not name (`x-onedev-answers`). */
  answers?: 'caller' | 'stored' | RefsRead;
  /** The `default`s of the JSON body's properties: what a stored setting takes for one left out. */
  bodyDefaults?: Readonly<Record<string, unknown>>;
}

function contentsOf(doc: OpenAPIObject, content: Record<string, MediaTypeObject> | undefined): ContentPlan[] {
  return Object.entries(content ?? {}).map(([mediaType, media]) => {
    const examples: ContentPlan['examples'] = [];
    if (media.example !== undefined) examples.push({ key: 'default', value: media.example });
    for (const [key, example] of Object.entries(media.examples ?? {})) {
      examples.push({ key, value: resolveRef<ExampleObject>(doc, example).value });
    }
    return { mediaType, schema: media.schema, examples };
  });
}

function bodyPlan(doc: OpenAPIObject, body: RequestBodyObject): NonNullable<OperationPlan['body']> {
  const contents = contentsOf(doc, body.content);
  return { required: body.required === true, contents, requiredWhen: requiredWhenOf(doc, contents[0]?.schema) };
}

function parameterSpec(doc: OpenAPIObject, param: ParameterObject): ParameterSpec {
  return {
    name: param.name,
    schema: resolveRef<SchemaObject>(doc, param.schema ?? {}),
    required: param.required === true,
    ...(param.example !== undefined ? { example: param.example } : {}),
    ...(param['x-multi-segment'] === true ? { multiSegment: true } : {}),
    ...(readExtension(param, EXT.matches) ? { matches: readExtension(param, EXT.matches)! } : {}),
  };
}

function lowestSuccess(responses: ResponsePlan[]): ResponsePlan | undefined {
  const success = responses.filter((r) => /^2(\d\d|XX)$/.test(r.code)).sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0))[0];
  return success ?? responses.find((r) => r.code === 'default') ?? responses[0];
}

export function operationPlans(doc: OpenAPIObject): OperationPlan[] {
  const routes = new Map(routesOf(doc).map((r) => [`${r.method} ${r.path}`, r]));
  const schemes = (doc.components?.securitySchemes ?? {}) as Record<string, SecuritySchemeObject>;
  return operationsOf(doc).map(({ method, path, item, operation }) => {
    const parameters = [...(item.parameters ?? []), ...(operation.parameters ?? [])].map((p) => resolveRef<ParameterObject>(doc, p));
    const requirements: SecurityRequirementObject[] | undefined = operation.security ?? doc.security;
    const declared = operation.requestBody ? resolveRef<RequestBodyObject>(doc, operation.requestBody) : undefined;
    const body = readExtension(declared, EXT.ignoredBody) ? undefined : declared;
    const missingId = missingIdOf(operation);
    const effect = effectOf(operation, `${method.toUpperCase()} ${path}`);
    const lists = listsOf(operation, `${method.toUpperCase()} ${path}`);
    const answers = readExtension(operation, EXT.answers);
    const defaults = body ? bodyDefaultsOf(doc, body) : undefined;
    const responses = Object.entries(operation.responses ?? {}).map(([code, response]): ResponsePlan => {
      const resolved = resolveRef<ResponseObject>(doc, response);
      const untaggedRoot = untaggedRootOf(resolved);
      return { code, contents: contentsOf(doc, resolved.content), ...(untaggedRoot ? { untaggedRoot } : {}) };
    });
    return {
      ...routes.get(`${method} ${path}`)!,
      deprecated: operation.deprecated === true,
      security: requirements?.map((requirement) =>
        Object.keys(requirement).map((name) => ({ type: schemes[name]?.type ?? 'unknown', scheme: schemes[name]?.scheme?.toLowerCase() })),
      ),
      pathParams: parameters.filter((p) => p.in === 'path').map((p) => parameterSpec(doc, p)),
      queryParams: parameters.filter((p) => p.in === 'query').map((p) => parameterSpec(doc, p)),
      ...(body ? { body: bodyPlan(doc, body) } : {}),
      responses,
      ...(missingId ? { missingId } : {}),
      success: lowestSuccess(responses),
      countParameter: parameters.find((p) => p.in === 'query' && p.name === 'count'),
      ...(effect ? { effect } : {}),
      ...(lists ? { lists } : {}),
      ...(answers ? { answers } : {}),
      ...(defaults ? { bodyDefaults: defaults } : {}),
    };
  });
}

/** The JSON content of a response, if it has one. */
export function jsonContent(response: ResponsePlan | undefined): ContentPlan | undefined {
  return response?.contents.find((c) => /json/i.test(c.mediaType));
}

/** The `default`s of a JSON body's properties (a setting bean's field initialisers), if it has any. */
function bodyDefaultsOf(doc: OpenAPIObject, body: RequestBodyObject): Record<string, unknown> | undefined {
  const schema = resolveRef<SchemaObject>(doc, (Object.entries(body.content ?? {}).find(([type]) => /json/i.test(type))?.[1]?.schema ?? {}) as SchemaObject);
  const defaults: Record<string, unknown> = {};
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    const resolved = property as SchemaObject;
    if (resolved.default !== undefined) defaults[name] = resolved.default;
  }
  return Object.keys(defaults).length > 0 ? defaults : undefined;
}

/** An operation's EXT.lists: a malformed one is refused when the mock starts, naming the operation. */
function listsOf(operation: OperationObject, where: string): ListsSpec | undefined {
  if (!(EXT.lists.name in operation)) return undefined;
  const lists = readExtension(operation, EXT.lists);
  if (!lists) throw new Error(`${where}: ${EXT.lists.name} has no list of fields or reference (${EXT.lists.type})`);
  return lists;
}

/**
 * An operation's effect (EXT.effect), with each step of a kind the mock applies: a description
 * with a malformed one is refused when the mock starts, naming the operation, rather than when it
 * is called.
 */
function effectOf(operation: OperationObject, where: string): EffectSpec | undefined {
  if (!(EXT.effect.name in operation)) return undefined;
  const effect = readExtension(operation, EXT.effect);
  if (!effect) throw new Error(`${where}: ${EXT.effect.name} is not an effect (${EXT.effect.type})`);
  for (const step of effect.changes) stepKind(step, where);
  return effect;
}
