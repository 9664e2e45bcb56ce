/**
 * Writes a query parameter's description from its query language (spec/queries/), so what a
 * reader is told and what the mock parses (EXT.queryLanguage, src/extensions.ts) come from one source.
 * The language handed in is one release's: select-release.ts has resolved every lifespan.
 */
import type { QueryCriterionSpec, QueryCustomFieldSpec, QueryLanguageSpec, QueryMatch, QueryOperator, QueryRefusalKind } from '../../spec/model.js';
import { VALUELESS_QUERY_OPERATORS } from '../../spec/model.js';

const code = (text: string): string => `\`${text}\``;

/** What a quoted value of this kind looks like, for the examples of the text. */
export function placeholder(match: QueryMatch | 'user'): string {
  switch (match) {
    case 'user':
      return '<login name>';
    case 'reference':
      return '<project path>#<number>';
    case 'path':
      return '<project path>';
    case 'pathspec':
      return '<path>';
    case 'person':
      return '<name or email>';
    case 'link':
      return '<link>';
    case 'date':
      return '<date>';
    case 'label':
      return '<label>';
    case 'number':
      return '<number>';
    case 'working-period':
      return '<working period>';
    case 'fraction':
      return '<fraction>';
    default:
      return '<value>';
  }
}

const MATCH_WORDS: Record<QueryMatch, string> = {
  wildcard: 'case-insensitive, `*` for any text',
  path: '`*` within one level of the path, `**` across levels',
  contains: 'case-insensitive',
  exact: 'exactly',
  number: 'a whole number',
  date: 'a date such as `2025-06-01` or `2025-06-01 14:30`, or a relative one such as `3 days ago`, `yesterday` or `today`',
  user: 'a login name',
  label: 'a label name',
  state: 'a state name',
  reference: '`acme/webapp#100` or `WEB-100`',
  choice: 'one of the listed values',
  name: 'a name',
  person: 'found anywhere in `Name <email>`, case-insensitive, `*` for any text, `@<login>` for the user\'s email addresses',
  pathspec: 'a path and what lies under it; `*` for any text, `/` included',
  link: 'a link name, as either end shows it',
  'working-period': 'a working period such as `1w 2d 4h 30m` or `3h` (weeks, days, hours and minutes, in that order, spaces ignored; a day is 8 hours and a week 5 days on a fresh server), or `0`; a bare number such as `5` is refused',
  fraction: 'a decimal fraction such as `0.5` for half',
  'ordered-choice': '`is greater than` and `is less than` compare positions in this order, a value outside it counting as before the first',
};

function criterionText(c: QueryCriterionSpec): string {
  if (c.form === 'between-revisions') return `${code('fixed between <revision> and <revision>')} (a revision is ${code('build "<project path>#<number>"')}, ${code('branch "<name>"')}, ${code('tag "<name>"')} or ${code('commit "<hash>"')}: ${c.about})`;
  if (c.form === 'link-match') return `${code('any "<link>" matching (<criteria>)')} and ${code('all "<link>" matching (<criteria>)')} (${c.about.replace(/^`[^`]*` or `[^`]*`: /, '')})`;
  const selects = c.selects;
  const kind: QueryMatch | 'user' | undefined = 'user' in selects ? 'user' : 'match' in selects ? selects.match : undefined;
  const written = c.takesValues ? `${c.keyword} "${placeholder(kind ?? 'exact')}"` : c.keyword;
  return `${code(written)} (${c.about})`;
}

const REFUSAL_WORDS: Record<QueryRefusalKind, string> = {
  syntax: 'a query that does not parse',
  'unknown-field': 'an unknown field',
  operator: 'an operator the field does not take',
  order: 'an unknown `order by` field',
  user: 'an unknown login name',
  label: 'an undefined label',
  number: 'a value that is not a number where one is needed',
  date: 'a date the server cannot read',
  reference: 'a reference to a project that does not exist',
  'reference-form': 'a reference in no form the server knows',
  'reference-project': 'a reference without its project (`#100`)',
  'reference-number': 'a reference that is a bare number (`100`)',
  'working-period': 'a working period the server cannot read',
  decimal: 'a value that is not a decimal where one is needed',
  choice: 'a value outside a field\'s choices',
  criterion: 'a criterion about a web page\'s context',
  revision: 'a branch, tag or revision the repository lacks',
  commit: 'a full hash the repository has no commit for',
  'scoped-revision': 'a revision whose project does not exist or is not given',
  'mixed-projects': 'revisions of two projects',
  build: 'a build that does not exist',
  link: 'a link name no link spec has',
  anonymous: 'a criterion about the caller, without credentials',
};

function refusalsText(language: QueryLanguageSpec): string {
  const parts = language.refusals.map((r) => `${REFUSAL_WORDS[r.kind]}, ${r.status} (${code(r.message.replaceAll('{field}', '<field>').replaceAll('{operator}', '<operator>').replaceAll('{value}', '<value>'))})`);
  const refused = language.criteria.filter((c) => 'refused' in c.selects);
  if (refused.length > 0) parts.push(`${refused.map((c) => code(c.keyword)).join(', ')} (about a web page's context), 500 (${code("Criteria '<criterion>' is not supported here")})`);
  return `Refused: ${parts.join('; ')}.`;
}

