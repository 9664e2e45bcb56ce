import type { EffectRefusal } from '../model.js';
import type { Lifespan } from '../releases.js';

/**
 * A body field naming a record that is not there: OneDev resolves the id lazily, and the first
 * look at the record fails with Hibernate's message and 404. The message names OneDev's model
 * class (the schema's name unless given); `<id>` stands for the id the body gave.
 */
export function missingRecord(record: string, field: string, modelClass = record, span: Lifespan = {}): EffectRefusal {
  return {
    ...span,
    when: { missing: record, field },
    status: 404,
    message: `No row with the given identifier exists: [io.onedev.server.model.${modelClass}#<id>]`,
  };
}
