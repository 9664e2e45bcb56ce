import type { ExampleTable } from '../model.js';

/** Examples of the Repository group: the repository of project 7 (`acme/webapp`). */

const robin = { name: 'Robin Shen', emailAddress: 'robin@example.com', when: 1751437923000, tzOffset: 480 };

export const repositoryExamples: ExampleTable = {
  BranchNameList: { summary: 'Branches of the repository', value: ['main', 'release/4.2', 'feature/login'] },
  TagNameList: { summary: 'Tags of the repository', value: ['v4.1.0', 'v4.2.0', 'releases/2025-06'] },
  DefaultBranchName: { summary: 'Make main the default branch', value: 'main' },
  BranchRef: {
    summary: 'Branch feature/login',
    value: { refName: 'refs/heads/feature/login', commitHash: 'e4d3c2b1a0f9e8d7c6b5a4f3e2d1c0b9a8f7e6d5' },
  },
  TagRef: {
    summary: 'Tag v4.2.0',
    value: { refName: 'refs/tags/v4.2.0', commitHash: '9c3e4f1a7b2d8e6c5a4f3b2e1d0c9b8a7f6e5d4c' },
  },
  CreateBranchRequest: {
    summary: 'Branch feature/checkout off main',
    value: { branchName: 'feature/checkout', revision: 'main' },
  },
  CreateTagRequest: {
    summary: 'Tag the head of main as v4.3.0',
    value: { tagName: 'v4.3.0', tagMessage: 'Release 4.3.0', revision: 'main' },
  },
  LogCommitList: {
    summary: 'Two commits with subject, author, date and changed files',
    value: [
      {
        hash: 'e4d3c2b1a0f9e8d7c6b5a4f3e2d1c0b9a8f7e6d5',
        subject: 'feat(login): remember the last used sign-in method',
        body: null,
        commitDate: '2025-07-02T14:32:03.000+08:00',
        committer: null,
        author: robin,
        parentHashes: null,
        fileChanges: [{ oldPath: 'src/login.ts', newPath: 'src/login.ts', additions: -1, deletions: -1 }],
      },
      {
        hash: '9c3e4f1a7b2d8e6c5a4f3b2e1d0c9b8a7f6e5d4c',
        subject: 'chore: release 4.2.0',
        body: null,
        commitDate: '2025-07-01T09:10:44.000+08:00',
        committer: null,
        author: { ...robin, when: 1751332244000 },
        parentHashes: null,
        fileChanges: [{ oldPath: 'package.json', newPath: 'package.json', additions: -1, deletions: -1 }],
      },
    ],
  },
  LogCommit: {
    summary: 'A merge commit with every field asked for',
    value: {
      hash: '3b8f2e1d9c0a7b6e5d4c3b2a1f0e9d8c7b6a5f4e',
      subject: 'Merge branch \'feature/login\'',
      body: 'Reviewed in pull request #42.',
      commitDate: '2025-07-03T11:05:17.000+08:00',
      committer: { ...robin, when: 1751511917000 },
      author: { ...robin, when: 1751511917000 },
      parentHashes: ['9c3e4f1a7b2d8e6c5a4f3b2e1d0c9b8a7f6e5d4c', 'e4d3c2b1a0f9e8d7c6b5a4f3e2d1c0b9a8f7e6d5'],
      // The log lists no files for a merge.
      fileChanges: [],
    },
  },
  DirectoryChildList: {
    summary: 'Entries of directory src at main',
    value: [
      { path: 'src/login.ts', isFile: true },
      { path: 'src/components', isFile: false },
    ],
  },
  FileResponse: {
    summary: 'docs/README.md at main',
    value: {
      path: 'docs/README.md',
      sha: '5d41402abc4b2a76b9719d911017c592a1b2c3d4',
      base64Content: 'IyBXZWJhcHAKCkN1c3RvbWVyLWZhY2luZyB3ZWIgYXBwbGljYXRpb24uCg==',
      size: 42,
      isPartial: false,
    },
  },
  FileCreateOrUpdateRequest: {
    summary: 'Write docs/README.md in one commit',
    value: {
      '@type': 'FileCreateOrUpdateRequest',
      commitMessage: 'docs: describe the project',
      base64Content: 'IyBXZWJhcHAKCkN1c3RvbWVyLWZhY2luZyB3ZWIgYXBwbGljYXRpb24uCg==',
    },
  },
  FileDeleteRequest: {
    summary: 'Delete the file in one commit',
    value: { '@type': 'FileDeleteRequest', commitMessage: 'chore: drop the obsolete readme' },
  },
  FileEditResponse: {
    summary: 'The commit the edit made',
    value: { commitHash: '46c001b04cba0ca41588841f1ca32f50b582ee9b' },
  },
};
