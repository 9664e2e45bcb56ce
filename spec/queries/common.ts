/**
 * What the entity query languages share: how a release refuses a query, and the reaction counts.
 * Statuses follow OneDev's exception handlers: until v16.5.2 the list resources wrapped a parse
 * failure in "Error parsing query" (400, then 406 from v12.0.9), but a handler for the wrapped
 * cause (a field the language lacks, a user it cannot find, ...) answers first when there is one.
 */
import type { QueryCriterionSpec, QueryFieldSpec, QueryOperator, QueryOrderSpec, QueryRefusalSpec } from '../model.js';
import type { Lifespan } from '../releases.js';

export const SYNTAX_REFUSALS: readonly QueryRefusalSpec[] = [
  { kind: 'syntax', until: 'v12.0.9', status: 400, message: 'Error parsing query' },
  { kind: 'syntax', since: 'v12.0.9', until: 'v16.5.2', status: 406, message: 'Error parsing query' },
  { kind: 'syntax', since: 'v16.5.2', status: 406, message: 'Invalid query' },
];

/** Refusals of the languages of the web UI's lists (pull requests, builds, packages, issues, ...). */
export const ENTITY_REFUSALS: readonly QueryRefusalSpec[] = [
  ...SYNTAX_REFUSALS,
  { kind: 'unknown-field', status: 500, message: 'Field not found: {field}' },
  { kind: 'operator', status: 500, message: "Field '{field}' is not applicable for operator '{operator}'" },
  { kind: 'order', until: 'v15.1.0', status: 500, message: 'Can not order by field: {field}' },
  { kind: 'order', since: 'v15.1.0', status: 500, message: 'Cannot order by field: {field}' },
  { kind: 'user', until: 'v15.1.0', status: 500, message: 'Unable to find user with login: {value}' },
  { kind: 'user', since: 'v15.1.0', status: 404, message: 'Unable to find user with login: {value}' },
  { kind: 'label', until: 'v15.1.0', status: 500, message: 'Undefined label: {value}' },
  { kind: 'label', since: 'v15.1.0', status: 404, message: 'Undefined label: {value}' },
  { kind: 'number', until: 'v15.1.0', status: 500, message: 'Invalid number: {value}' },
  { kind: 'number', since: 'v15.1.0', status: 406, message: 'Invalid number: {value}' },
  { kind: 'date', until: 'v15.1.0', status: 500, message: 'Unrecognized date: {value}' },
  { kind: 'date', since: 'v15.1.0', status: 406, message: 'Unrecognized date: {value}' },
  { kind: 'reference', until: 'v13.0.7', status: 500, message: 'Reference project not found: {value}' },
  { kind: 'reference', since: 'v13.0.7', status: 406, message: 'Reference project not found: {value}' },
  // EntityReference.of: an ExplicitException (500) until v13.0.7, then a ValidationException (406).
  { kind: 'reference-form', until: 'v13.0.7', status: 500, message: 'Invalid entity reference: {value}' },
  { kind: 'reference-form', since: 'v13.0.7', status: 406, message: 'Invalid entity reference: {value}' },
  // `#100` with no project before the `#`: refused so at every release (a bare `#100` before v16.0.0).
  { kind: 'reference-project', until: 'v13.0.7', status: 500, message: 'Reference project not specified: {value}' },
  { kind: 'reference-project', since: 'v13.0.7', status: 406, message: 'Reference project not specified: {value}' },
  // A bare `100` was no reference form at all until v13.1.0, then a reference without its project.
  { kind: 'reference-number', until: 'v13.0.7', status: 500, message: 'Invalid entity reference: {value}' },
  { kind: 'reference-number', since: 'v13.0.7', until: 'v13.1.0', status: 406, message: 'Invalid entity reference: {value}' },
  { kind: 'reference-number', since: 'v13.1.0', status: 406, message: 'Reference project not specified: {value}' },
  // A choice the server does not know fails a Java enum lookup, which no handler maps.
  { kind: 'choice', until: 'v12.0.9', status: 400, message: 'Error parsing query' },
  { kind: 'choice', since: 'v12.0.9', until: 'v16.5.2', status: 406, message: 'Error parsing query' },
  { kind: 'choice', since: 'v16.5.2', status: 500, message: 'Server Error' },
];

/**
 * A working period (`Estimated Time`, `Spent Time`) the time tracking setting cannot read, and a
 * progress that is no decimal. The working period's ValidationException is answered by its handler
 * while the list resources wrap the parse (400, then 406 from v13.0.7), and by the REST layer's
 * own mapper (400) once they stop wrapping in v16.5.2; the decimal's as a number's.
 */
