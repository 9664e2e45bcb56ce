/**
 * Checks each operation's effect (spec/model.ts, EffectSpec) against the release it is built for:
 * the records it names are component schemas with the properties it names, the path parameters it
 * reads are the operation's, and an effect that changes nothing says why. So too the links a list
 * names (OperationSpec `lists`): a GET answering an array of records that have those properties;
 * an operation that `answers` the caller's record (a GET answering a user) or stored ids (beside
 * a POST storing them); and a parameter's
 * `matches`: properties of the listed records and of their related ones.
 * A mistake names the operation and the field.
 */
import type { SchemaObject } from 'openapi3-ts/oas31';
import { REF_VALUE_FORMS, stepRecord, type DuplicateCondition, type EffectCondition, type EffectStep, type EffectValue, type IssueBranchName, type ParameterSpec, type RecordAt, type RefCondition, type ReferencedIn, type RefStep, type RefsRead, type TermMatch, type TypeExpr } from '../../spec/model.js';
import { REFERENCE_PATTERNS } from './mock/references.js';
import type { Problems } from './problems.js';
import type { SelectedEffect, SelectedGroup, SelectedOperation } from './select-release.js';

type Schemas = Readonly<Record<string, SchemaObject>>;

export function checkEffects(groups: readonly SelectedGroup[], schemas: Schemas, problems: Problems, parameters: Readonly<Record<string, ParameterSpec>> = {}): void {
  for (const group of groups) {
    for (const op of group.operations) {
      for (const key of op.parameters ?? []) {
        const matches = parameters[key]?.matches;
        if (matches) checkMatches(op, matches, schemas, `operation "${op.name}" (${op.method} ${op.path}), parameter ${key}, matches`, problems);
      }
      const where = `operation "${op.name}" (${op.method} ${op.path}), effect`;
      if (op.effect) checkEffect(op, op.effect, schemas, where, problems, queryNames(op, parameters));
      if (op.lists) checkLists(op, op.lists, schemas, `operation "${op.name}" (${op.method} ${op.path}), lists`, problems);
      if (op.answers) checkAnswers(op, group.operations, schemas, `operation "${op.name}" (${op.method} ${op.path}), answers`, problems);
    }
  }
}

/** The names of the parameters in the operation's path. */
function pathParamsOf(op: SelectedOperation): Set<string> {
  return new Set(op.path.match(/\{[^}]+\}/g)?.map((p) => p.slice(1, -1)) ?? []);
}

/** The names of the operation's query parameters. */
function queryNames(op: SelectedOperation, parameters: Readonly<Record<string, ParameterSpec>>): Set<string> {
  return new Set((op.parameters ?? []).map((key) => parameters[key]).filter((p) => p?.in === 'query').map((p) => p!.name));
}

function checkEffect(op: SelectedOperation, effect: SelectedEffect, schemas: Schemas, where: string, problems: Problems, query: ReadonlySet<string> = new Set()): void {
  // Reads change nothing, but for one that writes (Trigger Job Via Get), which then says what.
  if (op.method === 'GET' && effect.changes.length === 0) problems.add(`${where}: a GET that changes nothing needs no effect; leave it out`);
  if (effect.changes.length === 0 && !effect.none?.trim()) problems.add(`${where}.none: no changes, and no reason why`);
  if (effect.changes.length > 0 && effect.none !== undefined) problems.add(`${where}.none: given with changes`);
  const params = pathParamsOf(op);
  const subject = effect.changes[0] && stepRecord(effect.changes[0]);
  const body = refOf(op.body?.kind === 'json' ? op.body.type : undefined);
  const context = { schemas, params, query, subject, problems, body };
  effect.changes.forEach((step, i) => checkStep(step, `${where}.changes[${i}]`, context));
  (effect.refuses ?? []).forEach((refusal, i) => {
    const at = `${where}.refuses[${i}]`;
    if (!op.errors.includes(refusal.status)) problems.add(`${at}.status: ${refusal.status} is not among the operation's errors`);
    if (!refusal.message.trim()) problems.add(`${at}.message: empty`);
    checkCondition(refusal.when, `${at}.when`, context);
  });
}

