/** `describe` for the older half of the catalogue's tags (describe-every-tag.ts says what is checked). */
import { ONEDEV_TAGS } from '../../spec/releases.js';
import { describeEveryTag } from './describe-every-tag.js';

const half = Math.ceil(ONEDEV_TAGS.length / 2);
describeEveryTag(`describe, every OneDev tag: ${ONEDEV_TAGS[0]} .. ${ONEDEV_TAGS[half - 1]}`, ONEDEV_TAGS.slice(0, half));
