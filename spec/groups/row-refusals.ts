/**
 * Refusals that several groups' effects share: a body naming a record that does not exist, and a
 * create that breaks a uniqueness rule of the database. Facts from OneDev's entity mapping: a
 * missing row surfaces as Hibernate's "No row" message, which the server answers with 404; a
 * broken unique constraint fails the insert, answered with 500 and Hibernate's statement message.
 */
import type { EffectRefusal } from '../model.js';

/**
 * The body's `field` names a `record` (component schema) that does not exist; `javaClass` is the
 * entity the server names in its message. `<id>` in the message stands for the id the body gave.
 */
export function missingRow(record: string, field: string, javaClass: string = record): EffectRefusal {
  return {
    when: { missing: record, field },
    status: 404,
    message: `No row with the given identifier exists: [io.onedev.server.model.${javaClass}#<id>]`,
  };
}

/** A project named by the body that does not exist: the record is `Project` until v12.0.0, `ProjectData` from then on. */
export function missingProject(field: string): readonly EffectRefusal[] {
  return [
    { ...missingRow('Project', field), until: 'v12.0.0' },
    { ...missingRow('ProjectData', field, 'Project'), since: 'v12.0.0' },
  ];
}

/** What the server answers when an insert breaks a unique constraint (the recording's text). */
export const UNIQUE_BROKEN = 'could not execute statement';

/** A create whose values of `properties` another record already has: the insert fails with 500. */
export function duplicateRow(properties: readonly string[]): EffectRefusal {
  return { when: { duplicate: properties }, status: 500, message: UNIQUE_BROKEN };
}
