/**
 * `npm run verify -- --server https://onedev.example.com --user U --token T` (installed:
 * `onedev-openapi verify ...`): asks the server its version, then calls a read-only set of
 * operations through Prism's proxy and reports every answer that differs from that release's
 * description; `--writes` adds the writes it can make in a scratch project of its own (removed
 * after), `--record FILE` writes every request and answer in the transcript format. Exit status 0: no differences; 1: differences or calls without an answer; 2: bad
 * arguments, or nothing could be checked. See docs/validating-a-live-server.md.
 */
import { writeFileSync } from 'node:fs';
import { ONEDEV_TAGS } from '../spec/releases.js';
import { commandName, parseCommandLine, usageError } from './lib/cli.js';
import { ReleaseNotFoundError } from './lib/mock/document.js';
import { exitCodeOf, formatReport, verifyServer, VerifyUsageError, WritesRefusedError } from './lib/mock/verify.js';
import { formatTranscript } from './lib/transcript/format.js';

const DEFAULT_TIMEOUT_S = 30;

const USAGE = `Usage: ${commandName('verify')} --server <https://host> [--user <name>] [--token <access token> | --password <password>]
       [--timeout <seconds>] [--release <tag>] [--writes] [--record <file>]
  Calls read-only operations of a live OneDev server and reports every answer that differs from the
  description of the release the server runs (its Get Server Version answer; the report says which
  release it used, and warns when the catalogue does not know that version). Exit status: 0 no
  differences; 1 differences, or calls without an answer; 2 bad arguments, or nothing could be checked.
  --server    the server's origin, e.g. https://onedev.example.com (a trailing /~api is accepted)
  --user      the account name for HTTP Basic; without it, the token is sent as a Bearer token
  --token     an access token of that account (or ONEDEV_TOKEN in the environment, which keeps it out
              of shell history)
  --password  the account's password instead (or ONEDEV_PASSWORD in the environment)
  --timeout   seconds each call may take (default ${DEFAULT_TIMEOUT_S})
  --release   check against this OneDev tag's description instead of the server's own release: any of
              the ${ONEDEV_TAGS.length} from ${ONEDEV_TAGS[0]} to ${ONEDEV_TAGS[ONEDEV_TAGS.length - 1]} (those without a file in the package are built on start)
  --writes    also call the writes it can inside a scratch project it creates (onedev-openapi-verify-<random>),
              check their answers, and remove everything it made; touches nothing else. Refused (exit 2)
              unless the server says its version and that version is a tag the catalogue knows
  --record    write every request and answer of the run to this file, one JSON object a line (the
              format of test/fixtures/real-server/<tag>/transcript.jsonl; credentials are never written)
  -h, --help  print this help`;

function fail(message: string): never {
  return usageError(message, USAGE);
}

const { values } = parseCommandLine<{
  server?: string;
  user?: string;
  token?: string;
  password?: string;
  timeout?: string;
  release?: string;
  writes?: boolean;
  record?: string;
}>(USAGE, {
  server: { type: 'string' },
  user: { type: 'string' },
  token: { type: 'string' },
  password: { type: 'string' },
  timeout: { type: 'string' },
  release: { type: 'string' },
  writes: { type: 'boolean' },
  record: { type: 'string' },
});
if (!values.server) fail('--server is required');
const token = values.token ?? process.env.ONEDEV_TOKEN;
const password = values.password ?? process.env.ONEDEV_PASSWORD;
if (values.token !== undefined && values.password !== undefined) fail('Give --token or --password, not both');
const timeout = values.timeout === undefined ? DEFAULT_TIMEOUT_S : Number(values.timeout);
if (!Number.isFinite(timeout) || timeout <= 0) fail('--timeout must be a positive number of seconds');

try {
  const report = await verifyServer({
    server: values.server,
    credentials: { user: values.user, secret: token ?? password },
    timeoutMs: timeout * 1000,
    ...(values.release !== undefined ? { release: values.release } : {}),
    writes: values.writes === true,
    record: values.record !== undefined,
  });
  if (values.record !== undefined) writeFileSync(values.record, formatTranscript(report.transcript ?? []));
  console.log(formatReport(report));
  if (values.record !== undefined) console.log(`Recorded ${report.transcript?.length ?? 0} requests and answers in ${values.record}.`);
  process.exit(exitCodeOf(report));
} catch (error) {
  if (error instanceof VerifyUsageError || error instanceof ReleaseNotFoundError) fail(error.message);
  if (error instanceof WritesRefusedError) {
    console.error(error.message);
    process.exit(2);
  }
  // Never a stack trace, and never the arguments (they hold the secret).
  console.error(`verify failed: ${(error as Error).message}`);
  process.exit(2);
}
