import type { ExampleTable } from '../model.js';

const token = {
  id: 8,
  name: 'ci',
  ownerId: 3,
  value: 'Vf3k9QmT2xLr7Hc1Np8Zs4Wd6Jy0Ba5E',
  hasOwnerPermissions: false,
  createDate: '2025-06-12T08:30:00.000+00:00',
  expireDate: '2026-06-12T00:00:00.000+00:00',
};

export const accessTokenExamples: ExampleTable = {
  AccessToken: { summary: 'A token of user 3 limited to its own project roles', value: token },
  AccessTokenCreate: {
    summary: 'A token for user 3 that expires in a year',
    value: { name: 'ci', ownerId: 3, hasOwnerPermissions: false, expireDate: '2026-06-12T00:00:00.000+00:00' },
  },
  AccessTokenUpdate: { summary: 'Make the token never expire', value: { expireDate: null } },

  AccessTokenAuthorization: {
    summary: 'Token 8 holds role 2 on project 7',
    value: { id: 17, projectId: 7, tokenId: 8, roleId: 2 },
  },
  AccessTokenAuthorizationList: {
    summary: 'Project roles of token 8',
    value: [
      { id: 17, projectId: 7, tokenId: 8, roleId: 2 },
      { id: 18, projectId: 12, tokenId: 8, roleId: 1 },
    ],
  },
  AccessTokenAuthorizationCreate: {
    summary: 'Give token 8 role 2 on project 7',
    value: { projectId: 7, tokenId: 8, roleId: 2 },
  },
  AccessTokenAuthorizationUpdate: { summary: 'Give a different role instead', value: { roleId: 3 } },
};
