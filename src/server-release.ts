/**
 * Which OneDev release a server runs: its Get Server Version answer (bare text such as `16.3.2`)
 * placed among the tags the catalogue describes. A tag the catalogue does not know still gets the
 * nearest known tag before it, the one whose description is the closest safe guess.
 */
import { ONEDEV_TAGS, PUBLISHED_RELEASES, type OneDevTag } from './operations.js';

export interface ServerRelease {
  /** The server's answer, trimmed, e.g. `16.3.2`. */
  version: string;
  /** That version as a OneDev tag, e.g. `v16.3.2`. */
  tag: string;
  /** Whether the catalogue describes this tag (one of ONEDEV_TAGS). */
  known: boolean;
  /**
   * The newest known tag at or before the server's: the tag itself when known, the newest known
   * tag for a newer server; undefined when the server is older than every known tag.
   */
  nearestKnown: OneDevTag | undefined;
  /** For a tag outside the known ones: `older` than the first, or `newer` than the last; else undefined. */
  outside: 'older' | 'newer' | undefined;
  /** Whether the tag is a published release, so `createOneDevClient({ release: tag })` fits it exactly. */
  published: boolean;
}

const VERSION = /^v?(\d{1,9})\.(\d{1,9})\.(\d{1,9})$/;

type Triple = readonly [number, number, number];

function triple(text: string): Triple | undefined {
  const match = VERSION.exec(text);
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : undefined;
}

function compare(a: Triple, b: Triple): number {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
}

// Known tags in the catalogue's order (oldest first), with their numbers for placing unknown ones.
const KNOWN: ReadonlyArray<readonly [OneDevTag, Triple]> = ONEDEV_TAGS.map((tag) => [tag, triple(tag)!]);
const PUBLISHED: ReadonlySet<string> = new Set(PUBLISHED_RELEASES);

/**
 * The release of a version as Get Server Version writes it (`16.3.2`; a leading `v` and
 * surrounding white space are accepted); undefined when the text is not such a version.
 */
export function releaseOfVersion(text: string): ServerRelease | undefined {
  const version = text.trim();
  const numbers = triple(version);
  if (!numbers) return undefined;
  const tag = `v${numbers.join('.')}`;
  let nearestKnown: OneDevTag | undefined;
  for (const [known, at] of KNOWN) {
    if (compare(at, numbers) > 0) break;
    nearestKnown = known;
  }
  const known = nearestKnown === tag;
  const outside = known ? undefined : nearestKnown === undefined ? 'older' : nearestKnown === ONEDEV_TAGS[ONEDEV_TAGS.length - 1] ? 'newer' : undefined;
  return { version, tag, known, nearestKnown, outside, published: PUBLISHED.has(tag) };
}
