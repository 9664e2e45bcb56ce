import type { ExampleTable } from '../model.js';

/** A finished build of the `ci` job on `main`, without its work path (renamed in v15.0.0). */
const finishedBuildBase = {
  id: 2031,
  numberScopeId: 12,
  projectId: 12,
  agentId: 3,
  submitterId: 7,
  cancellerId: null,
  jobName: 'ci',
  checkoutPaths: ['/onedev-build/workspace'],
  refName: 'refs/heads/main',
  version: '4.2.0-rc.3',
  description: null,
  uuid: 'b1f6c0e2-5d3a-4c1e-9a7f-2e8d4b6c9f10',
  number: 187,
  submitSequence: 1,
  commitHash: '9c3e4f1a7b2d8e6c5a4f3b2e1d0c9b8a7f6e5d4c',
  status: 'SUCCESSFUL',
  paused: false,
  submitDate: '2025-07-02T09:14:03.215+08:00',
  pendingDate: '2025-07-02T09:14:03.402+08:00',
  runningDate: '2025-07-02T09:14:05.118+08:00',
  finishDate: '2025-07-02T09:21:47.930+08:00',
  pendingDuration: 1716,
  runningDuration: 462812,
  retryDate: null,
  finishTimeGroups: { day: 20271, week: 20269, month: 20270 },
  submitReason: "Branch 'main' is updated",
  requestId: null,
  issueId: null,
};

const finishedBuild = { ...finishedBuildBase, workspacePath: '/onedev-build/workspace' };

/** A build of a pull request that is still running, without its work path. */
const runningBuildBase = {
  id: 2044,
  numberScopeId: 12,
  projectId: 12,
  agentId: null,
  submitterId: 9,
  cancellerId: null,
  jobName: 'ci',
  checkoutPaths: ['/opt/onedev/temp/server/onedev-build-2044/workspace/src'],
  refName: 'refs/pull/42/merge',
  version: null,
  description: null,
  uuid: '4e7a2b90-1c6d-4f8e-b3a5-7d0c2e9f6a81',
  number: 192,
  submitSequence: 2,
  commitHash: 'e4d3c2b1a0f9e8d7c6b5a4f3e2d1c0b9a8f7e6d5',
  status: 'RUNNING',
  paused: false,
  submitDate: '2025-07-02T10:02:41.507+08:00',
  pendingDate: '2025-07-02T10:05:12.033+08:00',
  runningDate: '2025-07-02T10:05:12.260+08:00',
  finishDate: null,
  pendingDuration: null,
  runningDuration: null,
  retryDate: null,
  finishTimeGroups: null,
  submitReason: 'Pull request is opened/updated',
  requestId: 42,
  issueId: null,
};

const runningBuild = { ...runningBuildBase, workspacePath: '/opt/onedev/temp/server/onedev-build-2044/workspace' };

export const buildExamples: ExampleTable = {
  Build: {
    summary: 'A successful build of the ci job on main',
    value: finishedBuild,
    // v15.0.0 renamed `workspacePath` to `workDirPath`.
    changes: [{ since: 'v15.0.0', set: { workDirPath: '/onedev-build/workspace' }, drop: ['workspacePath'] }],
  },
  BuildList: [
    { until: 'v15.0.0', summary: 'A page of builds', value: [runningBuild, finishedBuild] },
    {
      since: 'v15.0.0',
      summary: 'A page of builds',
      value: [
        { ...runningBuildBase, workDirPath: '/opt/onedev/temp/server/onedev-build-2044/workspace' },
        { ...finishedBuildBase, workDirPath: '/onedev-build/workspace' },
      ],
    },
  ],
  BuildLabelList: {
    summary: 'Labels of build 2031',
    value: [
      { id: 61, buildId: 2031, specId: 3 },
      { id: 62, buildId: 2031, specId: 5 },
    ],
  },
  // Body of Build Label's Create Label (issue 12).
  BuildLabelCreate: {
    summary: 'Attach label spec 4 to build 2031',
    value: { buildId: 2031, specId: 4 },
  },
  BuildParamList: {
    summary: 'Parameters of build 2031 (the secret one masked)',
    value: [
      { id: 8811, buildId: 2031, name: 'database', type: 'Enumeration', value: 'postgresql' },
      { id: 8812, buildId: 2031, name: 'runIntegrationTests', type: 'Checkbox', value: 'true' },
      { id: 8813, buildId: 2031, name: 'deployToken', type: 'Secret', value: '*****' },
      { id: 8814, buildId: 2031, name: 'reviewer', type: 'User', value: null },
    ],
  },
  BuildDependenceList: {
    summary: 'Builds that build 2031 depended on',
    value: [
      {
        id: 530,
        dependentId: 2031,
        dependencyId: 2029,
        requireSuccessful: true,
        artifacts: 'dist/**',
        destinationPath: 'upstream',
      },
    ],
  },
  BuildDependentList: {
    summary: 'Builds that depend on build 2031',
    value: [
      {
        id: 537,
        dependentId: 2036,
        dependencyId: 2031,
        requireSuccessful: true,
        artifacts: null,
        destinationPath: null,
      },
    ],
  },
  BuildFixedIssueIds: {
    summary: 'Ids of the issues fixed since the previous successful build',
    value: [311, 318, 325],
  },
};
