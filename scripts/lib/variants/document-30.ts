/**
 * OpenAPI 3.1 document -> OpenAPI 3.0.3 document. Document-level rewrites live here; schemas
 * go through ./schema-30.ts. The input is never mutated.
 */
import { ConversionError, convertSchema, escapePointer, type RefTypes, type Schema } from './schema-30.js';
import { HTTP_METHODS as METHODS } from '../openapi.js';

type Json = Record<string, unknown>;

export const OPENAPI_30_VERSION = '3.0.3';


const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** 3.1 lets a Reference Object carry `summary`/`description`; 3.0 does not, so keep only `$ref`. */
export function plainReference(ref: Json): Json {
  return { $ref: ref.$ref };
}

/** `info.summary` has no 3.0 field: it becomes the first paragraph of `info.description`. */
export function infoSummaryToDescription(info: Json): Json {
  if (typeof info.summary !== 'string') return info;
  const { summary, ...rest } = info;
  const description = typeof rest.description === 'string' ? `${summary}\n\n${rest.description}` : summary;
  return { ...rest, description };
}

/** `license.identifier` (SPDX) has no 3.0 field: it becomes `license.url` on spdx.org. */
export function licenseIdentifierToUrl(info: Json): Json {
  const license = info.license;
  if (!isObject(license) || typeof license.identifier !== 'string') return info;
  const { identifier, ...rest } = license;
  return { ...info, license: { url: `https://spdx.org/licenses/${identifier}.html`, ...rest } };
}

function mapValues(record: unknown, where: string, convert: (value: Json, where: string) => Json): Json {
  if (!isObject(record)) throw new ConversionError(where, 'expected an object');
  const out: Json = {};
  for (const [key, value] of Object.entries(record)) {
    const at = `${where}/${escapePointer(key)}`;
    if (!isObject(value)) throw new ConversionError(at, 'expected an object');
    out[key] = convert(value, at);
  }
  return out;
}

/** Converts a Reference Object, or the object itself with `convert`. */
const orRef =
  (convert: (value: Json, where: string) => Json) =>
  (value: Json, where: string): Json =>
    typeof value.$ref === 'string' ? plainReference(value) : convert(value, where);

/**
 * The converters of the objects that hold schemas (media types, parameters, headers, bodies,
 * responses): a nullable reference is written with the `type` of the schema it points at
 * (./schema-30.ts, nullBranchToNullable), read from the document's components.
 */
function partConverters(refTypes: RefTypes) {
  const convertMediaType = (media: Json, where: string): Json => {
    const out = { ...media };
    if (out.schema !== undefined) out.schema = convertSchema(out.schema, `${where}/schema`, refTypes);
    if (out.examples !== undefined) out.examples = mapValues(out.examples, `${where}/examples`, orRef((e) => e));
    return out;
  };

  const convertParameter = orRef((param, where) => {
    const out = { ...param };
    if (out.schema !== undefined) out.schema = convertSchema(out.schema, `${where}/schema`, refTypes);
    if (out.content !== undefined) out.content = mapValues(out.content, `${where}/content`, convertMediaType);
    if (out.examples !== undefined) out.examples = mapValues(out.examples, `${where}/examples`, orRef((e) => e));
    return out;
  });

  const convertHeader = convertParameter;

  const convertBody = orRef((body, where) => {
    const out = { ...body };
    if (out.content !== undefined) out.content = mapValues(out.content, `${where}/content`, convertMediaType);
    return out;
  });

  const convertResponse = orRef((response, where) => {
    const out = { ...response };
    if (out.content !== undefined) out.content = mapValues(out.content, `${where}/content`, convertMediaType);
    if (out.headers !== undefined) out.headers = mapValues(out.headers, `${where}/headers`, convertHeader);
    return out;
  });

  return { convertParameter, convertHeader, convertBody, convertResponse };
}