export const WORKING_PERIOD_REFUSALS: readonly QueryRefusalSpec[] = [
  { kind: 'working-period', until: 'v13.0.7', status: 400, message: 'Invalid working period' },
  { kind: 'working-period', since: 'v13.0.7', until: 'v16.5.2', status: 406, message: 'Invalid working period' },
  { kind: 'working-period', since: 'v16.5.2', status: 400, message: 'Invalid working period' },
  { kind: 'decimal', until: 'v15.1.0', status: 500, message: 'Invalid decimal: {value}' },
  { kind: 'decimal', since: 'v15.1.0', status: 406, message: 'Invalid decimal: {value}' },
];

/** The comparison operators of counts. */
export const COUNT_OPERATORS: readonly QueryOperator[] = ['is', 'is not', 'is greater than', 'is less than'];

/** The reaction counts of pull requests and issues: the rocket became a tick in v15.1.0. */
const REACTIONS: ReadonlyArray<{ name: string; property: string } & Lifespan> = [
  { name: 'Reaction: Thumbs Up Count', property: 'thumbsUpCount' },
  { name: 'Reaction: Thumbs Down Count', property: 'thumbsDownCount' },
  { name: 'Reaction: Smile Count', property: 'smileCount' },
  { name: 'Reaction: Tada Count', property: 'tadaCount' },
  { name: 'Reaction: Confused Count', property: 'confusedCount' },
  { name: 'Reaction: Heart Count', property: 'heartCount' },
  { name: 'Reaction: Rocket Count', property: 'rocketCount', until: 'v15.1.0' },
  { name: 'Reaction: Eyes Count', property: 'eyesCount' },
  { name: 'Reaction: Tick Count', property: 'tickCount', since: 'v15.1.0' },
];

export function reactionFields(): QueryFieldSpec[] {
  return REACTIONS.map(({ name, property, ...span }) => ({
    name,
    ...span,
    operators: COUNT_OPERATORS,
    target: { property },
    match: 'number',
    about: `how many gave the reaction \`${name.slice('Reaction: '.length, -' Count'.length).toLowerCase()}\``,
  }));
}

export function reactionOrders(): QueryOrderSpec[] {
  return REACTIONS.map(({ name, property, ...span }) => ({ field: name, ...span, target: { property }, descendingByDefault: true }));
}

/** A branch, tag or commit the repository lacks, as Git resolves it (commit and issue queries alike). */
export const REVISION_REFUSALS: readonly QueryRefusalSpec[] = [
  { kind: 'revision', until: 'v12.0.10', status: 404, message: 'Unable to find object \'{value}\'' },
  { kind: 'revision', since: 'v12.0.10', status: 404, message: 'Unable to find revision \'{value}\'' },
];

/**
 * Who opened, watches, ignores, commented on or is mentioned in an issue or a pull request: the
 * same criteria in both languages, each about the caller (`... me`) or about named users.
 */
export const PARTICIPANT_CRITERIA: readonly QueryCriterionSpec[] = [
    { keyword: 'submitted by me', selects: { target: { property: 'submitterId' }, user: true }, about: 'opened by the caller' },
    { keyword: 'submitted by', takesValues: true, selects: { target: { property: 'submitterId' }, user: true }, about: 'opened by them' },
    { keyword: 'watched by me', selects: { target: { relation: 'watchers' }, user: true }, about: 'the caller watches it' },
    { keyword: 'watched by', takesValues: true, selects: { target: { relation: 'watchers' }, user: true }, about: 'they watch it' },
    { keyword: 'ignored by me', selects: { target: { relation: 'ignorers' }, user: true }, about: 'the caller ignores it' },
    { keyword: 'ignored by', takesValues: true, selects: { target: { relation: 'ignorers' }, user: true }, about: 'they ignore it' },
    { keyword: 'commented by me', selects: { target: { relation: 'commenters' }, user: true }, about: 'the caller commented on it' },
    { keyword: 'commented by', takesValues: true, selects: { target: { relation: 'commenters' }, user: true }, about: 'they commented on it' },
    { keyword: 'mentioned me', selects: { target: { relation: 'mentioned' }, user: true }, about: 'the caller is mentioned in it' },
    { keyword: 'mentioned', takesValues: true, selects: { target: { relation: 'mentioned' }, user: true }, about: 'they are mentioned in it' },
];
