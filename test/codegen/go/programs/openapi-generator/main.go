// openapi-generator's `go` client against the mock; see test/codegen/harness.ts (the v16.5.6 read set).
// Usage: go run . <baseUrl> <raw title>
package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"

	"onedev.example/codegen/onedevog"
)

const bigID = 4_294_967_338

func fail(err error) {
	fmt.Fprintln(os.Stderr, err)
	os.Exit(1)
}

// Each read's Execute answers the decoded record, the HTTP response and an error.
type record interface{ GetId() int64 }

func idOf[T record](operation string, value T, res *http.Response, err error) int64 {
	if err != nil {
		fail(fmt.Errorf("%s: %w", operation, err))
	}
	if res.StatusCode != http.StatusOK {
		fail(fmt.Errorf("%s answered %d", operation, res.StatusCode))
	}
	return value.GetId()
}

func main() {
	baseURL, title := os.Args[1], os.Args[2]
	ctx := context.Background()
	cfg := onedevog.NewConfiguration()
	// The description's first server is a placeholder: point the client at the mock.
	cfg.Servers = onedevog.ServerConfigurations{{URL: baseURL}}
	cfg.AddDefaultHeader("Authorization", "Bearer codegen-token")
	client := onedevog.NewAPIClient(cfg)

	reads := map[string]int64{}
	pull, res, err := client.PullRequestAPI.PullRequestGetPullRequest(ctx, bigID).Execute()
	reads["pullRequestGetPullRequest"] = idOf("pullRequestGetPullRequest", pull, res, err)
	build, res, err := client.BuildAPI.BuildGetBuild(ctx, 1).Execute()
	reads["buildGetBuild"] = idOf("buildGetBuild", build, res, err)
	issue, res, err := client.IssueAPI.IssueGetIssue(ctx, 1).Execute()
	reads["issueGetIssue"] = idOf("issueGetIssue", issue, res, err)
	me, res, err := client.UserAPI.UserGetMe(ctx).Execute()
	reads["userGetMe"] = idOf("userGetMe", me, res, err)
	group, res, err := client.GroupAPI.GroupGetGroup(ctx, 1).Execute()
	reads["groupGetGroup"] = idOf("groupGetGroup", group, res, err)
	spec, res, err := client.LabelSpecAPI.LabelSpecGetSpec(ctx, 1).Execute()
	reads["labelSpecGetSpec"] = idOf("labelSpecGetSpec", spec, res, err)
	role, res, err := client.RoleAPI.RoleGetRole(ctx, 1).Execute()
	reads["roleGetRole"] = idOf("roleGetRole", role, res, err)
	pack, res, err := client.PackageAPI.PackageGetPack(ctx, 1).Execute()
	reads["packageGetPack"] = idOf("packageGetPack", pack, res, err)
	comment, res, err := client.PullRequestCommentAPI.PullRequestCommentGet(ctx, 1).Execute()
	reads["pullRequestCommentGet"] = idOf("pullRequestCommentGet", comment, res, err)
	prWatch, res, err := client.PullRequestWatchAPI.PullRequestWatchGet(ctx, 1).Execute()
	reads["pullRequestWatchGet"] = idOf("pullRequestWatchGet", prWatch, res, err)
	issueWatch, res, err := client.IssueWatchAPI.IssueWatchGetWatch(ctx, 1).Execute()
	reads["issueWatchGetWatch"] = idOf("issueWatchGetWatch", issueWatch, res, err)
	iteration, res, err := client.IterationAPI.IterationGetIteration(ctx, 1).Execute()
	reads["iterationGetIteration"] = idOf("iterationGetIteration", iteration, res, err)
	work, res, err := client.IssueWorkAPI.IssueWorkGetWork(ctx, 1).Execute()
	reads["issueWorkGetWork"] = idOf("issueWorkGetWork", work, res, err)
	authorization, res, err := client.BaseAuthorizationAPI.BaseAuthorizationGetAuthorization(ctx, 1).Execute()
	reads["baseAuthorizationGetAuthorization"] = idOf("baseAuthorizationGetAuthorization", authorization, res, err)
	membership, res, err := client.MembershipAPI.MembershipGetMembership(ctx, 1).Execute()
	reads["membershipGetMembership"] = idOf("membershipGetMembership", membership, res, err)
	link, res, err := client.IssueLinkAPI.IssueLinkGetLink(ctx, 1).Execute()
	reads["issueLinkGetLink"] = idOf("issueLinkGetLink", link, res, err)
	vote, res, err := client.IssueVoteAPI.IssueVoteGetVote(ctx, 1).Execute()
	reads["issueVoteGetVote"] = idOf("issueVoteGetVote", vote, res, err)
	key, res, err := client.SshKeyAPI.SshKeyGetKey(ctx, 1).Execute()
	reads["sshKeyGetKey"] = idOf("sshKeyGetKey", key, res, err)

	// A oneOf family decodes into the one member pointer whose `@type` matched.
	executors, _, err := client.SettingAPI.SettingGetJobExecutors(ctx).Execute()
	if err != nil {
		fail(err)
	}
	storageClass, firstType := "", ""
	for i, executor := range executors {
		member, ok := executor.GetActualInstance().(interface{ GetType() string })
		if !ok {
			fail(fmt.Errorf("executor %d decoded into no member", i))
		}
		if i == 0 {
			firstType = member.GetType()
		}
		if executor.KubernetesExecutor != nil {
			storageClass = executor.KubernetesExecutor.GetStorageClass()
		}
	}

	// Raw text: a string body is written as it is (the client JSON-encodes only other values).
	res, err = client.PullRequestAPI.PullRequestSetTitle(ctx, bigID).Body(title).Execute()
	if err != nil {
		fail(err)
	}

	out, err := json.Marshal(map[string]any{
		"reads": reads,
		"executors": map[string]any{
			"count":                  len(executors),
			"firstType":              firstType,
			"kubernetesStorageClass": storageClass,
		},
		// Nullable fields are NullableX: present-and-null reads as Get() == nil.
		"buildCancellerIdIsNull": build.CancellerId.Get() == nil,
		"bigPullRequestId":       pull.GetId(),
		"setTitleStatus":         res.StatusCode,
	})
	if err != nil {
		fail(err)
	}
	fmt.Println(string(out))
}
