import type { ReleaseText } from '../model.js';
import type { OneDevTag } from '../releases.js';

/**
 * A text that gained a sentence at a release (the audit log of v12.0.0, for instance): the text
 * alone before `since`, the text and the sentence from then on. Descriptions are worded per
 * release, never with a sentence that names the release.
 */
export function sentenceSince(since: OneDevTag, text: string, sentence: string): ReleaseText[] {
  return [
    { value: text, until: since },
    { value: `${text} ${sentence}`, since },
  ];
}
