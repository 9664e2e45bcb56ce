/**
 * Every operation that can change state (a POST or a DELETE) says what it changes, or that it
 * changes nothing the API reads back and why, at every tag it lives at; and each release's
 * description carries that effect as `x-onedev-effect`.
 */
import { describe, expect, it } from 'vitest';
import { groups } from '../../spec/groups/index.js';
import { livesAt, ONEDEV_TAGS, variantsOf } from '../../spec/releases.js';
import { EXT } from '../../src/extensions.js';
import type { OperationSpec } from '../../spec/model.js';
import { committedDocument } from '../helpers.js';

const changing = groups.flatMap((group) =>
  group.operations.filter((op) => op.method !== 'GET').map((op) => ({ group: group.name, op })),
);

function label(group: string, op: OperationSpec): string {
  const name = typeof op.name === 'string' ? op.name : op.name.map((n) => n.value).join(' / ');
  return `${group}: ${name} (${op.method} ${op.path}${op.since ? ` since ${op.since}` : ''}${op.until ? ` until ${op.until}` : ''})`;
}

describe('effects in the catalogue', () => {
  it('lists the operations that can change state', () => {
    expect(changing.length).toBeGreaterThan(150);
  });

  it('every POST and DELETE declares an effect, or none with a reason, at every tag it lives at', () => {
    const missing: string[] = [];
    for (const { group, op } of changing) {
      const effects = op.effect === undefined ? [] : variantsOf(op.effect);
      const uncovered = ONEDEV_TAGS.filter((tag) => livesAt(op, tag) && !effects.some((e) => livesAt(e, tag)));
      if (uncovered.length > 0) missing.push(`${label(group, op)}: no effect at ${uncovered[0]}${uncovered.length > 1 ? ` (and ${uncovered.length - 1} more tags)` : ''}`);
    }
    expect(missing).toEqual([]);
  });

  it('a GET declares no effect, but for the one that writes (Trigger Job Via Get), and that one the same as its POST', () => {
    const reads = groups.flatMap((group) => group.operations.filter((op) => op.method === 'GET' && op.effect !== undefined).map((op) => [group.name, op] as const));
    expect(reads.map(([group, op]) => label(group, op))).toEqual([label('Trigger Job', reads[0]![1])]);
    const [group, get] = reads[0]!;
    const post = groups.find((g) => g.name === group)!.operations.find((op) => op.method === 'POST' && op.path === get.path);
    expect(post?.effect).toEqual(get.effect);
  });

  it('the newest description carries each effect on its operation', () => {
    const doc = committedDocument();
    const carried: string[] = [];
    const without: string[] = [];
    for (const [path, item] of Object.entries(doc.paths ?? {})) {
      for (const [method, operation] of Object.entries(item as Record<string, Record<string, unknown>>)) {
        if (method === 'get' || typeof operation !== 'object') continue;
        (operation[EXT.effect.name] === undefined ? without : carried).push(`${method.toUpperCase()} ${path}`);
      }
    }
    expect(without).toEqual([]);
    expect(carried.length).toBeGreaterThan(140);
  });
});
