import type { ExampleTable } from '../model.js';

export const jobExamples: ExampleTable = {
  JobRunOnCommit: {
    summary: 'Run the ci job on the head of main',
    value: {
      '@type': 'JobRunOnCommit',
      projectId: 7,
      commitHash: '9c3e4f1a7b2d8e6c5a4f3b2e1d0c9b8a7f6e5d4c',
      refName: 'refs/heads/main',
      jobName: 'ci',
      params: { database: ['postgresql'], runIntegrationTests: ['true'] },
      reason: 'Nightly verification started by the release script',
    },
  },
  JobRunOnPullRequest: {
    summary: 'Run the ci job on the merge preview of pull request 42',
    value: {
      '@type': 'JobRunOnPullRequest',
      pullRequestId: 42,
      jobName: 'ci',
      params: {},
      reason: 'Re-check after the base branch moved',
    },
  },
  JobRerun: {
    summary: 'Run build 2031 again',
    value: { buildId: 2031, reason: 'Retry after the flaky runner was replaced' },
  },
  // Get Artifact Info writes its answer without `@type`; the entries inside carry it.
  DirectoryInfo: {
    summary: 'The artifact root of build 2031',
    value: {
      path: null,
      lastModified: 1751419307930,
      children: [
        // The server also writes `children: null` in a directory entry (ArtifactDirectoryEntry).
        { '@type': 'DirectoryInfo', path: 'dist', lastModified: 1751419305112 },
        { '@type': 'FileInfo', path: 'build-info.json', lastModified: 1751419307930, length: 412, mediaType: null },
      ],
    },
  },
  ArtifactDirectoryEntry: {
    summary: 'A directory listed in the artifact root of build 2031',
    value: { '@type': 'DirectoryInfo', path: 'dist', lastModified: 1751419305112 },
  },
  ArtifactFileEntry: {
    summary: 'A file listed in the artifact root of build 2031',
    value: { '@type': 'FileInfo', path: 'build-info.json', lastModified: 1751419307930, length: 412, mediaType: null },
  },
  FileInfo: {
    summary: 'One file among the artifacts of build 2031',
    value: {
      path: 'dist/webapp-4.2.0.tar.gz',
      lastModified: 1751419305107,
      length: 18734211,
      mediaType: 'application/gzip',
    },
  },
};
