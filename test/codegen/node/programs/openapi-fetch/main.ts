/**
 * openapi-typescript types + openapi-fetch against the mock (see test/codegen/harness.ts for the
 * checks). Usage: tsx main.ts <baseUrl> <raw title>
 */
import createClient from 'openapi-fetch';
import type { paths } from './gen/openapi.js';

const [baseUrl, title] = process.argv.slice(2) as [string, string];
const BIG_ID = 4_294_967_338;
const client = createClient<paths>({ baseUrl, headers: { Authorization: 'Bearer codegen-token' } });

/** openapi-fetch answers `{ data, error, response }`; a read that fails stops the program. */
function ok<T>(result: { data?: T; error?: unknown; response: Response }): T {
  if (result.data === undefined) throw new Error(`${result.response.url}: ${result.response.status} ${String(result.error)}`);
  return result.data;
}
const path = <K extends string>(name: K, id: number) => ({ params: { path: { [name]: id } as Record<K, number> } });

const reads: Record<string, number> = {};
const pull = ok(await client.GET('/pulls/{requestId}', path('requestId', BIG_ID)));
reads.pullRequestGetBasicInfo = pull.id;
const build = ok(await client.GET('/builds/{buildId}', path('buildId', 1)));
reads.buildGetBasicInfo = build.id;
reads.groupGetBasicInfo = ok(await client.GET('/groups/{groupId}', path('groupId', 1))).id;
reads.labelSpecGet = ok(await client.GET('/label-specs/{labelSpecId}', path('labelSpecId', 1))).id;
reads.roleGet = ok(await client.GET('/roles/{roleId}', path('roleId', 1))).id;
reads.packageGetBasicInfo = ok(await client.GET('/packages/{packId}', path('packId', 1))).id;
reads.pullRequestCommentGet = ok(await client.GET('/pull-request-comments/{commentId}', path('commentId', 1))).id;
reads.pullRequestWatchGet = ok(await client.GET('/pull-request-watches/{watchId}', path('watchId', 1))).id;
reads.issueWatchGet = ok(await client.GET('/issue-watches/{watchId}', path('watchId', 1))).id;
reads.iterationGet = ok(await client.GET('/iterations/{iterationId}', path('iterationId', 1))).id;
reads.issueWorkGet = ok(await client.GET('/issue-works/{workId}', path('workId', 1))).id;
reads.milestoneGet = ok(await client.GET('/milestones/{milestoneId}', path('milestoneId', 1))).id;
reads.baseAuthorizationGet = ok(await client.GET('/base-authorizations/{authorizationId}', path('authorizationId', 1))).id;
reads.pullRequestAssignmentGet = ok(await client.GET('/pull-request-assignments/{assignmentId}', path('assignmentId', 1))).id;
reads.pullRequestReviewGet = ok(await client.GET('/pull-request-reviews/{reviewId}', path('reviewId', 1))).id;
reads.membershipGet = ok(await client.GET('/memberships/{membershipId}', path('membershipId', 1))).id;
reads.issueLinkGet = ok(await client.GET('/issue-links/{linkId}', path('linkId', 1))).id;
reads.issueVoteGet = ok(await client.GET('/issue-votes/{voteId}', path('voteId', 1))).id;
reads.sshKeyGet = ok(await client.GET('/ssh-keys/{sshKeyId}', path('sshKeyId', 1))).id;

// A discriminated union: checking `@type` narrows it, so `storageClass` type-checks only in the branch.
const executors = ok(await client.GET('/settings/job-executors'));
let kubernetesStorageClass = '';
for (const executor of executors) {
  if (executor['@type'] === 'KubernetesExecutor') kubernetesStorageClass = executor.storageClass ?? '';
}

// Raw text: the body is the text itself. openapi-fetch JSON-encodes unless given a bodySerializer.
const setTitle = await client.POST('/pulls/{requestId}/title', {
  ...path('requestId', BIG_ID),
  body: title,
  bodySerializer: (text: string) => text,
});

console.log(
  JSON.stringify({
    reads,
    executors: { count: executors.length, firstType: executors[0]?.['@type'], kubernetesStorageClass },
    buildCancellerIdIsNull: build.cancellerId === null,
    bigPullRequestId: pull.id,
    setTitleStatus: setTitle.response.status,
  }),
);
