/**
 * What every generated client in the matrix must do against the mock, and how its answers are
 * checked. Each language has a small hand-written program that calls, through the generated code:
 * - one read in each group (its release's `READ_SETS` entry below) and prints the decoded `id`;
 * - the job-executor list (a polymorphic family), narrowed on `@type` to KubernetesExecutor;
 * - a build, printing whether its nullable `cancellerId` decoded as null;
 * - a pull request whose id is above 2^31 (asked for by that id, answered with it);
 * - Set Title, a raw-text body, sent with the workaround docs/codegen.md gives for that generator.
 * The program prints one JSON object (`ProgramOutput`). The recording proxy in front of the mock
 * keeps every request and answer: the expected values are read from the answers the mock sent,
 * and the raw-text body is checked as the server received it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { OpenAPIObject } from 'openapi3-ts/oas31';
import { ROOT } from '../../scripts/lib/artifacts.js';
import { startMockServer, type MockServer } from '../../scripts/lib/mock/server.js';

type Json = Record<string, any>;

/**
 * The matrix's first generators generate from the reference release's files: OneDev 11.11.4 has
 * every group of the seed, so one read per group never loses its operation when a newer release
 * drops a group. The generators added later generate from the newest release (`NEWEST`), whose
 * operationIds differ (OneDev renamed most methods at v12.0.0): each release has its read set.
 */
export const RELEASE = 'v11.11.4';
export const NEWEST = 'v16.5.6';
export type MatrixRelease = typeof RELEASE | typeof NEWEST;

export interface DescriptionFiles {
  /** OpenAPI 3.1 */
  v31: string;
  /** OpenAPI 3.0.3 */
  v30: string;
  /** OpenAPI 3.1 with every $ref inlined */
  deref: string;
}

export function descriptionFiles(release: MatrixRelease = RELEASE): DescriptionFiles {
  const folder = existsSync(join(ROOT, 'generated/releases', release, 'openapi.json'))
    ? join(ROOT, 'generated/releases', release)
    : join(ROOT, 'generated');
  return { v31: join(folder, 'openapi.json'), v30: join(folder, 'openapi-3.0.json'), deref: join(folder, 'openapi.deref.json') };
}

export const readJson = (path: string): Json => JSON.parse(readFileSync(path, 'utf8')) as Json;

/** One read per group (the Setting group's is the polymorphic executor list, checked on its own). */
export const GROUP_READS: Readonly<Record<string, string>> = {
  'Pull Request': 'pullRequestGetBasicInfo',
  Build: 'buildGetBasicInfo',
  Group: 'groupGetBasicInfo',
  'Label Spec': 'labelSpecGet',
  Role: 'roleGet',
  Package: 'packageGetBasicInfo',
  'Pull Request Comment': 'pullRequestCommentGet',
  'Pull Request Watch': 'pullRequestWatchGet',
  'Issue Watch': 'issueWatchGet',
  Iteration: 'iterationGet',
  'Issue Work': 'issueWorkGet',
  Milestone: 'milestoneGet',
  'Base Authorization': 'baseAuthorizationGet',
  'Pull Request Assignment': 'pullRequestAssignmentGet',
  'Pull Request Review': 'pullRequestReviewGet',
  Membership: 'membershipGet',
  'Issue Link': 'issueLinkGet',
  'Issue Vote': 'issueVoteGet',
  'Ssh Key': 'sshKeyGet',
};
export const SETTING_READ = 'settingGetJobExecutors';

/** What a program of one release reads: one record per group, among them a pull request and a build. */
export interface ReadSet {
  /** group -> operationId of its read */
  reads: Readonly<Record<string, string>>;
  /** The pull request read: asked for by BIG_ID, answered with it. */
  pullRequest: string;
  /** The build read: its `cancellerId` is null. */
  build: string;
}

export const READ_SETS: Readonly<Record<MatrixRelease, ReadSet>> = {
  [RELEASE]: { reads: GROUP_READS, pullRequest: 'pullRequestGetBasicInfo', build: 'buildGetBasicInfo' },
  // The seed's groups v16.5.6 still has (Milestone, Pull Request Assignment and Pull Request
  // Review are gone), the issue read and the current user.
  [NEWEST]: {
    reads: {
      'Pull Request': 'pullRequestGetPullRequest',
      Build: 'buildGetBuild',
      Issue: 'issueGetIssue',
      User: 'userGetMe',
      Group: 'groupGetGroup',
      'Label Spec': 'labelSpecGetSpec',
      Role: 'roleGetRole',
      Package: 'packageGetPack',
      'Pull Request Comment': 'pullRequestCommentGet',
      'Pull Request Watch': 'pullRequestWatchGet',
      'Issue Watch': 'issueWatchGetWatch',
      Iteration: 'iterationGetIteration',
      'Issue Work': 'issueWorkGetWork',
      'Base Authorization': 'baseAuthorizationGetAuthorization',
      Membership: 'membershipGetMembership',
      'Issue Link': 'issueLinkGetLink',
      'Issue Vote': 'issueVoteGetVote',
      'Ssh Key': 'sshKeyGetKey',
    },
    pullRequest: 'pullRequestGetPullRequest',
    build: 'buildGetBuild',
  },
};

