/**
 * The hand-written docs state nothing the descriptions contradict. The scanner (doc-claims.ts)
 * is shown to find each kind of drift the outside reading found (issue 16, items 18-20), in the
 * words the docs used, and to pass the same claims once they are true.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { factFiles } from '../../scripts/lib/steps/facts.js';
import { DEFAULT_RELEASE, ROOT } from '../helpers.js';
import { factsFromDescriptions, handWrittenUnits, scanClaims, type DocFacts } from './doc-claims.js';

const facts = factsFromDescriptions();
const current = facts.releases.get(DEFAULT_RELEASE)!;
const problems = (text: string, with_: DocFacts = facts) => scanClaims('doc.md', text, with_).map((f) => f.problem);

describe('the hand-written docs', () => {
  it.each(factFiles(ROOT))('%s makes no claim the descriptions contradict', (file) => {
    const findings = scanClaims(file, readFileSync(join(ROOT, file), 'utf8'), facts);
    expect(findings.map((f) => `${f.file}:${f.line}: ${f.problem}\n    ${f.text}`)).toEqual([]);
  });
});

describe('the scanner', () => {
  it('reads sentences, table rows and code lines, and skips the generated regions', () => {
    const units = handWrittenUnits('One. Two\nthree.\n\n| a | b |\n<!-- facts:x -->\nGenerated. 400.\n<!-- /facts:x -->\n```sh\nrun it\n```\n');
    expect(units.map((u) => [u.line, u.text])).toEqual([
      [1, 'One.'],
      [1, 'Two three.'],
      [4, '| a | b |'],
      [9, 'run it'],
    ]);
  });

  describe('finds the drift the outside reading found', () => {
    it('item 18: a count of raw-text operations, and hand-made lists of them', () => {
      expect(problems('Eight operations (Set Title, Set Description, Reopen, Discard, Merge, Delete and Restore Source\nBranch, Update Pull Request Comment) take their body as raw text under `Content-Type: application/json`.')).toEqual([
        expect.stringMatching(/^says 8 raw-text operations; v16\.5\.6 marks \d+ bodies/),
        expect.stringMatching(/^lists \d+ raw-text operations by name/),
      ]);
      expect(problems('Set Title, Set Description, Reopen, Discard, Merge, Delete and Restore Source Branch of a pull\nrequest, and the update of a pull request comment read the body as plain text.')).toEqual([
        expect.stringMatching(/^lists \d+ raw-text operations by name/),
      ]);
      const table = ['## Raw-text bodies', '', '| operation | path |', '| --- | --- |', '| Set Title | `POST /pulls/{requestId}/title` |', '| Reopen | `POST /pulls/{requestId}/reopen` |', '| Merge | `POST /pulls/{requestId}/merge` |'];
      expect(problems(table.join('\n'))).toEqual([expect.stringMatching(/^the section lists 3 raw-text routes by hand; v16\.5\.6 marks \d+/)]);
    });

    it(`item 19: 400 for a bad query parameter where ${DEFAULT_RELEASE} says ${current.queryRefusal}, and the short list of capped reads`, () => {
      const wrong = current.queryRefusal === 406 ? 400 : 406;
      expect(problems(`| \`count\` over the limit | ${wrong} | \`Request query parameter count must be <= 100\` |`)).toEqual([
        `says ${wrong} for a bad query parameter; ${DEFAULT_RELEASE} answers ${current.queryRefusal}`,
      ]);
      expect(problems(`| unknown query parameter | ${wrong} | \`Unknown query parameter 'sort'\` |`)).toHaveLength(1);
      expect(problems(`| ${wrong} | a bad or unknown query parameter, \`count\` over the limit, a query that does not parse, malformed JSON |`)).toHaveLength(1);
      expect(problems(`An unknown project path or key is answered by OneDev itself with a ${wrong}.`)).toHaveLength(1);
      expect(problems('- Collection reads need `offset` and `count`; pulls, builds and packages allow at most 100 a page to\n  non-administrators, roles to everyone.')).toEqual([
        expect.stringMatching(/^names some reads capped at 100 but not .*GET \/issues.*: point to docs\/paging\.md#page-limits$/),
      ]);
      expect(problems('Pull requests, builds and packages refuse a `count` over 100 for callers who are\nnot administrators, and roles refuse it for everyone.')).toHaveLength(1);
    });

    it('item 20: the tarball, the first server, the 3.0 nullable form, $refs, recursion, the verify request count', () => {
      expect(problems('```sh\nnpm install ../onedev-openapi/onedev-openapi-0.1.0.tgz\n```')).toEqual([`names the tarball of version 0.1.0; package.json says ${facts.packageVersion}`]);
      expect(problems('The first server is a complete URL, `https://onedev.example.com/~api`: generators take it as the default.')).toEqual([
        `gives https://onedev.example.com/~api as the first server; the descriptions say ${current.firstServer}`,
      ]);
      const absent = (['anyOf', 'allOf'] as const).find((form) => !facts.nullableForms.has(form))!;
      expect(problems(`| \`oneOf: [{$ref}, {type: "null"}]\` | \`${absent}: [{$ref}]\`, \`nullable: true\` |`)).toEqual([
        `describes nullable references in the 3.0 file as \`${absent}\`, which the 3.0 files do not use`,
      ]);
      const withCycle: DocFacts = { ...facts, derefRefs: 3, recursive: ['ArtifactInfo', 'DirectoryInfo'] };
      expect(problems('| `generated/openapi.deref.json` | the same description with every `$ref` inlined |', withCycle)).toEqual([
        'says the dereferenced file has no `$ref`; the committed ones keep 3',
      ]);
      expect(problems('The catalogue has no recursive schema today.', withCycle)).toEqual(['says no schema is recursive; ArtifactInfo, DirectoryInfo are']);
      expect(problems('Each operation is called at most once, so a run makes at most 54 requests.')).toEqual([
        `says at most 54 requests; a verify run of ${DEFAULT_RELEASE} makes up to ${current.verifyCalls}`,
      ]);
    });

    it('operationIds and operation names no release has', () => {
      expect(problems('Call `pullRequestGetBasicInf` with the id.')).toEqual(['operationId pullRequestGetBasicInf is in no published release']);
      expect(problems('Find it with *Query Basic Inf*.')).toEqual(['operation "Query Basic Inf" is named in no published release']);
      const wrong = current.validation === 400 ? 406 : 400;
      expect(problems(`A body that breaks a validation rule is answered with ${wrong}.`)).toEqual([
        `says ${wrong} for a validation failure; ${DEFAULT_RELEASE} answers ${current.validation}`,
      ]);
    });
  });

  it('passes the same claims once they are true, and leaves claims about a named release alone', () => {
    const present = [...facts.nullableForms][0]!;
    const capped = current.limits.filter((l) => l.maximum === 100).map((l) => l.nouns[0]).join(', ');
    const claims = [
      `| \`count\` over the limit | ${current.queryRefusal} | \`Request query parameter count must be <= 100\` |`,
      `${capped} allow at most 100 a page.`,
      `Each operation is called at most once, so a run makes at most ${current.verifyCalls} requests.`,
      `npm install ../onedev-openapi/onedev-openapi-${facts.packageVersion}.tgz`,
      `The first server is a complete URL, \`${current.firstServer}\`.`,
      `| \`oneOf: [{$ref}, {type: "null"}]\` | \`${present}: [{$ref}]\`, \`nullable: true\` |`,
      'Unknown query parameters were refused with 400 until v12.0.9.',
      'Call `pullRequestGetBasicInfo` (v11.11.4) or `pullRequestGetPullRequest`, with the `buildId` of *Query Builds*.',
      'A generator names the variant `pullRequestSetTitleRaw`.',
      'Set Title, Set Description and Merge, among others, take raw text.',
    ];
    expect(problems(claims.join('\n\n'))).toEqual([]);
  });
});
