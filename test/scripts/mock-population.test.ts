/**
 * The projects the mock generates (scripts/lib/mock/query/vary.ts) look like OneDev's: a key is
 * two or more capital letters or null, and unique; a path is unique and extends the parent's;
 * the examples' projects stay as written. Checked on every release's description, for small and
 * large populations.
 */
import { describe, expect, it } from 'vitest';
import { operationPlans } from '../../scripts/lib/mock/operations.js';
import { population, recordModel, type Rec } from '../../scripts/lib/mock/records.js';
import { committedDocument, SUPPORTED_RELEASES } from '../helpers.js';

const SIZES = [3, 40, 250, 2000];

describe.each(SUPPORTED_RELEASES)('projects generated from the %s description', (release) => {
  const doc = committedDocument(release);
  const kinds = recordModel(doc, operationPlans(doc)).kinds.filter((k) => k.paged && k.properties.has('path'));

  it('are found: the project listing is a paged kind with paths', () => {
    expect(kinds.map((k) => k.collectionPath)).toContain('/projects');
  });

  it.each(SIZES)('%i records: keys are two or more capital letters or null, and unique', (size) => {
    for (const kind of kinds.filter((k) => k.properties.has('key'))) {
      const records = population(kind, size);
      const keys = records.map((r) => r.key);
      const malformed = keys.filter((key) => key !== null && !(typeof key === 'string' && /^[A-Z]{2,}$/.test(key)));
      expect(malformed, kind.name).toEqual([]);
      const given = keys.filter((key): key is string => key !== null);
      expect(given.length, kind.name).toBe(new Set(given).size);
      if (size > kind.seeds.length + 10) {
        // Some generated projects have a key and some have none, so queries on "Key" select.
        const generated = keys.slice(kind.seeds.length);
        expect(generated.some((key) => key === null), kind.name).toBe(true);
        expect(generated.some((key) => key !== null), kind.name).toBe(true);
      }
    }
  });

  it.each(SIZES)('%i records: paths are unique and extend their parent\'s; the examples stay as written', (size) => {
    for (const kind of kinds) {
      const records = population(kind, size);
      expect(new Set(records.map((r) => r.path)).size, kind.name).toBe(records.length);
      const byId = new Map<unknown, Rec>(records.map((r) => [r.id, r]));
      for (const record of records.slice(kind.seeds.length)) {
        const parent = record.parentId === null ? undefined : byId.get(record.parentId);
        expect(record.path, kind.name).toBe(parent ? `${String(parent.path)}/${String(record.name)}` : record.name);
      }
      records.slice(0, kind.seeds.length).forEach((record, i) => {
        expect({ path: record.path, name: record.name, key: record.key }).toEqual({ path: kind.seeds[i]!.path, name: kind.seeds[i]!.name, key: kind.seeds[i]!.key });
      });
    }
  });
});
