/**
 * Answer bodies as OneDev writes them (pretty-printed JSON), built from pieces rendered once: a
 * page is a cut of its records' texts joined once, a record read for any id is its example's text
 * around the id's digits (exact for ids past 2^53, which a JS number would round). Bodies stay text
 * to the socket: copying them into Buffers on the way cost more than it saved.
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

/**
 * Answer text with its UTF-8 length worked out once, when it was rendered: the answer then carries
 * its Content-Length, and sending it measures nothing (measuring a text joined from pieces would
 * first copy the pieces into one).
 */
export interface SizedText {
  readonly text: string;
  readonly bytes: number;
}

export function sized(text: string): SizedText {
  return { text, bytes: Buffer.byteLength(text) };
}

const EMPTY_ARRAY: SizedText = Object.freeze({ text: '[]', bytes: 2 });

/** arrayText of sized elements, sized from theirs: brackets and separators are two bytes each. */
export function sizedArray(elements: readonly SizedText[]): SizedText {
  if (elements.length === 0) return EMPTY_ARRAY;
  let bytes = 4 + 2 * (elements.length - 1);
  for (const element of elements) bytes += element.bytes;
  return { text: arrayText(elements.map((e) => e.text)), bytes };
}

/**
 * The elements of a long-kept list joined once, with where each element starts, in characters and
 * in UTF-8 bytes, and one entry more: where an element after the last would start. An element
 * ends two before the next one starts (the separator, `,\n`, is two characters and two bytes), so
 * any page of the list is a cut of one text (pageOfRun).
 */
export interface TextRun {
  readonly text: string;
  readonly starts: Uint32Array;
  readonly byteStarts: Uint32Array;
}

export function textRun(elements: readonly SizedText[]): TextRun {
  const run = { text: elements.map((e) => e.text).join(',\n'), starts: new Uint32Array(elements.length + 1), byteStarts: new Uint32Array(elements.length + 1) };
  elements.forEach((element, i) => {
    run.starts[i + 1] = run.starts[i]! + element.text.length + 2;
    run.byteStarts[i + 1] = run.byteStarts[i]! + element.bytes + 2;
  });
  return run;
}

/**
 * arrayText of elements [from, to) of a run. V8 makes the cut and the brackets around it without
 * copying the characters; they are copied once, into the socket's buffer, when the answer is sent.
 */
export function pageOfRun(run: TextRun, from: number, to: number): SizedText {
  if (from >= to) return EMPTY_ARRAY;
  // The cut leaves out the separator after the last element; the brackets add four bytes.
  return { text: `[\n${run.text.slice(run.starts[from], run.starts[to]! - 2)}\n]`, bytes: run.byteStarts[to]! - run.byteStarts[from]! + 2 };
}

const SENTINEL = '\u0000id\u0000';

/**
 * `record` rendered once with a stand-in id; the result puts any id's digits in its place.
 * Undefined when the record has no `id`. Joining three strings costs a tenth of joining three
 * Buffers (Buffer.concat allocates and copies through Node's buffer code).
 */
export function withIdTemplate(record: unknown): ((id: string) => SizedText) | undefined {
  if (!record || typeof record !== 'object' || Array.isArray(record) || !('id' in record)) return undefined;
  const parts = prettyJson({ ...record, id: SENTINEL }).split(JSON.stringify(SENTINEL));
  if (parts.length !== 2) return undefined;
  const [before, after] = parts.map(sized) as [SizedText, SizedText];
  return (id) => ({ text: before.text + id + after.text, bytes: before.bytes + Buffer.byteLength(id) + after.bytes });
}
