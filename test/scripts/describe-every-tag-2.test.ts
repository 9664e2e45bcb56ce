/** `describe` for the newer half of the catalogue's tags (describe-every-tag.ts says what is checked). */
import { ONEDEV_TAGS } from '../../spec/releases.js';
import { describeEveryTag } from './describe-every-tag.js';

const half = Math.ceil(ONEDEV_TAGS.length / 2);
describeEveryTag(`describe, every OneDev tag: ${ONEDEV_TAGS[half]} .. ${ONEDEV_TAGS[ONEDEV_TAGS.length - 1]}`, ONEDEV_TAGS.slice(half));
