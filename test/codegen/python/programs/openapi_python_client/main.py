"""openapi-python-client against the mock; see test/codegen/harness.ts.

Usage: python main.py <baseUrl> <raw title>
"""

import json
import sys

from onedev_client import AuthenticatedClient
from onedev_client.api.base_authorization import base_authorization_get
from onedev_client.api.build import build_get_basic_info
from onedev_client.api.group import group_get_basic_info
from onedev_client.api.issue_link import issue_link_get
from onedev_client.api.issue_vote import issue_vote_get
from onedev_client.api.issue_watch import issue_watch_get
from onedev_client.api.issue_work import issue_work_get
from onedev_client.api.iteration import iteration_get
from onedev_client.api.label_spec import label_spec_get
from onedev_client.api.membership import membership_get
from onedev_client.api.milestone import milestone_get
from onedev_client.api.package import package_get_basic_info
from onedev_client.api.pull_request import pull_request_get_basic_info, pull_request_set_title
from onedev_client.api.pull_request_assignment import pull_request_assignment_get
from onedev_client.api.pull_request_comment import pull_request_comment_get
from onedev_client.api.pull_request_review import pull_request_review_get
from onedev_client.api.pull_request_watch import pull_request_watch_get
from onedev_client.api.role import role_get
from onedev_client.api.setting import setting_get_job_executors
from onedev_client.api.ssh_key import ssh_key_get
from onedev_client.models import Build, KubernetesExecutor, PullRequest

BIG_ID = 4_294_967_338
base_url, title = sys.argv[1], sys.argv[2]
# The generated client has no default server: give it yours (with the /~api part).
client = AuthenticatedClient(base_url=base_url, token="codegen-token", raise_on_unexpected_status=True)


def record_id(answer: object) -> int:
    """A read answers the record, or the error text (str) for a documented error status."""
    record_id = getattr(answer, "id", None)
    if not isinstance(record_id, int):
        raise SystemExit(f"expected a record, got {answer!r}")
    return record_id


pull = pull_request_get_basic_info.sync(BIG_ID, client=client)
assert isinstance(pull, PullRequest), pull
build = build_get_basic_info.sync(1, client=client)
assert isinstance(build, Build), build
reads = {
    "pullRequestGetBasicInfo": pull.id,
    "buildGetBasicInfo": build.id,
    "groupGetBasicInfo": record_id(group_get_basic_info.sync(1, client=client)),
    "labelSpecGet": record_id(label_spec_get.sync(1, client=client)),
    "roleGet": record_id(role_get.sync(1, client=client)),
    "packageGetBasicInfo": record_id(package_get_basic_info.sync(1, client=client)),
    "pullRequestCommentGet": record_id(pull_request_comment_get.sync(1, client=client)),
    "pullRequestWatchGet": record_id(pull_request_watch_get.sync(1, client=client)),
    "issueWatchGet": record_id(issue_watch_get.sync(1, client=client)),
    "iterationGet": record_id(iteration_get.sync(1, client=client)),
    "issueWorkGet": record_id(issue_work_get.sync(1, client=client)),
    "milestoneGet": record_id(milestone_get.sync(1, client=client)),
    "baseAuthorizationGet": record_id(base_authorization_get.sync(1, client=client)),
    "pullRequestAssignmentGet": record_id(pull_request_assignment_get.sync(1, client=client)),
    "pullRequestReviewGet": record_id(pull_request_review_get.sync(1, client=client)),
    "membershipGet": record_id(membership_get.sync(1, client=client)),
    "issueLinkGet": record_id(issue_link_get.sync(1, client=client)),
    "issueVoteGet": record_id(issue_vote_get.sync(1, client=client)),
    "sshKeyGet": record_id(ssh_key_get.sync(1, client=client)),
}

# Each element is decoded into the class its `@type` names.
executors = setting_get_job_executors.sync(client=client)
assert isinstance(executors, list), executors
storage_class = next(e.storage_class for e in executors if isinstance(e, KubernetesExecutor))

# Raw text: the generated function JSON-quotes the body. Keep its URL and headers, send the text itself.
kwargs = pull_request_set_title._get_kwargs(BIG_ID, body=title)
del kwargs["json"]
kwargs["content"] = title.encode("utf-8")
set_title = client.get_httpx_client().request(**kwargs)

print(
    json.dumps(
        {
            "reads": reads,
            "executors": {
                "count": len(executors),
                "firstType": executors[0].type_.value,
                "kubernetesStorageClass": storage_class,
            },
            "buildCancellerIdIsNull": build.canceller_id is None,
            "bigPullRequestId": pull.id,
            "setTitleStatus": set_title.status_code,
        }
    )
)
