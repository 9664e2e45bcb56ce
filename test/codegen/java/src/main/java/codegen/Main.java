package codegen;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.onedev.api.BaseAuthorizationApi;
import dev.onedev.api.BuildApi;
import dev.onedev.api.GroupApi;
import dev.onedev.api.IssueLinkApi;
import dev.onedev.api.IssueVoteApi;
import dev.onedev.api.IssueWatchApi;
import dev.onedev.api.IssueWorkApi;
import dev.onedev.api.IterationApi;
import dev.onedev.api.LabelSpecApi;
import dev.onedev.api.MembershipApi;
import dev.onedev.api.MilestoneApi;
import dev.onedev.api.PackageApi;
import dev.onedev.api.PullRequestApi;
import dev.onedev.api.PullRequestAssignmentApi;
import dev.onedev.api.PullRequestCommentApi;
import dev.onedev.api.PullRequestReviewApi;
import dev.onedev.api.PullRequestWatchApi;
import dev.onedev.api.RoleApi;
import dev.onedev.api.SettingApi;
import dev.onedev.api.SshKeyApi;
import dev.onedev.client.ApiClient;
import dev.onedev.client.ApiResponse;
import dev.onedev.model.Build;
import dev.onedev.model.JobExecutor;
import dev.onedev.model.KubernetesExecutor;
import dev.onedev.model.PullRequest;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * openapi-generator's `java` client (library native: java.net.http + Jackson) against the mock;
 * see test/codegen/harness.ts. Usage: java codegen.Main <baseUrl> <raw title>
 */
public final class Main {
  private static final long BIG_ID = 4_294_967_338L;

  public static void main(String[] args) throws Exception {
    String baseUrl = args[0];
    String title = args[1];
    ApiClient client = new ApiClient();
    // The default base URL is the description's first server (a placeholder): use yours.
    client.updateBaseUri(baseUrl);
    // The native library has no authentication settings; an interceptor adds the header.
    client.setRequestInterceptor(request -> request.header("Authorization", "Bearer codegen-token"));

    Map<String, Long> reads = new LinkedHashMap<>();
    PullRequest pull = new PullRequestApi(client).pullRequestGetBasicInfo(BIG_ID);
    reads.put("pullRequestGetBasicInfo", pull.getId());
    Build build = new BuildApi(client).buildGetBasicInfo(1L);
    reads.put("buildGetBasicInfo", build.getId());
    reads.put("groupGetBasicInfo", new GroupApi(client).groupGetBasicInfo(1L).getId());
    reads.put("labelSpecGet", new LabelSpecApi(client).labelSpecGet(1L).getId());
    reads.put("roleGet", new RoleApi(client).roleGet(1L).getId());
    reads.put("packageGetBasicInfo", new PackageApi(client).packageGetBasicInfo(1L).getId());
    reads.put("pullRequestCommentGet", new PullRequestCommentApi(client).pullRequestCommentGet(1L).getId());
    reads.put("pullRequestWatchGet", new PullRequestWatchApi(client).pullRequestWatchGet(1L).getId());
    reads.put("issueWatchGet", new IssueWatchApi(client).issueWatchGet(1L).getId());
    reads.put("iterationGet", new IterationApi(client).iterationGet(1L).getId());
    reads.put("issueWorkGet", new IssueWorkApi(client).issueWorkGet(1L).getId());
    reads.put("milestoneGet", new MilestoneApi(client).milestoneGet(1L).getId());
    reads.put("baseAuthorizationGet", new BaseAuthorizationApi(client).baseAuthorizationGet(1L).getId());
    reads.put("pullRequestAssignmentGet", new PullRequestAssignmentApi(client).pullRequestAssignmentGet(1L).getId());
    reads.put("pullRequestReviewGet", new PullRequestReviewApi(client).pullRequestReviewGet(1L).getId());
    reads.put("membershipGet", new MembershipApi(client).membershipGet(1L).getId());
    reads.put("issueLinkGet", new IssueLinkApi(client).issueLinkGet(1L).getId());
    reads.put("issueVoteGet", new IssueVoteApi(client).issueVoteGet(1L).getId());
    reads.put("sshKeyGet", new SshKeyApi(client).sshKeyGet(1L).getId());

    // A oneOf family is a wrapper; getActualInstance() holds the class `@type` named.
    List<JobExecutor> executors = new SettingApi(client).settingGetJobExecutors();
    String storageClass = "";
    for (JobExecutor executor : executors) {
      // The generated pom compiles for Java 11: instanceof and a cast rather than a pattern.
      if (executor.getActualInstance() instanceof KubernetesExecutor) {
        storageClass = executor.getKubernetesExecutor().getStorageClass();
      }
    }
    // Serialised back, a member writes its own `@type`.
    String firstType = client.getObjectMapper().valueToTree(executors.get(0)).get("@type").asText();

    // Raw text: this library sends a String body as it is (no JSON quotes), so no workaround.
    ApiResponse<Void> setTitle = new PullRequestApi(client).pullRequestSetTitleWithHttpInfo(BIG_ID, title);

    Map<String, Object> executorSummary = new LinkedHashMap<>();
    executorSummary.put("count", executors.size());
    executorSummary.put("firstType", firstType);
    executorSummary.put("kubernetesStorageClass", storageClass);
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("reads", reads);
    out.put("executors", executorSummary);
    out.put("buildCancellerIdIsNull", build.getCancellerId() == null);
    out.put("bigPullRequestId", pull.getId());
    out.put("setTitleStatus", setTitle.getStatusCode());
    System.out.println(new ObjectMapper().writeValueAsString(out));
  }
}
