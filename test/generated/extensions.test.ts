/**
 * The built descriptions keep to the extension contract (src/extensions.ts): every `x-onedev-*`
 * name they carry is one the contract defines, on an object of a kind it lists, with a value its
 * reader accepts; and every extension the contract defines is written by some release, unless
 * the contract says why none does. Checked in the 3.1, 3.0 and dereferenced files of every release
 * and in the top-level copies of the newest.
 */
import { describe, expect, it } from 'vitest';
import { EXT, readExtension, type Extension } from '../../src/extensions.js';
import { extensionUses, type ExtensionUse } from '../../scripts/lib/extension-uses.js';
import { readGenerated, SUPPORTED_RELEASES } from '../helpers.js';

const CONTRACT = new Map((Object.values(EXT) as ReadonlyArray<Extension<unknown>>).map((e) => [e.name as string, e]));

/** What in these uses the contract does not allow, one line each. */
function outsideContract(file: string, uses: readonly ExtensionUse[]): string[] {
  return uses.flatMap((use) => {
    const extension = CONTRACT.get(use.name);
    const at = `${file} ${use.pointer}: ${use.name}`;
    if (!extension) return [`${at} is not in the contract`];
    if (!use.place || !extension.where.includes(use.place)) return [`${at} on ${use.place ?? 'an object of no known kind'}, not ${extension.where.join(' or ')}`];
    if (readExtension({ [use.name]: use.value }, extension) === undefined) return [`${at} has a value its reader refuses: ${JSON.stringify(use.value).slice(0, 120)}`];
    return [];
  });
}

const FILES = [
  ...SUPPORTED_RELEASES.flatMap((tag) => ['openapi.json', 'openapi-3.0.json', 'openapi.deref.json'].map((name) => `releases/${tag}/${name}`)),
  'openapi.json',
  'openapi-3.0.json',
  'openapi.deref.json',
];

describe('the extensions of the built descriptions', () => {
  it('the check finds an unknown name, a wrong place, a refused value and an object of no known kind', () => {
    const doc = {
      info: { 'x-onedev-version': 'v1' },
      paths: { '/a': { get: { 'x-onedev-made-up': 1, 'x-onedev-raw-text': true, responses: { '200': { 'x-onedev-raw-text': false } } } } },
      servers: [{ 'x-onedev-route': '/a' }],
    };
    expect(outsideContract('doc', extensionUses(doc))).toEqual([
      'doc #/paths/~1a/get: x-onedev-made-up is not in the contract',
      'doc #/paths/~1a/get: x-onedev-raw-text on operation, not request body or response',
      'doc #/paths/~1a/get/responses/200: x-onedev-raw-text has a value its reader refuses: false',
      'doc #/servers/0: x-onedev-route on an object of no known kind, not operation',
    ]);
  });

  it.each(FILES)('%s uses only what the contract defines, where it says', (file) => {
    const uses = extensionUses(JSON.parse(readGenerated(file)));
    expect(uses.length).toBeGreaterThan(50);
    expect(outsideContract(file, uses)).toEqual([]);
  });

  it('every extension of the contract is written by some release, or says why none is', () => {
    const written = new Set(SUPPORTED_RELEASES.flatMap((tag) => extensionUses(JSON.parse(readGenerated(`releases/${tag}/openapi.json`))).map((u) => u.name)));
    const unused = [...CONTRACT.values()].filter((e) => !written.has(e.name) && !e.unwritten).map((e) => e.name);
    expect(unused, 'drop it from src/extensions.ts, or set `unwritten`').toEqual([]);
    const marked = [...CONTRACT.values()].filter((e) => e.unwritten && written.has(e.name)).map((e) => e.name);
    expect(marked, 'written after all: drop `unwritten`').toEqual([]);
  });
});
