/**
 * The transcript format: requests sent to a OneDev server (or the mock) and its answers, one JSON
 * object a line, in the order they were sent. The recorded real-server fixtures
 * (test/fixtures/real-server/<tag>/transcript.jsonl) and `verify --record` share it.
 */

export interface TranscriptEntry {
  /** The operation of the description the request was meant for (null: none). */
  operationId: string | null;
  method: string;
  /** As sent, query included, relative to `/~api`. */
  path: string;
  /** The request's Content-Type, when one was sent (lower-case name); credentials are never kept. */
  requestHeaders: Record<string, string>;
  /** The body as sent (text), or null. */
  requestBody: string | null;
  status: number;
  /** The answer's Content-Type without parameters, or null when it had none. */
  responseContentType: string | null;
  /** The answer's body as text (cut at TRANSCRIPT_BODY_LIMIT characters), or null when empty. */
  responseBody: string | null;
  /** Why the request was sent, where it was a deliberate probe ('' otherwise). */
  note: string;
}

/** Bodies longer than this are cut, as the recorded fixtures were. */
export const TRANSCRIPT_BODY_LIMIT = 20_000;

const FIELDS: readonly (keyof TranscriptEntry)[] = [
  'operationId', 'method', 'path', 'requestHeaders', 'requestBody', 'status', 'responseContentType', 'responseBody', 'note',
];

/** Reads a transcript; a malformed line is refused with its line number and the field at fault. */
export function parseTranscript(text: string, source = 'transcript'): TranscriptEntry[] {
  return text
    .split('\n')
    .map((line, index) => ({ line, number: index + 1 }))
    .filter(({ line }) => line.trim() !== '')
    .map(({ line, number }) => entryOf(line, `${source}:${number}`));
}

function entryOf(line: string, where: string): TranscriptEntry {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch (error) {
    throw new Error(`${where}: not JSON (${(error as Error).message})`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error(`${where}: not a JSON object`);
  const entry = value as Record<string, unknown>;
  for (const field of FIELDS) if (!(field in entry)) throw new Error(`${where}: field '${field}' is missing`);
  const wrong = (field: string, what: string): never => {
    throw new Error(`${where}: field '${field}' must be ${what}`);
  };
  if (entry.operationId !== null && typeof entry.operationId !== 'string') wrong('operationId', 'a string or null');
  if (typeof entry.method !== 'string') wrong('method', 'a string');
  if (typeof entry.path !== 'string' || !entry.path.startsWith('/')) wrong('path', 'a string starting with /');
  if (typeof entry.requestHeaders !== 'object' || entry.requestHeaders === null) wrong('requestHeaders', 'an object');
  if (entry.requestBody !== null && typeof entry.requestBody !== 'string') wrong('requestBody', 'a string or null');
  if (!Number.isInteger(entry.status)) wrong('status', 'an integer');
  if (entry.responseContentType !== null && typeof entry.responseContentType !== 'string') wrong('responseContentType', 'a string or null');
  if (entry.responseBody !== null && typeof entry.responseBody !== 'string') wrong('responseBody', 'a string or null');
  if (typeof entry.note !== 'string') wrong('note', 'a string');
  return entry as unknown as TranscriptEntry;
}

/** Writes entries as the recorded fixtures hold them: one JSON object a line, fields in order. */
export function formatTranscript(entries: readonly TranscriptEntry[]): string {
  return entries.map((entry) => JSON.stringify(Object.fromEntries(FIELDS.map((field) => [field, entry[field]])))).join('\n') + '\n';
}
