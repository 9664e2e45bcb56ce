/** The matrix's own pieces, on small inputs: expected values, the recording proxy, the Rust preparation. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BIG_ID,
  GROUP_READS,
  NEWEST,
  READ_SETS,
  SETTING_READ,
  descriptionFiles,
  exchangeFor,
  expectedOutput,
  mockDocument,
  parseProgramOutput,
  readJson,
  startRecordedMock,
  type Exchange,
  type RecordedMock,
} from './harness.js';
import { javaObjectSchemas, withUnionsAsAny } from './java/generators.js';
import { withoutDiscriminators } from './toolchain.js';

const description = readJson(descriptionFiles().v31);

const exchange = (url: string, answer: unknown, status = 200): Exchange => ({
  method: 'GET',
  url,
  contentType: undefined,
  authorization: 'Bearer t',
  body: '',
  status,
  answer: JSON.stringify(answer),
});

function answersFor(overrides: Record<string, unknown> = {}): Exchange[] {
  const paths: Record<string, string> = {};
  for (const [path, item] of Object.entries(description.paths as Record<string, any>)) {
    for (const op of Object.values(item as Record<string, any>)) if (op?.operationId) paths[op.operationId] = path;
  }
  const out: Exchange[] = [];
  for (const id of Object.values(GROUP_READS)) {
    const answer = id === 'buildGetBasicInfo' ? { id: 7, cancellerId: null } : { id: id === 'pullRequestGetBasicInfo' ? BIG_ID : 3 };
    out.push(exchange(`/~api${paths[id]!.replace(/\{[^}]+\}/g, '1')}`, overrides[id] ?? answer));
  }
  out.push(exchange('/~api/settings/job-executors', overrides[SETTING_READ] ?? [{ '@type': 'ServerShellExecutor' }, { '@type': 'KubernetesExecutor', storageClass: 'ssd' }]));
  return out;
}

describe('expectedOutput', () => {
  it('reads the expected values from the answers the mock sent', () => {
    const expected = expectedOutput(description, answersFor());
    expect(expected.reads.pullRequestGetBasicInfo).toBe(BIG_ID);
    expect(expected.reads.buildGetBasicInfo).toBe(7);
    expect(expected.executors).toEqual({ count: 2, firstType: 'ServerShellExecutor', kubernetesStorageClass: 'ssd' });
    expect(Object.keys(expected.reads)).toHaveLength(Object.keys(GROUP_READS).length);
  });
  it('leaves out skipped reads', () => {
    expect(expectedOutput(description, answersFor(), ['milestoneGet']).reads).not.toHaveProperty('milestoneGet');
  });
  it('refuses answers that could not exercise a check', () => {
    expect(() => expectedOutput(description, answersFor({ buildGetBasicInfo: { id: 7, cancellerId: 3 } }))).toThrow(/not null/);
    expect(() => expectedOutput(description, answersFor({ [SETTING_READ]: [{ '@type': 'ServerShellExecutor' }] }))).toThrow(/KubernetesExecutor/);
    expect(() => expectedOutput(description, answersFor().filter((e) => !e.url.startsWith('/~api/roles')))).toThrow(/no roleGet request/);
  });
  it('matches a request to its operation by method and path template', () => {
    const list = [exchange('/~api/pulls/5/title', {}), exchange('/~api/pulls/5?x=1', { id: 5 })];
    expect(exchangeFor(description, list, 'pullRequestGetBasicInfo')?.url).toBe('/~api/pulls/5?x=1');
  });
});

describe('mockDocument', () => {
  it('raises the pull request example id above 2^31 and leaves the description alone', () => {
    const doc = mockDocument(description);
    expect(doc.components.examples.PullRequest.value.id).toBe(BIG_ID);
    expect(description.components.examples.PullRequest.value.id).not.toBe(BIG_ID);
  });
});

describe('parseProgramOutput', () => {
  it('takes the last JSON line and ignores log lines', () => {
    expect(parseProgramOutput('starting\n{"a":1}\nwarning: x\n{"reads":{}}\n')).toEqual({ reads: {} });
    expect(() => parseProgramOutput('nothing here')).toThrow(/no JSON result/);
  });
});

describe('withoutDiscriminators', () => {
  it('drops discriminator objects of oneOf families only', () => {
    const doc = {
      components: {
        schemas: {
          Family: { type: 'object', oneOf: [{ $ref: '#/a' }], discriminator: { propertyName: '@type' } },
          Odd: { type: 'object', discriminator: { propertyName: 'kind' } },
        },
      },
    };
    expect(withoutDiscriminators(doc)).toEqual({
      components: { schemas: { Family: { type: 'object', oneOf: [{ $ref: '#/a' }] }, Odd: doc.components.schemas.Odd } },
    });
  });
});

describe('the recording proxy', () => {
  let mock: RecordedMock;
  beforeAll(async () => {
    mock = await startRecordedMock(mockDocument(description), { maxRequests: 3 });
  });
  afterAll(async () => {
    await mock.close();
  });

  it('forwards to the mock and records request and answer, raw body included', async () => {
    const read = await fetch(`${mock.baseUrl}/pulls/${BIG_ID}`, { headers: { authorization: 'Bearer t' } });
    expect(read.status).toBe(200);
    expect((await read.json()).id).toBe(BIG_ID);
    await fetch(`${mock.baseUrl}/pulls/${BIG_ID}/title`, {
      method: 'POST',
      headers: { authorization: 'Bearer t', 'content-type': 'application/json' },
      body: '"quoted"',
    });
    expect(mock.exchanges.map((e) => [e.method, e.url, e.status])).toEqual([
      ['GET', `/~api/pulls/${BIG_ID}`, 200],
      ['POST', `/~api/pulls/${BIG_ID}/title`, 200],
    ]);
    expect(mock.exchanges[1]!.body).toBe('"quoted"');
    expect(JSON.parse(mock.exchanges[0]!.answer).id).toBe(BIG_ID);
  });

  it('refuses requests past its limit', async () => {
    await fetch(`${mock.baseUrl}/pulls/1`, { headers: { authorization: 'Bearer t' } });
    const over = await fetch(`${mock.baseUrl}/pulls/1`, { headers: { authorization: 'Bearer t' } });
    expect(over.status).toBe(503);
  });
});

describe(`the ${NEWEST} read set`, () => {
  const newest = readJson(descriptionFiles(NEWEST).v31);
  const ids = new Set(
    Object.values(newest.paths as Record<string, Record<string, any>>).flatMap((item) =>
      Object.entries(item).filter(([method]) => method === 'get').map(([, op]) => op.operationId as string),
    ),
  );

  it(`names reads that ${NEWEST} has, a pull request and a build among them`, () => {
    const set = READ_SETS[NEWEST];
    expect(Object.values(set.reads).filter((id) => !ids.has(id))).toEqual([]);
    expect(Object.values(set.reads)).toEqual(expect.arrayContaining([set.pullRequest, set.build, 'issueGetIssue', 'userGetMe']));
  });

  it('gives the mock a pull request example above 2^31 for its pull request read', () => {
    const doc = mockDocument(newest, READ_SETS[NEWEST].pullRequest);
    expect(doc.components.examples.PullRequest.value.id).toBe(BIG_ID);
  });
});

describe('javaObjectSchemas', () => {
  it('names the unions with an inline array branch, and only those', () => {
    const doc = {
      components: {
        schemas: {
          Value: { oneOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }] },
          Family: { oneOf: [{ $ref: '#/components/schemas/A' }] },
          List: { type: 'array', items: { type: 'string' } },
        },
      },
    };
    expect(javaObjectSchemas(doc)).toEqual(['Value']);
    expect(withUnionsAsAny({ components: { schemas: { ...doc.components.schemas, Value: { ...doc.components.schemas.Value, description: 'v' } } } }).components.schemas).toMatchObject({
      Value: { description: 'v' },
      Family: doc.components.schemas.Family,
    });
    expect(javaObjectSchemas(readJson(descriptionFiles().v30))).toEqual(['IssueFieldValue']);
  });
});
