import type { SchemaTable } from '../model.js';

/**
 * Build agents and the tokens they connect with (OneDev's Agent and AgentToken entities). Neither
 * entity changed its wire shape between v11.11.0 and v16.5.6.
 */
export const agentSchemas: SchemaTable = {
  Agent: {
    kind: 'object',
    description:
      'A build agent: a machine that connected to the server with an agent token and runs jobs ' +
      'for agent executors. Its attributes are read and replaced with the Agent group\'s ' +
      '`attributes` sub-resource; when it was last used is not written out.',
    fields: {
      id: { type: 'int64', readOnly: true, description: 'Id of the agent.' },
      tokenId: {
        type: 'int64',
        description: 'Id of the agent token the agent connects with (see the Agent Token group); a token serves one agent.',
      },
      name: {
        type: 'string',
        description: 'Name the agent registered with, unique on the server (by default its host name).',
      },
      ipAddress: { type: 'string', description: 'IP address the agent last connected from.' },
      osName: { type: 'string', description: 'Operating system the agent reported, e.g. `Linux` or `Windows 11`.' },
      osVersion: { type: 'string', description: 'Operating system version the agent reported.' },
      osArch: { type: 'string', description: 'CPU architecture the agent reported, e.g. `amd64` or `aarch64`.' },
      cpuCount: { type: 'int32', description: 'Number of CPU cores the agent reported.' },
      paused: {
        type: 'boolean',
        description: 'Whether an administrator paused the agent: a paused agent takes no new jobs.',
      },
      // Not a field: the getter isOnline() carries @JsonProperty, so Jackson writes it.
      online: {
        type: 'boolean',
        description: 'Whether the agent is connected to the server right now (worked out when the record is written).',
      },
    },
  },

  AgentToken: {
    kind: 'object',
    description:
      'A secret an agent presents when it connects. The server generates the value; an agent ' +
      'registers itself the first time it connects with an unused token.',
    fields: {
      id: { type: 'int64', readOnly: true, description: 'Id of the token.' },
      value: {
        type: 'string',
        description:
          'The secret itself (a random UUID). Give it to the agent when installing it; anyone holding ' +
          'it can connect an agent to the server.',
      },
    },
  },
};
