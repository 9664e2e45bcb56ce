import type { ExampleTable } from '../model.js';

const linuxAgent = {
  id: 3,
  tokenId: 5,
  name: 'build-runner-01',
  ipAddress: '10.0.3.21',
  osName: 'Linux',
  osVersion: '6.8.0-45-generic',
  osArch: 'amd64',
  cpuCount: 8,
  paused: false,
  online: true,
};

const macAgent = {
  id: 4,
  tokenId: 6,
  name: 'mac-mini-02',
  ipAddress: '10.0.3.37',
  osName: 'Mac OS X',
  osVersion: '14.6.1',
  osArch: 'aarch64',
  cpuCount: 10,
  paused: true,
  online: false,
};

export const agentExamples: ExampleTable = {
  Agent: { summary: 'A Linux agent that is online', value: linuxAgent },
  AgentList: { summary: 'A page of agents', value: [linuxAgent, macAgent] },
  AgentAttributes: {
    summary: 'Attributes of agent 3',
    value: { docker: 'true', gpu: 'nvidia-a10', zone: 'eu-west' },
  },
  AgentToken: {
    summary: 'The token agent 3 connects with',
    value: { id: 5, value: '0b6f2a3e-9d41-4c7a-8e25-61f0d3b9a7c4' },
  },
  AgentTokenList: {
    summary: 'A page of agent tokens',
    value: [
      { id: 5, value: '0b6f2a3e-9d41-4c7a-8e25-61f0d3b9a7c4' },
      { id: 6, value: 'e7c1d905-4b2a-4f68-b3d0-9a5e2c71f846' },
    ],
  },
};
