import type { SchemaTable } from '../model.js';

/**
 * Workspaces (the Workspace group, v16.3.0 on), read from OneDev's Workspace entity and
 * WorkspaceResource. v16.4.0 added `mergeIfAcceptable`.
 */
export const workspaceSchemas: SchemaTable = {
  Workspace: {
    since: 'v16.3.0',
    kind: 'object',
    description:
      'A workspace: a development environment provisioned from one of the project\'s workspace ' +
      'specs, checked out at a commit, for a user. Addressed by id, which differs from its number.',
    fields: {
      id: { type: 'int64', readOnly: true, description: 'Id of the workspace (not its number).' },
      numberScopeId: {
        type: 'int64',
        description: 'Id of the project whose counter issued `number` (the root of the project\'s fork tree).',
      },
      number: { type: 'int64', description: 'Workspace number shown in the web UI, unique within `numberScopeId`.' },
      userId: { type: 'int64', description: 'Id of the user the workspace belongs to.' },
      projectId: { type: 'int64', description: 'Id of the project the workspace works on.' },
      issueId: {
        type: 'int64',
        nullable: true,
        description: 'Id of the issue the workspace was created for; null when none.',
      },
      requestId: {
        type: 'int64',
        nullable: true,
        description: 'Id of the pull request the workspace was created for; null when none.',
      },
      specName: { type: 'string', description: 'Name of the workspace spec it was provisioned from.' },
      branch: {
        type: 'string',
        nullable: true,
        description: 'Branch the workspace works on; null when it was created on a bare commit.',
      },
      commitHash: { type: 'string', description: 'SHA-1 of the commit the workspace was created at.' },
      status: {
        type: { enum: ['PENDING', 'ACTIVE', 'INACTIVE'] },
        description:
          '`PENDING` while being provisioned, `ACTIVE` while running, `INACTIVE` once stopped ' +
          '(it can then be reprovisioned).',
      },
      createDate: { type: 'date-time', description: 'When the workspace was created.' },
      activeDate: { type: 'date-time', nullable: true, description: 'When it last became active; null if never.' },
      inactiveDate: { type: 'date-time', nullable: true, description: 'When it last stopped; null if never.' },
      provisionerName: {
        type: 'string',
        nullable: true,
        description: 'Name of the workspace provisioner running it; null until assigned.',
      },
      k8sPvcName: {
        type: 'string',
        nullable: true,
        description: 'Name of the Kubernetes volume claim holding its files, when provisioned on Kubernetes.',
      },
      serverAddress: {
        type: 'string',
        nullable: true,
        description: 'Address of the cluster server managing the workspace; null until provisioned.',
      },
      forTaskAutomation: {
        type: 'boolean',
        description: 'Whether the workspace was created to run an automated task (by an AI user) rather than by a person.',
      },
      mergeIfAcceptable: {
        since: 'v16.4.0',
        type: 'boolean',
        description: 'For automated tasks: whether the resulting pull request is merged when it is acceptable.',
      },
      agentId: {
        type: 'int64',
        nullable: true,
        description: 'Id of the agent the workspace runs on; null when it does not run on an agent.',
      },
    },
  },
  WorkspaceCreateData: {
    since: 'v16.3.0',
    kind: 'object',
    usage: 'request',
    description: 'What to create a workspace from.',
    fields: {
      projectId: { type: 'int64', requiredOnCreate: true, description: 'Id of the project.' },
      commitHash: {
        type: 'string',
        requiredOnCreate: true,
        description: 'Full SHA-1 of the commit to check out; it must exist in the project (406 otherwise).',
        constraints: { pattern: '^[0-9a-fA-F]{40}$' },
      },
      specName: {
        type: 'string',
        requiredOnCreate: true,
        description: 'Name of a workspace spec available in the project (406 otherwise).',
      },
      branch: {
        type: 'string',
        nullable: true,
        description: 'Branch the workspace is for, without `refs/heads/`; null or absent for none.',
      },
      issueId: {
        type: 'int64',
        nullable: true,
        description: 'Id of an issue of the same project the workspace is for (406 when not found or elsewhere).',
      },
      pullRequestId: {
        type: 'int64',
        nullable: true,
        description: 'Id of a pull request of the same project the workspace is for (406 when not found or elsewhere).',
      },
    },
  },
};
