import type { GroupSpec } from '../model.js';
import { missingIdAnswers } from '../responses.js';
import { sentenceSince } from './release-text.js';

/**
 * The Agent Token group, read from OneDev's AgentTokenResource at each tag. v12.0.0 renamed four
 * operations (Get Basic Info -> Get Token, Query Basic Info -> Query Tokens, Create -> Create
 * Token, Delete -> Delete Token) and recorded creations and deletions in the audit log; v12.0.9
 * refused a `count` over 100 with 406 instead of 400.
 */

const ADMIN_ONLY = 'Site administrators only.';

export const agentTokenGroup: GroupSpec = {
  name: 'Agent Token',
  description:
    'Secrets that build agents connect with. Create a token, give its value to a new agent, and ' +
    'the agent registers itself on its first connection; each token then belongs to that agent.',
  operations: [
    {
      name: [{ value: 'Get Basic Info', until: 'v12.0.0' }, { value: 'Get Token', since: 'v12.0.0' }],
      method: 'GET',
      path: '/agent-tokens/{tokenId}',
      description: 'Reads one agent token, its secret value included.',
      permission: ADMIN_ONLY,
      parameters: ['agentTokenId'],
      success: { kind: 'json', type: { ref: 'AgentToken' }, description: 'The token.', example: 'AgentToken' },
      errors: [401, 403, ...missingIdAnswers('AgentToken', 'everyone')],
    },
    {
      name: 'Get Agent',
      method: 'GET',
      path: '/agent-tokens/{tokenId}/agent',
      description: 'Reads the agent that connects with this token.',
      permission: ADMIN_ONLY,
      parameters: ['agentTokenId'],
      success: { kind: 'json', type: { ref: 'Agent' }, description: 'The agent using the token.', example: 'Agent' },
      noContent: 'No agent has connected with the token yet.',
      errors: [401, 403, 404],
    },
    {
      name: [{ value: 'Query Basic Info', until: 'v12.0.0' }, { value: 'Query Tokens', since: 'v12.0.0' }],
      method: 'GET',
      path: '/agent-tokens',
      description:
        'Lists agent tokens, one page at a time, or finds the token with a given secret value. ' +
        'Tokens used by an agent and unused ones are listed alike.',
      permission: ADMIN_ONLY,
      parameters: ['agentTokenValue', 'offset', 'countLimited'],
      success: {
        kind: 'json',
        type: { array: { ref: 'AgentToken' } },
        description: 'The page of tokens, possibly empty.',
        example: 'AgentTokenList',
      },
      errors: [{ status: 400, until: 'v12.0.9' }, 401, 403, 404, { status: 406, since: 'v12.0.9' }],
    },
    {
      name: [{ value: 'Create', until: 'v12.0.0' }, { value: 'Create Token', since: 'v12.0.0' }],
      method: 'POST',
      path: '/agent-tokens',
      description: sentenceSince(
        'v12.0.0',
        'Creates an agent token with a random secret; read the secret with Get Token. No body is read.',
        'The creation is recorded in the audit log.',
      ),
      permission: ADMIN_ONLY,
      success: { kind: 'id', description: 'The id of the new token.' },
      errors: [401, 403],
      // The secret is random: nothing for a step to write.
      effect: { changes: [{ create: 'AgentToken' }] },
    },
    {
      name: [{ value: 'Delete', until: 'v12.0.0' }, { value: 'Delete Token', since: 'v12.0.0' }],
      method: 'DELETE',
      path: '/agent-tokens/{tokenId}',
      description: sentenceSince(
        'v12.0.0',
        'Deletes an agent token that no agent is registered with. The token of a registered ' +
          'agent cannot be deleted this way: the database refuses, and the server answers 500 ' +
          '(remove the agent in the web UI instead).',
        'The deletion is recorded in the audit log.',
      ),
      permission: ADMIN_ONLY,
      parameters: ['agentTokenId'],
      success: { kind: 'empty', description: 'The token was deleted.' },
      errors: [401, 403, 404, 500],
      effect: { changes: [{ remove: 'AgentToken', at: { param: 'tokenId' } }] },
    },
  ],
};
