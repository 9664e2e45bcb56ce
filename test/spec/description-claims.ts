/**
 * Reads one built document's operation texts for facts that belong to the data, not the prose:
 * an error status the operation does not declare (its responses say which status each refusal
 * gets at that release), a release named in a sentence ("from v12.0.9", "until v15"; a text whose
 * facts changed is worded per release instead), and a page limit restated where the `count`
 * parameter's generated sentence already gives it.
 */
import type { OpenAPIObject, OperationObject, ParameterObject, RequestBodyObject, SchemaObject } from 'openapi3-ts/oas31';
import { EXT } from '../../src/extensions.js';
import { operationsOf, resolveRef } from '../../scripts/lib/openapi.js';
import type { ErrorStatus } from '../../spec/model.js';

const NON_ADMIN_MAXIMUM = EXT.nonAdminMaximum.name;

export interface DescriptionClaim {
  operationId: string;
  /** `description`, `parameter <name>` or `request body`. */
  text: string;
  claim: string;
  excerpt: string;
}

/** Every status the catalogue can give an operation (ErrorStatus in spec/model.ts). */
const STATUSES: readonly ErrorStatus[] = [400, 401, 403, 404, 406, 413, 500, 503];

/** A status number standing on its own: not part of a longer number, a version, a path or an id (`#404`). */
const STATUS = new RegExp(`(?<![\\w.#/:-])(${STATUSES.join('|')})(?!\\w|\\.\\d|/)`, 'g');
/** Words before a status that say the operation never answers it ("gets 401, never 403"). */
const NEGATED = /\b(?:never|not|nor|rather than|instead of)\s+$/i;
/**
 * A release the catalogue describes (v11 to v16) named in prose: a tag or a major line (`v12.0.9`,
 * `v11.11.x`, `v15`), or "OneDev 13". Versions of other things (`v4.2.0`, a library's 2.1.0) are
 * not OneDev releases; nor is v10.x, the history before the catalogue (the Milestone group names
 * v10.8.0 as the last server that had milestones, which no wording per described release can say).
 */
const RELEASE = /(?<![\w.-])(?:v1[1-9](?:\.(?:\d+|x))*|OneDev\s+1[1-9](?:\.(?:\d+|x))*)(?![\w])/g;

/** The text as a reader sees prose: code spans and fenced blocks (examples, literal values) blanked out. */
export function proseOf(text: string): string {
  return text.replace(/```[\s\S]*?```/g, ' ').replace(/`[^`\n]*`/g, '``');
}

function excerpt(text: string, index: number, length: number): string {
  return text.slice(Math.max(0, index - 50), index + length + 30).replace(/\s+/g, ' ').trim();
}

/** The largest `count` the operation's `count` parameter allows (for everyone or for non-administrators). */
function pageLimitOf(doc: OpenAPIObject, operation: OperationObject): number | undefined {
  for (const use of operation.parameters ?? []) {
    const param = resolveRef<ParameterObject>(doc, use);
    if (param.in !== 'query' || param.name !== 'count') continue;
    const maximum = (param.schema as SchemaObject | undefined)?.maximum ?? (param as unknown as Record<string, unknown>)[NON_ADMIN_MAXIMUM];
    if (typeof maximum === 'number') return maximum;
  }
  return undefined;
}

/** Phrases that state a page size cap of `limit` records. */
function limitPhrase(limit: number): RegExp {
  return new RegExp(
    `\\b(?:at most|up to|above|over|more than|no more than|greater than|larger than|bigger than|beyond|exceeding|exceeds|maximum of|limit of|limited to|capped at)\\s+${limit}(?![\\w.])`,
    'gi',
  );
}

/** What the operation's texts claim against its own data, in document order. */
export function descriptionClaims(doc: OpenAPIObject): DescriptionClaim[] {
  const claims: DescriptionClaim[] = [];
  for (const { method, path, operation } of operationsOf(doc)) {
    const operationId = operation.operationId ?? `${method} ${path}`;
    const declared = new Set(Object.keys(operation.responses ?? {}));
    const texts: Array<[string, string]> = [['description', operation.description ?? '']];
    for (const use of operation.parameters ?? []) {
      const param = resolveRef<ParameterObject>(doc, use);
      texts.push([`parameter ${param.name}`, param.description ?? '']);
    }
    const body = operation.requestBody && resolveRef<RequestBodyObject>(doc, operation.requestBody);
    if (body?.description) texts.push(['request body', body.description]);
    const limit = pageLimitOf(doc, operation);

    for (const [text, raw] of texts) {
      const prose = proseOf(raw);
      const add = (claim: string, index: number, length: number) => claims.push({ operationId, text, claim, excerpt: excerpt(prose, index, length) });
      for (const m of prose.matchAll(STATUS)) {
        if (declared.has(m[1]!) || NEGATED.test(prose.slice(Math.max(0, m.index - 20), m.index))) continue;
        add(`status ${m[1]} is not among the operation's responses`, m.index, m[0].length);
      }
      for (const m of prose.matchAll(RELEASE)) add(`names a release (${m[0]}): word the text per release instead`, m.index, m[0].length);
      if (limit !== undefined && text === 'description') {
        for (const m of prose.matchAll(limitPhrase(limit))) add(`restates the page limit (${m[0]}) that the \`count\` parameter states`, m.index, m[0].length);
      }
    }
  }
  return claims;
}
