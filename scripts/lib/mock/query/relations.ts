/**
 * What a server keeps apart from a listed record (its labels, reviews, watchers, comments, ...),
 * which queries select by: the mock keeps it on the record under a symbol, so JSON answers never
 * show it and copies of the record (updates) keep it.
 */
export const RELATIONS = Symbol('onedev-mock-relations');

export type Relations = Record<string, unknown>;

export function relationsOf(record: object): Relations {
  return ((record as Record<symbol, unknown>)[RELATIONS] as Relations | undefined) ?? {};
}

export function setRelations(record: object, relations: Relations): void {
  (record as Record<symbol, unknown>)[RELATIONS] = relations;
}
