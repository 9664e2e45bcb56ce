import type { GroupSpec } from '../model.js';

// TODO(catalogue): fill in from OneDev v11.11.4's resource class.
export const pullRequestGroup: GroupSpec = {
  name: 'Pull Request',
  description: '',
  operations: [],
};
