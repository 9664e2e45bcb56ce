import type { SchemaTable } from '../model.js';

export const sshKeySchemas: SchemaTable = {
  SshKey: {
    kind: 'object',
    description: 'A public SSH key registered for a user.',
    requests: ['create'],
    fields: {
      id: { type: 'int64', readOnly: true, description: 'Id of the key.' },
      content: {
        type: 'string',
        requiredOnCreate: true,
        description:
          'The OpenSSH public key line, e.g. `ssh-ed25519 AAAA... user@host` (up to 5000 characters).',
        constraints: { maxLength: 5000 },
      },
      ownerId: {
        type: 'int64',
        requiredOnCreate: true,
        description: 'Id of the user the key belongs to.',
      },
    },
  },
};
