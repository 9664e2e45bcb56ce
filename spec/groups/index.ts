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
];
