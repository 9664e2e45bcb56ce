/**
 * Properties the server sends only sometimes (issue 16, item 1): the issue's time-tracking numbers,
 * which IssueResource removes for callers who may not see time tracking from v15.0.6, and the
 * `fields` records Query Issues adds when asked `withFields=true`.
 */
import { describe, expect, it } from 'vitest';
import type { OpenAPIObject, SchemaObject } from 'openapi3-ts/oas31';
import { compareTags } from '../../spec/releases.js';
import { committedDocument, readGenerated, SUPPORTED_RELEASES } from '../helpers.js';
import { tagDocument } from '../support/tag-documents.js';

const TIME_TRACKING = ['totalEstimatedTime', 'totalSpentTime', 'ownEstimatedTime', 'ownSpentTime', 'progress'];
const built = new Map<string, OpenAPIObject>();
const docAt = (tag: string) => built.get(tag) ?? built.set(tag, tagDocument(tag)).get(tag)!;
const schemaOf = (doc: OpenAPIObject, name: string) => doc.components!.schemas![name] as SchemaObject;

describe('issue time tracking', () => {
  it.each([
    ['v15.0.5', true],
    ['v15.0.6', false],
  ])('%s: the five numbers are integers, required %s (IssueResource removes them from v15.0.6)', (tag, required) => {
    const issue = schemaOf(docAt(tag), 'Issue');
    for (const name of TIME_TRACKING) {
      expect(issue.properties![name], name).toMatchObject({ type: 'integer', format: 'int32' });
      expect(issue.required!.includes(name), name).toBe(required);
      expect((issue.properties![name] as SchemaObject).description!.includes('Present only when the caller may see time tracking'), name).toBe(!required);
    }
  });

  it.each(SUPPORTED_RELEASES)('%s: Issue and IssueWithBranch list them, sometimes-present from v15.0.6', (release) => {
    const doc = committedDocument(release);
    for (const name of ['Issue', 'IssueWithBranch']) {
      const schema = doc.components!.schemas![name] as SchemaObject | undefined;
      if (!schema) continue; // IssueWithBranch arrived in v16.0.2
      for (const field of TIME_TRACKING) {
        expect(schema.properties![field], `${name}.${field}`).toBeDefined();
        expect(schema.required!.includes(field), `${name}.${field}`).toBe(compareTags(release, 'v15.0.6') < 0);
      }
    }
  });

  it('the generated types mark them optional where the server may leave them out', () => {
    const types = (release: string) => {
      const text = readGenerated(`releases/${release}/openapi.d.ts`);
      return text.slice(text.indexOf('        Issue: {'), text.indexOf('        IssueChange'));
    };
    expect(types('v16.5.6')).toMatch(/\n\s+progress\?: number;/);
    expect(types('v14.1.9')).toMatch(/\n\s+progress: number;/);
  });
});

describe('the custom fields Query Issues adds with withFields=true', () => {
  it.each(SUPPORTED_RELEASES)('%s: Issue.fields is an optional array of IssueField records', (release) => {
    const doc = committedDocument(release);
    const issue = schemaOf(doc, 'Issue');
    expect(issue.properties!.fields).toMatchObject({ type: 'array', items: { $ref: '#/components/schemas/IssueField' } });
    expect(issue.required).not.toContain('fields');
    expect((issue.properties!.fields as SchemaObject).description).toMatch(/Present only when .*`withFields=true`/);
    const field = schemaOf(doc, 'IssueField');
    expect(Object.keys(field.properties!)).toEqual(['id', 'issueId', 'name', 'value', 'type', 'ordinal']);
    expect(field.properties!.value).toMatchObject({ type: ['string', 'null'] });
    expect(field.required).toEqual(['id', 'issueId', 'name', 'value', 'type', 'ordinal']);
    // Get Issue never adds it.
    if (doc.components!.schemas!.IssueWithBranch) expect(schemaOf(doc, 'IssueWithBranch').properties!.fields).toBeUndefined();
  });

  it('names the fifteen kinds a field record stores', () => {
    expect((schemaOf(committedDocument('v16.5.6'), 'IssueFieldType').enum as string[]).length).toBe(15);
  });
});
