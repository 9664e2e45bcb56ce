/**
 * The transcript checker (scripts/lib/transcript/check.ts) on small hand-made entries against the
 * committed v16.5.6 description: each rule reports what breaks it, names the entry's line and
 * operation, and passes what keeps it.
 */
import type { OpenAPIObject } from 'openapi3-ts/oas31';
import { describe, expect, it } from 'vitest';
import { checkTranscript, formatProblems } from '../../scripts/lib/transcript/check.js';
import { TRANSCRIPT_BODY_LIMIT, type TranscriptEntry } from '../../scripts/lib/transcript/format.js';
import { committedDocument } from '../helpers.js';

const doc = committedDocument('v16.5.6');

/** An entry with what a plain read answered by 200 has; `fields` says the rest. */
function entry(fields: Partial<TranscriptEntry> & Pick<TranscriptEntry, 'operationId' | 'method' | 'path'>): TranscriptEntry {
  return { requestHeaders: {}, requestBody: null, status: 200, responseContentType: null, responseBody: null, note: '', ...fields };
}

const json = { 'content-type': 'application/json' };
const me = JSON.stringify({ id: 1, disabled: false, type: 'ORDINARY', name: 'admin', fullName: null, notifyOwnEvents: false, aiSetting: null });
const getMe = entry({ operationId: 'userGetMe', method: 'GET', path: '/users/me', responseContentType: 'application/json', responseBody: me });
const newUser = JSON.stringify({ type: 'ORDINARY', name: 'dana', password: 'REDACTED-PASSWORD', emailAddress: 'dana@example.com' });
const createUser = (body: string | null, status = 200, headers: Record<string, string> = json) =>
  entry({
    operationId: 'userCreateUser', method: 'POST', path: '/users', requestHeaders: body === null ? {} : headers, requestBody: body, status,
    responseContentType: status === 200 ? 'application/json' : 'text/plain', responseBody: status === 200 ? '7' : 'refused',
  });

/** The problems of one entry, as text. */
const problemsOf = (one: TranscriptEntry, against: OpenAPIObject = doc): string[] => checkTranscript([one], against).map((p) => p.problem);

