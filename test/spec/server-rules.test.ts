/**
 * Rules a running OneDev showed that the schemas alone did not carry (issue 37, items 4-6), held at
 * the releases OneDev's source gives them: the description of each published release says what its
 * server does, a tag either side of a change shows the change, and the recorded requests of a
 * v16.5.6 server (test/fixtures/real-server/v16.5.6/rules.json) are refused or accepted by the
 * v16.5.6 description as that server refused or accepted them.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { OpenAPIObject, OperationObject, ResponseObject, SchemaObject } from 'openapi3-ts/oas31';
import { describe, expect, it } from 'vitest';
import { EXT } from '../../src/extensions.js';
import { requiredWhenOf, requiredWhenViolations } from '../../scripts/lib/mock/required-when.js';
import { compareTags, type OneDevTag } from '../../spec/releases.js';
import { committedDocument, ROOT, SUPPORTED_RELEASES, resolveRef, type SupportedRelease } from '../helpers.js';
import { createValidator } from '../support/ajv.js';
import { tagDocument } from '../support/tag-documents.js';

const REQUIRED_WHEN = EXT.requiredWhen.name;

interface Row {
  line: number;
  operationId: string;
  method: string;
  path: string;
  requestBody: string | null;
  status: number;
  responseBody: string;
}
const rows: Row[] = (JSON.parse(readFileSync(join(ROOT, 'test/fixtures/real-server/v16.5.6/rules.json'), 'utf8')) as { rows: Row[] }).rows;
const row = (line: number): Row => rows.find((r) => r.line === line)!;
const bodyOf = (line: number): Record<string, unknown> => JSON.parse(row(line).requestBody!) as Record<string, unknown>;

const from = (tag: string, since: OneDevTag): boolean => compareTags(tag as OneDevTag, since) >= 0;

const built = new Map<string, OpenAPIObject>();
/** A published release's committed description, or any other tag's, built from the catalogue. */
function documentOf(tag: string): OpenAPIObject {
  if ((SUPPORTED_RELEASES as readonly string[]).includes(tag)) return committedDocument(tag as SupportedRelease);
  let doc = built.get(tag);
  if (!doc) built.set(tag, (doc = tagDocument(tag)));
  return doc;
}
const operation = (doc: OpenAPIObject, method: string, path: string): OperationObject =>
  (doc.paths![path] as Record<string, OperationObject>)[method.toLowerCase()]!;
const response = (doc: OpenAPIObject, method: string, path: string, status: number): ResponseObject | undefined => {
  const answer = operation(doc, method, path).responses?.[String(status)];
  return answer === undefined ? undefined : resolveRef<ResponseObject>(doc, answer);
};
const textExample = (answer: ResponseObject | undefined): unknown => answer?.content?.['text/plain']?.example;
const schemaOf = (doc: OpenAPIObject, name: string): SchemaObject => doc.components!.schemas![name] as SchemaObject;
const bodySchema = (doc: OpenAPIObject, method: string, path: string): unknown =>
  resolveRef<{ content: Record<string, { schema: unknown }> }>(doc, operation(doc, method, path).requestBody).content['application/json']!.schema;
const bodyExample = (doc: OpenAPIObject, method: string, path: string): Record<string, unknown> => {
  const media = resolveRef<{ content: Record<string, { examples: Record<string, unknown> }> }>(doc, operation(doc, method, path).requestBody).content['application/json']!;
  return resolveRef<{ value: Record<string, unknown> }>(doc, Object.values(media.examples)[0]).value;
};
const description = (doc: OpenAPIObject, method: string, path: string): string => operation(doc, method, path).description ?? '';

