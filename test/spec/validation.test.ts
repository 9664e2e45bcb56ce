/**
 * Refusals by validation (issue 16, items 3, 6 and 16): operations name the validation failure,
 * never a release's status for it; each release answers it with its own status (Jersey's mapper
 * until v13.0.7, OneDev's 406 until v15.1.0, 400 from v15.1.0), labelled `application/json`
 * although OneDev's mapper writes bare text.
 */
import { describe, expect, it } from 'vitest';
import type { OpenAPIObject, ParameterObject, ResponseObject } from 'openapi3-ts/oas31';
import { createValidator } from '../support/ajv.js';
import { committedDocument, operationsOf, resolveRef, SUPPORTED_RELEASES } from '../helpers.js';
import { tagDocument } from '../support/tag-documents.js';

const built = new Map<string, OpenAPIObject>();
const docAt = (tag: string) => built.get(tag) ?? built.set(tag, tagDocument(tag)).get(tag)!;
const refOf = (doc: OpenAPIObject, path: string, method: string, status: string) =>
  ((doc.paths![path] as Record<string, { responses: Record<string, { $ref?: string }> }>)[method]!.responses[status]?.$ref ?? '').split('/').pop();

describe('the status of a validation failure follows the release', () => {
  it.each([
    ['v13.0.6', '400', 'BadRequestOrInvalid'],
    ['v13.0.7', '406', 'NotAcceptableOrInvalid'],
    ['v15.0.8', '406', 'NotAcceptableOrInvalid'],
    ['v15.1.0', '400', 'BadRequestOrInvalid'],
  ])('%s: an empty issue or pull request title is answered %s (%s)', (tag, status, name) => {
    const doc = docAt(tag);
    expect(refOf(doc, '/issues/{issueId}/title', 'post', status)).toBe(name);
    expect(refOf(doc, '/pulls/{requestId}/title', 'post', status)).toBe(name);
  });

  it.each([
    ['v13.0.6', '500', 'InternalServerErrorOrInvalid'],
    ['v13.0.7', '406', 'NotAcceptableOrInvalid'],
    ['v15.1.0', '400', 'BadRequestOrInvalid'],
  ])('%s: a check that throws a validation exception (Run Build) is answered %s', (tag, status, name) => {
    expect(refOf(docAt(tag), '/job-runs', 'post', status)).toBe(name);
  });

  it.each([
    ['v13.0.4', undefined],
    ['v13.0.5', 'BadRequestOrInvalid'],
  ])('%s: Set Authenticator validates its body from v13.0.5 (@Valid)', (tag, name) => {
    expect(refOf(docAt(tag), '/settings/authenticator', 'post', '400')).toBe(name ?? 'BadRequest');
  });
});

describe('what a validation failure looks like on the wire', () => {
  it.each(SUPPORTED_RELEASES)('%s: OneDev\'s bare text is labelled application/json; Jersey\'s list is real JSON', (release) => {
    const doc = committedDocument(release);
    const responses = Object.entries(doc.components!.responses ?? {}).filter(([name]) => name.endsWith('OrInvalid'));
    expect(responses.length).toBeGreaterThan(0);
    for (const [name, response] of responses as Array<[string, ResponseObject & { 'x-onedev-raw-text'?: boolean }]>) {
      expect(Object.keys(response.content!), name).toEqual(['text/plain', 'application/json']);
      const json = response.content!['application/json']!;
      if (response['x-onedev-raw-text']) {
        expect(json.schema, name).toMatchObject({ type: 'string', contentMediaType: 'text/plain' });
        expect(typeof json.example, name).toBe('string');
      } else {
        expect(name).toBe('BadRequestOrInvalid');
        expect(['v11.11.4', 'v12.0.10']).toContain(release);
        const validate = createValidator(doc).compile(json.schema);
        expect(validate(json.example), name).toBe(true);
      }
    }
  });
});

describe('operation texts name the validation failure, not a release\'s status for it', () => {
  // "(400; 406 from v13.0.7 until v15.1.0)" and the like: the tags OneDev's mapper changed at.
  const STATUS_NEAR_MAPPER_TAG = /\b(400|406|500)\b[^.]{0,60}\bv1(3\.0\.7|5\.1\.0)\b|\bv1(3\.0\.7|5\.1\.0)\b[^.]{0,30}\b(400|406|500)\b/;
  it.each(SUPPORTED_RELEASES)('%s', (release) => {
    const doc = committedDocument(release);
    const offending: string[] = [];
    for (const { operation } of operationsOf(doc)) {
      const texts = [
        operation.description,
        (operation.requestBody as { description?: string } | undefined)?.description,
        ...(operation.parameters ?? []).map((p) => resolveRef<ParameterObject>(doc, p).description),
      ];
      for (const text of texts) if (text && STATUS_NEAR_MAPPER_TAG.test(text)) offending.push(`${operation.operationId}: ${text.match(STATUS_NEAR_MAPPER_TAG)![0]}`);
    }
    expect(offending).toEqual([]);
  });
});

describe('Trigger Job refuses an empty project, job or access token (item 16)', () => {
  it.each(SUPPORTED_RELEASES)('%s', (release) => {
    const doc = committedDocument(release);
    const validator = createValidator(doc);
    for (const key of ['triggerProject', 'triggerJob', 'triggerAccessToken']) {
      const param = doc.components!.parameters![key] as ParameterObject;
      expect(param.schema, key).toMatchObject({ type: 'string', minLength: 1 });
      const validate = validator.compile(param.schema);
      expect(validate(''), key).toBe(false);
      expect(validate(String(param.example)), key).toBe(true);
    }
    for (const method of ['get', 'post'] as const) {
      const responses = (doc.paths!['/trigger-job'] as Record<string, { responses: Record<string, { $ref: string }> }>)[method]!.responses;
      expect(Object.values(responses).some((r) => r.$ref?.endsWith('OrInvalid')), method).toBe(true);
    }
  });
});
