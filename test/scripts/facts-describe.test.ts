/**
 * The top-level description states each release's facts as the rest of the document has them:
 * the capped reads and for whom, the status a larger `count` gets, the raw-text operations, and
 * what each error status means. Checked against the operations, parameters and responses of every
 * committed description, read here on their own.
 */
import type { OpenAPIObject, ParameterObject } from 'openapi3-ts/oas31';
import { describe, expect, it } from 'vitest';
import { fillFacts } from '../../scripts/lib/facts/describe.js';
import { Problems } from '../../scripts/lib/problems.js';
import { committedDocument, operationsOf, resolveRef, SUPPORTED_RELEASES } from '../helpers.js';

/** The text of one `## <title>` section of the top-level description. */
function section(doc: OpenAPIObject, title: string): string {
  const text = doc.info.description!;
  const start = text.indexOf(`## ${title}\n`);
  expect(start, `no "## ${title}" section`).toBeGreaterThanOrEqual(0);
  const end = text.indexOf('\n## ', start + 1);
  return text.slice(start, end < 0 ? undefined : end);
}

const isRawText = (value: unknown) => (value as Record<string, unknown> | undefined)?.['x-onedev-raw-text'] === true;

describe.each(SUPPORTED_RELEASES)('the top-level description of %s', (release) => {
  const doc = committedDocument(release);
  const refusal = (doc as unknown as Record<string, unknown>)['x-onedev-query-refusal-status'] as number;
  const reads = operationsOf(doc).flatMap(({ method, path, operation }) => {
    const count = (operation.parameters ?? []).map((p) => resolveRef<ParameterObject>(doc, p)).find((p) => p.in === 'query' && p.name === 'count');
    if (method !== 'GET' || !count) return [];
    const nonAdmin = count['x-onedev-non-admin-maximum'] as number | undefined;
    const everyone = (count.schema as { maximum?: number }).maximum;
    return [{ route: `\`GET ${path}\``, nonAdmin, everyone }];
  });

  it('lists every capped read under its limit and audience, and the uncapped ones apart', () => {
    const paging = section(doc, 'Paging');
    const lines = paging.split('\n').filter((l) => l.startsWith('- at most '));
    for (const read of reads) {
      const holder = lines.filter((l) => l.includes(`(${read.route})`));
      if (read.nonAdmin !== undefined) {
        expect(holder, read.route).toEqual([expect.stringMatching(new RegExp(`^- at most ${read.nonAdmin} for callers who are not administrators`))]);
      } else if (read.everyone !== undefined) {
        expect(holder, read.route).toEqual([expect.stringMatching(new RegExp(`^- at most ${read.everyone} for every caller`))]);
      } else {
        expect(holder, read.route).toEqual([]);
        expect(paging.slice(paging.indexOf('set no limit')), read.route).toContain(read.route);
      }
    }
    expect(paging).toContain(`A larger \`count\` is refused with ${refusal}`);
  });

  it('lists the raw-text bodies and answers', () => {
    const bodies = section(doc, 'Request and response bodies').split('\n').find((l) => l.startsWith('- bodies: ')) ?? '';
    const answers = section(doc, 'Request and response bodies').split('\n').find((l) => l.startsWith('- answers: ')) ?? '';
    for (const { method, path, operation } of operationsOf(doc)) {
      const route = `(\`${method} ${path}\`)`;
      expect(bodies.includes(route), `${route} body`).toBe(isRawText(resolveRef(doc, operation.requestBody)));
      expect(answers.includes(route), `${route} answer`).toBe(isRawText(resolveRef(doc, operation.responses?.['200'])));
    }
  });

  it('says what every error status the operations answer with means', () => {
    const errors = section(doc, 'Errors');
    const used = new Map<string, number>();
    for (const { operation } of operationsOf(doc)) {
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        const ref = (response as { $ref?: string }).$ref;
        if (ref?.startsWith('#/components/responses/')) used.set(ref.split('/').pop()!, Number(status));
      }
    }
    expect(used.size).toBeGreaterThan(3);
    for (const [name, status] of used) {
      const { description } = doc.components!.responses![name] as { description: string };
      expect(errors, name).toContain(`**${status}**`);
      expect(errors, name).toContain(description);
    }
    expect(errors).not.toMatch(/\{facts:/);
  });
});

describe('fillFacts', () => {
  const doc = committedDocument();

  it('names an unknown fact and lists the known ones', () => {
    const problems = new Problems();
    fillFacts('See {facts:page-limit}.', doc, problems);
    expect(problems.list).toEqual([expect.stringMatching(/^description: unknown fact \{facts:page-limit\} \(known: .*\{facts:page-limits\}/)]);
  });

  it('refuses a fact that comes out empty, naming the release', () => {
    const problems = new Problems();
    const bare = { ...doc, paths: {}, info: { ...doc.info } } as OpenAPIObject;
    fillFacts('{facts:raw-text}', bare, problems);
    expect(problems.list).toEqual(['description: {facts:raw-text} is empty for v16.5.6']);
  });

  it('leaves other braces alone', () => {
    const problems = new Problems();
    expect(fillFacts('`POST /<resource>/{id}` at {release}', doc, problems)).toBe('`POST /<resource>/{id}` at {release}');
    expect(problems.list).toEqual([]);
  });
});
