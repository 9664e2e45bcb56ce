/** The blob cache: what was read from a blob is kept on disk, under a folder named by the reading code. */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SourceCache } from '../../../scripts/lib/source/cache.js';
import { parseJava } from '../../../scripts/lib/source/java-parse.js';

const dir = mkdtempSync(join(tmpdir(), 'onedev-source-cache-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('SourceCache', () => {
  it('parses a blob once, then reads it back from disk in a later run', () => {
    let parses = 0;
    const parse = () => {
      parses++;
      return parseJava('package a; public class A { private String name; }', 'A.java');
    };
    const first = new SourceCache(dir);
    expect(first.hasParsed('b1')).toBe(false);
    const parsed = first.parsed('b1', parse);
    expect(first.parsed('b1', parse)).toBe(parsed);
    expect(parses).toBe(1);

    const versions = readdirSync(dir);
    expect(versions).toHaveLength(1);
    expect(versions[0]).toMatch(/^[0-9a-f]{16}$/);
    expect(readdirSync(join(dir, versions[0]!, 'parsed'))).toEqual(['b1.json']);

    const later = new SourceCache(dir);
    expect(later.hasParsed('b1')).toBe(true);
    expect(later.parsed('b1', parse)).toEqual(parsed);
    expect(parses).toBe(1);
    expect(later.supertypeNames('b1', () => ['X'])).toEqual(['X']);
    expect(new SourceCache(dir).supertypeNames('b1', () => ['Y'])).toEqual(['X']);
  });

  it('keeps nothing on disk without a folder', () => {
    let calls = 0;
    const memory = new SourceCache();
    memory.supertypeNames('b2', () => (calls++, ['Z']));
    memory.supertypeNames('b2', () => (calls++, ['Z']));
    expect(calls).toBe(1);
    expect(new SourceCache().hasParsed('b2')).toBe(false);
  });
});
