/**
 * A parser for one release's query language, generated with peggy from the language the
 * description carries (EXT.queryLanguage): its keywords, operators and tokens become
 * the grammar's literals. OneDev lexes with ANTLR (longest token wins, then the first rule); the
 * generated grammar gets the same answer by trying longer keywords first and by refusing a
 * keyword glued to more identifier characters (`openx` is one unknown word, not `open`).
 */
import { Script } from 'node:vm';
import peggy from 'peggy';
import type { QueryLanguageSpec } from '../../../../spec/model.js';
import type { ParsedQuery } from './ast.js';

export interface QueryParser {
  parse(text: string): ParsedQuery;
}

/** A peggy literal for text (JSON quoting is valid peggy string syntax). */
const lit = (text: string): string => JSON.stringify(text);

/** A keyword of several words: single words joined by one or more spaces, as OneDev's lexer takes them. */
function keyword(words: string): string {
  return `(${words.split(' ').map(lit).join(' WS+ ')} !IdChar)`;
}

/** Alternatives, longest first, each returning its canonical text. */
function choice(texts: readonly string[]): string {
  const sorted = [...new Set(texts)].sort((a, b) => b.length - a.length);
  return sorted.map((t) => `${keyword(t)} { return ${lit(t)}; }`).join('\n  / ');
}

const COMMON = `
WS = " "
IdChar = [a-zA-Z0-9:_/\\\\+\\-;]
Quoted = '"' chars:$(('\\\\' .) / [^\\\\"])+ '"' { return unescape(chars); }
MultipleQuoted = head:Quoted tail:(WS* "," WS* v:Quoted { return v; })* { return [head, ...tail]; }
Fuzzy = '~' chars:$(('\\\\' .) / [^~])+ '~' { return { type: 'fuzzy', text: unescape(chars) }; }
`;

const INITIALIZER = `{{
  function unescape(text) { return text.replace(/\\\\(.)/gs, '$1'); }
}}`;

function entityGrammar(language: QueryLanguageSpec): string {
  const operators = language.fields.flatMap((f) => f.operators.map((op) => (typeof op === 'string' ? op : op.operator)));
  const valueless = new Set(['is empty', 'is not empty', 'is me', 'is not me']);
  const valued = [...new Set(operators)].filter((op) => !valueless.has(op));
  const bare = [...new Set(operators)].filter((op) => valueless.has(op));
  const plain = language.criteria.filter((c) => !c.form);
  const keywordsAlone = plain.filter((c) => !c.takesValues).map((c) => c.keyword);
  const keywordsWithValues = plain.filter((c) => c.takesValues).map((c) => c.keyword);
  const between = language.criteria.some((c) => c.form === 'between-revisions');
  const linkMatch = language.criteria.some((c) => c.form === 'link-match');
  const tokens = new Set(language.tokens.map((t) => t.token));
  // Before v16.0.0 a reference's project part is optional (`#100` is a reference too).
  const projectOptional = tokens.has('reference') && !tokens.has('number');
  const atoms: string[] = [];
  if (between) atoms.push('Between');
  if (linkMatch) atoms.push('LinkMatch');
  if (bare.length > 0) atoms.push('FieldAlone');
  if (valued.length > 0) atoms.push('FieldValues');
  if (keywordsWithValues.length > 0) atoms.push('KeywordValues');
  if (keywordsAlone.length > 0) atoms.push('KeywordAlone');
  if (tokens.has('reference')) atoms.push('Reference');
  if (tokens.has('number')) atoms.push('Number');
  if (tokens.has('fuzzy')) atoms.push('Fuzzy');
  const rules = [
    INITIALIZER,
    `Query
  = WS* c:Or o:(WS+ o:OrderList { return o; })? WS* !. { return { criteria: c, order: o ?? [] }; }
  / WS* o:OrderList WS* !. { return { order: o }; }
  / WS* !. { return { order: [] }; }`,
    `OrderList = ${keyword('order by')} WS+ head:Order tail:(WS* "," WS* o:Order { return o; })* { return [head, ...tail]; }`,
    `Order = field:Quoted d:(WS+ d:(${keyword('asc')} { return 'asc'; } / ${keyword('desc')} { return 'desc'; }) { return d; })? { return d ? { field, direction: d } : { field }; }`,
    `Or = head:And tail:(WS+ ${keyword('or')} WS+ c:And { return c; })* { return tail.reduce((left, right) => ({ type: 'or', left, right }), head); }`,
    `And = head:Unary tail:(WS+ ${keyword('and')} WS+ c:Unary { return c; })* { return tail.reduce((left, right) => ({ type: 'and', left, right }), head); }`,
    `Unary
  = ${keyword('not')} WS* "(" WS* c:Or WS* ")" { return { type: 'not', child: c }; }
  / "(" WS* c:Or WS* ")" { return c; }
  / ${atoms.join(' / ') || '!.'}`,
  ];
  if (valued.length > 0) rules.push(`FieldValues = field:Quoted WS+ operator:ValuedOperator WS+ values:MultipleQuoted { return { type: 'field', field, operator, values }; }`, `ValuedOperator = ${choice(valued)}`);
  if (bare.length > 0) rules.push(`FieldAlone = field:Quoted WS+ operator:BareOperator { return { type: 'field', field, operator, values: [] }; }`, `BareOperator = ${choice(bare)}`);
  if (keywordsWithValues.length > 0) rules.push(`KeywordValues = keyword:ValueKeyword WS+ values:MultipleQuoted { return { type: 'criterion', keyword, values }; }`, `ValueKeyword = ${choice(keywordsWithValues)}`);
  if (keywordsAlone.length > 0) rules.push(`KeywordAlone = keyword:AloneKeyword { return { type: 'criterion', keyword, values: [] }; }`, `AloneKeyword = ${choice(keywordsAlone)}`);
  if (between) {
    rules.push(
      `Between = ${keyword('fixed between')} WS+ from:Revision WS+ ${keyword('and')} WS+ to:Revision { return { type: 'between', from, to }; }`,
      `Revision = kind:(${choice(['build', 'branch', 'tag', 'commit'])}) WS+ value:Quoted { return { kind, value }; }`,
    );
  }
  if (linkMatch) {
    rules.push(`LinkMatch = scope:(${choice(['any', 'all'])}) WS+ link:Quoted WS+ ${keyword('matching')} WS* "(" WS* c:Or WS* ")" { return { type: 'link', scope, link, child: c }; }`);
  }
  if (tokens.has('reference')) {
    const project = projectOptional ? 'ProjectPart?' : 'ProjectPart';
    rules.push(
      `Reference = text:$(${project} "#" [0-9]+ / [A-Z] [A-Z]+ "-" [0-9]+) !IdChar { return { type: 'reference', text }; }`,
      // A path part ends with a letter, a digit or `_`, as OneDev's token says.
      `ProjectPart = p:$([a-zA-Z0-9_] [a-zA-Z0-9_\\-/.]*) &{ return /[a-zA-Z0-9_]$/.test(p); } { return p; }`,
    );
  }
  if (tokens.has('number')) rules.push(`Number = text:$("#" [0-9]+) !IdChar { return { type: 'number', text }; }`);
  return rules.join('\n\n') + COMMON;
}

