/** docs/changelog.md: the API changelog between each consecutive pair of supported releases. */
import type { SetStep } from './types.js';
import { releaseChanges, renderChangelog } from '../diff/changelog.js';

export const CHANGELOG_FILE = 'docs/changelog.md';

export const changelogStep: SetStep = (docs) => {
  const tags = [...docs.keys()];
  const pairs = tags.slice(1).map((to, i) => releaseChanges(tags[i]!, to, docs.get(tags[i]!)!, docs.get(to)!));
  return [{ path: CHANGELOG_FILE, content: renderChangelog(pairs) }];
};
