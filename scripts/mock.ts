/**
 * `npm run mock [-- --port 4010]`: the contract mock on 127.0.0.1, answering every operation of
 * generated/openapi.json (or a release's description) as OneDev would. See docs/using-the-mock.md.
 */
import { parseCommandLine, usageError } from './lib/cli.js';
import { ReleaseNotFoundError } from './lib/mock/document.js';
import { startMockServer } from './lib/mock/server.js';

const USAGE = `Usage: npm run mock -- [--port <1-65535, default 4010>] [--release <tag>] [--stateful]
                     [--records <n, default 250>] [--admin <user>]... [--quiet]
  --release   serve generated/releases/<tag>/openapi.json instead of the newest release
  --stateful  creates, updates and deletes change what later requests read
  --records   records in each paged collection (pulls, builds, ...)
  --admin     a Basic user name (or Bearer token) treated as an administrator; default: admin`;

function fail(message: string): never {
  return usageError(message, USAGE);
}

const values = parseCommandLine<{ port?: string; quiet?: boolean; release?: string; stateful?: boolean; records?: string; admin?: string[] }>(USAGE, {
  port: { type: 'string' },
  quiet: { type: 'boolean' },
  release: { type: 'string' },
  stateful: { type: 'boolean' },
  records: { type: 'string' },
  admin: { type: 'string', multiple: true },
});
const port = values.port === undefined ? 4010 : Number(values.port);
if (!/^\d+$/.test(values.port ?? '0') || port > 65535) fail(`--port must be a port number, got "${values.port}"`);
const records = values.records === undefined ? undefined : Number(values.records);
if (records !== undefined && (!/^\d+$/.test(values.records!) || records > 100_000)) {
  fail(`--records must be a whole number from 0 to 100000, got "${values.records}"`);
}

const started = performance.now();
let mock;
try {
  mock = await startMockServer({
    port,
    ...(values.release !== undefined ? { release: values.release } : {}),
    stateful: values.stateful === true,
    ...(records !== undefined ? { records } : {}),
    ...(values.admin ? { administrators: values.admin } : {}),
    onAnswer: values.quiet ? undefined : ({ method, path, status }) => console.log(`${status} ${method} ${path}`),
  });
} catch (error) {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'EADDRINUSE') fail(`Port ${port} on 127.0.0.1 is already in use; pick another with --port`);
  if (error instanceof ReleaseNotFoundError) fail(error.message);
  fail(`The mock could not start: ${(error as Error).message}`);
}
const seconds = ((performance.now() - started) / 1000).toFixed(1);
const admin = values.admin?.[0] ?? 'admin';

console.log(`OneDev contract mock listening on ${mock.baseUrl} (started in ${seconds} s)
${values.release ? `Release ${values.release}. ` : ''}${values.stateful ? 'Stateful: creates, updates and deletes are kept for this run.' : 'Stateless: nothing a request sends is kept.'}

Credentials are checked for form only. Lists page through generated records:
  curl -u ${admin}:any-token '${mock.baseUrl}/pulls?offset=0&count=10'
  curl -u robin:any-token '${mock.baseUrl}/pulls?offset=0&count=1&query=%22Number%22+is+%22acme%2Fwebapp%23128%22'
  curl -H 'Authorization: Bearer any-token' ${mock.baseUrl}/builds/20
Pick another documented answer with Prefer:
  curl -u robin:any-token -H 'Prefer: code=404' ${mock.baseUrl}/pulls/42
  curl -u robin:any-token -H 'Prefer: code=204' ${mock.baseUrl}/pulls/42/merge-preview
Raw-text bodies are sent as the text itself:
  curl -u robin:any-token -H 'Content-Type: application/json' --data 'Fix NPE' ${mock.baseUrl}/pulls/42/title
Client: createOneDevClient({ baseUrl: '${mock.origin}', auth: { user: 'robin', accessToken: 'any-token' } })
Refused requests get a 4xx with the reasons as text/plain. Stop with Ctrl+C.`);

const stop = (): void => {
  void mock.close().then(() => process.exit(0));
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
