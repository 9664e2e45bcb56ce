// ogen (client only) against the mock; see test/codegen/harness.ts (the v16.5.6 read set).
// Usage: go run . <baseUrl> <raw title>
package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"strings"

	"github.com/ogen-go/ogen/ogenerrors"
	"onedev.example/codegen/onedev"
)

const bigID = 4_294_967_338

// bearer answers ogen's security source: every request goes with the same access token.
type bearer struct{}

// The description offers Basic or Bearer; skipping Basic makes ogen send the Bearer token.
func (bearer) BasicAuth(context.Context, onedev.OperationName) (onedev.BasicAuth, error) {
	return onedev.BasicAuth{}, ogenerrors.ErrSkipClientSecurity
}

func (bearer) BearerAuth(context.Context, onedev.OperationName) (onedev.BearerAuth, error) {
	return onedev.BearerAuth{Token: "codegen-token"}, nil
}

// rawText sends the raw-text body of Set Title as the text itself: ogen JSON-encodes a string
// body, and OneDev would store the quotes (docs/codegen.md). It rewrites that one request.
type rawText struct {
	title string
	next  http.RoundTripper
}

func (t rawText) RoundTrip(req *http.Request) (*http.Response, error) {
	if req.Method == http.MethodPost && strings.HasSuffix(req.URL.Path, "/title") {
		req = req.Clone(req.Context())
		req.Body = io.NopCloser(strings.NewReader(t.title))
		req.ContentLength = int64(len(t.title))
		req.GetBody = func() (io.ReadCloser, error) { return io.NopCloser(strings.NewReader(t.title)), nil }
	}
	return t.next.RoundTrip(req)
}

// Each read answers a sum of its success and error types; a success type has GetID.
type record interface{ GetID() int64 }

func fail(err error) {
	fmt.Fprintln(os.Stderr, err)
	os.Exit(1)
}

func idOf(operation string, res any, err error) int64 {
	if err != nil {
		fail(fmt.Errorf("%s: %w", operation, err))
	}
	r, ok := res.(record)
	if !ok {
		fail(fmt.Errorf("%s answered %T", operation, res))
	}
	return r.GetID()
}