/** 2^32 + 42: past int32 and uint32; an exact double, so every language can compare it. */
export const BIG_ID = 4_294_967_338;
/** Quotes, a backslash and non-ASCII: a JSON-quoting client would visibly change every one of them. */
export const RAW_TITLE = 'Fix "quoted" \\path — ünïcode';

/** What each program prints, as JSON, on its last line of output. */
export interface ProgramOutput {
  /** operationId -> decoded `id` */
  reads: Record<string, number>;
  executors: { count: number; firstType: string; kubernetesStorageClass: string };
  buildCancellerIdIsNull: boolean;
  bigPullRequestId: number;
  setTitleStatus: number;
}

function operationsById(doc: Json): Map<string, { path: string; method: string; op: Json }> {
  const out = new Map<string, { path: string; method: string; op: Json }>();
  for (const [path, item] of Object.entries(doc.paths as Json)) {
    for (const [method, op] of Object.entries(item as Json)) {
      if (op && typeof op === 'object' && typeof op.operationId === 'string') out.set(op.operationId, { path, method, op });
    }
  }
  return out;
}

const deref = (doc: Json, node: Json): Json =>
  typeof node?.$ref === 'string'
    ? deref(doc, (node.$ref as string).slice(2).split('/').reduce((at: Json, key: string) => at[key], doc))
    : node;

/** The example the mock answers a 200 read with. */
function answerExample(doc: Json, operationId: string): { name: string | undefined; example: Json } {
  const found = operationsById(doc).get(operationId);
  if (!found) throw new Error(`${operationId} is not in the description`);
  const media = found.op.responses['200'].content['application/json'];
  const first = Object.values(media.examples as Json)[0] as Json;
  const name = typeof first.$ref === 'string' ? (first.$ref as string).split('/').pop() : undefined;
  return { name, example: deref(doc, first) };
}

/**
 * The mock's document: the description, with the pull request example's id raised above 2^31
 * (no example id is that large), so the answer holds one whether the mock answers with the
 * example or with the id asked for. The id is still an int64: the answer stays valid.
 */
export function mockDocument(description: Json, pullRequestRead = READ_SETS[RELEASE].pullRequest): Json {
  const doc = structuredClone(description);
  const { name, example } = answerExample(doc, pullRequestRead);
  if (!name) throw new Error(`${pullRequestRead} answers with an inline example; expected a named one`);
  (example.value as Json).id = BIG_ID;
  return doc;
}

/** The recorded exchange for an operation: the first request whose method and path match it. */
export function exchangeFor(doc: Json, exchanges: readonly Exchange[], operationId: string): Exchange | undefined {
  const found = operationsById(doc).get(operationId);
  if (!found) throw new Error(`${operationId} is not in the description`);
  const pattern = new RegExp(`^/~api${found.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`);
  return exchanges.find((e) => e.method === found.method.toUpperCase() && pattern.test(e.url.split('?')[0]!));
}

/**
 * What a correct program prints, read from the answers the mock actually sent (so the check
 * follows the mock wherever its answers come from: examples, populations or stored records).
 * Throws when an answer lacks what a check needs (a null `cancellerId`, a KubernetesExecutor),
 * so no check passes for want of data.
 */
export function expectedOutput(
  doc: Json,
  exchanges: readonly Exchange[],
  skipped: readonly string[] = [],
  set: ReadSet = READ_SETS[RELEASE],
): ProgramOutput {
  const answer = (operationId: string): any => {
    const exchange = exchangeFor(doc, exchanges, operationId);
    if (!exchange) throw new Error(`the program sent no ${operationId} request`);
    if (exchange.status !== 200) throw new Error(`${operationId}: the mock answered ${exchange.status}: ${exchange.answer.slice(0, 300)}`);
    return JSON.parse(exchange.answer);
  };
  const reads: Record<string, number> = {};
  for (const operationId of Object.values(set.reads)) {
    if (!skipped.includes(operationId)) reads[operationId] = answer(operationId).id;
  }
  const executors = answer(SETTING_READ) as Json[];
  const kubernetes = executors.find((e) => e['@type'] === 'KubernetesExecutor');
  if (!kubernetes) throw new Error('the executor list the mock sent has no KubernetesExecutor');
  const build = answer(set.build) as Json;
  if (build.cancellerId !== null) throw new Error(`the build the mock sent has cancellerId ${build.cancellerId}, not null`);
  return {
    reads,
    executors: { count: executors.length, firstType: executors[0]!['@type'], kubernetesStorageClass: kubernetes.storageClass },
    buildCancellerIdIsNull: true,
    bigPullRequestId: answer(set.pullRequest).id,
    setTitleStatus: 200,
  };
}

