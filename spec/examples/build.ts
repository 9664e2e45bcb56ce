import type { ExampleTable } from '../model.js';

/**
 * Builds of project 7 (`acme/webapp`): `acme/webapp#187` is a finished build of the `ci` job on
 * `main` (shown without its work path, renamed in v15.0.0); it used what `#186` compiled, and
 * `#189` deployed what it built.
 */
const finishedBuildBase = {
  id: 2031,
  numberScopeId: 7,
  projectId: 7,
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

/** The job `ci` depends on, run for the same push. */
const compileBuildBase = {
  ...finishedBuildBase,
  id: 2029,
  jobName: 'compile',
  uuid: '0d6b3e81-9a4f-4c27-b5e0-3f1a8c7d2e95',
  number: 186,
  submitDate: '2025-07-02T09:13:58.774+08:00',
  pendingDate: '2025-07-02T09:13:58.901+08:00',
  runningDate: '2025-07-02T09:14:00.362+08:00',
  finishDate: '2025-07-02T09:15:31.207+08:00',
  pendingDuration: 1461,
  runningDuration: 90845,
};

/** The job that depends on `ci`: it deployed what build 2031 made. */
const deployBuildBase = {
  ...finishedBuildBase,
  id: 2036,
  jobName: 'deploy-staging',
  uuid: '7a2c5e90-3b8d-4f16-a9e4-6c0b1d2f8e37',
  number: 189,
  submitDate: '2025-07-02T09:21:48.116+08:00',
  pendingDate: '2025-07-02T09:21:48.240+08:00',
  runningDate: '2025-07-02T09:21:49.958+08:00',
  finishDate: '2025-07-02T09:23:02.481+08:00',
  pendingDuration: 1718,
  runningDuration: 72523,
  submitReason: "Job 'ci' succeeded",
};

/** A build of a pull request that is still running, without its work path. */
const runningBuildBase = {
  id: 2044,
  numberScopeId: 7,
  projectId: 7,
  agentId: null,
  submitterId: 3,
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
    {
      until: 'v15.0.0',
      summary: 'A page of builds, newest first',
      value: [runningBuild, ...[deployBuildBase, finishedBuildBase, compileBuildBase].map((b) => ({ ...b, workspacePath: '/onedev-build/workspace' }))],
    },
    {
      since: 'v15.0.0',
      summary: 'A page of builds, newest first',
      value: [
        { ...runningBuildBase, workDirPath: '/opt/onedev/temp/server/onedev-build-2044/workspace' },
        ...[deployBuildBase, finishedBuildBase, compileBuildBase].map((b) => ({ ...b, workDirPath: '/onedev-build/workspace' })),
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
    summary: 'Attach label spec 8 to build 2031',
    value: { buildId: 2031, specId: 8 },
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
    value: [1520],
  },
};
