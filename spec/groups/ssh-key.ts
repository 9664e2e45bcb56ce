import type { GroupSpec } from '../model.js';
import { missingIdAnswers } from '../responses.js';

/** Read from OneDev's SshKeyResource at each tag: v12.0.0 renamed the operations (Get -> Get Key, ...). */

export const sshKeyGroup: GroupSpec = {
  name: 'Ssh Key',
  description:
    'Public SSH keys that let a user push and pull over SSH. Each key belongs to one user; ' +
    'keys are added and removed, never edited.',
  operations: [
    {
      name: [{ value: 'Get', until: 'v12.0.0' }, { value: 'Get Key', since: 'v12.0.0' }],
      method: 'GET',
      path: '/ssh-keys/{sshKeyId}',
      description: 'Reads one SSH key by its id.',
      permission: 'The key owner, or an administrator.',
      parameters: ['sshKeyId'],
      success: { kind: 'json', type: { ref: 'SshKey' }, description: 'The key.', example: 'SshKey' },
      errors: [401, 403, ...missingIdAnswers('SshKey', 'administrators')],
    },
    {
      name: [{ value: 'Create', until: 'v12.0.0' }, { value: 'Create Key', since: 'v12.0.0' }],
      method: 'POST',
      path: '/ssh-keys',
      description:
        'Adds a public key for a user. The server records the creation time and computes the ' +
        'fingerprint itself; a key that is not valid OpenSSH text, or one already registered, is refused.',
      permission: 'The user named by `ownerId` for their own keys, or an administrator for anyone.',
      body: {
        kind: 'json',
        type: { ref: 'SshKeyCreate' },
        description: 'The key text and its owner.',
        example: 'SshKeyCreate',
      },
      success: { kind: 'id', description: 'The id of the new key.' },
      errors: [400, 401, 403, 404, 500],
      effect: {
        changes: [{ create: 'SshKey' }],
        // The fingerprint is unique: a key registered already fails on the database constraint.
        refuses: [{ when: { duplicate: ['content'] }, status: 500, message: 'could not execute statement' }],
      },
    },
    {
      name: [{ value: 'Delete', until: 'v12.0.0' }, { value: 'Delete Key', since: 'v12.0.0' }],
      method: 'DELETE',
      path: '/ssh-keys/{sshKeyId}',
      description: 'Removes an SSH key; its owner can no longer authenticate with it.',
      permission: 'The key owner, or an administrator.',
      parameters: ['sshKeyId'],
      success: { kind: 'empty', description: 'The key was removed.' },
      errors: [401, 403, 404],
      effect: { changes: [{ remove: 'SshKey', at: { param: 'sshKeyId' } }] },
    },
  ],
};
