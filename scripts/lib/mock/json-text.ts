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

const SENTINEL = '\u0000id\u0000';

/**
 * `record` rendered once with a stand-in id; the result puts any id's digits in its place.
 * Undefined when the record has no `id`.
 */
export function withIdTemplate(record: unknown): ((id: string) => Buffer) | undefined {
  if (!record || typeof record !== 'object' || Array.isArray(record) || !('id' in record)) return undefined;
  const parts = prettyJson({ ...record, id: SENTINEL }).split(JSON.stringify(SENTINEL));
  if (parts.length !== 2) return undefined;
  const [before, after] = parts.map((part) => Buffer.from(part)) as [Buffer, Buffer];
  return (id) => Buffer.concat([before, Buffer.from(id, 'latin1'), after]);
}
