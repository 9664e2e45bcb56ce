/** What the query parser produces (scripts/lib/mock/query/grammar.ts) and the evaluator reads. */

export type QueryNode =
  | { type: 'and' | 'or'; left: QueryNode; right: QueryNode }
  | { type: 'not'; child: QueryNode }
  | { type: 'field'; field: string; operator: string; values: string[] }
  | { type: 'criterion'; keyword: string; values: string[]; bound?: 'since' | 'until' }
  | { type: 'reference' | 'number' | 'fuzzy'; text: string }
  | { type: 'between'; from: Revision; to: Revision }
  | { type: 'link'; scope: 'any' | 'all'; link: string; child: QueryNode };

export interface Revision {
  kind: string;
  value: string;
}

export interface OrderTerm {
  field: string;
  direction?: 'asc' | 'desc';
}

export interface ParsedQuery {
  /** Entity languages: one tree; the commit language: its criteria in order, all of which apply. */
  criteria?: QueryNode;
  list?: QueryNode[];
  order: OrderTerm[];
}
