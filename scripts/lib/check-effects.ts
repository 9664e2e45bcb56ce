/**
 * Checks each operation's effect (spec/model.ts, EffectSpec) against the release it is built for:
 * the records it names are component schemas with the properties it names, the path parameters it
 * reads are the operation's, and an effect that changes nothing says why. So too the links a list
 * names (OperationSpec `lists`): a GET answering an array of records that have those properties.
 * A mistake names the operation and the field.
 */
import type { SchemaObject } from 'openapi3-ts/oas31';
import { stepRecord, type EffectCondition, type EffectStep, type EffectValue, type RecordAt } from '../../spec/model.js';
import type { Problems } from './problems.js';
import type { SelectedEffect, SelectedGroup, SelectedOperation } from './select-release.js';

type Schemas = Readonly<Record<string, SchemaObject>>;

export function checkEffects(groups: readonly SelectedGroup[], schemas: Schemas, problems: Problems): void {
  for (const group of groups) {
    for (const op of group.operations) {
      const where = `operation "${op.name}" (${op.method} ${op.path}), effect`;
      if (op.effect) checkEffect(op, op.effect, schemas, where, problems);
      if (op.lists) checkLists(op, op.lists, schemas, `operation "${op.name}" (${op.method} ${op.path}), lists`, problems);
    }
  }
}

function checkEffect(op: SelectedOperation, effect: SelectedEffect, schemas: Schemas, where: string, problems: Problems): void {
  if (op.method === 'GET') problems.add(`${where}: a GET changes nothing; leave the effect out`);
  if (effect.changes.length === 0 && !effect.none?.trim()) problems.add(`${where}.none: no changes, and no reason why`);
  if (effect.changes.length > 0 && effect.none !== undefined) problems.add(`${where}.none: given with changes`);
  const params = new Set(op.path.match(/\{[^}]+\}/g)?.map((p) => p.slice(1, -1)) ?? []);
  const subject = effect.changes[0] && stepRecord(effect.changes[0]);
  const context = { schemas, params, subject, problems };
  effect.changes.forEach((step, i) => checkStep(step, `${where}.changes[${i}]`, context));
  (effect.refuses ?? []).forEach((refusal, i) => {
    const at = `${where}.refuses[${i}]`;
    if (!op.errors.includes(refusal.status)) problems.add(`${at}.status: ${refusal.status} is not among the operation's errors`);
    if (!refusal.message.trim()) problems.add(`${at}.message: empty`);
    checkCondition(refusal.when, `${at}.when`, context);
  });
}

function checkLists(op: SelectedOperation, lists: NonNullable<SelectedOperation['lists']>, schemas: Schemas, where: string, problems: Problems): void {
  const type = op.success.kind === 'json' ? op.success.type : undefined;
  const item = type && typeof type === 'object' && 'array' in type ? type.array : undefined;
  const record = item && typeof item === 'object' && 'ref' in item ? item.ref : undefined;
  if (op.method !== 'GET' || !record || !/\}\/[^/{]+$/.test(op.path)) {
    problems.add(`${where}: only a GET under a record's path (\`.../{id}/things\`) answering an array of records lists linked records`);
    return;
  }
  if (lists.fields.length === 0) problems.add(`${where}.fields: empty`);
  if (!schemas[record]) problems.add(`${where}: no schema ${record} in this release`);
  else for (const field of lists.fields) checkProperty(record, field, `${where}.fields`, { schemas, params: new Set(), subject: undefined, problems });
}

interface Context {
  schemas: Schemas;
  params: ReadonlySet<string>;
  /** The subject's schema: the first step's record. */
  subject: string | undefined;
  problems: Problems;
}

function checkStep(step: EffectStep, where: string, context: Context): void {
  if ('setting' in step) return;
  const record = stepRecord(step)!;
  const schema = context.schemas[record];
  if (!schema) {
    context.problems.add(`${where}: no schema ${record} in this release`);
    return;
  }
  if ('at' in step) checkAt(step.at, `${where}.at`, record, context);
  const values = 'values' in step ? step.values : undefined;
  for (const [property, value] of Object.entries(values ?? {})) {
    checkProperty(record, property, `${where}.values.${property}`, context);
    checkValue(value, `${where}.values.${property}`, context, record);
  }
  const each = 'create' in step && step.each !== undefined;
  for (const [property, value] of Object.entries(values ?? {})) {
    if ('element' in value && !each) context.problems.add(`${where}.values.${property}.element: only a create step with \`each\` has an element`);
  }
  for (const property of Object.keys('create' in step ? (step.defaults ?? {}) : {})) checkProperty(record, property, `${where}.defaults.${property}`, context);
  if ('count' in step) checkProperty(record, step.property, `${where}.property`, context);
  for (const [i, cascade] of ('remove' in step ? (step.cascade ?? []) : []).entries()) {
    if (!context.schemas[cascade.record]) context.problems.add(`${where}.cascade[${i}]: no schema ${cascade.record} in this release`);
    else checkProperty(cascade.record, cascade.field, `${where}.cascade[${i}].field`, context);
  }
}

function checkAt(at: RecordAt, where: string, record: string, context: Context): void {
  if ('param' in at && !context.params.has(at.param)) context.problems.add(`${where}.param: the path has no {${at.param}}`);
  if ('field' in at) {
    if (!context.subject) context.problems.add(`${where}.field: no subject to read ${at.field} from`);
    else checkProperty(context.subject, at.field, `${where}.field`, context);
  }
  if ('where' in at) {
    for (const [property, value] of Object.entries(at.where)) {
      checkProperty(record, property, `${where}.where.${property}`, context);
      checkValue(value, `${where}.where.${property}`, context);
    }
  }
}

function checkValue(value: EffectValue, where: string, context: Context, record?: string): void {
  if ('path' in value && record) {
    checkProperty(record, value.path.parent, `${where}.path.parent`, context);
    checkProperty(record, value.path.name, `${where}.path.name`, context);
  }
  if ('param' in value && !context.params.has(value.param)) context.problems.add(`${where}.param: the path has no {${value.param}}`);
  if ('subject' in value) {
    if (!context.subject) context.problems.add(`${where}.subject: no subject to read ${value.subject} from`);
    else checkProperty(context.subject, value.subject, `${where}.subject`, context);
  }
}

function checkCondition(when: EffectCondition, where: string, context: Context): void {
  const subject = context.subject;
  if ('property' in when && subject) checkProperty(subject, when.property, `${where}.property`, context);
  if ('duplicate' in when && subject) for (const p of when.duplicate) checkProperty(subject, p, `${where}.duplicate`, context);
  if ('missing' in when) {
    if (!context.schemas[when.missing]) context.problems.add(`${where}.missing: no schema ${when.missing} in this release`);
  }
  if (('property' in when || 'duplicate' in when) && !subject) context.problems.add(`${where}: no subject record to test`);
}

function checkProperty(record: string, property: string, where: string, context: Context): void {
  const schema = context.schemas[record];
  // A family's members hold the properties; their root lists none to check against.
  if (!schema?.properties) return;
  if (!(property in schema.properties)) context.problems.add(`${where}: ${record} has no property ${property}`);
}
