"""openapi-generator's `python` client against the mock; see test/codegen/harness.ts.

Usage: python main.py <baseUrl> <raw title>
"""

import json
import sys

import onedev_og
from onedev_og.models.kubernetes_executor import KubernetesExecutor

BIG_ID = 4_294_967_338
base_url, title = sys.argv[1], sys.argv[2]
# `host` defaults to the description's first server (a placeholder): give it yours, with /~api.
api_client = onedev_og.ApiClient(onedev_og.Configuration(host=base_url, access_token="codegen-token"))

pull = onedev_og.PullRequestApi(api_client).pull_request_get_basic_info(BIG_ID)
build = onedev_og.BuildApi(api_client).build_get_basic_info(1)
reads = {
    "pullRequestGetBasicInfo": pull.id,
    "buildGetBasicInfo": build.id,
    "groupGetBasicInfo": onedev_og.GroupApi(api_client).group_get_basic_info(1).id,
    "labelSpecGet": onedev_og.LabelSpecApi(api_client).label_spec_get(1).id,
    "roleGet": onedev_og.RoleApi(api_client).role_get(1).id,
    "packageGetBasicInfo": onedev_og.PackageApi(api_client).package_get_basic_info(1).id,
    "pullRequestCommentGet": onedev_og.PullRequestCommentApi(api_client).pull_request_comment_get(1).id,
    "pullRequestWatchGet": onedev_og.PullRequestWatchApi(api_client).pull_request_watch_get(1).id,
    "issueWatchGet": onedev_og.IssueWatchApi(api_client).issue_watch_get(1).id,
    "iterationGet": onedev_og.IterationApi(api_client).iteration_get(1).id,
    "issueWorkGet": onedev_og.IssueWorkApi(api_client).issue_work_get(1).id,
    "milestoneGet": onedev_og.MilestoneApi(api_client).milestone_get(1).id,
    "baseAuthorizationGet": onedev_og.BaseAuthorizationApi(api_client).base_authorization_get(1).id,
    "pullRequestAssignmentGet": onedev_og.PullRequestAssignmentApi(api_client).pull_request_assignment_get(1).id,
    "pullRequestReviewGet": onedev_og.PullRequestReviewApi(api_client).pull_request_review_get(1).id,
    "membershipGet": onedev_og.MembershipApi(api_client).membership_get(1).id,
    "issueLinkGet": onedev_og.IssueLinkApi(api_client).issue_link_get(1).id,
    "issueVoteGet": onedev_og.IssueVoteApi(api_client).issue_vote_get(1).id,
    "sshKeyGet": onedev_og.SshKeyApi(api_client).ssh_key_get(1).id,
}

# A oneOf family is a wrapper class; `actual_instance` holds the class `@type` picked.
executors = onedev_og.SettingApi(api_client).setting_get_job_executors()
members = [e.actual_instance for e in executors]
storage_class = next(m.storage_class for m in members if isinstance(m, KubernetesExecutor))
first = members[0]
assert first is not None

# Raw text: the generated call JSON-encodes any body sent as application/json. Let it build the
# request (URL, auth headers), then send the text itself through the same connection pool.
method, url, headers, _body, _post = onedev_og.PullRequestApi(api_client)._pull_request_set_title_serialize(
    request_id=BIG_ID, body=title, _request_auth=None, _content_type=None, _headers=None, _host_index=0
)
set_title = api_client.rest_client.pool_manager.request(method, url, body=title.encode("utf-8"), headers=headers)

print(
    json.dumps(
        {
            "reads": reads,
            "executors": {
                "count": len(executors),
                "firstType": first.type,
                "kubernetesStorageClass": storage_class,
            },
            "buildCancellerIdIsNull": build.canceller_id is None,
            "bigPullRequestId": pull.id,
            "setTitleStatus": set_title.status,
        }
    )
)
