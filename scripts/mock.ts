/**
 * `npm run mock [-- --port 4010]` (installed: `onedev-openapi mock`): the contract mock on
 * 127.0.0.1, answering every operation of generated/openapi.json (or a release's description) as
 * OneDev would. See docs/using-the-mock.md.
 */
import { ONEDEV_TAGS } from '../spec/releases.js';
import { commandName, parseCommandLine, usageError } from './lib/cli.js';
import { availableReleases, ReleaseNotFoundError } from './lib/mock/document.js';
import { startMockServer } from './lib/mock/server.js';
import { EXT } from '../src/extensions.js';

const DEFAULT_PORT = 4010;
const MAX_RECORDS = 100_000;

const USAGE = `Usage: ${commandName('mock')} [--port <n>] [--release <tag>] [--stateful [--fresh]] [--subscription] [--records <n>] [--admin <user>]... [--quiet]
       [--webhook-url <url> --webhook-secret <secret>]
  Serves a contract mock of OneDev's REST API on 127.0.0.1 until stopped (Ctrl+C or SIGTERM).
  --port      the port to listen on, 0 to 65535 (default ${DEFAULT_PORT}); 0 picks a free port, and the
              first line printed ("listening on ...") says which
  --release   serve this OneDev tag's description instead of the newest one: any of the ${ONEDEV_TAGS.length} from
              ${ONEDEV_TAGS[0]} to ${ONEDEV_TAGS[ONEDEV_TAGS.length - 1]}; published ones are read from the package
              (${availableReleases().join(', ') || 'none are built'}), others built on start (about a second)
  --stateful  creates, updates, actions and deletes change what later requests read, as each
              operation's \${EXT.effect.name} says
  --fresh     with --stateful: start as a fresh server (the administrator and default roles, no
              generated records)
  --subscription
              act as a server with an active subscription (by default the operations an unlicensed
              server refuses answer its 406)
  --records   records in each paged collection (pulls, builds, ...), 0 to ${MAX_RECORDS} (default 250)
  --admin     a Basic user name (or Bearer token) treated as an administrator, to whom the page-size
              limits of non-administrators do not apply; repeat it for several (default: admin)
  --quiet     print only the start-up banner, not a line per answered request (status, method, path)
              or per web-hook delivery
  --webhook-url, --webhook-secret
              with --stateful: after each write OneDev turns into an event, post the release's payload
              to this URL with this secret in X-OneDev-Signature, as a web hook (one line per delivery)
  -h, --help  print this help`;

function fail(message: string): never {
  return usageError(message, USAGE);
}

const { values } = parseCommandLine<{
  port?: string;
  quiet?: boolean;
  release?: string;
  stateful?: boolean;
  fresh?: boolean;
  subscription?: boolean;
  records?: string;
  admin?: string[];
  'webhook-url'?: string;
  'webhook-secret'?: string;
}>(USAGE, {
  port: { type: 'string' },
  quiet: { type: 'boolean' },
  release: { type: 'string' },
  stateful: { type: 'boolean' },
  fresh: { type: 'boolean' },
  subscription: { type: 'boolean' },
  records: { type: 'string' },
  admin: { type: 'string', multiple: true },
  'webhook-url': { type: 'string' },
  'webhook-secret': { type: 'string' },
});
const port = values.port === undefined ? DEFAULT_PORT : Number(values.port);
if (!/^\d+$/.test(values.port ?? '0') || port > 65535) fail(`--port must be a port number from 0 to 65535 (0 picks a free port), got "${values.port}"`);
const records = values.records === undefined ? undefined : Number(values.records);
if (records !== undefined && (!/^\d+$/.test(values.records!) || records > MAX_RECORDS)) {
  fail(`--records must be a whole number from 0 to ${MAX_RECORDS}, got "${values.records}"`);
}

const webhookUrl = values['webhook-url'];
const webhookSecret = values['webhook-secret'];
if ((webhookUrl === undefined) !== (webhookSecret === undefined)) fail('--webhook-url and --webhook-secret go together: a hook has both');
if (values.fresh && !values.stateful) fail('--fresh needs --stateful: a fresh server is one whose records change');
if (webhookUrl !== undefined && !values.stateful) fail('--webhook-url needs --stateful: deliveries follow the writes a stateful run keeps');

const started = performance.now();
let mock;
try {
  mock = await startMockServer({
    port,
    ...(values.release !== undefined ? { release: values.release } : {}),
    stateful: values.stateful === true,
    ...(values.fresh ? { fresh: true } : {}),
    ...(values.subscription ? { subscription: true } : {}),
    ...(records !== undefined ? { records } : {}),
    ...(values.admin ? { administrators: values.admin } : {}),
    onAnswer: values.quiet ? undefined : ({ method, path, status }) => console.log(`${status} ${method} ${path}`),
    ...(webhookUrl !== undefined && webhookSecret !== undefined
      ? { webhooks: { url: webhookUrl, secret: webhookSecret, onDelivery: values.quiet ? undefined : (entry) => console.log(entry.line) } }
      : {}),
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
${webhookUrl ? `Web hooks: the events these writes cause are posted to ${webhookUrl}.\n` : ''}
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
