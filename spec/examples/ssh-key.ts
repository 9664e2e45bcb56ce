import type { ExampleTable } from '../model.js';

const content =
  'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIJv2kQeY6Zq3tJ0c4bq4Ylq0WmH1v6Yc3p3n9m2sQe8R robin@laptop';

export const sshKeyExamples: ExampleTable = {
  SshKey: { summary: 'A registered SSH key', value: { id: 12, content, ownerId: 3 } },
  SshKeyCreate: { summary: 'Register a key for user 3', value: { content, ownerId: 3 } },
};
