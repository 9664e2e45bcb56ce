/**
 * `npm run verify -- --server https://onedev.example.com --user U --token T`: calls a read-only
 * set of operations on a real OneDev through Prism's proxy and reports every answer that
 * differs from the description. Exit status 0: no differences; 1: differences or calls without
 * an answer; 2: bad arguments, or nothing could be checked. See docs/validating-a-live-server.md.
 */
import { parseCommandLine, usageError } from './lib/cli.js';
import { ReleaseNotFoundError } from './lib/mock/document.js';
import { exitCodeOf, formatReport, verifyServer, VerifyUsageError } from './lib/mock/verify.js';

const USAGE = `Usage: npm run verify -- --server <https://host> [--user <name>] [--token <access token> | --password <password>] [--timeout <seconds>] [--release <tag>]
  --release checks against generated/releases/<tag>/openapi.json (default: the newest release).
  The secret may also come from the ONEDEV_TOKEN or ONEDEV_PASSWORD environment variable
  (keeps it out of shell history). Without --user, the token is sent as a Bearer token.`;

function fail(message: string): never {
  return usageError(message, USAGE);
}

const values = parseCommandLine<{ server?: string; user?: string; token?: string; password?: string; timeout?: string; release?: string }>(USAGE, {
  server: { type: 'string' },
  user: { type: 'string' },
  token: { type: 'string' },
  password: { type: 'string' },
  timeout: { type: 'string' },
  release: { type: 'string' },
});
if (!values.server) fail('--server is required');
const token = values.token ?? process.env.ONEDEV_TOKEN;
const password = values.password ?? process.env.ONEDEV_PASSWORD;
if (values.token !== undefined && values.password !== undefined) fail('Give --token or --password, not both');
const timeout = values.timeout === undefined ? 30 : Number(values.timeout);
if (!Number.isFinite(timeout) || timeout <= 0) fail('--timeout must be a positive number of seconds');

try {
  const report = await verifyServer({
    server: values.server,
    credentials: { user: values.user, secret: token ?? password },
    timeoutMs: timeout * 1000,
    ...(values.release !== undefined ? { release: values.release } : {}),
  });
  console.log(formatReport(report));
  process.exit(exitCodeOf(report));
} catch (error) {
  if (error instanceof VerifyUsageError || error instanceof ReleaseNotFoundError) fail(error.message);
  // Never a stack trace, and never the arguments (they hold the secret).
  console.error(`verify failed: ${(error as Error).message}`);
  process.exit(2);
}
