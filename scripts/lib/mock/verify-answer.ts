/**
 * Holds one answer verify got for a write (verify-writes.ts) against its operation: the status is
 * one the operation documents (by its code), the media type one that status documents, and the
 * body validates against that media type's schema. Reads are checked by Prism's proxy instead
 * (verify.ts); the words match Prism's where they can.
 */
import type { OpenAPIObject, OperationObject, ResponseObject, SchemaObject } from 'openapi3-ts/oas31';
import { resolveRef } from '../openapi.js';
import { bodyTypeAccepted, parseMediaType } from './media-types.js';
import { SchemaChecker, toViolations } from './schemas.js';

export interface Answer {
  status: number;
  /** The Content-Type header, or null when the answer had none. */
  contentType: string | null;
  body: string;
}

export interface AnswerCheck {
  outcome: 'matched' | 'differs' | 'error-answer';
  notes: string[];
}

function firstLine(text: string): string {
  const line = text.trim().split('\n')[0] ?? '';
  return line.length > 160 ? `${line.slice(0, 157)}...` : line;
}

/** The body as the schema sees it: bare text for a raw-text answer or a text type, else parsed JSON. */
function valueOf(body: string, mediaType: string, raw: boolean, schema: SchemaObject | undefined): { value: unknown } | { problem: string } {
  const media = parseMediaType(mediaType);
  const json = media !== undefined && (media.subtype === 'json' || media.subtype.endsWith('+json'));
  if (!json || raw || schema?.contentMediaType === 'text/plain') return { value: body };
  try {
    return { value: JSON.parse(body) };
  } catch {
    return { problem: `The body is not JSON, though its Content-Type is ${mediaType}: ${firstLine(body)}` };
  }
}

export function checkAnswer(doc: OpenAPIObject, checker: SchemaChecker, operation: OperationObject, answer: Answer): AnswerCheck {
  const responses = operation.responses ?? {};
  const codes = Object.keys(responses).filter((code) => /^\d{3}$/.test(code));
  const { status, contentType, body } = answer;
  if (!codes.includes(String(status))) {
    return { outcome: 'differs', notes: [`Status ${status} is not in the description (documented: ${codes.join(',')})`] };
  }
  if (status < 200 || status >= 300) return { outcome: 'error-answer', notes: firstLine(body) ? [firstLine(body)] : [] };
  const response = resolveRef<ResponseObject>(doc, responses[String(status)]);
  const documented = Object.keys(response.content ?? {});
  if (documented.length === 0) {
    return body.trim() === '' ? { outcome: 'matched', notes: [] } : { outcome: 'differs', notes: [`Status ${status} documents no body, and the answer has one: ${firstLine(body)}`] };
  }
  const sent = contentType === null ? undefined : parseMediaType(contentType);
  const mediaType = sent ? documented.find((m) => bodyTypeAccepted(sent, [m])) : undefined;
  if (!mediaType) {
    return { outcome: 'differs', notes: [`The answer's Content-Type ${contentType ?? '(none)'} is not one status ${status} documents (${documented.join(', ')})`] };
  }
  const schema = resolveRef<SchemaObject | undefined>(doc, response.content![mediaType]!.schema);
  const parsed = valueOf(body, mediaType, response['x-onedev-raw-text'] === true, schema);
  if ('problem' in parsed) return { outcome: 'differs', notes: [parsed.problem] };
  if (!schema) return { outcome: 'matched', notes: [] };
  const validate = checker.responseValidator(response.content![mediaType]!.schema);
  if (validate(parsed.value)) return { outcome: 'matched', notes: [] };
  const notes = toViolations(validate.errors ?? [], 'body').map((v) => v.message.replace(/^Request body/, 'Response body'));
  return { outcome: 'differs', notes: [...new Set(notes)] };
}
