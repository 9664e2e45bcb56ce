/**
 * What the engine works out once, at start-up: each operation prepared for the request path (its
 * behaviour from the records, what its checks need, its success's offer), all of one shape, and
 * the release's settings the stages read from the document (src/extensions.ts).
 */
import type { OpenAPIObject, SchemaObject } from 'openapi3-ts/oas31';
import { stepRecord, type QueryLanguageSpec } from '../../../spec/model.js';
import { resolveRef } from '../openapi.js';
import { EXT, readExtension } from '../../../src/extensions.js';
import { freshSetting } from './builtin-records.js';
import { commitReadOf } from './commits/answer.js';
import { labelRuleOf } from './consumes.js';
import { securityPlanOf } from './credentials.js';
import { parseMediaType } from './media-types.js';
import { jsonContent, type OperationPlan } from './operations.js';
import { queryLanguageOf, type RecordKind, type RecordModel } from './records.js';
import type { MockState } from './state.js';
import type { Operation } from './request-types.js';
import { offerOf } from './stages/answers.js';

/**
 * The operations as the request path reads them, in document order. Each has every property an
 * operation may have (OPERATION_SHAPE), which keeps the property reads of the request path
 * monomorphic.
 */
export function prepareOperations(doc: OpenAPIObject, plans: readonly OperationPlan[], model: RecordModel): Operation[] {
  return plans.map((plan) => uniform(prepared(doc, plans, model, plan)));
}

function prepared(doc: OpenAPIObject, plans: readonly OperationPlan[], model: RecordModel, plan: OperationPlan): Operation {
  const key = `${plan.method} ${plan.path}`;
  const behaviour = model.behaviours.get(key);
  const target = model.targets.get(key);
  const language = behaviour ? undefined : queryLanguageOf(doc, plan);
  const kind = language ? model.kinds.find((k) => k.paged && k.collectionPath === plan.path) : undefined;
  const queryOnly = language ? { language, ...(kind ? { kind } : {}) } : behaviour ? undefined : commitReadOf(doc, plan, plans);
  const bodyTypes = plan.body?.contents.map((c) => c.mediaType) ?? [];
  const label = labelRuleOf(plan.method, plan.responses, plan.rawText);
  const written = writtenKindOf(plan, model);
  return {
    ...plan,
    ...(behaviour ? { behaviour } : {}),
    ...(target ? { target } : {}),
    ...(queryOnly ? { queryOnly } : {}),
    pathChecked: plan.pathParams.some((p) => !isPlainScalar(p.schema as Record<string, unknown>)),
    securityPlan: securityPlanOf(plan.security),
    bodyTypes: { texts: bodyTypes, parsed: bodyTypes.map(parseMediaType) },
    ...(plan.success && plan.success.contents.length > 0 ? { successOffer: offerOf(plan.success) } : {}),
    ...(label ? { label } : {}),
    ...(written ? { written } : {}),
  };
}

/** The kind whose record the effect's first step makes or changes (checked against its schema). */
function writtenKindOf(plan: OperationPlan, model: RecordModel): RecordKind | undefined {
  const first = plan.effect?.changes[0];
  if (!first || !('create' in first || 'update' in first || 'set' in first)) return undefined;
  const name = stepRecord(first);
  return model.kinds.find((kind) => kind.name === name);
}

/**
 * Every property an operation may have, in one order (a new one must be listed here: the compiler
 * says so). Operations made from it all have one shape, which keeps the property reads of the
 * request path monomorphic; the operations differ in which parts they have.
 */
const OPERATION_SHAPE: Record<keyof Operation, undefined> = {
  method: undefined,
  path: undefined,
  operationId: undefined,
  rawText: undefined,
  queryNames: undefined,
  openQuery: undefined,
  integers: undefined,
  pattern: undefined,
  literals: undefined,
  pathNames: undefined,
  deprecated: undefined,
  security: undefined,
  pathParams: undefined,
  queryParams: undefined,
  body: undefined,
  responses: undefined,
  success: undefined,
  countParameter: undefined,
  behaviour: undefined,
  target: undefined,
  exampleForId: undefined,
  queryOnly: undefined,
  pathChecked: undefined,
  securityPlan: undefined,
  bodyTypes: undefined,
  successOffer: undefined,
  label: undefined,
  missingId: undefined,
  effect: undefined,
  lists: undefined,
  answers: undefined,
  bodyDefaults: undefined,
  written: undefined,
};

