/**
 * The mock's records (scripts/lib/mock/records.ts, state.ts): paged reads serve a generated
 * population with distinct ids, honour offset and count and the server's page limits, and the
 * `"Number" is "..."` queries find exactly one record or none. All derived from the document, so
 * checked on every release's description; the client flows that need it (paging to the end,
 * resolving a number) run against the mock over HTTP.
 */
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenAPIObject, ParameterObject } from 'openapi3-ts/oas31';
import { createOneDevClient } from '../../src/index.js';
import { MockEngine } from '../../scripts/lib/mock/engine.js';
import { operationPlans } from '../../scripts/lib/mock/operations.js';
import { nameMatcher, parseQuery, population, recordModel, RecordSet } from '../../scripts/lib/mock/records.js';
import { startMockServer, type MockServer } from '../../scripts/lib/mock/server.js';
import { createValidator } from '../support/ajv.js';
import { committedDocument, operationsOf, resolveRef, SUPPORTED_RELEASES } from '../helpers.js';

/** How the default release refuses bad query parameters: 406 from OneDev v12.0.9 (400 before). */
const QUERY_REFUSAL = (committedDocument() as unknown as Record<string, unknown>)['x-onedev-query-refusal-status'] as number;
import { ask, basicAuth } from './mock-fixtures.js';

type Rec = Record<string, unknown>;

/**
 * The paged reads, found independently of the mock: GETs with `offset` and `count` query
 * parameters, with the name of the catalogue's count parameter (`countLimitedForNonAdmins`, ...).
 */
function pagedReads(doc: OpenAPIObject): Array<{ path: string; countRef?: string }> {
  return operationsOf(doc)
    .filter(({ method }) => method === 'GET')
    .flatMap(({ path, item, operation }) => {
      const refs = [...(item.parameters ?? []), ...(operation.parameters ?? [])];
      const params = refs.map((p) => resolveRef<ParameterObject>(doc, p));
      const i = params.findIndex((p) => p.in === 'query' && p.name === 'count');
      if (i < 0 || !params.some((p) => p.in === 'query' && p.name === 'offset')) return [];
      return [{ path, countRef: (refs[i] as { $ref?: string }).$ref?.split('/').pop() }];
    });
}

describe.each(SUPPORTED_RELEASES)('records derived from the %s description', (release) => {
  const doc = committedDocument(release);
  const model = recordModel(doc, operationPlans(doc));
  const paged = pagedReads(doc);
  const validator = createValidator(doc);

  it('serves every paged read from a population of its records', () => {
    expect(paged.map((p) => p.path)).toEqual(expect.arrayContaining(['/builds', '/groups', '/label-specs', '/packages', '/pulls', '/roles']));
    for (const { path } of paged) {
      const behaviour = model.behaviours.get(`GET ${path}`);
      expect(behaviour?.type, path).toBe('page');
    }
  });

  it('knows the page limit for non-administrators on exactly the reads whose count says so', () => {
    const limited = paged.filter(({ path }) => {
      const behaviour = model.behaviours.get(`GET ${path}`);
      return behaviour?.type === 'page' && behaviour.nonAdminMaximum === 100;
    });
    const documented = paged.filter((p) => p.countRef === 'countLimitedForNonAdmins');
    expect(limited.map((p) => p.path)).toEqual(documented.map((p) => p.path));
    expect(limited.map((p) => p.path)).toEqual(expect.arrayContaining(['/builds', '/packages', '/pulls']));
  });

  it('generates 250 records a kind, with distinct ids, numbers and names (paths for projects), each valid against its schema', () => {
    for (const kind of model.kinds.filter((k) => k.paged)) {
      const records = population(kind, 250);
      expect(records, kind.name).toHaveLength(250);
      if (kind.properties.has('id')) expect(new Set(records.map((r) => r.id)).size, kind.name).toBe(250);
      if (kind.properties.has('number')) expect(new Set(records.map((r) => r.number)).size, kind.name).toBe(250);
      // Projects go by their paths: a name repeats under other parents (acme/webapp, robin/webapp).
      const distinct = kind.properties.has('path') ? 'path' : 'name';
      if (kind.properties.has(distinct)) expect(new Set(records.map((r) => r[distinct])).size, kind.name).toBe(250);
      const validate = validator.compile({ $ref: kind.ref });
      const invalid = records.filter((r) => !validate(r));
      expect(invalid.length, `${kind.name}: ${JSON.stringify(validate.errors?.slice(0, 2))}`).toBe(0);
    }
  });

  it('answers count records from offset, and an empty page past the end', async () => {
    const engine = new MockEngine(doc, { records: 120 });
    for (const { path: template } of paged) {
      // A paged read under a record (a project's iterations) is asked for with a concrete id.
      const path = template.replace(/\{\w+\}/g, '7');
      const first = (await ask(engine, 'GET', `${path}?offset=0&count=1`)).json() as Rec[];
      expect(first, path).toHaveLength(1);
      const pages: Rec[] = [];
      for (let offset = 0; offset < 200; offset += 50) {
        const page = await ask(engine, 'GET', `${path}?offset=${offset}&count=50`);
        expect(page.status, `${path} ${page.text.slice(0, 200)}`).toBe(200);
        pages.push(...(page.json() as Rec[]));
      }
      expect(pages, path).toHaveLength(120);
      expect(new Set(pages.map((r) => JSON.stringify(r))).size, path).toBe(120);
      expect(pages[0]).toEqual(first[0]);
      expect((await ask(engine, 'GET', `${path}?offset=120&count=10`)).json()).toEqual([]);
    }
  });
});

