/**
 * openapi-generator's `typescript-fetch` client against the mock; see test/codegen/harness.ts (the
 * v16.5.6 read set). Usage: tsx main.ts <baseUrl> <raw title>
 */
import {
  BaseAuthorizationApi,
  BuildApi,
  Configuration,
  GroupApi,
  IssueApi,
  IssueLinkApi,
  IssueVoteApi,
  IssueWatchApi,
  IssueWorkApi,
  IterationApi,
  LabelSpecApi,
  MembershipApi,
  PackageApi,
  PullRequestApi,
  PullRequestCommentApi,
  PullRequestWatchApi,
  RoleApi,
  SettingApi,
  SshKeyApi,
  UserApi,
} from './gen/index.js';

const [baseUrl, title] = process.argv.slice(2) as [string, string];
const BIG_ID = 4_294_967_338;
// basePath replaces the description's first server; the bearer scheme asks for `accessToken`.
const config = new Configuration({ basePath: baseUrl, accessToken: 'codegen-token' });

const reads: Record<string, number> = {};
const pull = await new PullRequestApi(config).pullRequestGetPullRequest({ requestId: BIG_ID });
reads.pullRequestGetPullRequest = pull.id;
const build = await new BuildApi(config).buildGetBuild({ buildId: 1 });
reads.buildGetBuild = build.id;
reads.issueGetIssue = (await new IssueApi(config).issueGetIssue({ issueId: 1 })).id;
reads.userGetMe = (await new UserApi(config).userGetMe()).id;
reads.groupGetGroup = (await new GroupApi(config).groupGetGroup({ groupId: 1 })).id;
reads.labelSpecGetSpec = (await new LabelSpecApi(config).labelSpecGetSpec({ labelSpecId: 1 })).id;
reads.roleGetRole = (await new RoleApi(config).roleGetRole({ roleId: 1 })).id;
reads.packageGetPack = (await new PackageApi(config).packageGetPack({ packId: 1 })).id;
reads.pullRequestCommentGet = (await new PullRequestCommentApi(config).pullRequestCommentGet({ commentId: 1 })).id;
reads.pullRequestWatchGet = (await new PullRequestWatchApi(config).pullRequestWatchGet({ watchId: 1 })).id;
reads.issueWatchGetWatch = (await new IssueWatchApi(config).issueWatchGetWatch({ watchId: 1 })).id;
reads.iterationGetIteration = (await new IterationApi(config).iterationGetIteration({ iterationId: 1 })).id;
reads.issueWorkGetWork = (await new IssueWorkApi(config).issueWorkGetWork({ workId: 1 })).id;
reads.baseAuthorizationGetAuthorization = (await new BaseAuthorizationApi(config).baseAuthorizationGetAuthorization({ authorizationId: 1 })).id;
reads.membershipGetMembership = (await new MembershipApi(config).membershipGetMembership({ membershipId: 1 })).id;
reads.issueLinkGetLink = (await new IssueLinkApi(config).issueLinkGetLink({ linkId: 1 })).id;
reads.issueVoteGetVote = (await new IssueVoteApi(config).issueVoteGetVote({ voteId: 1 })).id;
reads.sshKeyGetKey = (await new SshKeyApi(config).sshKeyGetKey({ sshKeyId: 1 })).id;

// A discriminated union on `atType` (the generator's name for `@type`): the check narrows it.
const executors = await new SettingApi(config).settingGetJobExecutors();
let kubernetesStorageClass = '';
for (const executor of executors) {
  if (executor.atType === 'KubernetesExecutor') kubernetesStorageClass = executor.storageClass ?? '';
}

// Raw text: the client JSON-encodes a string body; handed over as a Blob it is sent as it is
// (the Content-Type header stays application/json).
const setTitle = await new PullRequestApi(config).pullRequestSetTitleRaw({ requestId: BIG_ID, body: title }, async () => ({
  body: new Blob([title]),
}));

console.log(
  JSON.stringify({
    reads,
    executors: { count: executors.length, firstType: executors[0]?.atType, kubernetesStorageClass },
    buildCancellerIdIsNull: build.cancellerId === null,
    bigPullRequestId: pull.id,
    setTitleStatus: setTitle.raw.status,
  }),
);