describe('Create User: which kind of account needs which property (item 4)', () => {
  // UserCreateData's @DependsOn(type=ORDINARY) @NotEmpty password/emailAddress and @DependsOn(type=AI) @NotNull aiSetting, from v15.1.7.
  const RULES = [
    { property: 'type', values: ['ORDINARY'], required: ['password', 'emailAddress'] },
    { property: 'type', values: ['AI'], required: ['aiSetting'] },
  ];

  it.each(['v15.1.6', 'v15.1.7', 'v15.1.8', 'v16.5.6', 'v14.1.9'])('%s: the rules are on the body schema exactly from v15.1.7', (tag) => {
    const doc = documentOf(tag);
    const schema = schemaOf(doc, 'UserCreateData');
    if (from(tag, 'v15.1.7')) {
      expect(schema[REQUIRED_WHEN]).toEqual(RULES);
      expect(schema.required).toEqual(['type', 'name']);
      expect((schema.properties!.password as SchemaObject).description).toContain('Required when `type` is `ORDINARY`');
      expect(description(doc, 'POST', '/users')).toContain('a service account needs neither');
    } else {
      // Before, validation asked for a password and an email address whatever the kind.
      expect(schema[REQUIRED_WHEN]).toBeUndefined();
      expect(schema.required).toEqual(expect.arrayContaining(['password', 'emailAddress']));
    }
  });

  it('the recorded bodies: refused ones break a rule and get the documented validation status, accepted ones break none', () => {
    const doc = documentOf('v16.5.6');
    const rules = requiredWhenOf(doc, bodySchema(doc, 'POST', '/users'));
    const validate = createValidator(doc).compile(bodySchema(doc, 'POST', '/users'));
    const missing = (line: number) => requiredWhenViolations(rules, bodyOf(line)).map((v) => v.path![1]);
    expect(missing(29)).toEqual(['password', 'emailAddress']);
    expect(missing(33)).toEqual(['emailAddress']);
    for (const line of [29, 33]) {
      expect(row(line).status).toBe(400);
      // Each property the server named is one the rules name.
      for (const name of missing(line)) expect(row(line).responseBody).toContain(`createUser.arg0.${name}: must not be empty`);
      expect(operation(doc, 'POST', '/users').responses!['400']).toEqual({ $ref: '#/components/responses/BadRequestOrInvalid' });
    }
    for (const line of [26, 30]) {
      expect(row(line).status).toBe(200);
      expect(validate(bodyOf(line))).toBe(true);
      expect(missing(line)).toEqual([]);
    }
    // Line 31 (no `type`) fails on the server: the schema requires the kind.
    expect(validate(bodyOf(31))).toBe(false);
    // A service account needs neither a password nor an email address; an AI account needs its setting.
    expect(requiredWhenViolations(rules, { type: 'SERVICE', name: 'svc-bot' })).toEqual([]);
    expect(requiredWhenViolations(rules, { type: 'AI', name: 'helper' }).map((v) => v.path![1])).toEqual(['aiSetting']);
    expect(requiredWhenViolations(rules, { type: 'ORDINARY', name: 'x', password: '', emailAddress: 'x@example.com' }).map((v) => v.path![1])).toEqual(['password']);
  });
});

describe('Transit State to a state no setting defines (item 4)', () => {
  const PATH = '/issues/{issueId}/state-transitions';

  it.each(SUPPORTED_RELEASES)('%s says so', (release) => {
    const doc = documentOf(release);
    expect(description(doc, 'POST', PATH)).toContain('`Undefined state: <state>`');
    const answer = response(doc, 'POST', PATH, 500);
    // From v13.0.7 a failed check no longer answers 500, so the status can carry the server's own words.
    if (from(release, 'v13.0.7')) expect(textExample(answer)).toBe('Undefined state: Nowhere');
    else expect(operation(doc, 'POST', PATH).responses!['500']).toEqual({ $ref: '#/components/responses/InternalServerErrorOrInvalid' });
  });

  it('the recorded answer is the documented 500 with its message', () => {
    expect(row(229)).toMatchObject({ status: 500, responseBody: 'Undefined state: Nowhere' });
    expect(textExample(response(documentOf('v16.5.6'), 'POST', PATH, 500))).toBe(row(229).responseBody);
    expect(response(documentOf('v13.0.7'), 'POST', PATH, 500)?.description).toContain('not one the issue settings define');
    expect(textExample(response(documentOf('v13.0.6'), 'POST', PATH, 500))).not.toBe('Undefined state: Nowhere');
  });
});

