/**
 * orval (fetch client + a mutator, see fetcher.ts) against the mock; see test/codegen/harness.ts.
 * Usage: tsx main.ts <baseUrl> <raw title>
 */
import { connection, onedevFetch } from './fetcher.js';
import * as onedev from './gen/onedev.js';

const [baseUrl, title] = process.argv.slice(2) as [string, string];
const BIG_ID = 4_294_967_338;
connection.baseUrl = baseUrl;
connection.token = 'codegen-token';

/** orval answers `{ data, status }` unions by status; 200 narrows `data` to the record. */
function ok<T extends { status: number; data: unknown }>(answer: T): Extract<T, { status: 200 }>['data'] {
  if (answer.status !== 200) throw new Error(`answered ${answer.status}: ${String(answer.data)}`);
  return (answer as Extract<T, { status: 200 }>).data;
}

const reads: Record<string, number> = {};
const pull = ok(await onedev.pullRequestGetBasicInfo(BIG_ID));
reads.pullRequestGetBasicInfo = pull.id;
const build = ok(await onedev.buildGetBasicInfo(1));
reads.buildGetBasicInfo = build.id;
reads.groupGetBasicInfo = ok(await onedev.groupGetBasicInfo(1)).id;
reads.labelSpecGet = ok(await onedev.labelSpecGet(1)).id;
reads.roleGet = ok(await onedev.roleGet(1)).id;
reads.packageGetBasicInfo = ok(await onedev.packageGetBasicInfo(1)).id;
reads.pullRequestCommentGet = ok(await onedev.pullRequestCommentGet(1)).id;
reads.pullRequestWatchGet = ok(await onedev.pullRequestWatchGet(1)).id;
reads.issueWatchGet = ok(await onedev.issueWatchGet(1)).id;
reads.iterationGet = ok(await onedev.iterationGet(1)).id;
reads.issueWorkGet = ok(await onedev.issueWorkGet(1)).id;
reads.milestoneGet = ok(await onedev.milestoneGet(1)).id;
reads.baseAuthorizationGet = ok(await onedev.baseAuthorizationGet(1)).id;
reads.pullRequestAssignmentGet = ok(await onedev.pullRequestAssignmentGet(1)).id;
reads.pullRequestReviewGet = ok(await onedev.pullRequestReviewGet(1)).id;
reads.membershipGet = ok(await onedev.membershipGet(1)).id;
reads.issueLinkGet = ok(await onedev.issueLinkGet(1)).id;
reads.issueVoteGet = ok(await onedev.issueVoteGet(1)).id;
reads.sshKeyGet = ok(await onedev.sshKeyGet(1)).id;

// A union of the executor types: the `@type` check narrows it.
const executors = ok(await onedev.settingGetJobExecutors());
let kubernetesStorageClass = '';
for (const executor of executors) {
  if (executor['@type'] === 'KubernetesExecutor') kubernetesStorageClass = executor.storageClass ?? '';
}

// Raw text: the generated pullRequestSetTitle JSON-quotes its body, so call the mutator with the
// generated URL builder and the text itself.
const setTitle = await onedevFetch<{ status: number }>(onedev.getPullRequestSetTitleUrl(BIG_ID), {
  method: 'POST',
  headers: { 'Content-Type': 'application/json' },
  body: title,
});

console.log(
  JSON.stringify({
    reads,
    executors: { count: executors.length, firstType: executors[0]?.['@type'], kubernetesStorageClass },
    buildCancellerIdIsNull: build.cancellerId === null,
    bigPullRequestId: pull.id,
    setTitleStatus: setTitle.status,
  }),
);
