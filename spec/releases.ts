/**
 * OneDev releases, as data. Catalogue entries name tags from ONEDEV_TAGS in `since` (the first tag
 * that has the thing) and `until` (the first tag that no longer has it); scripts/lib/select-release.ts
 * picks one tag's catalogue before the builder runs, so nothing downstream knows about releases.
 */

/**
 * Every OneDev tag the catalogue can describe, oldest first (from v11.11.0, whose resources
 * the seed fixes). Ordering comes from this list, never from parsing tag names.
 */
export const ONEDEV_TAGS = [
  'v11.11.0', 'v11.11.1', 'v11.11.2', 'v11.11.3', 'v11.11.4', 'v12.0.0', 'v12.0.1', 'v12.0.2',
  'v12.0.3', 'v12.0.4', 'v12.0.5', 'v12.0.6', 'v12.0.7', 'v12.0.8', 'v12.0.9', 'v12.0.10',
  'v13.0.0', 'v13.0.1', 'v13.0.2', 'v13.0.3', 'v13.0.4', 'v13.0.5', 'v13.0.6', 'v13.0.7',
  'v13.0.8', 'v13.0.9', 'v13.0.10', 'v13.1.0', 'v13.1.1', 'v13.1.2', 'v13.1.3', 'v13.1.4',
  'v13.1.5', 'v13.1.6', 'v13.1.7', 'v14.0.0', 'v14.0.1', 'v14.0.2', 'v14.0.3', 'v14.0.4',
  'v14.0.5', 'v14.0.6', 'v14.0.7', 'v14.0.8', 'v14.1.0', 'v14.1.1', 'v14.1.2', 'v14.1.3',
  'v14.1.4', 'v14.1.5', 'v14.1.6', 'v14.1.7', 'v14.1.8', 'v14.1.9', 'v15.0.0', 'v15.0.1',
  'v15.0.2', 'v15.0.3', 'v15.0.4', 'v15.0.5', 'v15.0.6', 'v15.0.7', 'v15.0.8', 'v15.1.0',
  'v15.1.1', 'v15.1.2', 'v15.1.3', 'v15.1.4', 'v15.1.5', 'v15.1.6', 'v15.1.7', 'v15.1.8',
  'v16.0.0', 'v16.0.1', 'v16.0.2', 'v16.0.3', 'v16.0.4', 'v16.0.5', 'v16.0.6', 'v16.0.7',
  'v16.0.8', 'v16.1.0', 'v16.2.0', 'v16.2.1', 'v16.2.2', 'v16.2.3', 'v16.3.0', 'v16.3.1',
  'v16.3.2', 'v16.3.3', 'v16.3.4', 'v16.4.0', 'v16.4.1', 'v16.4.2', 'v16.5.0', 'v16.5.1',
  'v16.5.2', 'v16.5.3', 'v16.5.4', 'v16.5.5', 'v16.5.6',
] as const;
export type OneDevTag = (typeof ONEDEV_TAGS)[number];

/** The release lines we publish: the seed's reference, then the newest patch of each later major. */
export const SUPPORTED_RELEASES = ['v11.11.4', 'v12.0.10', 'v13.1.7', 'v14.1.9', 'v15.1.8', 'v16.5.6'] as const satisfies readonly OneDevTag[];
export type SupportedRelease = (typeof SUPPORTED_RELEASES)[number];

/** The newest supported release: the top-level artifacts, the client, the mock and the docs default to it. */
export const DEFAULT_RELEASE: SupportedRelease = SUPPORTED_RELEASES[SUPPORTED_RELEASES.length - 1]!;

/** The release whose operation list the seed fixes (test/fixtures/seed-operations.tsv). */
export const SEED_RELEASE: SupportedRelease = 'v11.11.4';

/** A span of releases: from `since` (included) to `until` (excluded); absent ends are open. */
export interface Lifespan {
  since?: OneDevTag;
  until?: OneDevTag;
}

const ORDER = new Map<string, number>(ONEDEV_TAGS.map((tag, index) => [tag, index]));

export function isOneDevTag(tag: string): tag is OneDevTag {
  return ORDER.has(tag);
}

/** Negative when a is older than b. */
export function compareTags(a: OneDevTag, b: OneDevTag): number {
  return ORDER.get(a)! - ORDER.get(b)!;
}

/** The variants of a catalogue entry written once or as a list of shapes side by side (`Versioned`). */
export function variantsOf<T>(value: T | readonly T[]): readonly T[] {
  return Array.isArray(value) ? value : [value as T];
}

/** Whether a thing with this lifespan exists at `tag`. */
export function livesAt(span: Lifespan, tag: OneDevTag): boolean {
  if (span.since && compareTags(tag, span.since) < 0) return false;
  if (span.until && compareTags(tag, span.until) >= 0) return false;
  return true;
}
