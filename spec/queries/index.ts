/** The query languages the `query` parameters take, one module each. */
export { agentQuery } from './agent.js';
export { buildQuery } from './build.js';
export { commitQuery } from './commit.js';
export { issueQuery } from './issue.js';
export { packQuery } from './pack.js';
export { projectQuery } from './project.js';
export { pullRequestQuery } from './pull-request.js';
export { workspaceQuery } from './workspace.js';