function commitGrammar(language: QueryLanguageSpec): string {
  const ranged = language.criteria.filter((c) => c.revision);
  const others = language.criteria.filter((c) => !c.revision);
  const withValues = (list: typeof language.criteria) => list.filter((c) => c.takesValues === true).map((c) => c.keyword);
  const withOne = language.criteria.filter((c) => c.takesValues === 'one').map((c) => c.keyword);
  const alone = (list: typeof language.criteria) => list.filter((c) => !c.takesValues).map((c) => c.keyword);
  const alt = (name: string, texts: string[]) => (texts.length > 0 ? `${name} = ${texts.sort((a, b) => b.length - a.length).map((t) => `${lit(t)} { return ${lit(t)}; }`).join(' / ')}` : `${name} = !. ""`);
  return [
    INITIALIZER,
    `Query
  = WS* head:Criterion tail:(WS+ c:Criterion { return c; })* WS* !. { return { list: [head, ...tail], order: [] }; }
  / WS* !. { return { list: [], order: [] }; }`,
    `Criterion
  = bound:(b:(${keyword('since')} { return 'since'; } / ${keyword('until')} { return 'until'; }) WS+ { return b; })? c:Revision { return bound ? { ...c, bound } : c; }
  / keyword:OtherValued values:Value+ { return { type: 'criterion', keyword, values }; }
  / keyword:OneValued value:Value { return { type: 'criterion', keyword, values: [value] }; }
  / keyword:OtherAlone !IdChar { return { type: 'criterion', keyword, values: [] }; }
  / Fuzzy`,
    `Revision
  = keyword:RangeValued values:Value+ { return { type: 'criterion', keyword, values }; }
  / keyword:RangeAlone !IdChar { return { type: 'criterion', keyword, values: [] }; }`,
    alt('RangeValued', withValues(ranged)),
    alt('RangeAlone', alone(ranged)),
    alt('OtherValued', withValues(others)),
    alt('OtherAlone', alone(others)),
    alt('OneValued', withOne),
    `Value = "(" chars:$(('\\\\' .) / [^\\\\()])+ ")" { return unescape(chars); }`,
  ].join('\n\n') + COMMON;
}

