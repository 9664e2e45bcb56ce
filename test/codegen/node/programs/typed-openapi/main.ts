/**
 * typed-openapi (types plus a small client that calls a fetcher you write) against the mock; see
 * test/codegen/harness.ts. Usage: tsx main.ts <baseUrl> <raw title>
 */
import { createApiClient, type Fetcher } from './gen/api.js';

const [baseUrl, title] = process.argv.slice(2) as [string, string];
const BIG_ID = 4_294_967_338;

/** OneDev's raw-text bodies (x-onedev-raw-text): sent as the text itself, not JSON-quoted. */
const RAW_TEXT = new Set([
  'post /pulls/{requestId}/title',
  'post /pulls/{requestId}/description',
  'post /pulls/{requestId}/reopen',
  'post /pulls/{requestId}/discard',
  'post /pulls/{requestId}/merge',
  'post /pulls/{requestId}/delete-source-branch',
  'post /pulls/{requestId}/restore-source-branch',
  'post /pull-request-comments/{commentId}',
]);

let lastStatus = 0;
const fetcher: Fetcher = {
  async fetch({ method, path, url, urlSearchParams, parameters }) {
    if (urlSearchParams) url.search = urlSearchParams.toString();
    const headers: Record<string, string> = { Authorization: 'Bearer codegen-token' };
    let body: string | undefined;
    if (parameters?.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = RAW_TEXT.has(`${method} ${path}`) ? String(parameters.body) : JSON.stringify(parameters.body);
    }
    const response = await fetch(url, { method: method.toUpperCase(), headers, body });
    lastStatus = response.status;
    return response;
  },
};
const api = createApiClient(fetcher, baseUrl);

const reads: Record<string, number> = {};
const pull = await api.get('/pulls/{requestId}', { path: { requestId: BIG_ID } });
reads.pullRequestGetBasicInfo = pull.id;
const build = await api.get('/builds/{buildId}', { path: { buildId: 1 } });
reads.buildGetBasicInfo = build.id;
reads.groupGetBasicInfo = (await api.get('/groups/{groupId}', { path: { groupId: 1 } })).id;
reads.labelSpecGet = (await api.get('/label-specs/{labelSpecId}', { path: { labelSpecId: 1 } })).id;
reads.roleGet = (await api.get('/roles/{roleId}', { path: { roleId: 1 } })).id;
reads.packageGetBasicInfo = (await api.get('/packages/{packId}', { path: { packId: 1 } })).id;
reads.pullRequestCommentGet = (await api.get('/pull-request-comments/{commentId}', { path: { commentId: 1 } })).id;
reads.pullRequestWatchGet = (await api.get('/pull-request-watches/{watchId}', { path: { watchId: 1 } })).id;
reads.issueWatchGet = (await api.get('/issue-watches/{watchId}', { path: { watchId: 1 } })).id;
reads.iterationGet = (await api.get('/iterations/{iterationId}', { path: { iterationId: 1 } })).id;
reads.issueWorkGet = (await api.get('/issue-works/{workId}', { path: { workId: 1 } })).id;
// No milestoneGet: typed-openapi leaves deprecated operations out (the whole Milestone group).
reads.baseAuthorizationGet = (await api.get('/base-authorizations/{authorizationId}', { path: { authorizationId: 1 } })).id;
reads.pullRequestAssignmentGet = (await api.get('/pull-request-assignments/{assignmentId}', { path: { assignmentId: 1 } })).id;
reads.pullRequestReviewGet = (await api.get('/pull-request-reviews/{reviewId}', { path: { reviewId: 1 } })).id;
reads.membershipGet = (await api.get('/memberships/{membershipId}', { path: { membershipId: 1 } })).id;
reads.issueLinkGet = (await api.get('/issue-links/{linkId}', { path: { linkId: 1 } })).id;
reads.issueVoteGet = (await api.get('/issue-votes/{voteId}', { path: { voteId: 1 } })).id;
reads.sshKeyGet = (await api.get('/ssh-keys/{sshKeyId}', { path: { sshKeyId: 1 } })).id;

// A union of the executor types: the `@type` check narrows it.
const executors = await api.get('/settings/job-executors');
let kubernetesStorageClass = '';
for (const executor of executors) {
  if (executor['@type'] === 'KubernetesExecutor') kubernetesStorageClass = executor.storageClass ?? '';
}

await api.post('/pulls/{requestId}/title', { path: { requestId: BIG_ID }, body: title });
const setTitleStatus = lastStatus;

console.log(
  JSON.stringify({
    reads,
    executors: { count: executors.length, firstType: executors[0]?.['@type'], kubernetesStorageClass },
    buildCancellerIdIsNull: build.cancellerId === null,
    bigPullRequestId: pull.id,
    setTitleStatus,
  }),
);
