/** The catalogue as one value: what the builder reads. Tests build variants of it. */
import type { ErrorStatus, ExampleTable, GroupSpec, ParameterTable, SchemaTable, StatusUse, ValidationKind, Versioned } from '../../spec/model.js';
import { descriptionSections, type DescriptionSection } from '../../spec/document.js';
import type { Lifespan } from '../../spec/releases.js';
import { ALWAYS_POSSIBLE, errorResponses, JSON_CONSUMED, QUERY_REFUSAL_STATUS, REFUSALS, VALIDATION_FAILURES, type ErrorResponseSpec, type JsonConsumedSpec, type RefusalSpec, type ValidationFailureSpec } from '../../spec/responses.js';
import { groups } from '../../spec/groups/index.js';
import { schemasModules } from '../../spec/schemas/index.js';
import { examplesModules } from '../../spec/examples/index.js';
import { parameters } from '../../spec/parameters.js';
import { webhookDelivery, webhookEventTypes, webhookExamples, webhookSchemas } from '../../spec/webhooks/index.js';
import type { WebhookCatalogue } from './select-webhooks.js';

export interface Catalogue {
  groups: readonly GroupSpec[];
  /** Module name -> its schema table (module names appear in error messages). */
  schemas: Record<string, SchemaTable>;
  examples: Record<string, ExampleTable>;
  parameters: ParameterTable;
  /** The shared error responses, by status. */
  responses: Record<ErrorStatus, Versioned<ErrorResponseSpec>>;
  /** Statuses the builder adds to every operation. */
  alwaysPossible: readonly StatusUse[];
  /** What a resource consuming JSON refuses (a POST not labelled JSON) and gives a POST that reads no body. */
  jsonConsumed: Versioned<JsonConsumedSpec>;
  /** How each release answers a refusal by validation, by kind. */
  validationFailures: Record<ValidationKind, Versioned<ValidationFailureSpec>>;
  /** The status bad query parameters are refused with. */
  queryRefusalStatus: Versioned<{ status: ErrorStatus } & Lifespan>;
  /** Kinds of refusal any operation can meet, and their statuses. */
  refusals: readonly RefusalSpec[];
  /** The parts of the top-level description. */
  description: readonly DescriptionSection[];
  /** The events OneDev posts to web hooks (their payload schemas and examples are in `schemas` and `examples`). */
  webhooks: WebhookCatalogue;
}

export const catalogue: Catalogue = {
  groups,
  schemas: { ...schemasModules, ...webhookSchemas },
  examples: { ...examplesModules, ...webhookExamples },
  parameters,
  responses: errorResponses,
  alwaysPossible: ALWAYS_POSSIBLE,
  jsonConsumed: JSON_CONSUMED,
  validationFailures: VALIDATION_FAILURES,
  queryRefusalStatus: QUERY_REFUSAL_STATUS,
  refusals: REFUSALS,
  description: descriptionSections,
  webhooks: { eventTypes: webhookEventTypes, delivery: webhookDelivery },
};