describe('Create Comment with an empty content (item 4)', () => {
  it.each(SUPPORTED_RELEASES)('%s documents the 500', (release) => {
    const doc = documentOf(release);
    expect(description(doc, 'POST', '/issue-comments')).toContain('as does an empty `content`');
    const answer = response(doc, 'POST', '/issue-comments', 500);
    expect(answer?.description).toContain('`content` is empty');
    expect(textExample(answer)).toBe('Server Error');
  });

  it('the recorded answer is that 500', () => {
    expect(bodyOf(239).content).toBe('');
    expect(row(239)).toMatchObject({ status: 500, responseBody: textExample(response(documentOf('v16.5.6'), 'POST', '/issue-comments', 500)) });
  });
});

describe('Set Issue Setting refuses every board from v13.0.5 (item 4)', () => {
  it.each(['v13.0.4', 'v13.0.5', ...SUPPORTED_RELEASES])('%s', (tag) => {
    const doc = documentOf(tag);
    const boards = (schemaOf(doc, 'GlobalIssueSetting').properties!.boardSpecs as SchemaObject).description!;
    const example = bodyExample(doc, 'POST', '/settings/issue');
    if (from(tag, 'v13.0.5')) {
      expect(boards).toContain('At least two columns need to be defined');
      expect(description(doc, 'POST', '/settings/issue')).toContain('cannot be posted back unchanged');
      expect(example.boardSpecs).toEqual([]);
      expect(createValidator(doc).compile(bodySchema(doc, 'POST', '/settings/issue'))(example)).toBe(true);
    } else {
      expect(boards).not.toContain('At least two columns');
      expect(description(doc, 'POST', '/settings/issue')).not.toContain('cannot be posted back unchanged');
      // Before v13.0.5 nothing checks the body: the fresh value, board included, can be saved.
      if (from(tag, 'v12.0.0')) expect((example.boardSpecs as unknown[]).length).toBe(1);
    }
  });

  it('the recorded round trip of the fresh value holds a board and was refused with the documented validation status', () => {
    const sent = bodyOf(442);
    expect((sent.boardSpecs as unknown[]).length).toBe(1);
    expect(row(442).status).toBe(400);
    expect(row(442).responseBody).toBe('setIssueSetting.arg0.boardSpecs[0].editColumns: At least two columns need to be defined');
    expect(operation(documentOf('v16.5.6'), 'POST', '/settings/issue').responses!['400']).toEqual({ $ref: '#/components/responses/BadRequestOrInvalid' });
  });
});

describe('Update Setting of a project and its boards (item 4)', () => {
  const PATH = '/projects/{projectId}/setting';
  const boardsOf = (doc: OpenAPIObject): unknown => (bodyExample(doc, 'POST', PATH).issueSetting as Record<string, unknown>).boardSpecs;

  it.each(['v13.0.4', 'v13.0.5', 'v13.1.0', 'v13.1.1', ...SUPPORTED_RELEASES])('%s: what the body example sends as boards, and the 500', (tag) => {
    const doc = documentOf(tag);
    const checksBoards = from(tag, 'v13.0.5') && !from(tag, 'v13.1.1');
    // v13.0.5 until v13.1.1 the checks refuse a project's own boards; from v13.1.1 null boards fail.
    if (checksBoards) expect(boardsOf(doc)).toBeNull();
    else if (from(tag, 'v12.0.0')) expect(Array.isArray(boardsOf(doc))).toBe(true);
    expect(description(doc, 'POST', PATH).includes('`issueSetting.boardSpecs[0].editColumns: At least two columns')).toBe(checksBoards);
    const answer = response(doc, 'POST', PATH, 500);
    if (from(tag, 'v13.1.1')) {
      expect(textExample(answer)).toBe('issueSetting.boardSpecs[0].editColumns: At least two columns need to be defined');
      expect(answer?.description).toContain('`issueSetting.boardSpecs` is null');
    } else {
      expect(operation(doc, 'POST', PATH).responses!['500']).toEqual({ $ref: '#/components/responses/InternalServerError' });
    }
  });

  it('the recorded round trip of an inheriting project sends null boards and gets the documented 500', () => {
    expect((bodyOf(464).issueSetting as Record<string, unknown>).boardSpecs).toBeNull();
    expect(row(464)).toMatchObject({ status: 500, responseBody: 'Server Error' });
    expect(response(documentOf('v16.5.6'), 'POST', PATH, 500)?.description).toContain('the body is then `Server Error`');
  });
});

