import type { GroupSpec } from '../model.js';
import { settingGroup } from './setting.js';
import { pullRequestGroup } from './pull-request.js';
import { buildGroup } from './build.js';
import { groupGroup } from './group.js';
import { labelSpecGroup } from './label-spec.js';
import { roleGroup } from './role.js';
import { packageGroup } from './package.js';
import { pullRequestCommentGroup } from './pull-request-comment.js';
import { pullRequestWatchGroup } from './pull-request-watch.js';
import { issueWatchGroup } from './issue-watch.js';
import { iterationGroup } from './iteration.js';
import { issueWorkGroup } from './issue-work.js';
import { milestoneGroup } from './milestone.js';
import { baseAuthorizationGroup } from './base-authorization.js';
import { pullRequestAssignmentGroup } from './pull-request-assignment.js';
import { pullRequestReviewGroup } from './pull-request-review.js';
import { membershipGroup } from './membership.js';
import { issueLinkGroup } from './issue-link.js';
import { issueVoteGroup } from './issue-vote.js';
import { sshKeyGroup } from './ssh-key.js';
import { userGroup } from './user.js';
import { accessTokenGroup } from './access-token.js';
import { accessTokenAuthorizationGroup } from './access-token-authorization.js';
import { emailAddressGroup } from './email-address.js';
import { groupAuthorizationGroup } from './group-authorization.js';
import { userAuthorizationGroup } from './user-authorization.js';
import { ssoProviderGroup } from './sso-provider.js';
import { projectGroup } from './project.js';
import { projectLabelGroup } from './project-label.js';
import { repositoryGroup } from './repository.js';
import { versionGroup } from './version.js';
import { workspaceGroup } from './workspace.js';
import { issueGroup } from './issue.js';
import { issueCommentGroup } from './issue-comment.js';
import { codeCommentGroup } from './code-comment.js';
import { pullRequestLabelGroup } from './pull-request-label.js';
import { triggerJobGroup } from './trigger-job.js';
import { jobRunGroup } from './job-run.js';
import { buildLabelGroup } from './build-label.js';
import { buildLogStreamGroup } from './build-log-stream.js';
import { artifactGroup } from './artifact.js';
import { agentGroup } from './agent.js';
import { agentTokenGroup } from './agent-token.js';
import { packBlobGroup } from './pack-blob.js';
import { packLabelGroup } from './pack-label.js';

/** All groups, in the seed's order (which is also the order of tags and of the docs). */
export const groups: readonly GroupSpec[] = [
  settingGroup,
  pullRequestGroup,
  buildGroup,
  groupGroup,
  labelSpecGroup,
  roleGroup,
  packageGroup,
  pullRequestCommentGroup,
  pullRequestWatchGroup,
  issueWatchGroup,
  iterationGroup,
  issueWorkGroup,
  milestoneGroup,
  baseAuthorizationGroup,
  pullRequestAssignmentGroup,
  pullRequestReviewGroup,
  membershipGroup,
  issueLinkGroup,
  issueVoteGroup,
  sshKeyGroup,
  userGroup,
  accessTokenGroup,
  accessTokenAuthorizationGroup,
  emailAddressGroup,
  groupAuthorizationGroup,
  userAuthorizationGroup,
  ssoProviderGroup,
  projectGroup,
  projectLabelGroup,
  repositoryGroup,
  versionGroup,
  workspaceGroup,
  issueGroup,
  issueCommentGroup,
  codeCommentGroup,
  pullRequestLabelGroup,
  // Jobs, builds' labels/logs/artifacts, agents, package blobs and labels: the last groups (issue 12).
  triggerJobGroup,
  jobRunGroup,
  buildLabelGroup,
  buildLogStreamGroup,
  artifactGroup,
  agentGroup,
  agentTokenGroup,
  packBlobGroup,
  packLabelGroup,
];