describe('queries and filters', () => {
  it('reads the number out of "Number" is "path#N" and "KEY-N", and refuses a number without its project', () => {
    expect(parseQuery('"Number" is "acme/webapp#128"')).toEqual({ number: 128 });
    expect(parseQuery('  "number" IS "ACME-7"  ')).toEqual({ number: 7 });
    expect(parseQuery(undefined)).toEqual({ all: true });
    expect(parseQuery('"Status" is "Open"')).toEqual({ all: true });
    expect(parseQuery('"Number" is "128"')).toHaveProperty('error');
    expect(parseQuery('"Number" is "#128"')).toHaveProperty('error');
    expect(parseQuery('"Status" is "Open')).toHaveProperty('error');
  });

  it('matches names case-insensitively, with * for any run of characters and nothing else special', () => {
    expect(nameMatcher('dev*')('Developers')).toBe(true);
    expect(nameMatcher('DEVELOPERS')('developers')).toBe(true);
    expect(nameMatcher('dev')('Developers')).toBe(false);
    expect(nameMatcher('*ers')('Developers')).toBe(true);
    expect(nameMatcher('a.b')('axb')).toBe(false);
  });
});

describe('pages cut from a kept list', () => {
  const doc = committedDocument();
  const kind = recordModel(doc, operationPlans(doc)).kinds.find((k) => k.collectionPath === '/pulls')!;
  const pages = [[0, 10], [0, 0], [3, 1], [240, 20], [249, 1], [250, 5], [400, 10], [0, 250], [17, 100]] as const;

  it('gives the text of joining the page alone, for every offset and count, past the end too', () => {
    const set = new RecordSet(kind, population(kind, 250));
    // The first page asked of a list is joined alone; the list is joined whole when asked again.
    for (const [offset, count] of [...pages, ...pages]) {
      const cut = set.pageText(set.all(), offset, count, true);
      expect(cut.text, `offset ${offset}, count ${count}`).toBe(set.listText(set.all().slice(offset, offset + count)).text);
      expect(JSON.parse(cut.text)).toEqual(JSON.parse(JSON.stringify(set.all().slice(offset, offset + count))));
    }
    // A list that is not kept, and an offset the cut cannot take, are joined as before.
    const odd = set.all().filter((_, i) => i % 3 === 0);
    expect(set.pageText(odd, 5, 7, false).text).toBe(set.listText(odd.slice(5, 12)).text);
    expect(set.pageText(set.all(), 2.5, 4, true).text).toBe(set.listText(set.all().slice(2.5, 6.5)).text);
  });

  it('counts the UTF-8 bytes of every page it cuts or joins, with characters of two, three and four bytes', () => {
    // The count becomes the answer's Content-Length: one byte off and a client reads a cut body or waits.
    const titles = ['plain', 'Ünïcödé', '两个字', 'rocket 🚀', 'mixed é 中 🙂 end', ''];
    const records = population(kind, 40).map((r, i) => ({ ...r, title: titles[i % titles.length]! }));
    const set = new RecordSet(kind, records);
    for (const kept of [true, true, false]) {
      for (let offset = 0; offset <= 41; offset += 1) {
        for (const count of [0, 1, 2, 5, 40]) {
          const cut = set.pageText(set.all(), offset, count, kept);
          expect(cut.bytes, `offset ${offset}, count ${count}, kept ${kept}`).toBe(Buffer.byteLength(cut.text));
        }
      }
    }
    for (const record of set.all().slice(0, 6)) expect(set.itemText(record).bytes).toBe(Buffer.byteLength(set.itemText(record).text));
  });

  it('cuts pages from the records as they are after a change, not as they were joined', () => {
    const set = new RecordSet(kind, population(kind, 250));
    const second = (): unknown => JSON.parse(set.pageText(set.all(), 0, 3, true).text)[1];
    // Asked twice, so that the whole list is joined before each change.
    for (let i = 0; i < 2; i += 1) expect((second() as Rec).title).not.toBe('changed');
    set.put({ ...set.all()[1]!, title: 'changed' });
    for (let i = 0; i < 2; i += 1) expect((second() as Rec).title).toBe('changed');
    const third = set.all()[2]!;
    set.remove(String(set.all()[1]!.id));
    for (let i = 0; i < 2; i += 1) expect(second()).toEqual(JSON.parse(JSON.stringify(third)));
  });
});