describe('checkTranscript', () => {
  it('passes answers and requests that agree: JSON, raw text, a text/plain error, an empty answer, bytes, a query, a multi-segment path', () => {
    const agreeing: TranscriptEntry[] = [
      getMe,
      entry({ operationId: 'versionGetServerVersion', method: 'GET', path: '/version/server', responseContentType: 'application/json', responseBody: '16.5.6' }),
      entry({ operationId: 'userGetMe', method: 'GET', path: '/users/me', status: 401, responseContentType: 'text/plain', responseBody: 'Not authenticated' }),
      entry({ operationId: 'userDeleteUser', method: 'DELETE', path: '/users/5' }),
      entry({ operationId: 'buildLogStreamDownloadLog', method: 'GET', path: '/streaming/build-logs/2', responseContentType: 'application/octet-stream', responseBody: '\u0000\u0001{ not json' }),
      entry({ operationId: 'roleQueryRoles', method: 'GET', path: '/roles?offset=0&count=100', responseContentType: 'application/json', responseBody: '[]' }),
      entry({ operationId: 'repositoryGetFile', method: 'GET', path: '/repositories/3/files/main/docs/CHANGES', status: 404, responseContentType: 'text/plain', responseBody: 'No such file' }),
      createUser(newUser),
      entry({ operationId: 'pullRequestSetTitle', method: 'POST', path: '/pulls/1/title', requestHeaders: json, requestBody: 'A "title", not JSON' }),
      entry({ operationId: 'issueUploadAttachment', method: 'POST', path: '/issues/1/attachments/a.png', requestHeaders: { 'content-type': 'application/octet-stream' }, requestBody: '\u0089PNG', responseContentType: 'application/json', responseBody: '/~downloads/projects/3/attachments/x/a.png' }),
    ];
    const problems = checkTranscript(agreeing, doc);
    expect(problems, formatProblems(problems)).toEqual([]);
  });

  it('names the line (1-based) and the operation of each problem', () => {
    const problems = checkTranscript([getMe, { ...getMe, status: 418 }, getMe, { ...getMe, status: 204 }], doc);
    expect(problems.map((p) => [p.line, p.operationId])).toEqual([[2, 'userGetMe'], [4, 'userGetMe']]);
    expect(formatProblems(problems)).toMatch(/^line 2 \(userGetMe\): status 418 is not documented; documented: 200, 400, 401, 406, 500\nline 4 \(userGetMe\): /);
  });

  describe('the operation', () => {
    it('must be one of the description', () => {
      expect(problemsOf({ ...getMe, operationId: 'userGetMyself' })).toEqual(['the description has no operation userGetMyself']);
    });

    it('must have the method and a path matching its template (query left out)', () => {
      expect(problemsOf({ ...getMe, method: 'POST' })).toEqual(['sent as POST, but userGetMe is GET /users/me']);
      expect(problemsOf({ ...getMe, path: '/users/me/extra?x=1' })).toEqual(["path /users/me/extra does not match userGetMe's template /users/me"]);
    });

    it('matches one segment for a path parameter, several only for an x-multi-segment one', () => {
      const user = entry({ operationId: 'userDeleteUser', method: 'DELETE', path: '/users/5/6' });
      expect(problemsOf(user)).toEqual(["path /users/5/6 does not match userDeleteUser's template /users/{userId}"]);
      const file = entry({ operationId: 'repositoryGetFile', method: 'GET', path: '/repositories/3/files/main/a/b/c', status: 404, responseContentType: 'text/plain', responseBody: '' });
      expect(problemsOf(file)).toEqual([]);
      expect(problemsOf({ ...file, path: '/repositories/3/files' })).toHaveLength(1);
    });

    it('null: the request must be for no operation of the description', () => {
      expect(problemsOf({ ...getMe, operationId: null, path: '/not-an-endpoint' })).toEqual([]);
      expect(problemsOf({ ...getMe, operationId: null })).toEqual(['names no operation, but GET /users/me is userGetMe (GET /users/me)']);
    });
  });

  describe('the status', () => {
    it('must be an explicit response code of the operation', () => {
      expect(problemsOf({ ...getMe, status: 404 })).toEqual(['status 404 is not documented; documented: 200, 400, 401, 406, 500']);
    });

    it('is not documented by `default`, and the problem says `default` would cover it', () => {
      const withDefault = structuredClone(doc);
      withDefault.paths!['/users/me']!.get!.responses!.default = { description: 'Anything else.' };
      expect(problemsOf({ ...getMe, status: 404 }, withDefault)).toEqual(['status 404 is not documented (only `default` would cover it); documented: 200, 400, 401, 406, 500, default']);
    });
  });

  describe('the media type', () => {
    it('must be the documented one for the status', () => {
      expect(problemsOf({ ...getMe, responseContentType: 'text/plain' })).toEqual(['status 200 is documented as application/json, but the answer is text/plain']);
      const error = entry({ operationId: 'userGetMe', method: 'GET', path: '/users/me', status: 401, responseContentType: 'application/json', responseBody: '"no"' });
      expect(problemsOf(error)).toEqual(['status 401 is documented as text/plain, but the answer is application/json']);
    });

    it('an empty answer with no Content-Type matches only an empty response', () => {
      expect(problemsOf({ ...getMe, responseContentType: null, responseBody: null })).toEqual(['status 200 is documented as application/json, but the answer is empty, with no Content-Type']);
      const deleted = entry({ operationId: 'userDeleteUser', method: 'DELETE', path: '/users/5' });
      expect(problemsOf({ ...deleted, responseContentType: 'application/json', responseBody: '{}' })).toEqual(['status 200 is documented with an empty body, but the answer is application/json (2 characters)']);
    });
  });

  describe('the body', () => {
    it('must validate against the documented schema', () => {
      const problems = problemsOf({ ...getMe, responseBody: JSON.stringify({ ...JSON.parse(me), id: 'one' }) });
      expect(problems).toEqual(['the 200 answer does not validate against its schema: /id must be integer']);
    });

    it('application/json is parsed as JSON, except a raw-text answer, which is the text itself', () => {
      expect(problemsOf({ ...getMe, responseBody: '{"id": 1' })[0]).toMatch(/^the 200 answer is not JSON \(/);
      const version = entry({ operationId: 'versionGetServerVersion', method: 'GET', path: '/version/server', responseContentType: 'application/json', responseBody: '16.5.6' });
      expect(problemsOf(version)).toEqual([]);
      expect(problemsOf({ ...version, responseBody: '"16.5.6"' })).toEqual([]);
    });

    it('a text/plain error is the text, validated as a string; bytes are not read', () => {
      const error = entry({ operationId: 'userGetMe', method: 'GET', path: '/users/me', status: 401, responseContentType: 'text/plain', responseBody: '42' });
      expect(problemsOf(error)).toEqual([]);
      expect(problemsOf({ ...error, responseBody: '{"not": "json"' })).toEqual([]);
      const shortErrors = structuredClone(doc);
      (shortErrors.components!.schemas!.ErrorMessage as { maxLength?: number }).maxLength = 2;
      expect(problemsOf({ ...error, responseBody: 'Not authenticated' }, shortErrors)).toEqual(['the 401 answer does not validate against its schema: / must NOT have more than 2 characters']);
      const log = entry({ operationId: 'buildLogStreamDownloadLog', method: 'GET', path: '/streaming/build-logs/2', responseContentType: 'application/octet-stream', responseBody: '{' });
      expect(problemsOf(log)).toEqual([]);
    });

    it('a body cut at the recorder\'s limit is not schema-checked, and said to be cut only beside another problem', () => {
      const cut = { ...getMe, responseBody: `[${' '.repeat(TRANSCRIPT_BODY_LIMIT - 1)}` };
      expect(cut.responseBody).toHaveLength(TRANSCRIPT_BODY_LIMIT);
      expect(problemsOf(cut)).toEqual([]);
      expect(problemsOf({ ...cut, responseBody: cut.responseBody.slice(0, TRANSCRIPT_BODY_LIMIT - 1) })[0]).toMatch(/not JSON/);
      expect(problemsOf({ ...cut, status: 404 })).toEqual([
        `status 404 is not documented; documented: 200, 400, 401, 406, 500 (the recorded body is cut at ${TRANSCRIPT_BODY_LIMIT} characters, so it was not schema-checked)`,
      ]);
    });
  });

  describe('a request the server accepted', () => {
    it('had a body valid against the operation\'s request schema', () => {
      const invalid = JSON.stringify({ type: 'PERSON', name: 'dana' });
      expect(problemsOf(createUser(invalid))).toEqual([
        'the server accepted (200) a request the description refuses: Request body property type must be equal to one of the allowed values: ORDINARY, SERVICE, AI',
      ]);
      expect(problemsOf(createUser('{"type": "ORDINARY",'))[0]).toMatch(/^the server accepted \(200\) a request the description refuses: the body is not JSON/);
    });

    it('had the media type the operation takes', () => {
      expect(problemsOf(createUser(newUser, 200, { 'content-type': 'text/plain' }))).toEqual([
        'the server accepted (200) a request the description refuses: the body was sent as text/plain; the operation takes application/json',
      ]);
      expect(problemsOf(createUser(newUser, 200, {}))).toEqual([
        'the server accepted (200) a request the description refuses: the body was sent without a Content-Type; the operation takes application/json',
      ]);
    });

    it('had a body when the operation requires one, and none when it takes none', () => {
      expect(problemsOf(createUser(null))).toEqual(['the server accepted (200) a request the description refuses: the operation requires a body, and none was sent']);
      const remove = entry({ operationId: 'userDeleteUser', method: 'DELETE', path: '/users/3', requestHeaders: json, requestBody: '{}' });
      expect(problemsOf(remove)).toEqual(['the server accepted (200) a request the description refuses: the operation takes no body, yet one was sent']);
      expect(problemsOf({ ...remove, requestHeaders: {}, requestBody: null })).toEqual([]);
    });
  });

  describe('a request the server refused', () => {
    it('passes when the description refuses its body too, whatever the status', () => {
      expect(problemsOf(createUser(JSON.stringify({ name: 'dana' }), 400))).toEqual([]);
      expect(problemsOf(createUser(null, 409))).toEqual(['status 409 is not documented; documented: 200, 400, 401, 403, 406, 415, 500']);
    });

    it('passes when the description accepts its body and documents the status', () => {
      expect(problemsOf(createUser(newUser, 400))).toEqual([]);
    });

    it('fails when the description accepts its body and the status is not documented', () => {
      expect(problemsOf(createUser(newUser, 409))).toEqual([
        'status 409 is not documented; documented: 200, 400, 401, 403, 406, 415, 500',
        'the server refused (409) a request body the description accepts, with a status the description does not document',
      ]);
    });

    it('says nothing of a body where the operation takes none and none was sent', () => {
      const remove = entry({ operationId: 'userDeleteUser', method: 'DELETE', path: '/users/3', status: 409, responseContentType: 'text/plain', responseBody: 'Conflict' });
      expect(problemsOf(remove)).toEqual(['status 409 is not documented; documented: 200, 400, 401, 403, 404, 406, 500']);
    });
  });
});
