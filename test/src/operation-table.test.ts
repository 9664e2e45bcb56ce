/** operationTableOf and the check of a table given to the client (src/operation-table.ts). */
import { describe, expect, it } from 'vitest';
import { createOneDevClient, operationTableOf, releaseOperationTable } from '../../src/index.js';
import { checkOperationTable, readOperations } from '../../src/operation-table.js';
import { committedDocument } from '../helpers.js';

/** A small description, written for the test: one raw-text write, one paged read, one upload, one download. */
function tiny(): Record<string, any> {
  return {
    openapi: '3.1.0',
    info: { title: 't', version: '1' },
    paths: {
      '/notes/{noteId}/text': {
        post: {
          operationId: 'noteSetText',
          tags: ['Note'],
          parameters: [{ $ref: '#/components/parameters/noteId' }],
          requestBody: { $ref: '#/components/requestBodies/text' },
          responses: { '200': { description: 'ok' } },
        },
      },
      '/notes': {
        // Path-level parameters count for each operation of the path.
        parameters: [{ name: 'offset', in: 'query', required: true, schema: { type: 'integer' } }],
        get: {
          operationId: 'noteQuery',
          tags: ['Note'],
          parameters: [{ name: 'count', in: 'query', required: true, schema: { type: 'integer' } }],
          responses: { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'array' } } } } },
        },
      },
      '/files/{path}': {
        post: {
          operationId: 'fileUpload',
          tags: ['File'],
          parameters: [{ name: 'path', in: 'path', required: true, 'x-multi-segment': true, schema: { type: 'string' } }],
          requestBody: { content: { 'application/octet-stream': { schema: { type: 'string' } } } },
          responses: { '200': { description: 'ok', 'x-onedev-raw-text': true, content: { 'application/json': { schema: { type: 'string' } } } } },
        },
        get: {
          operationId: 'fileDownload',
          tags: ['File'],
          parameters: [{ name: 'path', in: 'path', required: true, 'x-multi-segment': true, schema: { type: 'string' } }],
          responses: { '200': { description: 'ok', content: { 'application/octet-stream': { schema: { type: 'string' } } } } },
        },
      },
    },
    components: {
      parameters: { noteId: { name: 'noteId', in: 'path', required: true, schema: { type: 'integer' } } },
      requestBodies: { text: { 'x-onedev-raw-text': true, content: { 'application/json': { schema: { type: 'string' } } } } },
    },
  };
}

describe('operationTableOf', () => {
  it('reads every fact the client needs, following $refs and path-level parameters', () => {
    expect(operationTableOf(tiny())).toEqual({
      noteSetText: { method: 'POST', path: '/notes/{noteId}/text', tag: 'Note', rawText: true, rawTextResponse: false, binaryBody: false, binaryResponse: false, multiSegment: [], paged: false },
      noteQuery: { method: 'GET', path: '/notes', tag: 'Note', rawText: false, rawTextResponse: false, binaryBody: false, binaryResponse: false, multiSegment: [], paged: true },
      fileDownload: { method: 'GET', path: '/files/{path}', tag: 'File', rawText: false, rawTextResponse: false, binaryBody: false, binaryResponse: true, multiSegment: ['path'], paged: false },
      fileUpload: { method: 'POST', path: '/files/{path}', tag: 'File', rawText: false, rawTextResponse: true, binaryBody: true, binaryResponse: false, multiSegment: ['path'], paged: false },
    });
  });

  it('refuses what is not a description, saying what it needs', () => {
    for (const value of [undefined, null, 'openapi.json', [], { openapi: '3.1.0' }, { paths: {} }]) {
      expect(() => operationTableOf(value)).toThrow(/operationTableOf needs an OpenAPI description \(parsed JSON with `openapi` and `paths`\)/);
    }
  });

  it('names each operation the client could not call: no operationId, a repeated one, no tag, a raw-text body not labelled JSON', () => {
    const doc = tiny();
    delete doc.paths['/notes'].get.operationId;
    doc.paths['/files/{path}'].get.operationId = 'fileUpload';
    doc.paths['/files/{path}'].post.tags = [];
    doc.components.requestBodies.text.content = { 'text/plain': {} };
    expect(readOperations(doc).problems).toEqual([
      'POST /notes/{noteId}/text: a raw-text body must be declared as application/json, as OneDev reads it',
      'GET /notes: no operationId, the client cannot name it',
      // Operations of a path are read in the specification's order: get before post.
      'POST /files/{path}: operationId fileUpload is also GET /files/{path}',
      'POST /files/{path}: no tag',
    ]);
    expect(() => operationTableOf(doc)).toThrow(/cannot call:\n {2}POST \/notes\/\{noteId\}\/text: a raw-text body[\s\S]*POST \/files\/\{path\}: operationId fileUpload is also/);
  });

  it("reads the published descriptions as the build does (v14.1.9's has Get Pull Request Review, v16.5.6's does not)", () => {
    const v14 = operationTableOf(committedDocument('v14.1.9'));
    expect(v14).toEqual(releaseOperationTable('v14.1.9'));
    expect(Object.values(v14).some((o) => o.method === 'GET' && o.path === '/pull-request-reviews/{reviewId}')).toBe(true);
    expect(Object.values(releaseOperationTable('v16.5.6')).some((o) => o.path === '/pull-request-reviews/{reviewId}')).toBe(false);
  });
});

describe('a table given to the client', () => {
  const good = operationTableOf(tiny());

  it('is accepted as operationTableOf returns it, and after a JSON round trip', () => {
    expect(checkOperationTable(good)).toBe(good);
    expect(checkOperationTable(JSON.parse(JSON.stringify(good)))).toEqual(good);
  });

  it.each([
    ['not an object', [], /operations must be an operation table by operationId/],
    ['empty', {}, /operations must be an operation table by operationId/],
    ['an entry that is not an object', { a: 1 }, /operations\.a is not an object/],
    ['an unknown method', { a: { ...good.noteQuery, method: 'FETCH' } }, /operations\.a has no HTTP method/],
    ['a path not starting with /', { a: { ...good.noteQuery, path: 'notes' } }, /operations\.a has no path template starting with \//],
    ['a flag that is not a boolean', { a: { ...good.noteQuery, rawText: 'yes' } }, /operations\.a has no boolean rawText/],
    ['no multiSegment list', { a: { ...good.noteQuery, multiSegment: undefined } }, /operations\.a has no multiSegment list/],
  ])('refuses %s, naming the fault', (_what, table, message) => {
    expect(() => checkOperationTable(table)).toThrow(message);
    expect(() => createOneDevClient<object>({ baseUrl: 'http://127.0.0.1:9', operations: table as never })).toThrow(message);
  });
});
