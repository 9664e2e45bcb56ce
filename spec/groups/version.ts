import type { GroupSpec } from '../model.js';

/**
 * The Version group, read from OneDev's VersionResource at each tag. Get Compatible Tod Versions
 * went away in v15.1.0 (tod checks compatibility through the server's internal tod resource).
 */

const ANYONE = 'Any caller (anonymous ones only when the server allows anonymous access).';

export const versionGroup: GroupSpec = {
  name: 'Version',
  description:
    'Version information: the server\'s own version and, up to v15.0.x, the versions of the `tod` ' +
    'command-line tool that work with it.',
  operations: [
    {
      name: 'Get Server Version',
      method: 'GET',
      path: '/version/server',
      description:
        'Reads the version of the OneDev server, e.g. `{version}`. The body is the text itself, not a ' +
        'JSON string, although labelled `application/json`.',
      permission: ANYONE,
      // `{version}`: each release's description (and so the mock) answers with its own version.
      success: { kind: 'raw-text', description: 'The server version, as bare text.', example: '{version}' },
      errors: [401],
    },
    {
      name: 'Get Compatible Tod Versions',
      until: 'v15.1.0',
      method: 'GET',
      path: '/version/compatible-tod-versions',
      description: (
        [
          ['1.0.0', { until: 'v13.0.0' }],
          ['2.0.0', { since: 'v13.0.0', until: 'v14.1.6' }],
          ['2.1.0', { since: 'v14.1.6' }],
        ] as const
      ).map(([lowest, span]) => ({
        ...span,
        value: `Reads which versions of \`tod\`, OneDev's command-line tool, work with this server: ${lowest} and later, with no upper bound.`,
      })),
      permission: ANYONE,
      success: {
        kind: 'json',
        type: { ref: 'VersionRange' },
        description: 'The compatible version range.',
        example: 'VersionRange',
      },
      errors: [401],
    },
  ],
};