function checkLists(op: SelectedOperation, lists: NonNullable<SelectedOperation['lists']>, schemas: Schemas, where: string, problems: Problems): void {
  const record = itemRefOf(successType(op));
  if (op.method !== 'GET' || !record || !/\}\/[^/{]+$/.test(op.path)) {
    problems.add(`${where}: only a GET under a record's path (\`.../{id}/things\`) answering an array of records lists linked records`);
    return;
  }
  const context = { schemas, params: new Set<string>(), subject: undefined, problems };
  if (!schemas[record]) problems.add(`${where}: no schema ${record} in this release`);
  else if ('referencing' in lists) {
    const { referencedIn, pattern, project } = lists.referencing;
    checkPattern(pattern, `${where}.referencing.pattern`, problems);
    checkProperty(record, referencedIn, `${where}.referencing.referencedIn`, context);
    checkProperty(record, project, `${where}.referencing.project`, context);
  } else {
    if (lists.fields.length === 0) problems.add(`${where}.fields: empty`);
    for (const field of lists.fields) checkProperty(record, field, `${where}.fields`, context);
    for (const property of Object.keys(lists.except ?? {})) checkProperty(record, property, `${where}.except`, context);
  }
}

/**
 * `answers`: 'caller' on a GET answering one record of a schema with a login name to find the
 * caller by; 'stored' on a GET answering an array of records, beside a POST whose setting step
 * stores their ids.
 */
function checkAnswers(op: SelectedOperation, siblings: readonly SelectedOperation[], schemas: Schemas, where: string, problems: Problems): void {
  const one = refOf(successType(op));
  const many = itemRefOf(successType(op));
  if (typeof op.answers === 'object') {
    checkRefsRead(op, op.answers, where, problems);
    return;
  }
  if (op.answers === 'caller') {
    if (op.method !== 'GET' || !one) problems.add(`${where}: only a GET answering one record answers the caller's`);
    else if (!schemas[one]?.properties?.name) problems.add(`${where}: ${one} has no property name (the caller's login name)`);
    return;
  }
  if (op.method !== 'GET' || !many) problems.add(`${where}: only a GET answering an array of records answers stored ids`);
  const storing = siblings.some((s) => s.method === 'POST' && s.path === op.path && s.effect?.changes.some((step) => 'setting' in step));
  if (!storing) problems.add(`${where}: no POST at ${op.path} stores ids (a setting step)`);
}

/** A read of refs: a GET under a project's path, answering names (an array of strings) or, with `name`, one ref from that parameter. */
function checkRefsRead(op: SelectedOperation, read: RefsRead, where: string, problems: Problems): void {
  const params = pathParamsOf(op);
  if (op.method !== 'GET') problems.add(`${where}: only a GET answers refs`);
  if (!params.has('projectId')) problems.add(`${where}: the path has no {projectId} to find the repository by`);
  if (read.name !== undefined && !params.has(read.name)) problems.add(`${where}.name: the path has no {${read.name}}`);
  const type = successType(op);
  const names = typeof type === 'object' && type !== null && 'array' in type && type.array === 'string';
  if (read.name === undefined && !names) problems.add(`${where}: a list of refs answers an array of strings (their names)`);
  if (read.name !== undefined && !refOf(type)) problems.add(`${where}.name: one ref answers a record of a component schema`);
  if (read.name === undefined && read.missing !== undefined) problems.add(`${where}.missing: only the read of one ref has a 404 of its own`);
}