function uniform(op: Operation): Operation {
  return { ...OPERATION_SHAPE, ...op } as Operation;
}

/**
 * A parameter schema that says nothing the conversion checks (conversions.ts) do not: an integer with
 * no bounds, or a text with no pattern, length, format or list of values.
 */
function isPlainScalar(schema: Record<string, unknown>): boolean {
  const keys = Object.keys(schema).filter((k) => !['type', 'format', 'description', 'example', 'examples', 'title', 'readOnly'].includes(k));
  if (keys.length > 0) return false;
  if (schema.type === 'string') return schema.format === undefined;
  return schema.type === 'integer' && (schema.format === undefined || schema.format === 'int64' || schema.format === 'int32');
}

/** The query language an operation's `query` parameter takes, if any. */
export function languageOf(operation: Operation): QueryLanguageSpec | undefined {
  const behaviour = operation.behaviour;
  return (behaviour?.type === 'page' ? behaviour.language : undefined) ?? operation.queryOnly?.language;
}

/**
 * Settings as a fresh server has them, where it has none: cleared (a setting whose write takes
 * `null`: read back as 204) or an empty collection (builtin-records.ts). Others start from
 * their documented example, stored as a write would store it.
 */
export function startFresh(doc: OpenAPIObject, operations: readonly Operation[], state: MockState): void {
  for (const op of operations) {
    if (op.behaviour?.type !== 'singleton-read') continue;
    const write = operations.find((other) => other.path === op.path && other.effect?.changes.some((step) => 'setting' in step));
    const writeSchema = write?.body?.contents[0]?.schema as { oneOf?: Array<{ type?: unknown }> } | undefined;
    const clearable = writeSchema?.oneOf?.some((s) => s.type === 'null') === true;
    const readSchema = jsonContent(op.success)?.schema;
    const fresh = freshSetting(readSchema && resolveRef<SchemaObject>(doc, readSchema as SchemaObject), clearable);
    // The documented example is stored too, so that a refusal reading the setting (the issue
    // setting's fields and states) finds what a read answers.
    const example = jsonContent(op.success)?.examples[0];
    if (fresh) state.writeSingleton(op.path, fresh.value);
    else if (example !== undefined && !/\{/.test(op.path)) state.writeSingleton(op.path, structuredClone(example.value));
  }
}

/** The properties of the elements of a kind's array property (for the state's element checks). */
export function elementPropertiesOf(doc: OpenAPIObject): (kind: RecordKind, property: string) => string[] | undefined {
  return (kind, property) => {
    const items = (kind.properties.get(property) as { items?: unknown } | undefined)?.items;
    const element = items === undefined ? undefined : resolveRef<SchemaObject>(doc, items as SchemaObject);
    return element?.properties ? Object.keys(element.properties) : undefined;
  };
}

/** The OneDev release a document describes (EXT.version on `info`), if it says. */
export function releaseOf(doc: OpenAPIObject): string | undefined {
  return readExtension(doc.info, EXT.version);
}

/** How the release refuses bad query parameters (EXT.queryRefusalStatus; 400 when absent). */
export function queryRefusalStatusOf(doc: OpenAPIObject): number {
  return readExtension(doc, EXT.queryRefusalStatus) ?? 400;
}

/**
 * The status this release answers a broken validation rule with (bean validation: a required text
 * left empty): the `validation` kind of the document's EXT.refusals, found by kind, never by its
 * wording; 400 when the document does not say.
 */
export function validationStatusOf(doc: OpenAPIObject): number {
  return readExtension(doc, EXT.refusals)?.find((r) => r.kind === 'validation')?.status ?? 400;
}
