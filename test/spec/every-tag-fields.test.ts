/**
 * Field-level truth at every tag where the wire fields change, not only at the published ones:
 * the wire properties OneDev's source gives each class the REST resources read or write
 * (test/fixtures/fields/, written by scripts/onedev-source.ts) equal the properties of its schema in
 * that tag's description, names and JSON types, both ways. A property the catalogue says the
 * server sends only sometimes (`presentWhen`: a resource adds it to the entity's own) is not
 * looked for among the fields; one on the wire but not described always counts.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { changedTags, fieldsAt, parseFieldChanges } from '../../scripts/lib/source/field-history.js';
import { FIELD_CHANGES, fieldBasePath } from '../../scripts/lib/source/fixtures.js';
import { parseFields } from '../../scripts/lib/source/tables.js';
import { catalogue } from '../../scripts/lib/catalogue.js';
import { selectRelease } from '../../scripts/lib/select-release.js';
import { ONEDEV_TAGS } from '../../spec/releases.js';
import { ROOT } from '../helpers.js';
import { tagDocument } from '../support/tag-documents.js';
import { classesOf, matchClasses, membersWithoutClass, propertyDifferences } from './wire-schemas.js';

const FIRST = ONEDEV_TAGS[0];
const base = parseFields(readFileSync(join(ROOT, fieldBasePath(FIRST)), 'utf8'));
const changes = parseFieldChanges(readFileSync(join(ROOT, FIELD_CHANGES), 'utf8'));
/** The first tag, then every tag whose fields differ from the tag before it. */
const TAGS = [FIRST, ...changedTags(changes, ONEDEV_TAGS)];

/**
 * Differences the catalogue has on purpose, or has not fixed yet: each is printed when the test
 * runs, and the test fails when one of them no longer happens (so the list cannot go stale).
 * Keyed by the difference as the comparison words it; the value says why it is accepted.
 */
const KNOWN: Record<string, string> = {
  'ArtifactDirectoryEntry: a family member (DirectoryInfo) that no REST class is at this tag':
    "the catalogue's second view of DirectoryInfo, for an entry of a listing, leaves out `children` (always null there)",
  'ArtifactFileEntry: a family member (FileInfo) that no REST class is at this tag':
    "the catalogue's second view of FileInfo, for an entry of a listing, whose `mediaType` is always null there",
  // DirectoryInfo and FileInfo themselves describe the roots Get Artifact Info answers, which the
  // server writes without `@type` (spec/schemas/job.ts), so they are plain shapes.
  'CacheConfig (WorkspaceCacheConfig): uploadStrategy is object on the wire, described as string':
    'UploadStrategy is an enum of OneDev\'s k8shelper library, outside the repository the field tables are ' +
    'read from, so they type it as an object; Jackson writes its constant names',
};

/** Per schema, the properties the catalogue says the server sends only sometimes (`presentWhen`). */
function conditionalFields(tag: string): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const table of Object.values(selectRelease(catalogue, tag).schemas)) {
    for (const [name, schema] of Object.entries(table)) {
      if (!('fields' in schema)) continue;
      const sometimes = Object.entries(schema.fields).filter(([, f]) => f.presentWhen !== undefined).map(([n]) => n);
      for (const variant of [name, `${name}Create`, `${name}Update`]) out.set(variant, new Set(sometimes));
    }
  }
  return out;
}

const computed = new Map<string, string[]>();

function differencesAt(tag: string): string[] {
  const known = computed.get(tag);
  if (known) return known;
  const doc = tagDocument(tag);
  const classes = classesOf(fieldsAt(base, changes, ONEDEV_TAGS, tag));
  const { matches, unmatched } = matchClasses(classes.keys(), doc);
  const conditional = conditionalFields(tag);
  const found = [
    ...unmatched,
    ...matches.flatMap((m) => {
      const sometimes = new Set(m.schemas.flatMap((n) => [...(conditional.get(n) ?? [])]));
      return propertyDifferences(m.javaClass, classes.get(m.javaClass)!, m, doc, sometimes);
    }),
    ...membersWithoutClass(matches, doc),
  ].sort();
  computed.set(tag, found);
  return found;
}

describe('the field fixtures', () => {
  it('hold a table at the first tag and the changes after it, at known tags only', () => {
    expect(base.length).toBeGreaterThan(500);
    expect(new Set(base.map((r) => r.javaClass)).size).toBeGreaterThan(150);
    for (const change of changes) expect(ONEDEV_TAGS, `${change.tag} in ${FIELD_CHANGES}`).toContain(change.tag);
    expect(TAGS.length).toBeGreaterThan(5);
  });
});

describe.each(TAGS)('fields at %s', (tag) => {
  it("every class the REST resources read or write is described with exactly its wire properties and JSON types", () => {
    const found = differencesAt(tag);
    const known = found.filter((d) => `${tag} ${d}` in KNOWN || d in KNOWN);
    if (known.length > 0) console.info(`${tag}: known differences\n${known.map((d) => `  ${d}: ${KNOWN[`${tag} ${d}`] ?? KNOWN[d]}`).join('\n')}`);
    expect(found.filter((d) => !known.includes(d))).toEqual([]);
  });
});

describe('the known differences', () => {
  it('all still happen at some tag checked', () => {
    const all = new Set(TAGS.flatMap((tag) => differencesAt(tag).flatMap((d) => [d, `${tag} ${d}`])));
    expect(Object.keys(KNOWN).filter((k) => !all.has(k))).toEqual([]);
  });
});