/** The groups among `groups` that no read of the set or the Setting read belongs to in `doc`. */
export function uncoveredGroups(doc: Json, groups: readonly string[], reads: Readonly<Record<string, string>> = GROUP_READS): string[] {
  const byId = operationsById(doc);
  const covered = new Set([...Object.values(reads), SETTING_READ].map((id) => byId.get(id)?.op.tags?.[0]));
  return groups.filter((name) => !covered.has(name));
}

/** The last line of a program's output that parses as a JSON object. */
export function parseProgramOutput(stdout: string): ProgramOutput {
  const lines = stdout.trim().split('\n').reverse();
  for (const line of lines) {
    if (!line.trim().startsWith('{')) continue;
    try {
      return JSON.parse(line) as ProgramOutput;
    } catch {
      // not the result line
    }
  }
  throw new Error(`the program printed no JSON result:\n${stdout.slice(-2000)}`);
}

export interface Exchange {
  method: string;
  /** Path and query as sent */
  url: string;
  contentType: string | undefined;
  authorization: string | undefined;
  body: string;
  status: number;
  /** The answer's body as text */
  answer: string;
}

export interface RecordedMock {
  /** `<proxy origin>/~api`: what the programs are given. */
  baseUrl: string;
  exchanges: Exchange[];
  close(): Promise<void>;
}

/**
 * The contract mock behind a recording proxy, both on 127.0.0.1 free ports. The proxy refuses
 * requests past `maxRequests` and stops itself after `lifetimeMs`; close() stops both.
 */
export async function startRecordedMock(
  document: Json,
  options: { maxRequests?: number; lifetimeMs?: number } = {},
): Promise<RecordedMock> {
  const mock: MockServer = await startMockServer({ host: '127.0.0.1', port: 0, document: document as OpenAPIObject });
  const upstream = new URL(mock.origin);
  const exchanges: Exchange[] = [];
  const maxRequests = options.maxRequests ?? 500;
  let seen = 0;
  const proxy: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (++seen > maxRequests) {
        res.writeHead(503, { 'content-type': 'text/plain' }).end('recording proxy: request limit reached');
        return;
      }
      const body = Buffer.concat(chunks);
      const headers = { ...req.headers, host: upstream.host, 'content-length': String(body.length) };
      delete headers['transfer-encoding'];
      const forward = httpRequest(
        { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers },
        (answer) => {
          const out: Buffer[] = [];
          answer.on('data', (c: Buffer) => out.push(c));
          answer.on('end', () => {
            exchanges.push({
              method: req.method ?? '',
              url: req.url ?? '',
              contentType: req.headers['content-type'],
              authorization: req.headers.authorization,
              body: body.toString('utf8'),
              status: answer.statusCode ?? 0,
              answer: Buffer.concat(out).toString('utf8'),
            });
            res.writeHead(answer.statusCode ?? 502, answer.headers).end(Buffer.concat(out));
          });
        },
      );
      forward.on('error', (error) => res.writeHead(502, { 'content-type': 'text/plain' }).end(`recording proxy: ${error.message}`));
      forward.end(body);
    });
  });
  proxy.keepAliveTimeout = 1000;
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const { port } = proxy.address() as AddressInfo;
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    clearTimeout(lifetime);
    await new Promise<void>((resolve) => {
      proxy.closeAllConnections();
      proxy.close(() => resolve());
    });
    await mock.close();
  };
  const lifetime = setTimeout(() => void close(), options.lifetimeMs ?? 30 * 60_000);
  lifetime.unref();
  return { baseUrl: `http://127.0.0.1:${port}/~api`, exchanges, close };
}

/** The Set Title request as the mock saw it. */
export function setTitleExchange(exchanges: readonly Exchange[]): Exchange | undefined {
  return exchanges.find((e) => e.method === 'POST' && e.url.split('?')[0] === `/~api/pulls/${BIG_ID}/title`);
}
