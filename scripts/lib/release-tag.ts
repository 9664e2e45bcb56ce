/**
 * Which OneDev tags the tools take: every tag of the catalogue (spec/releases.ts), whether the
 * package ships its files or builds them on demand. Anything else is refused with the list of the
 * known tags and, for a version, the nearest known one before it (src/server-release.ts places it).
 */
import { ONEDEV_TAGS, isOneDevTag, type OneDevTag } from '../../spec/releases.js';
import { releaseOfVersion } from '../../src/server-release.js';

/** A release the catalogue does not describe; the message lists the ones it does. */
export class ReleaseNotFoundError extends Error {}

/** The known tags, one line per minor release line (v16.3: v16.3.0 v16.3.1 ...), indented. */
export function knownTagLines(): string[] {
  const lines = new Map<string, string[]>();
  for (const tag of ONEDEV_TAGS) {
    const line = tag.split('.').slice(0, 2).join('.');
    lines.set(line, [...(lines.get(line) ?? []), tag]);
  }
  return [...lines].map(([line, tags]) => `  ${`${line}:`.padEnd(8)} ${tags.join(' ')}`);
}

/** Why `tag` is refused: what it is next to, and every known tag. */
export function unknownTagMessage(tag: string): string {
  const placed = releaseOfVersion(tag);
  const oldest = ONEDEV_TAGS[0];
  const newest = ONEDEV_TAGS[ONEDEV_TAGS.length - 1];
  const where = !placed
    ? `it is not a version (tags are written like ${newest})`
    : placed.outside === 'older'
      ? `it is older than every tag the catalogue knows (the oldest is ${oldest})`
      : `the nearest older tag it knows is ${placed.nearestKnown}${placed.outside === 'newer' ? ' (the newest)' : ''}`;
  return [
    `Unknown OneDev release "${tag}": ${where}.`,
    `The catalogue describes these ${ONEDEV_TAGS.length} tags (${oldest} .. ${newest}):`,
    ...knownTagLines(),
  ].join('\n');
}

/** `tag` as a known OneDev tag; anything else throws ReleaseNotFoundError. */
export function knownTag(tag: string): OneDevTag {
  if (isOneDevTag(tag)) return tag;
  throw new ReleaseNotFoundError(unknownTagMessage(tag));
}