/** The converters of one document's path items and components, built on partConverters. */
function converters(refTypes: RefTypes) {
  const { convertParameter, convertHeader, convertBody, convertResponse } = partConverters(refTypes);

  const convertParameters = (list: unknown, where: string): Json[] => {
    if (!Array.isArray(list)) throw new ConversionError(where, 'parameters is not an array');
    return list.map((p, i) => convertParameter(p as Json, `${where}/${i}`));
  };

  const convertOperation = (op: Json, where: string): Json => {
    if (op.callbacks !== undefined) throw new ConversionError(`${where}/callbacks`, 'callbacks are not converted');
    const out = { ...op };
    if (out.parameters !== undefined) out.parameters = convertParameters(out.parameters, `${where}/parameters`);
    if (out.requestBody !== undefined) out.requestBody = convertBody(out.requestBody as Json, `${where}/requestBody`);
    // 3.1 made `responses` optional; 3.0 requires it.
    if (out.responses === undefined) throw new ConversionError(where, 'an operation without responses is not valid 3.0');
    out.responses = mapValues(out.responses, `${where}/responses`, convertResponse);
    return out;
  };

  const convertPathItem = (item: Json, where: string): Json => {
    if (typeof item.$ref === 'string') throw new ConversionError(where, 'path item references are not converted');
    const out = { ...item };
    if (out.parameters !== undefined) out.parameters = convertParameters(out.parameters, `${where}/parameters`);
    for (const method of METHODS) {
      if (isObject(out[method])) out[method] = convertOperation(out[method] as Json, `${where}/${method}`);
    }
    return out;
  };

  const convertComponents = (components: Json): Json => {
    const where = '#/components';
    if (components.pathItems !== undefined) throw new ConversionError(`${where}/pathItems`, 'has no 3.0 form');
    const out = { ...components };
    if (out.schemas !== undefined) {
      out.schemas = mapValues(out.schemas, `${where}/schemas`, (s, at) => convertSchema(s, at, refTypes) as Json);
    }
    if (out.parameters !== undefined) out.parameters = mapValues(out.parameters, `${where}/parameters`, convertParameter);
    if (out.headers !== undefined) out.headers = mapValues(out.headers, `${where}/headers`, convertHeader);
    if (out.requestBodies !== undefined) {
      out.requestBodies = mapValues(out.requestBodies, `${where}/requestBodies`, convertBody);
    }
    if (out.responses !== undefined) out.responses = mapValues(out.responses, `${where}/responses`, convertResponse);
    if (out.securitySchemes !== undefined) {
      out.securitySchemes = mapValues(out.securitySchemes, `${where}/securitySchemes`, (scheme, at) => {
        if (scheme.type === 'mutualTLS') throw new ConversionError(at, 'mutualTLS security has no 3.0 form');
        return scheme;
      });
    }
    return out;
  };

  return { convertPathItem, convertComponents };
}

/** `#/components/schemas/X` -> X's `type` in the 3.1 document (the first one that is not "null"). */
export function componentTypes(doc: Json): RefTypes {
  const schemas = isObject(doc.components) && isObject(doc.components.schemas) ? doc.components.schemas : {};
  const prefix = '#/components/schemas/';
  return (ref) => {
    const schema = ref.startsWith(prefix) ? schemas[ref.slice(prefix.length)] : undefined;
    const type = isObject(schema) ? schema.type : undefined;
    const first = Array.isArray(type) ? type.find((t) => t !== 'null') : type;
    return typeof first === 'string' ? first : undefined;
  };
}

/**
 * 3.0 has no `webhooks`: they are left out, their payload schemas stay in components, and the
 * description says so, naming the schemas.
 */
export function withWebhooksNote(info: Json, webhooks: unknown): Json {
  if (!isObject(webhooks) || Object.keys(webhooks).length === 0) return info;
  const payloads = new Set<string>();
  const collect = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(collect);
    else if (isObject(node)) {
      if (typeof node.$ref === 'string' && node.$ref.startsWith('#/components/schemas/')) payloads.add(node.$ref.slice('#/components/schemas/'.length));
      Object.values(node).forEach(collect);
    }
  };
  collect(webhooks);
  const note =
    `## Web hooks\n\nOpenAPI 3.0 cannot describe web hooks, so this file leaves out the ${Object.keys(webhooks).length} ` +
    'events of the 3.1 description\'s `webhooks` section. Their payload schemas are still in `components/schemas`: ' +
    `${[...payloads].sort().map((name) => `\`${name}\``).join(', ')}.`;
  return { ...info, description: typeof info.description === 'string' ? `${info.description}\n\n${note}` : note };
}

/** The whole document in OpenAPI 3.0.3. Throws ConversionError naming the spot it cannot convert. */
export function convertTo30(doc: Json): Json {
  if (typeof doc.openapi !== 'string' || !doc.openapi.startsWith('3.1')) {
    throw new ConversionError('#/openapi', `expected an OpenAPI 3.1 document, got ${JSON.stringify(doc.openapi)}`);
  }
  const { jsonSchemaDialect: _dialect, webhooks, ...rest } = doc;
  const out: Json = { ...rest, openapi: OPENAPI_30_VERSION };
  const { convertPathItem, convertComponents } = converters(componentTypes(doc));
  if (isObject(out.info)) out.info = withWebhooksNote(licenseIdentifierToUrl(infoSummaryToDescription(out.info)), webhooks);
  // 3.1 made `paths` optional; 3.0 requires it.
  out.paths = out.paths === undefined ? {} : mapValues(out.paths, '#/paths', convertPathItem);
  if (isObject(out.components)) out.components = convertComponents(out.components);
  return out;
}

export type { Schema };
