/**
 * The query languages' facts from OneDev's source (issue 37, item 7), held in the catalogue at the
 * exact tags they began or changed, and in the committed descriptions of the published releases:
 * custom fields' operators by type, choices compared by order, working periods and fractions and
 * their refusals, comments searched by `~text~`, references without their project, the workspace
 * number's default direction, and sentences (`is me`, spaces) that follow each language's data.
 */
import { describe, expect, it } from 'vitest';
import type { ParameterObject } from 'openapi3-ts/oas31';
import type { QueryLanguageSpec } from '../../spec/model.js';
import type { OneDevTag } from '../../spec/releases.js';
import { catalogue } from '../../scripts/lib/catalogue.js';
import { selectRelease } from '../../scripts/lib/select-release.js';
import { describeQueryLanguage } from '../../scripts/lib/query-language.js';
import { EXT } from '../../src/extensions.js';
import { committedDocument, SUPPORTED_RELEASES } from '../helpers.js';

/** The languages of a tag's catalogue, by list. */
function languagesAt(tag: OneDevTag): Map<string, QueryLanguageSpec> {
  const found = new Map<string, QueryLanguageSpec>();
  const walk = (value: unknown): void => {
    if (value === null || typeof value !== 'object') return;
    const o = value as Record<string, unknown>;
    if (o.queryLanguage && typeof o.queryLanguage === 'object') {
      const l = o.queryLanguage as QueryLanguageSpec;
      found.set(l.list, l);
    }
    for (const v of Object.values(o)) walk(v);
  };
  walk(selectRelease(catalogue, tag).parameters);
  return found;
}
const at = (tag: OneDevTag, list: string): QueryLanguageSpec => languagesAt(tag).get(list)!;
const ops = (ops: QueryLanguageSpec['fields'][number]['operators']) => ops.map((o) => (typeof o === 'string' ? o : o.operator));
const refusal = (tag: OneDevTag, list: string, kind: string) => {
  const r = at(tag, list).refusals.find((x) => x.kind === kind);
  return r && [r.status, r.message];
};

describe('query language facts in the catalogue, at the tags OneDev\'s source gives', () => {
  it('Float custom fields take `is greater than`/`is less than` from v13.1.0, never `is`; Date, Date Time and Secret no `is`', () => {
    const float = (tag: OneDevTag) => ops(at(tag, 'issue').customFields!.find((c) => c.type === 'Float')!.operators);
    expect(float('v13.0.10')).toEqual(['is empty', 'is not empty']);
    expect(float('v13.1.0')).toEqual(['is greater than', 'is less than', 'is empty', 'is not empty']);
    for (const type of ['Date', 'Date Time', 'Secret', 'Float']) {
      for (const tag of ['v11.11.0', 'v16.5.6'] as const) {
        expect(ops(at(tag, 'issue').customFields!.find((c) => c.type === type)!.operators), `${type} at ${tag}`).not.toContain('is');
      }
    }
    const orderable = at('v11.11.0', 'issue').customFields!.filter((c) => c.orderable).map((c) => c.type);
    expect(orderable).toEqual(['Integer', 'Date', 'Date Time', 'Enumeration (single value)', 'Enumeration (multiple values)', 'Iteration']);
  });

  it('Type and Priority compare by their choices\' order at every tag; Type gains Build Failed in v16.0.0', () => {
    for (const tag of ['v11.11.0', 'v15.1.8', 'v16.0.0', 'v16.5.6'] as const) {
      for (const name of ['Type', 'Priority']) {
        const field = at(tag, 'issue').fields.find((f) => f.name === name)!;
        expect(field.match, `${name} at ${tag}`).toBe('ordered-choice');
        expect(ops(field.operators)).toEqual(expect.arrayContaining(['is greater than', 'is less than']));
        expect(at(tag, 'issue').orderBy.map((o) => o.field)).toContain(name);
      }
    }
    const types = (tag: OneDevTag) => Object.keys(at(tag, 'issue').fields.find((f) => f.name === 'Type')!.choices!);
    expect(types('v15.1.8')).toEqual(['New Feature', 'Improvement', 'Bug', 'Task', 'Support Request']);
    expect(types('v16.0.0')).toEqual(['New Feature', 'Improvement', 'Bug', 'Task', 'Support Request', 'Build Failed']);
    expect(Object.keys(at('v16.5.6', 'issue').fields.find((f) => f.name === 'Priority')!.choices!)).toEqual(['Minor', 'Normal', 'Major', 'Critical']);
  });

  it('working periods are refused 400, 406 from v13.0.7, 400 again from v16.5.2; decimals as numbers are', () => {
    expect(at('v11.11.0', 'issue').fields.find((f) => f.name === 'Estimated Time')!.match).toBe('working-period');
    expect(at('v11.11.0', 'issue').fields.find((f) => f.name === 'Spent Time')!.match).toBe('working-period');
    expect(at('v11.11.0', 'issue').fields.find((f) => f.name === 'Progress')!.match).toBe('fraction');
    expect(refusal('v13.0.6', 'issue', 'working-period')).toEqual([400, 'Invalid working period']);
    expect(refusal('v13.0.7', 'issue', 'working-period')).toEqual([406, 'Invalid working period']);
    expect(refusal('v16.5.1', 'issue', 'working-period')).toEqual([406, 'Invalid working period']);
    expect(refusal('v16.5.2', 'issue', 'working-period')).toEqual([400, 'Invalid working period']);
    expect(refusal('v15.0.8', 'issue', 'decimal')).toEqual([500, 'Invalid decimal: {value}']);
    expect(refusal('v15.1.0', 'issue', 'decimal')).toEqual([406, 'Invalid decimal: {value}']);
  });

  it('`#N` without its project is refused so at every tag; a bare number from v13.1.0', () => {
    expect(refusal('v11.11.0', 'issue', 'reference-project')).toEqual([500, 'Reference project not specified: {value}']);
    expect(refusal('v13.0.7', 'issue', 'reference-project')).toEqual([406, 'Reference project not specified: {value}']);
    expect(refusal('v13.0.10', 'issue', 'reference-number')).toEqual([406, 'Invalid entity reference: {value}']);
    expect(refusal('v13.1.0', 'issue', 'reference-number')).toEqual([406, 'Reference project not specified: {value}']);
    expect(refusal('v16.5.6', 'issue', 'reference-form')).toEqual([406, 'Invalid entity reference: {value}']);
  });

  it('~text~ searches comments in the issue and pull request languages only; the workspace number sorts descending', () => {
    for (const tag of ['v11.11.0', 'v16.5.6'] as const) {
      const languages = languagesAt(tag);
      for (const [list, language] of languages) {
        const fuzzy = language.tokens.find((t) => t.token === 'fuzzy');
        if (!fuzzy) continue;
        expect(fuzzy.searchesRelations ?? [], `${list} at ${tag}`).toEqual(list === 'issue' || list === 'pull request' ? ['comment texts'] : []);
      }
    }
    expect(at('v16.3.0', 'workspace').orderBy.find((o) => o.field === 'Number')!.descendingByDefault).toBe(true);
  });
});