function entityText(language: QueryLanguageSpec): string[] {
  const out: string[] = [];
  const fields = language.fields.map((f) => {
    const ops = f.operators.map((op) => code(typeof op === 'string' ? op : op.operator)).join(', ');
    const listed = f.choices ? Object.keys(f.choices).map(code).join(', ') : '';
    const compare = f.match === 'choice' && f.choices ? `one of ${listed}` : f.match === 'ordered-choice' ? `${listed}; ${MATCH_WORDS[f.match]}` : MATCH_WORDS[f.match];
    return `${code(f.name)} (${ops}; ${f.about}; ${compare})`;
  });
  if (fields.length > 0) {
    out.push(`Fields, written in double quotes before an operator: ${fields.join('; ')}${language.settingsFields ? `; and ${language.settingsFields}` : ''}.`);
    if (language.customFields && language.customFields.length > 0) out.push(customFieldsText(language.customFields));
    out.push(valuesText(language));
  }
  const plain = language.criteria.filter((c) => !('refused' in c.selects));
  if (plain.length > 0) out.push(`Criteria without a field: ${plain.map(criterionText).join(', ')}.`);
  if (language.links && language.links.length > 0) {
    const links = language.links.map((l) => (l.opposite ? `${code(l.name)} (the other end: ${code(l.opposite)})` : code(l.name)));
    out.push(`Link names of a fresh server: ${links.join(', ')}.`);
  }
  const tokens = language.tokens.map((t) => {
    const written = t.token === 'reference' ? 'acme/webapp#100' : t.token === 'number' ? '#100' : '~text~';
    return `${code(written)} (${t.about})`;
  });
  if (tokens.length > 0) out.push(`Bare criteria: ${tokens.join(', ')}.`);
  out.push('Combine criteria with `and` and `or` (`and` binds tighter), `not(<criteria>)` and parentheses.');
  if (language.orderBy.length > 0) {
    const orders = language.orderBy.map((o) => `${code(o.field)}${o.descendingByDefault ? ' (descending unless `asc`)' : ''}`);
    out.push(`Sort with ${code('order by "<field>" asc')} or ${code('desc')} at the end, several fields separated by commas, by ${orders.join(', ')}; without it, ${language.defaultOrder}.`);
  }
  out.push(
    'Keywords are lower-case; the words of a keyword, and criteria, operators and values, are separated by one or more spaces (a tab or line break does not parse); in a quoted value or `~text~`, a backslash escapes the next character (`\\"` for a quote, `\\\\` for a backslash).',
  );
  return out;
}

/** The operators every field of the language takes, as written. */
function operatorsOf(language: QueryLanguageSpec): Set<QueryOperator> {
  const all = [...language.fields.flatMap((f) => f.operators), ...(language.customFields ?? []).flatMap((c) => c.operators)];
  return new Set(all.map((op) => (typeof op === 'string' ? op : op.operator)));
}

/** How values follow an operator, naming only the valueless operators the language has. */
function valuesText(language: QueryLanguageSpec): string {
  const has = operatorsOf(language);
  const valueless = VALUELESS_QUERY_OPERATORS.filter((op) => has.has(op));
  const other = valueless.length > 0 ? `An operator other than ${valueless.map(code).join(', ')}` : 'An operator';
  const me = has.has('is me') ? ` ${code('is me')} and ${code('is not me')} compare with the caller.` : '';
  return `${other} takes one or more quoted values separated by commas (${code(`"${language.fields[0]!.name}" is "a", "b"`)}): any of them may match, and ${code('is not')} excludes them all.${me}`;
}

/** Custom fields by type: what each type takes, and which `order by` takes. */
function customFieldsText(types: readonly QueryCustomFieldSpec[]): string {
  const each = types.map((t) => `${t.type} (${t.operators.map((op) => code(typeof op === 'string' ? op : op.operator)).join(', ')})`);
  const orderable = types.filter((t) => t.orderable).map((t) => t.type);
  const order = orderable.length > 0 ? ` ${code('order by')} takes ${orderable.join(', ')} fields, ascending unless ${code('desc')} (choices in their order).` : '';
  return `Custom fields take operators by their type: ${each.join('; ')}.${order}`;
}

function commitText(language: QueryLanguageSpec): string[] {
  const criteria = language.criteria.map((c) => {
    const match = 'match' in c.selects ? c.selects.match : undefined;
    const written = c.takesValues ? `${c.keyword}(${placeholder(match ?? 'exact')})` : c.keyword;
    const compare = match === 'person' || match === 'pathspec' ? ` (${MATCH_WORDS[match]})` : '';
    return `${code(written)}${c.revision ? ' (may follow `since` or `until`)' : ''}: ${c.about}${compare}`;
  });
  const fuzzy = language.tokens.find((t) => t.token === 'fuzzy');
  return [
    `Criteria, separated by spaces, each value in parentheses right after its keyword (several values in a row, ${code('path(src)(docs)')}, match any of them): ${criteria.join('; ')}.`,
    'Several revisions combine as `git log` combines them: commits reachable from an `until` one (or from any branch when none is given) and from no `since` one. Criteria of different kinds must all hold.',
    ...(fuzzy ? [`${code('~text~')}: ${fuzzy.about}.`] : []),
    `Without an order keyword, ${language.defaultOrder}. A backslash in a value escapes the next character (\`\\)\` for a parenthesis).`,
  ];
}

/** The text appended to the parameter's own description. */
export function describeQueryLanguage(language: QueryLanguageSpec): string {
  const body = language.syntax === 'commit' ? commitText(language) : entityText(language);
  const examples = language.examples.length > 0 ? [`Examples: ${language.examples.map(code).join('; ')}.`] : [];
  return [...body, ...examples, refusalsText(language)].join(' ');
}
