/**
 * OpenAPI 3.1 document -> OpenAPI 3.0.3 document. Document-level rewrites live here; schemas
 * go through ./schema-30.ts. The input is never mutated.
 */
import { ConversionError, convertSchema, escapePointer, type Schema } from './schema-30.js';
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

const convertMediaType = (media: Json, where: string): Json => {
  const out = { ...media };
  if (out.schema !== undefined) out.schema = convertSchema(out.schema, `${where}/schema`);
  if (out.examples !== undefined) out.examples = mapValues(out.examples, `${where}/examples`, orRef((e) => e));
  return out;
};

const convertParameter = orRef((param, where) => {
  const out = { ...param };
  if (out.schema !== undefined) out.schema = convertSchema(out.schema, `${where}/schema`);
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

function convertParameters(list: unknown, where: string): Json[] {
  if (!Array.isArray(list)) throw new ConversionError(where, 'parameters is not an array');
  return list.map((p, i) => convertParameter(p as Json, `${where}/${i}`));
}

function convertOperation(op: Json, where: string): Json {
  if (op.callbacks !== undefined) throw new ConversionError(`${where}/callbacks`, 'callbacks are not converted');
  const out = { ...op };
  if (out.parameters !== undefined) out.parameters = convertParameters(out.parameters, `${where}/parameters`);
  if (out.requestBody !== undefined) out.requestBody = convertBody(out.requestBody as Json, `${where}/requestBody`);
  // 3.1 made `responses` optional; 3.0 requires it.
  if (out.responses === undefined) throw new ConversionError(where, 'an operation without responses is not valid 3.0');
  out.responses = mapValues(out.responses, `${where}/responses`, convertResponse);
  return out;
}

function convertPathItem(item: Json, where: string): Json {
  if (typeof item.$ref === 'string') throw new ConversionError(where, 'path item references are not converted');
  const out = { ...item };
  if (out.parameters !== undefined) out.parameters = convertParameters(out.parameters, `${where}/parameters`);
  for (const method of METHODS) {
    if (isObject(out[method])) out[method] = convertOperation(out[method] as Json, `${where}/${method}`);
  }
  return out;
}

function convertComponents(components: Json): Json {
  const where = '#/components';
  if (components.pathItems !== undefined) throw new ConversionError(`${where}/pathItems`, 'has no 3.0 form');
  const out = { ...components };
  if (out.schemas !== undefined) {
    out.schemas = mapValues(out.schemas, `${where}/schemas`, (s, at) => convertSchema(s, at) as Json);
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
}

/** The whole document in OpenAPI 3.0.3. Throws ConversionError naming the spot it cannot convert. */
export function convertTo30(doc: Json): Json {
  if (typeof doc.openapi !== 'string' || !doc.openapi.startsWith('3.1')) {
    throw new ConversionError('#/openapi', `expected an OpenAPI 3.1 document, got ${JSON.stringify(doc.openapi)}`);
  }
  if (isObject(doc.webhooks) && Object.keys(doc.webhooks).length > 0) {
    throw new ConversionError('#/webhooks', 'webhooks have no 3.0 form');
  }
  const { jsonSchemaDialect: _dialect, webhooks: _webhooks, ...rest } = doc;
  const out: Json = { ...rest, openapi: OPENAPI_30_VERSION };
  if (isObject(out.info)) out.info = licenseIdentifierToUrl(infoSummaryToDescription(out.info));
  // 3.1 made `paths` optional; 3.0 requires it.
  out.paths = out.paths === undefined ? {} : mapValues(out.paths, '#/paths', convertPathItem);
  if (isObject(out.components)) out.components = convertComponents(out.components);
  return out;
}

export type { Schema };
