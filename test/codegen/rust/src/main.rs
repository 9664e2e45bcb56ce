//! openapi-generator's `rust` client (blocking reqwest) against the mock; see test/codegen/harness.ts.
//! Usage: onedev-codegen <baseUrl> <raw title>
use std::collections::BTreeMap;
use std::error::Error;

use onedev::apis::configuration::Configuration;
use onedev::apis::{
    base_authorization_api, build_api, group_api, issue_link_api, issue_vote_api, issue_watch_api, issue_work_api,
    iteration_api, label_spec_api, membership_api, milestone_api, package_api, pull_request_api,
    pull_request_assignment_api, pull_request_comment_api, pull_request_review_api, pull_request_watch_api, role_api,
    setting_api, ssh_key_api,
};
use onedev::models::JobExecutor;

const BIG_ID: i64 = 4_294_967_338;

fn main() -> Result<(), Box<dyn Error>> {
    let args: Vec<String> = std::env::args().collect();
    let (base_url, title) = (args[1].clone(), args[2].clone());
    // The default base path is the description's first server (a placeholder): use yours.
    let config = Configuration {
        base_path: base_url,
        bearer_access_token: Some("codegen-token".to_owned()),
        ..Configuration::default()
    };

    let mut reads = BTreeMap::new();
    let pull = pull_request_api::pull_request_get_basic_info(&config, BIG_ID)?;
    reads.insert("pullRequestGetBasicInfo", pull.id);
    let build = build_api::build_get_basic_info(&config, 1)?;
    reads.insert("buildGetBasicInfo", build.id);
    reads.insert("groupGetBasicInfo", group_api::group_get_basic_info(&config, 1)?.id);
    reads.insert("labelSpecGet", label_spec_api::label_spec_get(&config, 1)?.id);
    reads.insert("roleGet", role_api::role_get(&config, 1)?.id);
    reads.insert("packageGetBasicInfo", package_api::package_get_basic_info(&config, 1)?.id);
    reads.insert("pullRequestCommentGet", pull_request_comment_api::pull_request_comment_get(&config, 1)?.id);
    reads.insert("pullRequestWatchGet", pull_request_watch_api::pull_request_watch_get(&config, 1)?.id);
    reads.insert("issueWatchGet", issue_watch_api::issue_watch_get(&config, 1)?.id);
    reads.insert("iterationGet", iteration_api::iteration_get(&config, 1)?.id);
    reads.insert("issueWorkGet", issue_work_api::issue_work_get(&config, 1)?.id);
    reads.insert("milestoneGet", milestone_api::milestone_get(&config, 1)?.id);
    reads.insert("baseAuthorizationGet", base_authorization_api::base_authorization_get(&config, 1)?.id);
    reads.insert(
        "pullRequestAssignmentGet",
        pull_request_assignment_api::pull_request_assignment_get(&config, 1)?.id,
    );
    reads.insert("pullRequestReviewGet", pull_request_review_api::pull_request_review_get(&config, 1)?.id);
    reads.insert("membershipGet", membership_api::membership_get(&config, 1)?.id);
    reads.insert("issueLinkGet", issue_link_api::issue_link_get(&config, 1)?.id);
    reads.insert("issueVoteGet", issue_vote_api::issue_vote_get(&config, 1)?.id);
    reads.insert("sshKeyGet", ssh_key_api::ssh_key_get(&config, 1)?.id);

    // A oneOf family is an enum tagged by `@type`: a match narrows it.
    let executors = setting_api::setting_get_job_executors(&config)?;
    let mut storage_class = String::new();
    for executor in &executors {
        if let JobExecutor::KubernetesExecutor(kubernetes) = executor {
            storage_class = kubernetes.storage_class.clone().unwrap_or_default();
        }
    }
    let first_type = serde_json::to_value(&executors[0])?["@type"].as_str().unwrap_or_default().to_owned();

    // Raw text: the generated function JSON-quotes the body (`.json(&body)`). Send the text itself
    // with the configuration's client, base path and token.
    let set_title = config
        .client
        .post(format!("{}/pulls/{}/title", config.base_path, BIG_ID))
        .bearer_auth(config.bearer_access_token.as_deref().unwrap_or_default())
        .header("Content-Type", "application/json")
        .body(title)
        .send()?;

    let out = serde_json::json!({
        "reads": reads,
        "executors": {
            "count": executors.len(),
            "firstType": first_type,
            "kubernetesStorageClass": storage_class,
        },
        "buildCancellerIdIsNull": build.canceller_id.is_none(),
        "bigPullRequestId": pull.id,
        "setTitleStatus": set_title.status().as_u16(),
    });
    println!("{out}");
    Ok(())
}