/** A value as a description writes it between backticks: JSON, or else text. */
function jsonOrText(written: string): unknown {
  try {
    return JSON.parse(written);
  } catch {
    return written;
  }
}

describe('Set System Setting and Set Security Setting take partial bodies (item 5)', () => {
  it.each(SUPPORTED_RELEASES)('%s: only serverUrl is required', (release) => {
    const doc = documentOf(release);
    expect(schemaOf(doc, 'SystemSetting').required).toEqual(['serverUrl']);
    expect(schemaOf(doc, 'SecuritySetting').required).toBeUndefined();
    const system = createValidator(doc).compile({ $ref: '#/components/schemas/SystemSetting' });
    expect(system({})).toBe(false);
    expect(system({ serverUrl: 'http://127.0.0.1:6610' })).toBe(true);
    expect((schemaOf(doc, 'SecuritySetting').properties!.enableSelfRegister as SchemaObject).description).toContain('Left out of a request, it becomes `true` (not false)');
  });

  it('the recorded partial bodies are valid, and what was read back says what the left-out properties became', () => {
    const doc = documentOf('v16.5.6');
    const validator = createValidator(doc);
    for (const [set, get, name] of [[452, 453, 'SystemSetting'], [455, 456, 'SecuritySetting']] as const) {
      expect(row(set).status).toBe(200);
      expect(validator.compile({ $ref: `#/components/schemas/${name}` })(bodyOf(set))).toBe(true);
      const read = JSON.parse(row(get).responseBody) as Record<string, unknown>;
      const properties = schemaOf(doc, name).properties as Record<string, SchemaObject>;
      for (const [property, value] of Object.entries(read)) {
        if (property in bodyOf(set)) continue;
        // Each property left out reads back as the value its description says it becomes.
        const said = /Left out of a request, it becomes `([^`]+)`/.exec(properties[property]!.description!)?.[1];
        expect(said, `${name}.${property}`).toBeDefined();
        expect(jsonOrText(said!), `${name}.${property}`).toEqual(value);
      }
    }
    // Sent as null, the CORS list is refused from v13.0.5 (`@NotNull`): the schema does not allow it.
    expect(validator.compile({ $ref: '#/components/schemas/SecuritySetting' })({ corsAllowedOrigins: null })).toBe(false);
  });
});

describe('500s a read can provoke (item 6)', () => {
  it.each(SUPPORTED_RELEASES)('%s documents them', (release) => {
    const doc = documentOf(release);
    for (const path of ['/groups', '/label-specs']) {
      expect(description(doc, 'GET', path)).toContain('A negative `offset` or `count` is not refused but fails on the server (500).');
      expect(response(doc, 'GET', path, 500)?.description).toContain('negative `offset` or `count`');
      const offset = operation(doc, 'GET', path).parameters!.map((p) => resolveRef<{ name: string; schema: SchemaObject }>(doc, p)).find((p) => p.name === 'offset')!;
      expect(offset.schema.minimum).toBe(0);
    }
    expect(response(doc, 'GET', '/projects/{projectId}/iterations', 500)?.description).toContain('`startBefore`');
    const contributors = response(doc, 'GET', '/projects/{projectId}/top-contributors', 500);
    expect(textExample(contributors)).toBe('Active server not found for project id: 999');
    expect(description(doc, 'GET', '/projects/{projectId}/top-contributors')).toContain('fails with 500 (`Active server not found');
    expect(response(doc, 'GET', '/artifacts/{buildId}/contents/{artifactPath}', 500)?.description).toContain('names no file');
    // `/projects?count=0&count=x` answered 200 `[]`: JAX-RS converts the first value only.
    for (const name of ['offset', 'count']) {
      const param = operation(doc, 'GET', '/projects').parameters!.map((p) => resolveRef<{ name: string; description: string }>(doc, p)).find((p) => p.name === name)!;
      expect(param.description).toContain('Sent more than once, only the first value is read');
    }
  });
});
