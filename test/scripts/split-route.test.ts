/**
 * Split routes (spec/model.ts, `splitRoute`): a OneDev route that glues an optional path to the
 * segment before it is described as a root and a nested operation. The builder derives both paths
 * from OneDev's template, refuses a catalogue whose path disagrees, and names the parts apart.
 */
import { describe, expect, it } from 'vitest';
import type { GroupSpec, OperationSpec } from '../../spec/model.js';
import { buildDocument } from '../../scripts/lib/build-document.js';
import { catalogue, type Catalogue } from '../../scripts/lib/catalogue.js';
import { operationSummary, splitRoutePaths } from '../../scripts/lib/naming.js';
import { CatalogueError } from '../../scripts/lib/problems.js';
import { selectRelease } from '../../scripts/lib/select-release.js';
import { SEED_RELEASE } from '../../spec/releases.js';

function problemsOf(edit: (operations: OperationSpec[]) => void): readonly string[] {
  const copy = structuredClone(catalogue) as Catalogue;
  const group = copy.groups.find((g) => g.name === 'Artifact') as GroupSpec & { operations: OperationSpec[] };
  edit(group.operations);
  try {
    buildDocument(selectRelease(copy, SEED_RELEASE));
  } catch (error) {
    if (error instanceof CatalogueError) return error.problems;
    throw error;
  }
  throw new Error('the build accepted a broken catalogue');
}

const isDeleteRoot = (op: OperationSpec) => op.method === 'DELETE' && op.splitRoute?.part === 'root';

describe('splitRoutePaths', () => {
  it('gives the URL without the glued path, and with it as segments of their own', () => {
    expect(splitRoutePaths('/artifacts/{buildId}{artifactPath:(/.*)?}')).toEqual({
      root: '/artifacts/{buildId}',
      nested: '/artifacts/{buildId}/{artifactPath}',
    });
    expect(splitRoutePaths('/artifacts/{buildId}/infos{artifactPath:(/.*)?}')).toEqual({
      root: '/artifacts/{buildId}/infos',
      nested: '/artifacts/{buildId}/infos/{artifactPath}',
    });
    // Other parameters lose their regular expressions, as everywhere in the description.
    expect(splitRoutePaths('/files/{project:.+}/raw{path:(/.*)?}')?.root).toBe('/files/{project}/raw');
  });

  it('has no split for a route without an optional glued tail', () => {
    expect(splitRoutePaths('/artifacts/{buildId}/contents/{artifactPath:(.*)}')).toBeUndefined();
    expect(splitRoutePaths('/artifacts/{buildId}/{artifactPath}')).toBeUndefined();
    expect(splitRoutePaths('{artifactPath:(/.*)?}')).toBeUndefined();
  });
});

describe('operationSummary', () => {
  it('adds "(root)" to the root part only, so the two parts get two operationIds', () => {
    expect(operationSummary({ name: 'Delete Artifact', splitRoute: { part: 'root' } })).toBe('Delete Artifact (root)');
    expect(operationSummary({ name: 'Delete Artifact', splitRoute: { part: 'nested' } })).toBe('Delete Artifact');
    expect(operationSummary({ name: 'Delete Artifact' })).toBe('Delete Artifact');
  });
});

describe('the builder', () => {
  it('refuses a part whose path is not the one the route gives it, naming the operation', () => {
    const problems = problemsOf((ops) => {
      const i = ops.findIndex(isDeleteRoot);
      ops[i] = { ...ops[i]!, path: '/artifacts/{buildId}/all' };
    });
    expect(problems).toContain(
      'operation artifactDeleteArtifactRoot (DELETE /artifacts/{buildId}/all), splitRoute: the root part of ' +
        '/artifacts/{buildId}{artifactPath:(/.*)?} has the path /artifacts/{buildId}, not /artifacts/{buildId}/all',
    );
  });

  it('refuses a route that has no optional glued path to split', () => {
    const problems = problemsOf((ops) => {
      const i = ops.findIndex(isDeleteRoot);
      ops[i] = { ...ops[i]!, splitRoute: { route: '/artifacts/{buildId}', part: 'root' } };
    });
    expect(problems).toContain(
      'operation artifactDeleteArtifactRoot (DELETE /artifacts/{buildId}), splitRoute: route /artifacts/{buildId} ' +
        'does not end in an optional path glued to the segment before it ({name:(/.*)?})',
    );
  });

  it('refuses two parts that would share an operationId (both nested)', () => {
    const problems = problemsOf((ops) => {
      const i = ops.findIndex(isDeleteRoot);
      ops[i] = { ...ops[i]!, splitRoute: { ...ops[i]!.splitRoute!, part: 'nested' } };
    });
    expect(problems.some((p) => p.includes('duplicate operationId'))).toBe(true);
  });

  it("writes OneDev's template on both parts, with the help page's name as summary", () => {
    const doc = buildDocument(selectRelease(catalogue, SEED_RELEASE));
    const parts = Object.entries(doc.paths ?? {}).flatMap(([path, item]) =>
      Object.entries(item as Record<string, any>)
        .filter(([, op]) => op?.['x-onedev-route'])
        .map(([method, op]) => `${method.toUpperCase()} ${path} ${op.operationId} "${op.summary}" <- ${op['x-onedev-route']}`),
    );
    expect(parts.sort()).toEqual([
      'DELETE /artifacts/{buildId} artifactDeleteArtifactRoot "Delete Artifact (root)" <- /artifacts/{buildId}{artifactPath:(/.*)?}',
      'DELETE /artifacts/{buildId}/{artifactPath} artifactDeleteArtifact "Delete Artifact" <- /artifacts/{buildId}{artifactPath:(/.*)?}',
      'GET /artifacts/{buildId}/infos artifactGetArtifactInfoRoot "Get Artifact Info (root)" <- /artifacts/{buildId}/infos{artifactPath:(/.*)?}',
      'GET /artifacts/{buildId}/infos/{artifactPath} artifactGetArtifactInfo "Get Artifact Info" <- /artifacts/{buildId}/infos{artifactPath:(/.*)?}',
    ]);
  });
});