/** A free-text filter: on a read answering an array of records with the properties it names, its related records too. */
function checkMatches(op: SelectedOperation, matches: TermMatch, schemas: Schemas, where: string, problems: Problems): void {
  const record = itemRefOf(successType(op));
  if (op.method !== 'GET' || !record || !schemas[record]) {
    problems.add(`${where}: only a GET answering an array of records filters them by a text`);
    return;
  }
  const context = { schemas, params: new Set<string>(), subject: undefined, problems };
  if (matches.properties.length === 0) problems.add(`${where}.properties: empty`);
  for (const property of matches.properties) checkProperty(record, property, `${where}.properties`, context);
  (matches.related ?? []).forEach((related, i) => {
    if (!schemas[related.record]) problems.add(`${where}.related[${i}]: no schema ${related.record} in this release`);
    else for (const property of [related.link, related.property]) checkProperty(related.record, property, `${where}.related[${i}]`, context);
  });
}

/** The component schema a type names (`{ ref }`), if it names one. */
function refOf(type: TypeExpr | undefined): string | undefined {
  return type && typeof type === 'object' && 'ref' in type ? type.ref : undefined;
}

/** The component schema of an array type's elements (`{ array: { ref } }`), if they are one. */
function itemRefOf(type: TypeExpr | undefined): string | undefined {
  return type && typeof type === 'object' && 'array' in type ? refOf(type.array) : undefined;
}

/** The JSON type an operation answers with, if it answers JSON. */
function successType(op: SelectedOperation): TypeExpr | undefined {
  return op.success.kind === 'json' ? op.success.type : undefined;
}

interface Context {
  schemas: Schemas;
  params: ReadonlySet<string>;
  /** The operation's query parameters (what a `query` value may read). */
  query?: ReadonlySet<string>;
  /** The subject's schema: the first step's record. */
  subject: string | undefined;
  problems: Problems;
  /** The schema of the operation's JSON body, when it has one. */
  body?: string | undefined;
}

function checkStep(step: EffectStep, where: string, context: Context): void {
  if ('setting' in step) return;
  if ('ref' in step) {
    checkRef(step, where, context);
    return;
  }
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
    if ('stateOrdinal' in value) checkProperty(record, value.stateOrdinal, `${where}.values.${property}.stateOrdinal`, context);
  }
  const each = 'create' in step && step.each !== undefined;
  for (const [property, value] of Object.entries(values ?? {})) {
    if ('element' in value && !each) context.problems.add(`${where}.values.${property}.element: only a create step with \`each\` has an element`);
  }
  for (const property of Object.keys('create' in step ? (step.defaults ?? {}) : {})) checkProperty(record, property, `${where}.defaults.${property}`, context);
  if ('count' in step) checkProperty(record, step.property, `${where}.property`, context);
  if ('count' in step && step.ifBodyField !== undefined) {
    if (!context.body) context.problems.add(`${where}.ifBodyField: the operation has no JSON body of a named schema`);
    else checkProperty(context.body, step.ifBodyField, `${where}.ifBodyField`, context);
  }
  for (const [i, cascade] of ('remove' in step ? (step.cascade ?? []) : []).entries()) {
    if (!context.schemas[cascade.record]) context.problems.add(`${where}.cascade[${i}]: no schema ${cascade.record} in this release`);
    else checkProperty(cascade.record, cascade.field, `${where}.cascade[${i}].field`, context);
  }
}

