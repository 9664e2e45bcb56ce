import type { GroupSpec } from '../model.js';
import { missingIdAnswers } from '../responses.js';
import { sentenceSince } from './release-text.js';

/**
 * The Agent group, read from OneDev's AgentResource at each tag. v12.0.0 renamed two operations
 * (Get Basic Info -> Get Agent, Query Basic Info -> Query Agents) and recorded attribute changes
 * in the audit log; bad queries were refused with 400, with 406 from v12.0.9, and from v16.5.2
 * with 406 for a syntax error and 500 for an unknown field.
 */

const ADMIN_ONLY = 'Site administrators only.';

export const agentGroup: GroupSpec = {
  name: 'Agent',
  description:
    'Build agents: machines connected to the server that run jobs for agent executors. Agents ' +
    'register themselves when they first connect with an agent token (see the Agent Token ' +
    'group); here they are read, queried and given attributes. Executors pick agents by name, ' +
    'OS and attributes with the same query language as Query Agents.',
  operations: [
    {
      name: [{ value: 'Get Basic Info', until: 'v12.0.0' }, { value: 'Get Agent', since: 'v12.0.0' }],
      method: 'GET',
      path: '/agents/{agentId}',
      description: 'Reads one agent: name, address, operating system, CPU count, and whether it is paused or online.',
      permission: ADMIN_ONLY,
      parameters: ['agentId'],
      success: { kind: 'json', type: { ref: 'Agent' }, description: 'The agent.', example: 'Agent' },
      errors: [401, 403, ...missingIdAnswers('Agent', 'everyone')],
    },
    {
      name: 'Get Attributes',
      method: 'GET',
      path: '/agents/{agentId}/attributes',
      description:
        'Reads the agent\'s attributes: free-form name/value pairs that job executors can match ' +
        'with agent queries such as `"gpu" is "nvidia-a10"`.',
      permission: ADMIN_ONLY,
      parameters: ['agentId'],
      success: {
        kind: 'json',
        type: { map: 'string' },
        description: 'Attribute values by attribute name (possibly none).',
        example: 'AgentAttributes',
      },
      errors: [401, 403, 404],
    },
    {
      name: [{ value: 'Query Basic Info', until: 'v12.0.0' }, { value: 'Query Agents', since: 'v12.0.0' }],
      method: 'GET',
      path: '/agents',
      description:
        'Lists agents that match a query, one page at a time, in the query\'s order (by name when ' +
        'it gives none).',
      permission: ADMIN_ONLY,
      parameters: ['agentQuery', 'offset', 'countUnlimited'],
      success: {
        kind: 'json',
        type: { array: { ref: 'Agent' } },
        description: 'The page of agents, possibly empty.',
        example: 'AgentList',
      },
      errors: [
        { status: 400, until: 'v12.0.9' },
        401,
        403,
        404,
        { status: 406, since: 'v12.0.9' },
        { status: 500, since: 'v16.5.2' },
      ],
    },
    {
      name: 'Update Attributes',
      method: 'POST',
      path: '/agents/{agentId}/attributes',
      description: sentenceSince(
        'v12.0.0',
        'Replaces all the agent\'s attributes with the ones sent: attributes left out are removed. ' +
          'The agent must be online (500 otherwise); it is told about the change at once.',
        'The change is recorded in the audit log.',
      ),
      permission: ADMIN_ONLY,
      parameters: ['agentId'],
      body: {
        kind: 'json',
        type: { map: 'string' },
        description: 'Every attribute the agent should have, value by name.',
        example: 'AgentAttributes',
      },
      success: { kind: 'empty', description: 'The attributes were replaced.' },
      errors: [400, 401, 403, 404, 500],
      // Get Attributes reads the map back at the same path. Refusing an offline agent (500) needs
      // the agent as the subject, which a setting step does not have.
      effect: { changes: [{ setting: 'replace' }] },
    },
  ],
};