const grammars = new WeakMap<QueryLanguageSpec, string>();

/** The grammar text of a language (exported for the parser tests, which read it). */
export function grammarOf(language: QueryLanguageSpec): string {
  let text = grammars.get(language);
  if (text === undefined) {
    text = language.syntax === 'commit' ? commitGrammar(language) : entityGrammar(language);
    grammars.set(language, text);
  }
  return text;
}

const parsers = new Map<string, QueryParser>();

/** A parser generated on a worker thread: peggy's CommonJS source, and V8's code cache of it once run. */
export interface ParserCode {
  source: string;
  cache: Uint8Array;
}

/** Texts a parser runs on before its code cache is taken, so that the cache holds its rules' code. */
const WARM_TEXTS = ['"Name" is "x" and not ("Number" is "1" or "Name" contains "y") order by "Name" asc', 'open', '~word~', ''];

const PARSER_FILE = 'onedev-query-parser.js';

/**
 * A parser's code. Generating its source takes tens to hundreds of milliseconds, and compiling it
 * where it is used then takes a few more on first use: a server does both on a worker thread
 * (offload-worker.ts), and the event loop loads the source with V8's compiled code (loadParser).
 */
export function parserCode(grammar: string): ParserCode {
  const source = peggy.generate(grammar, { output: 'source', format: 'commonjs' });
  const script = new Script(wrapped(source), { filename: PARSER_FILE });
  const parse = parseOf(script);
  for (const text of WARM_TEXTS) {
    try {
      parse(text);
    } catch {
      // Refused texts compile the rules they tried too.
    }
  }
  return { source, cache: script.createCachedData() };
}

const loads = { cached: 0, compiled: 0 };

/** How many parsers this thread loaded with their code cache, and how many it compiled (V8 refused the cache). */
export function parserLoads(): { cached: number; compiled: number } {
  return { ...loads };
}

/** Loads a parser made elsewhere (well under a millisecond with its code cache, against generating it). */
export function loadParser(grammar: string, code: ParserCode): void {
  if (parsers.has(grammar)) return;
  const script = new Script(wrapped(code.source), { filename: PARSER_FILE, cachedData: code.cache });
  // A refused cache (another V8, other flags) only costs the compilation it would have saved.
  // (V8 says false only when it was given a cache and took it.)
  loads[script.cachedDataRejected === false ? 'cached' : 'compiled'] += 1;
  const parse = parseOf(script);
  parsers.set(grammar, remembering((query: string) => parse(query) as ParsedQuery));
}

/** peggy's CommonJS output as a function of `module` and `exports`. */
const wrapped = (source: string): string => `(function (module, exports) {${source}\n})`;

function parseOf(script: Script): (text: string) => unknown {
  const module: { exports: { parse?: (text: string) => unknown } } = { exports: {} };
  (script.runInThisContext() as (m: typeof module, e: typeof module.exports) => void)(module, module.exports);
  const parse = module.exports.parse;
  if (typeof parse !== 'function') throw new Error('the generated parser source exports no parse function');
  return parse;
}

/** Parses kept per grammar, up to this many texts (then forgotten all at once). */
const KEPT_PARSES = 512;

/**
 * A parser that remembers what it parsed: clients send the same few queries again and again, and
 * the trees are only read, never changed. A text that fails to parse fails again the same way.
 */
function remembering(parse: (query: string) => ParsedQuery): QueryParser {
  const kept = new Map<string, { tree: ParsedQuery } | { error: unknown }>();
  return {
    parse: (query: string) => {
      let known = kept.get(query);
      if (!known) {
        try {
          known = { tree: parse(query) };
        } catch (error) {
          known = { error };
        }
        if (kept.size >= KEPT_PARSES) kept.clear();
        kept.set(query, known);
      }
      if ('error' in known) throw known.error;
      return known.tree;
    },
  };
}

/** Whether the parser of a language is here already (generated or loaded). */
export function hasParser(language: QueryLanguageSpec): boolean {
  return parsers.has(grammarOf(language));
}

let generatedHere = 0;

/** How many parsers this thread generated itself (with a server's workers: none). */
export function parsersGeneratedHere(): number {
  return generatedHere;
}

/** The parser of a language, generated here once per distinct grammar unless it was loaded. */
export function parserFor(language: QueryLanguageSpec): QueryParser {
  const text = grammarOf(language);
  let parser = parsers.get(text);
  if (!parser) {
    generatedHere += 1;
    const generated = peggy.generate(text);
    parser = remembering((query: string) => generated.parse(query) as ParsedQuery);
    parsers.set(text, parser);
  }
  return parser;
}
