import type { ExampleTable } from '../model.js';

/** The image build 2031 of `acme/webapp` (project 7) pushed, and a package of `acme/ui-kit` (project 12). */
const containerImage = {
  id: 17,
  projectId: 7,
  type: 'Container Image',
  name: 'acme/webapp',
  version: '4.2.0',
  prerelease: false,
  userId: 7,
  buildId: 2031,
  publishDate: '2025-07-02T09:21:12.604+08:00',
};

const npmPackage = {
  id: 23,
  projectId: 12,
  type: 'NPM',
  name: '@acme/ui-kit',
  version: '1.8.1',
  prerelease: false,
  userId: 9,
  buildId: null,
  publishDate: '2025-06-27T16:40:55.019+08:00',
};

export const packageExamples: ExampleTable = {
  Pack: { summary: 'A container image published by build 2031', value: containerImage },
  PackList: { summary: 'A page of packages', value: [containerImage, npmPackage] },
  PackLabelList: {
    summary: 'Labels of package 17',
    value: [{ id: 4, packId: 17, specId: 3 }],
  },
  // Package Label's Create Label body and Package Blob's Find By Hash answer (issue 12).
  PackLabelCreate: {
    summary: 'Attach label spec 3 to package 23',
    value: { packId: 23, specId: 3 },
  },
  PackBlob: {
    summary: 'The blob of project 7 with a given SHA-256',
    value: {
      id: 301,
      projectId: 7,
      sha256Hash: '3f1c9a7e5b2d4c6a8e0f1b3d5c7a9e2f4b6d8c0a1e3f5b7d9c2a4e6f8b0d1c3a',
      sha512Hash: null,
      md5Hash: null,
      sha1Hash: null,
      size: 1574,
      createDate: '2025-07-02T09:21:12.377+08:00',
    },
  },
  PackBlobList: {
    summary: 'Blobs of package 17 (manifest, config and a layer)',
    value: [
      {
        id: 301,
        projectId: 7,
        sha256Hash: '3f1c9a7e5b2d4c6a8e0f1b3d5c7a9e2f4b6d8c0a1e3f5b7d9c2a4e6f8b0d1c3a',
        sha512Hash: null,
        md5Hash: null,
        sha1Hash: null,
        size: 1574,
        createDate: '2025-07-02T09:21:12.377+08:00',
      },
      {
        id: 300,
        projectId: 7,
        sha256Hash: '8b2e4d6f0a1c3e5b7d9f2a4c6e8b0d1f3a5c7e9b2d4f6a8c0e1b3d5f7a9c2e4b',
        sha512Hash: null,
        md5Hash: null,
        sha1Hash: null,
        size: 6912,
        createDate: '2025-07-02T09:21:11.950+08:00',
      },
      {
        id: 299,
        projectId: 7,
        sha256Hash: 'c7a9e1b3d5f7a2c4e6b8d0f1a3c5e7b9d2f4a6c8e0b1d3f5a7c9e2b4d6f8a0c1',
        sha512Hash: null,
        md5Hash: null,
        sha1Hash: null,
        size: 29534055,
        createDate: '2025-07-02T09:21:09.488+08:00',
      },
    ],
  },
};
