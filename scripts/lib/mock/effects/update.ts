/**
 * `update`: the body's properties over the record's (a property left out keeps its value). A tree
 * record whose `path` value moves it takes its descendants along: their paths start with its new one.
 */
import type { EffectStep } from '../../../../spec/model.js';
import type { Rec, RecordKind } from '../records.js';
import { changesOf, findAt, missingAt } from './values.js';
import type { EffectRun, StepModule } from './types.js';

export const update: StepModule<'update'> = {
  apply(step, run) {
    const kind = run.world.kind(step.update);
    if (!kind) return undefined;
    const { id, record } = findAt(step.at, kind, run);
    if (!record) return id === undefined ? undefined : missingAt(step.at, kind, id);
    const values = changesOf(step.values, kind, record, run);
    const changed = run.world.state.update(kind, id ?? record, run.request.body, values);
    if (changed) run.subject ??= { kind, record: changed };
    if (changed) movePaths(step, kind, record, changed, run);
    return undefined;
  },
};

/** The descendants of a moved tree record (paths under its old one) get their paths under its new one. */
function movePaths(step: Extract<EffectStep, { update: string }>, kind: RecordKind, was: Rec, is: Rec, run: EffectRun): void {
  const pathValue = Object.entries(step.values ?? {}).find(([, value]) => 'path' in value)?.[0];
  const before = pathValue === undefined ? undefined : was[pathValue];
  const after = pathValue === undefined ? undefined : is[pathValue];
  if (pathValue === undefined || typeof before !== 'string' || typeof after !== 'string' || before === after) return;
  const state = run.world.state;
  for (const record of [...(state.setOf(kind)?.all() ?? [])]) {
    const path = record[pathValue];
    if (typeof path !== 'string' || !path.startsWith(`${before}/`)) continue;
    state.change(kind, record.id !== undefined ? String(record.id) : record, { set: { [pathValue]: after + path.slice(before.length) }, drop: [] });
  }
}
