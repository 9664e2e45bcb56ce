/**
 * `npm run mock [-- --port 4010]`: the contract mock on 127.0.0.1, answering every operation of
 * generated/openapi.json with its examples. See docs/using-the-mock.md.
 */
import { parseCommandLine, usageError } from './lib/cli.js';
import { startMockServer } from './lib/mock/server.js';

const USAGE = 'Usage: npm run mock -- [--port <1-65535, default 4010>] [--quiet]';

function fail(message: string): never {
  return usageError(message, USAGE);
}

const values = parseCommandLine<{ port?: string; quiet?: boolean }>(USAGE, {
  port: { type: 'string' },
  quiet: { type: 'boolean' },
});
const port = values.port === undefined ? 4010 : Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`--port must be a port number, got "${values.port}"`);

const started = performance.now();
let mock;
try {
  mock = await startMockServer({
    port,
    onAnswer: values.quiet ? undefined : ({ method, path, status }) => console.log(`${status} ${method} ${path}`),
  });
} catch (error) {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'EADDRINUSE') fail(`Port ${port} on 127.0.0.1 is already in use; pick another with --port`);
  fail(`The mock could not start: ${(error as Error).message}`);
}
const seconds = ((performance.now() - started) / 1000).toFixed(1);

console.log(`OneDev contract mock listening on ${mock.baseUrl} (started in ${seconds} s)

Every operation answers with the description's examples. Credentials are checked for presence only:
  curl -u admin:any-token '${mock.baseUrl}/pulls?offset=0&count=10'
  curl -H 'Authorization: Bearer any-token' ${mock.baseUrl}/builds/20
Pick another documented answer with Prefer:
  curl -u admin:any-token -H 'Prefer: code=404' ${mock.baseUrl}/pulls/42
  curl -u admin:any-token -H 'Prefer: code=204' ${mock.baseUrl}/pulls/42/merge-preview
Raw-text bodies are sent as the text itself:
  curl -u admin:any-token -H 'Content-Type: application/json' --data 'Fix NPE' ${mock.baseUrl}/pulls/42/title
Client: createOneDevClient({ baseUrl: '${mock.origin}', auth: { user: 'admin', accessToken: 'any-token' } })
Refused requests get a 4xx with the reasons as text/plain. Stop with Ctrl+C.`);

const stop = (): void => {
  void mock.close().then(() => process.exit(0));
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
