/**
 * @hey-api/openapi-ts (its bundled fetch client) against the mock; see test/codegen/harness.ts.
 * Usage: tsx main.ts <baseUrl> <raw title>
 */
import { client } from './gen/client.gen.js';
import * as onedev from './gen/sdk.gen.js';

const [baseUrl, title] = process.argv.slice(2) as [string, string];
const BIG_ID = 4_294_967_338;
// The generated client defaults to the description's first server; point it at yours.
// `auth` is asked once per scheme the operation accepts (Basic, then Bearer): answer for Bearer.
client.setConfig({ baseUrl, throwOnError: true, auth: (scheme) => (scheme.scheme === 'bearer' ? 'codegen-token' : undefined) });

const reads: Record<string, number> = {};
const { data: pull } = await onedev.pullRequestGetBasicInfo({ path: { requestId: BIG_ID }, throwOnError: true });
reads.pullRequestGetBasicInfo = pull.id;
const { data: build } = await onedev.buildGetBasicInfo({ path: { buildId: 1 }, throwOnError: true });
reads.buildGetBasicInfo = build.id;
reads.groupGetBasicInfo = (await onedev.groupGetBasicInfo({ path: { groupId: 1 }, throwOnError: true })).data.id;
reads.labelSpecGet = (await onedev.labelSpecGet({ path: { labelSpecId: 1 }, throwOnError: true })).data.id;
reads.roleGet = (await onedev.roleGet({ path: { roleId: 1 }, throwOnError: true })).data.id;
reads.packageGetBasicInfo = (await onedev.packageGetBasicInfo({ path: { packId: 1 }, throwOnError: true })).data.id;
reads.pullRequestCommentGet = (await onedev.pullRequestCommentGet({ path: { commentId: 1 }, throwOnError: true })).data.id;
reads.pullRequestWatchGet = (await onedev.pullRequestWatchGet({ path: { watchId: 1 }, throwOnError: true })).data.id;
reads.issueWatchGet = (await onedev.issueWatchGet({ path: { watchId: 1 }, throwOnError: true })).data.id;
reads.iterationGet = (await onedev.iterationGet({ path: { iterationId: 1 }, throwOnError: true })).data.id;
reads.issueWorkGet = (await onedev.issueWorkGet({ path: { workId: 1 }, throwOnError: true })).data.id;
reads.milestoneGet = (await onedev.milestoneGet({ path: { milestoneId: 1 }, throwOnError: true })).data.id;
reads.baseAuthorizationGet = (await onedev.baseAuthorizationGet({ path: { authorizationId: 1 }, throwOnError: true })).data.id;
reads.pullRequestAssignmentGet = (await onedev.pullRequestAssignmentGet({ path: { assignmentId: 1 }, throwOnError: true })).data.id;
reads.pullRequestReviewGet = (await onedev.pullRequestReviewGet({ path: { reviewId: 1 }, throwOnError: true })).data.id;
reads.membershipGet = (await onedev.membershipGet({ path: { membershipId: 1 }, throwOnError: true })).data.id;
reads.issueLinkGet = (await onedev.issueLinkGet({ path: { linkId: 1 }, throwOnError: true })).data.id;
reads.issueVoteGet = (await onedev.issueVoteGet({ path: { voteId: 1 }, throwOnError: true })).data.id;
reads.sshKeyGet = (await onedev.sshKeyGet({ path: { sshKeyId: 1 }, throwOnError: true })).data.id;

// A discriminated union: the `@type` check narrows it (`storageClass` exists only on KubernetesExecutor).
const { data: executors } = await onedev.settingGetJobExecutors({ throwOnError: true });
let kubernetesStorageClass = '';
for (const executor of executors) {
  if (executor['@type'] === 'KubernetesExecutor') kubernetesStorageClass = executor.storageClass ?? '';
}

// Raw text: a per-call bodySerializer sends the string itself instead of JSON-quoting it.
const setTitle = await onedev.pullRequestSetTitle({
  path: { requestId: BIG_ID },
  body: title,
  bodySerializer: (text) => text as string,
  throwOnError: true,
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
