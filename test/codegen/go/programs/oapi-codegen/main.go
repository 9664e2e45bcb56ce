// oapi-codegen (types + client) against the mock; see test/codegen/harness.ts.
// Usage: go run . <baseUrl> <raw title>
package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"strings"

	"onedev.example/codegen/onedev"
)

const bigID = 4_294_967_338

// idOf fails the program unless a read answered 200 with a record. Read-only required
// properties (`id`) are pointers in oapi-codegen's types.
func idOf[T any](operation string, status int, body *T, id func(*T) *int64) int64 {
	if status != http.StatusOK || body == nil || id(body) == nil {
		fail(fmt.Errorf("%s answered %d", operation, status))
	}
	return *id(body)
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, err)
	os.Exit(1)
}

func main() {
	baseURL, title := os.Args[1], os.Args[2]
	ctx := context.Background()
	auth := func(_ context.Context, req *http.Request) error {
		req.Header.Set("Authorization", "Bearer codegen-token")
		return nil
	}
	client, err := onedev.NewClientWithResponses(baseURL, onedev.WithRequestEditorFn(auth))
	if err != nil {
		fail(err)
	}
	must := func(err error) {
		if err != nil {
			fail(err)
		}
	}

	reads := map[string]int64{}
	pull, err := client.PullRequestGetBasicInfoWithResponse(ctx, bigID)
	must(err)
	reads["pullRequestGetBasicInfo"] = idOf("pullRequestGetBasicInfo", pull.StatusCode(), pull.JSON200, func(p *onedev.PullRequest) *int64 { return p.Id })
	build, err := client.BuildGetBasicInfoWithResponse(ctx, 1)
	must(err)
	reads["buildGetBasicInfo"] = idOf("buildGetBasicInfo", build.StatusCode(), build.JSON200, func(b *onedev.Build) *int64 { return b.Id })
	if r, err := client.GroupGetBasicInfoWithResponse(ctx, 1); err != nil {
		fail(err)
	} else {
		reads["groupGetBasicInfo"] = idOf("groupGetBasicInfo", r.StatusCode(), r.JSON200, func(v *onedev.Group) *int64 { return v.Id })
	}
	if r, err := client.LabelSpecGetWithResponse(ctx, 1); err != nil {
		fail(err)
	} else {
		reads["labelSpecGet"] = idOf("labelSpecGet", r.StatusCode(), r.JSON200, func(v *onedev.LabelSpec) *int64 { return v.Id })
	}
	if r, err := client.RoleGetWithResponse(ctx, 1); err != nil {
		fail(err)
	} else {
		reads["roleGet"] = idOf("roleGet", r.StatusCode(), r.JSON200, func(v *onedev.Role) *int64 { return v.Id })
	}
	if r, err := client.PackageGetBasicInfoWithResponse(ctx, 1); err != nil {
		fail(err)
	} else {
		reads["packageGetBasicInfo"] = idOf("packageGetBasicInfo", r.StatusCode(), r.JSON200, func(v *onedev.Pack) *int64 { return v.Id })
	}
	if r, err := client.PullRequestCommentGetWithResponse(ctx, 1); err != nil {
		fail(err)
	} else {
		reads["pullRequestCommentGet"] = idOf("pullRequestCommentGet", r.StatusCode(), r.JSON200, func(v *onedev.PullRequestComment) *int64 { return v.Id })
	}
	if r, err := client.PullRequestWatchGetWithResponse(ctx, 1); err != nil {
		fail(err)
	} else {
		reads["pullRequestWatchGet"] = idOf("pullRequestWatchGet", r.StatusCode(), r.JSON200, func(v *onedev.PullRequestWatch) *int64 { return v.Id })
	}
	if r, err := client.IssueWatchGetWithResponse(ctx, 1); err != nil {
		fail(err)
	} else {
		reads["issueWatchGet"] = idOf("issueWatchGet", r.StatusCode(), r.JSON200, func(v *onedev.IssueWatch) *int64 { return v.Id })
	}
	if r, err := client.IterationGetWithResponse(ctx, 1); err != nil {
		fail(err)
	} else {
		reads["iterationGet"] = idOf("iterationGet", r.StatusCode(), r.JSON200, func(v *onedev.Iteration) *int64 { return v.Id })
	}
	if r, err := client.IssueWorkGetWithResponse(ctx, 1); err != nil {
		fail(err)
	} else {
		reads["issueWorkGet"] = idOf("issueWorkGet", r.StatusCode(), r.JSON200, func(v *onedev.IssueWork) *int64 { return v.Id })
	}
	if r, err := client.MilestoneGetWithResponse(ctx, 1); err != nil {
		fail(err)
	} else {
		reads["milestoneGet"] = idOf("milestoneGet", r.StatusCode(), r.JSON200, func(v *onedev.Milestone) *int64 { return v.Id })
	}
	if r, err := client.BaseAuthorizationGetWithResponse(ctx, 1); err != nil {
		fail(err)
	} else {
		reads["baseAuthorizationGet"] = idOf("baseAuthorizationGet", r.StatusCode(), r.JSON200, func(v *onedev.BaseAuthorization) *int64 { return v.Id })
	}
	if r, err := client.PullRequestAssignmentGetWithResponse(ctx, 1); err != nil {
		fail(err)
	} else {
		reads["pullRequestAssignmentGet"] = idOf("pullRequestAssignmentGet", r.StatusCode(), r.JSON200, func(v *onedev.PullRequestAssignment) *int64 { return v.Id })
	}
	if r, err := client.PullRequestReviewGetWithResponse(ctx, 1); err != nil {
		fail(err)
	} else {
		reads["pullRequestReviewGet"] = idOf("pullRequestReviewGet", r.StatusCode(), r.JSON200, func(v *onedev.PullRequestReview) *int64 { return v.Id })
	}
	if r, err := client.MembershipGetWithResponse(ctx, 1); err != nil {
		fail(err)
	} else {
		reads["membershipGet"] = idOf("membershipGet", r.StatusCode(), r.JSON200, func(v *onedev.Membership) *int64 { return v.Id })
	}
	if r, err := client.IssueLinkGetWithResponse(ctx, 1); err != nil {
		fail(err)
	} else {
		reads["issueLinkGet"] = idOf("issueLinkGet", r.StatusCode(), r.JSON200, func(v *onedev.IssueLink) *int64 { return v.Id })
	}
	if r, err := client.IssueVoteGetWithResponse(ctx, 1); err != nil {
		fail(err)
	} else {
		reads["issueVoteGet"] = idOf("issueVoteGet", r.StatusCode(), r.JSON200, func(v *onedev.IssueVote) *int64 { return v.Id })
	}
	if r, err := client.SshKeyGetWithResponse(ctx, 1); err != nil {
		fail(err)
	} else {
		reads["sshKeyGet"] = idOf("sshKeyGet", r.StatusCode(), r.JSON200, func(v *onedev.SshKey) *int64 { return v.Id })
	}

	// A oneOf family is a union type: ValueByDiscriminator decodes the member `@type` names.
	executors, err := client.SettingGetJobExecutorsWithResponse(ctx)
	must(err)
	if executors.JSON200 == nil {
		fail(fmt.Errorf("settingGetJobExecutors answered %d", executors.StatusCode()))
	}
	storageClass, firstType := "", ""
	for i, executor := range *executors.JSON200 {
		kind, err := executor.Discriminator()
		must(err)
		if i == 0 {
			firstType = kind
		}
		value, err := executor.ValueByDiscriminator()
		must(err)
		if k8s, ok := value.(onedev.KubernetesExecutor); ok && k8s.StorageClass != nil {
			storageClass = *k8s.StorageClass
		}
	}

	// Raw text: the ...WithBody variant sends the reader's bytes as they are.
	setTitle, err := client.PullRequestSetTitleWithBodyWithResponse(ctx, bigID, "application/json", strings.NewReader(title))
	must(err)

	out, err := json.Marshal(map[string]any{
		"reads": reads,
		"executors": map[string]any{
			"count":                  len(*executors.JSON200),
			"firstType":              firstType,
			"kubernetesStorageClass": storageClass,
		},
		"buildCancellerIdIsNull": build.JSON200.CancellerId == nil,
		"bigPullRequestId":       *pull.JSON200.Id,
		"setTitleStatus":         setTitle.StatusCode(),
	})
	must(err)
	fmt.Println(string(out))
}
