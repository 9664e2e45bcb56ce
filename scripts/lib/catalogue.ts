/** The catalogue as one value: what the builder reads. Tests build variants of it. */
import type { ErrorStatus, ErrorUse, ExampleTable, GroupSpec, ParameterTable, SchemaTable, Versioned } from '../../spec/model.js';
import { descriptionSections, type DescriptionSection } from '../../spec/document.js';
import type { Lifespan } from '../../spec/releases.js';
import { ALWAYS_POSSIBLE, errorResponses, QUERY_REFUSAL_STATUS, type ErrorResponseSpec } from '../../spec/responses.js';
import { groups } from '../../spec/groups/index.js';
import { schemasModules } from '../../spec/schemas/index.js';
import { examplesModules } from '../../spec/examples/index.js';
import { parameters } from '../../spec/parameters.js';

export interface Catalogue {
  groups: readonly GroupSpec[];
  /** Module name -> its schema table (module names appear in error messages). */
  schemas: Record<string, SchemaTable>;
  examples: Record<string, ExampleTable>;
  parameters: ParameterTable;
  /** The shared error responses, by status. */
  responses: Record<ErrorStatus, Versioned<ErrorResponseSpec>>;
  /** Statuses the builder adds to every operation. */
  alwaysPossible: readonly ErrorUse[];
  /** The status bad query parameters are refused with. */
  queryRefusalStatus: Versioned<{ status: ErrorStatus } & Lifespan>;
  /** The parts of the top-level description. */
  description: readonly DescriptionSection[];
}

export const catalogue: Catalogue = {
  groups,
  schemas: schemasModules,
  examples: examplesModules,
  parameters,
  responses: errorResponses,
  alwaysPossible: ALWAYS_POSSIBLE,
  queryRefusalStatus: QUERY_REFUSAL_STATUS,
  description: descriptionSections,
};
