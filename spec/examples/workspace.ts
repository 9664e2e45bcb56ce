import type { ExampleTable } from '../model.js';

/** Examples of the Workspace group (v16.3.0 on). */

const workspace = {
  id: 18,
  numberScopeId: 7,
  number: 12,
  userId: 3,
  projectId: 7,
  issueId: 1543,
  requestId: null,
  specName: 'node-dev',
  branch: 'feature/login',
  commitHash: 'e4d3c2b1a0f9e8d7c6b5a4f3e2d1c0b9a8f7e6d5',
  status: 'ACTIVE',
  createDate: '2025-07-02T14:40:12.331+08:00',
  activeDate: '2025-07-02T14:41:05.019+08:00',
  inactiveDate: null,
  provisionerName: 'docker',
  k8sPvcName: null,
  serverAddress: '10.0.3.15:5710',
  forTaskAutomation: false,
  agentId: null,
};

export const workspaceExamples: ExampleTable = {
  Workspace: {
    since: 'v16.3.0',
    summary: 'Workspace acme/webapp#12, running',
    value: workspace,
    changes: [{ since: 'v16.4.0', set: { mergeIfAcceptable: false } }],
  },
  WorkspaceList: {
    since: 'v16.3.0',
    summary: 'Active workspaces of acme/webapp',
    value: [workspace],
    changes: [{ since: 'v16.4.0', set: { mergeIfAcceptable: false } }],
  },
  WorkspaceCreateData: {
    since: 'v16.3.0',
    summary: 'A workspace for issue 1543 on branch feature/login',
    value: {
      projectId: 7,
      commitHash: 'e4d3c2b1a0f9e8d7c6b5a4f3e2d1c0b9a8f7e6d5',
      specName: 'node-dev',
      branch: 'feature/login',
      issueId: 1543,
      pullRequestId: null,
    },
  },
};