describe('answer bodies over HTTP: text with two-, three- and four-byte characters', () => {
  // Bodies rendered ahead carry their Content-Length, and ASCII ones are written a byte a
  // character: a length or an encoding wrong by one character would show here.
  const NAME = 'Zoë Ångström 中文 🚀';
  const doc = committedDocument();
  const examples = doc.components!.examples! as Record<string, { value: Array<Record<string, unknown>> | Record<string, unknown> }>;
  (examples.UserData!.value as Record<string, unknown>).fullName = NAME;
  for (const user of examples.UserDataList!.value as Array<Record<string, unknown>>) user.fullName = NAME;
  let mock: MockServer;
  beforeAll(async () => {
    mock = await startMockServer({ port: 0, document: doc });
  });
  afterAll(async () => {
    await mock?.close();
  });

  /** The raw answer: its declared length, the bytes that came, and their text. */
  const exchange = (path: string): Promise<{ status: number; length: number; bytes: number; text: string }> =>
    new Promise((resolve, reject) => {
      const request = httpRequest(`${mock.baseUrl}${path}`, { headers: { authorization: basicAuth('robin', 'any-token') } }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const body = Buffer.concat(chunks);
          resolve({ status: response.statusCode ?? 0, length: Number(response.headers['content-length']), bytes: body.length, text: body.toString('utf8') });
        });
      });
      request.on('error', reject);
      request.end();
    });

  it('sends the exact UTF-8 bytes with a matching Content-Length: example, record, page, and a page cut from a kept list', async () => {
    const paths = ['/users/987654321', '/users/9', '/users?offset=0&count=7', '/users?offset=2&count=5', '/users?offset=2&count=5', '/users?offset=3&count=1'];
    for (const path of paths) {
      const answer = await exchange(path);
      expect(answer.status, path).toBe(200);
      expect(answer.bytes, path).toBe(answer.length);
      const value = JSON.parse(answer.text) as Rec | Rec[];
      const users = Array.isArray(value) ? value : [value];
      expect(users.length, path).toBeGreaterThan(0);
      expect(users.some((u) => u.fullName === NAME), path).toBe(true);
    }
    // An answer all in ASCII (a page of projects) comes whole too.
    const projects = await exchange('/projects?offset=0&count=100');
    expect(projects.bytes).toBe(projects.length);
    expect(projects.bytes).toBe(projects.text.length);
    expect((JSON.parse(projects.text) as Rec[]).length).toBeGreaterThan(0);
  });
});