func main() {
	baseURL, title := os.Args[1], os.Args[2]
	ctx := context.Background()
	httpClient := &http.Client{Transport: rawText{title: title, next: http.DefaultTransport}}
	client, err := onedev.NewClient(baseURL, bearer{}, onedev.WithClient(httpClient))
	if err != nil {
		fail(err)
	}

	reads := map[string]int64{}
	pull, err := client.PullRequestGetPullRequest(ctx, onedev.PullRequestGetPullRequestParams{RequestId: bigID})
	reads["pullRequestGetPullRequest"] = idOf("pullRequestGetPullRequest", pull, err)
	buildRes, err := client.BuildGetBuild(ctx, onedev.BuildGetBuildParams{BuildId: 1})
	reads["buildGetBuild"] = idOf("buildGetBuild", buildRes, err)
	res, err := client.IssueGetIssue(ctx, onedev.IssueGetIssueParams{IssueId: 1})
	reads["issueGetIssue"] = idOf("issueGetIssue", res, err)
	me, err := client.UserGetMe(ctx)
	reads["userGetMe"] = idOf("userGetMe", me, err)
	group, err := client.GroupGetGroup(ctx, onedev.GroupGetGroupParams{GroupId: 1})
	reads["groupGetGroup"] = idOf("groupGetGroup", group, err)
	spec, err := client.LabelSpecGetSpec(ctx, onedev.LabelSpecGetSpecParams{LabelSpecId: 1})
	reads["labelSpecGetSpec"] = idOf("labelSpecGetSpec", spec, err)
	role, err := client.RoleGetRole(ctx, onedev.RoleGetRoleParams{RoleId: 1})
	reads["roleGetRole"] = idOf("roleGetRole", role, err)
	pack, err := client.PackageGetPack(ctx, onedev.PackageGetPackParams{PackId: 1})
	reads["packageGetPack"] = idOf("packageGetPack", pack, err)
	comment, err := client.PullRequestCommentGet(ctx, onedev.PullRequestCommentGetParams{CommentId: 1})
	reads["pullRequestCommentGet"] = idOf("pullRequestCommentGet", comment, err)
	prWatch, err := client.PullRequestWatchGet(ctx, onedev.PullRequestWatchGetParams{WatchId: 1})
	reads["pullRequestWatchGet"] = idOf("pullRequestWatchGet", prWatch, err)
	issueWatch, err := client.IssueWatchGetWatch(ctx, onedev.IssueWatchGetWatchParams{WatchId: 1})
	reads["issueWatchGetWatch"] = idOf("issueWatchGetWatch", issueWatch, err)
	iteration, err := client.IterationGetIteration(ctx, onedev.IterationGetIterationParams{IterationId: 1})
	reads["iterationGetIteration"] = idOf("iterationGetIteration", iteration, err)
	work, err := client.IssueWorkGetWork(ctx, onedev.IssueWorkGetWorkParams{WorkId: 1})
	reads["issueWorkGetWork"] = idOf("issueWorkGetWork", work, err)
	authorization, err := client.BaseAuthorizationGetAuthorization(ctx, onedev.BaseAuthorizationGetAuthorizationParams{AuthorizationId: 1})
	reads["baseAuthorizationGetAuthorization"] = idOf("baseAuthorizationGetAuthorization", authorization, err)
	membership, err := client.MembershipGetMembership(ctx, onedev.MembershipGetMembershipParams{MembershipId: 1})
	reads["membershipGetMembership"] = idOf("membershipGetMembership", membership, err)
	link, err := client.IssueLinkGetLink(ctx, onedev.IssueLinkGetLinkParams{LinkId: 1})
	reads["issueLinkGetLink"] = idOf("issueLinkGetLink", link, err)
	vote, err := client.IssueVoteGetVote(ctx, onedev.IssueVoteGetVoteParams{VoteId: 1})
	reads["issueVoteGetVote"] = idOf("issueVoteGetVote", vote, err)
	key, err := client.SshKeyGetKey(ctx, onedev.SshKeyGetKeyParams{SshKeyId: 1})
	reads["sshKeyGetKey"] = idOf("sshKeyGetKey", key, err)

	// A oneOf family is a sum type: Type names the member, decoded from `@type`.
	executorsRes, err := client.SettingGetJobExecutors(ctx)
	if err != nil {
		fail(err)
	}
	executors, ok := executorsRes.(*onedev.SettingGetJobExecutorsOKApplicationJSON)
	if !ok {
		fail(fmt.Errorf("settingGetJobExecutors answered %T", executorsRes))
	}
	storageClass, firstType := "", ""
	for i, executor := range *executors {
		if i == 0 {
			firstType = string(executor.OneOf.Type)
		}
		if executor.OneOf.Type == onedev.KubernetesExecutorJobExecutorSum {
			if value, set := executor.OneOf.KubernetesExecutor.StorageClass.Get(); set {
				storageClass = value
			}
		}
	}

	build, ok := buildRes.(*onedev.Build)
	if !ok {
		fail(fmt.Errorf("buildGetBuild answered %T", buildRes))
	}
	setTitle, err := client.PullRequestSetTitle(ctx, title, onedev.PullRequestSetTitleParams{RequestId: bigID})
	if err != nil {
		fail(err)
	}
	status := 0
	if _, ok := setTitle.(*onedev.PullRequestSetTitleOK); ok {
		status = http.StatusOK
	}

	out, err := json.Marshal(map[string]any{
		"reads": reads,
		"executors": map[string]any{
			"count":                  len(*executors),
			"firstType":              firstType,
			"kubernetesStorageClass": storageClass,
		},
		"buildCancellerIdIsNull": build.CancellerId.IsNull(),
		"bigPullRequestId":       pull.(*onedev.PullRequest).ID,
		"setTitleStatus":         status,
	})
	if err != nil {
		fail(err)
	}
	fmt.Println(string(out))
}
