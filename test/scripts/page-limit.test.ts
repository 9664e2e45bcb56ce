/**
 * Page limits are a fact of the catalogue (`pageLimit` on a count parameter): the builder writes
 * them as `maximum` or `x-onedev-non-admin-maximum` and as the sentence, with the release's
 * query-refusal status, and refuses a limit written anywhere else.
 */
import type { ParameterObject } from 'openapi3-ts/oas31';
import { describe, expect, it } from 'vitest';
import type { ParameterSpec } from '../../spec/model.js';
import { nonAdminMaximum } from '../../scripts/lib/mock/records.js';
import { applyPageLimit } from '../../scripts/lib/page-limit.js';
import { Problems } from '../../scripts/lib/problems.js';
import { committedDocument, operationsOf, resolveRef, SUPPORTED_RELEASES } from '../helpers.js';

const count: ParameterSpec = {
  name: 'count',
  in: 'query',
  required: true,
  type: 'int32',
  constraints: { minimum: 0 },
  description: 'How many records to return at most.',
  example: 100,
};

function apply(spec: ParameterSpec, status = 406): { param: ParameterObject; problems: string[] } {
  const param: ParameterObject = { name: spec.name, in: spec.in, description: spec.description, schema: { type: 'integer', minimum: 0 } };
  const problems = new Problems();
  applyPageLimit('countThing', spec, param, status, problems);
  return { param, problems: problems.list };
}

describe('applyPageLimit', () => {
  it('writes a limit for everyone as the schema maximum, with the refusal status in the sentence', () => {
    const { param, problems } = apply({ ...count, pageLimit: { maximum: 100, appliesTo: 'everyone' } }, 400);
    expect(problems).toEqual([]);
    expect(param.schema).toEqual({ type: 'integer', minimum: 0, maximum: 100 });
    expect(param['x-onedev-non-admin-maximum']).toBeUndefined();
    expect(param.description).toBe(
      'How many records to return at most. At most 100 for every caller, administrators included; a larger `count` is refused with 400.',
    );
  });

  it('writes a limit for non-administrators as the extension, leaving the schema open for administrators', () => {
    const { param, problems } = apply({ ...count, pageLimit: { maximum: 100, appliesTo: 'non-administrators' } }, 406);
    expect(problems).toEqual([]);
    expect(param.schema).toEqual({ type: 'integer', minimum: 0 });
    expect(param['x-onedev-non-admin-maximum']).toBe(100);
    expect(param.description).toMatch(/At most 100 for callers who are not administrators, who get 406 for a larger `count`/);
  });

  it('leaves a parameter without a limit as it is', () => {
    const { param, problems } = apply(count);
    expect(problems).toEqual([]);
    expect(param).toEqual({ name: 'count', in: 'query', description: count.description, schema: { type: 'integer', minimum: 0 } });
  });

  it.each([
    [{ ...count, name: 'offset' }, 'parameter countThing, pageLimit: only a `count` query parameter has a page limit'],
    [{ ...count, constraints: { minimum: 0, maximum: 100 } }, 'parameter countThing, pageLimit: the builder writes the maximum; remove constraints.maximum'],
    [{ ...count, description: 'At most 100 records.' }, 'parameter countThing, pageLimit: the description states a limit itself; the builder appends it'],
  ])('refuses a limit stated twice or on the wrong parameter (%#)', (spec, problem) => {
    expect(apply({ ...spec, pageLimit: { maximum: 100, appliesTo: 'everyone' } }).problems).toEqual([problem]);
  });

  it('refuses a maximum that is not a positive integer and an unknown audience', () => {
    expect(apply({ ...count, pageLimit: { maximum: 0, appliesTo: 'everyone' } }).problems).toEqual([
      'parameter countThing, pageLimit: maximum must be a positive integer, not 0',
    ]);
    const odd = { maximum: 5, appliesTo: 'guests' } as unknown as ParameterSpec['pageLimit'];
    expect(apply({ ...count, pageLimit: odd }).problems).toEqual([
      `parameter countThing, pageLimit: appliesTo must be 'everyone' or 'non-administrators', not "guests"`,
    ]);
  });
});

describe("the mock's reading of the limit", () => {
  it('takes the extension the builder writes, not the sentence', () => {
    const { param } = apply({ ...count, pageLimit: { maximum: 100, appliesTo: 'non-administrators' } });
    expect(nonAdminMaximum(param)).toBe(100);
    expect(nonAdminMaximum({ ...param, 'x-onedev-non-admin-maximum': undefined })).toBeUndefined();
    expect(nonAdminMaximum(apply({ ...count, pageLimit: { maximum: 100, appliesTo: 'everyone' } }).param)).toBeUndefined();
  });
});

/** OneDev's caps, read from each resource class at every published tag (RestConstants.MAX_PAGE_SIZE, MAX_COMMITS). */
const CAPS: Record<string, { maximum: number; appliesTo: 'everyone' | 'non-administrators' }> = {
  '/pulls': { maximum: 100, appliesTo: 'non-administrators' },
  '/builds': { maximum: 100, appliesTo: 'non-administrators' },
  '/packages': { maximum: 100, appliesTo: 'non-administrators' },
  '/projects': { maximum: 100, appliesTo: 'non-administrators' },
  '/issues': { maximum: 100, appliesTo: 'non-administrators' },
  '/workspaces': { maximum: 100, appliesTo: 'non-administrators' },
  '/roles': { maximum: 100, appliesTo: 'everyone' },
  '/agent-tokens': { maximum: 100, appliesTo: 'everyone' },
  '/projects/{projectId}/iterations': { maximum: 100, appliesTo: 'everyone' },
  '/projects/{projectId}/top-contributors': { maximum: 100, appliesTo: 'everyone' },
  '/repositories/{projectId}/commits': { maximum: 10000, appliesTo: 'everyone' },
};

describe.each(SUPPORTED_RELEASES)('page limits of %s', (release) => {
  const doc = committedDocument(release);
  const refusal = (doc as unknown as Record<string, unknown>)['x-onedev-query-refusal-status'];

  it("caps exactly OneDev's capped reads, each for the right callers, saying the release's refusal status", () => {
    const seen: string[] = [];
    for (const { method, path, operation } of operationsOf(doc)) {
      const param = (operation.parameters ?? []).map((p) => resolveRef<ParameterObject>(doc, p)).find((p) => p.in === 'query' && p.name === 'count');
      if (method !== 'GET' || !param) continue;
      const cap = CAPS[path];
      const maximum = (param.schema as { maximum?: number }).maximum;
      const nonAdmin = param['x-onedev-non-admin-maximum'];
      if (!cap) {
        expect([maximum, nonAdmin], path).toEqual([undefined, undefined]);
        continue;
      }
      seen.push(path);
      expect(cap.appliesTo === 'everyone' ? maximum : nonAdmin, path).toBe(cap.maximum);
      expect(cap.appliesTo === 'everyone' ? nonAdmin : maximum, path).toBeUndefined();
      expect(param.description, path).toContain(`At most ${cap.maximum} for`);
      expect(param.description, path).toMatch(new RegExp(`\\b${refusal}\\b`));
    }
    // Workspaces arrived in v16.3.0; every other capped read is in every published release.
    const expected = Object.keys(CAPS).filter((path) => path !== '/workspaces' || release === 'v16.5.6');
    expect(seen.sort()).toEqual(expected.sort());
  });
});