describe('paging and queries over HTTP, with the client', () => {
  const doc = committedDocument();
  let mock: MockServer;
  beforeAll(async () => {
    mock = await startMockServer({ port: 0, document: doc });
  });
  afterAll(async () => {
    await mock?.close();
  });

  const client = (user = 'robin'): ReturnType<typeof createOneDevClient> =>
    createOneDevClient({ baseUrl: mock.origin, auth: { user, accessToken: 'any-token' } });
  const get = async (path: string, user = 'robin'): Promise<{ status: number; text: string }> => {
    const response = await fetch(`${mock.baseUrl}${path}`, { headers: { authorization: basicAuth(user, 'any-token') } });
    return { status: response.status, text: await response.text() };
  };

  it('pages to the end with pageSize 1: 250 records, then stops', async () => {
    let seen = 0;
    const ids = new Set<unknown>();
    for await (const pull of client().paginate('/pulls', { pageSize: 1 })) {
      seen += 1;
      ids.add((pull as Rec).id);
      if (seen > 300) break;
    }
    expect(seen).toBe(250);
    expect(ids.size).toBe(250);
  });

  it('resolves a pull request and a build number, in the project that has it, to the one record', async () => {
    // Records are spread over projects: a reference names the record's own project, by path or by key.
    const projectOf = async (record: Rec): Promise<Rec> =>
      JSON.parse((await get(`/projects/${String(record.targetProjectId ?? record.projectId)}`)).text) as Rec;
    const pulls = JSON.parse((await get('/pulls?offset=0&count=100')).text) as Rec[];
    const pull = pulls[57]!;
    const pullProject = await projectOf(pull);
    expect(await client().resolvePullRequestId(`${String(pullProject.path)}#${String(pull.number)}`)).toBe(pull.id);
    const builds = JSON.parse((await get('/builds?offset=100&count=100')).text) as Rec[];
    const keyed = [];
    for (const build of builds) {
      const project = await projectOf(build);
      if (typeof project.key === 'string') keyed.push({ build, key: project.key });
      if (keyed.length > 0) break;
    }
    expect(keyed.length, 'a build in a project with a key').toBe(1);
    expect(await client().resolveBuildId(`${keyed[0]!.key}-${String(keyed[0]!.build.number)}`)).toBe(keyed[0]!.build.id);
    // A number no record has: the query finds none.
    const none = await get(`/pulls?offset=0&count=10&query=${encodeURIComponent(`${String(pullProject.path)}#999999`)}`);
    expect(none).toEqual({ status: 200, text: '[]' });
    // The by-id read agrees with the listing.
    expect(JSON.parse((await get(`/pulls/${String(pull.id)}`)).text)).toEqual(pull);
  });

  it("refuses a reference to a project that does not exist, with the release's own status and words", async () => {
    const refused = await get(`/pulls?offset=0&count=10&query=${encodeURIComponent('no/such/project#128')}`);
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.text).toMatch(/no\/such\/project/);
  });

  it('refuses count over 100 on pulls, builds and packages for non-administrators only; on roles for everyone', async () => {
    for (const path of ['/pulls', '/builds', '/packages']) {
      const refused = await get(`${path}?offset=0&count=101`);
      expect(refused.status, path).toBe(QUERY_REFUSAL);
      expect(refused.text).toMatch(/count must be <= 100 for callers who are not administrators/);
      const admin = await get(`${path}?offset=0&count=101`, 'admin');
      expect(admin.status, path).toBe(200);
      expect(JSON.parse(admin.text), path).toHaveLength(101);
    }
    const bearerAdmin = await fetch(`${mock.baseUrl}/pulls?offset=0&count=150`, { headers: { authorization: 'Bearer admin' } });
    expect(JSON.parse(await bearerAdmin.text())).toHaveLength(150);
    expect((await get('/roles?offset=0&count=101', 'admin')).status).toBe(QUERY_REFUSAL);
    expect(JSON.parse((await get('/groups?offset=0&count=101')).text)).toHaveLength(101);
  });

  it('filters groups, roles and label specs by name', async () => {
    const groups = JSON.parse((await get(`/groups?offset=0&count=1000&name=${encodeURIComponent('dev*')}`)).text) as Rec[];
    expect(groups.length).toBeGreaterThan(10);
    expect(groups.every((g) => /^dev/i.test(String(g.name)))).toBe(true);
    const exact = JSON.parse((await get('/groups?offset=0&count=1000&name=developers')).text) as Rec[];
    expect(exact.map((g) => g.name)).toEqual(['Developers']);
    const id = (await get(`/groups/ids/${encodeURIComponent(String(groups[2]!.name))}`)).text;
    expect(id).toBe(String(groups[2]!.id));
  });
});

describe('the administrators option', () => {
  it('names who may page past the limit', async () => {
    const engine = new MockEngine(committedDocument(), { administrators: ['root'] });
    const as = (user: string) => ask(engine, 'GET', '/pulls?offset=0&count=200', { headers: { authorization: basicAuth(user, 'x') } });
    expect((await as('admin')).status).toBe(QUERY_REFUSAL);
    expect((await as('root')).status).toBe(200);
  });
});

describe('the reference lookup the client sends, at every published release', () => {
  // The client sends the bare reference (`path#N`), the one form every release's query language takes.
  it.each(SUPPORTED_RELEASES)('%s: resolvePullRequestId finds the record by its project path and number', async (release) => {
    const mock = await startMockServer({ port: 0, release, records: 40 });
    try {
      const auth = { authorization: basicAuth('robin', 'any-token') };
      const json = async (path: string): Promise<any> => (await fetch(`${mock.baseUrl}${path}`, { headers: auth })).json();
      const pulls = (await json('/pulls?offset=0&count=40')) as Rec[];
      const pull = pulls[pulls.length - 1]!;
      const project = (await json(`/projects/${String(pull.targetProjectId)}`)) as Rec;
      const onedev = createOneDevClient({ baseUrl: mock.origin, auth: { user: 'robin', accessToken: 'any-token' } });
      expect(await onedev.resolvePullRequestId(`${String(project.path)}#${String(pull.number)}`)).toBe(pull.id);
    } finally {
      await mock.close();
    }
  });
});
