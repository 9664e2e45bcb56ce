/**
 * The page-limit vocabulary (`pageLimit` on a `count` parameter) as OpenAPI: a `maximum` when the
 * limit holds for everyone (validators and the mock enforce it), EXT.nonAdminMaximum when
 * administrators are exempt (a schema cannot say who is asking), and the sentence a reader sees,
 * with the status the release refuses a larger `count` with.
 */
import type { ParameterObject } from 'openapi3-ts/oas31';
import type { PageLimit, ParameterSpec } from '../../spec/model.js';
import { EXT, writeExtension } from '../../src/extensions.js';
import type { Problems } from './problems.js';

/** What a reader is told about the limit. */
export function pageLimitSentence(limit: PageLimit, refusalStatus: number): string {
  return limit.appliesTo === 'everyone'
    ? `At most ${limit.maximum} for every caller, administrators included; a larger \`count\` is refused with ${refusalStatus}.`
    : `At most ${limit.maximum} for callers who are not administrators, who get ${refusalStatus} for a larger \`count\`; administrators may ask for more.`;
}

/** Writes `spec.pageLimit` into `param` (schema, extension, description); a misuse is a problem naming the parameter. */
export function applyPageLimit(key: string, spec: ParameterSpec, param: ParameterObject, refusalStatus: number, problems: Problems): void {
  const limit = spec.pageLimit;
  if (!limit) return;
  const where = `parameter ${key}, pageLimit`;
  if (spec.in !== 'query' || spec.name !== 'count') problems.add(`${where}: only a \`count\` query parameter has a page limit`);
  if (!Number.isInteger(limit.maximum) || limit.maximum < 1) problems.add(`${where}: maximum must be a positive integer, not ${limit.maximum}`);
  if (limit.appliesTo !== 'everyone' && limit.appliesTo !== 'non-administrators') {
    problems.add(`${where}: appliesTo must be 'everyone' or 'non-administrators', not ${JSON.stringify(limit.appliesTo)}`);
  }
  if (spec.constraints && 'maximum' in spec.constraints) problems.add(`${where}: the builder writes the maximum; remove constraints.maximum`);
  if (/\bat most \d/i.test(spec.description)) problems.add(`${where}: the description states a limit itself; the builder appends it`);
  if (limit.appliesTo === 'everyone') param.schema = { ...param.schema, maximum: limit.maximum };
  else writeExtension(param, EXT.nonAdminMaximum, limit.maximum);
  param.description = `${spec.description} ${pageLimitSentence(limit, refusalStatus)}`;
}