/** A ref step or condition: a known kind and action, its values of the forms a ref takes, each readable here. */
function checkRef(ref: RefStep | RefCondition, where: string, context: Context): void {
  const kind = 'ref' in ref ? ref.ref : ref.refExists;
  if (kind !== 'branch' && kind !== 'tag') context.problems.add(`${where}: ${JSON.stringify(kind)} is not one of: branch, tag`);
  if ('ref' in ref && ref.action !== 'create' && ref.action !== 'delete') context.problems.add(`${where}.action: ${JSON.stringify(ref.action)} is not one of: create, delete`);
  if ('ref' in ref && ref.revision !== undefined && ref.action !== 'create') context.problems.add(`${where}.revision: only a create has a revision`);
  if ('ref' in ref && ref.of) {
    if (!context.schemas[ref.of.record]) context.problems.add(`${where}.of.record: no schema ${ref.of.record} in this release`);
    else checkAt(ref.of.at, `${where}.of.at`, ref.of.record, context);
  }
  if ('issueBranch' in ref.name) {
    const subject = context.subject;
    if (!subject) context.problems.add(`${where}.name.issueBranch: no subject to read the number and title from`);
    else for (const part of ['number', 'title'] as const) checkProperty(subject, ref.name.issueBranch[part], `${where}.name.issueBranch.${part}`, context);
  }
  const values: Array<[string, EffectValue | IssueBranchName | undefined]> = [['project', ref.project], ['name', ref.name], ['revision', 'ref' in ref ? ref.revision : undefined]];
  for (const [name, value] of values) {
    if (value === undefined || 'issueBranch' in value) continue;
    const form = REF_VALUE_FORMS.find((f) => f in value);
    if (!form) context.problems.add(`${where}.${name}: a ref's value is one of: ${REF_VALUE_FORMS.join(', ')}`);
    else if ('bodyField' in value && !context.body) context.problems.add(`${where}.${name}.bodyField: the operation has no JSON body of a named schema`);
    else if ('bodyField' in value) checkProperty(context.body!, value.bodyField, `${where}.${name}.bodyField`, context);
    else checkValue(value, `${where}.${name}`, context);
  }
}

function checkAt(at: RecordAt, where: string, record: string, context: Context): void {
  if ('param' in at && !context.params.has(at.param)) context.problems.add(`${where}.param: the path has no {${at.param}}`);
  if ('field' in at) {
    if (!context.subject) context.problems.add(`${where}.field: no subject to read ${at.field} from`);
    else checkProperty(context.subject, at.field, `${where}.field`, context);
  }
  if ('referencedIn' in at) checkReferencedIn(at, where, record, context);
  for (const [form, values] of 'where' in at ? [['where', at.where] as const] : 'others' in at ? [['others', at.others] as const] : []) {
    for (const [property, value] of Object.entries(values)) {
      checkProperty(record, property, `${where}.${form}.${property}`, context);
      checkValue(value, `${where}.${form}.${property}`, context);
    }
  }
  if ('others' in at && !context.subject) context.problems.add(`${where}.others: no subject to tell the others from`);
}

function checkPattern(pattern: string, where: string, problems: Problems): void {
  if (!REFERENCE_PATTERNS.includes(pattern)) problems.add(`${where}: ${JSON.stringify(pattern)} is not one of: ${REFERENCE_PATTERNS.join(', ')}`);
}

/** A text of the subject that refers to records by number: both ends must have what it reads. */
function checkReferencedIn(at: ReferencedIn, where: string, record: string, context: Context): void {
  checkPattern(at.pattern, `${where}.pattern`, context.problems);
  if (!context.subject) {
    context.problems.add(`${where}.referencedIn: no subject to read ${at.referencedIn} from`);
    return;
  }
  checkProperty(context.subject, at.referencedIn, `${where}.referencedIn`, context);
  checkProperty(context.subject, at.project, `${where}.project`, context);
  checkProperty(record, 'number', `${where} (the referred record's number)`, context);
  checkProperty(record, 'projectId', `${where} (the referred record's projectId)`, context);
}

