/**
 * Operation and parameter texts leave release-dependent facts to the data (issue 16): at every
 * OneDev tag, no text names a status the operation does not declare at that tag, names a release
 * ("from v12.0.9", "until v15"), or restates the page limit its `count` parameter states.
 */
import { describe, expect, it } from 'vitest';
import type { OpenAPIObject } from 'openapi3-ts/oas31';
import { ONEDEV_TAGS } from '../../spec/releases.js';
import { tagDocument } from '../support/tag-documents.js';
import { descriptionClaims, proseOf } from './description-claims.js';

/** A one-operation document whose texts are `description` and a `count` parameter's. */
function documentWith(description: string, { statuses = ['200', '400', '401'], countDescription = 'How many records.' } = {}): OpenAPIObject {
  return {
    openapi: '3.1.0',
    info: { title: 't', version: '1' },
    paths: {
      '/things': {
        get: {
          operationId: 'thingQuery',
          description,
          parameters: [{ $ref: '#/components/parameters/count' }],
          responses: Object.fromEntries(statuses.map((s) => [s, { description: s }])),
        },
      },
    },
    components: {
      parameters: {
        count: { name: 'count', in: 'query', required: true, description: countDescription, schema: { type: 'integer', maximum: 100 } },
      },
    },
  };
}
const claimsOf = (description: string, options?: Parameters<typeof documentWith>[1]) => descriptionClaims(documentWith(description, options)).map((c) => c.claim);

describe('the reader of operation texts', () => {
  it('finds a status the operation does not declare, in the description and in a parameter', () => {
    expect(claimsOf('A taken name is refused (400; 406 from v12.0.9).')).toEqual([
      'status 406 is not among the operation\'s responses',
      'names a release (v12.0.9): word the text per release instead',
    ]);
    expect(descriptionClaims(documentWith('Lists things.', { countDescription: 'Over the limit: 503.' }))).toEqual([
      { operationId: 'thingQuery', text: 'parameter count', claim: 'status 503 is not among the operation\'s responses', excerpt: 'Over the limit: 503.' },
    ]);
  });

  it('finds releases named in prose, tags and major lines alike', () => {
    for (const text of ['Up to v16.5.5 the server', 'until v15 it was', 'In v15.0.x a branch', 'before OneDev 13 there', 'v11.11.x answers']) {
      expect(claimsOf(text), text).toHaveLength(1);
    }
  });

  it('finds a restated page limit in the operation description only', () => {
    expect(claimsOf('Non-administrators may ask for at most 100 records.')).toEqual(['restates the page limit (at most 100) that the `count` parameter states']);
    expect(claimsOf('`count` above 100 is refused.')).toHaveLength(1);
    expect(claimsOf('At most 50 labels per project.')).toEqual([]);
  });

  it('leaves alone what is not such a claim', () => {
    for (const text of [
      'Gets 401, never 403, even with credentials.',
      'Tag to run the job on, e.g. `v4.2.0`, or v4.2.0 written bare.',
      'Query `"Fixed in Build" is "v12.0.9"` or `acme/webapp#400`.',
      'A description over 100000 characters is cut; a title over 255 is cut; ids such as 4000 or 1.400.',
      'A path such as `/builds/500/artifacts` or builds/500.',
      'Refused with 400.',
      'Kept since 4.2.0 of the library, up to 3 retries.',
      'Only servers up to v10.8.0 have milestones, before the described releases.',
    ]) {
      expect(claimsOf(text), text).toEqual([]);
    }
  });

  it('reads prose without code spans and fenced blocks', () => {
    expect(proseOf('a `v12.0.9` b\n```\nfrom v13.0.0\n```\nc')).toBe('a `` b\n \nc');
  });
});

describe('operation texts at every OneDev tag', () => {
  it.each(ONEDEV_TAGS)('%s: no undeclared status, release or restated page limit', (tag) => {
    const doc = tagDocument(tag);
    expect(descriptionClaims(doc).map((c) => `${c.operationId}, ${c.text}: ${c.claim} … ${c.excerpt}`)).toEqual([]);
  });
});