describe.each(SUPPORTED_RELEASES)('query language descriptions of %s', (release) => {
  const doc = committedDocument(release);
  const params = Object.entries(doc.components!.parameters!) as Array<[string, ParameterObject]>;
  const languages = params.filter(([, p]) => p[EXT.queryLanguage.name]).map(([key, p]) => ({ key, text: p.description!, language: p[EXT.queryLanguage.name] as QueryLanguageSpec }));
  const issues = languages.find((l) => l.key === 'issueQuery')!.text;

  it('says how custom fields take operators by type, and that choices compare by order', () => {
    expect(issues).toContain('`Priority` (`is`, `is not`, `is greater than`, `is less than`, `is empty`, `is not empty`; a custom choice field of a fresh server; `Minor`, `Normal`, `Major`, `Critical`; `is greater than` and `is less than` compare positions in this order');
    const float = release === 'v11.11.4' || release === 'v12.0.10' ? 'Float (`is empty`, `is not empty`)' : 'Float (`is greater than`, `is less than`, `is empty`, `is not empty`)';
    expect(issues).toContain(float);
    expect(issues).toContain('Date Time (`is since`, `is until`, `is empty`, `is not empty`); Secret (`is empty`, `is not empty`)');
    expect(issues).toContain('`order by` takes Integer, Date, Date Time, Enumeration (single value), Enumeration (multiple values), Iteration fields');
    expect(issues).toMatch(/`Type`, `Priority`; without it/);
  });

  it('says working periods and fractions, and their refusals', () => {
    expect(issues).toContain('`Estimated Time` (`is`, `is not`, `is greater than`, `is less than`; estimated working time, subtasks included; a working period such as `1w 2d 4h 30m`');
    expect(issues).toContain('a bare number such as `5` is refused');
    expect(issues).toContain('`Progress` (`is greater than`, `is less than`; spent time over the estimate; issues without an estimate never match; a decimal fraction such as `0.5` for half)');
    const status = { 'v11.11.4': 400, 'v12.0.10': 400, 'v13.1.7': 406, 'v14.1.9': 406, 'v15.1.8': 406, 'v16.5.6': 400 }[release];
    expect(issues).toContain(`a working period the server cannot read, ${status} (\`Invalid working period\`)`);
    expect(issues).toContain('`~text~` (the text in the title, description or comments)');
  });

  it('mentions `is me` only where a field takes it, and several spaces where the grammar takes them', () => {
    // The committed text, and the builder's text of the release's catalogue.
    const built = [...languagesAt(release)].map(([key, language]) => ({ key: `built ${key}`, text: describeQueryLanguage(language), language }));
    expect(built.length).toBe(new Set(languages.map((l) => l.language.list)).size);
    for (const { key, text, language } of [...languages, ...built]) {
      if (language.syntax === 'commit') continue;
      const has = language.fields.some((f) => f.operators.some((o) => (typeof o === 'string' ? o : o.operator) === 'is me'));
      expect(text.includes('`is me` and `is not me` compare with the caller'), key).toBe(has);
      expect(/An operator other than [^.]*`is me`/.test(text), key).toBe(has);
      expect(text, key).not.toContain('single spaces');
      expect(text, key).toContain('separated by one or more spaces');
    }
    const workspace = languages.find((l) => l.key === 'workspaceQuery');
    if (workspace) expect(workspace.text).toContain('`Number` (descending unless `asc`)');
  });
});
