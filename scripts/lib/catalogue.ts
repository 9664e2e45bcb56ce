/** The catalogue as one value: what the builder reads. Tests build variants of it. */
import type { ExampleTable, GroupSpec, ParameterTable, SchemaTable } from '../../spec/model.js';
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
}

export const catalogue: Catalogue = {
  groups,
  schemas: schemasModules,
  examples: examplesModules,
  parameters,
};
