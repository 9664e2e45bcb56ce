/**
 * The top-level description's facts: a section of spec/document.ts writes `{facts:<name>}` where
 * a fact of the release belongs, and the builder fills it in from the built document, so the
 * prose cannot drift from the operations, parameters and responses it sums up.
 */
import type { OpenAPIObject } from 'openapi3-ts/oas31';
import type { PageLimit } from '../../../spec/model.js';
import type { Problems } from '../problems.js';
import { EXT, readExtension } from '../../../src/extensions.js';
import { errorStatuses, pageLimits, queryRefusalStatus, rawTextOperations, type OperationFact, type PageLimitFact } from './extract.js';

const PLACEHOLDER = /\{facts:([a-z-]+)\}/g;

/** An operation as a reader finds it: its name and route. */
export const operationLabel = (op: OperationFact): string => `${op.summary} (\`${op.method} ${op.path}\`)`;

/** Limits grouped by who they bind and how many, non-administrators first, smaller first. */
export function groupedLimits(facts: readonly PageLimitFact[]): Array<{ limit: PageLimit; reads: PageLimitFact[] }> {
  const groups = new Map<string, { limit: PageLimit; reads: PageLimitFact[] }>();
  for (const fact of facts) {
    if (!fact.limit) continue;
    const key = `${fact.limit.appliesTo}:${fact.limit.maximum}`;
    (groups.get(key) ?? groups.set(key, { limit: fact.limit, reads: [] }).get(key)!).reads.push(fact);
  }
  const rank = (l: PageLimit) => (l.appliesTo === 'non-administrators' ? 0 : 1);
  return [...groups.values()].sort((a, b) => rank(a.limit) - rank(b.limit) || a.limit.maximum - b.limit.maximum);
}

/** Who a limit binds, in words. */
const audience = (limit: PageLimit): string =>
  limit.appliesTo === 'everyone' ? 'every caller, administrators included' : 'callers who are not administrators (administrators may ask for more)';

const renderers: Record<string, (doc: OpenAPIObject) => string> = {
  'query-refusal-status': (doc) => String(queryRefusalStatus(doc) ?? ''),
  'page-limits': (doc) =>
    groupedLimits(pageLimits(doc))
      .map(({ limit, reads }) => `- at most ${limit.maximum} for ${audience(limit)}: ${reads.map(operationLabel).join(', ')}`)
      .join('\n'),
  'unlimited-reads': (doc) =>
    pageLimits(doc)
      .filter((read) => !read.limit)
      .map(operationLabel)
      .join(', '),
  'raw-text': (doc) => {
    const ops = rawTextOperations(doc);
    const line = (what: string, list: typeof ops) => (list.length > 0 ? [`- ${what}: ${list.map(operationLabel).join(', ')}`] : []);
    return [...line('bodies', ops.filter((op) => op.body)), ...line('answers', ops.filter((op) => op.answer))].join('\n');
  },
  'error-statuses': (doc) => {
    const statuses = errorStatuses(doc);
    const shared = (status: number) => statuses.filter((s) => s.status === status).length > 1;
    return statuses.map(({ status, name, description }) => `- **${status}**${shared(status) ? ` (${name})` : ''}: ${description}`).join('\n');
  },
};

/** `text` with every `{facts:<name>}` filled in from `doc`; an unknown name or an empty fact is a problem. */
export function fillFacts(text: string, doc: OpenAPIObject, problems: Problems): string {
  return text.replace(PLACEHOLDER, (whole, name: string) => {
    const render = renderers[name];
    if (!render) {
      problems.add(`description: unknown fact ${whole} (known: ${Object.keys(renderers).map((n) => `{facts:${n}}`).join(', ')})`);
      return whole;
    }
    const value = render(doc);
    if (!value) problems.add(`description: ${whole} is empty for ${String(readExtension(doc.info, EXT.version))}`);
    return value;
  });
}
