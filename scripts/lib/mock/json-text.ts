/**
 * Answer bodies as OneDev writes them (pretty-printed JSON), built from pieces rendered and
 * encoded once: a page is its records' bytes put together, a record read for any id is its
 * example's bytes around the id's digits (exact for ids past 2^53, which a JS number would round).
 */

/** JSON with two-space indentation, as the server answers. */
export function prettyJson(value: unknown): string {
  return JSON.stringify(value, null, 2);
}

/** A value's pretty text as an element of a pretty array (one level deeper). */
export function asElement(text: string): string {
  return `  ${text.replaceAll('\n', '\n  ')}`;
}

/** The pretty text of an array whose elements were rendered with asElement. */
export function arrayText(elements: readonly string[]): string {
  return elements.length === 0 ? '[]' : `[\n${elements.join(',\n')}\n]`;
}

const OPEN = Buffer.from('[\n');
const BETWEEN = Buffer.from(',\n');
const CLOSE = Buffer.from('\n]');
const EMPTY = Buffer.from('[]');

/** arrayText, from elements encoded ahead: copying bytes costs less than joining and encoding text. */
export function arrayBytes(elements: readonly Buffer[]): Buffer {
  if (elements.length === 0) return EMPTY;
  const parts: Buffer[] = [OPEN];
  elements.forEach((element, i) => {
    if (i > 0) parts.push(BETWEEN);
    parts.push(element);
  });
  parts.push(CLOSE);
  return Buffer.concat(parts);
}

/** Elements encoded ahead and joined into one run of bytes, with where each element starts and ends. */
export interface ElementRun {
  bytes: Buffer;
  starts: Uint32Array;
  ends: Uint32Array;
}

/** The elements of a long-kept list, joined once: any page of it is then one cut (pageOfRun). */
export function elementRun(elements: readonly Buffer[]): ElementRun {
  const inner = arrayBytes(elements);
  const starts = new Uint32Array(elements.length);
  const ends = new Uint32Array(elements.length);
  let at = 0;
  elements.forEach((element, i) => {
    starts[i] = at;
    ends[i] = at + element.length;
    at = ends[i]! + BETWEEN.length;
  });
  // Without the brackets: a page adds its own (no elements, no bytes).
  return { bytes: elements.length === 0 ? Buffer.alloc(0) : inner.subarray(OPEN.length, inner.length - CLOSE.length), starts, ends };
}

/** arrayBytes of elements [from, to) of a run: one copy of one cut, not one per element. */
export function pageOfRun(run: ElementRun, from: number, to: number): Buffer {
  if (from >= to) return EMPTY;
  return Buffer.concat([OPEN, run.bytes.subarray(run.starts[from], run.ends[to - 1]), CLOSE]);
}

const SENTINEL = '\u0000id\u0000';

/**
 * `record` rendered once with a stand-in id; the result puts any id's digits in its place.
 * Undefined when the record has no `id`. The answer is text: joining three strings costs a tenth
 * of joining three Buffers (Buffer.concat allocates and copies through Node's buffer code), and
 * Node writes a text body in one piece with the head.
 */
export function withIdTemplate(record: unknown): ((id: string) => string) | undefined {
  if (!record || typeof record !== 'object' || Array.isArray(record) || !('id' in record)) return undefined;
  const parts = prettyJson({ ...record, id: SENTINEL }).split(JSON.stringify(SENTINEL));
  if (parts.length !== 2) return undefined;
  const [before, after] = parts as [string, string];
  return (id) => before + id + after;
}
