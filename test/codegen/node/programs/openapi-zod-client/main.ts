/**
 * openapi-zod-client (a Zodios client, answers checked by zod) against the mock; see
 * test/codegen/harness.ts. Usage: tsx main.ts <baseUrl> <raw title>
 */
import { createApiClient } from './gen/client.js';

const [baseUrl, title] = process.argv.slice(2) as [string, string];
const BIG_ID = 4_294_967_338;
const api = createApiClient(baseUrl, { axiosConfig: { headers: { Authorization: 'Bearer codegen-token' } } });
let lastStatus = 0;
api.axios.interceptors.response.use((response) => {
  lastStatus = response.status;
  return response;
});

const reads: Record<string, number> = {};
const pull = await api.pullRequestGetBasicInfo({ params: { requestId: BIG_ID } });
reads.pullRequestGetBasicInfo = pull.id;
const build = await api.buildGetBasicInfo({ params: { buildId: 1 } });
reads.buildGetBasicInfo = build.id;
reads.groupGetBasicInfo = (await api.groupGetBasicInfo({ params: { groupId: 1 } })).id;
reads.labelSpecGet = (await api.labelSpecGet({ params: { labelSpecId: 1 } })).id;
reads.roleGet = (await api.roleGet({ params: { roleId: 1 } })).id;
reads.packageGetBasicInfo = (await api.packageGetBasicInfo({ params: { packId: 1 } })).id;
reads.pullRequestCommentGet = (await api.pullRequestCommentGet({ params: { commentId: 1 } })).id;
reads.pullRequestWatchGet = (await api.pullRequestWatchGet({ params: { watchId: 1 } })).id;
reads.issueWatchGet = (await api.issueWatchGet({ params: { watchId: 1 } })).id;
reads.iterationGet = (await api.iterationGet({ params: { iterationId: 1 } })).id;
reads.issueWorkGet = (await api.issueWorkGet({ params: { workId: 1 } })).id;
reads.milestoneGet = (await api.milestoneGet({ params: { milestoneId: 1 } })).id;
reads.baseAuthorizationGet = (await api.baseAuthorizationGet({ params: { authorizationId: 1 } })).id;
reads.pullRequestAssignmentGet = (await api.pullRequestAssignmentGet({ params: { assignmentId: 1 } })).id;
reads.pullRequestReviewGet = (await api.pullRequestReviewGet({ params: { reviewId: 1 } })).id;
reads.membershipGet = (await api.membershipGet({ params: { membershipId: 1 } })).id;
reads.issueLinkGet = (await api.issueLinkGet({ params: { linkId: 1 } })).id;
reads.issueVoteGet = (await api.issueVoteGet({ params: { voteId: 1 } })).id;
reads.sshKeyGet = (await api.sshKeyGet({ params: { sshKeyId: 1 } })).id;

// zod's discriminatedUnion: the `@type` check narrows the inferred type.
const executors = await api.settingGetJobExecutors();
let kubernetesStorageClass = '';
for (const executor of executors) {
  if (executor['@type'] === 'KubernetesExecutor') kubernetesStorageClass = executor.storageClass ?? '';
}

// Raw text: axios JSON-quotes a string that is not itself JSON; an identity transformRequest sends it as is.
await api.pullRequestSetTitle(title, {
  params: { requestId: BIG_ID },
  headers: { 'Content-Type': 'application/json' },
  transformRequest: [(text: string) => text],
});

console.log(
  JSON.stringify({
    reads,
    executors: { count: executors.length, firstType: executors[0]?.['@type'], kubernetesStorageClass },
    buildCancellerIdIsNull: build.cancellerId === null,
    bigPullRequestId: pull.id,
    setTitleStatus: lastStatus,
  }),
);
