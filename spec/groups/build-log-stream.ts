import type { GroupSpec } from '../model.js';

/**
 * The Build Log Stream group, read from OneDev's BuildLogStreamResource at each tag. Its one
 * operation and its framing did not change from v11.11.0 to v16.5.6 (v15.0.0 only reworked how
 * the server finds the log).
 */

export const buildLogStreamGroup: GroupSpec = {
  name: 'Build Log Stream',
  description:
    'Following a build\'s log as it is written. The build is addressed by id, which differs from ' +
    'its number: find the id with Build\'s Query Builds and the build\'s reference as the query, ' +
    'unquoted (`path/to/project#100`).',
  operations: [
    {
      name: 'Download Log',
      method: 'GET',
      path: '/streaming/build-logs/{buildId}',
      description:
        'Streams the build\'s log: the latest entries first, then new ones as the job writes them, ' +
        'until the build finishes. The connection stays open while the build is unfinished (use a ' +
        'client without a read timeout, or one above 5 seconds). The body is a sequence of frames, ' +
        'each a 4-byte big-endian signed integer `n` followed by data:\n\n' +
        '- `n > 0`: `n` bytes of UTF-8 JSON, one log entry: `{"date": "<ISO-8601 date-time>", ' +
        '"messages": [{"style": {"color": "fg-default", "backgroundColor": "bg-default", "bold": ' +
        'false}, "text": "..."}]}` (one line, split into differently styled pieces; a color is an ' +
        'ANSI color code as text, e.g. `31` for red, or `fg-default`/`bg-default`);\n' +
        '- `n < 0`: `-n` bytes of ASCII, a build status name (`WAITING`, `PENDING`, `RUNNING`, ' +
        '`SUCCESSFUL`, `FAILED`, `CANCELLED`, `TIMED_OUT`);\n' +
        '- `n = 0`: no data, a keep-alive sent when nothing was logged for 5 seconds.\n\n' +
        'The stream starts with the current status, then the last 1001 entries at most (older ' +
        'ones are left out: read them in the web UI), then new entries. When the build has ' +
        'finished, the final status is sent and the stream ends; for a build that had already ' +
        'finished this happens after about 5 seconds.',
      permission:
        'Users with the "access build log" privilege for the build\'s job in its project (through ' +
        'a role, a group, a default role or anonymous access), or an administrator.',
      parameters: ['buildId'],
      success: {
        kind: 'binary',
        description: 'The framed log stream (status, entries, keep-alives, final status), sent chunked.',
        mediaType: 'application/octet-stream',
      },
      errors: [401, 403, 404],
    },
  ],
};
