/**
 * The examples make one world at every published release: each reference an example makes
 * (`projectId`, `targetProjectId`, `submitterId`, `reviewerIds`, ...) names a record that the
 * examples of its kind hold, or a built-in record the document itself describes. The mock serves
 * the examples as its first records, so a dangling reference is a record the mock cannot find.
 */
import { describe, expect, it } from 'vitest';
import type { OpenAPIObject } from 'openapi3-ts/oas31';
import { SUPPORTED_RELEASES } from '../helpers.js';
import { tagDocument } from '../support/tag-documents.js';
import { checkReferences, exampleWorld, type BuiltIn, type ExampleWorld } from './example-references.js';

const USERS = '/users/{userId}';

/** Accounts every OneDev server has from setup on; each counts where the release's document says so. */
const BUILT_IN: readonly BuiltIn[] = [
  { kind: USERS, id: 1, documented: /root account \(id 1\)/ },
  { kind: USERS, id: -1, documented: /system user, whose id is -1/ },
  { kind: USERS, id: -2, documented: /`-2` \(the built-in unknown user\)/ },
];

const kindOf = (world: ExampleWorld, where: RegExp): Set<string | undefined> =>
  new Set(world.references.filter((r) => where.test(r.where)).map((r) => r.kind));

describe.each(SUPPORTED_RELEASES)('%s', (release) => {
  const doc: OpenAPIObject = tagDocument(release);
  const world = exampleWorld(doc);

  it('reads the kinds and the reference fields from the document', () => {
    for (const kind of ['/pulls/{requestId}', '/builds/{buildId}', '/projects/{projectId}', USERS, '/issues/{issueId}', '/code-comments/{commentId}']) {
      expect(world.kinds.has(kind), kind).toBe(true);
    }
    expect(world.references.length).toBeGreaterThan(300);
    // By the name's tail, by the description, and by the holder where several kinds share a name.
    expect(kindOf(world, /^PullRequest\.targetProjectId$/)).toEqual(new Set(['/projects/{projectId}']));
    expect(kindOf(world, /^Build\.submitterId$/)).toEqual(new Set([USERS]));
    expect(kindOf(world, /^IssueLink\.targetId$/)).toEqual(new Set(['/issues/{issueId}']));
    expect(kindOf(world, /^BuildDependenceList\[0\]\.dependencyId$/)).toEqual(new Set(['/builds/{buildId}']));
    expect(kindOf(world, /^CodeCommentCreatedPayload\.commentId$/)).toEqual(new Set(['/code-comments/{commentId}']));
    expect(kindOf(world, /^PullRequestCommentEditedPayload\.commentId$/)).toEqual(new Set(['/pull-request-comments/{commentId}']));
    expect(kindOf(world, /^PullRequestUpdatedPayload\.updateId$/)).toEqual(new Set(['PullRequestUpdate']));
    expect(kindOf(world, /^parameter packBlobProjectId$/)).toEqual(new Set(['/projects/{projectId}']));
  });

  it('every reference names a record of its kind the examples hold, or a documented built-in one', () => {
    const { dangling, skipped } = checkReferences(doc, world, BUILT_IN);
    // What could not be checked, for whoever reads the run: keep it to kinds without example records.
    console.info(`${release}: ${world.references.length} references; not checked:\n  ${skipped.join('\n  ')}`);
    expect(dangling).toEqual([]);
    expect(skipped.length).toBeLessThanOrEqual(11);
  });

  it('finds a reference to a record no example holds', () => {
    const broken = structuredClone(doc);
    const examples = broken.components!.examples! as Record<string, { value: Record<string, unknown> }>;
    examples.PullRequest!.value.targetProjectId = 424242;
    const { dangling } = checkReferences(broken, exampleWorld(broken), BUILT_IN);
    expect(dangling).toContain('PullRequest.targetProjectId = 424242: no example of /projects/{projectId} has that id');
    expect(dangling.every((d) => d.includes('424242'))).toBe(true);
  });

  it('takes a built-in record only where the document describes it', () => {
    const undocumented = BUILT_IN.map((b) => ({ ...b, documented: /(?!)/ }));
    const { dangling } = checkReferences(doc, world, undocumented);
    if (world.kinds.get(USERS)?.identified) expect(dangling.some((d) => /^IssueList\[\d\]\.submitterId = 1:/.test(d))).toBe(true);
    else expect(dangling).toEqual([]);
  });
});