function checkValue(value: EffectValue, where: string, context: Context, record?: string): void {
  if ('path' in value && record) {
    checkProperty(record, value.path.parent, `${where}.path.parent`, context);
    checkProperty(record, value.path.name, `${where}.path.name`, context);
  }
  if ('param' in value && !context.params.has(value.param)) context.problems.add(`${where}.param: the path has no {${value.param}}`);
  if ('query' in value && !context.query?.has(value.query)) context.problems.add(`${where}.query: the operation has no query parameter ${value.query}`);
  if ('firstOf' in value) value.firstOf.forEach((each, i) => checkValue(each, `${where}.firstOf[${i}]`, context, record));
  if ('idOf' in value) {
    if (!context.schemas[value.idOf]) context.problems.add(`${where}.idOf: no schema ${value.idOf} in this release`);
    else checkProperty(value.idOf, value.by, `${where}.by`, context);
    checkValue(value.value, `${where}.value`, context, record);
  }
  if ('subject' in value) {
    if (!context.subject) context.problems.add(`${where}.subject: no subject to read ${value.subject} from`);
    // Every made record has the id its create answers, whether or not its schema lists it.
    else if (value.subject !== 'id') checkProperty(context.subject, value.subject, `${where}.subject`, context);
  }
}

function checkCondition(when: EffectCondition, where: string, context: Context): void {
  const subject = context.subject;
  if ('property' in when && subject) checkProperty(subject, when.property, `${where}.property`, context);
  if ('duplicate' in when) checkDuplicate(when, where, context);
  if ('missing' in when) {
    if (!context.schemas[when.missing]) context.problems.add(`${where}.missing: no schema ${when.missing} in this release`);
  }
  if ('refExists' in when) checkRef(when, where, context);
  if (('property' in when || 'duplicate' in when) && !subject) context.problems.add(`${where}: no subject record to test`);
  checkSettingCondition(when, where, context);
}

/** `duplicate`: the properties are the subject's, or, with `of`, those `as` names of that kind. */
function checkDuplicate(when: DuplicateCondition, where: string, context: Context): void {
  const record = when.of ?? context.subject;
  if (when.of !== undefined && !context.schemas[when.of]) context.problems.add(`${where}.of: no schema ${when.of} in this release`);
  if (when.as !== undefined && when.as.length !== when.duplicate.length) context.problems.add(`${where}.as: ${when.as.length} properties for ${when.duplicate.length} in duplicate`);
  if (when.as !== undefined && when.of === undefined) context.problems.add(`${where}.as: given without of`);
  if (!record || !context.schemas[record]) return;
  // With `of`, the body's properties are not the subject's: only the other kind's are checked.
  if (when.of === undefined) for (const p of when.duplicate) checkProperty(record, p, `${where}.duplicate`, context);
  for (const p of when.of === undefined ? [] : (when.as ?? when.duplicate)) checkProperty(record, p, `${where}.as`, context);
  for (const p of Object.keys(when.only ?? {})) checkProperty(record, p, `${where}.only`, context);
}

/** The conditions on a setting or a kept list: a setting's path, a list's record and its field, no empty names. */
function checkSettingCondition(when: EffectCondition, where: string, context: Context): void {
  if ('unset' in when && !when.unset.startsWith('/')) context.problems.add(`${where}.unset: not a path (${when.unset})`);
  for (const [name, value] of Object.entries(when)) {
    if (typeof value === 'string' && !value.trim()) context.problems.add(`${where}.${name}: empty`);
  }
  const listed = 'unlisted' in when ? when.in : 'unchosen' in when ? when.unchosen : undefined;
  if (!listed) return;
  const at = 'unlisted' in when ? `${where}.in` : `${where}.unchosen`;
  if (!listed.list.trim() || !listed.name.trim()) context.problems.add(`${at}: list and name must be given`);
  if ('setting' in listed && !listed.setting.startsWith('/')) context.problems.add(`${at}.setting: not a path (${listed.setting})`);
  if ('record' in listed) {
    if (!context.schemas[listed.record]) context.problems.add(`${at}.record: no schema ${listed.record} in this release`);
    else checkProperty(listed.record, listed.list.split('.')[0]!, `${at}.list`, context);
  }
}

function checkProperty(record: string, property: string, where: string, context: Context): void {
  const schema = context.schemas[record];
  // A family's members hold the properties; their root lists none to check against.
  if (!schema?.properties) return;
  if (!(property in schema.properties)) context.problems.add(`${where}: ${record} has no property ${property}`);
}
