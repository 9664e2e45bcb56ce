/**
 * The refusals by a setting or a list the server keeps (spec/model.ts, SettingCondition): a
 * setting cleared, a name none of a list's entries has, a value none of an entry's choices, a list
 * given where no entry can pass. Each answers the value found wanting, for the message.
 */
import type { ListedNames, SettingCondition } from '../../../../spec/model.js';
import { isObject } from '../../../../src/json-ref.js';
import type { Rec } from '../records.js';
import type { EffectRun } from './types.js';

/** Whether the condition holds: `{ value }` names what was not listed (`<unlisted>`), else undefined. */
export function settingHolds(when: SettingCondition, body: Rec, run: EffectRun): { value?: unknown } | undefined {
  if ('unset' in when) {
    const stored = run.world.state.singleton(when.unset);
    return stored === undefined || stored.value === null ? {} : undefined;
  }
  if ('filled' in when) {
    const value = body[when.filled];
    return Array.isArray(value) && value.length > 0 ? {} : undefined;
  }
  if ('unlisted' in when) {
    const entries = entriesOf(when.in, body, run);
    const value = body[when.unlisted];
    if (!entries || value === undefined || value === null) return undefined;
    const names = new Set(entries.map((e) => e[when.in.name]));
    const given = when.keys ? (isObject(value) ? Object.keys(value) : []) : [value];
    const wanting = given.find((v) => !names.has(v));
    return wanting === undefined ? undefined : { value: wanting };
  }
  return unchosen(when, body, run);
}

/** `unchosen`: the first value of the body that its entry's choices do not hold. */
function unchosen(when: Extract<SettingCondition, { unchosen: unknown }>, body: Rec, run: EffectRun): { value?: unknown } | undefined {
  const entries = entriesOf(when.unchosen, body, run);
  if (!entries) return undefined;
  for (const [name, value] of Object.entries(body)) {
    const choices = at(entries.find((e) => e[when.unchosen.name] === name), when.choices);
    if (!Array.isArray(choices)) continue;
    const allowed = new Set(choices.filter(isObject).map((c) => c[when.choice]));
    // A list of values is refused in other words ("Invalid choice values: ..."), not modelled.
    if (value !== null && !Array.isArray(value) && !allowed.has(value)) return { value };
  }
  return undefined;
}

/** The entries of the list, as the mock holds it (undefined: no such setting, record or list). */
function entriesOf(listed: ListedNames, body: Rec, run: EffectRun): Rec[] | undefined {
  let holder: unknown;
  if ('setting' in listed) holder = run.world.state.singleton(listed.setting)?.value;
  else {
    const kind = run.world.kind(listed.record);
    const id = body[listed.field];
    holder = kind && id !== undefined && id !== null ? run.world.state.setOf(kind)?.get(String(id)) : undefined;
  }
  if (holder === undefined || holder === null) return undefined;
  // A list that is null or left out holds no names.
  const list = at(holder, listed.list);
  return Array.isArray(list) ? list.filter(isObject) : [];
}

/** The value at a dotted property path. */
function at(value: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((v, key) => (isObject(v) ? v[key] : undefined), value);
}
